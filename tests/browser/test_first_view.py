"""A page's first view asks for little (issue 22 §4), in Chromium: the search index and the
search's script only once a search starts, and the site's own scripts and styles in a few bundles
(``macros/build/bundles.py``), the calculators' and the tables' only where they are used, and
added when instant navigation opens such a page. Requests are counted, never timed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

# At most this many requests for the site's own scripts and styles (besides Material's own
# bundle and style sheets): before the bundles a calculator page made 28.
OWN_ASSETS_TEXT_PAGE = 3  # the style bundle, the script run before Material's, the site's scripts
# ... and the calculators' styles and scripts, and the engine's early start (motor-cedo.js alone,
# async in the <head>: on a return with the engine kept, the worker starts while the page is read).
OWN_ASSETS_CALCULATOR_PAGE = 6
# Only some pages' bundles (macros/build/bundles.py, GROUPS).
GROUP_BUNDLES = ("pacote-calculadoras.", "pacote-tabelas.", "pacote-busca.")
# The site's search worker (docs/assets/js/search/worker.mjs): loads only when a search starts.
SEARCH_WORKER = "/assets/busca-worker.mjs"

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
    assets/stylesheets/, nor the calculators' worker or engine, which load only on request, nor
    the search's worker, which loads only when a search starts)."""
    paths = [urlsplit(u).path for u in urls]
    return [p for p in paths if p.startswith("/assets/") and p.endswith((".js", ".css"))
            and not p.startswith(("/assets/javascripts/", "/assets/stylesheets/", "/assets/pyodide/"))
            and p != SEARCH_WORKER]


def requested(pg: Page) -> list[str]:
    urls: list[str] = []
    pg.on("request", lambda request: urls.append(request.url))
    return urls


def test_text_page_asks_for_the_search_index_only_when_a_search_starts(fresh: BrowserContext, base_url: str) -> None:
    pg = fresh.new_page()
    urls = requested(pg)
    pg.goto(base_url + "/lei-4860-1965/", wait_until="load")
    pg.wait_for_function("() => window.document$ !== undefined")
    pg.wait_for_function("() => performance.getEntriesByType('resource').some(e => e.name.endsWith('/sitemap.xml'))")
    assert not [u for u in urls if "/search/" in u], "o índice da busca baixou sem busca nenhuma"
    scripts = own_assets(urls)
    assert len(scripts) <= OWN_ASSETS_TEXT_PAGE, scripts
    assert not [u for u in scripts if any(g in u for g in GROUP_BUNDLES)], \
        f"scripts ou estilos das calculadoras, das tabelas ou da busca numa página de texto: {scripts}"
    # What the text page uses of the former tables' sheet is in the common one: its tables still
    # scroll in a bordered frame (site.css).
    frame = pg.locator(".tabela-rolagem").first
    assert frame.evaluate("e => getComputedStyle(e).borderTopWidth") == "1px"
    # A search starts: the search's script, its worker and the index come; what was typed before
    # they arrived is searched when they do (search/start.mjs, bind.mjs).
    with pg.expect_request("**/search/meta.json"):
        box = pg.locator("[role=search] input[type=search]")
        box.click()
        box.press_sequentially("prorrogacao", delay=20)
    pg.wait_for_function("() => { const r = document.querySelector('[data-busca]');"
                         " return r.dataset.resultado && r.dataset.resultado === r.dataset.buscando; }",
                         timeout=15_000)
    assert "prorrogação" in pg.locator("[data-busca-painel]").inner_text().lower()
    assert len([u for u in urls if "/assets/pacote-busca." in u]) == 1
    assert [w.url for w in pg.workers if urlsplit(w.url).path == SEARCH_WORKER], [w.url for w in pg.workers]
    # Nothing of Material's search: no lunr, no worker of its own.
    assert not [u for u in urls if "/assets/javascripts/lunr/" in u or "/assets/javascripts/workers/" in u], urls
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
    assert sorted(p.rsplit(".", 1)[1] for p in scripts if "/pacote-calculadoras." in p) == ["css", "js"], scripts
    # From a text page, by instant navigation (no full load): the calculators' styles and scripts
    # are added once, the styles before the common ones (the same cascade as a full load), and the
    # form is wired and styled; then the same for a table of 1945.
    urls.clear()
    pg.goto(base_url + "/perguntas/horas-extras/", wait_until="load")
    pg.wait_for_function("() => window.document$ !== undefined")
    pg.wait_for_function("() => performance.getEntriesByType('resource').some(e => e.name.endsWith('/sitemap.xml'))")
    assert not [u for u in own_assets(urls) if any(g in u for g in GROUP_BUNDLES)], own_assets(urls)
    pg.evaluate("window.marcaDaVisita = 'mesma'")
    pg.locator(".md-sidebar--primary a.md-nav__link[href$='/calculadoras/']").first.click()
    pg.wait_for_selector(".calc-indice")
    pg.click(".calc-indice a[href$='refeicao/']")
    pg.wait_for_selector("#form-refeicao[data-ligado]", state="attached")
    assert pg.evaluate("window.marcaDaVisita") == "mesma", "a página recarregou por inteiro"
    calculators = [u for u in own_assets(urls) if "/pacote-calculadoras." in u]
    assert sorted(u.rsplit(".", 1)[1] for u in calculators) == ["css", "js"], calculators
    sheets = "() => [...document.querySelectorAll('link[rel=stylesheet]')].map(l => new URL(l.href).pathname)"
    order = [p.split("/")[-1].split(".")[0] for p in pg.evaluate(sheets) if "/assets/pacote-" in p]
    assert order == ["pacote-calculadoras", "pacote-estilo"], order
    # Shown, and styled by calculadoras.css (the form is framed), once the style is in.
    expect(pg.locator("article:has(> [data-ep-pacote])")).to_be_visible()
    expect(pg.locator("html")).not_to_have_class(re.compile("ep-estilo-chegando"))
    assert pg.locator("form.calc-form").evaluate("e => getComputedStyle(e).borderTopStyle") != "none"
    pg.locator(".md-sidebar--primary a.md-nav__link[href$='/tabelas/diaristas/']").first.click()
    pg.wait_for_selector("table.tabela-dados th button.ordenar")  # tabelas.js ran on the new page
    assert pg.evaluate("window.marcaDaVisita") == "mesma", "a página recarregou por inteiro"
    tables = [u for u in own_assets(urls) if "/pacote-tabelas." in u]
    assert sorted(u.rsplit(".", 1)[1] for u in tables) == ["css", "js"], tables
    head = pg.locator("table.tabela-dados thead th").first
    assert head.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(236, 239, 241)"  # tabelas.css
    assert pg.evaluate("window.violacoes") == []
    assert errors == []
