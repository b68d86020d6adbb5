"""The query set (tests/search/queries.yaml) typed into Material's own search box, in Chromium.

One page load per page of the set (the home page, and the few queries typed on a statute's
page); each query is typed and the first result read. The test fails on any wrong first result
and prints the whole table. Also: stop words never decide (a query with and without them lists
the same results; stop words alone list nothing), and a hit opens the provision highlighted,
with the words found marked even when typed without accents.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml
from playwright.sync_api import Browser, Page, Route, expect

QUERIES = Path(__file__).resolve().parent.parent / "search" / "queries.yaml"
BOX = "input[data-md-component=search-query]"

# Reads the results Material rendered for the query just typed: for each group (page), the
# location of its best document (highest data-md-score; the page's own entry on ties).
READ_RESULTS = """() => [...document.querySelectorAll('.md-search-result__item')].map(li => {
    let best = null, top = -1;
    for (const a of li.querySelectorAll('a.md-search-result__link')) {
        const score = parseFloat(a.querySelector('article').dataset.mdScore);
        if (score > top) { top = score; best = a; }
    }
    const url = new URL(best.href);
    return url.pathname.replace(/^\\//, '') + url.hash;
})"""


NOT_HERE = "nao-esta-aqui"


def not_here(page: Page, expected: bool) -> str | None:
    """The «não está aqui» box for the query just typed: ``None`` when absent, else the subject it
    names (``""`` for none). The box is made with the list it answers (busca.js, in the same
    change ``type_query`` waited for); when it is expected and there, wait for its subject to be
    read (a download the first time)."""
    if expected and page.locator(".busca-nao-esta").count():
        page.wait_for_selector(".busca-nao-esta[data-pronto]", timeout=30_000)
    return page.evaluate(  # type: ignore[no-any-return]
        "() => { const b = document.querySelector('.busca-nao-esta');"
        " return b ? (b.dataset.assunto || '') : null; }"
    )


def load_queries() -> list[dict[str, str]]:
    return yaml.safe_load(QUERIES.read_text(encoding="utf-8"))


def open_search(page: Page, url: str) -> None:
    """Open ``url`` and start the search; return once Material has answered the query it sends
    when its index is ready (the empty box's, shown as «Digite para iniciar…» in place of
    «Inicializando busca»): every list rendered from then on answers a query typed later."""
    page.goto(url)
    # busca.js comes once the search starts, before the index (busca-sob-pedido.js, pacotes.js).
    page.wait_for_function("() => window.document$ !== undefined && window.estatutosBuscaSobPedido")
    meta = page.locator(".md-search-result__meta")
    initial = meta.text_content()
    page.locator(BOX).click()  # the index is asked for only now (busca-sob-pedido.js)
    page.wait_for_function(
        "([t]) => document.querySelector('.md-search-result__meta').textContent !== t",
        arg=[initial],
        timeout=30_000,
    )


def type_query(page: Page, query: str) -> list[str]:
    """Type ``query`` (replacing the box's content) and return the result locations, in order.

    Material sends one query to its worker each time the (prepared) text it reads changes, and the
    worker answers in order; busca.js marks the list with the query it last read
    (``data-consulta``) whenever the list changes. Since ``open_search`` waited for the answer to
    the empty box, the next change after typing is this query's answer (empty lists included)."""
    box = page.locator(BOX)
    page.wait_for_function("() => window.estatutosBusca !== undefined")  # the search started: busca.js is in
    prepare = (
        "([q]) => window.estatutosBusca.prepare(q, (document.querySelector('.ato-referencia') || {dataset: {}})"
        ".dataset.slug || null).query"
    )
    raw = box.evaluate("el => Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').get.call(el)")
    before = page.evaluate(prepare, [raw])
    expected = page.evaluate(prepare, [query])
    page.evaluate("() => { document.querySelector('.md-search-result__list').dataset.consulta = '-'; }")
    box.fill(query)
    box.press("End")  # Material reads the box on keyup
    if expected == before:  # the query Material reads did not change: it sends none, the list stands
        return page.evaluate(READ_RESULTS)  # type: ignore[no-any-return]
    page.wait_for_function(
        "([q]) => document.querySelector('.md-search-result__list').dataset.consulta === q",
        arg=[expected],
        timeout=30_000,
    )
    return page.evaluate(READ_RESULTS)  # type: ignore[no-any-return]


SET_BOX = """(el, [values, lastKeyup]) => {
  const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  values.forEach((value, i) => {
    set.call(el, value);
    if (i < values.length - 1 || lastKeyup) el.dispatchEvent(new KeyboardEvent('keyup'));
  });
}"""


def set_box(page: Page, values: list[str], last_keyup: bool) -> None:
    """The box takes each value in one go, each followed by its keyup (the last one only if
    ``last_keyup``: a box changed before its keyup is handled)."""
    page.locator(BOX).evaluate(SET_BOX, [values, last_keyup])


def wait_list_for(page: Page, query: str) -> None:
    """The result list drawn is the one for ``query`` (as busca.js prepared it)."""
    page.wait_for_function(
        "([q]) => document.querySelector('.md-search-result__list').dataset.consulta === q",
        arg=[query],
        timeout=30_000,
    )


def test_an_answer_already_replaced_is_not_drawn(page: Page, base_url: str) -> None:
    """While results are shown, an answer to a query that a newer one replaces is not drawn (at CPU
    4× drawing the lists of «p», «pr»… one by one was most of the wait for the whole word): two
    queries sent at once give one list, the newer's; and a box changed without a keyup yet is read
    when the older answer comes, so its list is the one drawn. Material writes the count
    (``.md-search-result__meta``) once per list it draws."""
    open_search(page, base_url + "/")
    type_query(page, "descanso")
    prepare = "([q]) => window.estatutosBusca.prepare(q, null).query"
    page.evaluate(
        """() => {
            window.epDesenhos = 0;
            new MutationObserver(() => { window.epDesenhos += 1; })
                .observe(document.querySelector('.md-search-result__meta'), { childList: true });
        }"""
    )
    # Two keys in one go: the answer to «porto» comes while «trabalho porto» is on its way.
    set_box(page, ["porto", "trabalho porto"], last_keyup=True)
    wait_list_for(page, page.evaluate(prepare, ["trabalho porto"]))
    assert page.evaluate("() => window.epDesenhos") == 1
    assert page.locator(".md-search-result__item").count() > 0
    # The box changes before its keyup is handled: the answer to «salario» makes Material read it.
    # (The page's idle time is the test's: the idle callbacks wait in epOcioso.)
    page.evaluate(
        "() => { window.epDesenhos = 0; window.epOcioso = []; window.requestIdleCallback = f => epOcioso.push(f); }"
    )
    set_box(page, ["salario", "salario hora"], last_keyup=False)
    wait_list_for(page, page.evaluate(prepare, ["salario hora"]))
    assert page.evaluate("() => window.epDesenhos") == 1
    # The snippets under «mais N nesta página» wait for the page to be idle, or are highlighted as
    # it opens, before it shows: «salario» marks «salário» there too.
    opened = page.evaluate(
        """() => {
            const more = document.querySelector('.md-search-result__list details:not([open])');
            if (!more) return null;
            const arts = [...more.querySelectorAll('article')];
            const waiting = arts.filter(a => a.dataset.epBusca === 'depois').length;
            more.querySelector('summary').click();
            return [arts.length, waiting, arts.filter(a => a.dataset.epBusca === '1').length,
                    [...more.querySelectorAll('mark')].map(m => m.textContent.toLowerCase())];
        }"""
    )
    assert opened is not None, "nenhum «mais nesta página» fechado"
    count, waiting, done, marks = opened
    assert count > 0 and waiting == count and done == count, opened
    assert any(m.startswith("salári") for m in marks), marks
    left = page.evaluate(
        """() => {
            const waiting = document.querySelectorAll('.md-search-result__list article[data-ep-busca=depois]').length;
            const idle = { timeRemaining: () => 50 };
            for (let i = 0; window.epOcioso.length && i < 100; i++) window.epOcioso.shift()(idle);
            return [waiting, document.querySelectorAll('.md-search-result__list article[data-ep-busca=depois]').length];
        }"""
    )
    assert left[0] > 0 and left[1] == 0, left


def test_query_set_first_results(page: Page, base_url: str) -> None:
    queries = load_queries()
    assert len(queries) >= 40
    by_page: dict[str, list[dict[str, str]]] = defaultdict(list)
    for item in queries:
        by_page[item.get("page", "")].append(item)
    rows = []
    for start, items in by_page.items():
        open_search(page, f"{base_url}/{start}")
        for item in items:
            results = type_query(page, item["query"])
            first = results[0] if results else "(nenhum resultado)"
            box = not_here(page, item["expected"].startswith(NOT_HERE))
            if box is not None:  # «não está aqui» is the answer, whatever the list holds
                first = NOT_HERE + (f":{box}" if box else "")
            rows.append((item["query"], item.get("page", ""), item["expected"], first, first == item["expected"]))
    width = max(len(r[0]) for r in rows) + 2
    table = "\n".join(
        f"{'ok ' if ok else 'ERR'} {query:<{width}} {('[' + start + '] ') if start else ''}{got}"
        + ("" if ok else f"   (esperado: {want})")
        for query, start, want, got, ok in rows
    )
    print(f"\n{table}\n{sum(r[4] for r in rows)}/{len(rows)} consultas com o primeiro resultado esperado")
    wrong = [r for r in rows if not r[4]]
    assert not wrong, f"{len(wrong)} consultas com primeiro resultado errado:\n{table}"


@pytest.mark.parametrize(
    ("with_stop_words", "without"),
    [
        ("adicional de risco", "adicional risco"),
        ("intervalo para a refeicao", "intervalo refeicao"),
        ("o trabalho no feriado", "trabalho feriado"),
    ],
)
def test_stop_words_never_decide(page: Page, base_url: str, site_dir: Path, with_stop_words: str, without: str) -> None:
    open_search(page, base_url + "/")
    plain = type_query(page, without)
    stopped = type_query(page, with_stop_words)
    assert plain, without
    # Stop words add nothing: the same documents, in the same order.
    assert stopped == plain, (stopped, plain)
    # And every document listed has one of the other words (never only "de", "para", "o"…).
    index = json.loads((site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    folded = {d["location"]: f"{d['folded']} {d.get('folded_title', '')}".split() for d in index["docs"]}
    prefixes = page.evaluate(
        "([q]) => window.estatutosBusca.tokens(q).filter(w => !window.estatutosBusca.STOP.includes(w))"
        ".map(window.estatutosBusca.stem)",
        [without],
    )
    for location in stopped:
        words = folded[location]
        assert any(w.startswith(p) for w in words for p in prefixes), (location, prefixes)


def test_stop_words_alone_find_nothing(page: Page, base_url: str) -> None:
    open_search(page, base_url + "/")
    assert type_query(page, "de da do para") == []
    # The box is never treated as empty while something is typed in it.
    expect(page.locator(".md-search-result__meta")).not_to_have_text(re.compile("Digite"))
    assert type_query(page, "o a e em") == []


def test_card_main_link_lands_on_the_provision(browser: Browser, base_url: str) -> None:
    """The card's title link goes where its best match is, and only that provision is marked, also
    when the page being left scrolls while the next one loads (the search closing on a phone, the
    reader's finger): Material's anchor tracking of the old page then rewrites the new address
    without its fragment, and the page used to open at the top with nothing marked. (The service
    worker is blocked: Playwright's routes do not see what it answers.)"""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR", service_workers="block")
    try:
        card_link_lands(ctx.new_page(), base_url)
    finally:
        ctx.close()


def card_link_lands(page: Page, base_url: str) -> None:
    page.set_default_timeout(20_000)
    open_search(page, base_url + "/")
    results = type_query(page, "couros verdes em salmoura")
    assert results[0] == "decreto-lei-3844-1941/#anx1_ali6"
    main = page.locator(".md-search-result__item").first.locator("a.md-search-result__link").first
    href = main.get_attribute("href") or ""
    assert href.endswith("#anx1_ali6") and "h=couros" in href, href
    held: list[Route] = []  # the page's download waits until the address has lost its fragment

    def hold(route: Route) -> None:
        held.append(route)

    def the_page(url: str) -> bool:
        return urlsplit(url).path.endswith("/decreto-lei-3844-1941/")

    page.route(the_page, hold)
    main.click()
    # One pixel at each poll (300 ms apart: Material's tracking waits 250 ms for the scroll to rest).
    page.wait_for_function(
        "() => { window.scrollBy(0, 1); return location.pathname.endsWith('/decreto-lei-3844-1941/')"
        " && !location.hash; }",
        polling=300,
    )
    assert held, "a página chegou antes de o endereço perder o fragmento"
    held[0].continue_()
    expect(page).to_have_url(re.compile(r"/decreto-lei-3844-1941/\?h=couros\+verdes\+salmoura#anx1_ali6$"))
    target = page.locator("[id='anx1_ali6']")
    expect(target).to_have_class(re.compile(r"\bbusca-alvo\b"))
    expect(target).to_be_in_viewport()
    marks = page.locator(".md-content article mark[data-md-highlight]")
    expect(marks.first).to_be_visible()
    outside = page.evaluate(
        "() => [...document.querySelectorAll('.md-content article mark[data-md-highlight]')]"
        ".filter(m => !m.closest('.busca-alvo')).length"
    )
    assert outside == 0


def test_absent_never_marks_a_word_the_snippet_has(page: Page, base_url: str) -> None:
    open_search(page, base_url + "/")
    type_query(page, "hora extra")
    rows = page.evaluate(
        """() => [...document.querySelectorAll('.md-search-result__terms')].map(p => [
            p.closest('article').textContent.replace(p.textContent, ''),
            [...p.querySelectorAll('del')].map(d => d.textContent)])"""
    )
    fold = "(s) => window.estatutosBusca.tokens(s).map(window.estatutosBusca.stem)"
    for text, absent in rows:
        stems = page.evaluate(f"([s]) => ({fold})(s)", [text])
        for word in absent:
            forms = [word[:4], "extraordinari"] if word == "extra" else [word[:4]]
            assert not any(s.startswith(f) for s in stems for f in forms), (word, text[:120])
    # «extra» found as «extraordinárias» is never marked absent on the 1965 paragraph.
    first = page.locator(".md-search-result__item").first.locator("article").nth(1)
    expect(first.locator(".md-search-result__terms")).to_have_count(0)


def test_hit_opens_the_paragraph_highlighted(page: Page, base_url: str) -> None:
    open_search(page, base_url + "/")
    results = type_query(page, "art 7 paragrafo 5")
    assert results[0] == "lei-4860-1965/#art7_par5"
    page.locator(".md-search-result__item").first.locator("a.md-search-result__link[href*='#art7_par5']").first.click()
    page.wait_for_url(re.compile(r"#art7_par5$"))
    target = page.locator("[id='art7_par5']")
    expect(target).to_have_class(re.compile(r"\bbusca-alvo\b"))
    expect(target).to_be_in_viewport()


def test_folded_words_highlighted_on_landing(page: Page, base_url: str) -> None:
    open_search(page, base_url + "/")
    type_query(page, "prorrogacao")
    # In the result list, too, the accented word is marked.
    snippet_marks = page.locator(".md-search-result__item").first.locator("mark")
    expect(snippet_marks.first).to_have_text(re.compile(r"^prorroga[çc][ãa]o", re.IGNORECASE))
    link = page.locator(".md-search-result__item").first.locator("a.md-search-result__link").first  # the title
    href = link.get_attribute("href") or ""
    assert "h=prorrogacao" in href, href
    link.click()
    page.wait_for_url(re.compile(r"[?&]h=prorrogacao"))
    anchor = urlsplit(page.url).fragment
    marks = page.locator(".md-content article mark[data-md-highlight] >> visible=true")  # not the result list
    expect(marks.first).to_be_visible()
    texts = {t.lower() for t in marks.all_inner_texts()}
    assert texts & {"prorrogação", "prorrogações"}, texts
    # Only words of the query are marked.
    assert all(t.startswith("prorroga") for t in texts), texts
    if anchor:  # the card's best match is a section (an answer's page itself has no anchor)
        expect(page.locator(f"[id='{anchor}']")).to_have_class(re.compile(r"\bbusca-alvo\b"))


def test_hit_on_a_phone_opens_the_hoje_box_in_view(phone: Page, base_url: str) -> None:
    """On a phone the theme gives back the old scroll when search closes: the hit still shows."""
    phone.goto(base_url + "/")
    phone.wait_for_function("() => window.document$ !== undefined && window.estatutosBuscaSobPedido")
    phone.locator("label[for=__search]").first.click()
    results = type_query(phone, "hoje art 7 lei 4860")
    assert results[0] == "lei-4860-1965/#hoje-art7"
    phone.locator("a.md-search-result__link[href*='#hoje-art7']").first.click()
    phone.wait_for_url(re.compile(r"#hoje-art7$"))
    box = phone.locator("[id='hoje-art7']")
    expect(box).to_have_class(re.compile(r"\bbusca-alvo\b"))
    expect(box).to_have_js_property("open", True)
    expect(box).to_be_in_viewport()


def kind_of(location: str) -> str:
    first = location.split("/", 1)[0]
    return {"perguntas": "answer", "calculadoras": "calculator", "tabelas": "table", "hoje": "hoje"}.get(
        first, "statute" if first in ("lei-4860-1965", "decreto-17961-1945", "decreto-lei-3844-1941") else "other"
    )


@pytest.mark.parametrize(
    ("query", "answer"),
    [
        ("hora extra", "perguntas/horas-extras/"),
        ("quanto vale a hora extra", "perguntas/horas-extras/"),
        ("tenho direito a folga", "perguntas/descanso-semanal/"),
    ],
)
def test_questions_get_answers_first(page: Page, base_url: str, query: str, answer: str) -> None:
    """A worker's question: the plain answer first, then the provision, then the calculator."""
    open_search(page, base_url + "/")
    results = type_query(page, query)
    assert results[0].split("#")[0] == answer, results[:4]
    kinds = [kind_of(r) for r in results]
    assert "statute" in kinds, results
    law = kinds.index("statute")
    # no calculator before the first provision
    assert "calculator" not in kinds[:law], results[: law + 1]


def test_citations_keep_the_provision_first(page: Page, base_url: str) -> None:
    """A researcher's citation or act is never reordered: the provision stays first."""
    open_search(page, base_url + "/")
    assert type_query(page, "lei 4860 art 7 paragrafo 5")[0] == "lei-4860-1965/#art7_par5"
    assert type_query(page, "calculadora de horas extras")[0] == "calculadoras/horas_extras/"

