"""Issue 30, in headless Chromium: the figures a shared link carries, and «Meus cálculos».

- A shared link carries the sender's main figures and when («enviado»). Opened on a phone that
  has not downloaded the engine, the page shows them at once, apart from the result area and
  labelled as the sender's, with the inputs in words, and downloads nothing; once the engine runs,
  it confirms them. A link whose figures were altered is shown as different, figure by figure; an
  unreadable one is said and ignored. «Compartilhar» gives a link whose figures are the result's.
- «Meus cálculos»: a result is kept after one «sim», then by default; the calculator's list and
  the page of its own show it; reopened offline a day later (a changed clock) it recomputes and
  confirms the same figures; a kept figure changed (another version of the rules) is pointed out
  and the list says «versão anterior»; delete one, delete all. Storage blocked or full is said,
  and the calculator still computes.

The oracle for the figures is CPython (calculators.api.run), never the page itself.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from browser.conftest import ALL_RENDERED_CSS, inject_css

from .offline_helpers import CONSENT, NAMES, share_query, usable_case
from .test_calculators import BOOT_TIMEOUT, shown_amounts
from .test_pages import AUDIT, AXE, COLOUR_RULES, SCHEME

NAME = "refeicao"
ZONE = "America/Sao_Paulo"
KEPT: str = NAMES["storage"]["keptCalculations"]


def reference() -> tuple[dict[str, Any], dict[str, str], list[list[str]]]:
    """A case, CPython's figures ({key: formatted}) and the link's figures ([k, label, value])."""
    case, result = usable_case(NAME)
    figures = [[f"a:{k}", v["label"], v["formatted"]] for k, v in result["amounts"].items()]
    figures += [[f"q:{k}", v["label"], v["formatted"]] for k, v in (result.get("quantities") or {}).items()]
    return case["inputs"], {k: v["formatted"] for k, v in result["amounts"].items()}, figures


def sent_link(base_url: str, inputs: dict[str, Any], figures: list[list[str]], when: datetime) -> str:
    sent = json.dumps({"q": when.isoformat().replace("+00:00", "Z"), "f": figures}, ensure_ascii=False)
    return f"{base_url}/calculadoras/{NAME}/?{share_query(inputs)}&{urlencode({'enviado': sent})}"


def when_text(when: datetime) -> str:
    local = when.astimezone(ZoneInfo(ZONE))
    return local.strftime("%d/%m/%Y às %H:%M")


def sender_figures(pg: Page) -> dict[str, str]:
    return dict(pg.eval_on_selector_all(".calc-remetente tr[data-valor]",
                                        "rows => rows.map(r => [r.dataset.valor, r.querySelector('td').textContent])"))


def verdict(pg: Page, kinds: str = "confere,difere") -> str:
    pg.wait_for_function(
        "kinds => kinds.split(',').includes("
        "document.querySelector('.calc-remetente-conferencia')?.dataset.conferencia)",
        arg=kinds, timeout=BOOT_TIMEOUT)
    return str(pg.get_attribute(".calc-remetente-conferencia", "data-conferencia"))


@pytest.fixture()
def phone(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="pt-BR", timezone_id=ZONE,
                              service_workers="block")
    yield ctx
    ctx.close()


# ------------------------------------------------------------------ a shared link's figures
def test_a_shared_link_shows_the_senders_figures_at_once_then_confirms_them(phone: BrowserContext,
                                                                           base_url: str) -> None:
    inputs, amounts, figures = reference()
    when = datetime(2026, 11, 30, 21, 5, tzinfo=UTC)
    engine: list[str] = []
    phone.on("request", lambda r: engine.append(r.url) if "/pyodide/" in r.url else None)
    pg = phone.new_page()
    pg.goto(sent_link(base_url, inputs, figures, when))
    box = pg.locator(".calc-remetente")
    box.wait_for(state="visible", timeout=20_000)
    # At once, without the engine: the sender's figures, labelled, with the inputs in words.
    assert sender_figures(pg) == {k: v for k, _, v in figures}
    text = box.inner_text()
    assert "Resultado de quem enviou" in text, text
    assert f"Calculado no aparelho de quem enviou, em {when_text(when)}" in text, text
    words = pg.locator(".calc-remetente-dados li").all_inner_texts()  # the inputs, as the form names them
    label = pg.inner_text(f"label[for='{pg.get_attribute('[data-path=salario_dia]', 'id')}']").strip()
    assert any(w.startswith(label.split(" (")[0]) and str(inputs["salario_dia"]) in w for w in words), words
    # Never in the result area, never as the site's own result.
    assert pg.locator(f"#resultado-{NAME} *").count() == 0
    assert pg.locator(f"#resultado-{NAME} .calc-remetente").count() == 0
    assert verdict(pg, "sem-motor") == "sem-motor"
    assert engine == [], "nada do motor deveria baixar antes do aceite"
    # The engine accepted: the same figures, confirmed.
    pg.click(".motor-oferta [data-motor-acao='baixar']")
    assert verdict(pg) == "confere", box.inner_text()
    assert shown_amounts(pg, NAME) == amounts
    # «Compartilhar» gives the figures of the result on screen.
    pg.click("form.calc-form [data-acao='compartilhar']")
    link = pg.locator(".calc-link-texto").input_value()
    query = parse_qs(urlsplit(link).query)
    carried = json.loads(query["enviado"][0])
    assert {k: v for k, _, v in carried["f"]} == {f"a:{k}": v for k, v in amounts.items()}
    data = {k: v[0] for k, v in query.items() if k != "enviado"}  # a default value is left out
    assert "salario_dia" in data and data.items() <= {k: str(v) for k, v in inputs.items()}.items(), data


def test_an_altered_or_unreadable_link_is_told(phone: BrowserContext, base_url: str) -> None:
    phone.add_init_script(CONSENT)
    inputs, amounts, figures = reference()
    when = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    altered = [list(f) for f in figures]
    altered[0][2] = "999$000"
    altered.append(["a:inventado", "Um valor que o cálculo não tem", "1$000"])
    pg = phone.new_page()
    pg.goto(sent_link(base_url, inputs, altered, when))
    assert verdict(pg) == "difere"
    differences = pg.locator(".calc-remetente-diferencas li").all_inner_texts()
    label, first = figures[0][1], amounts[figures[0][0][2:]]
    assert any(f"«{label}»" in d and "999$000" in d and first in d for d in differences), differences
    assert any("Um valor que o cálculo não tem" in d for d in differences), differences
    # The result area shows the site's own figures, not the link's.
    assert shown_amounts(pg, NAME) == amounts
    # Unreadable: said, nothing of it shown, the calculation made from the link's data.
    pg.goto(f"{base_url}/calculadoras/{NAME}/?{share_query(inputs)}&enviado=%7Bnao-e-json")
    pg.wait_for_selector(f"#resultado-{NAME} .calc-resultado-titulo", timeout=BOOT_TIMEOUT)
    assert pg.locator(".calc-remetente").count() == 0
    assert "não puderam ser lidos" in pg.inner_text(".calc-erro-enviado")
    # Markup in a label stays text.
    hostile = [[figures[0][0], "<img src=x onerror=alert(1)>", "<b>1</b>"]]
    pg.goto(sent_link(base_url, inputs, hostile, when))
    pg.locator(".calc-remetente").wait_for()
    assert pg.locator(".calc-remetente img, .calc-remetente b").count() == 0
    assert "<img src=x" in pg.inner_text(".calc-remetente")


# ------------------------------------------------------------------ «Meus cálculos»
def kept(pg: Page) -> list[dict[str, Any]]:
    return json.loads(pg.evaluate(f"localStorage.getItem('{KEPT}') || '[]'"))


def compute_from_link(pg: Page, base_url: str, inputs: dict[str, Any]) -> None:
    before = int(pg.evaluate("document.querySelector('form.calc-form')?.dataset.calculos || '0'") or 0)
    pg.goto(f"{base_url}/calculadoras/{NAME}/?{share_query(inputs)}")
    pg.wait_for_function("n => Number(document.querySelector('form.calc-form')?.dataset.calculos || '0') > 0",
                         arg=before, timeout=BOOT_TIMEOUT)


def test_kept_calculations_reopen_offline_a_day_later(browser: Browser, base_url: str) -> None:
    inputs, amounts, _ = reference()
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="pt-BR", timezone_id=ZONE)
    try:
        pg = ctx.new_page()
        pg.set_default_timeout(30_000)
        pg.goto(f"{base_url}/calculadoras/{NAME}/")
        pg.evaluate("navigator.serviceWorker.ready.then(() => true)")
        pg.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=30_000)
        pg.click(".motor-oferta [data-motor-acao='offline']")
        pg.wait_for_selector(".motor-oferta.motor-oferta--site-guardado", timeout=BOOT_TIMEOUT)
        compute_from_link(pg, base_url, inputs)
        # The first time, a question; nothing kept before the «sim».
        pg.locator(".calc-guardar[data-guardado='pergunta']").wait_for()
        assert kept(pg) == []
        pg.click(".calc-guardar-sim")
        pg.locator(".calc-guardar[data-guardado='sim']").wait_for()
        [entry] = kept(pg)
        assert {f["k"]: f["v"] for f in entry["figuras"]} == {f"a:{k}": v for k, v in amounts.items()}
        assert entry["calc"] == NAME and entry["versao"] == pg.get_attribute("meta[name=ep-versao]", "content")
        # The calculator's own list shows it, with its figures.
        item = pg.locator(f".meus-calculos[data-calc='{NAME}'] .meus-calculos-item")
        assert item.count() == 1
        assert all(v in item.inner_text() for v in amounts.values())
        # Kept by default from now on: another calculation is kept with no question.
        other = dict(inputs, operarios=int(inputs["operarios"]) + 1)
        compute_from_link(pg, base_url, other)
        pg.locator(".calc-guardar[data-guardado='sim']").wait_for()
        assert len(kept(pg)) == 2
        # A day later, offline: the page of its own lists both, and reopening gives the same figures.
        ctx.set_offline(True)
        pg.clock.set_system_time(datetime.now(UTC) + timedelta(days=1))
        pg.goto(f"{base_url}/meus-calculos/")
        items = pg.locator(".meus-calculos--todos .meus-calculos-item")
        items.first.wait_for()
        assert items.count() == 2
        first = pg.locator(f".meus-calculos-item[data-id='{entry['id']}']")
        assert first.get_attribute("data-outra-versao") is None
        first.locator("[data-acao='abrir']").click()
        assert verdict(pg) == "confere", pg.inner_text(".calc-remetente")
        assert shown_amounts(pg, NAME) == amounts
        assert "guardado neste aparelho" in pg.inner_text(".calc-remetente").lower()
        # Another version of the rules: a kept figure that differs is pointed out, and the list
        # does not show it as current.
        stale = kept(pg)
        target = next(e for e in stale if e["consulta"] == entry["consulta"])
        target["versao"] = "0000000 2020-01-01"
        target["figuras"][0]["v"] = "1$000"
        pg.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEPT, json.dumps(stale)])
        pg.goto(f"{base_url}/meus-calculos/")
        old = pg.locator(f".meus-calculos-item[data-id='{target['id']}']")
        old.wait_for()
        assert old.get_attribute("data-outra-versao") == "sim"
        assert "versão anterior" in old.inner_text()
        old.locator("[data-acao='abrir']").click()
        assert verdict(pg) == "difere"
        assert "1$000" in pg.inner_text(".calc-remetente-diferencas")
        # Delete one, then all (a second tap confirms).
        pg.goto(f"{base_url}/meus-calculos/")
        pg.locator(".meus-calculos--todos .meus-calculos-item").first.wait_for()
        before = len(kept(pg))
        pg.locator(".meus-calculos--todos .meus-calculos-item").first.locator("[data-acao='apagar']").click()
        assert len(kept(pg)) == before - 1
        assert pg.locator(".meus-calculos--todos .meus-calculos-item").count() == before - 1
        pg.click(".meus-calculos--todos [data-acao='apagar-todos']")
        assert len(kept(pg)) == before - 1  # not yet: the first tap asks
        pg.click(".meus-calculos--todos [data-acao='apagar-todos']")
        assert kept(pg) == []
        assert pg.locator(".meus-calculos--todos .meus-calculos-item").count() == 0
        assert "Nenhum cálculo guardado" in pg.inner_text(".meus-calculos-resumo")
    finally:
        ctx.close()


BLOCKED = """(() => {
  const deny = () => { throw new DOMException('bloqueado pelo teste', 'SecurityError'); };
  Object.defineProperty(window, 'localStorage', { get: deny, configurable: true });
})()"""
# Storage full for the kept calculations only; the engine already agreed to.
FULL = """((key) => {
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (name, value) {
    if (name === key) throw new DOMException('cheio pelo teste', 'QuotaExceededError');
    return set.call(this, name, value);
  };
})(""" + json.dumps(KEPT) + ");" + CONSENT


@pytest.mark.parametrize("storage", ["bloqueado", "cheio"])
def test_blocked_or_full_storage_is_told_and_the_calculator_computes(phone: BrowserContext, base_url: str,
                                                                     storage: str) -> None:
    inputs, amounts, _ = reference()
    phone.add_init_script(BLOCKED if storage == "bloqueado" else FULL)
    pg = phone.new_page()
    pg.goto(f"{base_url}/calculadoras/{NAME}/?{share_query(inputs)}")
    if storage == "bloqueado":
        pg.click(".motor-oferta [data-motor-acao='baixar']")  # the consent lives in this page only
    pg.wait_for_selector(f"#resultado-{NAME} .calc-resultado-titulo", timeout=BOOT_TIMEOUT)
    assert shown_amounts(pg, NAME) == amounts
    box = pg.locator(".calc-guardar")
    if storage == "cheio":
        pg.click(".calc-guardar-sim")
    pg.wait_for_function("s => document.querySelector('.calc-guardar')?.dataset.guardado === s", arg=storage)
    text = box.inner_text()
    assert ("não deixa o site guardar" in text) if storage == "bloqueado" else ("Não há espaço" in text), text
    assert re.search(r"c[aá]lculo continua|resultado acima continua", text), text
    assert shown_amounts(pg, NAME) == amounts


# Colours as they settle (a scroll, the header's title fading): every finite animation is taken to
# its end at once. Waiting on its «finished» instead hung a whole run (an animation that never
# plays on never ends, and page.evaluate has no time limit).
SETTLED = """() => { for (const a of document.getAnimations()) {
  const t = a.effect && a.effect.getComputedTiming();
  if (t && t.iterations !== Infinity && t.endTime !== Infinity) { try { a.finish(); } catch (e) { /* cannot end */ } }
} }"""


def test_axe_finds_nothing_serious_in_the_new_parts(browser: Browser, base_url: str) -> None:
    """The sender's box, the question after the result, the calculator's list and the page of its
    own, in both themes (axe-core injected by the browser, the page's CSP in force)."""
    inputs, _, figures = reference()
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="pt-BR", timezone_id=ZONE,
                              service_workers="block")
    ctx.add_init_script(CONSENT)
    ctx.add_init_script(path=str(AXE))
    problems: list[str] = []

    def audit(pg: Page, where: str) -> None:
        inject_css(pg, ALL_RENDERED_CSS)  # as test_pages does: the off-screen examples drawn too
        for rules in (None, COLOUR_RULES):
            if rules:  # the other theme, by the header's button
                before = pg.evaluate(SCHEME)
                pg.locator("form[data-md-component=palette] label:visible").dispatch_event("click")
                pg.wait_for_function(f"() => ({SCHEME})() !== '{before}'")
            # Colours as they settle: saving scrolls the list into view, and the header's title
            # fades between the site's name and the page's while axe would measure it.
            pg.evaluate(SETTLED)
            for violation in pg.evaluate(AUDIT, rules):
                if violation["impact"] in ("serious", "critical"):
                    problems.append(f"{where}: {violation['id']} {[n['target'] for n in violation['nodes'][:3]]}")

    try:
        pg = ctx.new_page()
        pg.goto(sent_link(base_url, inputs, figures, datetime(2026, 11, 30, 12, 0, tzinfo=UTC)))
        assert verdict(pg) == "confere"
        pg.locator(".calc-guardar[data-guardado='pergunta']").wait_for()
        audit(pg, "calculadora com o quadro de quem enviou e a pergunta")
        pg.click(".calc-guardar-sim")
        pg.locator(f".meus-calculos[data-calc='{NAME}'] .meus-calculos-item").wait_for()
        audit(pg, "calculadora com a lista")
        pg.goto(f"{base_url}/meus-calculos/")
        pg.locator(".meus-calculos--todos .meus-calculos-item").wait_for()
        audit(pg, "Meus cálculos")
    finally:
        ctx.close()
    assert not problems, "\n".join(problems)
