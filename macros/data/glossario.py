"""The glossary of period and trade terms (``data/glossario.yaml``), shown as abbreviation tooltips.

- Markdown pages: at ``on_config`` the glossary is written as an abbreviations file
  (``*[terno]: Turma de trabalhadores…``) that ``pymdownx.snippets`` appends to every page, so
  the ``abbr`` extension marks each term with ``<abbr title>``; Material's ``content.tooltips``
  turns the title into a tooltip (``assets/glossario.js`` makes each one focusable, so a tap
  opens it on a phone).
- Statute pages, whose text is HTML rendered from data (Markdown extensions do not reach it):
  :func:`spans` gives the same ``<abbr title>`` for the first occurrence of each term in a
  provision, as one more layer over the text (the words themselves are untouched).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from markupsafe import escape

from .loader import DATA, DataError, load_validated
from .textspans import Span


@dataclass(frozen=True)
class Term:
    term: str
    forms: tuple[str, ...]
    definition: str


@dataclass(frozen=True)
class Glossary:
    """The validated glossary and, compiled once, the pattern that finds its forms in a text."""

    terms: tuple[Term, ...]
    pattern: re.Pattern[str]

    def definitions(self) -> dict[str, str]:
        """Each form's definition."""
        return {form: t.definition for t in self.terms for form in t.forms}

    def term_of(self, form: str) -> str:
        """The term a form belongs to."""
        return next(t.term for t in self.terms if form in t.forms)


def load_glossary(path: Path = DATA / "glossario.yaml") -> Glossary:
    """The validated glossary; a form used by two terms is a data error."""
    raw = load_validated(path, "glossario")
    seen: dict[str, str] = {}
    out: list[Term] = []
    for i, item in enumerate(raw["terms"]):
        for j, form in enumerate(item["forms"]):
            if form in seen:
                raise DataError(path, f"terms[{i}].forms[{j}]", f"forma {form!r} já pertence a {seen[form]!r}")
            seen[form] = item["term"]
        out.append(Term(item["term"], tuple(item["forms"]), " ".join(item["definition"].split())))
    forms = sorted((f for t in out for f in t.forms), key=len, reverse=True)
    pattern = re.compile(r"(?<![\w$-])(" + "|".join(re.escape(f) for f in forms) + r")(?![\w$-])")
    return Glossary(tuple(out), pattern)


def abbreviations(glossary: Glossary) -> str:
    """The glossary as Markdown abbreviation definitions (one per form)."""
    lines = [f"*[{form}]: {t.definition}" for t in glossary.terms for form in t.forms]
    return "\n".join(lines) + "\n"


def write_abbreviations(glossary: Glossary, folder: Path) -> Path:
    """Write the abbreviations file for ``pymdownx.snippets`` (``auto_append``)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "glossario.md"
    path.write_text("\n" + abbreviations(glossary), encoding="utf-8")
    return path


def spans(text: str, taken: list[Span], glossary: Glossary) -> list[Span]:
    """``<abbr title>`` over the first occurrence of each term, never crossing another layer."""
    out: list[Span] = []
    used: set[str] = set()
    definitions = glossary.definitions()
    for match in glossary.pattern.finditer(text):
        form = match.group(1)
        term = glossary.term_of(form)
        if term in used:
            continue
        start, end = match.span(1)
        if any(s.start < end and start < s.end and not (s.start <= start and end <= s.end) for s in taken + out):
            continue
        used.add(term)
        out.append(Span(start, end, f'<abbr title="{escape(definitions[form])}">', "</abbr>"))
    return out
