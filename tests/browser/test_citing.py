"""Permalinks land on and highlight their provision; «Citar» gives the right citation, by touch.

The site is built for http://127.0.0.1:8000/ and served here on another port: what a reader copies
(reference, «Link permanente», CSL-JSON/RIS/BibTeX) carries the address he is reading from; the
reference is also copied as text/html, with the official journal in italics."""

from __future__ import annotations

import json
import re

from playwright.sync_api import BrowserContext, Page, expect


def highlighted(page: Page, selector: str) -> bool:
    return bool(page.locator(selector).evaluate(
        "el => { const s = getComputedStyle(el); return s.backgroundColor !== 'rgba(0, 0, 0, 0)'"
        " && s.outlineStyle !== 'none'; }"
    ))


def test_permalink_lands_on_provision(page: Page, base_url: str) -> None:
    page.goto(base_url + "/lei-4860-1965/#art7_par5_ali1")
    target = page.locator("#art7_par5_ali1")
    expect(target).to_be_in_viewport()
    assert highlighted(page, "#art7_par5_ali1 > .dispositivo-texto")
    assert not highlighted(page, "#art7_par5_ali2 > .dispositivo-texto")
    assert "20% (vinte por cento)" in target.inner_text()


def test_permalink_to_article_heading(page: Page, base_url: str) -> None:
    page.goto(base_url + "/decreto-lei-3844-1941/#art4")
    expect(page.locator("h2#art4")).to_be_in_viewport()
    assert highlighted(page, "h2#art4")


def test_permalink_after_instant_navigation(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    page.wait_for_function("() => window.document$ !== undefined")
    page.evaluate("() => { const a = document.createElement('a'); a.href = 'lei-4860-1965/#art7_par4';"
                  " a.textContent = 'x'; document.querySelector('article').appendChild(a); a.click(); }")
    page.wait_for_url(re.compile(r"#art7_par4$"))
    expect(page.locator("#art7_par4")).to_be_in_viewport()
    page.wait_for_function("() => document.getElementById('art7_par4').classList.contains('ep-alvo')")


def test_copy_citation_by_touch(phone: Page, base_url: str) -> None:
    context: BrowserContext = phone.context
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    phone.goto(base_url + "/lei-4860-1965/#art7_par5")
    box = phone.locator("#art7_par5 > .dispositivo-texto > details.citar")
    box.locator("summary").tap()
    button = box.locator("button.citar-copiar[data-copiar=ref]")
    expect(button).to_be_visible()
    button.tap()
    expect(box.locator(".citar-status")).to_have_text("Referência copiada.")
    copied = phone.evaluate("() => navigator.clipboard.readText()")
    today = phone.evaluate("() => { const d = new Date(); return [d.getDate(), d.getMonth(), d.getFullYear()]; }")
    months = ["jan.", "fev.", "mar.", "abr.", "maio", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."]
    assert copied == (
        "BRASIL. Lei nº 4.860, de 26 de novembro de 1965. Dispõe sôbre o regime de trabalho nos portos "
        "organizados, e dá outras providências. Diário Oficial da União: seção 1, Brasília, DF, 29 nov. 1965. "
        f"Disponível em: {base_url}/lei-4860-1965/. "
        f"Acesso em: {today[0]} {months[today[1]]} {today[2]}."
    ), copied
    box.locator("button.citar-copiar[data-copiar=curta]").tap()
    expect(box.locator(".citar-status")).to_have_text("Citação no texto copiada.")
    assert phone.evaluate("() => navigator.clipboard.readText()") == "(BRASIL, 1965, art. 7º, § 5º)"


def test_copy_each_format(page: Page, base_url: str) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page.goto(base_url + "/lei-4860-1965/")
    box = page.locator("#art7_par5 > .dispositivo-texto > details.citar")
    box.locator("summary").click()
    iso = page.evaluate("() => { const d = new Date(); return [d.getFullYear(), d.getMonth() + 1, d.getDate()]; }")
    expected = {
        "json": '"id": "lei-4860-1965!art7_par5"',
        "ris": "SE  - art. 7º, § 5º",
        "bib": "@misc{lei-4860-1965:art7_par5,",
        "biblatex": "@legislation{lei-4860-1965:art7_par5,",
    }
    months = ["jan.", "fev.", "mar.", "abr.", "maio", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."]
    for fmt, marker in expected.items():
        box.locator(f"button.citar-formato[data-formato={fmt}]").click()
        expect(box.locator(".citar-status")).to_contain_text("copiada.")
        copied = page.evaluate("() => navigator.clipboard.readText()")
        assert marker in copied, copied
        assert copied.count("lei-4860-1965") >= 1 and "art7_par6" not in copied
        assert f"{base_url}/lei-4860-1965/#art7_par5" in copied and "127.0.0.1:8000" not in copied
        if fmt == "json":
            assert json.loads(copied)[0]["accessed"] == {"date-parts": [iso]}
        elif fmt == "ris":
            assert f"Y2  - {iso[0]}/{iso[1]:02d}/{iso[2]:02d}" in copied
        elif fmt == "bib":
            assert f"urlaccessdate = {{{iso[2]} {months[iso[1] - 1]} {iso[0]}}}" in copied
            assert copied.count("@") == 1  # one entry, not the act's nor the next provision's
        else:
            assert f"urldate = {{{iso[0]}-{iso[1]:02d}-{iso[2]:02d}}}" in copied
            assert copied.count("@") == 1


def test_citation_of_1941_act_is_bracketed_without_ementa(page: Page, base_url: str) -> None:
    page.goto(base_url + "/decreto-lei-3844-1941/")
    box = page.locator("#art4_par2 > .dispositivo-texto > details.citar")
    box.locator("summary").click()
    text = box.locator(".citar-ref").inner_text()
    assert text.startswith("BRASIL. Decreto-Lei [nº 3.844], de 20 de novembro de 1941. [Sem ementa]. "
                           f"[S. l.: s. n.], 1941. Disponível em: {base_url}/decreto-lei-3844-1941/.")
    assert box.locator(".citar-curta").inner_text() == "(BRASIL, 1941, art. 4º, § 2º)"
    assert box.locator(".citar-urn").inner_text() == "URN: urn:lex:br:federal:decreto.lei:1941-11-20;3844!art4_par2"


def test_reference_copied_as_html_with_the_real_address(page: Page, base_url: str) -> None:
    assert not base_url.endswith(":8000")  # served elsewhere than the build's address
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page.goto(base_url + "/lei-4860-1965/")
    box = page.locator("#art7_par5 > .dispositivo-texto > details.citar")
    box.locator("summary").click()
    assert box.locator(".citar-link").inner_text() == f"Link permanente: {base_url}/lei-4860-1965/#art7_par5"
    box.locator("button.citar-copiar[data-copiar=ref]").click()
    expect(box.locator(".citar-status")).to_have_text("Referência copiada.")
    copied = page.evaluate("""async () => {
        const [item] = await navigator.clipboard.read();
        return { html: await (await item.getType('text/html')).text(),
                 text: await (await item.getType('text/plain')).text() };
    }""")
    assert "<em>Diário Oficial da União</em>" in copied["html"], copied
    assert f"Disponível em: {base_url}/lei-4860-1965/." in copied["text"]
    assert "127.0.0.1:8000" not in copied["html"] + copied["text"]
    # The permalinks printed after each article use the same address.
    page.emulate_media(media="print")
    after = page.evaluate(
        "() => getComputedStyle(document.querySelector('.dispositivo-corpo[data-de=art7]'), '::after').content")
    assert f"{base_url}/lei-4860-1965/#" in after, after
