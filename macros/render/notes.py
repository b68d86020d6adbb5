"""The one renderer of an editorial note (statute pages and 1945 tables pages).

A note is an ``<aside role="note">`` numbered like its reference in the text, with the note's
kind (its label in the data schema, :mod:`macros.data.notes`) in bold, then what the note
concerns (tables: the cell or row) and its text. Everything from the data is escaped; the
printed text a note quotes is highlighted in the text itself by :mod:`macros.data.textspans`.
"""

from __future__ import annotations

from decimal import Decimal

from calculators.core.money import format_decimal

from ..data.acts import Registry
from ..data.notes import Note
from .acts import linked
from .safe import Markup, escape


def note_aside(
    note: Note,
    number: int,
    *,
    anchor: str,
    heading: str,
    concerns: str | None = None,
    search_title: str | None = None,
    show_quote: bool = False,
    acts: Registry,
    root: str | None = None,
    skip: str | None = None,
) -> Markup:
    """The note as an aside. ``heading`` leads it (``Nota editorial — erro tipográfico:``, or the
    kind followed by ``concerns``); ``show_quote`` repeats the printed words it is about (where
    they are not highlighted in the text); a duplicated line and a reconciling value, when the
    note has them, close it. The acts the note names link to the registry's addresses
    (:func:`macros.render.acts.linked`; ``root`` and ``skip`` as there)."""

    title = f' data-search-title="{escape(search_title)}"' if search_title else ""
    if concerns is None:
        lead = f"<strong>{escape(heading)}:</strong> "
    else:
        lead = f'<strong>{escape(heading)}</strong> — <span class="nota-alvo">{escape(concerns)}</span>: '
    tail = []
    if note.duplicate:
        tail.append(f'<span class="nota-duplicata">Linha repetida no documento-fonte: '
                    f'<q class="src">{escape(note.duplicate)}</q></span>')
    if show_quote and note.quote:
        tail.append(f' <span class="nota-impresso">Impresso: «{escape(note.quote)}».</span>')
    value = note.reconciling_value
    if value is not None:
        shown = format_decimal(value, 2) if isinstance(value, Decimal) else str(value)
        tail.append(f' <span class="nota-concilia">Valor que concilia: <strong>{escape(shown)}</strong> '
                    "(mostrado à parte; o impresso não é substituído).</span>")
    text = linked(note.text, acts, root, skip)
    return Markup(
        f'<aside class="nota nota--{escape(note.type)}" id="{escape(anchor)}" role="note" data-search-exclude{title}>'
        f'<span class="nota-numero">[{number}]</span> {lead}{text}{"".join(tail)}</aside>'
    )
