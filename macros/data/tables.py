"""Typed model of the tables of Decreto nº 17.961/1945 (``data/tables/*.yaml``).

Every table file is read once through :func:`macros.data.loader.load_validated` (schema ``tables``)
and turned into frozen dataclasses with ``int`` counts and ``Decimal`` money. Printed figures
keep their printed string; printed totals are kept as data (``printed_totals``) and the column
sums are *computed* here (``computed_totals``), never stored.

:func:`checks` lists every arithmetic identity the tables must satisfy (column sums, proposed =
current − excedentes + vagas, referências in the escala, diaristas' annual expense). Each check
can be evaluated on the printed values or on the reconciled ones (a note's ``reconciling_value``
in place of the printed figure), so that tests and pages can say which figures do not add up and
what would reconcile them. :func:`audit` runs when the build loads the tables
(:func:`macros.data.site.load`): a figure that does not add up without its note, a note without
a failing figure, or a reconciling value that does not reconcile stops the build with the file,
the place and the reason, as a broken statute does. No rendering and no pay rules live here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal

from macros.data.loader import DATA, DataError, check_against_source, check_source, load_validated
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
    if not raw.get("notes"):
        return ()
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
    id: str  # the row's anchor on the pages (``ref-17``), frozen once published
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

    def row_for(self, reference: int) -> EscalaRow:
        """The row of a referência (raises KeyError when the scale has none)."""
        for row in self.rows:
            if row.reference.value == reference:
                return row
        raise KeyError(reference)

    def salary_for(self, reference: int) -> Decimal:
        salary = self.row_for(reference).salary.value
        if not isinstance(salary, Decimal):
            raise KeyError(reference)
        return salary

    @property
    def references(self) -> frozenset[int]:
        return frozenset(int(r.reference.value) for r in self.rows if r.reference.value is not None)


@dataclass(frozen=True, eq=False)
class FunctionsRow:
    id: str  # ``ordinaria-comissao-l1``
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
    id: str  # ``serie-escriturario-ref-17``
    source_lines: tuple[int, int]
    reference: Figure
    current: tuple[Post, ...]
    proposed_count: Figure
    excedentes: Figure
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
        """Column sums of the printed values: current_count, proposed_count, excedentes, vacancies."""
        return {k: count_total(self.column(k)) for k in ("current_count", "proposed_count", "excedentes", "vacancies")}


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
    id: str  # ``diaristas-l1``
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



@dataclass(frozen=True, eq=False)
class Tables:
    escala: Escala
    ordinaria: Ordinaria
    suplementar: Suplementar
    diaristas: Diaristas
    files: tuple[Path, ...]
    documents: Mapping[str, Any] = field(default_factory=dict)
    """Each file's validated document by kind, as read (published in ``/dados/tabelas-1945.json``)."""
    source_file: str = ""
    """The source document of the four tables (each file's ``source.file``; they must agree)."""
    source_lines: tuple[int, int] = (0, 0)
    """The tables' region of the source document: the first and last of the files' ``source.lines``."""


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
                r["id"],
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
                r["id"],
                _lines(r["source_lines"]),
                _reference(r["reference"]),
                tuple(_post(p) for p in r["current"]),
                _count(r["proposed_count"]),
                _count(r["excedentes"]),
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
            EscalaRow(r["id"], _lines(r["source_lines"]), _reference(r["reference"]), _money(r["salary"]), _notes(r))
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
        DiaristaRow(r["id"], _lines(r["source_lines"]), _diaristas_side(r["current"]),
                    _diaristas_side(r["proposed"]), _notes(r))
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
    documents: dict[str, Any] = {}
    seen_ids: dict[str, tuple[Path, str]] = {}
    files = tuple(sorted(directory.glob("*.yaml")))
    for path in files:
        raw = load_validated(path, SCHEMA)
        check_source(path, "source.file", raw["source"]["file"])
        check_against_source(path, raw, raw["source"]["file"])
        first_source = next(iter(documents.values()), raw)["source"]["file"]
        if raw["source"]["file"] != first_source:
            raise DataError(path, "source.file", f"documento-fonte {raw['source']['file']!r} difere do das outras "
                                                 f"tabelas ({first_source!r})")
        for ident, place in _ids(raw):
            if ident in seen_ids:
                first, first_place = seen_ids[ident]
                raise DataError(path, place, f"id {ident!r} repetido (já usado em {first.name}, {first_place})")
            seen_ids[ident] = (path, place)
        table = build(raw, path)
        if type(table) in found:
            raise DataError(path, "kind", f"tipo de tabela repetido (já definido em {found[type(table)].file.name})")
        found[type(table)] = table
        documents[raw["kind"]] = raw
    for cls, label in (
        (Escala, "escala"),
        (Ordinaria, "ordinaria"),
        (Suplementar, "suplementar"),
        (Diaristas, "diaristas"),
    ):
        if cls not in found:
            raise DataError(directory, "", f"falta a tabela de tipo '{label}'")
    lines = [doc["source"]["lines"] for doc in documents.values()]
    return Tables(found[Escala], found[Ordinaria], found[Suplementar], found[Diaristas], files, documents,
                  source_file=next(iter(documents.values()))["source"]["file"],
                  source_lines=(min(first for first, _ in lines), max(last for _, last in lines)))


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
    key: str, place: str, current: list[Figure], excedentes: Figure | None, vacancies: Figure | None, proposed: Figure
) -> Check:
    def rule(v: Value) -> bool:
        cur = total(v(c) for c in current)
        exc = v(excedentes) if excedentes is not None else 0
        vac = v(vacancies) if vacancies is not None else 0
        return cur - exc + vac == v(proposed)

    cells = (*current, *(f for f in (excedentes, vacancies) if f is not None), proposed)
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
    "excedentes": "excedentes",
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
                    r.excedentes,
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
                t["excedentes"],
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


# ------------------------------------------------------------------ audit
#: Note types that state a reconciling value (the figure that would make the sum close).
MISMATCH_TYPES = frozenset({"total_mismatch", "identity_mismatch", "annual_mismatch"})


def _figures_of(table: Escala | Ordinaria | Suplementar | Diaristas) -> Iterator[Figure]:
    """Every printed figure of one table."""
    if isinstance(table, Escala):
        for r in table.rows:
            yield r.reference
            yield r.salary
        return
    if isinstance(table, Diaristas):
        for dr in table.rows:
            for side in (dr.current, dr.proposed):
                yield side.count
                yield side.daily_salary
                yield side.annual_expense
        for totals in table.printed_totals.values():
            yield from totals.values()
        return
    parts = (table.commission, table.effective) if isinstance(table, Suplementar) else (table.commission,)
    for part in parts:
        for fr in part.rows:
            for post in (fr.current, fr.proposed):
                yield post.count
                yield post.salary
            if fr.vacancies is not None:
                yield fr.vacancies
        yield from part.printed_totals.values()
    if isinstance(table, Ordinaria):
        for b in table.series.blocks:
            for sr in b.rows:
                yield sr.reference
                for post in sr.current:
                    yield post.count
                    yield post.salary
                yield sr.proposed_count
                yield sr.excedentes
                yield sr.vacancies
            yield from b.printed_totals.values()


def audit_problems(tables: Tables) -> list[DataError]:
    """Every disagreement between the figures and their notes, each with file, place and reason.

    - a check that fails on the printed figures (a column that does not add up to its printed
      total, proposta ≠ atual − excedentes + vagas, a referência not in the escala, a diaristas'
      annual expense ≠ count × daily salary × days) must carry a note of the matching type
      (:data:`EXPLAINED_BY`) on one of its figures;
    - such a note must sit on a figure of a check of its kind that does fail (no stale note), and
      a mismatch note must give its reconciling value;
    - with the reconciling values in place of the printed figures, every arithmetic check holds.
    """
    files = {id(fig): table.file for table in (tables.escala, tables.ordinaria, tables.suplementar, tables.diaristas)
             for fig in _figures_of(table)}
    problems: list[DataError] = []
    all_checks = checks(tables)
    failing = [c for c in all_checks if not c.holds(printed_value)]

    def error(check: Check, reason: str) -> DataError:
        line = min(f.line for f in check.cells)
        return DataError(files[id(check.cells[0])], f"{check.place} (linha {line} do documento-fonte)",
                         f"{reason} [verificação {check.key}]")

    for c in failing:
        if not c.explaining_notes():
            problems.append(error(c, f"a conta não confere e nenhuma nota '{EXPLAINED_BY[c.kind]}' a explica"))
    kind_of = {v: k for k, v in EXPLAINED_BY.items()}
    for fig in iter_figures(tables):
        place = f"linha {fig.line} do documento-fonte, {fig.printed!r}"
        for n in fig.notes:
            if n.type not in kind_of:
                continue
            if not any(c.kind == kind_of[n.type] and any(x is fig for x in c.cells) for c in failing):
                problems.append(DataError(files[id(fig)], place,
                                          f"nota '{n.type}' sem inconsistência correspondente"))
            if n.type in MISMATCH_TYPES and n.reconciling_value is None:
                problems.append(DataError(files[id(fig)], place, f"nota '{n.type}' sem reconciling_value"))
    for c in all_checks:
        if c.kind == "scale":
            continue
        try:
            ok = c.holds(reconciled_value)
        except ValueError as exc:  # divergent reconciling values on one figure
            problems.append(error(c, str(exc)))
            continue
        if not ok:
            problems.append(error(c, "o valor conciliador da nota não concilia a conta"))
    return problems


def audit(tables: Tables) -> None:
    """Stop at the first disagreement between figures and notes (:func:`audit_problems`)."""
    problems = audit_problems(tables)
    if problems:
        raise problems[0]


# ------------------------------------------------------------------ walking
def iter_figures(tables: Tables) -> Iterator[Figure]:
    """Every printed figure (count, money, referência) of every table, table by table."""
    for table in (tables.escala, tables.ordinaria, tables.suplementar, tables.diaristas):
        yield from _figures_of(table)
