"""Test-only helpers over the typed tables of Decreto nº 17.961/1945 (:mod:`macros.data.tables`).

They read printed figures independently of the data's own values (so a test can check that
each ``value`` agrees with its ``printed`` form) and walk every printed name and text (so the
fidelity tests can find every token of the source). The build needs none of this.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal

from macros.data.tables import Figure, Name, StrayCell, Tables

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


def has_note(figure: Figure, *types: str) -> bool:
    """Whether the figure carries a note of one of these types."""
    return any(n.type in types for n in figure.notes)


# ------------------------------------------------------------------ walking
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
