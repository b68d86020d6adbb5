"""The site installable and usable with no network, in headless Chromium.

- manifest and icons: linked from every page, parsed, the PNGs have their declared sizes;
- offline after one visit: one online visit installs the service worker, «Usar sem internet»
  downloads the engine and then the whole site, downloads of /dados/ included (the background
  warm-up, scripts/sw-paginas.js); then, with the network cut, every page of the sitemap is
  answered from the cache (one page of each part of the site opened for real), a CSV of /dados/
  opens, search answers, and every calculator computes one of its cases (the first opened from a
  shared link, the others followed as links, the engine started once); a page
  not kept opens the site's «Sem internet» page (status 503, at the address asked; its list says
  which places are kept, and that the calculators need the engine when it is not kept; «Tentar de
  novo» opens the page once the connection is back), and a file
  not kept fetched by a page fails instead of getting that page;
- the update: a rebuilt site (one page changed, the service worker regenerated) is offered with
  «Nova versão disponível — recarregar»; until the person accepts, the old build keeps being
  served whole (no page of one build with files of the other); after, the new one. Another tab
  where someone typed in a calculator is not reloaded under her (it offers the new version, which
  brings back what she typed); an idle tab reloads by itself;
- «Usar sem internet» counts every byte: its total is the sum of the engine files on disk and
  it ends equal to it, with and without compression by the server.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import struct
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from site_server import republish, start

from calculators import api

from .offline_helpers import (
    CONSENT_GIVEN,
    ENGINE_CACHE,
    SITE_CACHE,
    YES,
    share_query,
    sitemap_paths,
    usable_case,
    wait_site_kept,
)
from .test_calculators import BOOT_TIMEOUT, shown_amounts
from .test_search import search

ROOT = Path(__file__).resolve().parent.parent.parent

ENGINE_TIMEOUT = 120_000


def wait_service_worker(pg: Page) -> None:
    """Until the service worker is active (its precache complete) and controls the page."""
    pg.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    pg.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=30_000)


@pytest.fixture()
def fresh(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="pt-BR", is_mobile=True,
                              has_touch=True)
    yield ctx
    ctx.close()


# ------------------------------------------------------------------ manifest
def test_manifest_and_icons(page: Page, base_url: str, site_dir: Path) -> None:
    page.goto(f"{base_url}/tabelas/diaristas/")
    href = page.get_attribute("link[rel='manifest']", "href")
    assert href
    manifest_url = page.evaluate("h => new URL(h, location.href).href", href)
    assert manifest_url == f"{base_url}/manifest.webmanifest"
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["lang"] == "pt-BR" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["name"] == "Estatutos Portuários"
    sizes = set()
    for icon in manifest["icons"]:
        data = (site_dir / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n", icon
            width, height = struct.unpack(">II", data[16:24])
            assert f"{width}x{height}" == icon["sizes"], icon
            sizes.add(icon["sizes"])
        else:
            assert data.lstrip().startswith(b"<svg"), icon
    assert {"192x192", "512x512"} <= sizes
    assert any(i.get("purpose") == "maskable" for i in manifest["icons"])
    assert page.get_attribute("meta[name='theme-color']", "content") == manifest["theme_color"]


# ------------------------------------------------------------------ offline after one visit
# Takes the pages given (paths) out of the site's cache, as if they were never kept; how many.
TAKE_OUT = """async (paths) => {
  const cache = await caches.open('""" + SITE_CACHE + """');
  let taken = 0;
  for (const request of await cache.keys()) {
    if (paths.includes(new URL(request.url).pathname)) { await cache.delete(request); taken += 1; }
  }
  return taken;
}"""


# Each page fetched through the service worker: [path, status (0: failed), how many article h1].
FETCH_PAGES = """(paths) => Promise.all(paths.map((path) => fetch(path).then(
  (r) => r.text().then((text) => [path, r.status,
    new DOMParser().parseFromString(text, 'text/html').querySelectorAll('article h1').length]),
  () => [path, 0, 0])))"""
# A link followed as a reader does (a click; Material's instant navigation takes it).
FOLLOW = """(href) => {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = 'seguir';
  document.querySelector('article').append(a);
  a.click();
}"""


def test_offline_after_one_visit(fresh: BrowserContext, base_url: str, site_dir: Path) -> None:
    pg = fresh.new_page()
    pg.set_default_timeout(30_000)
    pg.goto(f"{base_url}/calculadoras/")
    wait_service_worker(pg)
    offer = pg.locator(".motor-oferta")
    offer.wait_for(state="visible")
    pg.click(".motor-oferta [data-motor-acao='offline']")
    pg.wait_for_selector(".motor-oferta.motor-oferta--guardado", timeout=ENGINE_TIMEOUT)
    assert pg.evaluate(CONSENT_GIVEN) == YES
    # Then the rest of the site, one file at a time; the offer says when it is all kept.
    pg.wait_for_selector(".motor-oferta.motor-oferta--site-guardado", timeout=ENGINE_TIMEOUT)
    assert "site inteiro" in pg.inner_text(".motor-oferta .motor-progresso")

    fresh.set_offline(True)
    paths = sitemap_paths(site_dir)
    assert len(paths) >= 15
    # Every page of the sitemap from the cache: the service worker answers a page's request from
    # the cache alike whether the page is opened or fetched (Material's instant navigation fetches
    # it), and a request it cannot answer fails offline.
    answers = pg.evaluate(FETCH_PAGES, paths)
    assert [a for a in answers if a[1:] != [200, 1]] == [], answers
    # One page of each part of the site opened for real, with its styles and scripts.
    kinds = {path.strip("/").split("/")[0]: path for path in reversed(paths)}
    assert len(kinds) >= 6, kinds
    for path in kinds.values():
        response = pg.goto(base_url + path)
        assert response is not None and response.ok, path
        assert pg.locator("article h1").count() == 1, path
    csv = "dados/diaristas.csv"
    opened = pg.evaluate("(href) => fetch(href).then((r) => r.text())", f"{base_url}/{csv}")
    assert opened == (site_dir / csv).read_bytes().decode("utf-8")

    # A page not kept yet (its copy taken out of the cache) opens the site's «Sem internet» page,
    # not the browser's error page; a file a page fetches is never answered with that page.
    taken = pg.evaluate(TAKE_OUT, ["/sobre/index.html", f"/{csv}"])
    assert taken == 2
    response = pg.goto(f"{base_url}/sobre/")
    assert response is not None and response.status == 503 and pg.url == f"{base_url}/sobre/"
    assert pg.locator("article h1").inner_text() == "Sem internet"
    assert "esta página ainda não foi guardada" in pg.inner_text("article")
    pg.wait_for_selector(".sem-internet[data-guardadas]")
    kept = pg.eval_on_selector_all(".sem-internet-guardada a", "a => a.map(x => new URL(x.href).pathname)")
    assert {"/", "/lei-4860-1965/", "/calculadoras/"} <= set(kept), kept
    assert pg.locator(".sem-internet-falta").count() == 0  # everything else was kept
    assert pg.get_attribute(".sem-internet", "data-motor") is None  # the engine too
    failed = pg.evaluate("(h) => fetch(h).then((r) => `${r.status} ${r.headers.get('content-type')}`, () => 'falhou')",
                         f"{base_url}/{csv}")
    assert failed == "falhou"
    pg.click(".sem-internet-guardada a:text-is('Início')")  # a kept place opens
    pg.wait_for_url(f"{base_url}/")
    # Material's instant navigation changes the address on the click, before its fetch answers:
    # the «Sem internet» page is replaced a moment later (a timeout here if it never is).
    pg.locator(".sem-internet").wait_for(state="detached")
    assert pg.locator("article h1").count() == 1 and pg.locator(".sem-internet").count() == 0
    # a link followed offline (the instant navigation's own request fails): the same page
    pg.evaluate("() => document.querySelector('a[href$=\"sobre/\"]').click()")
    pg.wait_for_url(f"{base_url}/sobre/")
    pg.locator(".sem-internet h1").wait_for()
    with pg.expect_navigation():  # «Tentar de novo», still offline: the same page, same address
        pg.click(".sem-internet-tentar")
    assert pg.locator("article h1").inner_text() == "Sem internet" and pg.url == f"{base_url}/sobre/"
    fresh.set_offline(False)
    with pg.expect_navigation():  # the connection is back: the page itself
        pg.click(".sem-internet-tentar")
    assert "Sobre" in pg.locator("article h1").inner_text()
    fresh.set_offline(True)

    # search (its scripts, worker and index come from the cache: kept with the rest of the site)
    pg.set_viewport_size({"width": 1280, "height": 900})
    assert any("pôrto" in text for text in search(pg, base_url, "porto"))

    # every calculator computes one of its cases, from a shared link (engine from the cache): the
    # first one opened, the others followed as links (instant navigation; the engine starts once)
    for number, name in enumerate(api.names()):
        case, reference = usable_case(name)
        link = f"{base_url}/calculadoras/{name}/?{share_query(case['inputs'])}"
        if number == 0:
            pg.goto(link)
        else:
            pg.evaluate(FOLLOW, link)
        try:
            pg.wait_for_function(
                "(id) => Number(document.getElementById(id)?.dataset.calculos || '0') >= 1",
                arg=f"form-{name}", timeout=BOOT_TIMEOUT,
            )
        except Exception as exc:
            state = pg.evaluate("() => [document.querySelector('.calc-estado')?.textContent, location.search]")
            raise AssertionError(f"{name}: {state}") from exc
        assert pg.locator(".calc-erro-carga").count() == 0, name
        shown = shown_amounts(pg, name)
        assert {k: v for k, v in shown.items() if not k.startswith("q:")} == {
            k: v["formatted"] for k, v in reference["amounts"].items()
        }, name
    assert pg.evaluate("window.epMotores") == 1
    # The engine gone: the list says the calculators compute only once it is downloaded again.
    pg.evaluate(f"() => caches.delete('{ENGINE_CACHE}')")
    pg.evaluate(TAKE_OUT, ["/sobre/index.html"])
    pg.goto(f"{base_url}/sobre/")
    pg.wait_for_selector(".sem-internet[data-motor='nao']")
    assert "só calculam depois que ele for baixado" in pg.inner_text(".sem-internet-lugares")
    fresh.set_offline(False)


# ------------------------------------------------------------------ update
def _rebuild(site: Path, marker: str) -> None:
    """A rebuild with one change: a page edited and the service worker generated again."""
    page = site / "sobre" / "index.html"
    html = page.read_text(encoding="utf-8")
    meta = f'<meta name="ep-versao" content="{marker}">'
    if '<meta name="ep-versao"' in html:
        html = re.sub(r'<meta name="ep-versao" content="[^"]*">', meta, html, count=1)
    else:
        html = html.replace("</head>", meta + "</head>", 1)
    republish(page, html.encode("utf-8"))
    done = subprocess.run(["node", str(ROOT / "scripts" / "service_worker.mjs"), str(site)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr


# The tab was not reloaded (the mark survives) and its service worker changed (epTrocou).
MARK_TAB = """() => { window.epMesmaPagina = true;
  navigator.serviceWorker.addEventListener('controllerchange', () => { window.epTrocou = true; }); }"""


def test_update_is_offered_and_never_mixed(browser: Browser, site_dir: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    _rebuild(site, "A")
    server, url = start(site)
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="pt-BR")
    try:
        pg = ctx.new_page()
        pg.set_default_timeout(30_000)
        pg.goto(f"{url}/sobre/")
        wait_service_worker(pg)
        # The pages are kept in the background once the worker is in (scripts/sw-paginas.js).
        wait_site_kept(pg)
        assert pg.get_attribute("meta[name='ep-versao']", "content") == "A"
        old_sw = (site / "sw.js").read_text(encoding="utf-8")
        # Two more tabs of the old build: one where a person is typing, one left idle.
        typing = ctx.new_page()
        typing.set_default_timeout(30_000)
        typing.goto(f"{url}/calculadoras/refeicao/")
        typing.fill("[data-path='salario_dia']", "12$000")
        typing.evaluate(MARK_TAB)
        idle = ctx.new_page()
        idle.set_default_timeout(30_000)
        idle.goto(f"{url}/sobre/")
        reading = ctx.new_page()
        reading.set_default_timeout(30_000)
        reading.goto(f"{url}/calculadoras/refeicao/")
        reading.fill("[data-path='salario_dia']", "9$000")
        reading.evaluate(MARK_TAB)

        _rebuild(site, "B")
        assert (site / "sw.js").read_text(encoding="utf-8") != old_sw
        pg.reload()
        banner = pg.locator(".nova-versao button")
        banner.wait_for(state="visible", timeout=30_000)
        assert banner.inner_text() == "Nova versão disponível — recarregar"
        # Until accepted, the old build is served whole, page and assets.
        assert pg.get_attribute("meta[name='ep-versao']", "content") == "A"
        pg.goto(f"{url}/sobre/")
        assert pg.get_attribute("meta[name='ep-versao']", "content") == "A"
        pg.locator(".nova-versao button").wait_for(state="visible")
        # Accepted: the new worker takes over and the page reloads with the new build. The wait is
        # for the next document's load, not expect_navigation(): that one also resolves on a
        # same-document navigation, and Material saves the scroll offset with
        # history.replaceState 100 ms after each load (calculadoras.js, too, writes the form into
        # the address on accepting), so it could resolve on the old page while the new worker was
        # still activating, and read the old build.
        with pg.expect_event("load"):
            pg.click(".nova-versao button")
        assert pg.get_attribute("meta[name='ep-versao']", "content") == "B"
        assert pg.locator(".nova-versao").count() == 0
        # The idle tab reloaded by itself; the one with typed input did not, and offers the update.
        idle.wait_for_function("() => document.querySelector('meta[name=ep-versao]').content === 'B'")
        typing.wait_for_function("() => window.epTrocou === true")
        assert typing.evaluate("() => window.epMesmaPagina") is True
        assert typing.input_value("[data-path='salario_dia']") == "12$000"
        assert typing.locator(".nova-versao button").is_enabled()
        # A tab left on the old build opens its next page whole (the new build's page with the new
        # build's scripts), never by the instant navigation under the old scripts.
        reading.wait_for_function("() => window.epTrocou === true")
        reading.evaluate("() => document.querySelector('a[href$=\"sobre/\"]').click()")
        reading.wait_for_function("() => document.querySelector('meta[name=ep-versao]').content === 'B'")
        assert reading.evaluate("() => window.epMesmaPagina") is None
        # Accepted there: the page reloads with what was typed.
        with typing.expect_event("load"):
            typing.click(".nova-versao button")
        assert typing.evaluate("() => window.epMesmaPagina") is None  # a new page, not the old one
        typing.wait_for_selector("form.calc-form[data-ligado]", state="attached")
        assert typing.input_value("[data-path='salario_dia']") == "12$000"
    finally:
        ctx.close()
        server.shutdown()


# ------------------------------------------------------------------ progress of «Usar sem internet»
@pytest.mark.parametrize("compress", [True, False], ids=["gzip", "sem-compressao"])
def test_offline_download_counts_every_byte(browser: Browser, site_dir: Path, compress: bool) -> None:
    server, url = start(site_dir, compress=compress)
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="pt-BR", service_workers="block")
    try:
        pg = ctx.new_page()
        pg.goto(f"{url}/calculadoras/")
        report = json.loads((site_dir / "assets" / "motor.json").read_text(encoding="utf-8"))
        on_disk = sum((site_dir / f["url"]).stat().st_size for f in report["files"])
        assert report["bytes"] == on_disk
        encodings: list[str] = []
        ctx.on("response", lambda r: encodings.append(r.headers.get("content-encoding", ""))
               if "/assets/pyodide/" in r.url else None)
        pg.click(".motor-oferta [data-motor-acao='offline']")
        pg.wait_for_selector(".motor-oferta.motor-oferta--guardado", timeout=ENGINE_TIMEOUT)
        status = pg.locator(".motor-oferta .motor-progresso")
        assert int(status.get_attribute("data-total") or 0) == on_disk
        assert int(status.get_attribute("data-baixado") or 0) == on_disk
        assert bool({"gzip", "br"} & set(encodings)) is compress  # nginx sends the .br copy to Chromium
    finally:
        ctx.close()
        server.shutdown()


# ------------------------------------------------------------------ «Pronto» tells the truth
HELD_PAGE = "/tabelas/diaristas/"


def _asks_for(path: str, page: str) -> bool:
    return path.split("?", 1)[0] in (page, page + "index.html")


@pytest.mark.parametrize("fate", ["demora", "falha"])
def test_ready_only_when_every_promised_page_is_kept(browser: Browser, site_dir: Path, fate: str) -> None:
    """Issue 30: «Usar sem internet» said «Pronto … funcionam sem internet» as soon as the engine was
    kept, 10–12 s before the pages on a slow link; offline 2 s later, 8 of 8 pages were «Sem
    internet». Here one page of the site is held by the server while the warm-up asks for it
    («demora») or never comes («falha»). While it is held: progress with counts, no «Pronto».
    Released: «Pronto», and right then, with the network cut, every page of the sitemap and every
    download answers from the device. Never coming: no «Pronto», and the message names the page
    that is missing."""
    asked, release = threading.Event(), threading.Event()

    def before(path: str) -> None:
        if not _asks_for(path, HELD_PAGE):
            return
        asked.set()
        if fate == "falha":
            raise ConnectionAbortedError("recusado pelo teste")
        release.wait(60)

    server, url = start(site_dir, before=before)
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="pt-BR", is_mobile=True,
                              has_touch=True)
    try:
        pg = ctx.new_page()
        pg.set_default_timeout(30_000)
        pg.goto(f"{url}/calculadoras/")
        wait_service_worker(pg)
        pg.click(".motor-oferta [data-motor-acao='offline']")
        pg.wait_for_selector(".motor-oferta.motor-oferta--guardado", timeout=ENGINE_TIMEOUT)
        status = pg.locator(".motor-oferta .motor-progresso")
        assert asked.wait(ENGINE_TIMEOUT / 1000), "a página retida nunca foi pedida"
        if fate == "falha":
            pg.wait_for_selector(".motor-progresso[data-falha='paginas']", timeout=ENGINE_TIMEOUT)
            text = status.inner_text()
            assert "Pronto" not in text, text
            page = (site_dir / HELD_PAGE.strip("/") / "index.html").read_text(encoding="utf-8")
            found = re.search(r"<title>([^<]*) - Estatutos Portuários</title>", page)
            assert found, "a página retida não tem título"
            assert f"«{html.unescape(found[1])}»" in text, text
            assert pg.locator(".motor-oferta--site-guardado").count() == 0
            return
        pg.wait_for_function("() => document.querySelector('.motor-progresso')?.dataset.siteTotal")
        held = status.inner_text()
        assert "Pronto" not in held and re.search(r"\d+ de \d+ arquivos", held), held
        pg.wait_for_timeout(1500)  # still held: still no «Pronto»
        assert "Pronto" not in status.inner_text()
        release.set()
        pg.wait_for_selector(".motor-oferta.motor-oferta--site-guardado", timeout=ENGINE_TIMEOUT)
        assert status.inner_text().startswith("Pronto")
        ctx.set_offline(True)  # right after «Pronto»
        paths = sitemap_paths(site_dir)
        answers = pg.evaluate(FETCH_PAGES, paths)
        assert [a for a in answers if a[1:] != [200, 1]] == [], answers
        downloads = sorted("/" + p.relative_to(site_dir).as_posix() for p in (site_dir / "dados").rglob("*")
                           if p.is_file() and p.suffix not in (".gz", ".br", ".html"))
        got = pg.evaluate("(hrefs) => Promise.all(hrefs.map((h) => fetch(h).then((r) => r.status, () => 0)))",
                          downloads)
        assert dict(zip(downloads, got, strict=True)) == dict.fromkeys(downloads, 200)
        response = pg.goto(f"{url}{HELD_PAGE}")
        assert response is not None and response.ok and pg.locator("article h1").inner_text() != "Sem internet"
    finally:
        release.set()
        ctx.close()
        server.shutdown()
