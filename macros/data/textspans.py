"""Render a provision's text as escaped HTML with its layers: anomaly marks, vetoes, links.

Text is data, never Markdown or HTML: it is escaped here, and the only markup added comes from
the layers kept beside it (notes with a quote, citations). Spans may nest but not cross; a
crossing pair is a data error.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from markupsafe import Markup, escape

from .model import Citation
from .notes import Note


@dataclass(frozen=True)
class Span:
    """A layer over ``text[start:end]``."""

    start: int
    end: int
    open: str
    close: str
    after: str = ""


class CrossingSpansError(ValueError):
    """Two layers overlap without one containing the other."""


def _find(text: str, quote: str, occurrence: int) -> int:
    index = -1
    for _ in range(occurrence):
        index = text.find(quote, index + 1)
        if index < 0:
            raise ValueError(f"trecho {quote!r} não encontrado")
    return index


def note_span(text: str, note: Note, number: int) -> Span | None:
    """The mark for a note whose quote is in ``text``: highlighted, with a numbered link."""
    if not note.quote or note.quote not in text:
        return None
    start = text.index(note.quote)
    css = "veto" if note.type == "veto" else "anomalia"
    ref = (
        f'<sup class="nota-ref" data-nosrc data-search-exclude>'
        f'<a href="#{note.anchor}" aria-label="Nota editorial {number}">[{number}]</a></sup>'
    )
    return Span(start, start + len(note.quote), f'<mark class="{css}" title="{escape(note.label)}">',
                "</mark>", ref)


def citation_span(text: str, citation: Citation, resolve: Callable[[str], str]) -> Span:
    """A link from the quoted words to the citation's target."""
    start = _find(text, citation.quote, citation.occurrence)
    href = escape(resolve(citation.target))
    return Span(start, start + len(citation.quote), f'<a class="remissao" href="{href}">', "</a>")


def render(text: str, spans: list[Span]) -> Markup:
    """Escape ``text`` and apply ``spans`` (nested, never crossing)."""
    ordered = sorted(spans, key=lambda s: (s.start, -s.end))
    stack: list[Span] = []
    for span in ordered:
        while stack and stack[-1].end <= span.start:
            stack.pop()
        if stack and span.end > stack[-1].end:
            outer = stack[-1]
            raise CrossingSpansError(
                f"camadas cruzadas em {text[outer.start:outer.end]!r} e {text[span.start:span.end]!r}"
            )
        stack.append(span)
    events: list[tuple[int, int, int]] = []
    for order, span in enumerate(ordered):
        events.append((span.start, 1, order))
        events.append((span.end, 0, order))
    # At one position: closes first (innermost first), then opens (outermost first).
    events.sort(key=lambda e: (e[0], e[1], -e[2] if e[1] == 0 else e[2]))
    out: list[str] = []
    pos = 0
    # Open spans with what must follow them; a note reference inside a link is moved after the
    # outermost enclosing link, so that links never nest.
    opened: list[tuple[Span, list[str]]] = []
    for at, kind, order in events:
        out.append(str(escape(text[pos:at])))
        pos = at
        span = ordered[order]
        if kind == 1:
            out.append(span.open)
            opened.append((span, []))
            continue
        closed, pending = opened.pop()
        assert closed is span
        trailing = span.after + "".join(pending)
        links = [p for s, p in opened if s.open.startswith("<a")]
        if links and trailing:
            links[0].append(trailing)
            out.append(span.close)
        else:
            out.append(span.close + trailing)
    out.append(str(escape(text[pos:])))
    return Markup("".join(out))
