"""The site's own search (issue 28), in Chromium, through its stable hooks (README, dev/search.md):
the box is an ``input[type=search]`` inside ``[role=search]``; on a phone, the button that opens
it has ``data-busca-abrir``; each result's main link has ``data-busca-resultado``; the «Não está
aqui» answer has ``data-busca-ausente``.

On a desktop and on a phone: typing gives one card per page, the first where the query set says;
a typo is corrected and said; a subject that is not here gets the box with the words as typed, the
acts named from the data, and where the subject is today; filters narrow in one tap; the keyboard
moves through the results; a tap lands on the provision, marked, with the words highlighted;
Material's search is not on the page at all."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from .test_pages import AUDIT, AXE

BOX = "[role=search] input[type=search]"
DRAWN = ("() => { const r = document.querySelector('[data-busca]');"
         " return r && r.dataset.resultado && r.dataset.resultado === r.dataset.buscando; }")


def type_query(page: Page, query: str) -> None:
    """Type ``query`` into the box (replacing what was there) and wait for its list."""
    box = page.locator(BOX)
    box.fill("")
    box.press_sequentially(query, delay=15)
    page.wait_for_function(DRAWN, timeout=30_000)


def search(page: Page, base_url: str, query: str) -> list[str]:
    """Open the home page, search ``query`` (on a phone, opening the search first) and return the
    cards' texts (tests/browser/test_offline.py searches with no connection)."""
    page.goto(base_url + "/")
    opener = page.locator("[data-busca-abrir]")
    if opener.is_visible():
        opener.click()
    type_query(page, query)
    return [t.lower() for t in page.locator(".busca-cartao").all_inner_texts()]


def first_link(page: Page) -> str:
    href = page.locator("[data-busca-resultado]").first.get_attribute("href") or ""
    return re.sub(r"\?h=[^#]*", "", href)


def test_material_search_is_off_and_the_box_is_the_sites(page: Page, base_url: str) -> None:
    page.goto(base_url + "/lei-4860-1965/")
    # Material's search dialog is not on the page (its base template keeps an inert toggle input).
    assert page.locator(".md-search, [data-md-component=search]").count() == 0
    expect(page.locator(BOX)).to_be_visible()
    # Nothing of the search is fetched before the person starts a search.
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    page.wait_for_timeout(300)
    assert not [u for u in fetched if "/search/" in u or "busca" in u]
    type_query(page, "art 7 § 5")
    assert first_link(page).endswith("/lei-4860-1965/#art7_par5")
    assert any("/search/meta.json" in u for u in fetched)


def test_one_card_per_page_and_a_question_lands_on_its_answer(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    type_query(page, "quanto ganho de hora extra a noite")
    assert "/perguntas/horas-extras/" in first_link(page) or "/perguntas/periodo-noturno/" in first_link(page)
    hrefs = [re.sub(r"[?#].*", "", h or "") for h in page.locator("[data-busca-resultado]").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))")]
    assert len(hrefs) == len(set(hrefs)), hrefs
    assert not any(h.endswith("/perguntas/") for h in hrefs[:1])


def test_a_typo_is_corrected_and_said(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    type_query(page, "conferemte")
    expect(page.locator(".busca-estado")).to_contain_text("Mostrando resultados para «conferente»")
    assert first_link(page).endswith("#serie-conferente-titulo")
    assert page.locator("[data-busca-ausente]:not([hidden])").count() == 0


def test_not_here_quotes_the_words_as_typed_and_names_the_acts_from_the_data(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    # A subject no act nor answer of the site treats (data/fora.yaml; «Férias do portuário» was
    # the example until an answer on the avulso's férias came).
    type_query(page, "Licença maternidade da portuária")
    box = page.locator("[data-busca-ausente]")
    expect(box).to_be_visible()
    expect(box).to_contain_text("«Licença maternidade da portuária»")
    for title in ("Lei nº 4.860/1965", "Decreto nº 17.961/1945"):
        expect(box).to_contain_text(title)
    expect(box).to_contain_text("Constituição")  # where the subject is today (data/fora.yaml)
    # A query that is here never shows it.
    type_query(page, "referencia 20")
    assert page.locator("[data-busca-ausente]:not([hidden])").count() == 0
    assert first_link(page).endswith("/tabelas/escala-padrao/#ref-20")


def test_filters_narrow_in_one_tap(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    type_query(page, "salario")
    page.locator(".busca-filtro", has_text="Tabelas").click()
    page.wait_for_function(DRAWN, timeout=30_000)
    links = page.locator("[data-busca-resultado]").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert links and all("/tabelas/" in h for h in links), links


def test_the_keyboard_moves_through_the_results(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    page.keyboard.press("/")
    expect(page.locator(BOX)).to_be_focused()
    type_query(page, "descanso semanal")
    page.keyboard.press("ArrowDown")
    focused = page.evaluate("() => document.activeElement.hasAttribute('data-busca-resultado')")
    assert focused
    page.keyboard.press("Escape")
    expect(page.locator("[data-busca-painel]")).to_be_hidden()


def test_a_tap_lands_on_the_provision_marked_with_the_words(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    type_query(page, "salario familia")
    page.locator("[data-busca-resultado]").first.click()
    page.wait_for_url(re.compile(r"decreto-17961-1945/.*#art4"))
    target = page.locator(".busca-alvo").first
    expect(target).to_be_in_viewport()
    expect(page.locator("mark.busca-realce").first).to_be_visible()


def test_on_a_phone_the_button_opens_the_search(phone: Page, base_url: str) -> None:
    phone.goto(base_url + "/lei-4860-1965/")
    expect(phone.locator(BOX)).to_be_hidden()
    opener = phone.locator("[data-busca-abrir]")
    expect(opener).to_be_visible()
    opener.tap()
    expect(phone.locator(BOX)).to_be_visible()
    expect(phone.locator(BOX)).to_be_focused()
    type_query(phone, "hora estra")
    expect(phone.locator(".busca-estado")).to_contain_text("Mostrando resultados para «hora extra»")
    first = phone.locator("[data-busca-resultado]").first
    expect(first).to_be_visible()
    assert "/perguntas/horas-extras/" in first_link(phone)
    first.tap()
    phone.wait_for_url(re.compile(r"/perguntas/horas-extras/"))


def test_the_open_search_is_accessible(browser: Browser, base_url: str) -> None:
    """axe-core on the results drawn (a not-here answer among them), on a desktop and on a
    phone with the search open in full screen, in both themes' contrast."""
    problems = []
    for viewport, phone in (({"width": 1280, "height": 800}, False), ({"width": 360, "height": 740}, True)):
        ctx = browser.new_context(viewport=viewport, locale="pt-BR", has_touch=phone, is_mobile=phone)
        ctx.add_init_script(path=str(AXE))
        page = ctx.new_page()
        page.goto(base_url + "/")
        if phone:
            page.locator("[data-busca-abrir]").tap()
        for query in ("hora extra", "ferias do avulso"):
            type_query(page, query)
            for violation in page.evaluate(AUDIT, None):
                if violation["impact"] in ("serious", "critical"):
                    problems.append(f"{viewport['width']} px, «{query}»: {violation['id']} "
                                    f"{[n['target'] for n in violation['nodes'][:3]]}")
        ctx.close()
    assert not problems, problems
