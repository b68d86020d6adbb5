"""One build at a time in the browser (issue 19): a page never computes with the engine, the
tables or the service worker of another build; it says so in plain words and offers the new
version, which keeps what was typed.

Two builds are simulated cheaply: a copy of the session's site where one file is replaced by
another build's (a service worker of the first build keeps running), a page whose build id is
changed under that service worker, or a route that answers the tables with another build id. The
tabs part (another tab never reloaded under a person's input) is in tests/browser/test_offline.py,
``test_update_is_offered_and_never_mixed``.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from site_server import republish, start

from .offline_helpers import CONSENT, ENGINE_CACHE, NAMES
from .test_offline import wait_service_worker

BOOT_TIMEOUT = 120_000
REFEICAO_RESULT = "#resultado-refeicao .calc-resultado-titulo"
CACHED_ENGINE = """async () => {
  const cache = await caches.open('""" + ENGINE_CACHE + """');
  const out = {};
  for (const request of await cache.keys()) {
    if (request.url.includes('motor-instantaneo.bin')) continue;
    const bytes = await (await cache.match(request)).arrayBuffer();
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    const name = new URL(request.url).pathname.replace(/^\\//, '');
    out[name] = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
  }
  return out;
}"""


def other_build_package(original: bytes) -> bytes:
    """A valid calculators' package of «another build»: the same files and one more."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(original)) as old, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as new:
        for info in old.infolist():
            new.writestr(info, old.read(info))
        new.writestr("calculators/outra_construcao.py", "OUTRA = True\n")
    return out.getvalue()


def served_copy(site_dir: Path, tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    """A copy of the session's site, which the test may republish, and its engine report."""
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    return site, json.loads((site / "assets" / "motor.json").read_text(encoding="utf-8"))


def with_service_worker(ctx: BrowserContext, url: str) -> Page:
    """A page of the site («Sobre») once its service worker is in charge."""
    pg = ctx.new_page()
    pg.set_default_timeout(30_000)
    pg.goto(f"{url}/sobre/")
    wait_service_worker(pg)
    return pg


def computes_nothing(pg: Page, url: str, report: dict[str, Any]) -> None:
    """With consent, refeição opened with a salary: this build's page, and no result."""
    pg.evaluate(CONSENT)
    pg.goto(f"{url}/calculadoras/refeicao/?salario_dia=12%24000")
    assert pg.get_attribute("meta[name='ep-versao']", "content") == report["versao"]
    pg.wait_for_selector(f".calc-erro-versao, .calc-falha, {REFEICAO_RESULT}", timeout=BOOT_TIMEOUT)
    assert pg.locator(REFEICAO_RESULT).count() == 0


def keeps_only_this_build(pg: Page, report: dict[str, Any]) -> None:
    """The service worker keeps this build's engine files, never another package under its hash."""
    expected = {f["url"]: f["sha256"] for f in report["files"]}
    pg.wait_for_function(f"() => ({CACHED_ENGINE})().then((c) => Object.keys(c).length > 0)")
    cached = pg.evaluate(CACHED_ENGINE)
    assert "assets/calculadoras.zip" not in cached, cached
    assert all(expected[name] == digest for name, digest in cached.items()), cached


def test_old_service_worker_never_computes_nor_keeps_a_new_engine(browser: Browser, site_dir: Path,
                                                                  tmp_path: Path) -> None:
    site, report = served_copy(site_dir, tmp_path)
    server, url = start(site)
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="pt-BR")
    try:
        pg = with_service_worker(ctx, url)
        # A new build is published while this service worker (and its pages) are the old one's.
        package = site / "assets" / "calculadoras.zip"
        republish(package, other_build_package(package.read_bytes()))
        (site / "assets" / "versao.json").write_text('{"versao": "fffffff 2099-01-01"}', encoding="utf-8")
        computes_nothing(pg, url, report)
        text = pg.inner_text(".calc-erro-versao")
        assert "nada foi calculado" in text and "o que você digitou continua" in text, text
        assert "Traceback" not in text and "calculadoras.zip" not in text
        assert pg.locator("form.calc-form").get_attribute("data-calculos") is None
        assert pg.input_value("[data-path='salario_dia']") == "12$000"
        assert pg.locator(".nova-versao button").is_visible()
        assert pg.locator("form.calc-form [data-acao='atualizar']").is_visible()
        keeps_only_this_build(pg, report)
        # A page of another build under this service worker (its EP_VERSAO answer differs from the
        # page's <meta name="ep-versao">) computes nothing either, whatever engine it has.
        republish(package, (site_dir / "assets" / "calculadoras.zip").read_bytes())
        other = ctx.new_page()
        other.goto(f"{url}/calculadoras/refeicao/")
        other.evaluate("() => { document.querySelector('meta[name=ep-versao]').content = 'fffffff 2099-01-01'; }")
        other.fill("[data-path='salario_dia']", "12$000")
        other.click("form.calc-form button[type='submit']")
        other.wait_for_selector(f".calc-erro-versao, {REFEICAO_RESULT}", timeout=BOOT_TIMEOUT)
        assert other.locator(REFEICAO_RESULT).count() == 0
        assert other.locator(".calc-erro-versao").count() == 1
    finally:
        ctx.close()
        server.shutdown()


def test_tables_of_another_build_never_compute_and_the_offer_keeps_the_input(browser: Browser, base_url: str,
                                                                            site_dir: Path) -> None:
    tables = json.loads((site_dir / "assets" / "calculadoras-dados.json").read_text(encoding="utf-8"))
    other = json.dumps({**tables, "versao": "fffffff 2099-01-01"}, ensure_ascii=False)
    ctx = browser.new_context(service_workers="block", locale="pt-BR")
    ctx.add_init_script(CONSENT)
    ctx.route("**/assets/calculadoras-dados.json",
              lambda route: route.fulfill(status=200, content_type="application/json", body=other))
    try:
        pg = ctx.new_page()
        pg.goto(f"{base_url}/calculadoras/salarios_1945/")
        pg.select_option("[data-path='consulta']", "referencia")
        pg.fill("[data-path='referencia']", "25")
        pg.click("form.calc-form button[type='submit']")
        result = "#resultado-salarios_1945 .calc-resultado-titulo"
        pg.wait_for_selector(f".calc-erro-versao, .calc-falha, {result}", timeout=BOOT_TIMEOUT)
        assert pg.locator(result).count() == 0
        assert "nada foi calculado" in pg.inner_text(".calc-erro-versao")
        assert pg.locator(".nova-versao button").is_visible()
        # The server now has one build again: the offer reloads with what was typed.
        ctx.unroute("**/assets/calculadoras-dados.json")
        # A new page, not only the address rewritten (guardar() writes the form into it first).
        pg.evaluate("() => { window.epMesmaPagina = true; }")
        with pg.expect_event("load"):
            pg.click("form.calc-form [data-acao='atualizar']")
        assert pg.evaluate("() => window.epMesmaPagina") is None
        assert "referencia=25" in pg.url
        pg.wait_for_selector("form.calc-form[data-ligado]", state="attached")
        assert pg.input_value("[data-path='referencia']") == "25"
    finally:
        ctx.close()


# What the service worker posts to its pages (its own message, EP_OUTRA_VERSAO), recorded in each page.
TOLD_BY_WORKER = """(type) => navigator.serviceWorker.addEventListener('message', (event) => {
  if (event.data && event.data.type === type) {
    (window.epOutraVersao = window.epOutraVersao || []).push(event.data.arquivo);
  }
})"""


@pytest.mark.parametrize("motor", ["novo", "igual"])
def test_service_worker_tells_a_rebuild_under_the_same_label(browser: Browser, site_dir: Path, tmp_path: Path,
                                                            motor: str) -> None:
    """Issue 29, the service worker's side (the page's: tests/browser/test_phone_faults.py): the
    same commit built again with another engine keeps the label (versao.json), so only the
    server's assets/motor.json tells it. An engine file with other bytes reaches a running
    service worker: if motor.json publishes their hash («novo»), the worker tells its pages of
    another build (EP_OUTRA_VERSAO); if it still publishes the page's hash («igual», a damaged
    copy), it tells nothing. Either way the file is never kept under this build's hash."""
    site, report = served_copy(site_dir, tmp_path)
    original = {**report, "files": [dict(f) for f in report["files"]]}  # the page's hashes
    report_path = site / "assets" / "motor.json"
    label = (site / "assets" / "versao.json").read_text(encoding="utf-8")
    server, url = start(site)
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="pt-BR")
    ctx.add_init_script(f"({TOLD_BY_WORKER})({json.dumps(NAMES['messages']['otherBuild'])})")
    try:
        pg = with_service_worker(ctx, url)
        # The rebuild: another package under the same label.
        package = site / "assets" / "calculadoras.zip"
        rebuilt = other_build_package(package.read_bytes())
        republish(package, rebuilt)
        if motor == "novo":
            for entry in report["files"]:
                if entry["url"].endswith("calculadoras.zip"):
                    entry["sha256"] = hashlib.sha256(rebuilt).hexdigest()
            report_path.write_text(json.dumps(report), encoding="utf-8")
        assert (site / "assets" / "versao.json").read_text(encoding="utf-8") == label
        computes_nothing(pg, url, report)
        told = "() => window.epOutraVersao || []"
        if motor == "novo":
            pg.wait_for_function(f"() => ({told})().some((a) => a.endsWith('/assets/calculadoras.zip'))")
        else:
            # The worker's check asks versao.json and motor.json, as the page's did before it
            # said «danificado»: a bound for it to have answered, not a speed.
            pg.wait_for_timeout(3000)
            assert pg.evaluate(told) == [], "uma cópia danificada foi dita como outra versão"
        keeps_only_this_build(pg, original)
    finally:
        ctx.close()
        server.shutdown()
