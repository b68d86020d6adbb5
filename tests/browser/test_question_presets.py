"""From the question to the worker's own figure (issue 26 §3), in headless Chromium.

From each answer page that has one, the «Fazer a sua conta» link (found by its class and the
calculator's name) opens the calculator with a form that holds no one's figures: every field the
preset does not set is as the form declares it (empty, or the zero of an hours field), the preset
choices are set, nothing is computed and nothing is downloaded. In today's values the overtime
form speaks of «horas extras» before the 1965 «prorrogações», and its money labels say «R$»;
in the 1965 view today's fields are hidden and the labels say «Cr$».
"""

from __future__ import annotations

import re

from playwright.sync_api import Page
from test_perguntas import QUESTIONS

from calculators import api

# Every control of the form outside templates: its field, type, value and whether it is shown,
# and whether it is as the server rendered it (the form's declared default).
CONTROLS_JS = """form => Array.from(form.querySelectorAll('[data-field]'))
  .filter(c => !c.closest('template') && !c.hasAttribute('data-lista'))
  .map(c => ({
    field: c.getAttribute('data-field'), path: c.getAttribute('data-path'), type: c.getAttribute('data-type'),
    value: c.type === 'checkbox' ? String(c.checked) : c.value,
    untouched: c.type === 'checkbox' ? c.checked === c.defaultChecked
      : c.tagName === 'SELECT' ? c.options[c.selectedIndex].defaultSelected : c.value === c.defaultValue,
    shown: !(c.closest('[data-visible-when]') || {}).hidden && !(c.closest('fieldset.calc-grupo') || {}).hidden,
  }))"""
# Fields that hold a person's own figures: empty (or the zero hours) in a question's form. Counts
# and quotas may start at the statute's own (the 1941 terno: 8 workers, quota 1,5), as declared.
FIGURES = {"money", "duration", "time", "date"}


def _open_from_answer(pg: Page, base_url: str, slug: str) -> str | None:
    pg.goto(f"{base_url}/perguntas/{slug}/")
    link = pg.locator("p.pergunta-sua-conta[data-calculadora] a")
    if link.count() == 0:
        return None
    name = pg.locator("p.pergunta-sua-conta").first.get_attribute("data-calculadora")
    assert name
    link.first.click()
    pg.wait_for_function("n => location.pathname.endsWith('/calculadoras/' + n + '/')", arg=name)
    pg.wait_for_selector(f"form#form-{name}[data-preparado]", state="attached")
    return name


def test_every_answer_link_opens_its_calculator_empty_and_preset(page: Page, base_url: str) -> None:
    pg = page
    opened = 0
    for slug in QUESTIONS:
        name = _open_from_answer(pg, base_url, slug)
        if name is None:
            continue
        opened += 1
        preset = dict(api.describe(name).get("preset") or {})  # type: ignore[call-overload]
        form = pg.locator(f"form#form-{name}")
        controls = form.evaluate(CONTROLS_JS)
        by_field = {c["field"]: c for c in controls}
        for field, value in preset.items():
            assert by_field[field]["value"] == value, (slug, name, field, by_field[field])
        for control in controls:
            if control["field"] in preset:
                continue
            assert control["untouched"], (slug, name, control)
            if control["type"] in FIGURES and control["shown"]:
                # No one's figure: empty, or the zero hours the form starts with.
                assert re.fullmatch(r"0?", control["value"]), (slug, name, control)
        assert form.get_attribute("data-calculos") is None, (slug, name, "calculou sozinho")
        assert pg.locator(f"#resultado-{name} *").count() == 0, (slug, name)
        status = form.locator(".calc-estado").inner_text()
        assert "sem dados de ninguém" in status, (slug, name, status)
    assert opened >= 10, opened


def _shown_order(pg: Page) -> list[str]:
    return [c["path"] for c in pg.locator("form#form-horas_extras").evaluate(CONTROLS_JS) if c["shown"]]


def test_overtime_form_speaks_of_todays_hours_first_and_of_the_eras_currency(page: Page, base_url: str) -> None:
    pg = page
    assert _open_from_answer(pg, base_url, "horas-extras") == "horas_extras"
    order = _shown_order(pg)
    assert order.index("horas_extras_hoje") < order.index("prorrogacoes[0].horas"), order
    label = pg.locator("label[for='c-horas_extras-horas_extras_hoje']").inner_text()
    assert label.startswith("Horas extras"), label
    money = pg.locator("label[for='c-horas_extras-salario_mensal'] .calc-unidade")
    assert money.inner_text() == "(R$)"
    pg.select_option("form#form-horas_extras [data-field='era']", "1965")
    order = _shown_order(pg)
    assert "horas_extras_hoje" not in order and "acordo_extra" not in order, order
    assert "prorrogacoes[0].horas" in order, order
    assert money.inner_text() == "(Cr$)"
    groups = pg.locator("form#form-horas_extras fieldset.calc-grupo:visible > legend").all_inner_texts()
    assert "Horas extras" not in groups, groups
    assert not any("conforme a época" in text for text in
                   pg.locator("form#form-horas_extras .calc-unidade").all_inner_texts())
