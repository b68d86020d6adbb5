"""The calculation receipt («Guardar ou imprimir o cálculo»), on a 360 px phone with the real engine.

A worker computes (form typed in), opens the receipt and finds: what he entered, each step with
its provision in words, the date and time, the site's version, and the share link written out and
as a QR code. Then:

- the QR code (drawn by the pinned qrcode-generator, served by the site) decodes, with the pinned
  jsQR decoder, to exactly the link written under it, which is the page's share link;
- nothing of the receipt is wider than the phone;
- printed to PDF on A4 (Chromium's print), it is one page; so is the receipt of a week of seven
  periods (the sheet scales itself down to fit);
- «Compartilhar» hands the link to the Web Share API where there is one, and copies it where
  there is none;
- the share link, opened in a new page, recomputes the same figures the receipt shows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from json import dumps
from urllib.parse import quote

import pytest
from conftest import ROOT
from playwright.sync_api import Browser, BrowserContext, Page

from calculators import api

from .offline_helpers import CONSENT

BOOT_TIMEOUT = 120_000
JSQR = (ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js").read_text(encoding="utf-8")


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.fixture(scope="module")
def phone_context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True,
                              locale="pt-BR", service_workers="block")
    ctx.add_init_script(CONSENT)  # the engine download was accepted
    ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    yield ctx
    ctx.close()


def open_receipt(pg: Page) -> None:
    pg.wait_for_selector(".calc-comprovante-abrir", timeout=BOOT_TIMEOUT)
    pg.click(".calc-comprovante-abrir")
    pg.wait_for_function("() => document.querySelector('.comprovante')?.dataset.qr")
    assert pg.evaluate("document.querySelector('.comprovante').dataset.qr") == "pronto"


def receipt_figures(pg: Page, scope: str) -> dict[str, str]:
    return dict(pg.eval_on_selector_all(
        f"{scope} tr[data-valor], {scope} tr[data-quantidade]",
        "rows => rows.map(r => [r.dataset.valor || ('q:' + r.dataset.quantidade), r.querySelector('td').textContent])",
    ))


def decode_qr(pg: Page) -> str | None:
    """The text of the receipt's QR code: the SVG drawn on a canvas, read by jsQR (evaluated in
    the page by the test driver, not served by the site)."""
    pg.evaluate(f"() => {{ {JSQR}\n; window.__jsQR = jsQR; }}")
    return pg.evaluate("""async () => {
        const svg = document.querySelector('.comprovante-qr svg');
        const source = new XMLSerializer().serializeToString(svg);
        const data = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(source);
        const img = new Image();
        await new Promise((ok, fail) => { img.onload = ok; img.onerror = fail; img.src = data; });
        const side = Number(svg.getAttribute('viewBox').split(' ')[2]) * 6;
        const canvas = document.createElement('canvas');
        canvas.width = side; canvas.height = side;
        const g = canvas.getContext('2d');
        g.imageSmoothingEnabled = false;
        g.drawImage(img, 0, 0, side, side);
        const found = window.__jsQR(g.getImageData(0, 0, side, side).data, side, side);
        return found ? found.data : null;
    }""")


def test_receipt_prints_on_one_a4_page_and_the_link_reproduces_it(phone_context: BrowserContext, base_url: str) -> None:
    pg = phone_context.new_page()
    pg.set_default_timeout(20_000)
    pg.goto(f"{base_url}/calculadoras/horas_extras/")
    pg.fill("form.calc-form [data-path='salario_mensal']", "1.200,00")
    pg.fill("form.calc-form [data-path='prorrogacoes[0].horas']", "3")
    pg.click("form.calc-form button[type='submit']")
    open_receipt(pg)
    link = pg.url.split("#")[0]  # Material's navigation.tracking may add the section's anchor
    assert "salario_mensal=" in link

    sheet = ".comprovante-folha"
    text = pg.inner_text(sheet)
    # The inputs, as typed and chosen.
    inputs = dict(pg.eval_on_selector_all(f"{sheet} .comprovante-entradas tr",
                                          "rows => rows.map(r => [r.cells[0].textContent, r.cells[1].textContent])"))
    assert any(k.startswith("Salário mensal") and v == "1.200,00" for k, v in inputs.items()), inputs
    assert any("Horas" in v and "3" in v for v in inputs.values()), inputs
    # Each step with its provision in words; the figures equal CPython's.
    reference = api.run("horas_extras", {"salario_mensal": "1.200,00", "prorrogacoes": [{"horas": "3"}]})
    assert reference["ok"] is True
    steps = pg.eval_on_selector_all(f"{sheet} .calc-passos > li > a.calc-dispositivo", "a => a.map(x => x.textContent)")
    assert len(steps) == len(reference["steps"])
    assert "Lei nº 4.860/1965, art. 7º, § 5º, alínea a" in steps, steps
    assert "Constituição Federal de 1988, art. 7º, XVI" in steps, steps
    figures = receipt_figures(pg, sheet)
    assert figures == {k: v["formatted"] for k, v in reference["amounts"].items()}
    # When, which version, the link in full.
    facts = dict(pg.eval_on_selector_all(f"{sheet} .comprovante-fatos dd",
                                         "d => d.map(x => [x.dataset.fato, x.textContent])"))
    assert re.search(r"\d{4}", facts["quando"]) and re.search(r"\d{2}:\d{2}", facts["quando"]), facts
    version = pg.evaluate("document.querySelector('meta[name=\"ep-versao\"]')?.content || ''")
    assert (facts["versao"] == version) if version else facts["versao"].startswith("não identificada"), facts
    assert pg.inner_text(f"{sheet} .comprovante-link-texto") == link
    assert "Informação, não orientação jurídica" in text
    # The QR code is the same link.
    assert decode_qr(pg) == link
    # Nothing wider than the phone.
    overflow = pg.evaluate("""() => [...document.querySelectorAll('.comprovante *')]
        .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map(e => e.tagName + '.' + e.className).slice(0, 5)""")
    assert overflow == [], overflow
    # One A4 page.
    assert pdf_pages(pg.pdf(format="A4", prefer_css_page_size=True)) == 1
    # «Compartilhar» (no Web Share API in headless Chromium) copies the link.
    assert pg.evaluate("typeof navigator.share") != "function"
    pg.click(".comprovante [data-acao='compartilhar']")
    pg.wait_for_function("() => document.querySelector('.comprovante-estado').textContent !== ''")
    assert pg.evaluate("navigator.clipboard.readText()") == link
    whatsapp = pg.get_attribute(".comprovante-barra a[href^='https://wa.me/']", "href")
    assert whatsapp and quote(link, safe="") in whatsapp

    # The share link, opened anew, gives the same figures.
    # (This page has the Web Share API, as a phone does: «Compartilhar» hands it the link.)
    again = phone_context.new_page()
    again.set_default_timeout(20_000)
    again.add_init_script("navigator.share = async (data) => { window.__partilhado = data; };")
    again.goto(link)
    open_receipt(again)
    assert receipt_figures(again, "#resultado-horas_extras") == figures
    assert receipt_figures(again, ".comprovante-folha") == figures
    again.click(".comprovante [data-acao='compartilhar']")
    again.wait_for_function("() => window.__partilhado")
    assert again.evaluate("window.__partilhado.url") == link
    again.close()

    # A long calculation (a week of seven periods) still prints on one page.
    week = [{"data": f"0{d}/03/2024", "inicio": "07:00", "fim": "19:00"} for d in range(4, 10)]
    week.append({"data": "10/03/2024", "inicio": "19:00", "fim": "07:00"})
    pg.goto(f"{base_url}/calculadoras/jornada/?periodos={quote(dumps(week))}")
    open_receipt(pg)
    assert pdf_pages(pg.pdf(format="A4", prefer_css_page_size=True)) == 1
    written = pg.inner_text(".comprovante-link-texto")
    assert written == pg.url.split("#")[0]
    assert decode_qr(pg) == written
    pg.close()


def test_the_receipt_keeps_the_focus_and_escape_closes_it_from_anywhere(browser: Browser, base_url: str) -> None:
    """Issue 30: the receipt (aria-modal) let the focus out after 7 Tabs, and Escape then did
    nothing. Open, it is the only part of the page: the rest is inert; Tab and Shift+Tab, past
    every stop of the receipt and round again, never leave it; Escape closes it with the focus on
    a button, and after a click on the sheet's text (the focus then on the page's body); the focus
    goes back to the button that opened it, and the page is usable again."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR", service_workers="block")
    ctx.add_init_script("localStorage.setItem('ep-motor','sim')")
    pg = ctx.new_page()
    pg.set_default_timeout(20_000)
    pg.goto(f"{base_url}/calculadoras/horas_extras/?salario_mensal=1.200,00&prorrogacoes=%5B%7B%22horas%22%3A%223%22%7D%5D")
    opener = pg.locator(".calc-comprovante-abrir")
    opener.wait_for(timeout=BOOT_TIMEOUT)
    inside = "() => Boolean(document.activeElement && document.activeElement.closest('.comprovante'))"
    on_opener = "() => document.activeElement === document.querySelector('.calc-comprovante-abrir')"
    for way in ("botão", "texto"):
        opener.focus()
        pg.keyboard.press("Enter")
        pg.wait_for_selector(".comprovante")
        assert pg.evaluate(inside)
        assert pg.evaluate("() => [...document.body.children].filter(n => !n.classList.contains('comprovante'))"
                           ".every(n => n.inert)")
        stops = pg.evaluate("() => document.querySelectorAll('.comprovante a[href], .comprovante button').length")
        assert stops >= 4
        for key in ("Tab", "Shift+Tab"):
            for _ in range(stops + 3):  # every stop, and round again
                pg.keyboard.press(key)
                where = "() => document.activeElement.outerHTML.slice(0, 80)"
                assert pg.evaluate(inside), (way, key, pg.evaluate(where))
        if way == "texto":
            pg.locator(".comprovante-folha h3").first.click()
        pg.keyboard.press("Escape")
        assert pg.locator(".comprovante").count() == 0, way
        assert pg.evaluate(on_opener), way
        assert not pg.evaluate("() => [...document.body.children].some(n => n.inert)"), way
    ctx.close()
