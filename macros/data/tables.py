"""Typed model of the tables of Decreto nº 17.961/1945 (``data/tables/*.yaml``).

Every table file is read once through :func:`macros.loader.load_validated` (schema ``tables``)
and turned into frozen dataclasses with ``int`` counts and ``Decimal`` money. Printed figures
keep their printed string; printed totals are kept as data (``printed_totals``) and the column
sums are *computed* here (``computed_totals``), never stored.

:func:`checks` lists every arithmetic identity the tables must satisfy (column sums, proposed =
current − excedentes + vagas, referências in the escala, diaristas' annual expense). Each check
can be evaluated on the printed values or on the reconciled ones (a note's ``reconciling_value``
in place of the printed figure), so that tests and pages can say which figures do not add up and
what would reconcile them. No rendering and no pay rules live here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal

from macros.data.loader import DATA, DataError, check_source, load_validated
from macros.data.notes import Note, note_labels

TABLES_DIR = DATA / "tables"
SCHEMA = "tables"

Number = int | Decimal

#: Which note type explains a failing check of each kind.
EXPLAINED_BY: dict[str, str] = {
    "column_sum": "total_mismatch",
    "identity": "identity_mismatch",
    "annual": "annual_mismatch",
    "scale": "not_in_scale",
}

COUNT_RE = re.compile(r"^[0-9]{1,3}(\.[0-9]{3})*$")
MONEY_RE = re.compile(r"^[0-9]{1,3}(\.[0-9]{3})*,[0-9]{2}$")


# ------------------------------------------------------------------ parsing of printed figures
def parse_count(printed: str) -> int | None:
    """'2.774' → 2774; '-' → None. Raises ValueError for anything else."""
    if printed == "-":
        return None
    if not COUNT_RE.match(printed):
        raise ValueError(f"número mal formado: {printed!r}")
    return int(printed.replace(".", ""))


def parse_money(printed: str) -> Decimal | None:
    """'1.900,00' → Decimal('1900.00'); '-' → None. Raises ValueError for anything else."""
    if printed == "-":
        return None
    if not MONEY_RE.match(printed):
        raise ValueError(f"quantia mal formada: {printed!r}")
    return Decimal(printed.replace(".", "").replace(",", "."))


def parse_reference(printed: str) -> int | None:
    """'25' → 25; '-' → None. Raises ValueError for anything else (e.g. 'CR$510,00')."""
    if printed == "-":
        return None
    if not printed.isdigit():
        raise ValueError(f"referência mal formada: {printed!r}")
    return int(printed)


def total(values: Iterable[Number]) -> Number:
    """Sum of counts or amounts (int + Decimal stays exact)."""
    acc: Number = 0
    for v in values:
        acc = acc + v
    return acc


def count_total(figures: Iterable[Figure]) -> int:
    """Sum of the printed counts ('-' = 0)."""
    return sum(int(f.amount) for f in figures)


# ------------------------------------------------------------------ cells
def _notes(raw: dict[str, Any]) -> tuple[Note, ...]:
    labels = note_labels("tables")
    out = []
    for n in raw.get("notes", []):
        rv = n.get("reconciling_value")
        if isinstance(rv, str):
            rv = Decimal(rv)
        out.append(Note(n["type"], labels[n["type"]], n["text"], n.get("quote"), reconciling_value=rv))
    return tuple(out)


@dataclass(frozen=True, eq=False)
class Figure:
    """A printed number: count, money or referência. Compared by identity (a cell, not a value)."""

    kind: Literal["count", "money", "reference"]
    printed: str
    value: Number | None
    line: int
    notes: tuple[Note, ...] = ()
    money_value: Decimal | None = None  # a referência cell that holds a sum of money instead

    @property
    def amount(self) -> Number:
        """The printed value for arithmetic: '-' (None) counts as zero."""
        if self.value is None:
            return 0 if self.kind != "money" else Decimal("0.00")
        return self.value

    @property
    def reconciling_value(self) -> Number | None:
        values = {n.reconciling_value for n in self.notes if n.reconciling_value is not None}
        if len(values) > 1:
            raise ValueError(f"valores conciliadores divergentes na linha {self.line}: {values}")
        return values.pop() if values else None

    @property
    def reconciled(self) -> Number:
        rv = self.reconciling_value
        return self.amount if rv is None else rv

    def has_note(self, *types: str) -> bool:
        return any(n.type in types for n in self.notes)


def _count(raw: dict[str, Any]) -> Figure:
    return Figure("count", raw["printed"], raw["value"], raw["line"], _notes(raw))


def _money(raw: dict[str, Any]) -> Figure:
    v = raw["value"]
    return Figure("money", raw["printed"], None if v is None else Decimal(v), raw["line"], _notes(raw))


def _reference(raw: dict[str, Any]) -> Figure:
    mv = raw.get("money_value")
    return Figure(
        "reference", raw["printed"], raw["value"], raw["line"], _notes(raw), None if mv is None else Decimal(mv)
    )


@dataclass(frozen=True, eq=False)
class Name:
    printed: str
    normalized: str | None
    line: int
    notes: tuple[Note, ...] = ()

    @property
    def sort_key(self) -> str:
        """The form used for search and sorting: the normalised one when there is one."""
        return self.normalized or self.printed

    @property
    def is_blank(self) -> bool:
        return self.printed in ("-", "-\\")


def _name(raw: dict[str, Any]) -> Name:
    return Name(raw["printed"], raw.get("name_normalized"), raw["line"], _notes(raw))


@dataclass(frozen=True, eq=False)
class Label:
    printed: str
    line: int
    notes: tuple[Note, ...] = ()


def _label(raw: dict[str, Any]) -> Label:
    return Label(raw["printed"], raw["line"], _notes(raw))


@dataclass(frozen=True)
class Header:
    key: str
    printed: str
    line: int


@dataclass(frozen=True, eq=False)
class Observation:
    text: str
    line: int
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True, eq=False)
class StrayCell:
    column: str
    printed: str
    line: int
    notes: tuple[Note, ...]


@dataclass(frozen=True, eq=False)
class Post:
    """One printed function line: count, name, monthly salary."""

    count: Figure
    function: Name
    salary: Figure


def _post(raw: dict[str, Any]) -> Post:
    return Post(_count(raw["count"]), _name(raw["function"]), _money(raw["salary"]))


# ------------------------------------------------------------------ tables
@dataclass(frozen=True, eq=False)
class EscalaRow:
    source_lines: tuple[int, int]
    reference: Figure
    salary: Figure
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True, eq=False)
class Escala:
    id: str
    file: Path
    title: Label
    currency: str
    headers: tuple[Header, ...]
    notes: tuple[Note, ...]
    rows: tuple[EscalaRow, ...]

    def salary_for(self, reference: int) -> Decimal:
        for row in self.rows:
            if row.reference.value == reference:
                if not isinstance(row.salary.value, Decimal):
                    raise KeyError(reference)
                return row.salary.value
        raise KeyError(reference)

    @property
    def references(self) -> frozenset[int]:
        return frozenset(int(r.reference.value) for r in self.rows if r.reference.value is not None)


@dataclass(frozen=True, eq=False)
class FunctionsRow:
    source_lines: tuple[int, int]
    current: Post
    proposed: Post
    vacancies: Figure | None
    observation: Observation | None
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True, eq=False)
class FunctionsPart:
    """Funções isoladas (em comissão / de provimento efetivo): current and proposed side by side."""

    id: str
    label: Label
    source_lines: tuple[int, int]
    headers: tuple[Header, ...]
    notes: tuple[Note, ...]
    rows: tuple[FunctionsRow, ...]
    printed_totals: dict[str, Figure]
    stray_cells: tuple[StrayCell, ...] = ()

    def column(self, key: str) -> list[Figure]:
        if key == "current_count":
            return [r.current.count for r in self.rows]
        if key == "proposed_count":
            return [r.proposed.count for r in self.rows]
        if key == "vacancies":
            return [r.vacancies for r in self.rows if r.vacancies is not None]
        raise KeyError(key)

    def computed_totals(self) -> dict[str, int]:
        """Column sums of the printed values, for each column that has a printed total."""
        return {k: count_total(self.column(k)) for k in self.printed_totals}


@dataclass(frozen=True, eq=False)
class SeriesRow:
    source_lines: tuple[int, int]
    reference: Figure
    current: tuple[Post, ...]
    proposed_count: Figure
    excess: Figure
    vacancies: Figure
    notes: tuple[Note, ...] = ()

    @property
    def current_count(self) -> int:
        return count_total(p.count for p in self.current)


@dataclass(frozen=True, eq=False)
class SeriesBlock:
    id: str
    title: Name
    source_lines: tuple[int, int]
    notes: tuple[Note, ...]
    rows: tuple[SeriesRow, ...]
    printed_totals: dict[str, Figure]
    stray_cells: tuple[StrayCell, ...] = ()

    def column(self, key: str) -> list[Figure]:
        if key == "current_count":
            return [p.count for r in self.rows for p in r.current]
        return [getattr(r, key) for r in self.rows]

    def computed_totals(self) -> dict[str, int]:
        """Column sums of the printed values: current_count, proposed_count, excess, vacancies."""
        return {k: count_total(self.column(k)) for k in ("current_count", "proposed_count", "excess", "vacancies")}


@dataclass(frozen=True, eq=False)
class SeriesPart:
    id: str
    label: Label
    source_lines: tuple[int, int]
    headers: tuple[Header, ...]
    notes: tuple[Note, ...]
    blocks: tuple[SeriesBlock, ...]


@dataclass(frozen=True, eq=False)
class Ordinaria:
    id: str
    file: Path
    heading: Label
    title: Label
    currency: str
    notes: tuple[Note, ...]
    commission: FunctionsPart
    series: SeriesPart


@dataclass(frozen=True, eq=False)
class Suplementar:
    id: str
    file: Path
    title: Label
    currency: str
    notes: tuple[Note, ...]
    commission: FunctionsPart
    effective: FunctionsPart


@dataclass(frozen=True, eq=False)
class DiaristaSide:
    count: Figure
    daily_salary: Figure
    annual_expense: Figure


@dataclass(frozen=True, eq=False)
class DiaristaRow:
    source_lines: tuple[int, int]
    current: DiaristaSide
    proposed: DiaristaSide
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True, eq=False)
class Diaristas:
    id: str
    file: Path
    title: Label
    currency: str
    days_per_year: int
    headers: tuple[Header, ...]
    notes: tuple[Note, ...]
    rows: tuple[DiaristaRow, ...]
    printed_totals: dict[str, dict[str, Figure]]

    def computed_totals(self) -> dict[str, dict[str, Number]]:
        """{'current'|'proposed': {'count': int, 'annual_expense': Decimal}} from the printed rows."""
        out: dict[str, dict[str, Number]] = {}
        for side in ("current", "proposed"):
            sides: list[DiaristaSide] = [getattr(r, side) for r in self.rows]
            out[side] = {
                "count": count_total(s.count for s in sides),
                "annual_expense": Decimal(total(s.annual_expense.amount for s in sides)),
            }
        return out

    def expected_annual(self, side: DiaristaSide) -> Decimal:
        """count × daily salary × days_per_year, from the printed figures."""
        return Decimal(side.count.amount * side.daily_salary.amount * self.days_per_year)


@dataclass(frozen=True, eq=False)
class Tables:
    escala: Escala
    ordinaria: Ordinaria
    suplementar: Suplementar
    diaristas: Diaristas
    files: tuple[Path, ...]


# ------------------------------------------------------------------ building
def _lines(raw: list[int]) -> tuple[int, int]:
    return (raw[0], raw[1])


def _headers(raw: list[dict[str, Any]]) -> tuple[Header, ...]:
    return tuple(Header(h["key"], h["printed"], h["line"]) for h in raw)


def _strays(raw: dict[str, Any]) -> tuple[StrayCell, ...]:
    return tuple(StrayCell(s["column"], s["printed"], s["line"], _notes(s)) for s in raw.get("stray_cells", []))


def _functions_part(raw: dict[str, Any]) -> FunctionsPart:
    rows = []
    for r in raw["rows"]:
        obs = r.get("observation")
        rows.append(
            FunctionsRow(
                _lines(r["source_lines"]),
                _post(r["current"]),
                _post(r["proposed"]),
                _count(r["vacancies"]) if "vacancies" in r else None,
                Observation(obs["text"], obs["line"], _notes(obs)) if obs else None,
                _notes(r),
            )
        )
    return FunctionsPart(
        raw["id"],
        _label(raw["label"]),
        _lines(raw["source_lines"]),
        _headers(raw["headers"]),
        _notes(raw),
        tuple(rows),
        {k: _count(v) for k, v in raw["printed_totals"].items()},
        _strays(raw),
    )


def _series_part(raw: dict[str, Any]) -> SeriesPart:
    blocks = []
    for b in raw["blocks"]:
        rows = tuple(
            SeriesRow(
                _lines(r["source_lines"]),
                _reference(r["reference"]),
                tuple(_post(p) for p in r["current"]),
                _count(r["proposed_count"]),
                _count(r["excess"]),
                _count(r["vacancies"]),
                _notes(r),
            )
            for r in b["rows"]
        )
        blocks.append(
            SeriesBlock(
                b["id"],
                _name(b["title"]),
                _lines(b["source_lines"]),
                _notes(b),
                rows,
                {k: _count(v) for k, v in b["printed_totals"].items()},
                _strays(b),
            )
        )
    return SeriesPart(
        raw["id"],
        _label(raw["label"]),
        _lines(raw["source_lines"]),
        _headers(raw["headers"]),
        _notes(raw),
        tuple(blocks),
    )


def _diaristas_side(raw: dict[str, Any]) -> DiaristaSide:
    return DiaristaSide(_count(raw["count"]), _money(raw["daily_salary"]), _money(raw["annual_expense"]))


def build(raw: dict[str, Any], path: Path) -> Escala | Ordinaria | Suplementar | Diaristas:
    """Turn one validated table document into its dataclass."""
    kind = raw["kind"]
    if kind == "escala":
        rows = tuple(
            EscalaRow(_lines(r["source_lines"]), _reference(r["reference"]), _money(r["salary"]), _notes(r))
            for r in raw["rows"]
        )
        return Escala(
            raw["id"], path, _label(raw["title"]), raw["currency"], _headers(raw["headers"]), _notes(raw), rows
        )
    if kind == "ordinaria":
        return Ordinaria(
            raw["id"],
            path,
            _label(raw["heading"]),
            _label(raw["title"]),
            raw["currency"],
            _notes(raw),
            _functions_part(raw["commission"]),
            _series_part(raw["series"]),
        )
    if kind == "suplementar":
        return Suplementar(
            raw["id"],
            path,
            _label(raw["title"]),
            raw["currency"],
            _notes(raw),
            _functions_part(raw["commission"]),
            _functions_part(raw["effective"]),
        )
    diarista_rows = tuple(
        DiaristaRow(_lines(r["source_lines"]), _diaristas_side(r["current"]), _diaristas_side(r["proposed"]), _notes(r))
        for r in raw["rows"]
    )
    totals = {
        side: {k: (_count(v) if k == "count" else _money(v)) for k, v in raw["printed_totals"][side].items()}
        for side in ("current", "proposed")
    }
    return Diaristas(
        raw["id"],
        path,
        _label(raw["title"]),
        raw["currency"],
        raw["days_per_year"],
        _headers(raw["headers"]),
        _notes(raw),
        diarista_rows,
        totals,
    )


def load_table(path: Path) -> Escala | Ordinaria | Suplementar | Diaristas:
    """Validate and build one table file (raises :class:`DataError`)."""
    return build(load_validated(path, SCHEMA), path)


def _ids(value: Any, place: str = "") -> Iterator[tuple[str, str]]:
    """Every ``id`` in a table file's data, with its place (``series[3].id``)."""
    if isinstance(value, dict):
        for key, item in value.items():
            here = f"{place}.{key}" if place else str(key)
            if key == "id" and isinstance(item, str):
                yield item, here
            else:
                yield from _ids(item, here)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _ids(item, f"{place}[{index}]")


def load_tables(directory: Path = TABLES_DIR) -> Tables:
    """Load every ``*.yaml`` in ``directory``; each of the four kinds must appear exactly once.

    Ids (of tables, blocks and series) become page anchors and download names: they must be unique
    across all the files, and each file's source document must exist.
    """
    found: dict[type, Any] = {}
    seen_ids: dict[str, tuple[Path, str]] = {}
    files = tuple(sorted(directory.glob("*.yaml")))
    for path in files:
        raw = load_validated(path, SCHEMA)
        check_source(path, "source.file", raw["source"]["file"])
        for ident, place in _ids(raw):
            if ident in seen_ids:
                first, first_place = seen_ids[ident]
                raise DataError(path, place, f"id {ident!r} repetido (já usado em {first.name}, {first_place})")
            seen_ids[ident] = (path, place)
        table = build(raw, path)
        if type(table) in found:
            raise DataError(path, "kind", f"tipo de tabela repetido (já definido em {found[type(table)].file.name})")
        found[type(table)] = table
    for cls, label in (
        (Escala, "escala"),
        (Ordinaria, "ordinaria"),
        (Suplementar, "suplementar"),
        (Diaristas, "diaristas"),
    ):
        if cls not in found:
            raise DataError(directory, "", f"falta a tabela de tipo '{label}'")
    return Tables(found[Escala], found[Ordinaria], found[Suplementar], found[Diaristas], files)


# ------------------------------------------------------------------ checks
Value = Callable[[Figure], Number]


def printed_value(f: Figure) -> Number:
    return f.amount


def reconciled_value(f: Figure) -> Number:
    return f.reconciled


@dataclass(frozen=True, eq=False)
class Check:
    """One identity the printed tables must satisfy.

    ``key`` is stable and readable (used as test id); ``place`` says in Portuguese where it is.
    ``cells`` are the figures involved: a note explaining a failure must sit on one of them.
    """

    kind: Literal["column_sum", "identity", "annual", "scale"]
    key: str
    place: str
    cells: tuple[Figure, ...]
    rule: Callable[[Value], bool]

    def holds(self, value: Value = printed_value) -> bool:
        return self.rule(value)

    def explaining_notes(self) -> list[tuple[Figure, Note]]:
        wanted = EXPLAINED_BY[self.kind]
        return [(f, n) for f in self.cells for n in f.notes if n.type == wanted]


def _sum_check(key: str, place: str, cells: list[Figure], printed_total: Figure) -> Check:
    def rule(v: Value) -> bool:
        return total(v(c) for c in cells) == v(printed_total)

    return Check("column_sum", key, place, (*cells, printed_total), rule)


def _identity_check(
    key: str, place: str, current: list[Figure], excess: Figure | None, vacancies: Figure | None, proposed: Figure
) -> Check:
    def rule(v: Value) -> bool:
        cur = total(v(c) for c in current)
        exc = v(excess) if excess is not None else 0
        vac = v(vacancies) if vacancies is not None else 0
        return cur - exc + vac == v(proposed)

    cells = (*current, *(f for f in (excess, vacancies) if f is not None), proposed)
    return Check("identity", key, place, cells, rule)


def _scale_check(key: str, place: str, reference: Figure, references: frozenset[int]) -> Check:
    def rule(v: Value) -> bool:
        return reference.value in references

    return Check("scale", key, place, (reference,), rule)


def _annual_check(key: str, place: str, side: DiaristaSide, table: Diaristas) -> Check:
    def rule(v: Value) -> bool:
        return v(side.count) * v(side.daily_salary) * table.days_per_year == v(side.annual_expense)

    return Check("annual", key, place, (side.count, side.daily_salary, side.annual_expense), rule)


COLUMN_LABELS = {
    "current_count": "nº de funções (atual)",
    "proposed_count": "nº de funções (proposta)",
    "excess": "excedentes",
    "vacancies": "vagas",
    "count": "nº de funções",
    "annual_expense": "despesa anual",
}


def _functions_checks(part: FunctionsPart, where: str) -> Iterator[Check]:
    for key, total in part.printed_totals.items():
        yield _sum_check(
            f"{part.id}:sum:{key}", f"{where}, total da coluna {COLUMN_LABELS[key]}", part.column(key), total
        )
    for i, r in enumerate(part.rows, 1):
        yield _identity_check(
            f"{part.id}:row{i}:identity",
            f"{where}, linha {i} ({r.proposed.function.sort_key})",
            [r.current.count],
            None,
            r.vacancies,
            r.proposed.count,
        )
    t = part.printed_totals
    yield _identity_check(
        f"{part.id}:total:identity",
        f"{where}, totais",
        [t["current_count"]],
        None,
        t.get("vacancies"),
        t["proposed_count"],
    )


def checks(tables: Tables) -> list[Check]:
    """Every arithmetic check of the four tables, in document order."""
    out: list[Check] = []
    refs = tables.escala.references
    out += _functions_checks(tables.ordinaria.commission, "Tabela Ordinária, a) funções em comissão")
    for b in tables.ordinaria.series.blocks:
        where = f"Tabela Ordinária, série {b.title.sort_key}"
        for key, total in b.printed_totals.items():
            out.append(
                _sum_check(f"{b.id}:sum:{key}", f"{where}, total da coluna {COLUMN_LABELS[key]}", b.column(key), total)
            )
        for i, r in enumerate(b.rows, 1):
            out.append(
                _identity_check(
                    f"{b.id}:row{i}:identity",
                    f"{where}, referência {r.reference.printed}",
                    [p.count for p in r.current],
                    r.excess,
                    r.vacancies,
                    r.proposed_count,
                )
            )
            out.append(
                _scale_check(f"{b.id}:row{i}:scale", f"{where}, referência {r.reference.printed}", r.reference, refs)
            )
        t = b.printed_totals
        out.append(
            _identity_check(
                f"{b.id}:total:identity",
                f"{where}, totais",
                [t["current_count"]],
                t["excess"],
                t["vacancies"],
                t["proposed_count"],
            )
        )
    out += _functions_checks(tables.suplementar.commission, "Tabela Suplementar, a) funções em comissão")
    out += _functions_checks(tables.suplementar.effective, "Tabela Suplementar, b) funções de provimento efetivo")
    d = tables.diaristas
    for side, side_label in (("current", "situação atual"), ("proposed", "situação proposta")):
        sides: list[DiaristaSide] = [getattr(r, side) for r in d.rows]
        for key in ("count", "annual_expense"):
            out.append(
                _sum_check(
                    f"diaristas:{side}:sum:{key}",
                    f"Diaristas, {side_label}, total da coluna {COLUMN_LABELS[key]}",
                    [getattr(s, key) for s in sides],
                    d.printed_totals[side][key],
                )
            )
        for i, s in enumerate(sides, 1):
            out.append(_annual_check(f"diaristas:{side}:row{i}:annual", f"Diaristas, {side_label}, linha {i}", s, d))
    return out


def inconsistencies(tables: Tables) -> list[Check]:
    """The checks that fail on the printed figures (each must be explained by a note)."""
    return [c for c in checks(tables) if not c.holds(printed_value)]


# ------------------------------------------------------------------ walking
def iter_figures(tables: Tables) -> Iterator[Figure]:
    """Every printed figure (count, money, referência) of every table."""
    for r in tables.escala.rows:
        yield r.reference
        yield r.salary
    for part in (tables.ordinaria.commission, tables.suplementar.commission, tables.suplementar.effective):
        for fr in part.rows:
            for post in (fr.current, fr.proposed):
                yield post.count
                yield post.salary
            if fr.vacancies is not None:
                yield fr.vacancies
        yield from part.printed_totals.values()
    for b in tables.ordinaria.series.blocks:
        for sr in b.rows:
            yield sr.reference
            for post in sr.current:
                yield post.count
                yield post.salary
            yield sr.proposed_count
            yield sr.excess
            yield sr.vacancies
        yield from b.printed_totals.values()
    for dr in tables.diaristas.rows:
        for side in (dr.current, dr.proposed):
            yield side.count
            yield side.daily_salary
            yield side.annual_expense
    for totals in tables.diaristas.printed_totals.values():
        yield from totals.values()


def iter_names(tables: Tables) -> Iterator[Name]:
    """Every function name (and série title) as printed."""
    for part in (tables.ordinaria.commission, tables.suplementar.commission, tables.suplementar.effective):
        for fr in part.rows:
            yield fr.current.function
            yield fr.proposed.function
    for b in tables.ordinaria.series.blocks:
        yield b.title
        for sr in b.rows:
            for post in sr.current:
                yield post.function


def iter_texts(tables: Tables) -> Iterator[tuple[str, int]]:
    """Every other printed text with its line: titles, labels, headers, observations, stray cells."""
    e, o, s, d = tables.escala, tables.ordinaria, tables.suplementar, tables.diaristas
    for label in (
        e.title,
        o.heading,
        o.title,
        o.commission.label,
        o.series.label,
        s.title,
        s.commission.label,
        s.effective.label,
        d.title,
    ):
        yield label.printed, label.line
    for headers in (
        e.headers,
        o.commission.headers,
        o.series.headers,
        s.commission.headers,
        s.effective.headers,
        d.headers,
    ):
        for h in headers:
            yield h.printed, h.line
    for part in (o.commission, s.commission, s.effective):
        for fr in part.rows:
            if fr.observation is not None:
                yield fr.observation.text, fr.observation.line
    for sc in iter_stray_cells(tables):
        yield sc.printed, sc.line


def iter_stray_cells(tables: Tables) -> Iterator[StrayCell]:
    yield from tables.ordinaria.commission.stray_cells
    for b in tables.ordinaria.series.blocks:
        yield from b.stray_cells
    yield from tables.suplementar.commission.stray_cells
    yield from tables.suplementar.effective.stray_cells
