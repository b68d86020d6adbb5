"""Failures a phone meets, told truly (issue 29), in headless Chromium.

- A slow first byte is not a stall: an engine file whose first byte takes 20 s (the production
  limits: bytes that stop for 10 s are a stall; no first byte for 60 s, no answer) completes, the
  form saying «a conexão está lenta» meanwhile; the tables' the same (scaled limits). The
  production limits keep the order the tests rely on.
- A network's login page (a captive portal, 200 with HTML) in place of any engine file (each
  kind, and one that lies about its type) is told as «a rede pediu login»; once the network lets
  the files through, «Tentar de novo» loads (the worker's own modules are fetched again).
- A rebuild with the same label (versao.json) and another engine (assets/motor.json) is told as an
  update, in the calculator and in «Usar sem internet»; with the server's engine the page's, the
  same bytes are a damaged copy.
- The form's status never goes stale: emptied once the engine is ready and after a return from
  the back-forward cache; never printed.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route
from site_server import start

from .conftest import CHROMIUM, FLAGS
from .engine_watch import ENGINE_WATCH, LOAD_TIMEOUT_MS, RUN_TIMEOUT_MS
from .modules import expose
from .offline_helpers import CONSENT
from .test_faults import NEVER, errors_of, patched_archive, settled, submit_value

BOOT_TIMEOUT = 180_000
WASM = "/assets/pyodide/pyodide.asm.wasm"
TABLES = "/assets/calculadoras-dados.json"
RESULT = "#resultado-refeicao tr[data-valor='suplemento_por_operario']"
SLOW_FIRST_BYTE_S = 20  # the case: a slow link that works, the first byte after 20 s
PORTAL_PAGE = "<!doctype html><html><body><form>Entre no wi-fi do aeroporto</form></body></html>"


def status_text(pg: Page) -> str:
    return str(pg.evaluate("() => document.querySelector('form.calc-form .calc-estado').textContent"))


# ------------------------------------------------------------------ 1. a slow first byte
def test_download_limits_keep_their_order(page: Page, base_url: str) -> None:
    """The production limits (engine/network.mjs) in the order the phone needs: the slow notice
    comes before a stall could be said, both before the 20 s first byte of a slow link, which comes
    well before «não respondeu»; the page's own time limits outlast the slow notice (the worker's
    notices, each tick, keep them from running out while a first byte is awaited)."""
    page.goto(f"{base_url}/calculadoras/refeicao/")
    expose(page, "engine/network.mjs", "rede")
    limits = page.evaluate("() => { const m = window.epProva.rede; "
                           "return {slow: m.SLOW_MS, stall: m.STALL_MS, answer: m.FIRST_BYTE_MS}; }")
    assert 0 < limits["slow"] < limits["stall"] < SLOW_FIRST_BYTE_S * 1000 < limits["answer"], limits
    assert limits["slow"] + 1000 < min(LOAD_TIMEOUT_MS, RUN_TIMEOUT_MS), limits
    # the tables' test below scales the limits: its delay is still past a stall and the slow
    # notice, and short of «não respondeu»
    assert TABLES_STALL_MS < TABLES_DELAY_S * 1000 < NEVER
    assert limits["slow"] + 1000 < TABLES_DELAY_S * 1000


def delayed(paths: tuple[str, ...], seconds: float) -> tuple[object, list[str]]:
    """A proxy hook: the first request for each of ``paths`` waits ``seconds`` before nginx sees
    it (no byte of the answer comes meanwhile); the delayed paths are listed."""
    done: list[str] = []
    lock = threading.Lock()

    def before(path: str) -> None:
        clean = path.split("?")[0]
        with lock:
            hold = clean in paths and clean not in done
            if hold:
                done.append(clean)
        if hold:
            time.sleep(seconds)

    return before, done


def test_slow_first_byte_of_the_engine_completes(browser: Browser, site_dir: Path) -> None:
    """The .wasm's first byte after 20 s, with the production limits: the form says the connection
    is slow (with the time waited), never that the download stopped, and the result comes."""
    before, done = delayed((WASM,), SLOW_FIRST_BYTE_S)
    server, url = start(site_dir, before=before)  # type: ignore[arg-type]
    ctx = browser.new_context(service_workers="block", locale="pt-BR")
    ctx.add_init_script(CONSENT)
    try:
        pg = ctx.new_page()
        errors = errors_of(pg)
        pg.goto(url + "/calculadoras/refeicao/")
        submit_value(pg, "12$000")
        pg.wait_for_function("() => /A conexão está lenta: esperando o servidor há [0-9]+ s/"
                             ".test(document.querySelector('form.calc-form .calc-estado').textContent)",
                             timeout=60_000)
        seen: list[str] = []
        for _ in range(SLOW_FIRST_BYTE_S * 4 + BOOT_TIMEOUT // 250):
            seen.append(status_text(pg))
            if pg.locator(f"{RESULT}, .calc-falha").count():
                break
            pg.wait_for_timeout(250)
        assert pg.locator(".calc-falha").count() == 0, pg.inner_text(".calc-falha")
        pg.wait_for_selector(RESULT, timeout=BOOT_TIMEOUT)
        assert pg.inner_text(f"{RESULT} td") == "3$000"
        assert done == [WASM]
        waited = [int(text.split("há ")[1].split(" s")[0]) for text in seen if "esperando o servidor há" in text]
        assert waited and max(waited) >= 10, seen  # past the stall limit, still waiting, not stopped
        assert not any("parou" in text for text in seen), seen
        assert pg.evaluate("window.epMotores") == 1
        assert errors == []
    finally:
        ctx.close()
        server.shutdown()


TABLES_DELAY_S = 5
TABLES_STALL_MS = 1000


def test_slow_first_byte_of_the_tables_completes(browser: Browser, site_dir: Path) -> None:
    """The tables' first byte after 5 s with a stall limit of 1 s (scaled: see the order above):
    told as a slow connection, the calculation waits for them, never blamed on the engine."""
    before, done = delayed((TABLES,), TABLES_DELAY_S)
    server, url = start(site_dir, before=before)  # type: ignore[arg-type]
    ctx = browser.new_context(service_workers="block", locale="pt-BR")
    ctx.add_init_script(CONSENT)
    ctx.add_init_script(f"window.epParado = {TABLES_STALL_MS}; window.epSemResposta = {NEVER};")
    try:
        pg = ctx.new_page()
        errors = errors_of(pg)
        pg.goto(url + "/calculadoras/salarios_1945/")
        pg.select_option("[data-path='consulta']", "referencia")
        pg.fill("[data-path='referencia']", "25")
        pg.click("form.calc-form button[type='submit']")
        pg.wait_for_function("() => /A conexão está lenta: esperando as tabelas de 1945 há [0-9]+ s/"
                             ".test(document.querySelector('form.calc-form .calc-estado').textContent)",
                             timeout=BOOT_TIMEOUT)
        pg.wait_for_selector("#resultado-salarios_1945 .calc-resultado-titulo, .calc-falha", timeout=BOOT_TIMEOUT)
        assert pg.locator(".calc-falha").count() == 0, pg.inner_text(".calc-falha")
        assert done == [TABLES]
        assert status_text(pg) == "Cálculo feito."
        assert errors == []
    finally:
        ctx.close()
        server.shutdown()


# ------------------------------------------------------------------ 2. a captive portal
# Each file of the engine (those the worker fetches, and the modules the browser imports for it),
# answered with a login page: as text/html, and once with a type that lies.
PORTAL_CASES = [
    ("pyodide.asm.wasm", "text/html; charset=utf-8"),
    ("python_stdlib.zip", "text/html"),
    ("python_stdlib.zip", "application/octet-stream"),
    ("pyodide-lock.json", "text/html"),
    ("pyodide-lock.json", "application/json"),
    ("calculadoras.zip", "text/html"),
    ("calculadoras-worker.mjs", "text/html"),
    ("pyodide.mjs", "text/html"),
    ("pyodide.asm.mjs", "text/html"),
]


@pytest.mark.parametrize(("name", "kind"), PORTAL_CASES, ids=[f"{n}-{k.split(';')[0]}" for n, k in PORTAL_CASES])
def test_captive_portal_is_told_for_every_engine_file(browser: Browser, base_url: str, name: str, kind: str) -> None:
    ctx = browser.new_context(service_workers="block", locale="pt-BR")
    ctx.add_init_script(CONSENT)
    portal = [True]

    def answer(route: Route) -> None:
        if portal[0]:
            # cacheable, as some portals send it: a retry must not take it from the HTTP cache
            route.fulfill(status=200, body=PORTAL_PAGE, headers={"Content-Type": kind, "Cache-Control": "max-age=3600"})
        else:
            route.continue_()

    folder = "pyodide/" if name.startswith("pyodide") or name == "python_stdlib.zip" else ""
    ctx.route(f"**/assets/{folder}{name}", answer)
    try:
        pg = ctx.new_page()
        errors = errors_of(pg)
        pg.goto(f"{base_url}/calculadoras/refeicao/")
        submit_value(pg, "12$000")
        text = pg.wait_for_selector(".calc-erro-carga", timeout=BOOT_TIMEOUT).inner_text()
        assert "a rede pediu login" in text, text
        for wrong in ("Program terminated", "Unexpected token", "falha no worker", "JSON", "Error"):
            assert wrong not in text, text
        settled(pg)
        # the network lets the files through now: «Tentar de novo» loads
        portal[0] = False
        pg.click("form.calc-form .calc-tentar")
        pg.wait_for_selector(f"{RESULT}, .calc-falha", timeout=BOOT_TIMEOUT)
        assert pg.locator(".calc-falha").count() == 0, pg.inner_text(".calc-falha")
        assert pg.inner_text(f"{RESULT} td") == "3$000"
        assert errors == []
    finally:
        ctx.close()


# ------------------------------------------------------------------ 3. a rebuild under the same label
@pytest.fixture()
def rebuilt(browser: Browser, site_dir: Path) -> Iterator[tuple[BrowserContext, dict[str, str]]]:
    """The server has the same label (versao.json) but another calculators' zip; ``state['motor']``
    says whether its assets/motor.json publishes the new zip's hash (a rebuild) or the page's
    (the bytes are then a damaged copy)."""
    body = patched_archive()
    built = hashlib.sha256((site_dir / "assets" / "calculadoras.zip").read_bytes()).hexdigest()
    report = json.loads((site_dir / "assets" / "motor.json").read_text(encoding="utf-8"))
    for entry in report["files"]:
        if entry["url"].endswith("calculadoras.zip"):
            assert entry["sha256"] == built
            entry["sha256"] = hashlib.sha256(body).hexdigest()
    state = {"motor": "novo"}
    ctx = browser.new_context(service_workers="block", locale="pt-BR")
    ctx.add_init_script(CONSENT)
    ctx.route("**/assets/calculadoras.zip",
              lambda route: route.fulfill(status=200, content_type="application/zip", body=body))

    def motor(route: Route) -> None:
        if state["motor"] == "novo":
            route.fulfill(status=200, content_type="application/json", body=json.dumps(report))
        else:
            route.continue_()

    ctx.route("**/assets/motor.json", motor)
    yield ctx, state
    ctx.close()


@pytest.mark.parametrize("motor", ["novo", "igual"])
def test_rebuild_under_the_same_label_is_told_as_update(rebuilt: tuple[BrowserContext, dict[str, str]],
                                                       base_url: str, motor: str) -> None:
    ctx, state = rebuilt
    state["motor"] = motor
    pg = ctx.new_page()
    errors = errors_of(pg)
    pg.goto(f"{base_url}/calculadoras/refeicao/")
    submit_value(pg, "12$000")
    pg.wait_for_selector(".calc-falha", timeout=BOOT_TIMEOUT)
    text = pg.inner_text(".calc-falha")
    if motor == "novo":
        assert pg.locator(".calc-erro-versao").count() == 1, text
        assert "O site foi atualizado" in text and "login" not in text, text
        assert pg.locator(".calc-falha [data-acao='atualizar']").is_visible()
    else:
        assert pg.locator(".calc-erro-carga").count() == 1, text
        assert "chegou danificado" in text, text
    assert pg.locator("#resultado-refeicao *").count() == 0
    assert errors == []


def test_rebuild_under_the_same_label_is_told_as_update_offline(rebuilt: tuple[BrowserContext, dict[str, str]],
                                                               base_url: str) -> None:
    """«Usar sem internet» with the server's engine rebuilt under the same label: nothing kept,
    the new version offered (never «danificado»)."""
    ctx, _ = rebuilt
    pg = ctx.new_page()
    pg.goto(f"{base_url}/calculadoras/")
    pg.click(".motor-oferta [data-motor-acao='offline']")
    status = ".motor-oferta .motor-progresso"
    pg.wait_for_function("s => /O site foi atualizado|danificado|Tente/.test(document.querySelector(s).textContent)",
                         arg=status, timeout=BOOT_TIMEOUT)
    text = pg.inner_text(status)
    assert "O site foi atualizado depois que esta página abriu: nada foi guardado" in text, text


# ------------------------------------------------------------------ 4. a status that never goes stale
def test_download_status_is_not_printed(browser: Browser, base_url: str) -> None:
    """A page printed while the engine downloads: the form's status and the offer's progress are
    on the screen, not on paper."""
    ctx = browser.new_context(service_workers="block", locale="pt-BR")
    ctx.add_init_script(CONSENT)
    held: list[Route] = []
    ctx.route("**/assets/calculadoras.zip", lambda route: held.append(route))  # the download never ends
    try:
        pg = ctx.new_page()
        pg.goto(f"{base_url}/calculadoras/refeicao/")
        submit_value(pg, "12$000")
        pg.wait_for_function("() => /Baixando o motor de cálculo: [0-9]+%/"
                             ".test(document.querySelector('form.calc-form .calc-estado').textContent)",
                             timeout=BOOT_TIMEOUT)
        status = pg.locator("form.calc-form .calc-estado")
        assert status.is_visible()
        pg.emulate_media(media="print")
        assert not status.is_visible()
        pg.evaluate("() => { document.querySelector('.motor-progresso').textContent = 'Baixando… 26%'; }")
        assert not pg.locator(".motor-progresso").first.is_visible()
        pg.emulate_media(media="screen")
        assert status.is_visible()
    finally:
        ctx.close()


@pytest.fixture()
def bfcache_browser(browser: Browser) -> Iterator[Browser]:
    """A second browser, with the back-forward cache (Playwright turns it off by default)."""
    other = browser.browser_type.launch(executable_path=CHROMIUM, args=FLAGS, headless=True,
                                        ignore_default_args=["--disable-back-forward-cache"])
    yield other
    other.close()


def test_status_is_reset_when_ready_and_after_back_forward(bfcache_browser: Browser, base_url: str) -> None:
    """The engine started by the form's first focus, no calculation: once ready, the status no
    longer reads «Baixando…»; left for another page and brought back from the back-forward cache,
    the idle form says nothing stale."""
    ctx = bfcache_browser.new_context(service_workers="block", locale="pt-BR")
    ctx.add_init_script(ENGINE_WATCH)
    ctx.add_init_script(CONSENT)
    ctx.add_init_script("window.addEventListener('pageshow', (e) => { if (e.persisted) window.epVoltou = true; });")
    try:
        pg = ctx.new_page()
        pg.goto(f"{base_url}/calculadoras/refeicao/")
        pg.focus("[data-path='salario_dia']")
        pg.wait_for_function("() => /Baixando|Carregando|Preparando/"
                             ".test(document.querySelector('form.calc-form .calc-estado').textContent)",
                             timeout=BOOT_TIMEOUT)
        pg.wait_for_function("() => window.epEtapas !== null", timeout=BOOT_TIMEOUT)  # the engine is ready
        pg.wait_for_function("() => document.querySelector('form.calc-form .calc-estado').textContent === ''",
                             timeout=10_000)
        # a progress line left over while away (as a frozen page may keep one), then back
        pg.evaluate("""() => { const s = document.querySelector('form.calc-form .calc-estado');
            s.textContent = 'Baixando o motor de cálculo: 100%…'; s.setAttribute('data-progresso', ''); }""")
        pg.goto(f"{base_url}/sobre/", wait_until="load")
        pg.go_back(wait_until="commit")  # from the back-forward cache no «load» comes
        pg.wait_for_selector("form.calc-form")
        pg.wait_for_timeout(500)  # the pageshow of a restored page follows the commit
        if not pg.evaluate("() => window.epVoltou === true"):
            pytest.skip("este Chromium não guardou a página no cache de voltar")
        assert status_text(pg) == ""
        assert pg.evaluate("window.epMotores") == 1, "a página voltou do cache, com o seu motor"
        submit_value(pg, "12$000")
        pg.wait_for_selector(RESULT, timeout=BOOT_TIMEOUT)
        assert status_text(pg) == "Cálculo feito."
    finally:
        ctx.close()
