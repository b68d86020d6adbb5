"""Tables on a 360 px phone: a comparison row is a card with both salaries on one screen; the
séries tables reflow into cards below 480 px; every other table too, with any font; the
diaristas chart has its table."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from browser.conftest import WIDE_FONT_CSS, inject_css


def test_comparison_row_fits_one_screen(phone: Page, base_url: str) -> None:
    """At 360 px a row of the comparison is a card: its function, the current and the proposed
    salary and the raise are all on screen together, and nothing scrolls sideways (issue 21)."""
    phone.goto(base_url + "/tabelas/comparacao/#aumento-ordinaria-comissao-1")
    row = phone.locator("#aumento-ordinaria-comissao-1")
    row.scroll_into_view_if_needed()
    boxes = phone.evaluate(
        """() => {
            const row = document.getElementById('aumento-ordinaria-comissao-1');
            const box = k => { const r = row.querySelector('[data-chave=' + k + ']').getBoundingClientRect();
                               return [r.left, r.right, r.top, r.bottom]; };
            const region = row.closest('table').parentElement;
            return {function: box('function'), current: box('current'), proposed: box('proposed'),
                    raise: box('raise'), width: window.innerWidth, height: window.innerHeight,
                    page: document.documentElement.scrollWidth, region: region.scrollWidth - region.clientWidth,
                    label: getComputedStyle(row.querySelector('[data-chave=proposed]'), '::before').content};
        }"""
    )
    for key in ("function", "current", "proposed", "raise"):
        left, right = boxes[key][:2]
        assert left >= 0 and right <= boxes["width"], (key, boxes)
    tops = [boxes[k][2] for k in ("function", "current", "proposed", "raise")]
    bottoms = [boxes[k][3] for k in ("function", "current", "proposed", "raise")]
    assert max(bottoms) - min(tops) < boxes["height"], boxes  # one screen
    assert boxes["current"][2] == boxes["proposed"][2], boxes  # side by side
    assert boxes["page"] <= boxes["width"] and boxes["region"] <= 0, boxes  # no sideways scrolling
    assert boxes["label"] == '"Salário proposto"', boxes
    expect(row.locator("[data-chave=current]")).to_be_in_viewport()
    expect(row.locator("[data-chave=proposed]")).to_be_in_viewport()


def test_series_tables_become_cards_below_480px(phone: Page, base_url: str) -> None:
    phone.goto(base_url + "/tabelas/ordinaria-mensalistas/#serie-escriturario")
    info = phone.evaluate(
        """() => {
            const t = document.getElementById('tabela-serie-escriturario');
            const row = t.querySelector('tbody tr');
            const cell = row.querySelector('[data-chave=reference]');
            return {row: getComputedStyle(row).display, head: getComputedStyle(t.querySelector('thead')).display,
                    label: getComputedStyle(cell, '::before').content,
                    overflow: t.parentElement.scrollWidth - t.parentElement.clientWidth};
        }"""
    )
    assert info["row"] == "block" and info["head"] == "none", info
    assert info["label"] == '"Referência"', info
    assert info["overflow"] <= 0, info
    # on a wide screen the same table is a table
    phone.set_viewport_size({"width": 800, "height": 740})
    assert phone.evaluate(
        "() => getComputedStyle(document.querySelector('#tabela-serie-escriturario tbody tr')).display"
    ) == "table-row"


def test_diaristas_chart_with_its_table(page: Page, base_url: str) -> None:
    page.goto(base_url + "/tabelas/diaristas/")
    svg = page.locator("svg#grafico-diaristas")
    assert svg.count() == 1
    bars = svg.locator("rect.barra--1 title").evaluate_all("ts => ts.map(t => t.textContent)")
    cells = page.locator("#tabela-diaristas tbody [data-chave=current_count]").evaluate_all(
        "cells => cells.map(c => c.dataset.value || '0')"
    )
    assert [b.rsplit(": ", 1)[1] for b in bars] == [str(int(float(c))) for c in cells]
    figure = page.locator("figure", has=page.locator("#grafico-diaristas"))
    assert figure.locator("a[href$='#tabela-diaristas']").count() == 1


TABLE_PAGES = ["escala-padrao", "ordinaria-mensalistas", "suplementar-mensalistas", "diaristas", "comparacao"]


@pytest.mark.parametrize("name", TABLE_PAGES)
def test_every_table_reads_at_360px_with_any_font(phone: Page, base_url: str, name: str) -> None:
    """Issue 30: every table of the tables pages (the «por série» and «Diaristas» comparisons
    were 1,048 and 1,037 px wide) reads on a 360 px phone without sideways scrolling, even in a
    font a quarter wider than any a fresh Debian has; each value of a card shows its column's
    name; in a comparison the current side is on the left and the proposed one on the right,
    under the row's name."""
    phone.goto(f"{base_url}/tabelas/{name}/")
    inject_css(phone, WIDE_FONT_CSS)
    report = phone.evaluate(
        """() => {
            const out = {tables: 0, overflow: [], labels: [], sides: [], page: document.documentElement.scrollWidth,
                         width: window.innerWidth};
            for (const t of document.querySelectorAll('.md-content table.tabela-dados')) {
                out.tables += 1;
                const region = t.closest('.tabela-rolagem');
                if (region.scrollWidth > region.clientWidth + 1) out.overflow.push([t.id, region.scrollWidth]);
                if (!t.classList.contains('tabela-cartoes')) continue;
                for (const row of t.querySelectorAll('tbody tr, tfoot tr')) {
                    const cells = [...row.children].filter(c => getComputedStyle(c).display !== 'none');
                    for (const c of cells) {
                        if (c.tagName !== 'TD' || !c.dataset.rotulo) continue;
                        const shown = getComputedStyle(c, '::before').content;
                        if (shown !== JSON.stringify(c.dataset.rotulo))
                            out.labels.push([t.id, row.id, c.dataset.rotulo, shown]);
                    }
                    const box = c => c.getBoundingClientRect();
                    const side = s => cells.filter(c => c.dataset.lado === s).map(box);
                    const [left, right] = [side('atual'), side('proposta')];
                    const head = cells.filter(c => c.tagName === 'TH').map(box);
                    const tds = cells.filter(c => c.tagName === 'TD').map(box);
                    const most = (boxes, k) => Math.max(...boxes.map(b => b[k]));
                    const least = (boxes, k) => Math.min(...boxes.map(b => b[k]));
                    if (left.length && right.length && most(left, 'right') > least(right, 'left'))
                        out.sides.push([t.id, row.id, 'atual à direita da proposta']);
                    if (head.length && tds.length && most(head, 'bottom') > least(tds, 'top') + 1)
                        out.sides.push([t.id, row.id, 'nome da linha fora do alto']);
                }
            }
            return out;
        }"""
    )
    assert report["tables"] >= 1, report
    assert report["page"] <= report["width"], report
    assert report["overflow"] == [], report["overflow"]
    assert report["labels"] == [], report["labels"][:5]
    assert report["sides"] == [], report["sides"][:5]
