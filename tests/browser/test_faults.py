"""Faults the reader must never be stuck with, in headless Chromium.

- A malformed fragment or query (``#%``, ``?h=%``) raises nothing on any page.
- The calculators never hang: a worker that stops answering, dies or throws mid-calculation gives
  a plain message, a «Tentar de novo» button and, on retry, a new worker; a ``.wasm`` with the
  wrong content type is reported at once; an answer computed for a form that changed meanwhile
  (typing, «Limpar») is discarded.
- Every failure is told by its cause, in plain words, with a retry that works (issue 19), never
  by a time limit running out: a ``.wasm`` of half length, cut mid-transfer, stalled (bytes that
  began and stop for the limit the test sets), never answered (no first byte for the limit the
  test sets: «o servidor não respondeu», issue 29) or refused by a Content Security Policy; a
  ``calculadoras.zip`` replaced by a network's login page («a rede pediu login»); tables that
  fail, come cut, come as a login page, are never answered or stall (the tables are blamed, never
  the engine, which is kept); blocked site storage (consent kept for the page, the
  calculation runs, one notice); storage full during «Usar sem internet» (told as a storage
  problem, the calculators still work online).

The misbehaving engine is the real one with ``calculators/api.py`` patched in the served
``calculadoras.zip``: magic mil-réis amounts make ``run_json`` loop forever, close the worker
(without ever answering), raise, or take three seconds.
"""

from __future__ import annotations

import hashlib
import io
import threading
import zipfile
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from conftest import ROOT
from playwright.sync_api import Browser, BrowserContext, Page, Route

from .engine_watch import limits
from .offline_helpers import CONSENT, CONSENT_GIVEN, SITE_CACHE, YES

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


def serve_archive(ctx: BrowserContext, site_dir: Path, body: bytes) -> None:
    """Serve ``body`` as ``calculadoras.zip``, and the calculator pages with its SHA-256 in place
    of the build's (the worker refuses a zip whose hash is not the one the page gives)."""
    built = hashlib.sha256((site_dir / "assets" / "calculadoras.zip").read_bytes()).hexdigest()
    served = hashlib.sha256(body).hexdigest()

    def page(route: Route) -> None:
        if route.request.resource_type != "document":
            route.continue_()
            return
        html = route.fetch().text().replace(built, served)
        route.fulfill(status=200, content_type="text/html; charset=utf-8", body=html)

    ctx.route("**/calculadoras/**", page)
    ctx.route("**/assets/calculadoras.zip",
              lambda route: route.fulfill(status=200, content_type="application/zip", body=body))


@pytest.fixture()
def faulty(browser: Browser, site_dir: Path) -> Iterator[BrowserContext]:
    ctx = browser.new_context(service_workers="block", viewport={"width": 360, "height": 740}, locale="pt-BR")
    ctx.add_init_script(CONSENT)
    serve_archive(ctx, site_dir, patched_archive())
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
    assert pg.evaluate("window.epMotores") == boots, "tentar de novo deveria iniciar um novo motor"
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
    pg.add_init_script(limits(run_ms=4000))
    pg.goto(f"{base_url}/calculadoras/refeicao/")
    # stops answering (an endless loop): the time limit of the calculation ends it
    submit_value(pg, "9$001")
    assert_fault_shown(pg)
    retry_gives_result(pg, boots=2)
    # throws: reported at once, without waiting for the time limit. The limit is made longer than
    # the test's own wait, so only the error itself can bring the message (and it names it).
    pg.evaluate(limits(run_ms=600_000))
    submit_value(pg, "9$003")
    assert_fault_shown(pg)
    shown = pg.inner_text(".calc-erro-motor")
    assert "falha simulada" in shown and "Traceback" not in shown
    pg.evaluate(limits(run_ms=4000))
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


# ------------------------------------------------------------------ issue 19: failures told at once
class HalfServer(BaseHTTPRequestHandler):
    """Serves the ``.wasm`` badly: ``/tipo`` whole with another content type; ``/metade`` half, as
    a whole file; ``/cortado`` announces the whole, sends half and closes the connection;
    ``/parado`` announces the whole, sends half and nothing more until the test ends (a stalled
    download); ``/tabelas-parado``: the same with the tables. A real server: Playwright's
    ``route.fulfill`` hands a large body over slowly, which a short stall limit would take for a
    stall."""

    body = b""
    tables = b""
    release = threading.Event()

    def do_GET(self) -> None:
        whole = self.path.startswith("/tipo")
        half = self.path.startswith("/metade")
        body = self.tables if self.path.startswith("/tabelas") else self.body
        kind = "application/json" if body is self.tables else "application/wasm"
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream" if whole else kind)
        self.send_header("Content-Length", str(len(body) // 2 if half else len(body)))
        self.end_headers()
        try:
            self.wfile.write(body if whole else body[: len(body) // 2])
            self.wfile.flush()
        except OSError:
            return  # the browser gave up (its worker was ended): nothing to send
        if self.path.startswith(("/parado", "/tabelas-parado")):
            self.release.wait(120)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture()
def half_server(site_dir: Path) -> Iterator[str]:
    HalfServer.body = (site_dir / "assets" / "pyodide" / "pyodide.asm.wasm").read_bytes()
    HalfServer.tables = (site_dir / "assets" / "calculadoras-dados.json").read_bytes()
    HalfServer.release.clear()
    server = ThreadingHTTPServer(("127.0.0.1", 0), HalfServer)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    HalfServer.release.set()
    server.shutdown()
    server.server_close()


def told(pg: Page, selector: str, opening: str, cause: tuple[str, ...]) -> str:
    """The fault's message (``selector``) shows, in plain words (``opening`` and one of the words
    of ``cause``), with no traceback, and the form is usable again with «Tentar de novo»."""
    text = pg.wait_for_selector(selector, timeout=BOOT_TIMEOUT).inner_text()
    assert opening in text and any(word in text for word in cause), text
    assert "Traceback" not in text and "Error" not in text, text
    settled(pg)
    assert pg.locator("form.calc-form .calc-tentar").is_visible()
    return text


def retry(pg: Page) -> None:
    pg.click("form.calc-form .calc-tentar")


NEVER = 600_000  # ms: a time limit that must not be what tells a fault


def stall_limit(pg: Page, ms: int) -> None:
    """Bytes that began and stop for ``ms``: a download stopped (read when the engine starts and at
    each calculation): short only for the stall a test makes, so that a busy machine never fakes one."""
    pg.evaluate(f"window.epParado = {ms}")


def answer_limit(pg: Page, ms: int) -> None:
    """No first byte for ``ms``: the server did not answer (read as the stall limit is): short only
    for the silence a test makes."""
    pg.evaluate(f"window.epSemResposta = {ms}")


def test_engine_download_faults_are_told_by_cause(browser: Browser, base_url: str, site_dir: Path,
                                                  half_server: str) -> None:
    """Each engine fault is told by its cause (no time limit may do it: the total one is 10 min
    here, the stall limit 1.5 s only for the stall and the first-byte limit 1.5 s only for the
    request never answered), the worked examples stay, and «Tentar de novo» starts a new worker
    that loads."""
    ctx = browser.new_context(service_workers="block", locale="pt-BR")
    ctx.add_init_script(CONSENT)
    ctx.add_init_script(limits(load_ms=NEVER) + f"window.epParado = {NEVER}; window.epSemResposta = {NEVER};")
    faults = ["404", "queda", "tipo", "metade", "cortado", "parado", "mudo", "csp", "portal"]
    step: list[str] = []
    held: list[Route] = []

    def wasm_route(route: Route) -> None:
        fault = step[-1] if step else ""
        if fault == "404" and not held:  # the first download waits for the test (see below)
            held.append(route)
        elif fault == "404":
            route.fulfill(status=404, body="não há")
        elif fault == "queda":
            route.abort("connectionreset")
        elif fault in ("tipo", "metade", "cortado", "parado"):
            route.continue_(url=f"{half_server}/{fault}")
        elif fault == "mudo":
            pass  # never answered: no first byte comes
        else:
            route.continue_()

    def worker_route(route: Route) -> None:
        if step and step[-1] == "csp":  # a host's policy without 'wasm-unsafe-eval'
            response = route.fetch()
            route.fulfill(status=200, body=response.body(), headers={
                "Content-Type": "text/javascript", "Content-Security-Policy": "script-src 'self'"})
        else:
            route.continue_()

    def archive_route(route: Route) -> None:
        if step and step[-1] == "portal":  # a wi-fi login page served with 200 in its place
            route.fulfill(status=200, content_type="text/html", body="<html><body>Entre no wi-fi</body></html>")
        else:
            route.continue_()

    ctx.route("**/pyodide.asm.wasm", wasm_route)
    ctx.route("**/assets/calculadoras-worker.mjs", worker_route)
    ctx.route("**/assets/calculadoras.zip", archive_route)
    try:
        pg = ctx.new_page()
        errors = errors_of(pg)
        pg.goto(f"{base_url}/calculadoras/refeicao/")
        expected = {
            "404": ("não entregou um arquivo do motor (erro 404)",),
            "queda": ("a conexão caiu",),
            "tipo": ("application/wasm",),
            "metade": ("chegou incompleto ou danificado",),
            # the compiler sees the end of the bytes, or the broken connection, first
            "cortado": ("chegou incompleto", "download do motor foi interrompido"),
            "parado": ("o download parou",),
            "mudo": ("o servidor não respondeu",),
            "csp": ("regra de segurança",),
            "portal": ("a rede pediu login",),
        }
        boots = "window.epMotores || 0"
        for number, fault in enumerate(faults):
            step.append(fault)
            stall_limit(pg, 1500 if fault == "parado" else NEVER)
            answer_limit(pg, 1500 if fault == "mudo" else NEVER)
            before = pg.evaluate(boots)
            if number == 0:
                # The form's first focus starts the engine (the person is about to type); a
                # «Calcular» during that download joins it: one engine, one download. The first
                # .wasm request is held until «Calcular» is pressed, so that the pre-started engine
                # cannot fail first (then «Calcular» would rightly start a second one).
                submit_value(pg, "12$000")
                waited = 0
                while not held and waited < BOOT_TIMEOUT:
                    pg.wait_for_timeout(50)  # a poll for the request, not a time limit on the site
                    waited += 50
                assert held, "o primeiro foco no formulário deveria iniciar o motor"
                assert pg.evaluate(boots) == before + 1, "Calcular durante o download iniciou outro motor"
                held[0].fulfill(status=404, body="não há")
            else:
                retry(pg)
            told(pg, ".calc-erro-carga", "Não foi possível carregar o motor de cálculo", expected[fault])
            assert pg.evaluate(boots) == before + 1, "cada tentativa deveria iniciar um (só um) motor novo"
            assert pg.locator(".calc-falha").count() == 1
            assert pg.locator(".calc-exemplo").first.is_visible()
            assert pg.locator("#resultado-refeicao *").count() == 0
        step.append("")
        stall_limit(pg, NEVER)
        answer_limit(pg, NEVER)
        before = pg.evaluate(boots)
        retry(pg)
        pg.wait_for_selector("#resultado-refeicao tr[data-valor='suplemento_por_operario']", timeout=BOOT_TIMEOUT)
        assert pg.locator(".calc-falha").count() == 0
        assert pg.evaluate(boots) == before + 1
        assert errors == []
    finally:
        ctx.close()


BLOCKED_STORAGE = """Object.defineProperty(window, 'localStorage', {configurable: true,
    get() { throw new DOMException('O acesso ao armazenamento foi negado', 'SecurityError'); }});"""


def test_failed_tables_are_fetched_again(browser: Browser, base_url: str, half_server: str) -> None:
    """Tables that fail (503), come cut, come as a login page with 200 (said as the network's
    login), are never answered (no first byte) or stall (half of them, then nothing), are told as
    the tables' fault, each by its cause, each retry asks for them again, and the engine is never
    blamed nor replaced. All of it with site storage blocked: the consent is kept for the page,
    and said once."""
    ctx = browser.new_context(service_workers="block", locale="pt-BR")
    ctx.add_init_script(BLOCKED_STORAGE)
    ctx.add_init_script(f"window.epParado = {NEVER}; window.epSemResposta = {NEVER};")
    asked: list[str] = []
    tables = ["falha", "cortada", "portal", "muda", "parada"]

    def flaky(route: Route) -> None:
        asked.append(route.request.url)
        fault = tables[len(asked) - 1] if len(asked) <= len(tables) else ""
        if fault == "falha":
            route.fulfill(status=503, body="fora do ar")
        elif fault == "cortada":
            body = route.fetch().body()
            route.fulfill(status=200, content_type="application/json", body=body[: len(body) // 2])
        elif fault == "portal":
            route.fulfill(status=200, content_type="text/html", body="<html><body>Entre no wi-fi</body></html>")
        elif fault == "muda":
            pass  # never answered: no first byte comes
        elif fault == "parada":
            route.continue_(url=f"{half_server}/tabelas-parado")  # half of them, then nothing
        else:
            route.continue_()

    ctx.route("**/assets/calculadoras-dados.json", flaky)
    try:
        pg = ctx.new_page()
        pg.goto(f"{base_url}/calculadoras/salarios_1945/")
        pg.select_option("[data-path='consulta']", "referencia")
        pg.fill("[data-path='referencia']", "25")
        pg.click("form.calc-form button[type='submit']")
        # storage blocked: the offer asks and says the answer cannot be remembered here, the
        # consent holds for this page, one plain notice
        note = pg.locator(".motor-oferta .motor-oferta-sem-memoria")
        note.wait_for()
        assert "Este navegador não deixa o site guardar nada" in note.inner_text()
        assert "não fica lembrada" in note.inner_text()
        pg.click(".motor-oferta [data-motor-acao='baixar']")
        expected = {
            "falha": ("não vieram (503)",),
            "cortada": ("não chegaram inteiras",),
            "portal": ("a rede pediu login",),
            "muda": ("o servidor não respondeu",),
            "parada": ("pararam de chegar",),
        }
        for number, fault in enumerate(tables):
            stall_limit(pg, 1500 if fault == "parada" else NEVER)
            answer_limit(pg, 1500 if fault == "muda" else NEVER)
            if number:
                retry(pg)
            text = told(pg, ".calc-erro-tabelas", "tabelas do decreto", expected[fault])
            assert "motor" not in text, text
            assert len(asked) == number + 1, "tentar de novo deveria buscar as tabelas de novo"
            assert "Há dados a corrigir" not in pg.inner_text("form.calc-form")
        stall_limit(pg, NEVER)
        answer_limit(pg, NEVER)
        retry(pg)
        pg.wait_for_selector("#resultado-salarios_1945 .calc-resultado-titulo", timeout=BOOT_TIMEOUT)
        assert len(asked) == len(tables) + 1
        assert pg.evaluate("window.epMotores") == 1, "o motor foi jogado fora por culpa das tabelas"
        notice = pg.locator(".motor-aviso-armazenamento")
        assert notice.count() == 1
        assert "não deixa o site guardar" in notice.inner_text()
        assert "perguntar de novo" in notice.inner_text()
        pg.click("form.calc-form button[type='submit']")  # a second calculation: no new question
        settled(pg)
        assert pg.locator(".motor-aviso-armazenamento").count() == 1
        assert pg.locator(".calc-falha").count() == 0
    finally:
        ctx.close()


QUOTA_FULL = """Cache.prototype.put = function () {
    return Promise.reject(new DOMException('A cota foi excedida', 'QuotaExceededError')); };"""


def test_storage_full_is_told_as_storage(browser: Browser, base_url: str) -> None:
    """«Usar sem internet» with no room: told as a storage problem (never as the internet's
    fault), the calculators stay usable online; when the browser's estimate already says the engine
    does not fit, nothing is downloaded."""
    ctx = browser.new_context(service_workers="block", locale="pt-BR")
    ctx.add_init_script(QUOTA_FULL)
    engine: list[str] = []
    ctx.on("request", lambda request: engine.append(request.url) if "/pyodide/" in request.url else None)
    try:
        pg = ctx.new_page()
        pg.goto(f"{base_url}/calculadoras/")
        status = ".motor-oferta .motor-progresso"
        # Full is not blocked: the answer is remembered, and the offer does not say otherwise.
        pg.locator(".motor-oferta[data-ligado]").wait_for(state="attached")
        assert pg.locator(".motor-oferta-sem-memoria").count() == 0
        for estimate in ("", "navigator.storage.estimate = () => Promise.resolve({quota: 5e6, usage: 4e6})"):
            if estimate:
                pg.evaluate(estimate)
                engine.clear()
            pg.click(".motor-oferta [data-motor-acao='offline']")
            pg.wait_for_selector(f"{status}[data-falha='espaco']", timeout=60_000)
            text = pg.inner_text(status)
            assert "Não há espaço neste aparelho" in text
            assert "continuam funcionando com internet" in text
            assert "Tente de novo com internet" not in text and "%" not in text
            assert pg.evaluate(CONSENT_GIVEN) == YES
            pg.wait_for_function("() => !document.querySelector(\"[data-motor-acao='offline']\").disabled")
            pg.evaluate("document.querySelector('.motor-progresso').removeAttribute('data-falha')")
        assert engine == [], "com o espaço que falta já conhecido, nada deveria ser baixado"
    finally:
        ctx.close()


def test_storage_full_while_keeping_the_site(browser: Browser, base_url: str) -> None:
    """With a service worker, a real quota (DevTools' quota override): the engine is kept, then
    the device fills up. A second «Usar sem internet» downloads no engine file again (all kept),
    and the pages that no longer fit are told as a storage problem, never a «Pronto» for the
    whole site."""
    ctx = browser.new_context(locale="pt-BR")
    engine: list[str] = []
    ctx.on("request", lambda request: engine.append(request.url) if "/pyodide/" in request.url else None)
    status = ".motor-oferta .motor-progresso"
    try:
        pg = ctx.new_page()
        cdp = ctx.new_cdp_session(pg)
        pg.goto(f"{base_url}/calculadoras/")
        pg.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
        pg.click(".motor-oferta [data-motor-acao='offline']")
        pg.wait_for_function(
            "s => /Pronto: o site inteiro/.test(document.querySelector(s).textContent)", arg=status,
            timeout=BOOT_TIMEOUT)
        assert engine, "o motor deveria ter sido baixado uma vez"
        # the kept pages are gone, and the device has room for little more than what it keeps
        pg.evaluate(f"caches.delete('{SITE_CACHE}')")
        usage = pg.evaluate("navigator.storage.estimate().then(e => e.usage)")
        cdp.send("Storage.overrideQuotaForOrigin", {"origin": base_url, "quotaSize": int(usage) + 300_000})
        engine.clear()
        pg.click(".motor-oferta [data-motor-acao='offline']")
        pg.wait_for_selector(f"{status}[data-falha='espaco']", timeout=BOOT_TIMEOUT)
        text = pg.inner_text(status)
        assert "não há espaço neste aparelho para guardar também as páginas" in text, text
        assert "Com internet, o site continua funcionando" in text
        assert "Pronto: o site inteiro" not in text
        assert engine == [], "o motor já guardado não deveria ser baixado de novo"
    finally:
        ctx.close()
