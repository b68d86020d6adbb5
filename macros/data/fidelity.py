"""Fidelity of a statute's data to its source document, checked at every build (issue 19).

Two checks, each stopping the build with the file, the place and the reason (:class:`DataError`):

- :func:`check_source_hash`: the source document is byte for byte the one the statute was
  transcribed from (``source.sha256`` in ``data/statutes/<slug>.yaml``). A changed source file
  (re-encoded, re-typed, replaced) is refused until someone compares it with the text and records
  the new hash.
- :func:`check_statute_text`: the words of the provisions, in the order the page shows them
  (label, text, quoted lines, annexed table, signatures, the repeated passage of a ``duplicated``
  note; in an annex the table before the text), are the words of the source's transcribed lines
  (``source.lines``, or the whole file), once the documented normalisation and the declared
  ``fidelity`` substitutions of the notes are applied. A provision edited by hand, a word dropped
  or a line moved is refused, naming the provision and the source line where they part.

Normalisation (``data/README.md``, «Normalização do teste de fidelidade»): only whitespace, and
runs of four or more dots (fill leaders), which are separators. The test of the rendered page
(``tests/test_site_build.py``, ``test_fidelity_statute_text``) uses the same :func:`tokens`.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from .loader import DATA, DataError

if TYPE_CHECKING:
    from .model import Node, Statute

LEADERS = re.compile(r"\.{4,}")


def tokens(text: str) -> list[str]:
    """Whitespace tokens after turning fill leaders into separators."""
    return LEADERS.sub(" ", text).split()


def sha256_of(path: Path) -> str:
    """The SHA-256 of a file's bytes, in hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check_source_hash(path: Path, place: str, source: Path, recorded: str) -> None:
    """The source document ``source`` must still have the SHA-256 recorded at ``place`` of ``path``."""
    name = source.name
    actual = sha256_of(source)
    if actual != recorded:
        raise DataError(
            path, place,
            f"o documento-fonte {name} mudou: o SHA-256 dele é {actual}, e o registrado é {recorded}. "
            "Os documentos-fonte nunca são editados; se a troca é intencional, confira o texto de cada "
            "dispositivo contra o novo arquivo e registre o novo SHA-256",
        )


def _words(text: str, origin: str) -> list[tuple[str, str]]:
    return [(word, origin) for word in tokens(text)]


def _node_words(node: Node, place: str) -> Iterator[tuple[str, str]]:
    """The words a node shows as source text, in page order, each with its place in the file."""
    table: list[tuple[str, str]] = []
    if node.table:
        for k, line in enumerate(node.table.get("heading_lines", [])):
            table += _words(line, f"{place}.table.heading_lines[{k}]")
        for k, column in enumerate(node.table.get("columns", [])):
            table += _words(column, f"{place}.table.columns[{k}]")
        for g, group in enumerate(node.table["groups"]):
            table += _words(group.get("label") or "", f"{place}.table.groups[{g}].label")
            for r, row in enumerate(group["rows"]):
                for c, cell in enumerate(row["cells"]):
                    table += _words(cell, f"{place}.table.groups[{g}].rows[{r}].cells[{c}]")
    label = _words(node.label or "", f"{place}.label")
    text = _words(node.text or "", f"{place}.text")
    if node.type == "anexo":
        yield from label + table + text
    else:
        yield from label + text
        for k, line in enumerate(node.quoted):
            yield from _words(line, f"{place}.quoted[{k}]")
        yield from table
        for k, name in enumerate(node.signatures):
            yield from _words(name, f"{place}.signatures[{k}]")
        for k, note in enumerate(node.notes):
            if note.duplicate:
                yield from _words(note.duplicate, f"{place}.notes[{k}].duplicate")
    for i, child in enumerate(node.children):
        yield from _node_words(child, f"{place}.children[{i}]")


def _substitutions(node: Node, place: str) -> Iterator[tuple[str, str, str]]:
    """Every declared ``fidelity`` substitution (source, page, place) of a node and its children."""
    for k, note in enumerate(node.notes):
        for j, (before, after) in enumerate(note.fidelity):
            yield before, after, f"{place}.notes[{k}].fidelity[{j}].source"
    if node.table:
        for g, group in enumerate(node.table["groups"]):
            for r, row in enumerate(group["rows"]):
                for k, note in enumerate(row.get("_notes", [])):
                    for j, (before, after) in enumerate(note.fidelity):
                        yield before, after, f"{place}.table.groups[{g}].rows[{r}].notes[{k}].fidelity[{j}].source"
    for i, child in enumerate(node.children):
        yield from _substitutions(child, f"{place}.children[{i}]")


def source_words(statute: Statute, sources: Path = DATA / "sources") -> list[tuple[str, int]]:
    """The words of the lines the statute transcribes, each with its line number in the source."""
    lines = (sources / statute.source_file).read_text(encoding="utf-8").splitlines()
    first, last = statute.source_lines or (1, len(lines))
    return [(word, n) for n in range(first, last + 1) for word in tokens(lines[n - 1])]


def _apply(statute: Statute, words: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The source words with each declared substitution applied (each must occur exactly once)."""
    out = list(words)
    for i, node in enumerate(statute.body):
        for before, after, place in _substitutions(node, f"body[{i}]"):
            old, new = tokens(before), tokens(after)
            plain = [w for w, _ in out]
            hits = [k for k in range(len(plain) - len(old) + 1) if plain[k : k + len(old)] == old]
            if len(hits) != 1:
                raise DataError(statute.path, place,
                                f"o trecho declarado {before!r} ocorre {len(hits)} vez(es) nas linhas transcritas "
                                f"do documento-fonte {statute.source_file} (deve ocorrer exatamente uma)")
            k = hits[0]
            line = out[k][1]
            out[k : k + len(old)] = [(w, line) for w in new]
    return out


def _excerpt(words: list[str], at: int) -> str:
    return " ".join(words[max(0, at - 4) : at + 6])


def check_statute_text(statute: Statute, sources: Path = DATA / "sources") -> None:
    """The provisions' words, in page order, are the source's words (see the module doc)."""
    expected = _apply(statute, source_words(statute, sources))
    actual = [w for i, node in enumerate(statute.body) for w in _node_words(node, f"body[{i}]")]
    source = statute.source_file
    for k, ((word, line), (shown, place)) in enumerate(zip(expected, actual, strict=False)):
        if word != shown:
            raise DataError(
                statute.path, place,
                f"o texto não confere com o documento-fonte {source}, linha {line}: o fonte diz "
                f"«{_excerpt([w for w, _ in expected], k)}», os dados dizem «{_excerpt([w for w, _ in actual], k)}»",
            )
    if len(actual) > len(expected):
        k = len(expected)
        raise DataError(statute.path, actual[k][1],
                        f"texto a mais, que não está nas linhas transcritas do documento-fonte {source}: "
                        f"«{_excerpt([w for w, _ in actual], k)}»")
    if len(expected) > len(actual):
        k = len(actual)
        place = actual[-1][1] if actual else "body"
        raise DataError(statute.path, place,
                        f"falta texto do documento-fonte {source} a partir da linha {expected[k][1]}: "
                        f"«{_excerpt([w for w, _ in expected], k)}»")
