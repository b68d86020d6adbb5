"""A calculator a union puts on its site (issue 30), in headless Chromium: the embeddable page
(``/embutir/<calc>/``, ``macros/render/calculator_embed.py``) inside a page of ANOTHER site.

The other site is Python's own HTTP server on another address (127.0.0.2: another host, so
another site and not only another origin, as a union's site is), serving a page with the code
the full calculator page gives (its ``<iframe>``, pointed at this test's server). There the
embeddable page asks before downloading the engine, says that the answer cannot be remembered
there (the browser refuses a third-party frame's storage; opened alone, it says nothing of it),
and computes; its links open the full site in
a new tab and never in the frame; it registers no service worker and keeps nothing; nothing the
framing page sends it changes anything. A page that is not embeddable is refused in the same
frame. At 320 px nothing scrolls sideways; the full page's button copies the code; axe-core finds
nothing serious on the embeddable page, with its result, in both themes, nor inside the union's
page, with the note on the consent and then with the result.
"""

from __future__ import annotations

import functools
import html
import http.server
import json
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from conftest import ROOT
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Frame, FrameLocator, Page, expect

from browser.clipboard import copied_text, record_clipboard
from browser.conftest import ALL_RENDERED_CSS, inject_css
from browser.test_pages import AUDIT, AXE, SCROLLERS
from macros.render import calculator_embed as embed

BOOT_TIMEOUT = 120_000
NAME = "refeicao"
# data/cases/refeicao.yaml, «uma_hora_dez_operarios»: 12$000 a day, one hour → 3$000 a worker.
SALARY, SUPPLEMENT = "12$000", "3$000"
ROW = f"#resultado-{NAME} tr[data-valor='suplemento_por_operario'] td"
OTHER_HOST = "127.0.0.2"
# Whether the browser refuses this document's storage (reading it throws).
STORAGE_BLOCKED = "() => { try { localStorage.getItem('x'); return false; } catch { return true; } }"
NO_MEMORY = ".motor-oferta-sem-memoria"  # the offer's note: the answer is not remembered here
MESSAGES = json.loads((ROOT / "docs" / "assets" / "js" / "common" / "constants.json").read_text(encoding="utf-8"))


def site_code(site_dir: Path, name: str, base_url: str) -> str:
    """The code the full page's box gives (the textarea's text), pointed at this test's server
    (the build wrote its own public address)."""
    page = (site_dir / "calculadoras" / name / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<textarea id="embutir-codigo-[^"]*"[^>]*>(.*?)</textarea>', page, re.S)
    assert found, "a página da calculadora não tem a caixa do código"
    code = html.unescape(found.group(1))
    return re.sub(r'src="[^"]*"', f'src="{base_url}/{embed.embed_path(name)}"', code, count=1)


class OtherSite:
    """A union's site: one page with ``code`` in its body, on another host."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
        self.server = http.server.ThreadingHTTPServer((OTHER_HOST, 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://{OTHER_HOST}:{self.server.server_address[1]}"

    def page(self, name: str, code: str) -> str:
        (self.folder / name).write_text(
            '<!doctype html><html lang="pt-BR"><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">'
            '<title>Sindicato dos Portuários</title><style>body{margin:0 8px;font-family:sans-serif}</style>'
            f'<h1>Sindicato dos Portuários</h1><p>Calcule aqui:</p>{code}<p>Fim da página do sindicato.</p>',
            encoding="utf-8")
        return f"{self.url}/{name}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def other_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OtherSite]:
    site = OtherSite(tmp_path_factory.mktemp("sindicato"))
    yield site
    site.close()


def embed_frame(pg: Page) -> Frame:
    frame = next((f for f in pg.frames if f.url and "/embutir/" in f.url), None)
    assert frame is not None, [f.url for f in pg.frames]
    return frame


@dataclass
class Framed:
    """The union's page open with the calculator framed: every request of the context and every
    message of the page's console are recorded from the start."""
    ctx: BrowserContext
    page: Page
    frame: FrameLocator
    requested: list[str] = field(default_factory=list)
    messages: list[ConsoleMessage] = field(default_factory=list)


@contextmanager
def framed(browser: Browser, other_site: OtherSite, site_dir: Path, base_url: str, file: str,
           scripts: tuple[Path, ...] = (), **options: Any) -> Iterator[Framed]:
    """The union's page ``file``, with the code the full page gives, opened in a context of its
    own (``options``: the viewport, a phone…; ``scripts``: injected into every frame by the
    browser), closed at the end."""
    url = other_site.page(file, site_code(site_dir, NAME, base_url))
    ctx = browser.new_context(locale="pt-BR", **options)
    for script in scripts:
        ctx.add_init_script(path=str(script))
    try:
        pg = ctx.new_page()
        opened = Framed(ctx, pg, pg.frame_locator("iframe"))
        ctx.on("request", lambda r: opened.requested.append(r.url))
        pg.on("console", lambda m: opened.messages.append(m))
        pg.goto(url)
        yield opened
    finally:
        ctx.close()


def serious_in(frame: Frame, where: str) -> list[str]:
    """axe-core's serious and critical findings in ``frame`` (injected there by the browser)."""
    inject_css(frame, ALL_RENDERED_CSS)
    return [f"{where}: {v['id']} {[n['target'] for n in v['nodes'][:3]]}"
            for v in frame.evaluate(AUDIT, None) if v["impact"] in ("serious", "critical")]


def compute_in(frame: FrameLocator | Frame) -> None:
    """Type the salary, «Calcular», and accept the engine's download when asked."""
    frame.locator(f"#form-{NAME} [data-path='salario_dia']").fill(SALARY)
    frame.locator(f"#form-{NAME} button[type='submit']").click()
    download = frame.locator(".motor-oferta [data-motor-acao='baixar']")
    download.wait_for(state="visible")
    download.click()
    frame.locator(ROW).wait_for(timeout=BOOT_TIMEOUT)


def test_the_embed_page_computes_inside_another_site(browser: Browser, base_url: str, site_dir: Path,
                                                     other_site: OtherSite) -> None:
    with framed(browser, other_site, site_dir, base_url, "calcule.html", scripts=(AXE,),
                viewport={"width": 390, "height": 844}) as opened:
        pg, frame = opened.page, opened.frame
        # Before the engine: only the calculator, and the offer without «Usar sem internet».
        expect(frame.locator(f"#form-{NAME}")).to_be_visible()
        expect(frame.locator("[data-motor-acao='offline']")).to_have_count(0)
        # Chromium refuses this frame's storage, as a browser that blocks third-party data does:
        # the consent cannot be remembered, and the offer says so before it is given.
        assert embed_frame(pg).evaluate(STORAGE_BLOCKED) is True
        note = frame.locator(f".motor-oferta {NO_MEMORY}")
        expect(note).to_be_visible()
        expect(note).to_contain_text("dentro de outro site")
        expect(note).to_contain_text("não fica lembrada")
        expect(note).to_contain_text("O cálculo funciona do mesmo jeito")
        problems = serious_in(embed_frame(pg), "com o aviso, antes do aceite")
        compute_in(frame)
        assert frame.locator(ROW).inner_text() == SUPPLEMENT
        problems += serious_in(embed_frame(pg), "com o resultado")
        assert not problems, "\n".join(problems)
        # Nothing kept for later inside another site: no service worker asked for (see also
        # test_no_service_worker_on_the_embed_page), no «Meus cálculos»; it computed all the same.
        assert not [u for u in opened.requested if u.endswith("/sw.js")], opened.requested
        assert frame.locator(".calc-guardar, .meus-calculos").count() == 0
        # «Compartilhar» gives the full page's link, never the embeddable one.
        frame.locator(f"#form-{NAME} [data-acao='compartilhar']").click()
        link = frame.locator(f"#form-{NAME} .calc-link-texto")
        expect(link).not_to_have_value("")
        shared = link.input_value()
        assert shared.startswith(f"{base_url}/calculadoras/{NAME}/?"), shared
        assert f"salario_dia={quote(SALARY, safe='')}" in shared or "salario_dia=12%24000" in shared, shared
        errors = [m.text for m in opened.messages if m.type == "error"]
        assert not errors, errors
        # The control: the same page opened by itself keeps the answer, and says nothing of it.
        alone = opened.ctx.new_page()
        alone.goto(f"{base_url}/{embed.embed_path(NAME)}", wait_until="load")
        expect(alone.locator(".motor-oferta [data-motor-acao='baixar']")).to_be_visible()
        assert alone.evaluate(STORAGE_BLOCKED) is False
        assert alone.locator(NO_MEMORY).count() == 0


def test_no_service_worker_on_the_embed_page(browser: Browser, base_url: str) -> None:
    """Opened by itself (its own site's storage, where a service worker could register): the full
    calculator page registers the site's service worker after loading; the embeddable page never."""
    ctx = browser.new_context(locale="pt-BR")
    try:
        pg = ctx.new_page()
        pg.goto(f"{base_url}/calculadoras/{NAME}/", wait_until="load")
        pg.wait_for_function("() => navigator.serviceWorker.getRegistrations().then((r) => r.length > 0)",
                             timeout=30_000)  # the control: this test sees a registration
    finally:
        ctx.close()
    ctx = browser.new_context(locale="pt-BR")
    requested: list[str] = []
    ctx.on("request", lambda r: requested.append(r.url))
    try:
        pg = ctx.new_page()
        pg.goto(f"{base_url}/{embed.embed_path(NAME)}", wait_until="load")
        pg.wait_for_timeout(5000)
        assert pg.evaluate("() => navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0
        assert not [u for u in requested if u.endswith("/sw.js")], requested
    finally:
        ctx.close()


@pytest.mark.parametrize("which", ["completa", "como-usar", "dispositivo"])
def test_links_open_the_full_site_in_a_new_tab(browser: Browser, base_url: str, site_dir: Path,
                                               other_site: OtherSite, which: str) -> None:
    """Each way out of the embeddable page opens a new tab on the site; the frame stays on the
    calculator (Material's instant navigation would have put the whole site in it)."""
    with framed(browser, other_site, site_dir, base_url, "links.html",
                viewport={"width": 390, "height": 844}) as opened:
        pg, frame = opened.page, opened.frame
        expect(frame.locator(f"#form-{NAME}")).to_be_visible()
        embed_frame(pg).wait_for_load_state("load")
        if which == "completa":
            link, want = frame.locator(".calc-embutida-pagina a"), f"/calculadoras/{NAME}/"
        elif which == "como-usar":
            link, want = frame.locator(".calc-dica a"), "/calculadoras/"
            frame.locator(".calc-dica").evaluate("(p) => { p.hidden = false; }")
        else:
            compute_in(frame)
            link = frame.locator(f"#resultado-{NAME} a[href*='decreto-lei-3844-1941']").first
            want = "/decreto-lei-3844-1941/"
        with opened.ctx.expect_page() as new_tab:
            link.click()
        tab = new_tab.value
        tab.wait_for_load_state()
        assert tab.url.startswith(base_url + want), tab.url
        assert "/embutir/" in embed_frame(pg).url
        assert embed_frame(pg).locator(f"#form-{NAME}").count() == 1


def test_a_page_that_is_not_embeddable_is_refused_in_the_same_frame(
        browser: Browser, base_url: str, site_dir: Path, other_site: OtherSite) -> None:
    code = site_code(site_dir, NAME, base_url).replace(f"/{embed.embed_path(NAME)}", f"/calculadoras/{NAME}/")
    url = other_site.page("nao.html", code)
    ctx = browser.new_context(locale="pt-BR")
    messages: list[str] = []
    try:
        pg = ctx.new_page()
        pg.on("console", lambda m: messages.append(m.text))
        pg.goto(url)
        pg.wait_for_timeout(1000)
        frames = [f for f in pg.frames if f != pg.main_frame]
        assert frames
        for frame in frames:
            text = frame.evaluate("() => document.body ? document.body.innerText : ''")
            assert "Calcular" not in text, "a página da calculadora abriu dentro de outro site"
        assert any("frame-ancestors" in m for m in messages), messages
    finally:
        ctx.close()


def test_nothing_the_framing_page_sends_changes_the_calculator(browser: Browser, base_url: str, site_dir: Path,
                                                              other_site: OtherSite) -> None:
    """The framing page posts every message type the site's scripts know, and others, to the
    frame: the form, the result and the address stay as they were."""
    with framed(browser, other_site, site_dir, base_url, "mensagens.html") as opened:
        pg = opened.page
        compute_in(opened.frame)
        inside = embed_frame(pg)
        state = "() => [location.href, document.querySelector('form.calc-form [data-path=salario_dia]').value, " \
                "document.querySelector('.calc-resultado').innerHTML, document.title]"
        before = inside.evaluate(state)
        types = sorted(set(MESSAGES["messages"].values()))
        assert types
        payloads = [{"type": t, "salario_dia": "99$000", "html": "<img src=x>"} for t in types]
        payloads += ["calcular", {"acao": "limpar"}, {"type": "navigate", "url": "/sobre/"}]
        pg.evaluate("""(payloads) => { const w = document.querySelector('iframe').contentWindow;
            for (const p of payloads) w.postMessage(p, '*'); }""", payloads)
        pg.wait_for_timeout(800)
        assert inside.evaluate(state) == before


def test_the_address_only_fills_the_form_as_text(browser: Browser, base_url: str) -> None:
    """A framing page chooses the frame's address: what it carries is typed into the fields as
    text, never markup or script."""
    hostile = '"><img src=x id=injetado><script>window.injetado=1</script>'
    ctx = browser.new_context(locale="pt-BR")
    try:
        pg = ctx.new_page()
        pg.goto(f"{base_url}/{embed.embed_path(NAME)}?salario_dia={quote(hostile, safe='')}#<img src=x id=injetado2>")
        field = pg.locator(f"#form-{NAME} [data-path='salario_dia']")
        expect(field).to_have_value(hostile)
        pg.wait_for_timeout(500)
        assert pg.evaluate("() => [document.getElementById('injetado'), document.getElementById('injetado2'),"
                           " window.injetado || null]") == [None, None, None]
    finally:
        ctx.close()


OVERFLOW = "() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth"


def test_the_embed_page_reads_at_320_px(browser: Browser, base_url: str, site_dir: Path,
                                        other_site: OtherSite) -> None:
    """In a 320 px phone, inside the union's page (its 8 px margins: a frame of 304 px), nothing
    scrolls sideways, with the result drawn; every calculator's page alone at 320 px neither."""
    with framed(browser, other_site, site_dir, base_url, "estreito.html",
                viewport={"width": 320, "height": 640}, is_mobile=True, has_touch=True) as opened:
        pg = opened.page
        compute_in(opened.frame)
        inside = embed_frame(pg)
        inject_css(inside, ALL_RENDERED_CSS)
        assert inside.evaluate("() => window.innerWidth") <= 304
        assert inside.evaluate(OVERFLOW) <= 0
        assert inside.evaluate(SCROLLERS) == []
        assert pg.evaluate(OVERFLOW) <= 0
        alone = opened.ctx.new_page()
        for path in sorted(p.name for p in (site_dir / embed.FOLDER).iterdir() if p.is_dir()):
            alone.goto(f"{base_url}/{embed.embed_path(path)}", wait_until="load")
            assert alone.evaluate(OVERFLOW) <= 0, path
            assert alone.evaluate(SCROLLERS) == [], path


def test_the_copy_button_copies_the_code(browser: Browser, base_url: str, site_dir: Path) -> None:
    ctx = browser.new_context(locale="pt-BR")
    record_clipboard(ctx)
    try:
        pg = ctx.new_page()
        pg.goto(f"{base_url}/calculadoras/{NAME}/")
        box = pg.locator(".calc-embutir")
        box.locator("[data-acao='copiar-codigo']").click()
        expect(box.locator(".calc-embutir-estado")).to_contain_text("Código copiado")
        code = box.locator("textarea").input_value()
        assert copied_text(pg) == code
        assert code.startswith("<iframe ") and f"/embutir/{NAME}/" in code and 'loading="lazy"' in code
    finally:
        ctx.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_on_the_embed_page(browser: Browser, base_url: str, scheme: str) -> None:
    ctx: BrowserContext = browser.new_context(viewport={"width": 360, "height": 740}, locale="pt-BR",
                                              color_scheme=scheme)  # type: ignore[arg-type]
    ctx.add_init_script(path=str(AXE))
    problems: list[str] = []
    try:
        pg = ctx.new_page()
        pg.goto(f"{base_url}/{embed.embed_path(NAME)}", wait_until="load")
        expect(pg.locator(".motor-oferta")).to_be_visible()
        for where in ("antes do cálculo", "com o resultado"):
            if where == "com o resultado":
                compute_in(pg.main_frame)
            inject_css(pg, ALL_RENDERED_CSS)
            for violation in pg.evaluate(AUDIT, None):
                if violation["impact"] in ("serious", "critical"):
                    problems.append(f"{where}: {violation['id']} {[n['target'] for n in violation['nodes'][:3]]}")
        assert pg.evaluate("() => document.body.getAttribute('data-md-color-scheme')") == (
            "slate" if scheme == "dark" else "default")
    finally:
        ctx.close()
    assert not problems, "\n".join(problems)
