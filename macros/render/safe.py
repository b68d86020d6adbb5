"""Markup for pages that Markdown reads after the macros: every text from data stays text.

The macros' HTML goes into Markdown pages, and Markdown still reads the text between inline
tags: a ``[x](javascript:…)`` in a short title would become a link, a backtick a code span, a
backslash would vanish. :class:`Markup` escapes HTML as :class:`markupsafe.Markup` does, and
also writes Markdown's link, code, emphasis and escape characters as numeric character
references, which Markdown leaves alone and the browser shows as the characters themselves.
An apostrophe is written as is (``&#39;`` would show in the table of contents): outside
attribute values it needs no escape, and every attribute here is double-quoted.

Every ``render`` module imports ``Markup`` and ``escape`` from here; a field that is Markdown by
its schema would be rendered by Markdown deliberately (none is, today).
"""

from __future__ import annotations

import json
import re
from typing import Any

import markupsafe

# HTML's specials, and Markdown's that could turn text into markup: code spans, emphasis, backslash
# escapes; and a closing bracket that would make a link, an image or a link definition
# («](», «][», «]:»). A bracket alone makes nothing, and stays as typed (attribute values such
# as ``prorrogacoes[0].horas`` keep theirs). One pass, so no reference is escaped twice.
_TEXT = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "`": "&#96;", "*": "&#42;", "\\": "&#92;"}
_MARKDOWN = str.maketrans(_TEXT)
_LINK = re.compile(r"\](?=[(\[:])")
# In a heading also its attribute list ({ #id }), a closing #, emphasis with _ and images' !.
HEADING = str.maketrans({**_TEXT, "[": "&#91;", "]": "&#93;", "{": "&#123;", "}": "&#125;", "#": "&#35;",
                        "_": "&#95;", "!": "&#33;"})


class Markup(markupsafe.Markup):
    """:class:`markupsafe.Markup` whose escape also neutralises Markdown."""

    __slots__ = ()

    @classmethod
    def escape(cls, s: Any) -> Markup:
        if hasattr(s, "__html__"):
            return cls(s.__html__())
        return cls(text(s))


def text(value: Any) -> str:
    """``value`` as inert text for a Markdown page (HTML and Markdown specials escaped)."""
    return _LINK.sub("&#93;", str(value).translate(_MARKDOWN))


def escape(value: Any) -> Markup:
    """The function form of :meth:`Markup.escape`."""
    return Markup.escape(value)


def json_in_html(value: Any) -> str:
    """JSON for a ``<script type="application/ld+json">`` block: ``<``, ``>`` and ``&`` as ``\\u``
    escapes, so neither ``</script>`` nor ``<!--`` in a value can end or swallow the block (an
    HTML parser reads a script's text up to the first ``</script``; after ``<!--<script`` even
    that is skipped, and the rest of the page becomes the script)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
