"""The "Tabelas" pages in headless Chromium: sorting, the accent-insensitive filter, the 360 px
phone, and the pages without JavaScript."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

TABLE_PAGES = [
    "/tabelas/",
    "/tabelas/escala-padrao/",
    "/tabelas/ordinaria-mensalistas/",
    "/tabelas/suplementar-mensalistas/",
    "/tabelas/diaristas/",
    "/tabelas/comparacao/",
]


def column_values(page: Page, table: str, key: str, attr: str) -> list[str]:
    return page.eval_on_selector_all(
        f"{table} tbody tr",
        f"rows => rows.map(r => r.querySelector('[data-chave=\"{key}\"]').getAttribute('{attr}'))",
    )


def sort_button(page: Page, table: str, key: str) -> tuple[object, object]:
    th = page.locator(f'{table} thead th[data-chave="{key}"]')
    return th, th.locator("button.ordenar")


def test_sorting_numeric_column_by_value(page: Page, base_url: str) -> None:
    page.goto(base_url + "/tabelas/diaristas/")
    table = "#tabela-diaristas"
    th, button = sort_button(page, table, "proposed_annual_expense")
    expect(button).to_be_visible()
    assert th.get_attribute("aria-sort") is None
    button.click()
    expect(th).to_have_attribute("aria-sort", "ascending")
    values = [float(v) for v in column_values(page, table, "proposed_annual_expense", "data-value")]
    assert values == sorted(values) and values[0] == 36000.0
    # numeric, not textual: "1.134.000,00" comes after "528.000,00"
    printed = page.eval_on_selector_all(
        f"{table} tbody tr", "rows => rows.map(r => r.querySelector('[data-chave=\"proposed_annual_expense\"]')"
        ".innerText.trim())")
    assert printed.index("528.000,00") < printed.index("1.134.000,00")
    button.click()
    expect(th).to_have_attribute("aria-sort", "descending")
    values = [float(v) for v in column_values(page, table, "proposed_annual_expense", "data-value")]
    assert values == sorted(values, reverse=True) and values[0] == 4560000.0
    # another column takes over aria-sort
    th2, button2 = sort_button(page, table, "current_count")
    button2.click()
    expect(th2).to_have_attribute("aria-sort", "ascending")
    assert th.get_attribute("aria-sort") is None
    counts = column_values(page, table, "current_count", "data-value")
    numbers = [int(v) for v in counts if v]
    assert numbers == sorted(numbers)
    assert counts[-2:] == ["", ""]  # the printed '-' go last


def test_sorting_text_column(page: Page, base_url: str) -> None:
    page.goto(base_url + "/tabelas/suplementar-mensalistas/")
    table = "#tabela-suplementar-efetivo"
    th, button = sort_button(page, table, "proposed_function")
    button.click()
    expect(th).to_have_attribute("aria-sort", "ascending")
    keys = column_values(page, table, "proposed_function", "data-sort")
    assert keys == sorted(keys, key=lambda k: k) and keys[0] == "ajudante de eletricista"
    # 'Massamista', an uncertain reading, sorts by its printed form (between 'ma…' and 'mo…')
    assert "massamista" in keys and "massagista" not in keys
    assert keys.index("massamista") < keys.index("motorista")
    button.click()
    expect(th).to_have_attribute("aria-sort", "descending")
    keys = column_values(page, table, "proposed_function", "data-sort")
    assert keys[0] == "trabalhador"


def test_sorting_series_block_by_reference(page: Page, base_url: str) -> None:
    page.goto(base_url + "/tabelas/ordinaria-mensalistas/")
    table = "#tabela-serie-oficial-administrativo"
    th, button = sort_button(page, table, "reference")
    button.click()
    expect(th).to_have_attribute("aria-sort", "ascending")
    refs = [int(v) for v in column_values(page, table, "reference", "data-value")]
    assert refs == sorted(refs)


def visible_rows(page: Page, selector: str) -> int:
    return page.eval_on_selector_all(selector, "rows => rows.filter(r => r.offsetParent !== null).length")


@pytest.mark.parametrize(
    ("query", "expected", "block"),
    [
        ("escriturario", "Escrituário", "serie-escriturario"),
        ("tecnico", "Assistente Técnico", "serie-engenheiro"),
        ("guindasteiro", "Guandasteiro", "serie-guindasteiro"),
        ("conferente auxiliar", "Conferente-Auxiliar", "serie-conferente-auxiliar"),
    ],
)
def test_filter_ignores_accents_and_narrows_blocks(page: Page, base_url: str, query: str, expected: str,
                                                   block: str) -> None:
    page.goto(base_url + "/tabelas/ordinaria-mensalistas/")
    box = page.locator("#filtro-series-blocos")
    expect(box).to_be_visible()
    total = visible_rows(page, "#series-blocos tbody tr")
    box.fill(query)
    expect(page.locator(f"#{block}")).to_be_visible()
    assert expected in page.locator(f"#{block}").inner_text()
    shown = visible_rows(page, "#series-blocos tbody tr")
    assert 0 < shown < total
    hidden_blocks = page.eval_on_selector_all("#series-blocos section.serie", "s => s.filter(x => x.hidden).length")
    assert hidden_blocks > 0
    expect(page.locator("#filtro-series-blocos-status")).to_contain_text("linhas")
    box.fill("")
    assert visible_rows(page, "#series-blocos tbody tr") == total


def test_filter_by_title_keeps_the_whole_block_and_by_function_only_its_rows(page: Page, base_url: str) -> None:
    page.goto(base_url + "/tabelas/ordinaria-mensalistas/")
    box = page.locator("#filtro-series-blocos")
    box.fill("escriturario")  # the série title: every row of the block
    assert visible_rows(page, "#serie-escriturario tbody tr") == page.locator("#serie-escriturario tbody tr").count()
    box.fill("tecnico")  # current functions 'Assistente Técnico', 'Ajudante Técnico' only
    rows = page.locator("#serie-engenheiro tbody tr")
    shown = visible_rows(page, "#serie-engenheiro tbody tr")
    assert 0 < shown < rows.count()
    texts = page.eval_on_selector_all("#serie-engenheiro tbody tr",
                                      "rows => rows.filter(r => r.offsetParent !== null).map(r => r.innerText)")
    assert all("Técnico" in t for t in texts)


def test_filter_on_functions_table_and_comparison(page: Page, base_url: str) -> None:
    page.goto(base_url + "/tabelas/ordinaria-mensalistas/")
    page.locator("#filtro-tabela-ordinaria-comissao").fill("inspetor")  # printed 'Inpestor', read 'Inspetor'
    texts = page.eval_on_selector_all("#tabela-ordinaria-comissao tbody tr",
                                      "rows => rows.filter(r => r.offsetParent !== null).map(r => r.innerText)")
    assert len(texts) == 4 and all("Inpestor" in t or "Subinspetor" in t for t in texts)
    page.goto(base_url + "/tabelas/comparacao/")
    page.locator("#filtro-tabela-aumentos").fill("auxiliar de escritorio")
    texts = page.eval_on_selector_all("#tabela-aumentos tbody tr",
                                      "rows => rows.filter(r => r.offsetParent !== null).map(r => r.innerText)")
    assert texts and all("Auxiliar de Escritório" in t for t in texts)


def test_no_sideways_scroll_at_360px_on_every_tables_page(phone: Page, base_url: str) -> None:
    for path in TABLE_PAGES:
        phone.goto(base_url + path, wait_until="load")
        overflow = phone.evaluate("() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")
        assert overflow <= 0, f"{path}: rola {overflow}px para o lado a 360 px"
        # wide tables scroll inside a focusable, named region
        for region in phone.locator(".tabela-rolagem").all():
            assert region.get_attribute("tabindex") == "0" and region.get_attribute("aria-label")


def test_without_javascript_the_tables_are_complete(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page = ctx.new_page()
    try:
        page.goto(base_url + "/tabelas/ordinaria-mensalistas/")
        assert page.locator("section.serie").count() == 22
        assert page.locator("#serie-escriturario tbody tr").count() == 6
        expect(page.locator("#serie-escriturario tbody tr").first).to_be_visible()
        expect(page.locator(".tabela-filtro").first).to_be_hidden()  # no dead controls
        assert page.locator("button.ordenar").count() == 0
        expect(page.locator("#ordinaria-comissao-total")).to_contain_text("39")
        page.goto(base_url + "/tabelas/escala-padrao/")
        assert page.locator("#tabela-escala tbody tr").count() == 54
        expect(page.locator("#ref-54")).to_contain_text("3.500,00")
        expect(page.locator("svg#grafico-escala")).to_be_visible()
        page.goto(base_url + "/tabelas/diaristas/")
        expect(page.locator("#diaristas-total")).to_contain_text("14.655. 000,00")
        page.goto(base_url + "/tabelas/comparacao/")
        expect(page.locator("#tabela-folha tfoot")).to_contain_text("Total dos mensalistas")
    finally:
        ctx.close()


def test_filter_words_in_any_order_and_printed_variants(page: Page, base_url: str) -> None:
    page.goto(base_url + "/tabelas/comparacao/")
    box = page.locator("#filtro-tabela-aumentos")
    rows = "#tabela-aumentos tbody tr"
    box.fill("auxiliar de escritorio")
    in_order = page.eval_on_selector_all(rows, "rs => rs.filter(r => !r.hidden).map(r => r.id)")
    box.fill("escritorio auxiliar")  # the same words, another order
    assert page.eval_on_selector_all(rows, "rs => rs.filter(r => !r.hidden).map(r => r.id)") == in_order
    assert in_order
    page.goto(base_url + "/tabelas/ordinaria-mensalistas/")
    page.locator("#filtro-series-blocos").fill("guandasteiro")  # as printed; the edition reads Guindasteiro
    expect(page.locator("#serie-guindasteiro")).to_be_visible()


def test_filter_explains_fiel_de_armazem(page: Page, base_url: str) -> None:
    """«fiel de armazem» matches no row: the filter offers the printed names closest to it
    (Fiel, Armazenista), and one tap filters by that name (issue 21)."""
    page.goto(base_url + "/tabelas/comparacao/")
    box = page.locator("#filtro-tabela-aumentos")
    box.fill("fiel de armazem")
    shown = page.eval_on_selector_all("#tabela-aumentos tbody tr", "rs => rs.filter(r => !r.hidden).length")
    hint = page.locator(".tabela-filtro[data-filtro-para=tabela-aumentos]")
    if shown == 0:
        suggestions = hint.locator(".filtro-sugestoes")
        expect(suggestions).to_contain_text("fiel de armazem")
        names = suggestions.locator("button").all_inner_texts()
        assert "Fiel" in names and "Armazenista" in names, names  # as printed
        suggestions.locator("button", has_text="Fiel").first.click()
        expect(box).to_have_value("Fiel")
        assert page.eval_on_selector_all("#tabela-aumentos tbody tr", "rs => rs.filter(r => !r.hidden).length") > 0
    box.fill("xyzw")
    expect(hint.locator(".filtro-sugestoes")).to_contain_text("Nenhum nome desta tabela")
