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
from functools import lru_cache
from pathlib import Path

from markupsafe import escape

from .loader import DATA, DataError, load_validated
from .textspans import Span


@dataclass(frozen=True)
class Term:
    term: str
    forms: tuple[str, ...]
    definition: str


@lru_cache(maxsize=1)
def glossary() -> tuple[Term, ...]:
    """The validated glossary; a form used by two terms is a data error."""
    path = DATA / "glossario.yaml"
    raw = load_validated(path, "glossario")
    seen: dict[str, str] = {}
    out: list[Term] = []
    for i, item in enumerate(raw["terms"]):
        for j, form in enumerate(item["forms"]):
            if form in seen:
                raise DataError(path, f"terms[{i}].forms[{j}]", f"forma {form!r} já pertence a {seen[form]!r}")
            seen[form] = item["term"]
        out.append(Term(item["term"], tuple(item["forms"]), " ".join(item["definition"].split())))
    return tuple(out)


def abbreviations() -> str:
    """The glossary as Markdown abbreviation definitions (one per form)."""
    lines = [f"*[{form}]: {t.definition}" for t in glossary() for form in t.forms]
    return "\n".join(lines) + "\n"


def write_abbreviations(folder: Path) -> Path:
    """Write the abbreviations file for ``pymdownx.snippets`` (``auto_append``)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "glossario.md"
    path.write_text("\n" + abbreviations(), encoding="utf-8")
    return path


@lru_cache(maxsize=1)
def _pattern() -> re.Pattern[str]:
    forms = sorted((f for t in glossary() for f in t.forms), key=len, reverse=True)
    return re.compile(r"(?<![\w$-])(" + "|".join(re.escape(f) for f in forms) + r")(?![\w$-])")


def _definitions() -> dict[str, str]:
    return {form: t.definition for t in glossary() for form in t.forms}


def spans(text: str, taken: list[Span]) -> list[Span]:
    """``<abbr title>`` over the first occurrence of each term, never crossing another layer."""
    out: list[Span] = []
    used: set[str] = set()
    definitions = _definitions()
    for match in _pattern().finditer(text):
        form = match.group(1)
        term = next(t.term for t in glossary() if form in t.forms)
        if term in used:
            continue
        start, end = match.span(1)
        if any(s.start < end and start < s.end and not (s.start <= start and end <= s.end) for s in taken + out):
            continue
        used.add(term)
        out.append(Span(start, end, f'<abbr title="{escape(definitions[form])}">', "</abbr>"))
    return out


def clear_pattern() -> None:
    """Forget the compiled pattern (a new build may read another glossary)."""
    _pattern.cache_clear()
