"""Faults the reader must never be stuck with, in headless Chromium.

- A malformed fragment or query (``#%``, ``?h=%``) raises nothing on any page.
- The calculators never hang: a worker that stops answering, dies or throws mid-calculation gives
  a plain message, a «Tentar de novo» button and, on retry, a new worker; a ``.wasm`` with the
  wrong content type is reported at once; tables that failed to download are asked for again;
  an answer computed for a form that changed meanwhile (typing, «Limpar») is discarded.

The misbehaving engine is the real one with ``calculators/api.py`` patched in the served
``calculadoras.zip``: magic mil-réis amounts make ``run_json`` loop forever, close the worker
(without ever answering), raise, or take three seconds.
"""

from __future__ import annotations

import hashlib
import io
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import ROOT
from playwright.sync_api import Browser, BrowserContext, Page, Route

BOOT_TIMEOUT = 120_000

PATCH = '''

_ep_real_run_json = run_json


def run_json(name, inputs_json, data_json=""):  # test double: see tests/browser/test_faults.py
    import time as _time
    try:
        mode = json.loads(inputs_json).get("salario_dia", "")
    except Exception:
        mode = ""
    if mode == "9$001":
        while True:
            pass
    if mode == "9$002":  # the worker closes itself and its last task never ends
        import js
        js.close()
        while True:
            pass
    if mode == "9$003":
        raise RuntimeError("falha simulada")
    if mode == "9$004":
        end = _time.time() + 3
        while _time.time() < end:
            pass
    return _ep_real_run_json(name, inputs_json, data_json)
'''


def patched_archive() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in sorted((ROOT / "calculators").rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            text = path.read_text(encoding="utf-8")
            if path.relative_to(ROOT).as_posix() == "calculators/api.py":
                text += PATCH
            archive.writestr(path.relative_to(ROOT).as_posix(), text)
    return buffer.getvalue()


def is_calculator_page(url: str) -> bool:
    path = urlsplit(url).path
    return path.startswith("/calculadoras/") and path.endswith("/")


@pytest.fixture()
def faulty(browser: Browser, site_dir: Path) -> Iterator[BrowserContext]:
    ctx = browser.new_context(service_workers="block", viewport={"width": 360, "height": 740}, locale="pt-BR")
    ctx.add_init_script("localStorage.setItem('ep-motor','sim')")
    body = patched_archive()
    ctx.route("**/assets/calculadoras.zip",
              lambda route: route.fulfill(status=200, content_type="application/zip", body=body))
    # The page computes only with the package of its own build (its hash, tests/browser/
    # test_one_build.py): the calculator pages expect the patched one.
    built = hashlib.sha256((site_dir / "assets" / "calculadoras.zip").read_bytes()).hexdigest()
    patched = hashlib.sha256(body).hexdigest()

    def expect_patched(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=response.text().replace(built, patched))

    ctx.route(is_calculator_page, expect_patched)
    yield ctx
    ctx.close()


def errors_of(pg: Page) -> list[str]:
    found: list[str] = []
    pg.on("pageerror", lambda error: found.append(str(error)))
    return found


# ------------------------------------------------------------------ item 3: nothing a URL carries raises
BAD_ADDRESSES = [
    "/lei-4860-1965/#%",
    "/#%E0%A4%A",
    "/tabelas/escala-padrao/?q=%#%zz",
    "/lei-4860-1965/?h=%E0%A4%A#%25",
    "/calculadoras/horas_extras/?salario_mensal=%&prorrogacoes=%5B%25",
    "/decreto-lei-3844-1941/#%22%3E%3Cimg%20src=x%3E",
]


def test_malformed_fragments_raise_nothing(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(locale="pt-BR")
    try:
        pg = ctx.new_page()
        errors = errors_of(pg)
        for address in BAD_ADDRESSES:
            pg.goto(base_url + address, wait_until="networkidle")
        pg.evaluate("() => { location.hash = '%'; }")
        pg.evaluate("() => { location.hash = '%E0%A4%A'; }")
        pg.wait_for_timeout(300)
        assert pg.locator("img[src=x]").count() == 0
        assert errors == []
    finally:
        ctx.close()


# ------------------------------------------------------------------ item 4: calculators never hang
def submit_value(pg: Page, value: str) -> None:
    pg.fill("[data-path='salario_dia']", value)
    pg.click("form.calc-form button[type='submit']")


def settled(pg: Page) -> None:
    """The form is no longer busy (the submit button enabled again)."""
    pg.wait_for_function("() => !document.querySelector('form.calc-form button[type=submit]').disabled",
                         timeout=BOOT_TIMEOUT)


def retry_gives_result(pg: Page, boots: int) -> None:
    pg.fill("[data-path='salario_dia']", "12$000")
    pg.click("form.calc-form .calc-tentar")
    pg.wait_for_selector("#resultado-refeicao tr[data-valor='suplemento_por_operario']", timeout=BOOT_TIMEOUT)
    assert pg.inner_text("#resultado-refeicao tr[data-valor='suplemento_por_operario'] td") == "3$000"
    assert pg.evaluate("window.calculadorasBoots") == boots, "tentar de novo deveria iniciar um novo motor"
    assert pg.locator(".calc-falha").count() == 0


def assert_fault_shown(pg: Page) -> None:
    message = pg.wait_for_selector(".calc-erro-motor", timeout=BOOT_TIMEOUT)
    assert "O cálculo não terminou" in message.inner_text()
    assert "carregar o motor" not in pg.inner_text("form.calc-form")
    settled(pg)
    assert pg.locator("form.calc-form").get_attribute("aria-busy") is None
    assert "Calculando" not in pg.inner_text("form.calc-form .calc-estado")
    assert pg.locator("form.calc-form .calc-tentar").is_visible()
    assert pg.locator("#resultado-refeicao *").count() == 0


def test_worker_that_stops_dies_or_throws(faulty: BrowserContext, base_url: str) -> None:
    pg = faulty.new_page()
    errors = errors_of(pg)
    pg.add_init_script("window.calculadorasTempoLimiteCalculo = 4000")
    pg.goto(f"{base_url}/calculadoras/refeicao/")
    # stops answering (an endless loop): the time limit of the calculation ends it
    submit_value(pg, "9$001")
    assert_fault_shown(pg)
    retry_gives_result(pg, boots=2)
    # throws: reported at once, without waiting for the time limit
    started = time.monotonic()
    submit_value(pg, "9$003")
    assert_fault_shown(pg)
    assert time.monotonic() - started < 3.5, "o erro do motor só apareceu no tempo-limite"
    shown = pg.inner_text(".calc-erro-motor")
    assert "falha simulada" in shown and "Traceback" not in shown
    retry_gives_result(pg, boots=3)
    # dies (the worker closes itself)
    submit_value(pg, "9$002")
    assert_fault_shown(pg)
    retry_gives_result(pg, boots=4)
    assert errors == []


def test_stale_answers_are_discarded(faulty: BrowserContext, base_url: str) -> None:
    pg = faulty.new_page()
    pg.goto(f"{base_url}/calculadoras/refeicao/")
    submit_value(pg, "12$000")  # boots the engine, a first result on screen
    pg.wait_for_selector("#resultado-refeicao .calc-resultado-titulo", timeout=BOOT_TIMEOUT)
    # typing while a (3 s) calculation runs: its answer no longer matches the form
    submit_value(pg, "9$004")
    pg.wait_for_timeout(500)
    pg.type("[data-path='salario_dia']", "0")
    settled(pg)
    assert "mudaram durante o cálculo" in pg.inner_text("form.calc-form .calc-estado")
    assert "9%24004" not in pg.url and "9$004" not in pg.url
    assert "12%24000" in pg.url, "o link deve continuar sendo o do resultado mostrado"
    assert pg.inner_text("#resultado-refeicao tr[data-valor='suplemento_por_operario'] td") == "3$000"
    # «Limpar» while a calculation runs: nothing comes back afterwards
    submit_value(pg, "9$004")
    pg.wait_for_timeout(500)
    pg.click("form.calc-form [data-acao='limpar']")
    settled(pg)
    pg.wait_for_timeout(3500)
    assert pg.locator("#resultado-refeicao *").count() == 0
    assert "?" not in pg.url
    assert pg.input_value("[data-path='salario_dia']") == ""


def test_wasm_with_wrong_type_is_reported_at_once(browser: Browser, base_url: str, site_dir: Path) -> None:
    wasm = (site_dir / "assets" / "pyodide" / "pyodide.asm.wasm").read_bytes()
    ctx = browser.new_context(service_workers="block", locale="pt-BR")
    ctx.add_init_script("localStorage.setItem('ep-motor','sim')")
    ctx.route("**/pyodide.asm.wasm",
              lambda route: route.fulfill(status=200, content_type="application/octet-stream", body=wasm))
    try:
        pg = ctx.new_page()
        pg.goto(f"{base_url}/calculadoras/refeicao/")
        started = time.monotonic()
        submit_value(pg, "12$000")
        message = pg.wait_for_selector(".calc-erro-carga", timeout=60_000)
        assert time.monotonic() - started < 30, "o tipo errado só foi percebido no tempo-limite (60 s)"
        assert "application/wasm" in message.inner_text()
        settled(pg)
    finally:
        ctx.close()


def test_failed_tables_are_fetched_again(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(service_workers="block", locale="pt-BR")
    ctx.add_init_script("localStorage.setItem('ep-motor','sim')")
    asked: list[str] = []

    def flaky(route: Route) -> None:
        asked.append(route.request.url)
        if len(asked) == 1:
            route.fulfill(status=503, body="fora do ar")
        else:
            route.continue_()

    ctx.route("**/assets/calculadoras-dados.json", flaky)
    try:
        pg = ctx.new_page()
        pg.goto(f"{base_url}/calculadoras/salarios_1945/")
        pg.select_option("[data-path='consulta']", "referencia")
        pg.fill("[data-path='referencia']", "25")
        pg.click("form.calc-form button[type='submit']")
        message = pg.wait_for_selector(".calc-erro-tabelas", timeout=BOOT_TIMEOUT)
        assert "tabelas" in message.inner_text()
        settled(pg)
        pg.click("form.calc-form .calc-tentar")
        pg.wait_for_selector("#resultado-salarios_1945 .calc-resultado-titulo", timeout=BOOT_TIMEOUT)
        assert len(asked) == 2
        assert pg.evaluate("window.calculadorasBoots") == 1
    finally:
        ctx.close()
