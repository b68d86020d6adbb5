"""The input shape of the Decreto nº 17.961/1945 tables, read from plain JSON-like dicts.

The caller (build, tests, browser worker) passes the tables; this module never reads files.
Shape (every money figure is text in Brazilian or plain format, every count an integer)::

    {
      "escala": [{"referencia": 1, "salario": "100,00"}, ...],
      "series": [
        {"serie": "Escriturário", "tabela": "ordinaria",          # or "suplementar"
         "funcao_atual": "Auxiliar de Escritório",                 # null for "-"
         "quantidade_atual": 12, "salario_atual": "650,00",        # null for "-"
         "quantidade_proposta": 32, "referencia": 17,              # or "salario_proposto"
         "excedentes": 0, "vagas": 32},
        ...
      ],
      "diaristas": [{"situacao": "atual", "quantidade": 4, "salario_diario": "24,00"}, ...]
    }

``escala`` is the escala-padrão (art. 2º, § 1º); ``series`` holds one row per printed line of
the Tabelas Numéricas de Mensalistas (current side and proposed side of the same line);
``diaristas`` the lines of the Tabela Numérica de Diaristas. Only ``escala`` is required.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from ...core.parsing import FieldError, InputError, parse_integer, parse_number, parse_text
from ...core.text import fold

MAX_ROWS = 2000


@dataclass(frozen=True)
class SeriesRow:
    """One printed line of a série (current and proposed side)."""

    serie: str
    table: str
    current_function: str | None
    current_count: int
    current_salary: Decimal | None
    proposed_count: int
    reference: int | None
    proposed_salary: Decimal | None
    surplus: int
    vacancies: int


@dataclass(frozen=True)
class DailyRow:
    """One line of the diaristas table."""

    situation: str
    count: int
    daily_wage: Decimal


@dataclass(frozen=True)
class Tables:
    """The tables, typed."""

    scale: dict[int, Decimal]
    series: tuple[SeriesRow, ...]
    daily: tuple[DailyRow, ...]


def normalize(text: str) -> str:
    """Comparison key: no accents, case-folded, dots, hyphens and extra spaces removed (so the
    near-duplicate printed names "Conferente Auxiliar" and "Conferente-Auxiliar" are one)."""
    return fold(text.replace(".", " "))


class _Reader:
    """Reads the dict, collecting errors with their JSON paths."""

    def __init__(self) -> None:
        self.errors: list[FieldError] = []

    def rows(self, data: Mapping[str, object], key: str, required: bool) -> list[Mapping[str, object]]:
        raw = data.get(key)
        if raw is None and not required:
            return []
        if not isinstance(raw, list) or len(raw) > MAX_ROWS:
            self.errors.append(FieldError(f"tabelas.{key}", f"Tabelas: “{key}” deve ser uma "
                                          "lista de linhas."))
            return []
        out = []
        for index, row in enumerate(raw):
            if isinstance(row, Mapping):
                out.append(row)
            else:
                self.errors.append(FieldError(f"tabelas.{key}[{index}]", "Tabelas: linha em "
                                              "formato inválido."))
        return out

    def money(self, row: Mapping[str, object], key: str, path: str, required: bool) -> Decimal | None:
        raw = row.get(key)
        if raw is None or raw == "-":
            if required:
                self.errors.append(FieldError(f"{path}.{key}", "Tabelas: valor obrigatório."))
            return None
        try:
            value = parse_number(raw, f"{path}.{key}", "Tabelas")
        except FieldError as error:
            self.errors.append(error)
            return None
        if value < 0:
            self.errors.append(FieldError(f"{path}.{key}", "Tabelas: valor negativo."))
        return value

    def count(self, row: Mapping[str, object], key: str, path: str, required: bool) -> int | None:
        raw = row.get(key)
        if raw is None or raw == "-":
            if required:
                self.errors.append(FieldError(f"{path}.{key}", "Tabelas: número obrigatório."))
            return None
        try:
            value = parse_integer(raw, f"{path}.{key}", "Tabelas")
        except FieldError as error:
            self.errors.append(error)
            return None
        if value < 0:
            self.errors.append(FieldError(f"{path}.{key}", "Tabelas: número negativo."))
        return value

    def text(self, row: Mapping[str, object], key: str, path: str) -> str | None:
        raw = row.get(key)
        if raw is None or raw == "-":
            return None
        try:
            return parse_text(raw, f"{path}.{key}", "Tabelas")
        except FieldError as error:
            self.errors.append(error)
            return None


def read_tables(data: Mapping[str, object]) -> Tables:
    """Type-check the tables dict; raise :class:`InputError` naming each bad place."""
    reader = _Reader()
    scale: dict[int, Decimal] = {}
    for index, row in enumerate(reader.rows(data, "escala", required=True)):
        path = f"tabelas.escala[{index}]"
        reference = reader.count(row, "referencia", path, True)
        salary = reader.money(row, "salario", path, True)
        if reference is not None and salary is not None:
            scale[reference] = salary
    series: list[SeriesRow] = []
    for index, row in enumerate(reader.rows(data, "series", required=False)):
        path = f"tabelas.series[{index}]"
        serie = reader.text(row, "serie", path)
        table = reader.text(row, "tabela", path) or "ordinaria"
        if serie is None:
            reader.errors.append(FieldError(f"{path}.serie", "Tabelas: série obrigatória."))
            continue
        reference = reader.count(row, "referencia", path, False)
        if reference is not None and reference not in scale:
            reader.errors.append(FieldError(f"{path}.referencia", "Tabelas: referência fora "
                                            "da escala-padrão."))
        series.append(SeriesRow(
            serie=serie,
            table="suplementar" if table == "suplementar" else "ordinaria",
            current_function=reader.text(row, "funcao_atual", path),
            current_count=reader.count(row, "quantidade_atual", path, False) or 0,
            current_salary=reader.money(row, "salario_atual", path, False),
            proposed_count=reader.count(row, "quantidade_proposta", path, False) or 0,
            reference=reference,
            proposed_salary=reader.money(row, "salario_proposto", path, False),
            surplus=reader.count(row, "excedentes", path, False) or 0,
            vacancies=reader.count(row, "vagas", path, False) or 0,
        ))
    daily: list[DailyRow] = []
    for index, row in enumerate(reader.rows(data, "diaristas", required=False)):
        path = f"tabelas.diaristas[{index}]"
        situation = reader.text(row, "situacao", path)
        count = reader.count(row, "quantidade", path, True)
        wage = reader.money(row, "salario_diario", path, True)
        if situation not in ("atual", "proposta"):
            reader.errors.append(FieldError(f"{path}.situacao", "Tabelas: situação deve ser "
                                            "“atual” ou “proposta”."))
        elif count is not None and wage is not None:
            daily.append(DailyRow(situation, count, wage))
    if reader.errors:
        raise InputError(reader.errors[:20])
    return Tables(scale=scale, series=tuple(series), daily=tuple(daily))
