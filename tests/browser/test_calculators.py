"""The calculators in headless Chromium with the real Pyodide (vendored, served by the site).

One page for the whole module, which goes from calculator to calculator by instant navigation, so
Pyodide boots once per test process (not once per calculator):

- every case of ``data/cases/<name>.yaml`` typed into the form gives the expected amounts (in
  the currency's format, equal to CPython's) and provisions, or the expected field messages;
- hostile inputs give a field message (or, for "1.234,56", the right result): no crash, no
  "NaN", no injected element, no dialog;
- a shared link reopens and recomputes the same calculation;
- Enter in a field computes; a result drawn over another is the one drawn on an empty area;
- instant navigation between calculator pages (and jornada → horas_extras) boots Pyodide once;
- a holiday worked with another day off: the hand-off fills the hours past the day's limit, and
  horas_extras pays them as overtime;
- a failed load (the .wasm answered with 404, short time limit) shows the message and the
  worked examples stay visible;
- the five Pyodide files are served with the right content types by nginx (deploy/nginx.conf) and
  by ``mkdocs serve``.
"""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route
from site_server import start

from browser.conftest import WIDE_FONT_CSS, inject_css
from calculators import api
from calculators.core.money import Currency, format_money
from macros.data.cases import calculator_cases

from .engine_watch import limits
from .offline_helpers import CONSENT

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
BOOT_TIMEOUT = 120_000
JS_TYPES = ("text/javascript", "application/javascript", "application/x-javascript")


# ------------------------------------------------------------------ pages shared by the module
@pytest.fixture(scope="module")
def calc_context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900}, locale="pt-BR")
    ctx.add_init_script(CONSENT)  # the person already agreed to the engine download
    yield ctx
    ctx.close()


@pytest.fixture(scope="module")
def calc_pages(calc_context: BrowserContext, base_url: str) -> Iterator[dict[str, Page]]:
    pages: dict[str, Page] = {}
    yield pages
    for pg in pages.values():
        pg.close()


# An instant navigation (Material's): a click on a link of the site, as the person's own click on
# the menu would be; the page and its engine stay.
INSTANT = """([href]) => { const a = document.createElement('a'); a.href = href;
    document.body.append(a); a.click(); a.remove(); }"""


def hand_off_to_overtime(pg: Page) -> None:
    """jornada's «Levar às horas extraordinárias», tapped, until horas_extras' form is there; the
    page is marked first, so that a full reload (instead of instant navigation) shows."""
    pg.evaluate("window.marcaDaVisita = 'mesma'")
    pg.click("#resultado-jornada [data-acao='levar']")
    pg.wait_for_url("**/calculadoras/horas_extras/?*")
    pg.wait_for_selector("#form-horas_extras")


def open_calculator(pages: dict[str, Page], ctx: BrowserContext, base_url: str, name: str) -> Page:
    """The module's one calculator page (``pages["pagina"]``), showing calculator ``name``: the first
    is loaded; the next ones are reached by instant navigation, so the engine boots once per module
    (each boot costs seconds) and every calculator is also checked after another one has run."""
    pg = pages.get("pagina")
    if pg is None:
        pg = ctx.new_page()
        pg.set_default_timeout(20_000)
        pg.dialogs = []  # type: ignore[attr-defined]
        pg.on("dialog", lambda d: (pg.dialogs.append(d.message), d.dismiss()))  # type: ignore[attr-defined]
        pg.goto(f"{base_url}/calculadoras/{name}/")
        pages["pagina"] = pg
    elif pg.locator(f"#form-{name}").count() == 0:
        pg.evaluate("window.marcaDaVisita = 'mesma'")
        pg.evaluate(INSTANT, [f"{base_url}/calculadoras/{name}/"])
        pg.wait_for_selector(f"#form-{name}")
        assert pg.evaluate("window.marcaDaVisita") == "mesma", "houve recarga completa da página"
    return pg


# ------------------------------------------------------------------ form driving
def set_control(pg: Page, path: str, value: Any) -> None:
    control = pg.locator(f"form.calc-form [data-path='{path}']")
    kind = control.evaluate("e => e.tagName === 'SELECT' ? 'select' : e.type")
    if kind == "checkbox":
        control.set_checked(value is True or str(value).lower() in ("sim", "true", "1"))
    elif kind == "select":
        control.select_option(str(value))
    else:
        control.fill(str(value))


def fill(pg: Page, name: str, inputs: dict[str, Any]) -> None:
    pg.click("form.calc-form [data-acao='limpar']")
    fields = {f["name"]: f for f in api.describe(name)["inputs"]}  # type: ignore[union-attr]
    ordered = sorted(inputs, key=lambda k: fields[k]["type"] != "choice")  # choices first (visibility)
    for key in ordered:
        value = inputs[key]
        if fields[key]["type"] != "list":
            set_control(pg, key, value)
            continue
        items = pg.locator(f"fieldset[data-lista='{key}'] > .calc-itens > [data-item]")
        while items.count() > len(value):
            items.last.locator(":scope > [data-acao='remover']").click()
        while items.count() < len(value):
            pg.click(f"fieldset[data-lista='{key}'] > [data-acao='adicionar']")
        for index, item in enumerate(value):
            for sub, sub_value in item.items():
                set_control(pg, f"{key}[{index}].{sub}", sub_value)


def submit(pg: Page) -> None:
    before = int(pg.evaluate("document.querySelector('form.calc-form').dataset.calculos || '0'"))
    pg.click("form.calc-form button[type='submit']")
    pg.wait_for_function(
        "n => Number(document.querySelector('form.calc-form').dataset.calculos || '0') > n",
        arg=before, timeout=BOOT_TIMEOUT,
    )


def shown_amounts(pg: Page, name: str) -> dict[str, str]:
    return dict(pg.eval_on_selector_all(
        f"#resultado-{name} tr[data-valor], #resultado-{name} tr[data-quantidade]",
        "rows => rows.map(r => [r.dataset.valor || ('q:' + r.dataset.quantidade), r.querySelector('td').textContent])",
    ))


def shown_provisions(pg: Page, name: str) -> list[str]:
    # a link, or the name alone of a precedent with no official address known
    refs = pg.eval_on_selector_all(f"#resultado-{name} .calc-passos .calc-dispositivo[data-ref]",
                                   "a => a.map(x => x.dataset.ref)")
    return list(dict.fromkeys(refs))


def field_errors(pg: Page) -> dict[str, str]:
    """data-path → message of each field message; '' for the general area."""
    return dict(pg.eval_on_selector_all(
        "form.calc-form .calc-erro",
        """nodes => nodes.map(n => {
            const owner = n.dataset.de && document.getElementById(n.dataset.de);
            return [owner ? owner.dataset.path : '', n.textContent];
        })""",
    ))


def check_case(pg: Page, name: str, case: dict[str, Any]) -> None:
    fill(pg, name, case["inputs"])
    submit(pg)
    expected = case["expected"]
    where = f"{name}:{case['name']}"
    if expected.get("ok", True) is False:
        errors = field_errors(pg)
        for field in expected["errors"]:
            if pg.locator(f"form.calc-form [data-path='{field}']").count():
                assert field in errors, (where, field, errors)
                control = pg.locator(f"form.calc-form [data-path='{field}']")
                assert control.get_attribute("aria-invalid") == "true", where
                assert f"{control.get_attribute('id')}-erro" in (control.get_attribute("aria-describedby") or "")
            else:
                assert "" in errors, (where, errors)
        return
    reference = api.run(name, case["inputs"], data=case.get("data"))
    assert reference["ok"] is True
    code = reference["currency"]["code"]
    shown = shown_amounts(pg, name)
    for key, value in expected.get("amounts", {}).items():
        assert shown.get(key) == format_money(Decimal(value), Currency(code)), (where, key, shown.get(key))
    for key, text in expected.get("formatted", {}).items():
        assert shown.get(key) == text, (where, key)
    for key in expected.get("absent", []):
        assert key not in shown, (where, key)
    for key in expected.get("quantities", {}):
        assert shown.get(f"q:{key}") == reference["quantities"][key]["formatted"], (where, key)
    assert {k: v for k, v in shown.items() if not k.startswith("q:")} == {
        k: v["formatted"] for k, v in reference["amounts"].items()
    }, where
    assert shown_provisions(pg, name) == expected["provisions"], where


@pytest.mark.parametrize("name", api.names())
def test_cases_through_the_form(
    calc_context: BrowserContext, calc_pages: dict[str, Page], base_url: str, site_dir: Path, name: str
) -> None:
    cases = calculator_cases(name)
    if name == "salarios_1945":
        # The cases carry their own (illustrative) tables: serve those instead of the full ones,
        # with the build id of the site (tables of another build are refused: test_one_build.py).
        fixture = next(c["data"] for c in cases if c.get("data"))
        build = json.loads((site_dir / "assets" / "calculadoras-dados.json").read_text(encoding="utf-8"))["versao"]
        body = json.dumps({**fixture, "versao": build}, ensure_ascii=False)

        def serve_fixture(route: Route) -> None:
            route.fulfill(status=200, content_type="application/json", body=body)

        calc_context.route("**/assets/calculadoras-dados.json", serve_fixture)
        # In the browser the tables are always supplied; "sem_tabelas" (no tables) is covered by
        # tests/test_calculators_cases.py in CPython.
        cases = [c for c in cases if c["name"] != "sem_tabelas"]
    pg = open_calculator(calc_pages, calc_context, base_url, name)
    for case in cases:
        check_case(pg, name, case)
    assert pg.locator("text=NaN").count() == 0
    assert pg.evaluate("window.epMotores") == 1


HOSTILE = ["", "-5", "abc", "1e309", "NaN", "9" * 10_000, "<img src=x onerror=alert(1)>", "1.234,56"]


def test_hostile_inputs(calc_context: BrowserContext, calc_pages: dict[str, Page], base_url: str) -> None:
    pg = open_calculator(calc_pages, calc_context, base_url, "horas_extras")
    images = pg.locator("img").count()
    for value in HOSTILE:
        # Era 1965 (Cr$), chosen explicitly: the calculator opens in today's era (R$) by default.
        fill(pg, "horas_extras", {"era": "1965", "salario_mensal": value, "prorrogacoes": [{"horas": "1"}]})
        submit(pg)
        errors = field_errors(pg)
        if value == "1.234,56":
            assert not errors
            assert shown_amounts(pg, "horas_extras")["salario_hora"] == "Cr$ 5"  # whole cruzeiros (1965)
            assert pg.locator("#resultado-horas_extras", has_text="Cr$ 1.234,56").count() == 1
        else:
            assert "salario_mensal" in errors, (value[:20], errors)
            assert errors["salario_mensal"].startswith("Salário mensal"), errors
            assert value not in errors["salario_mensal"] or value == ""
        body = pg.inner_text("body")
        assert "NaN" not in body.replace(value, "") if value == "NaN" else "NaN" not in body
        assert "Traceback" not in body
        assert pg.locator("img").count() == images
    # the same in a list item and in a text field
    fill(pg, "horas_extras", {"salario_mensal": "1.200,00", "prorrogacoes": [{"horas": HOSTILE[6]}]})
    submit(pg)
    assert "prorrogacoes[0].horas" in field_errors(pg)
    assert pg.locator("img").count() == images
    assert pg.dialogs == []  # type: ignore[attr-defined]


def test_shared_link_restores(calc_context: BrowserContext, calc_pages: dict[str, Page], base_url: str) -> None:
    pg = open_calculator(calc_pages, calc_context, base_url, "horas_extras")
    inputs = {"salario_mensal": "1.234,56", "divisor": "220", "prorrogacoes": [{"horas": "2:30"}, {"horas": "1"}]}
    fill(pg, "horas_extras", inputs)
    submit(pg)
    original = shown_amounts(pg, "horas_extras")
    pg.click("form.calc-form [data-acao='compartilhar']")
    link = pg.input_value("form.calc-form .calc-link-texto")
    assert "salario_mensal=1.234%2C56" in link and "divisor=220" in link and "prorrogacoes=" in link
    other = calc_context.new_page()
    try:
        other.goto(link)
        other.wait_for_function("() => document.querySelector('form.calc-form').dataset.calculos === '1'",
                                timeout=BOOT_TIMEOUT)
        assert shown_amounts(other, "horas_extras") == original
        assert other.input_value("[data-path='prorrogacoes[1].horas']") == "1"
    finally:
        other.close()



# The result area as markup, without the «Meus cálculos» box (made a task after the result) and
# the marks Material's focus-visible script puts on the focused title after a key.
RESULT_MARKUP = """(name) => { const area = document.getElementById('resultado-' + name).cloneNode(true);
  area.querySelectorAll('.calc-guardar').forEach((n) => n.remove());
  area.querySelectorAll('.focus-visible').forEach((n) => {
    n.classList.remove('focus-visible');
    n.removeAttribute('data-focus-visible-added');
  });
  return area.innerHTML; }"""


def test_enter_computes_and_a_redrawn_result_is_a_fresh_one(
    calc_context: BrowserContext, calc_pages: dict[str, Page], base_url: str
) -> None:
    """Enter in a field computes (the browser clicks «Calcular», which form.mjs takes before the
    browser submits the form), with no navigation; a result drawn over another (form.mjs keeps
    what did not change) is, node for node, the one drawn on an empty area; the title is a new
    element and has the focus."""
    pg = open_calculator(calc_pages, calc_context, base_url, "horas_extras")
    # «Limpar» (fill) empties the result area: the later changes are made field by field.
    second = {"era": "1965", "salario_mensal": "2.000,00", "prorrogacoes[0].horas": "1"}
    fill(pg, "horas_extras", {"era": "1965", "salario_mensal": "2.000,00", "prorrogacoes": [{"horas": "1"}]})
    submit(pg)
    fresh = pg.evaluate(RESULT_MARKUP, "horas_extras")
    for path, value in {"era": "hoje", "salario_mensal": "1.234,56", "prorrogacoes[0].horas": "2:30"}.items():
        set_control(pg, path, value)
    submit(pg)
    assert pg.evaluate(RESULT_MARKUP, "horas_extras") != fresh
    old_title = pg.evaluate_handle("document.querySelector('#resultado-horas_extras .calc-resultado-titulo')")
    for path, value in second.items():
        set_control(pg, path, value)
    before = int(pg.evaluate("document.querySelector('form.calc-form').dataset.calculos"))
    url = pg.url
    pg.focus("[data-path='salario_mensal']")
    pg.keyboard.press("Enter")
    pg.wait_for_function("n => Number(document.querySelector('form.calc-form').dataset.calculos) > n",
                         arg=before, timeout=BOOT_TIMEOUT)
    assert pg.url.split("?")[0] == url.split("?")[0]
    assert pg.evaluate(RESULT_MARKUP, "horas_extras") == fresh
    assert pg.evaluate("(old) => !old.isConnected && document.activeElement"
                       " === document.querySelector('#resultado-horas_extras .calc-resultado-titulo')", old_title)
    assert pg.locator("#resultado-horas_extras .calc-comprovante").count() == 1

def test_instant_navigation_boots_once(browser: Browser, base_url: str) -> None:
    # The test server listens on a random port, not on site_url's: assets/navegacao.js makes
    # Material's instant navigation work there too.
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR")
    ctx.add_init_script(CONSENT)  # the person already agreed to the engine download
    try:
        pg = ctx.new_page()
        pg.goto(f"{base_url}/calculadoras/jornada/")
        assert pg.evaluate("window.epMotores") == 0, "o Pyodide só carrega na primeira interação"
        fill(pg, "jornada", {"periodos": [{"data": "2024-03-04", "inicio": "07:00", "fim": "18:00",
                                           "intervalo_inicio": "11:00", "intervalo_fim": "12:00"}]})
        submit(pg)
        assert pg.evaluate("window.epMotores") == 1
        # instant navigation (Material): jornada → horas_extras with the classified hours
        hand_off_to_overtime(pg)
        assert pg.input_value("[data-path='prorrogacoes[0].horas']") == "2:00"
        assert pg.input_value("[data-path='horas_extras_hoje']") == "2:00"
        # Issue 18: the hand-off opens without an error: no error mark, the cursor in the salary
        # field and a calm sentence saying what is still needed.
        pg.wait_for_function("() => document.querySelector('#form-horas_extras').dataset.falta",
                             timeout=BOOT_TIMEOUT)
        form = pg.locator("#form-horas_extras")
        assert "falta só: Salário mensal" in form.locator(".calc-estado").inner_text()
        assert "Há dados a corrigir" not in form.inner_text() and form.locator(".calc-erro").count() == 0
        assert pg.evaluate("document.activeElement.getAttribute('data-path')") == "salario_mensal"
        fill(pg, "horas_extras", {"salario_mensal": "1.200,00", "prorrogacoes": [{"horas": "2:00"}]})
        submit(pg)
        # today's values by default (R$), divisor 220 of the 44-hour week (CLT, art. 64)
        amounts = shown_amounts(pg, "horas_extras")
        assert amounts["acrescimo_prorrogacao_20"] == "R$ 2,18"
        assert amounts["total_minimo_hoje"] == "R$ 16,36"
        # and through the calculators' index (the 1941 ones are under «História»), to a third one
        pg.locator(".md-sidebar--primary a.md-nav__link[href$='/calculadoras/']").first.click()
        pg.wait_for_selector(".calc-indice")
        pg.click(".calc-indice a[href$='refeicao/']")
        pg.wait_for_selector("#form-refeicao")
        fill(pg, "refeicao", {"salario_dia": "12$000"})
        submit(pg)
        assert shown_amounts(pg, "refeicao")["suplemento_por_operario"] == "3$000"
        assert pg.evaluate("window.marcaDaVisita") == "mesma", "houve recarga completa da página"
        assert pg.evaluate("window.epMotores") == 1
    finally:
        ctx.close()


def test_the_week_hands_the_holiday_past_the_limit_to_overtime(
    calc_context: BrowserContext, calc_pages: dict[str, Page], base_url: str
) -> None:
    """A holiday worked 07:00–19:00: jornada's «Levar às horas extraordinárias» fills «Dessas horas
    de feriado, quantas passaram do limite do dia» with the 4 hours past the 8th; with another day
    off ticked and R$ 10,00 an hour, horas_extras pays them as overtime (CF/88, art. 7º, XIII and
    XVI): R$ 40,00 + R$ 20,00 = R$ 60,00, and no double (the day off replaces it)."""
    pg = open_calculator(calc_pages, calc_context, base_url, "jornada")
    fill(pg, "jornada", {"periodos": [{"data": "2024-03-04", "inicio": "07:00", "fim": "19:00", "feriado": True}]})
    submit(pg)
    assert shown_amounts(pg, "jornada")["q:horas_feriado_alem_do_limite"] == "4 h"
    hand_off_to_overtime(pg)
    assert pg.input_value("[data-path='horas_feriado']") == "12:00"
    assert pg.input_value("[data-path='horas_feriado_alem_do_limite']") == "4:00"
    assert not pg.is_checked("[data-path='folga_compensatoria']"), "a passagem não sabe da folga"
    set_control(pg, "forma_salario", "hora")
    set_control(pg, "salario_hora", "10,00")
    set_control(pg, "folga_compensatoria", True)
    submit(pg)
    assert field_errors(pg) == {}
    amounts = shown_amounts(pg, "horas_extras")
    assert amounts["hoje_salario_feriado_alem_do_limite"] == "R$ 40,00"
    assert amounts["hoje_acrescimo_feriado_alem_do_limite"] == "R$ 20,00"
    assert amounts["total_minimo_hoje"] == "R$ 60,00"
    assert "hoje_dobra_feriado" not in amounts
    reference = api.run("horas_extras", {
        "era": "hoje", "forma_salario": "hora", "salario_hora": "10,00", "horas_feriado": "12:00",
        "horas_feriado_alem_do_limite": "4:00", "folga_compensatoria": True})
    assert {k: v for k, v in amounts.items() if not k.startswith("q:")} == {
        k: v["formatted"] for k, v in reference["amounts"].items()}
    assert pg.evaluate("window.marcaDaVisita") == "mesma", "houve recarga completa da página"
    assert pg.evaluate("window.epMotores") == 1


CELLS_CUT = """() => {
  const width = document.documentElement.clientWidth;
  const cut = [];
  const table = '#resultado-producao_terno table.calc-partes';
  document.querySelectorAll(table + ' th, ' + table + ' td').forEach(cell => {
      const r = cell.getBoundingClientRect();
      if (r.width > 0 && (r.left < -0.5 || r.right > width + 0.5)) cut.push(cell.textContent.trim());
    });
  let node = document.querySelector(table);
  for (; node; node = node.parentElement) {
    if (node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX !== 'visible') {
      cut.push('rola: ' + node.tagName + '.' + node.className);
    }
  }
  return cut;
}"""


def test_live_shares_table_fits_a_phone(browser: Browser, base_url: str) -> None:
    """producao_terno's live shares table shows every column on a 360 px phone, with the fonts of a
    fresh Debian and with a wider one: no cell off screen, nothing to scroll sideways."""
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                              locale="pt-BR")
    ctx.add_init_script(CONSENT)
    try:
        pg = ctx.new_page()
        pg.set_default_timeout(20_000)
        pg.goto(f"{base_url}/calculadoras/producao_terno/")
        fill(pg, "producao_terno", {"taxa": "1:234$567", "quantidade": "25"})
        submit(pg)
        assert pg.locator("#resultado-producao_terno table.calc-partes tbody tr").count() == 4
        assert pg.evaluate(CELLS_CUT) == []
        inject_css(pg, WIDE_FONT_CSS)
        assert pg.evaluate(CELLS_CUT) == []
        assert pg.evaluate("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth") <= 0
    finally:
        ctx.close()


def test_slow_connection_still_loads(browser: Browser, base_url: str, site_dir: Path) -> None:
    """On a slow link the download takes longer than the time limit, but bytes keep arriving:
    the limit counts from the last progress, the page shows the share downloaded of the engine's
    size, and the result comes."""
    ctx = browser.new_context(service_workers="block", viewport={"width": 360, "height": 740}, locale="pt-BR")
    ctx.add_init_script(CONSENT)  # the person already agreed to the engine download
    try:
        pg = ctx.new_page()
        cdp = ctx.new_cdp_session(pg)
        cdp.send("Network.enable")
        # About 0.15 MB/s: the ~3.3 MB of the (brotli) engine take about 22 s, more than the 20 s
        # limit (which still leaves room for the start-up on a busy machine). The premise is checked
        # from the bytes and the rate, not by a clock: the link cannot deliver them sooner.
        limit_s, rate = 20, 150_000
        engine = json.loads((site_dir / "assets" / "motor.json").read_text(encoding="utf-8"))
        assert min(engine["brotli"], engine["gzip"]) / rate > limit_s, "o motor ficou pequeno: baixe a taxa"
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": 20, "downloadThroughput": rate, "uploadThroughput": rate,
        })
        pg.add_init_script(limits(load_ms=limit_s * 1000))
        # The consented engine starts downloading with the page and shares the slow link with its
        # last assets, so the «load» event can come late; the form is usable once the document is.
        pg.goto(f"{base_url}/calculadoras/refeicao/", wait_until="domcontentloaded")
        pg.wait_for_selector("[data-path='salario_dia']", timeout=60_000)
        pg.fill("[data-path='salario_dia']", "12$000")
        pg.click("form.calc-form button[type='submit']")
        pg.wait_for_function(
            "() => /Baixando o motor de cálculo: [0-9]+% de [0-9]+,[0-9] MB/"
            ".test(document.querySelector('.calc-estado').textContent)",
            timeout=30_000,
        )
        pg.wait_for_selector("#resultado-refeicao .calc-resultado-titulo", timeout=120_000)
        assert pg.locator(".calc-erro-carga").count() == 0
    finally:
        ctx.close()


# ------------------------------------------------------------------ content types
def _content_types(base: str) -> dict[str, str]:
    out = {}
    for name in PYODIDE_FILES:
        with urllib.request.urlopen(f"{base}/assets/pyodide/{name}", timeout=30) as response:
            out[name] = response.headers.get("Content-Type", "")
            response.read(64)
    return out


def _check_types(types: dict[str, str]) -> None:
    assert types["pyodide.asm.wasm"].split(";")[0] == "application/wasm", types
    for name in ("pyodide.mjs", "pyodide.asm.mjs"):
        assert types[name].split(";")[0].strip() in JS_TYPES, types


def test_content_types_nginx(site_dir: Path) -> None:
    server, url = start(site_dir)
    try:
        _check_types(_content_types(url))
    finally:
        server.shutdown()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_content_types_mkdocs_serve(site_dir: Path) -> None:
    """What ``mkdocs serve`` sends for the engine's files: its own server (MkDocs' livereload
    server, the one ``serve`` starts), on the session's built site, with no second build."""
    from mkdocs.livereload import LiveReloadServer

    server = LiveReloadServer(builder=lambda: None, host="127.0.0.1", port=_free_port(), root=str(site_dir))
    thread = threading.Thread(target=server.serve, daemon=True)
    thread.start()
    try:
        base = server.url.rstrip("/")
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(base + "/", timeout=5):
                    break
            except OSError:
                assert time.monotonic() < deadline, "o servidor do mkdocs serve não respondeu"
                time.sleep(0.2)
        _check_types(_content_types(base))
    finally:
        server.shutdown()
        thread.join(timeout=10)
