"""The figures of the "atual × proposta" view, obtained from the calculators.

Nothing is computed here. The calculator reads the published document of the decree's tables
(:func:`macros.data.calculator_tables.decree_tables`); every salary, raise, headcount and payroll
comes from :mod:`calculators.rules.salarios_1945` (``proposed_salary``, ``salary_raise``,
``payroll``, ``daily_expense``). This module groups the calculator's lines the way the pages show
them (one group per série funcional and per part of a table) and joins each of them to its
printed row of :mod:`macros.data.tables` **by the row's id** (the row's anchor on the pages), so
that pages can show the names as printed and link to the rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from calculators.rules.salarios_1945 import (
    Payroll as Payroll,  # re-exported: the tables pages show payrolls
)
from calculators.rules.salarios_1945 import (
    SalaryRaise,
    daily_expense,
    payroll,
    proposed_salary,
    salary_raise,
)
from calculators.rules.salarios_1945.tables import Line, Post, read_tables
from calculators.rules.salarios_1945.tables import Tables as CalcTables

from .calculator_tables import json_document
from .tables import DiaristaRow, Figure, FunctionsPart, Name, SeriesBlock, Tables

#: The page of the calculator that reads the decree's tables (relative to the site's root).
CALCULATOR_PAGE = "calculadoras/salarios_1945/"


@dataclass(frozen=True, eq=False)
class FunctionLine:
    """One current function (as printed) and what the calculators say about its new salary."""

    current_name: Name
    current_count: Figure
    current_salary: Figure
    proposed_name: Name | None  # isolated functions: the proposed function; séries: None
    reference: Figure | None  # séries: the referência cell
    source_lines: tuple[int, int]
    line: Line  # the calculator's line (same id as the printed row)
    post: Post  # this function on the calculator's line
    first: bool  # the first function printed on its line (which carries the line's proposed count)
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
    lines: tuple[FunctionLine, ...]
    payroll: Payroll


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


class _Join:
    """The calculator's lines by id: each printed row finds its line by the row's id."""

    def __init__(self, calc: CalcTables) -> None:
        self.calc = calc
        self.by_id = {line.id: line for line in calc.lines}

    def line(self, ident: str) -> Line:
        if ident not in self.by_id:
            raise ValueError(f"linha {ident!r} das tabelas sem linha correspondente na calculadora")
        return self.by_id[ident]

    def function_line(self, line: Line, position: int, name: Name, count: Figure, salary: Figure,
                      proposed_name: Name | None, reference: Figure | None, source_lines: tuple[int, int]
                      ) -> FunctionLine:
        post = line.current[position]
        proposed = proposed_salary(line, self.calc)
        current = post.salary
        raised = salary_raise(current, proposed) if current is not None and proposed is not None else None
        return FunctionLine(name, count, salary, proposed_name, reference, source_lines, line, post, position == 0,
                            proposed, raised)


def _functions_group(join: _Join, key: str, table: str, label: str, page: str, part: FunctionsPart) -> Group:
    lines = [join.line(fr.id) for fr in part.rows]
    shown = tuple(
        join.function_line(line, 0, fr.current.function, fr.current.count, fr.current.salary, fr.proposed.function,
                           None, fr.source_lines)
        for fr, line in zip(part.rows, lines, strict=True)
        if not fr.current.function.is_blank
    )
    return Group(key, table, label, part.label.printed, page, part.id, False, part.source_lines, shown,
                 payroll(lines, join.calc))


def _series_group(join: _Join, block: SeriesBlock) -> Group:
    lines = [join.line(sr.id) for sr in block.rows]
    shown = tuple(
        join.function_line(line, i, post.function, post.count, post.salary, None, sr.reference, sr.source_lines)
        for sr, line in zip(block.rows, lines, strict=True)
        for i, post in enumerate(sr.current)
        if not post.function.is_blank
    )
    return Group(block.id, "ordinaria", block.title.sort_key, block.title.printed, "ordinaria-mensalistas",
                 f"serie-{block.id}", True, block.source_lines, shown, payroll(lines, join.calc))


def build_comparison(tables: Tables, document: dict[str, Any] | None = None) -> Comparison:
    """Every figure of the comparison, from the calculators reading the published document."""
    join = _Join(read_tables(json_document(tables) if document is None else document))
    o, s = tables.ordinaria, tables.suplementar
    groups = [_functions_group(join, "ordinaria-comissao", "ordinaria", "Funções em comissão",
                               "ordinaria-mensalistas", o.commission)]
    groups += [_series_group(join, block) for block in o.series.blocks]
    for part, label in ((s.commission, "Funções em comissão"), (s.effective, "Funções de provimento efetivo")):
        groups.append(_functions_group(join, part.id, "suplementar", label, "suplementar-mensalistas", part))
    ordinaria = [join.line(r.id) for r in o.commission.rows] + [join.line(r.id) for b in o.series.blocks
                                                                 for r in b.rows]
    suplementar = [join.line(r.id) for part in (s.commission, s.effective) for r in part.rows]
    daily = []
    for dr in tables.diaristas.rows:
        cur, new = dr.current.daily_salary.value, dr.proposed.daily_salary.value
        raised = salary_raise(cur, new) if isinstance(cur, Decimal) and isinstance(new, Decimal) else None
        daily.append(DailyLine(dr, raised))
    return Comparison(
        groups=tuple(groups),
        ordinaria=payroll(ordinaria, join.calc),
        suplementar=payroll(suplementar, join.calc),
        total=payroll(ordinaria + suplementar, join.calc),
        daily=tuple(daily),
        daily_current=daily_expense(join.calc, "atual"),
        daily_proposed=daily_expense(join.calc, "proposta"),
    )

