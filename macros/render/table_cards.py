"""Tables that read on a phone: below 480 px each row of a comparison table becomes a card (the
row's name on top, the current situation on the left and the proposed one on the right, then the
rest), with each value labelled by its column's header. Only CSS does the reflow
(``docs/assets/tabelas.css``, ``table.tabela-cartoes``), so it works without JavaScript; this
module writes what the CSS needs into the table, from the table's own header, for any table:

- ``data-rotulo`` on every body and footer cell: the header of its column (the leaf header, with
  the side when the header does not say it and the column sits under a «situação atual» or
  «situação proposta» group);
- ``data-lado="atual"`` or ``"proposta"`` on every cell of a column of one side (by its group
  header or its key, ``current_…``/``proposed_…``), so that the CSS places each side in its column.

The header is read as a grid (``rowspan``/``colspan``), the way a screen reader associates a cell
with its headers; a cell spanning several columns gets no label of its own.
"""

from __future__ import annotations

import copy
import re

from lxml import html as lxml_html

from calculators.core.text import fold

CARDS_CLASS = "tabela-cartoes"
SIDE_OF_KEY = re.compile(r"^(current|proposed)(_|$)")
SIDES = {"current": "atual", "proposed": "proposta", "grupo-atual": "atual", "grupo-proposta": "proposta"}
SIDE_WORDS = {"atual": ("atua",), "proposta": ("propost",)}


class CardsError(ValueError):
    """The table cannot be laid out as cards (a body row wider than its header)."""


def _text(cell: lxml_html.HtmlElement) -> str:
    """The header's words without its note markers (``sup.nota-ref``)."""
    bare = copy.deepcopy(cell)
    for marker in bare.xpath('.//sup[contains(concat(" ", @class, " "), " nota-ref ")]'):
        marker.drop_tree()
    return " ".join(bare.text_content().split())


def _grid(rows: list[lxml_html.HtmlElement]) -> list[list[lxml_html.HtmlElement]]:
    """Each column's header cells, top to bottom, with rowspans and colspans expanded."""
    taken: dict[tuple[int, int], lxml_html.HtmlElement] = {}
    width = 0
    for r, row in enumerate(rows):
        c = 0
        for cell in row:
            while (r, c) in taken:
                c += 1
            for dr in range(int(cell.get("rowspan") or 1)):
                for dc in range(int(cell.get("colspan") or 1)):
                    taken[(r + dr, c + dc)] = cell
            c += int(cell.get("colspan") or 1)
            width = max(width, c)
    columns = []
    for c in range(width):
        chain: list[lxml_html.HtmlElement] = []
        for r in range(len(rows)):
            cell = taken.get((r, c))
            if cell is not None and (not chain or chain[-1] is not cell):
                chain.append(cell)
        columns.append(chain)
    return columns


def _side(chain: list[lxml_html.HtmlElement]) -> str | None:
    for cell in chain:
        for css in (cell.get("class") or "").split():
            if css in SIDES:
                return SIDES[css]
        match = SIDE_OF_KEY.match(cell.get("data-chave") or "")
        if match:
            return SIDES[match.group(1)]
    return None


def _label(chain: list[lxml_html.HtmlElement], side: str | None) -> str:
    leaf = _text(chain[-1])
    if side and not any(word in fold(leaf) for word in SIDE_WORDS[side]):
        return f"{leaf} ({side})"
    return leaf


def as_cards(table: str) -> str:
    """``table`` (one ``<table>`` with a ``<thead>``) with the class and the attributes the phone
    layout needs; the same table on a wide screen."""
    root = lxml_html.fragment_fromstring(table)
    if root.tag != "table":
        raise CardsError(f"esperava uma <table>, veio <{root.tag}>")
    columns = _grid(root.xpath("./thead/tr"))
    sides = [_side(chain) for chain in columns]
    labels = [_label(chain, side) for chain, side in zip(columns, sides, strict=True)]
    for row in root.xpath("./tbody/tr | ./tfoot/tr"):
        c = 0
        for cell in row:
            span = int(cell.get("colspan") or 1)
            if c + span > len(columns):
                raise CardsError(f"tabela {root.get('id')!r}: uma linha tem mais colunas que o cabeçalho")
            if cell.tag == "td":
                if span == 1:
                    cell.set("data-rotulo", labels[c])
                side = sides[c] if len({sides[k] for k in range(c, c + span)}) == 1 else None
                if side:
                    cell.set("data-lado", side)
            c += span
    root.set("class", " ".join([*(root.get("class") or "").split(), CARDS_CLASS]))
    out: str = lxml_html.tostring(root, encoding="unicode")
    return out
