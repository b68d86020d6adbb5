"""The calculators on a phone (Chromium at 360 × 740 px, touch).

- every way of writing a time that a worker types (07:00, 0700, 7, 7h, 7h30, 07.00, 19h), and
  the short dates (4/3/24, 040324), typed into the jornada form, is accepted by the real engine
  and gives the same hours as CPython;
- on every calculator page the form starts within the first screen, right after the summary
  (and the history sentence of the rules no longer in force); the provisions and the verified
  examples follow, each with a link back to the form; Material's "back to top" button is not
  shown over the form;
- no reader-facing text of a calculator page names a file, Python or Pyodide;
- the «Parâmetros» tables and the form fit the phone, with the fonts of a fresh Debian and with a
  wider one: no cell or control off screen, nothing to scroll sideways (each number becomes a
  card); with the wider font the form still starts in the first screen;
- a duration or minutes field opens the ordinary keyboard («1h30», «1:30»), a whole number the
  numeric keypad.

One page load per calculator checks all of this (the form, the jargon, the keypads, the fit).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page

from browser.conftest import WIDE_FONT_CSS, inject_css
from calculators import api

from .offline_helpers import CONSENT

TIME_FORMS = ["07:00", "0700", "7", "7h", "7h30", "07.00", "19h"]
JARGON = re.compile(r"pyodide|python|tests/|\.ya?ml\b|\.json\b|\.py\b|\.mjs\b|assets/|calculators/", re.I)


@pytest.fixture()
def phone_page(browser: Browser) -> Page:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True,
                              locale="pt-BR")
    ctx.add_init_script(CONSENT)
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


FORM_FIRST = """() => {
    const form = document.querySelector('form.calc-form');
    const first = form.querySelector('input:not([type=hidden]), select');
    const summary = document.querySelector('.calc-resumo');
    const before = (a, b) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    const provisions = document.getElementById('dispositivos');
    const examples = document.getElementById('exemplos');
    const top = document.querySelector('.md-top');
    return {
        firstControl: first.getBoundingClientRect().top + window.scrollY,
        screen: window.innerHeight,
        summaryBeforeForm: before(summary, form),
        formBeforeProvisions: before(form, provisions),
        formBeforeExamples: before(form, examples),
        backLinks: document.querySelectorAll('.calc-ir a[href$="#calcular"]').length,
        topButton: top ? getComputedStyle(top).display : 'none',
    };
}"""

# Everything of the form (and the summary above it) that sticks out of the screen's width, or a
# box of it that scrolls sideways; and the page's own sideways scroll.
FORM_CUT = """() => {
    const width = document.documentElement.clientWidth;
    const cut = [];
    const form = document.querySelector('form.calc-form');
    for (const el of [form, ...form.querySelectorAll('*')]) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.height > 0 && (r.left < -0.5 || r.right > width + 0.5)) {
            cut.push(`${el.tagName}.${el.className || el.getAttribute('data-path') || ''} ${Math.round(r.right)} px`);
        }
        const scrolls = !['visible', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX);
        if (scrolls && el.scrollWidth > el.clientWidth + 1) {
            cut.push('rola: ' + el.tagName + '.' + el.className);
        }
    }
    const page = document.scrollingElement;
    if (page.scrollWidth > page.clientWidth) cut.push(`página com ${page.scrollWidth} px`);
    return cut;
}"""

# The keypad each control opens: a duration, and a whole number of minutes, is also typed «1h30»
# or «1:30» (no numeric keypad has «h» or «:»): the ordinary keyboard.
INPUT_MODES = """() => [...document.querySelectorAll('form.calc-form input[data-type]')].map(i => [
    i.dataset.path, i.dataset.type, (i.labels[0]?.querySelector('.calc-unidade')?.textContent || ''),
    i.getAttribute('inputmode')])"""


@pytest.mark.parametrize("name", api.names())
def test_calculator_page_on_a_phone(phone_page: Page, base_url: str, name: str) -> None:
    """One page load per calculator: the form first, no jargon, the keypads, and, with the fonts of a
    fresh Debian and with a wider one, a form and «Parâmetros» that fit the screen and a form that
    still starts in the first screen."""
    pg = phone_page
    pg.goto(f"{base_url}/calculadoras/{name}/")
    layout = pg.evaluate(FORM_FIRST)
    assert layout["summaryBeforeForm"] and layout["formBeforeProvisions"] and layout["formBeforeExamples"]
    assert layout["firstControl"] < layout["screen"], f"o formulário começa em {layout['firstControl']} px"
    assert layout["backLinks"] >= 2
    assert layout["topButton"] == "none", "o botão Voltar ao topo cobriria o formulário"
    text = pg.inner_text("body")
    found = sorted({m.group(0) for m in JARGON.finditer(text)})
    assert not found, f"jargão na página: {found}"
    for path, kind, unit, mode in pg.evaluate(INPUT_MODES):
        if kind == "duration" or unit == "(min)":
            assert mode == "text", (path, mode)
        elif kind == "integer":
            assert mode == "numeric", (path, mode)
    rows = pg.locator("table.calc-parametros tbody tr")
    assert rows.count() == len(api.describe(name)["parameters"])  # type: ignore[arg-type]
    assert pg.evaluate(FORM_CUT) == []
    assert pg.evaluate(PARAMETERS_CUT) == []
    inject_css(pg, WIDE_FONT_CSS)
    assert pg.evaluate(FORM_CUT) == [], "com uma fonte larga"
    assert pg.evaluate(PARAMETERS_CUT) == [], "com uma fonte larga"
    wide = pg.evaluate(FORM_FIRST)
    assert wide["firstControl"] < wide["screen"], f"fonte larga: o formulário começa em {wide['firstControl']} px"


