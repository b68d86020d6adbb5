"""The phone layout of the tables (issue 30, :mod:`macros.render.table_cards`): every card value
labelled by its column's header, every cell of a side marked with it, whatever the header's
rowspans and colspans. Checked on every table of the built tables pages by a second, simpler
reading: a cell's column found by its position must be the one whose header has the cell's key."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import html as lxml_html

from macros.render.table_cards import CardsError, as_cards


def header_text(cell: lxml_html.HtmlElement) -> str:
    for marker in cell.xpath('.//sup[contains(@class, "nota-ref")]'):
        marker.drop_tree()
    return " ".join(cell.text_content().split())


def test_labels_and_sides_follow_the_header_grid() -> None:
    table = as_cards(
        '<table id="t"><thead>'
        '<tr><th rowspan="2">Classe</th><th colspan="2" class="grupo-atual">SITUAÇÃO ATUAL</th>'
        '<th colspan="2" class="grupo-proposta">SITUAÇÃO PROPOSTA</th><th rowspan="2">Obs.<sup class="nota-ref">'
        '<a href="#n1">1</a></sup></th></tr>'
        '<tr><th>Nº</th><th>Salário atual</th><th>Nº</th><th>Salário</th></tr></thead>'
        '<tbody><tr><th scope="row">1</th><td>3</td><td>4</td><td>5</td><td>6 &amp; 7</td><td>x</td></tr></tbody>'
        '<tfoot><tr><th>Total</th><td colspan="2"></td><td>8</td><td colspan="2">y</td></tr></tfoot></table>')
    root = lxml_html.fragment_fromstring(table)
    assert "tabela-cartoes" in root.get("class").split()
    body = root.xpath("./tbody/tr/td")
    assert [(c.get("data-rotulo"), c.get("data-lado")) for c in body] == [
        ("Nº (atual)", "atual"), ("Salário atual", "atual"), ("Nº (proposta)", "proposta"),
        ("Salário (proposta)", "proposta"), ("Obs.", None)]
    assert body[3].text == "6 & 7"
    foot = root.xpath("./tfoot/tr/td")
    # a cell over two columns has no label; its side only when both columns share it
    assert [(c.get("data-rotulo"), c.get("data-lado")) for c in foot] == [
        (None, "atual"), ("Nº (proposta)", "proposta"), (None, None)]


def test_a_row_wider_than_its_header_stops_the_build() -> None:
    with pytest.raises(CardsError, match="mais colunas"):
        as_cards('<table id="t"><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>')


def test_every_card_label_is_the_header_of_the_cells_key(site_dir: Path) -> None:
    """On every card table of the built site, each labelled cell that has a key (data-chave)
    carries the text of the leaf header with the same key (position and key agree), and the
    side it is marked with is the side its key names."""
    checked = 0
    for page in sorted((site_dir / "tabelas").glob("*/index.html")):
        doc = lxml_html.parse(str(page))
        for table in doc.xpath('//table[contains(concat(" ", @class, " "), " tabela-cartoes ")]'):
            heads = {th.get("data-chave"): header_text(th) for th in table.xpath("./thead//th[@data-chave]")}
            for cell in table.xpath("./tbody/tr/td[@data-chave] | ./tfoot/tr/td[@data-chave]"):
                key = cell.get("data-chave")
                if key not in heads or cell.get("colspan"):
                    continue
                label = cell.get("data-rotulo") or ""
                assert label == heads[key] or label.startswith(heads[key] + " ("), (page.parent.name, key, label)
                side = {"current": "atual", "proposed": "proposta"}.get(key.split("_")[0])
                if side:
                    assert cell.get("data-lado") == side, (page.parent.name, key)
                checked += 1
    assert checked > 500
