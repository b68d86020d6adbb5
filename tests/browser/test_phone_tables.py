"""Tables on a 360 px phone: the comparison keeps the function column visible while it scrolls
sideways; the séries tables reflow into cards below 480 px; the diaristas chart has its table."""

from __future__ import annotations

from playwright.sync_api import Page


def test_comparison_keeps_function_column_visible(phone: Page, base_url: str) -> None:
    phone.goto(base_url + "/tabelas/comparacao/#tabela-aumentos")
    region = phone.locator("#tabela-aumentos").locator("xpath=..")
    assert region.evaluate("r => r.scrollWidth > r.clientWidth")  # it does scroll sideways
    region.evaluate("r => { r.scrollLeft = 400; }")
    phone.wait_for_timeout(100)
    lefts = phone.evaluate(
        """() => {
            const region = document.getElementById('tabela-aumentos').parentElement.getBoundingClientRect();
            const head = document.querySelector('#tabela-aumentos thead [data-chave=function]').getBoundingClientRect();
            const cell = document.querySelector('#tabela-aumentos tbody [data-chave=function]').getBoundingClientRect();
            const other = document.querySelector('#tabela-aumentos tbody [data-chave=group]').getBoundingClientRect();
            return [region.left, head.left, cell.left, other.right];
        }"""
    )
    region_left, head_left, cell_left, group_right = lefts
    assert abs(head_left - region_left) <= 2 and abs(cell_left - region_left) <= 2, lefts
    assert group_right < region_left + 5  # the columns before it did scroll away


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
