"""Nothing competes with a download the person asked for (issue 22 §4), in headless Chromium.

The service worker keeps the site in the background (docs/assets/js/offline/sw/site-cache.mjs),
one file at a time, only while no engine download is in progress on the page
(docs/assets/js/offline/warmup.mjs). The server sees every request, the service worker's
included, and holds the ones the test chooses:

- a person who has not asked for the engine gets the warm-up; when she taps «Baixar», it stops
  before its next file and nothing but the engine downloads until the engine is in; then the
  warm-up goes on and keeps every page: offline, another page opens;
- a person who already agreed to the engine, on a calculator page: nothing of the service worker
  downloads (not even its install) before the engine;
- the downloads of /dados/ are never warmed: a CSV is kept once opened, and then opens offline;
  asked for everything («Usar sem internet»), all are kept, and one that does not come is
  counted as missing.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from site_server import start

from .offline_helpers import CONSENT, keep_everything, kept_so_far, wait_site_kept

BOOT_TIMEOUT = 180_000
COMPUTED = "() => Number(document.querySelector('form.calc-form').dataset.calculos || '0') >= 1"


class Server:
    """The built site, served with a record of every request path and a way to hold some."""

    def __init__(self, site: Path) -> None:
        self.paths: list[str] = []
        self.lock = threading.Lock()
        self.hold: dict[str, tuple[threading.Event, threading.Event]] = {}
        self.refused: set[str] = set()  # paths answered with a dropped connection
        self.server, self.url = start(site, before=self.before)

    def holding(self, suffix: str) -> None:
        """Hold the first request whose path ends with ``suffix`` until ``release(suffix)``."""
        self.hold[suffix] = (threading.Event(), threading.Event())

    def before(self, path: str) -> None:
        path = path.split("?", 1)[0]
        with self.lock:
            self.paths.append(path)
            waiting = next((s for s, (arrived, _) in self.hold.items() if path.endswith(s) and not arrived.is_set()),
                           None)
            if waiting:
                self.hold[waiting][0].set()
        if waiting:
            self.hold[waiting][1].wait(120)
        if path in self.refused:
            raise ConnectionResetError(path)  # the connection drops: the browser gets no answer

    def arrived(self, suffix: str) -> bool:
        return self.hold[suffix][0].wait(60)

    def release(self, suffix: str) -> None:
        self.hold[suffix][1].set()

    def since(self, count: int) -> list[str]:
        with self.lock:
            return self.paths[count:]


@pytest.fixture()
def server(site_dir: Path) -> Iterator[Server]:
    served = Server(site_dir)
    yield served
    for _, release in served.hold.values():
        release.set()
    served.server.shutdown()


def is_download(path: str) -> bool:
    return path.startswith("/dados/") and not path.endswith(("/", ".html"))


# The service worker's own scripts: the browser may check them for an update at any time.
SW_SCRIPTS = ("/sw.js", "/sw-motor.js", "/sw-paginas.js")


def others_since(server: Server, mark: int, own: Callable[[str], bool]) -> list[str]:
    """What arrived after ``mark`` that is neither the service worker's scripts nor ``own``."""
    return [p for p in server.since(mark) if not own(p) and p not in SW_SCRIPTS]


def warm_up_held(pg: Page, server: Server, own: Callable[[str], bool]) -> int:
    """With the warm-up's first page (held) and the person's download both asked for (the page has
    said so: busyWith): release the warm-up's page, give it 1.5 s, and check it fetched nothing
    else meanwhile (it stops before its next file). Returns the mark from which to read what came
    after.

    One round trip to the service worker first: it answers a page's messages in the order they
    were sent, so its answer means it has the page's pause, sent before; without it, on a loaded
    machine, the held page could be released before the pause reached the worker, and the next
    file it fetched would be counted against the rule."""
    kept_so_far(pg)
    mark = len(server.since(0))
    server.release("/index.html")
    pg.wait_for_timeout(1500)
    others = others_since(server, mark, own)
    assert others == [], f"baixado junto com o que a pessoa pediu: {others}"
    return mark


@contextmanager
def warming_up(browser: Browser, server: Server, path: str, held: str) -> Iterator[tuple[BrowserContext, Page]]:
    """A page opened at ``path`` with the warm-up's first file (the home page) and ``held`` held by
    the server; the warm-up has started (the person has asked for nothing yet)."""
    # The warm-up asks for files by name (…/index.html); the person's pages end with «/».
    server.holding("/index.html")
    server.holding(held)
    ctx = browser.new_context(locale="pt-BR")
    try:
        pg = ctx.new_page()
        pg.set_default_timeout(BOOT_TIMEOUT)
        pg.goto(server.url + path)
        assert server.arrived("/index.html"), "o site não começou a ser guardado"
        yield ctx, pg
    finally:
        ctx.close()


def test_warm_up_waits_for_the_engine(browser: Browser, server: Server, site_dir: Path) -> None:
    report = json.loads((site_dir / "assets" / "motor.json").read_text(encoding="utf-8"))
    engine = {"/" + f["url"] for f in report["files"]}
    with warming_up(browser, server, "/calculadoras/refeicao/?salario_dia=12%24000", "/calculadoras.zip") as (ctx, pg):
        pg.locator(".motor-oferta [data-motor-acao='baixar']").click()
        assert server.arrived("/calculadoras.zip"), "o motor não começou a baixar"
        # While the engine downloads, nothing else does (its worker's own modules aside).
        mark = warm_up_held(pg, server, lambda p: p in engine or p.endswith(".mjs"))
        server.release("/calculadoras.zip")
        pg.wait_for_function(COMPUTED)
        kept = wait_site_kept(pg)
        assert kept["downloads"] == 0
        warmed = server.since(mark)
        assert any(p.endswith("/lei-4860-1965/index.html") for p in warmed), warmed
        assert not [p for p in server.since(0) if is_download(p)], "um download de /dados/ foi guardado sem pedido"
        ctx.set_offline(True)
        again = ctx.new_page()
        response = again.goto(server.url + "/lei-4860-1965/")
        assert response is not None and response.ok
        assert again.locator("article h1").count() == 1


def test_warm_up_waits_for_a_search(browser: Browser, server: Server) -> None:
    # A search started on a text page (the index loads only now): the warm-up stops before its
    # next file until the first results are shown, then goes on (search/ui.mjs: busyWith).
    with warming_up(browser, server, "/lei-4860-1965/", "/search/meta.json") as (_, pg):
        pg.locator("[role=search] input[type=search]").click()
        pg.locator("[role=search] input[type=search]").press_sequentially("prorrogacao")
        for _ in range(100):
            if server.arrived("/search/meta.json"):
                break
            pg.wait_for_timeout(100)
        assert server.arrived("/search/meta.json"), "a busca não pediu o índice"
        # The worker asks for the index as soon as it starts (the first touch); the warm-up waits
        # from the first query sent (search/ui.mjs: busyWith, where «data-buscando» is set), which
        # on a loaded machine comes later: the rule is checked from there.
        pg.locator("[data-busca][data-buscando]").wait_for(state="attached")
        # Only the search's own files may come.
        def search_script(p: str) -> bool:
            return "/assets/pacote-busca." in p or "/assets/busca-worker." in p or p.startswith("/search/")

        mark = warm_up_held(pg, server, search_script)

        def warmed() -> list[str]:
            return others_since(server, mark, search_script)
        server.release("/search/meta.json")
        pg.locator("[data-busca-resultado]").first.wait_for()
        for _ in range(300):  # the warm-up's next file, once the results are shown (a bound: 30 s)
            if warmed():
                break
            pg.wait_for_timeout(100)
        assert warmed(), "a cópia em segundo plano não voltou depois da busca"


def test_agreed_calculator_page_waits_for_the_engine(browser: Browser, server: Server) -> None:
    # She already agreed to the engine: on a calculator page, it starts at her first tap, so the
    # service worker (its install included) waits for it; a text page would not.
    ctx = browser.new_context(locale="pt-BR")
    ctx.add_init_script(CONSENT)
    try:
        pg = ctx.new_page()
        pg.goto(server.url + "/calculadoras/refeicao/", wait_until="load")
        pg.evaluate("() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 }))")
        pg.wait_for_timeout(1000)
        early = [p for p in server.since(0) if p.startswith("/sw") or p.endswith("/index.html")]
        assert early == [], f"o service worker não esperou o motor: {early}"
    finally:
        ctx.close()


def test_downloads_kept_only_when_opened(browser: Browser, server: Server, site_dir: Path) -> None:
    ctx = browser.new_context(locale="pt-BR")
    try:
        pg = ctx.new_page()
        pg.goto(server.url + "/dados/")
        kept = wait_site_kept(pg)
        assert kept["downloads"] == 0 and kept["totalDownloads"] >= 10, kept
        assert not [p for p in server.since(0) if is_download(p)]
        csv = "dados/diaristas.csv"
        fetch = "(href) => fetch('/' + href).then((r) => r.ok ? r.text() : 'HTTP ' + r.status)"
        assert pg.evaluate(fetch, csv) == (site_dir / csv).read_bytes().decode("utf-8")
        for _ in range(480):  # kept in the background after the answer: a bound, not a speed (2 min)
            if kept_so_far(pg)["downloads"] == 1:
                break
            pg.wait_for_timeout(250)
        assert kept_so_far(pg)["downloads"] == 1
        # «Usar sem internet» asks for all of them; one does not come: the count says so (the
        # offer then says how many are missing, never «Pronto»).
        server.refused.add("/dados/escala-padrao.csv")
        everything = keep_everything(pg)
        assert everything["guardados"] == everything["total"], everything
        assert everything["downloads"] == everything["totalDownloads"] - 1, everything
        ctx.set_offline(True)
        assert pg.evaluate(fetch, csv) == (site_dir / csv).read_bytes().decode("utf-8")
        # The one that did not come is not kept: offline, it does not open; the others do.
        opens = "(href) => fetch(href).then(() => 'aberto', () => 'falhou')"
        assert pg.evaluate(opens, "/dados/escala-padrao.csv") == "falhou"
        assert pg.evaluate(opens, "/dados/suplementar-mensalistas.csv") == "aberto"
    finally:
        ctx.close()
