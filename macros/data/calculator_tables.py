"""The tables of Decreto nº 17.961/1945 in the shape the ``salarios_1945`` calculator reads.

:mod:`macros.tables` holds the typed model of ``data/tables/*.yaml`` (every printed figure, its
notes, printed totals); :mod:`calculators.tables_1945` documents the plain JSON shape the
calculator accepts (``escala``, ``series``, ``diaristas``). This module only converts the one
into the other — no pay rule, no total, no correction:

- ``escala``: one row per referência of the escala-padrão (art. 2º, § 1º);
- ``series``: one row per printed line of the Tabela Ordinária (funções em comissão and séries
  funcionais, art. 2º) and of the Tabela Suplementar (art. 3º). A line of a série that prints
  several current functions (for example "33 Auxiliar de Escritório" and "1 Conferente Auxiliar",
  all at Cr$ 500,00) becomes one row per current function so that each can be looked up; the
  line's counts (current total, proposed, excedentes, vagas) stay together on the first of those
  rows, so that the line's own identity (proposta = atual − excedentes + vagas) is read as
  printed. This needs the functions of the line to share one salary (true of every such line in
  the decree); a line that did not would stop the build rather than shift money between rows;
- ``diaristas``: the current and the proposed side of each line of the Tabela de Diaristas
  (art. 1º, § 5º).

Names are given in their normalised form when the data records one (a typo corrected in a note),
else as printed. A referência cell that does not hold a referência of the scale (a garbled cell,
noted in the data) is passed as absent.
"""

from __future__ import annotations

from decimal import Decimal
from functools import cache
from typing import Any

from calculators import api
from calculators.core.money import format_decimal
from calculators.rules.salarios_1945.tables import normalize

from .loader import DataError
from .tables import Figure, FunctionsPart, Name, Post, Tables, load_tables


def _money(figure: Figure) -> str | None:
    value = figure.value
    return format_decimal(value, 2) if isinstance(value, Decimal) else None


def _count(figure: Figure) -> int:
    return int(figure.amount)


def _name(name: Name) -> str | None:
    return None if name.is_blank else name.sort_key


def _functions_rows(part: FunctionsPart, table: str) -> list[dict[str, Any]]:
    """Funções isoladas: the proposed function is the row's "série"."""
    rows: list[dict[str, Any]] = []
    for row in part.rows:
        serie = _name(row.proposed.function) or _name(row.current.function)
        if serie is None:
            continue
        rows.append(
            {
                "serie": serie,
                "tabela": table,
                "funcao_atual": _name(row.current.function),
                "quantidade_atual": _count(row.current.count),
                "salario_atual": _money(row.current.salary),
                "quantidade_proposta": _count(row.proposed.count),
                "salario_proposto": _money(row.proposed.salary),
                "excedentes": 0,
                "vagas": _count(row.vacancies) if row.vacancies is not None else 0,
            }
        )
    return rows


def _same_salary(posts: tuple[Post, ...]) -> bool:
    return len({p.salary.value for p in posts}) <= 1


def to_calculator_shape(tables: Tables) -> dict[str, Any]:
    """The whole decree in the shape of :mod:`calculators.tables_1945`."""
    scale = {
        int(r.reference.value): _money(r.salary)
        for r in tables.escala.rows
        if r.reference.value is not None and _money(r.salary) is not None
    }
    escala = [{"referencia": ref, "salario": salary} for ref, salary in scale.items()]
    series = _functions_rows(tables.ordinaria.commission, "ordinaria")
    for block in tables.ordinaria.series.blocks:
        title = block.title.sort_key
        for line in block.rows:
            reference = line.reference.value if line.reference.value in scale else None
            posts = line.current
            if not _same_salary(posts):
                raise DataError(tables.ordinaria.file, f"série {title}, linha {line.source_lines[0]}",
                                "funções atuais com salários diferentes na mesma linha")
            for position, post in enumerate(posts):
                first = position == 0
                series.append(
                    {
                        "serie": title,
                        "tabela": "ordinaria",
                        "funcao_atual": _name(post.function),
                        "quantidade_atual": line.current_count if first else 0,
                        "salario_atual": _money(post.salary),
                        "quantidade_proposta": _count(line.proposed_count) if first else 0,
                        "referencia": int(reference) if reference is not None else None,
                        "excedentes": _count(line.excess) if first else 0,
                        "vagas": _count(line.vacancies) if first else 0,
                    }
                )
    series += _functions_rows(tables.suplementar.commission, "suplementar")
    series += _functions_rows(tables.suplementar.effective, "suplementar")
    diaristas: list[dict[str, Any]] = []
    for situation, side_name in (("atual", "current"), ("proposta", "proposed")):
        for row in tables.diaristas.rows:
            side = getattr(row, side_name)
            wage = _money(side.daily_salary)
            if side.count.value is None or wage is None:
                continue
            diaristas.append({"situacao": situation, "quantidade": _count(side.count), "salario_diario": wage})
    return {"escala": escala, "series": series, "diaristas": diaristas}


@cache
def decree_tables() -> dict[str, Any]:
    """The decree's tables from ``data/tables``, shaped for the calculator (read once)."""
    return to_calculator_shape(load_tables())


# ------------------------------------------------------------------ what the calculator pages need
# The renderers name no calculator: what they need of the decree's tables comes from here.

# Worked examples on the full tables (inputs only; the result is computed at build).
FULL_TABLE_EXAMPLES: dict[str, list[tuple[str, str, dict[str, Any]]]] = {
    "salarios_1945": [
        ("completa-referencia-25", "Salário da referência 25", {"consulta": "referencia", "referencia": 25}),
        ("completa-escriturario", "Pessoal e folha da série Escriturário (tabela completa)",
         {"consulta": "serie", "serie": "Escriturário"}),
        ("completa-diaristas", "Despesa anual da Tabela Numérica de Diaristas (completa)",
         {"consulta": "diaristas"}),
    ],
}


def full_table_examples(name: str) -> list[tuple[str, str, dict[str, Any]]]:
    """The worked examples of calculator ``name`` computed on the full tables (ident, title,
    inputs)."""
    return FULL_TABLE_EXAMPLES.get(name, [])


def calculator_data(name: str) -> dict[str, Any] | None:
    """The data calculator ``name`` runs on at build: the decree's tables if it needs data."""
    return decree_tables() if api.describe(name).get("needs_data") else None


def choices_from(source: str) -> list[str]:
    """The values a form offers for a field declared with ``choices_from`` (``series[].<key>``):
    each printed name once (near-duplicates with one comparison key are offered once: the
    calculator treats them as one and says so in its result), sorted."""
    if not source.startswith("series[]."):
        return []
    key = source.removeprefix("series[].")
    merged: dict[str, str] = {}
    for row in decree_tables()["series"]:
        if row.get(key):
            merged.setdefault(normalize(str(row[key])), str(row[key]))
    return sorted(merged.values())
