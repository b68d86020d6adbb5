"""Permalinks land on and highlight their provision; «Citar» gives the right citation, by touch."""

from __future__ import annotations

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
    button = box.locator("button.citar-copiar")
    expect(button).to_be_visible()
    button.tap()
    expect(box.locator(".citar-status")).to_have_text("Citação copiada.")
    copied = phone.evaluate("() => navigator.clipboard.readText()")
    url = f"{base_url}/lei-4860-1965/#art7_par5"
    expected = (
        "BRASIL. Lei nº 4.860, de 26 de novembro de 1965. Dispõe sôbre o regime de trabalho nos portos "
        "organizados, e dá outras providências. Diário Oficial da União de 29 de novembro de 1965. "
        f"art. 7º, § 5º. Disponível em: {url}. Acesso em: "
    )
    assert copied.startswith(expected), copied
    assert re.search(r"Acesso em: \d{1,2} [a-z.]+ \d{4}\. URN: urn:lex:br:federal:lei:1965-11-26;4860!art7_par5\.$",
                     copied), copied
    # The box shows the same text.
    assert box.locator(".citar-texto").inner_text() == copied


def test_citation_of_attributed_number_is_bracketed(page: Page, base_url: str) -> None:
    page.goto(base_url + "/decreto-lei-3844-1941/")
    box = page.locator("#art4_par2 > .dispositivo-texto > details.citar")
    box.locator("summary").click()
    text = box.locator(".citar-texto").inner_text()
    assert text.startswith("BRASIL. Decreto-Lei [nº 3.844], de 20 de novembro de 1941. [Dispõe sobre")
    assert " art. 4º, § 2º. Disponível em: " in text
    assert text.endswith("URN: urn:lex:br:federal:decreto.lei:1941-11-20;3844!art4_par2.")
