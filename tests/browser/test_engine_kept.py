"""The engine is kept for offline use however its download started (issue 22 §4).

On a throttled link the service worker's install takes a while; a person who taps «Baixar» at
once starts the engine from a page that no service worker controls, so the service worker never
sees those downloads. The worker then keeps the files itself (calculadoras-worker.mjs,
``keepForOffline``). Here: tap «Baixar» at once, get a result, wait for the service worker, go
offline, open the calculator in a new tab: it computes, with no error.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser
from site_server import Throttle, start

from .offline_helpers import ENGINE_CACHE

BOOT_TIMEOUT = 180_000
LINK = "/calculadoras/refeicao/?salario_dia=12%24000"
COMPUTED = "() => Number(document.querySelector('form.calc-form').dataset.calculos || '0') >= 1"
ENGINE_CACHED = """async (total) => {
  const cache = await caches.open('""" + ENGINE_CACHE + """');
  const keys = (await cache.keys()).filter((r) => !r.url.includes('motor-instantaneo.bin'));
  return keys.length >= total;
}"""


def test_engine_kept_when_baixar_came_before_the_service_worker(browser: Browser, site_dir: Path) -> None:
    # 8 Mbit/s, 50 ms a response: the precache (about 5 MB) takes seconds, the tap comes first.
    server, url = start(site_dir, throttle=Throttle(8_000_000, 0.05))
    ctx = browser.new_context(locale="pt-BR")
    try:
        pg = ctx.new_page()
        pg.set_default_timeout(BOOT_TIMEOUT)
        pg.goto(url + LINK)
        pg.locator(".motor-oferta [data-motor-acao='baixar']").click()
        assert pg.evaluate("() => !navigator.serviceWorker.controller"), "o service worker já controlava a página"
        pg.wait_for_function(COMPUTED)
        files = len(json.loads(pg.get_attribute(".motor-oferta", "data-motor-arquivos") or "[]"))
        pg.wait_for_function("() => !!navigator.serviceWorker.controller")
        # The worker keeps the files in the background after its first answer (a minute at most).
        for _ in range(120):
            if pg.evaluate(ENGINE_CACHED, files):
                break
            pg.wait_for_timeout(500)
        else:
            raise AssertionError("o motor não ficou guardado no cache em um minuto")
        ctx.set_offline(True)
        again = ctx.new_page()
        again.set_default_timeout(BOOT_TIMEOUT)
        again.goto(url + LINK)
        again.wait_for_function(COMPUTED)
        assert again.locator(".calc-erro-carga, .calc-erro-motor").count() == 0
        assert again.locator("#resultado-refeicao .calc-resultado-titulo").count() == 1
    finally:
        ctx.close()
        server.shutdown()
