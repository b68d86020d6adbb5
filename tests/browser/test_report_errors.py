"""«Informar um erro» in Chromium: the report is filled in with the provision (citation in words
and URN), the page's address, the site's version and what the reader wrote, for a sample of
provisions and a «Hoje» claim:

- without a destination (the default build): the report is copied; no link to send it;
- with a destination (the ``<meta>`` tags the build writes from ``extra.relatar_erro``, put in
  the page here): the tracker and e-mail links, decoded, carry that same report, about the right
  provision; what was typed is only text.
"""

from __future__ import annotations

from urllib.parse import parse_qs, unquote, urlsplit

import pytest
from playwright.sync_api import Page, expect

from macros.data import ids
from macros.data.site import current
from macros.render.links import provision_label

from .clipboard import copied_text, record_clipboard

SAMPLE = [("lei-4860-1965", "art7_par5"), ("decreto-lei-3844-1941", "art4_par2"), ("decreto-17961-1945", "art1_par2")]
TYPED = 'O § 5º diz "vinte" e não <b>trinta</b> & mais'
TRACKER = "https://tracker.example.org/novo?title={titulo}&body={relato}"


def expected_lines(base_url: str, slug: str, node: str, version: str) -> list[str]:
    statute = current().statute(slug)
    return [
        "Relato de erro — Estatutos Portuários",
        f"Onde: {provision_label(statute, node)}",
        f"URN: {ids.urn(statute.urn, node)}",
        f"Página: {base_url}/{slug}/#{node}",
        f"Versão do site: {version}",
        "",
        "O que está errado:",
        TYPED,
    ]


def open_report(pg: Page, slug: str, node: str) -> None:
    box = pg.locator(f"details.relatar[data-ancora='{node}']")
    box.locator("summary").click()
    box.locator("textarea.relatar-o-que").fill(TYPED)


@pytest.mark.parametrize("with_destination", [False, True], ids=["so-copiar", "com-destino"])
def test_report_is_filled_in_for_a_sample(page: Page, base_url: str, with_destination: bool) -> None:
    record_clipboard(page.context)
    for slug, node in SAMPLE:
        page.goto(f"{base_url}/{slug}/")
        version = page.evaluate("document.querySelector('meta[name=\"ep-versao\"]')?.content || 'não identificada'")
        if with_destination:
            page.evaluate("""t => {
                for (const [n, c] of [['ep-relato-rastreador', t], ['ep-relato-email', 'erros@example.org']]) {
                    const m = document.createElement('meta'); m.name = n; m.content = c;
                    document.head.appendChild(m);
                } }""", TRACKER)
        open_report(page, slug, node)
        box = page.locator(f"details.relatar[data-ancora='{node}']")
        lines = expected_lines(base_url, slug, node, version)
        assert box.locator("textarea.relatar-texto").input_value().split("\n") == lines
        assert box.locator("b").count() == 0  # typed markup stays text
        box.locator("button.relatar-copiar").click()
        expect(box.locator(".relatar-status")).to_have_text("Relato copiado.")
        assert copied_text(page).split("\n") == lines
        links = box.locator("a.relatar-enviar")
        if not with_destination:
            assert links.count() == 0
            continue
        tracker = urlsplit(box.locator("a[data-destino=rastreador]").get_attribute("href") or "")
        assert (tracker.scheme, tracker.netloc, tracker.path) == ("https", "tracker.example.org", "/novo")
        query = parse_qs(tracker.query)
        assert query["title"] == [f"Erro em {lines[1].removeprefix('Onde: ')}"]
        assert query["body"][0].split("\n") == lines
        mail = box.locator("a[data-destino=email]").get_attribute("href") or ""
        assert mail.startswith("mailto:erros@example.org?")
        mail_query = parse_qs(urlsplit(mail).query)
        assert mail_query["body"][0].split("\n") == lines
        assert unquote(mail).count("URN: ") == 1


def test_report_on_a_today_claim(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/lei-4860-1965/")
    page.locator("#hoje-art7 > summary").click()
    claim = page.locator("#hoje-art7 li.hoje-afirmacao").first
    claim.locator("button.relatar-abrir").click()
    claim.locator("textarea.relatar-o-que").fill(TYPED)
    text = claim.locator("textarea.relatar-texto").input_value()
    statute = current().statute("lei-4860-1965")
    assert f"Onde: Hoje — {provision_label(statute, 'art7')}, afirmação 1\n" in text
    assert f"URN: {ids.urn(statute.urn, 'art7')}\n" in text
    assert f"Página: {base_url}/lei-4860-1965/#hoje-art7\n" in text
    statement = claim.evaluate("li => li.querySelector('.hoje-tipo').textContent")
    assert f"Afirmação: {statement}" in text and "Informar um erro" not in text.split("Afirmação: ")[1]
    assert text.endswith(TYPED)
