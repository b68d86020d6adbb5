"""The figures of the "atual × proposta" view, obtained from the calculators.

Nothing is computed here: the rows of the decree's tables are taken in the calculator's shape
(:mod:`macros.calculator_tables`), grouped the way the pages show them (one group per série
funcional and per part of a table), and every salary, raise, headcount and payroll comes from
:mod:`calculators.salarios_1945` (``proposed_salary``, ``salary_raise``, ``payroll``,
``daily_expense``). This module only pairs those results with the printed cells of
:mod:`macros.tables`, so that pages can show the names as printed and link to the rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from calculators.rules.salarios_1945 import (
    Payroll,
    SalaryRaise,
    daily_expense,
    payroll,
    proposed_salary,
    salary_raise,
)
from calculators.rules.salarios_1945.tables import SeriesRow, read_tables
from calculators.rules.salarios_1945.tables import Tables as CalcTables

from .calculator_tables import to_calculator_shape
from .tables import DiaristaRow, Figure, FunctionsPart, Name, SeriesBlock, Tables


@dataclass(frozen=True, eq=False)
class FunctionLine:
    """One current function (as printed) and what the calculators say about its new salary."""

    current_name: Name
    current_count: Figure
    current_salary: Figure
    proposed_name: Name | None  # isolated functions: the proposed function; séries: None
    reference: Figure | None  # séries: the referência cell
    source_lines: tuple[int, int]
    row: SeriesRow
    proposed: Decimal | None
    raise_: SalaryRaise | None


@dataclass(frozen=True, eq=False)
class Group:
    """A série funcional, or a part of a table of isolated functions."""

    key: str
    table: str  # "ordinaria" | "suplementar"
    label: str  # the name shown (normalised form when the printed one is misspelled)
    printed: str
    page: str  # page slug under /tabelas/
    anchor: str
    is_series: bool
    source_lines: tuple[int, int]
    rows: tuple[SeriesRow, ...]
    payroll: Payroll
    lines: tuple[FunctionLine, ...]


@dataclass(frozen=True, eq=False)
class DailyLine:
    row: DiaristaRow
    raise_: SalaryRaise | None


@dataclass(frozen=True, eq=False)
class Comparison:
    groups: tuple[Group, ...]
    ordinaria: Payroll
    suplementar: Payroll
    total: Payroll
    daily: tuple[DailyLine, ...]
    daily_current: tuple[int, Decimal]
    daily_proposed: tuple[int, Decimal]


def _rows(shape: dict[str, Any], calc: CalcTables) -> list[tuple[dict[str, Any], SeriesRow]]:
    raw = shape["series"]
    if len(raw) != len(calc.series):
        raise ValueError("a adaptação das tabelas mudou o número de linhas")
    return list(zip(raw, calc.series, strict=True))


def _line(
    calc: CalcTables,
    row: SeriesRow,
    name: Name,
    count: Figure,
    salary: Figure,
    proposed_name: Name | None,
    reference: Figure | None,
    lines: tuple[int, int],
) -> FunctionLine:
    proposed = proposed_salary(row, calc)
    current = row.current_salary
    raised = salary_raise(current, proposed) if current is not None and proposed is not None else None
    return FunctionLine(name, count, salary, proposed_name, reference, lines, row, proposed, raised)


def _functions_group(
    key: str, table: str, label: str, page: str, part: FunctionsPart, selected: list[SeriesRow], calc: CalcTables
) -> Group:
    if len(selected) != len(part.rows):
        raise ValueError(f"{key}: linhas da calculadora não correspondem às da tabela")
    lines = tuple(
        _line(calc, row, fr.current.function, fr.current.count, fr.current.salary, fr.proposed.function, None,
              fr.source_lines)
        for fr, row in zip(part.rows, selected, strict=True)
        if not fr.current.function.is_blank
    )
    return Group(key, table, label, part.label.printed, page, part.id, False, part.source_lines, tuple(selected),
                 payroll(selected, calc), lines)


def _series_group(block: SeriesBlock, selected: list[SeriesRow], calc: CalcTables) -> Group:
    posts = [(sr, post) for sr in block.rows for post in sr.current]
    if len(selected) != len(posts):
        raise ValueError(f"{block.id}: linhas da calculadora não correspondem às da tabela")
    lines = tuple(
        _line(calc, row, post.function, post.count, post.salary, None, sr.reference, sr.source_lines)
        for (sr, post), row in zip(posts, selected, strict=True)
        if not post.function.is_blank
    )
    return Group(block.id, "ordinaria", block.title.sort_key, block.title.printed, "ordinaria-mensalistas",
                 f"serie-{block.id}", True, block.source_lines, tuple(selected), payroll(selected, calc), lines)


def build_comparison(tables: Tables) -> Comparison:
    """Every figure of the comparison, from the calculators."""
    shape = to_calculator_shape(tables)
    calc = read_tables(shape)
    pairs = _rows(shape, calc)
    o, s = tables.ordinaria, tables.suplementar
    commission = [r for raw, r in pairs if raw["tabela"] == "ordinaria" and "salario_proposto" in raw]
    groups = [_functions_group("ordinaria-comissao", "ordinaria", "Funções em comissão", "ordinaria-mensalistas",
                               o.commission, commission, calc)]
    for block in o.series.blocks:
        title = block.title.sort_key
        chosen = [r for raw, r in pairs
                  if raw["tabela"] == "ordinaria" and "referencia" in raw and raw["serie"] == title]
        groups.append(_series_group(block, chosen, calc))
    for part, label in ((s.commission, "Funções em comissão"), (s.effective, "Funções de provimento efetivo")):
        names = {fr.proposed.function.sort_key for fr in part.rows}
        chosen = [r for raw, r in pairs if raw["tabela"] == "suplementar" and raw["serie"] in names]
        groups.append(_functions_group(part.id, "suplementar", label, "suplementar-mensalistas", part, chosen, calc))
    ordinaria_rows = tuple(r for g in groups if g.table == "ordinaria" for r in g.rows)
    suplementar_rows = tuple(r for g in groups if g.table == "suplementar" for r in g.rows)
    daily = []
    for dr in tables.diaristas.rows:
        cur, new = dr.current.daily_salary.value, dr.proposed.daily_salary.value
        raised = salary_raise(cur, new) if isinstance(cur, Decimal) and isinstance(new, Decimal) else None
        daily.append(DailyLine(dr, raised))
    return Comparison(
        groups=tuple(groups),
        ordinaria=payroll(ordinaria_rows, calc),
        suplementar=payroll(suplementar_rows, calc),
        total=payroll(ordinaria_rows + suplementar_rows, calc),
        daily=tuple(daily),
        daily_current=daily_expense(calc, "atual"),
        daily_proposed=daily_expense(calc, "proposta"),
    )


def comparison() -> Comparison:
    """The comparison of the decree's tables, from the build's Site (built once per build)."""
    from .site import current

    return current().comparison
