"""The calculators on a phone (Chromium at 360 × 740 px, touch).

- every way of writing a time that a worker types (07:00, 0700, 7, 7h, 7h30, 07.00, 19h), and
  the short dates (4/3/24, 040324), typed into the jornada form, is accepted by the real engine
  and gives the same hours as CPython;
- on every calculator page the form starts within the first screen, right after the summary
  (and the history sentence of the rules no longer in force); the provisions and the verified
  examples follow, each with a link back to the form; Material's "back to top" button is not
  shown over the form;
- no reader-facing text of a calculator page names a file, Python or Pyodide;
- the «Parâmetros» tables fit the phone, with the fonts of a fresh Debian and with a wider one:
  no cell off screen, nothing to scroll sideways (each number becomes a card).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page

from browser.conftest import WIDE_FONT_CSS, inject_css
from calculators import api

TIME_FORMS = ["07:00", "0700", "7", "7h", "7h30", "07.00", "19h"]
JARGON = re.compile(r"pyodide|python|tests/|\.ya?ml\b|\.json\b|\.py\b|\.mjs\b|assets/|calculators/", re.I)


@pytest.fixture()
def phone_page(browser: Browser) -> Page:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True,
                              locale="pt-BR")
    ctx.add_init_script("localStorage.setItem('ep-motor','sim')")
    pg = ctx.new_page()
    pg.set_default_timeout(20_000)
    yield pg
    ctx.close()


def _week() -> list[dict[str, str]]:
    """Seven periods, one a day, each started with one of the time forms (and dates written the
    short ways): four hours each, the last one at night."""
    dates = ["04/03/2024", "5/3/24", "060324", "2024-03-07", "08/03/24", "9.3.24", "10/3/24"]
    ends = ["11:00", "1100", "11", "11h", "11h30", "11.00", "23h"]
    return [{"data": d, "inicio": t, "fim": e} for d, t, e in zip(dates, TIME_FORMS, ends, strict=True)]


def test_jornada_accepts_every_time_form(phone_page: Page, base_url: str) -> None:
    pg = phone_page
    pg.goto(f"{base_url}/calculadoras/jornada/")
    week = _week()
    add = pg.locator("fieldset[data-lista='periodos'] > [data-acao='adicionar']")
    while pg.locator("fieldset[data-lista='periodos'] > .calc-itens > [data-item]").count() < len(week):
        add.click()
    for index, period in enumerate(week):
        for key, value in period.items():
            control = pg.locator(f"form.calc-form [data-path='periodos[{index}].{key}']")
            assert control.get_attribute("inputmode") == "decimal", "o teclado numérico com separador"
            control.fill(value)
    pg.click("form.calc-form button[type='submit']")
    pg.wait_for_function("() => Number(document.querySelector('form.calc-form').dataset.calculos || 0) > 0",
                         timeout=120_000)
    errors = pg.eval_on_selector_all("form.calc-form .calc-erro", "n => n.map(x => x.textContent)")
    assert errors == [], errors
    reference = api.run("jornada", {"periodos": week})
    assert reference["ok"] is True, reference
    shown = dict(pg.eval_on_selector_all(
        "#resultado-jornada tr[data-quantidade]", "rows => rows.map(r => [r.dataset.quantidade, "
        "r.querySelector('td').textContent])"))
    assert shown["horas_trabalhadas"] == reference["quantities"]["horas_trabalhadas"]["formatted"] == "28 h"
    starts = [p["inicio"][-5:] for p in reference["details"]["periodos"]]
    assert starts == ["07:00", "07:00", "07:00", "07:00", "07:30", "07:00", "19:00"]


@pytest.mark.parametrize("name", api.names())
def test_form_first_and_no_jargon(phone_page: Page, base_url: str, name: str) -> None:
    pg = phone_page
    pg.goto(f"{base_url}/calculadoras/{name}/")
    layout = pg.evaluate(
        """() => {
            const form = document.querySelector('form.calc-form');
            const first = form.querySelector('input:not([type=hidden]), select');
            const summary = document.querySelector('.calc-resumo');
            const before = (a, b) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
            const provisions = document.getElementById('dispositivos');
            const examples = document.getElementById('exemplos');
            const top = document.querySelector('.md-top');
            return {
                firstControl: first.getBoundingClientRect().top,
                screen: window.innerHeight,
                summaryBeforeForm: before(summary, form),
                formBeforeProvisions: before(form, provisions),
                formBeforeExamples: before(form, examples),
                backLinks: document.querySelectorAll('.calc-ir a[href$="#calcular"]').length,
                topButton: top ? getComputedStyle(top).display : 'none',
            };
        }"""
    )
    assert layout["summaryBeforeForm"] and layout["formBeforeProvisions"] and layout["formBeforeExamples"]
    assert layout["firstControl"] < layout["screen"], f"o formulário começa em {layout['firstControl']} px"
    assert layout["backLinks"] >= 2
    assert layout["topButton"] == "none", "o botão Voltar ao topo cobriria o formulário"
    text = pg.inner_text("body")
    found = sorted({m.group(0) for m in JARGON.finditer(text)})
    assert not found, f"jargão na página: {found}"


PARAMETERS_CUT = """() => {
  const width = document.documentElement.clientWidth;
  const cut = [];
  document.querySelectorAll('table.calc-parametros').forEach(table => {
    table.querySelectorAll('tbody th, td').forEach(cell => {
      const r = cell.getBoundingClientRect();
      if (r.width > 0 && (r.left < -0.5 || r.right > width + 0.5)) cut.push(cell.textContent.trim());
    });
    for (let node = table; node; node = node.parentElement) {
      if (node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX !== 'visible') {
        cut.push('rola: ' + node.tagName + '.' + node.className);
      }
    }
  });
  return cut;
}"""


@pytest.mark.parametrize("name", api.names())
def test_parameters_fit_a_phone(phone_page: Page, base_url: str, name: str) -> None:
    pg = phone_page
    pg.goto(f"{base_url}/calculadoras/{name}/#parametros")
    rows = pg.locator("table.calc-parametros tbody tr")
    assert rows.count() == len(api.describe(name)["parameters"])  # type: ignore[arg-type]
    assert pg.evaluate(PARAMETERS_CUT) == []
    inject_css(pg, WIDE_FONT_CSS)
    assert pg.evaluate(PARAMETERS_CUT) == []
    assert pg.evaluate("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth") <= 0
