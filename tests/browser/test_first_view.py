"""A page's first view asks for little (issue 22 §4), in Chromium: the search index only once a
search starts, and the site's own scripts and styles in a few bundles
(``macros/exporters/bundles.py``), the calculators' only where they are used. Requests are
counted, never timed."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

# At most this many requests for the site's own scripts and styles (besides Material's own
# bundle and style sheets): before the bundles a calculator page made 28.
OWN_ASSETS_TEXT_PAGE = 3  # the style bundle, the script run before Material's, the site's scripts
OWN_ASSETS_CALCULATOR_PAGE = 4  # and the calculators' scripts

WATCH = """
window.violacoes = [];
document.addEventListener('securitypolicyviolation',
  e => window.violacoes.push(e.violatedDirective + ' ' + e.blockedURI));
"""


@pytest.fixture()
def fresh(browser: Browser) -> Iterator[BrowserContext]:
    """A first visit: nothing cached, no service worker (its background precache is not the page's)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR", service_workers="block")
    ctx.add_init_script(WATCH)
    yield ctx
    ctx.close()


def own_assets(urls: list[str]) -> list[str]:
    """The site's own scripts and style sheets (not Material's under assets/javascripts/ and
    assets/stylesheets/, nor the calculators' worker or engine, which load only on request)."""
    paths = [urlsplit(u).path for u in urls]
    return [p for p in paths if p.startswith("/assets/") and p.endswith((".js", ".css"))
            and not p.startswith(("/assets/javascripts/", "/assets/stylesheets/", "/assets/pyodide/"))]


def requested(pg: Page) -> list[str]:
    urls: list[str] = []
    pg.on("request", lambda request: urls.append(request.url))
    return urls


def test_text_page_asks_for_the_search_index_only_when_a_search_starts(fresh: BrowserContext, base_url: str) -> None:
    pg = fresh.new_page()
    urls = requested(pg)
    pg.goto(base_url + "/lei-4860-1965/", wait_until="load")
    # Material has started: its search worker is up and its sitemap asked for; the index is not.
    pg.wait_for_function("() => window.document$ !== undefined && window.estatutosBuscaSobPedido !== undefined")
    pg.wait_for_function("() => performance.getEntriesByType('resource').some(e => e.name.endsWith('/sitemap.xml'))")
    assert not [u for u in urls if "search_index.json" in u], "o índice da busca baixou sem busca nenhuma"
    assert pg.evaluate("window.estatutosBuscaSobPedido.iniciada()") is False
    scripts = own_assets(urls)
    assert len(scripts) <= OWN_ASSETS_TEXT_PAGE, scripts
    assert not [u for u in scripts if "calculadoras" in u], f"scripts das calculadoras numa página de texto: {scripts}"
    # A search starts: the index comes, and the first query is answered.
    with pg.expect_request("**/search/search_index.json"):
        box = pg.locator("input[data-md-component=search-query]")
        box.click()
    box.press_sequentially("prorrogacao", delay=20)
    expect(pg.locator(".md-search-result__item").first).to_be_visible(timeout=15_000)
    assert "prorrogação" in pg.locator(".md-search-result__list").inner_text().lower()
    assert pg.evaluate("window.violacoes") == []


def test_calculator_scripts_come_with_the_page_or_with_instant_navigation(fresh: BrowserContext, base_url: str) -> None:
    pg = fresh.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda error: errors.append(str(error)))
    urls = requested(pg)
    pg.goto(base_url + "/calculadoras/jornada/", wait_until="load")
    pg.wait_for_selector("form.calc-form[data-ligado]", state="attached")
    scripts = own_assets(urls)
    assert len(scripts) <= OWN_ASSETS_CALCULATOR_PAGE, scripts
    assert [u for u in scripts if "calculadoras" in u], scripts
    # From a text page, by instant navigation (no full load): the calculators' scripts are added
    # once, and the form is wired.
    urls.clear()
    pg.goto(base_url + "/perguntas/horas-extras/", wait_until="load")
    pg.wait_for_function("() => window.document$ !== undefined")
    pg.wait_for_function("() => performance.getEntriesByType('resource').some(e => e.name.endsWith('/sitemap.xml'))")
    pg.evaluate("window.marcaDaVisita = 'mesma'")
    pg.locator(".md-sidebar--primary a.md-nav__link[href$='/calculadoras/']").first.click()
    pg.wait_for_selector(".calc-indice")
    pg.click(".calc-indice a[href$='refeicao/']")
    pg.wait_for_selector("#form-refeicao[data-ligado]", state="attached")
    assert pg.evaluate("window.marcaDaVisita") == "mesma", "a página recarregou por inteiro"
    calculators = [u for u in own_assets(urls) if "calculadoras" in u]
    assert len(calculators) == 1, calculators
    assert pg.evaluate("window.violacoes") == []
    assert errors == []
