"""Under the site's Content Security Policy (a ``<meta>`` on every page, ``macros/build/csp.py``), in
Chromium: search, the calculators, «Citar», the tables and instant navigation all work, and the
browser reports no violation at all (a blocked script, style, worker or request would)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .offline_helpers import CONSENT

BOOT_TIMEOUT = 120_000
WATCH = """
window.violacoes = [];
document.addEventListener('securitypolicyviolation', e => {
  const where = (e.sourceFile || '') + ':' + e.lineNumber;
  window.violacoes.push(e.violatedDirective + ' ' + (e.blockedURI || '') + ' ' + where);
});
"""


@pytest.fixture()
def watched(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR")
    ctx.add_init_script(WATCH)
    ctx.add_init_script(CONSENT)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    yield ctx
    ctx.close()


def no_violations(pg: Page) -> None:
    assert pg.evaluate("window.violacoes") == []


def test_policy_is_in_force(watched: BrowserContext, base_url: str) -> None:
    """The policy really applies: an inline script injected into the page is refused."""
    pg = watched.new_page()
    pg.goto(base_url + "/")
    ran = pg.evaluate("""() => { const s = document.createElement('script');
        s.textContent = 'window.injetado = 1'; document.body.append(s); return window.injetado === 1; }""")
    assert ran is False
    assert any(v.startswith("script-src") for v in pg.evaluate("window.violacoes"))


def test_search_works_under_the_policy(watched: BrowserContext, base_url: str) -> None:
    pg = watched.new_page()
    pg.goto(base_url + "/")
    box = pg.locator("[role=search] input[type=search]")
    box.click()
    box.press_sequentially("prorrogacao", delay=20)
    expect(pg.locator("[data-busca-resultado]").first).to_be_visible(timeout=15_000)
    assert "prorrogação" in pg.locator("[data-busca-painel]").inner_text().lower()
    no_violations(pg)


def test_citing_and_tables_work_under_the_policy(watched: BrowserContext, base_url: str) -> None:
    pg = watched.new_page()
    pg.goto(base_url + "/lei-4860-1965/#art7_par5")
    box = pg.locator("#art7_par5 > .dispositivo-texto > details.citar")
    box.locator("summary").click()
    box.locator("button.citar-copiar[data-copiar=ref]").click()
    expect(box.locator(".citar-status")).to_have_text("Referência copiada.")
    no_violations(pg)
    pg.goto(base_url + "/tabelas/diaristas/")
    th = pg.locator("#tabela-diaristas thead th[data-chave='proposed_annual_expense']")
    th.locator("button.ordenar").click()
    expect(th).to_have_attribute("aria-sort", "ascending")
    pg.goto(base_url + "/tabelas/comparacao/")
    pg.locator("#filtro-tabela-aumentos").fill("auxiliar de escritorio")
    texts = pg.eval_on_selector_all("#tabela-aumentos tbody tr",
                                    "rows => rows.filter(r => r.offsetParent !== null).map(r => r.innerText)")
    assert texts and all("Auxiliar de Escritório" in t for t in texts)
    no_violations(pg)


def test_calculator_and_instant_navigation_work_under_the_policy(watched: BrowserContext, base_url: str) -> None:
    pg = watched.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda error: errors.append(str(error)))
    pg.goto(base_url + "/calculadoras/")
    pg.wait_for_load_state("networkidle")
    pg.evaluate("window.marcaDaVisita = 'mesma'")
    pg.click(".calc-indice a[href$='refeicao/']")
    pg.wait_for_selector("#form-refeicao")
    assert pg.evaluate("window.marcaDaVisita") == "mesma"
    pg.fill("[data-path='salario_dia']", "12$000")
    pg.click("form.calc-form button[type='submit']")
    pg.wait_for_selector("#resultado-refeicao tr[data-valor='suplemento_por_operario']", timeout=BOOT_TIMEOUT)
    assert pg.inner_text("#resultado-refeicao tr[data-valor='suplemento_por_operario'] td") == "3$000"
    no_violations(pg)
    assert errors == []
