"""Typed model of a statute file, built once from validated data.

The JSON Schema checks shape; this module checks what a schema cannot: every id follows the
LexML grammar (:mod:`macros.data.ids`) and is unique within its statute, every child id extends its
parent's, every note or citation quote occurs in its provision, and every in-statute citation
points at an existing id. A violation raises :class:`macros.data.loader.DataError` naming the file,
the place and the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import ids
from .loader import DataError, check_against_source, check_source, load_validated
from .notes import Note, note_labels


@dataclass(frozen=True)
class Fact:
    """A fact of identification; ``editorial`` when it is not in the source document."""

    value: str | None
    editorial: bool
    note: str | None = None
    attributed: bool = False
    #: Only on ``publication``: journal, section, place, page (or None) and ISO date (NBR 6023).
    details: dict[str, Any] | None = None


@dataclass(frozen=True)
class Citation:
    """A link from an exact quote of a provision's text to a target."""

    quote: str
    target: str
    occurrence: int = 1


@dataclass
class Node:
    """One provision (or non-articulated part) of a statute."""

    id: str
    type: str
    label: str | None = None
    text: str | None = None
    quoted: list[str] = field(default_factory=list)
    signatures: list[str] = field(default_factory=list)
    table: dict[str, Any] | None = None
    notes: list[Note] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    children: list[Node] = field(default_factory=list)

    def walk(self) -> list[Node]:
        """This node and all its descendants, in document order."""
        out = [self]
        for child in self.children:
            out.extend(child.walk())
        return out

    @property
    def citation_label(self) -> str:
        return ids.citation_label(self.id)


@dataclass
class Statute:
    """A statute as published on the site."""

    slug: str
    path: Path
    title: str
    """How the edition names the act in running text (the citation's title is :func:`cite.title`)."""
    short_title: str
    """The act's short name, before a provision in short citations (``Lei nº 4.860/1965, art. 7º``)."""
    source_file: str
    source_sha256: str
    """The SHA-256 of the source document the text was transcribed from (checked at every build)."""
    source_description: str
    source_lines: tuple[int, int] | None
    """The lines of the source document this page transcribes (None: the whole document)."""
    identification: dict[str, Fact]
    signatories: list[tuple[str, Fact]]
    status: dict[str, Any]
    currency: str
    summary: str
    editorial_choices: list[str]
    related: list[str]
    body: list[Node]

    @property
    def urn(self) -> str:
        value = self.identification["urn"].value
        assert value is not None
        return value

    def walk(self) -> list[Node]:
        out: list[Node] = []
        for node in self.body:
            out.extend(node.walk())
        return out

    def node(self, node_id: str) -> Node:
        for node in self.walk():
            if node.id == node_id:
                return node
        raise KeyError(node_id)

    def notes(self) -> list[tuple[Node, Note]]:
        """Every note with its provision, in document order (table-row notes included)."""
        out: list[tuple[Node, Note]] = []
        for node in self.walk():
            out.extend((node, note) for note in node.notes)
            for row_note in table_row_notes(node):
                out.append((node, row_note))
        return out


def table_row_notes(node: Node) -> list[Note]:
    """Notes attached to rows of an annexed model table."""
    out: list[Note] = []
    if not node.table:
        return out
    for group in node.table["groups"]:
        for row in group["rows"]:
            out.extend(row.get("_notes", []))
    return out


def _fact(raw: dict[str, Any]) -> Fact:
    return Fact(raw["value"], raw["editorial"], raw.get("note"), raw.get("attributed", False), raw.get("details"))


def _notes(raw: list[dict[str, Any]], anchor_base: str, start: int = 1) -> list[Note]:
    if not raw:
        return []
    labels = note_labels("statute")
    return [
        Note(
            anchor=f"nota-{anchor_base}-{i}",
            type=n["type"],
            label=labels[n["type"]],
            text=n["text"],
            quote=n.get("quote"),
            duplicate=n.get("duplicate"),
            fidelity=tuple((f["source"], f["page"]) for f in n.get("fidelity", [])),
        )
        for i, n in enumerate(raw, start)
    ]


class _Builder:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.seen: dict[str, str] = {}

    def fail(self, place: str, reason: str) -> DataError:
        return DataError(self.path, place, reason)

    def node(self, raw: dict[str, Any], place: str, parent: str | None) -> Node:
        node_id = raw["id"]
        if not ids.is_valid(node_id):
            try:
                ids.ProvisionId(node_id)
            except ids.InvalidIdError as exc:
                raise self.fail(f"{place}.id", str(exc)) from exc
        if node_id in self.seen:
            raise self.fail(f"{place}.id", f"id {node_id!r} repetido (já usado em {self.seen[node_id]})")
        self.seen[node_id] = place
        actual_parent = ids.ProvisionId(node_id).parent
        if actual_parent != parent:
            raise self.fail(
                f"{place}.id",
                f"id {node_id!r} não corresponde à posição na árvore (pai esperado: {parent!r})",
            )
        searchable = " ".join(x for x in [raw.get("label"), raw.get("text"), *raw.get("quoted", [])] if x)
        notes = _notes(raw.get("notes", []), node_id)
        for i, note in enumerate(notes):
            if note.quote and note.quote not in searchable:
                raise self.fail(f"{place}.notes[{i}].quote", f"trecho {note.quote!r} não ocorre no dispositivo")
            if (note.type == "duplicated") != (note.duplicate is not None):
                raise self.fail(
                    f"{place}.notes[{i}]", "'duplicate' é obrigatório em notas 'duplicated' e só nelas"
                )
        citations = [Citation(c["quote"], c["target"], c.get("occurrence", 1)) for c in raw.get("citations", [])]
        for i, cit in enumerate(citations):
            count = (raw.get("text") or "").count(cit.quote)
            if count < cit.occurrence:
                raise self.fail(
                    f"{place}.citations[{i}].quote",
                    f"trecho {cit.quote!r} não ocorre {cit.occurrence} vez(es) no texto",
                )
        table = raw.get("table")
        if table is not None:
            table = {**table, "groups": [dict(g) for g in table["groups"]]}
            counter = len(notes)
            for gi, group in enumerate(table["groups"]):
                rows = []
                for ri, row in enumerate(group["rows"]):
                    row_notes = _notes(row.get("notes", []), node_id, counter + 1)
                    counter += len(row_notes)
                    joined = " ".join(row["cells"])
                    for ni, note in enumerate(row_notes):
                        if note.quote and note.quote not in joined:
                            raise self.fail(
                                f"{place}.table.groups[{gi}].rows[{ri}].notes[{ni}].quote",
                                f"trecho {note.quote!r} não ocorre na linha da tabela",
                            )
                    rows.append({"cells": row["cells"], "_notes": row_notes})
                group["rows"] = rows
        children = [
            self.node(child, f"{place}.children[{i}]", node_id) for i, child in enumerate(raw.get("children", []))
        ]
        return Node(
            id=node_id,
            type=raw["type"],
            label=raw.get("label"),
            text=raw.get("text"),
            quoted=list(raw.get("quoted", [])),
            signatures=list(raw.get("signatures", [])),
            table=table,
            notes=notes,
            citations=citations,
            children=children,
        )


def build_statute(raw: dict[str, Any], path: Path) -> Statute:
    """Turn validated data into a :class:`Statute`, checking what the schema cannot."""
    builder = _Builder(path)
    expected_slug = path.stem
    if raw["slug"] != expected_slug:
        raise DataError(path, "slug", f"slug {raw['slug']!r} difere do nome do arquivo ({expected_slug!r})")
    check_source(path, "source.file", raw["source"]["file"])
    check_against_source(path, raw, raw["source"]["file"])
    body = [builder.node(node, f"body[{i}]", None) for i, node in enumerate(raw["body"])]
    statute = Statute(
        slug=raw["slug"],
        path=path,
        title=raw["title"],
        short_title=raw["short_title"],
        source_file=raw["source"]["file"],
        source_sha256=raw["source"]["sha256"],
        source_description=raw["source"]["description"],
        source_lines=(raw["source"]["lines"][0], raw["source"]["lines"][1]) if "lines" in raw["source"] else None,
        identification={k: _fact(v) for k, v in raw["identification"].items() if k != "signatories"},
        signatories=[(s["name"], _fact(s["role"])) for s in raw["identification"]["signatories"]],
        status=dict(raw["status"]),
        currency=raw["currency"],
        summary=raw["summary"],
        editorial_choices=list(raw["editorial_choices"]),
        related=[r["text"] for r in raw.get("related", [])],
        body=body,
    )
    all_ids = set(builder.seen)
    for node in statute.walk():
        for i, cit in enumerate(node.citations):
            if cit.target.startswith("#") and cit.target[1:] not in all_ids:
                raise DataError(
                    path,
                    f"{builder.seen[node.id]}.citations[{i}].target",
                    f"remissão para {cit.target!r}, que não existe neste ato",
                )
    return statute


def load_statute(path: Path) -> Statute:
    """Read, validate and build one statute file."""
    return build_statute(load_validated(path, "statute"), path)
