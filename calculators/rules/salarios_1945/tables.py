"""The tables of Decreto nº 17.961/1945 as the calculator reads them: the published document.

The input is the document the site publishes as ``/dados/tabelas-1945.json`` (its JSON Schema is
``/dados/tabelas-1945.schema.json``); the build's worked examples, the comparison page and the
browser worker all pass that same document. The caller passes it as a dict; this module never
reads files. Only what the pay rules need is read, so a smaller document of the same shape (the
illustrative cut of the test cases) is accepted too::

    {
      "escala": {"rows": [{"id": "ref-17", "reference": {"value": 17},
                           "salary": {"value": "900.00"}}, ...]},
      "ordinaria": {
        "commission": {"rows": [<functions row>, ...]},            # a) funções em comissão
        "series": {"blocks": [{"id": "escriturario",
                               "title": {"printed": "Escriturário"},
                               "rows": [<series row>, ...]}, ...]}  # b) séries funcionais
      },
      "suplementar": {"commission": {"rows": [...]}, "effective": {"rows": [...]}},
      "diaristas": {"rows": [{"id": "diaristas-l1",
                              "current": {"count": {"value": 4}, "daily_salary": {"value": "24.00"}},
                              "proposed": {...}}, ...]}
    }

    <functions row> = {"id": "ordinaria-comissao-l2",
                       "current": <post>, "proposed": <post>, "vacancies": {"value": 1}}
    <series row>    = {"id": "serie-escriturario-ref-17", "reference": {"value": 17},
                       "current": [<post>, ...], "proposed_count": {"value": 32},
                       "excedentes": {"value": null}, "vacancies": {"value": 20}}
    <post>          = {"count": {"value": 12}, "function": {"printed": "Auxiliar de Escritório",
                       "name_normalized": "..."}, "salary": {"value": "650.00"}}

Every printed figure is an object whose ``value`` is the number (``null`` for a printed '-', which
counts as zero); money is decimal text (``"650.00"``; Brazilian ``"650,00"`` is accepted too). A
name is read in its normalised form when the document records one (a typo corrected in a note),
else as printed; a dash ('-', or '-\\' once in the source) is no name. ``id`` is the row's stable
anchor on the site's table pages; a row without one is named by its place in the document.

Typed, the tables are: the escala-padrão (art. 2º, § 1º: referência → monthly salary); one
:class:`Line` per printed line of the Tabelas Numéricas de Mensalistas, its current functions
(:class:`Post`) on one side and its proposed count, referência or salary, excedentes and vagas
on the other (art. 2º: Tabela Ordinária; art. 3º: Tabela Suplementar); the two sides of each line
of the Tabela Numérica de Diaristas (art. 1º, § 5º). Only ``escala`` is required.
"""

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal

from ...core.parsing import FieldError, InputError, parse_integer, parse_number, parse_text
from ...core.text import fold

MAX_ROWS = 2000
#: How the source prints an empty function cell.
DASHES = ("-", "-\\")


@dataclass(frozen=True)
class Post:
    """One current function printed on a line: name (``None`` for '-'), count, monthly salary."""

    function: str | None
    count: int
    salary: Decimal | None


@dataclass(frozen=True)
class Line:
    """One printed line of a table of mensalistas: the current side and the proposed side.

    ``serie`` is the série funcional of the line (art. 2º, b), or, for an isolated function, the
    proposed function itself. The proposed salary is the escala-padrão salary of ``reference``
    (séries) or ``proposed_salary`` as printed (isolated functions).
    """

    id: str
    serie: str
    table: str  # "ordinaria" (art. 2º) | "suplementar" (art. 3º)
    current: tuple[Post, ...]
    proposed_count: int
    reference: int | None
    proposed_salary: Decimal | None
    excedentes: int
    vacancies: int

    @property
    def current_count(self) -> int:
        """Current functions on the line (every printed function counted)."""
        return sum(post.count for post in self.current)


@dataclass(frozen=True)
class DailyRow:
    """One side ("atual" or "proposta") of a line of the diaristas table."""

    id: str
    situation: str
    count: int
    daily_wage: Decimal


@dataclass(frozen=True)
class Tables:
    """The tables, typed."""

    scale: dict[int, Decimal]
    lines: tuple[Line, ...]
    daily: tuple[DailyRow, ...]


def normalize(text: str) -> str:
    """Comparison key: no accents, case-folded, dots, hyphens and extra spaces removed (so the
    near-duplicate printed names "Conferente Auxiliar" and "Conferente-Auxiliar" are one)."""
    return fold(text.replace(".", " "))


class _Reader:
    """Reads the document, collecting errors with their JSON paths."""

    def __init__(self) -> None:
        self.errors: list[FieldError] = []

    def fail(self, path: str, message: str) -> None:
        self.errors.append(FieldError(path, f"Tabelas: {message}"))

    def part(self, data: Mapping[str, object], key: str, path: str) -> Mapping[str, object]:
        raw = data.get(key)
        if raw is None:
            return {}
        if not isinstance(raw, Mapping):
            self.fail(f"{path}.{key}", f"“{key}” deve ser um objeto.")
            return {}
        return raw

    def rows(self, data: Mapping[str, object], key: str, path: str) -> Iterator[tuple[str, Mapping[str, object]]]:
        raw = data.get(key)
        if raw is None:
            return
        if not isinstance(raw, list) or len(raw) > MAX_ROWS:
            self.fail(f"{path}.{key}", f"“{key}” deve ser uma lista de linhas.")
            return
        for index, row in enumerate(raw):
            here = f"{path}.{key}[{index}]"
            if isinstance(row, Mapping):
                yield here, row
            else:
                self.fail(here, "linha em formato inválido.")

    def value(self, row: Mapping[str, object], key: str, path: str) -> tuple[object, str]:
        """The ``value`` of the figure ``row[key]`` (``None`` when absent or printed '-')."""
        figure = row.get(key)
        if figure is None:
            return None, f"{path}.{key}"
        if not isinstance(figure, Mapping):
            self.fail(f"{path}.{key}", "número em formato inválido.")
            return None, f"{path}.{key}"
        return figure.get("value"), f"{path}.{key}.value"

    def money(self, row: Mapping[str, object], key: str, path: str, required: bool = False) -> Decimal | None:
        raw, here = self.value(row, key, path)
        if raw is None or raw == "-":
            if required:
                self.fail(here, "valor obrigatório.")
            return None
        try:
            value = parse_number(raw, here, "Tabelas")
        except FieldError as error:
            self.errors.append(error)
            return None
        if value < 0:
            self.fail(here, "valor negativo.")
        return value

    def count(self, row: Mapping[str, object], key: str, path: str, required: bool = False) -> int | None:
        raw, here = self.value(row, key, path)
        if raw is None or raw == "-":
            if required:
                self.fail(here, "número obrigatório.")
            return None
        try:
            value = parse_integer(raw, here, "Tabelas")
        except FieldError as error:
            self.errors.append(error)
            return None
        if value < 0:
            self.fail(here, "número negativo.")
        return value

    def name(self, row: Mapping[str, object], key: str, path: str) -> str | None:
        """A name in its normalised form when there is one, else as printed; '-' is no name."""
        raw = row.get(key)
        if raw is None:
            return None
        if not isinstance(raw, Mapping):
            self.fail(f"{path}.{key}", "nome em formato inválido.")
            return None
        printed = raw.get("printed")
        if printed is None or printed in DASHES:
            return None
        chosen = raw.get("name_normalized") or printed
        try:
            return parse_text(chosen, f"{path}.{key}", "Tabelas") or None
        except FieldError as error:
            self.errors.append(error)
            return None

    def ident(self, row: Mapping[str, object], path: str) -> str:
        raw = row.get("id")
        return raw if isinstance(raw, str) and raw else path

    def post(self, raw: object, path: str) -> Post:
        if not isinstance(raw, Mapping):
            self.fail(path, "função em formato inválido.")
            return Post(None, 0, None)
        return Post(self.name(raw, "function", path), self.count(raw, "count", path) or 0,
                    self.money(raw, "salary", path))


def _functions_lines(reader: _Reader, part: Mapping[str, object], path: str, table: str) -> Iterator[Line]:
    """Isolated functions (Tabela Ordinária a; Tabela Suplementar a, b): the proposed function is
    the line's "série" and its printed salary the proposed salary."""
    for here, row in reader.rows(part, "rows", path):
        current = reader.post(row.get("current"), f"{here}.current")
        proposed = row.get("proposed")
        if not isinstance(proposed, Mapping):
            reader.fail(f"{here}.proposed", "situação proposta em formato inválido.")
            continue
        serie = reader.name(proposed, "function", f"{here}.proposed") or current.function
        if serie is None:
            continue
        yield Line(
            id=reader.ident(row, here),
            serie=serie,
            table=table,
            current=(current,),
            proposed_count=reader.count(proposed, "count", f"{here}.proposed") or 0,
            reference=None,
            proposed_salary=reader.money(proposed, "salary", f"{here}.proposed"),
            excedentes=0,
            vacancies=reader.count(row, "vacancies", here) or 0,
        )


def _series_lines(reader: _Reader, part: Mapping[str, object], path: str, scale: dict[int, Decimal]) -> Iterator[Line]:
    """Séries funcionais (Tabela Ordinária b): each line is a referência of the série."""
    for block_path, block in reader.rows(part, "blocks", path):
        title = reader.name(block, "title", block_path)
        if title is None:
            reader.fail(f"{block_path}.title", "série sem nome.")
            continue
        for here, row in reader.rows(block, "rows", block_path):
            reference = reader.count(row, "reference", here)
            if reference is not None and reference not in scale:
                reader.fail(f"{here}.reference.value", "referência fora da escala-padrão.")
            posts = row.get("current")
            if not isinstance(posts, list) or not posts or len(posts) > MAX_ROWS:
                reader.fail(f"{here}.current", "“current” deve ser uma lista de funções.")
                continue
            yield Line(
                id=reader.ident(row, here),
                serie=title,
                table="ordinaria",
                current=tuple(reader.post(p, f"{here}.current[{i}]") for i, p in enumerate(posts)),
                proposed_count=reader.count(row, "proposed_count", here) or 0,
                reference=reference,
                proposed_salary=None,
                excedentes=reader.count(row, "excedentes", here) or 0,
                vacancies=reader.count(row, "vacancies", here) or 0,
            )


def read_tables(data: Mapping[str, object]) -> Tables:
    """Type-check the document; raise :class:`InputError` naming each bad place."""
    reader = _Reader()
    scale: dict[int, Decimal] = {}
    if not isinstance(data.get("escala"), Mapping):
        reader.fail("tabelas.escala", "a escala-padrão (“escala”) é obrigatória.")
    escala = reader.part(data, "escala", "tabelas")
    for here, row in reader.rows(escala, "rows", "tabelas.escala"):
        reference = reader.count(row, "reference", here, required=True)
        salary = reader.money(row, "salary", here)
        if reference is not None and salary is not None:
            scale[reference] = salary
    lines: list[Line] = []
    ordinaria = reader.part(data, "ordinaria", "tabelas")
    lines += _functions_lines(reader, reader.part(ordinaria, "commission", "tabelas.ordinaria"),
                              "tabelas.ordinaria.commission", "ordinaria")
    lines += _series_lines(reader, reader.part(ordinaria, "series", "tabelas.ordinaria"),
                           "tabelas.ordinaria.series", scale)
    suplementar = reader.part(data, "suplementar", "tabelas")
    for key in ("commission", "effective"):
        lines += _functions_lines(reader, reader.part(suplementar, key, "tabelas.suplementar"),
                                  f"tabelas.suplementar.{key}", "suplementar")
    daily: list[DailyRow] = []
    diaristas = reader.part(data, "diaristas", "tabelas")
    rows = list(reader.rows(diaristas, "rows", "tabelas.diaristas"))
    for situation, side_key in (("atual", "current"), ("proposta", "proposed")):
        for here, row in rows:
            side = row.get(side_key)
            if not isinstance(side, Mapping):
                reader.fail(f"{here}.{side_key}", "situação em formato inválido.")
                continue
            count = reader.count(side, "count", f"{here}.{side_key}")
            wage = reader.money(side, "daily_salary", f"{here}.{side_key}")
            if count is not None and wage is not None:
                daily.append(DailyRow(reader.ident(row, here), situation, count, wage))
    if reader.errors:
        raise InputError(reader.errors[:20])
    return Tables(scale=scale, lines=tuple(lines), daily=tuple(daily))


def choices(tables: Tables, source: str) -> list[str]:
    """Names a form may suggest for a field with ``choices_from``: ``"funcoes_atuais"`` (every
    current function) or ``"series"`` (every série, and every isolated function proposed).
    Near-duplicate printed names (one :func:`normalize` key) are offered once, as first printed."""
    if source == "funcoes_atuais":
        names = [post.function for line in tables.lines for post in line.current]
    elif source == "series":
        names = [line.serie for line in tables.lines]
    else:
        return []
    merged: dict[str, str] = {}
    for name in names:
        if name:
            merged.setdefault(normalize(name), name)
    return sorted(merged.values())
