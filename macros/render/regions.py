"""Wide blocks never widen the page: every bare table scrolls inside its own labelled region.

Python-Markdown writes a Markdown table as a bare ``<table>``. On a 360 px phone (or with a wider
font than ours) such a table can be wider than the screen; here, after the page is rendered, each
bare table not already inside a region is wrapped in ``<div class="tabela-rolagem" role="region"
tabindex="0" aria-label="Tabela: <heading>">``: it scrolls inside that box (a keyboard user can
focus it and scroll with the arrows), and the page itself never scrolls sideways. The label is the
text of the nearest heading above the table.
"""

from __future__ import annotations

import html
import re

BARE_TABLE = re.compile(r"<table>")
HEADING = re.compile(r"<h[1-6][^>]*>(.*?)</h[1-6]>", re.S)
TAG = re.compile(r"<[^>]+>")
REGION_OPEN = re.compile(r'<div[^>]*role="region"[^>]*>\s*$')


def _heading_before(text: str) -> str:
    headings = HEADING.findall(text)
    if not headings:
        return ""
    last = html.unescape(TAG.sub("", headings[-1])).replace("¶", "").strip().rstrip("#").strip()
    return last


def wrap_bare_tables(content: str) -> str:
    """Wrap each bare ``<table>…</table>`` that is not already in a region (see module doc)."""
    out: list[str] = []
    pos = 0
    for match in BARE_TABLE.finditer(content):
        start = match.start()
        if start < pos:
            continue
        end = content.find("</table>", start)
        if end < 0:
            break
        end += len("</table>")
        before = content[:start]
        out.append(content[pos:start])
        if REGION_OPEN.search(before[-400:]):
            out.append(content[start:end])
        else:
            heading = _heading_before(before)
            label = f"Tabela: {heading}" if heading else "Tabela"
            out.append(
                f'<div class="tabela-rolagem" role="region" tabindex="0" aria-label="{html.escape(label)}">'
                f"{content[start:end]}</div>"
            )
        pos = end
    out.append(content[pos:])
    return "".join(out)
