"""What a table filter needs to say where a name or a referência is when its table has none
(issue 30), prepared at build: the escala-padrão on every filter box (each referência's salary and
row anchor), the referência of every row that has one, a name for every filtered target. Read back
from the built pages and checked against the escala-padrão page itself (a second reading)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from lxml import html as lxml_html

FILTER_PAGES = ["ordinaria-mensalistas", "suplementar-mensalistas", "comparacao"]


def escala_from_its_page(site_dir: Path) -> dict[str, dict[str, str]]:
    doc = lxml_html.parse(str(site_dir / "tabelas" / "escala-padrao" / "index.html"))
    out = {}
    for row in doc.xpath('//table[@id="tabela-escala"]/tbody/tr'):
        ref = row.xpath('./th[@data-chave="reference"]')[0].text_content().strip()
        salary = row.xpath('./td[@data-chave="salary"]')[0].text_content().strip()
        out[ref] = {"salario": salary, "ancora": row.get("id")}
    return out


def test_every_filter_box_carries_the_escala(site_dir: Path) -> None:
    escala = escala_from_its_page(site_dir)
    assert len(escala) > 40
    boxes = 0
    for name in FILTER_PAGES:
        doc = lxml_html.parse(str(site_dir / "tabelas" / name / "index.html"))
        for box in doc.xpath('//div[@data-filtro-para]'):
            boxes += 1
            assert json.loads(box.get("data-escala")) == escala, name
            assert box.get("data-escala-href") == "../../tabelas/escala-padrao/", name
            target = doc.xpath(f'//*[@id="{box.get("data-filtro-para")}"]')[0]
            region = target.getparent()
            named = target.get("data-nome") or (region.get("aria-label") if region.get("role") == "region" else None)
            assert named, (name, box.get("data-filtro-para"))
    assert boxes == 6


def test_every_row_with_a_referencia_says_which(site_dir: Path) -> None:
    """A row whose referência links to the escala-padrão carries that referência; no other does."""
    link = re.compile(r"escala-padrao/#(ref-\d+)$")
    escala = {v["ancora"]: k for k, v in escala_from_its_page(site_dir).items()}
    rows = 0
    for name in ("ordinaria-mensalistas", "comparacao"):
        doc = lxml_html.parse(str(site_dir / "tabelas" / name / "index.html"))
        for row in doc.xpath('//table[contains(@class, "tabela-dados")]/tbody/tr'):
            hrefs = [m.group(1) for a in row.xpath('.//td[@data-chave="reference"]//a')
                     if (m := link.search(a.get("href") or ""))]
            if hrefs:
                rows += 1
                assert row.get("data-referencia") == escala[hrefs[0]], (name, row.get("id"))
            else:
                assert row.get("data-referencia") is None, (name, row.get("id"))
    assert rows > 100
