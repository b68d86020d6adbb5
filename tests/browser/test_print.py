"""Printing a statute page (Chromium print to PDF, A4): no «Citar», no "#" anchors, no navigation or
search, no target highlight; the act's reference in the page header; each article's permalink
after it; Lei nº 4.860 fits in at most 6 pages. A calculator page prints its worked examples, which
the screen lets the browser skip while they are off-screen (``content-visibility: auto``)."""

from __future__ import annotations

import re

from playwright.sync_api import Page


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def test_lei_4860_prints_in_at_most_six_a4_pages(page: Page, base_url: str) -> None:
    page.goto(base_url + "/lei-4860-1965/#art7_par5")
    page.wait_for_function("() => document.querySelector('.ep-alvo') !== null")
    pages = pdf_pages(page.pdf(format="A4", prefer_css_page_size=True))
    assert 1 <= pages <= 6, pages


def test_print_layout(page: Page, base_url: str) -> None:
    """(The printed permalinks carry the address the page is read from: tests/browser/test_citing.py.)"""
    page.goto(base_url + "/lei-4860-1965/#art7_par5")
    page.wait_for_function("() => document.querySelector('.ep-alvo') !== null")
    page.emulate_media(media="print")
    hidden = page.evaluate(
        """() => ['details.citar', 'a.ancora', '.md-header', '.md-sidebar--primary', '.busca',
                  'details.sobre-edicao', 'button.citar-copiar']
            .map(s => [s, [...document.querySelectorAll(s)].every(e => getComputedStyle(e).display === 'none'
                                                                      || e.offsetParent === null)])"""
    )
    assert all(ok for _, ok in hidden), hidden
    target = page.evaluate(
        "() => { const s = getComputedStyle(document.querySelector('#art7_par5 > .dispositivo-texto'));"
        " return [s.backgroundColor, s.outlineStyle]; }"
    )
    assert target == ["rgba(0, 0, 0, 0)", "none"], target
    assert page.evaluate("() => getComputedStyle(document.querySelector('.md-content')).page") == "ato-lei-4860-1965"
    after = page.evaluate(
        "() => getComputedStyle(document.querySelector('.dispositivo-corpo[data-de=art7]'), '::after').content"
    )
    assert "Link permanente: " in after and f"{base_url}/lei-4860-1965/#" in after and "art7" in after
    css = page.evaluate(
        # The page's own style sheets, whatever the build bundled them into (macros/build/bundles.py).
        "async () => (await Promise.all([...document.querySelectorAll('link[rel=stylesheet]')]"
        ".map(async l => (await fetch(l.href)).text()))).join('\\n')"
    )
    block = css[css.index("@page ato-lei-4860-1965"):]
    assert '@top-left { content: "BRASIL. Lei nº 4.860, de 26 de novembro de 1965"' in block


def test_calculator_examples_print(page: Page, base_url: str) -> None:
    """The examples skipped while off-screen: a link to the last one still opens it at the top of the
    screen (its heading is outside the skipped block), and printing lays every one out."""
    page.goto(base_url + "/calculadoras/horas_extras/")
    last = page.evaluate("() => [...document.querySelectorAll('h3[id^=exemplo-]')].pop().id")
    page.goto(f"{base_url}/calculadoras/horas_extras/#{last}")
    page.wait_for_function("id => { const top = document.getElementById(id).getBoundingClientRect().top;"
                           " return window.scrollY > 1000 && top >= 0 && top < 200; }", arg=last)
    examples = page.locator(".calc-exemplo")
    assert examples.count() > 3
    seen = "() => [...document.querySelectorAll('.calc-exemplo')].map(e => getComputedStyle(e).contentVisibility)"
    assert set(page.evaluate(seen)) == {"auto"}  # on screen: skipped while far from view
    page.emulate_media(media="print")
    assert set(page.evaluate(seen)) == {"visible"}
    # Laid out, not a placeholder: the print layout comes after the media change, and on a busy
    # machine one reading right after it once found the box not laid out yet (None).
    page.wait_for_function("() => { const box = [...document.querySelectorAll('.calc-exemplo')].pop()"
                           ".getBoundingClientRect(); return box.height > 100; }", timeout=10_000)
    last = examples.last.bounding_box()
    assert last is not None and last["height"] > 100
