"""The change log (``data/novidades.yaml``): what changed on the site that a reader would care
about, loaded once per build and checked.

The schema requires each entry's permanent id, date, kind, title and summary; this module checks
what a schema cannot: ids are unique, dates are real and not in the future, and every provision an
entry names exists in its statute. :class:`ChangeLog` gives the entries newest first (``/novidades/``
and ``/feed.xml``) and the latest entry that touched a provision (the «Atualizado em» marks): an
entry of kind ``hoje`` marks the «Hoje» box of each article it touches; an entry of kind ``nota``,
``tabela``, ``texto`` or ``remissao`` marks each provision itself.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .build_id import latest_date
from .loader import SCHEMAS, DataError, load_validated
from .model import Statute

MARKS_PROVISION = frozenset({"nota", "tabela", "texto", "remissao"})
"""Kinds whose entries mark the provisions themselves («Atualizado em» beside the text)."""
MARKS_TODAY = frozenset({"hoje"})
"""Kinds whose entries mark the «Hoje» box of each article they touch."""


def kind_labels() -> dict[str, str]:
    """Each kind's label, from the schema (``oneOf`` const/title)."""
    schema = json.loads((SCHEMAS / "novidades.schema.json").read_text(encoding="utf-8"))
    return {k["const"]: k["title"] for k in schema["$defs"]["entry"]["properties"]["kind"]["oneOf"]}


@dataclass(frozen=True)
class Change:
    """One entry of the change log."""

    id: str
    date: dt.date
    kind: str
    kind_label: str
    title: str
    summary: str
    provisions: Mapping[str, tuple[str, ...]]

    @property
    def anchor(self) -> str:
        return self.id


def article_of(provision: str) -> str:
    """``art7_par5_ali1`` → ``art7``; ``anx1_ali2`` → ``anx1``; ``preambulo`` stays."""
    return provision.split("_", 1)[0]


@dataclass(frozen=True)
class ChangeLog:
    """Every entry, newest first (file order among the same day)."""

    path: Path
    entries: tuple[Change, ...]

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.entries)

    def latest_for_provision(self, slug: str, provision: str) -> Change | None:
        """The newest entry that changed ``provision`` itself (kinds :data:`MARKS_PROVISION`)."""
        for change in self.entries:
            if change.kind in MARKS_PROVISION and provision in change.provisions.get(slug, ()):
                return change
        return None

    def latest_for_today(self, slug: str, article: str) -> Change | None:
        """The newest entry that changed the «Hoje» box of ``article`` (kinds :data:`MARKS_TODAY`)."""
        for change in self.entries:
            if change.kind in MARKS_TODAY and any(article_of(p) == article for p in change.provisions.get(slug, ())):
                return change
        return None


def build(raw: dict[str, Any], path: Path, statutes: Mapping[str, Statute],
          today: dt.date | None = None) -> ChangeLog:
    """Turn a validated file into a :class:`ChangeLog`, checking it against the statutes."""
    today = today or latest_date()
    labels = kind_labels()
    seen: set[str] = set()
    out: list[Change] = []
    for i, item in enumerate(raw["novidades"]):
        place = f"novidades[{i}]"
        if item["id"] in seen:
            raise DataError(path, f"{place}.id", f"id {item['id']!r} repetido")
        seen.add(item["id"])
        try:
            day = dt.date.fromisoformat(item["date"])
        except ValueError as exc:
            raise DataError(path, f"{place}.date", f"data inexistente: {item['date']!r}") from exc
        if day > today:
            raise DataError(path, f"{place}.date", f"data no futuro: {item['date']}")
        provisions: dict[str, tuple[str, ...]] = {}
        for slug, ids in item.get("provisions", {}).items():
            statute = statutes.get(slug)
            if statute is None:
                raise DataError(path, f"{place}.provisions.{slug}", f"não há ato {slug!r} em data/statutes")
            known = {node.id for node in statute.walk()}
            for j, node_id in enumerate(ids):
                if node_id not in known:
                    raise DataError(path, f"{place}.provisions.{slug}[{j}]",
                                    f"dispositivo {node_id!r} não existe em {slug}")
            provisions[slug] = tuple(ids)
        out.append(Change(item["id"], day, item["kind"], labels[item["kind"]], " ".join(item["title"].split()),
                          " ".join(item["summary"].split()), provisions))
    out.sort(key=lambda c: c.date, reverse=True)  # stable: file order within a day
    return ChangeLog(path, tuple(out))


def load_changes(path: Path, statutes: Mapping[str, Statute]) -> ChangeLog:
    """Read, validate and check ``data/novidades.yaml``."""
    return build(load_validated(path, "novidades"), path, statutes)
