"""The headers nginx sends (deploy/nginx.conf, macros/build/hosting.py) act in Chromium:

- another site cannot frame a page of ours (``frame-ancestors 'self'``), but may frame a page
  under ``/embutir/`` (``frame-ancestors *``, issue 30);
- a page cannot compile WebAssembly (its policy has no ``'wasm-unsafe-eval'``), while the engine's
  worker, under its own policy, runs Pyodide and computes;
- the Permissions-Policy names only features Chromium knows (an unknown one is a console error on
  every page) and denies them; copying a reference («Citar») still works.
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

from playwright.sync_api import Browser, ConsoleMessage, expect

from macros.build import hosting

from .offline_helpers import CONSENT

BOOT_TIMEOUT = 120_000


def framed_by_another_site(browser: Browser, url: str, tmp_path: Path) -> tuple[str, list[str]]:
    """Open a page of another origin (another server, another port) that frames ``url``; return
    the frame's text and the console's messages of the framing page."""
    (tmp_path / "fora.html").write_text(
        f'<!doctype html><title>outro site</title><iframe src="{url}" width="600" height="400"></iframe>',
        encoding="utf-8")
    # Another site: any server (here Python's own), on another port, without our headers.
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    other_url = f"http://127.0.0.1:{other.server_address[1]}"
    ctx = browser.new_context(locale="pt-BR")
    messages: list[str] = []
    try:
        pg = ctx.new_page()
        pg.on("console", lambda message: messages.append(message.text))
        pg.goto(other_url + "/fora.html")
        pg.wait_for_timeout(300)
        frame = pg.frames[-1]
        frame.wait_for_load_state()
        text = frame.evaluate("() => document.body ? document.body.innerText : ''")
        return text, messages
    finally:
        ctx.close()
        other.shutdown()
        other.server_close()


def test_another_site_cannot_frame_a_page(browser: Browser, base_url: str, tmp_path: Path) -> None:
    text, messages = framed_by_another_site(browser, base_url + "/sobre/", tmp_path)
    assert "Estatutos Portuários" not in text, "a página abriu dentro de outro site"
    assert any("frame-ancestors" in m for m in messages), messages


def test_another_site_may_frame_an_embed_page(browser: Browser, base_url: str, tmp_path: Path) -> None:
    """A calculator's embeddable page (/embutir/, the only pages other sites may frame). The site's
    own: a fixture that added a page of its own wrote into the session's site through a link to
    its folder, and failed in a second test process where the first had made it."""
    text, messages = framed_by_another_site(browser, base_url + "/embutir/refeicao/", tmp_path)
    assert "Estatutos Portuários" in text, messages
    assert not any("frame-ancestors" in m for m in messages), messages


COMPILE = """() => WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]))
  .then(() => 'compilou', (error) => String(error))"""


def test_only_the_engine_worker_compiles_webassembly(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(locale="pt-BR", service_workers="block")
    ctx.add_init_script(CONSENT)
    worker_policies: list[str] = []
    ctx.on("response", lambda r: worker_policies.append(r.headers.get("content-security-policy", ""))
           if r.url.endswith(hosting.ENGINE_WORKER) else None)
    try:
        pg = ctx.new_page()
        pg.goto(base_url + "/calculadoras/refeicao/")
        refused = pg.evaluate(COMPILE)
        assert refused != "compilou" and "Content Security" in refused, refused
        pg.fill("[data-path='salario_dia']", "12$000")
        pg.click("form.calc-form button[type='submit']")
        row = "#resultado-refeicao tr[data-valor='suplemento_por_operario'] td"
        pg.wait_for_selector(row, timeout=BOOT_TIMEOUT)
        assert pg.inner_text(row) == "3$000"
        assert worker_policies and all(p == hosting.WORKER_POLICY for p in worker_policies), worker_policies
    finally:
        ctx.close()


def test_permissions_policy_denies_what_the_site_never_uses(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(locale="pt-BR")
    ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    messages: list[ConsoleMessage] = []
    try:
        pg = ctx.new_page()
        pg.on("console", lambda message: messages.append(message))
        pg.goto(base_url + "/lei-4860-1965/#art7_par5")
        pg.wait_for_load_state("networkidle")
        about_policy = [m.text for m in messages if "Permissions-Policy" in m.text or "Permissions Policy" in m.text]
        assert about_policy == [], about_policy
        allowed = pg.evaluate("""(features) => features.filter(
            (f) => document.featurePolicy && document.featurePolicy.allowsFeature(f))""", list(hosting.DENIED_FEATURES))
        assert allowed == [], allowed
        box = pg.locator("#art7_par5 > .dispositivo-texto > details.citar")
        box.locator("summary").click()
        box.locator("button.citar-copiar[data-copiar=ref]").click()
        expect(box.locator(".citar-status")).to_have_text("Referência copiada.")
    finally:
        ctx.close()
