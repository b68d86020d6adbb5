"""Issue 30: a calculator's first field in a few Tabs from the top (it took 77; 6 with Material's
«Pular para conteúdo»). «Ir para o formulário» comes right after Material's skip link on every
calculator page: Tab, Tab, Enter puts the focus in the form's first visible field, on a page
loaded as such or opened by Material's instant navigation; on a page without a form the link is
not there to be tabbed to; without JavaScript it still leads to the form."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page

from .offline_helpers import sitemap_paths

FIRST_FIELD = """() => {
  const form = document.querySelector('form.calc-form');
  const fields = Array.from(form.querySelectorAll('input, select, textarea'))
    .filter(f => f.type !== 'hidden' && !f.disabled && !f.closest('[hidden], template') && f.getClientRects().length);
  return fields[0].id;
}"""
ACTIVE = "() => document.activeElement && (document.activeElement.id || document.activeElement.className)"


def calculator_paths(site: Path) -> list[str]:
    return [p for p in sitemap_paths(site)
            if p.startswith("/calculadoras/") and p.count("/") == 3
            and 'class="calc-form' in (site / p.strip("/") / "index.html").read_text(encoding="utf-8")]


def tab_tab_enter(pg: Page) -> None:
    pg.keyboard.press("Tab")
    assert "md-skip" in pg.evaluate(ACTIVE)  # Material's own «Pular para conteúdo»
    pg.keyboard.press("Tab")
    assert "ep-ir-formulario" in pg.evaluate(ACTIVE)
    pg.keyboard.press("Enter")


def test_tab_tab_enter_lands_in_the_first_field(browser: Browser, base_url: str, site_dir: Path) -> None:
    paths = calculator_paths(site_dir)
    assert len(paths) >= 6, paths
    ctx = browser.new_context(service_workers="block", locale="pt-BR")
    try:
        pg = ctx.new_page()
        for path in paths:
            pg.goto(base_url + path)
            pg.wait_for_selector("form.calc-form[data-ligado]", state="attached")
            tab_tab_enter(pg)
            assert pg.evaluate(ACTIVE) == pg.evaluate(FIRST_FIELD), path
        # A text page: the link is not there to be tabbed to.
        pg.goto(base_url + "/sobre/")
        pg.keyboard.press("Tab")
        pg.keyboard.press("Tab")
        assert "ep-ir-formulario" not in pg.evaluate(ACTIVE)
        # Material's instant navigation (the header stays): to a calculator, then to a text page.
        pg.evaluate("window.marcaDaVisita = 'mesma'")
        pg.evaluate("""(href) => { const a = document.createElement('a'); a.href = href;
            document.querySelector('article').append(a); a.click(); }""", base_url + paths[0])
        pg.wait_for_selector("form.calc-form[data-ligado]", state="attached")
        assert pg.evaluate("window.marcaDaVisita") == "mesma", "houve recarga completa"
        link = pg.locator(".ep-ir-formulario")
        assert link.get_attribute("hidden") is None
        link.focus()
        pg.keyboard.press("Enter")
        assert pg.evaluate(ACTIVE) == pg.evaluate(FIRST_FIELD)
        assert pg.get_attribute(".ep-ir-formulario", "href") == "#" + pg.get_attribute("form.calc-form", "id")
        pg.evaluate("""(href) => { const a = document.createElement('a'); a.href = href;
            document.querySelector('article').append(a); a.click(); }""", base_url + "/sobre/")
        pg.wait_for_selector("form.calc-form", state="detached")
        assert pg.evaluate("window.marcaDaVisita") == "mesma"
        assert link.get_attribute("hidden") is not None
    finally:
        ctx.close()


def test_without_javascript_the_link_leads_to_the_form(browser: Browser, base_url: str, site_dir: Path) -> None:
    ctx = browser.new_context(java_script_enabled=False, locale="pt-BR")
    try:
        pg = ctx.new_page()
        for path in calculator_paths(site_dir):
            pg.goto(base_url + path)
            link = pg.locator(".ep-ir-formulario")
            assert link.count() == 1 and link.get_attribute("hidden") is None, path
            assert link.get_attribute("href") == "#" + pg.get_attribute("form.calc-form", "id")
        pg.goto(base_url + "/lei-4860-1965/")
        assert pg.locator(".ep-ir-formulario").get_attribute("hidden") is not None
    finally:
        ctx.close()
