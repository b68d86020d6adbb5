"""/perguntas/ and the «Hoje» layer in headless Chromium.

- Each answer's calculator link restores its worked example in the form and computes it: the
  amounts the calculator shows are the ones the answer page shows (computed at build). One page
  walks through every answer with Material's instant navigation, so the engine boots once; the
  engine consent flag of the board's contract 3 is set.
- On a 360 px touch screen, the «Hoje» box is closed by default and opens with a tap, and a
  glossary term of a statute page shows its tooltip when tapped.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page
from test_perguntas import QUESTIONS

from .offline_helpers import CONSENT

BOOT_TIMEOUT = 120_000
ROWS_JS = "rows => rows.map(r => [r.dataset.valor || ('q:' + r.dataset.quantidade), r.querySelector('td').textContent])"


@pytest.fixture()
def walker(browser: Browser) -> Iterator[Page]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR")
    ctx.add_init_script(CONSENT)
    pg = ctx.new_page()
    pg.set_default_timeout(20_000)
    yield pg
    ctx.close()


def go(pg: Page, href: str) -> None:
    """Follow a link the way a reader does (Material's instant navigation keeps the engine)."""
    pg.evaluate(
        """href => { const a = document.createElement('a'); a.href = href; a.textContent = 'ir';
                     document.querySelector('.md-content').appendChild(a); a.click(); }""",
        href,
    )


def test_every_answer_link_restores_and_computes_its_example(walker: Page, base_url: str) -> None:
    pg = walker
    pg.goto(f"{base_url}/perguntas/")
    checked = 0
    for slug in QUESTIONS:
        go(pg, f"{base_url}/perguntas/{slug}/")
        pg.wait_for_function("s => location.pathname.endsWith('/perguntas/' + s + '/')", arg=slug)
        pg.wait_for_selector(".pergunta-exemplo")
        examples = pg.eval_on_selector_all(
            ".pergunta-exemplo",
            """boxes => boxes.map(b => ({
                name: b.dataset.calculadora,
                href: b.querySelector('a.pergunta-calcular').href,
                shown: Object.fromEntries(Array.from(b.querySelectorAll('tr[data-valor], tr[data-quantidade]'))
                    .map(r => [r.dataset.valor || ('q:' + r.dataset.quantidade), r.querySelector('td').textContent]))
            }))""",
        )
        assert examples, slug
        for example in examples:
            go(pg, example["href"])
            name = example["name"]
            pg.wait_for_function("n => location.pathname.endsWith('/calculadoras/' + n + '/')", arg=name)
            pg.wait_for_function(
                "() => Number((document.querySelector('form.calc-form') || {dataset: {}})"
                ".dataset.calculos || '0') > 0",
                timeout=BOOT_TIMEOUT,
            )
            shown = dict(pg.eval_on_selector_all(
                f"#resultado-{name} tr[data-valor], #resultado-{name} tr[data-quantidade]",
                ROWS_JS,
            ))
            assert shown, (slug, name, "a calculadora não mostrou resultado")
            for key, value in example["shown"].items():
                assert shown.get(key) == value, (slug, name, key, shown.get(key), value)
            checked += 1
    assert checked >= len(QUESTIONS)


def test_hoje_box_closed_on_phone_and_opens_by_touch(phone: Page, base_url: str) -> None:
    phone.goto(f"{base_url}/lei-4860-1965/")
    box = phone.locator("#hoje-art7")
    box.scroll_into_view_if_needed()
    assert box.evaluate("e => e.tagName === 'DETAILS' && !e.open")
    assert box.locator(".hoje-corpo").is_hidden()
    box.locator("summary").tap()
    assert box.evaluate("e => e.open")
    assert box.locator("a.hoje-fonte").first.is_visible()
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, width


def test_glossary_tooltip_opens_by_touch(phone: Page, base_url: str) -> None:
    phone.goto(f"{base_url}/decreto-lei-3844-1941/")
    term = phone.locator(".md-content abbr").first
    term.scroll_into_view_if_needed()
    term.tap()
    tip = phone.locator(".md-tooltip2--active")
    tip.wait_for(state="visible", timeout=5_000)
    assert len(tip.inner_text().strip()) > 10
