"""The engine is asked for before it downloads (board contract 3), in headless Chromium.

- with the engine's consent unset (offline_helpers.CONSENT_KEY), a calculator page fetches no
  engine byte — not on focus, not on «Calcular», not from a shared link — and shows the offer
  with the real size from the build; the worked examples are there without it;
- «Baixar o motor de cálculo (x MB)» records the consent and the pending calculation runs; the
  progress total is the sum of the engine files and the count ends exactly there;
- a shared link opened without consent keeps the form filled and computes once accepted;
- no page but «Sobre» says "Pyodide" to the reader.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from calculators import api
from macros.build.offline import megabytes

from .offline_helpers import CONSENT_GIVEN, YES
from .test_calculators import BOOT_TIMEOUT, shown_amounts


def engine_report(site: Path) -> dict[str, Any]:
    report: dict[str, Any] = json.loads((site / "assets" / "motor.json").read_text(encoding="utf-8"))
    return report


@pytest.fixture()
def unasked(browser: Browser) -> Iterator[tuple[BrowserContext, list[str]]]:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="pt-BR", is_mobile=True,
                              has_touch=True, service_workers="block")
    seen: list[str] = []
    ctx.on("request", lambda request: seen.append(request.url))
    yield ctx, seen
    ctx.close()


def engine_requests(seen: list[str], report: dict[str, Any]) -> list[str]:
    names = tuple("/" + f["url"] for f in report["files"])
    return [url for url in seen if url.split("?")[0].endswith(names)]


def test_no_engine_byte_before_the_user_asks(unasked: tuple[BrowserContext, list[str]], base_url: str,
                                             site_dir: Path) -> None:
    ctx, seen = unasked
    report = engine_report(site_dir)
    pg: Page = ctx.new_page()
    pg.goto(f"{base_url}/calculadoras/horas_extras/")
    offer = pg.locator(".motor-oferta")
    offer.wait_for(state="visible")
    size = megabytes(report["gzip"])
    button = pg.locator(".motor-oferta [data-motor-acao='baixar']")
    assert button.inner_text() == f"Baixar o motor de cálculo ({size} MB)"
    assert f"{size} MB" in offer.inner_text() and "conexão lenta" in offer.inner_text()
    assert pg.locator(".calc-exemplo").first.is_visible()
    pg.fill("[data-path='salario_mensal']", "1.200,00")
    pg.click("fieldset[data-lista='prorrogacoes'] > [data-acao='adicionar']")
    pg.fill("[data-path='prorrogacoes[0].horas']", "3")
    pg.click("form.calc-form button[type='submit']")
    pg.wait_for_timeout(1500)
    assert engine_requests(seen, report) == []
    assert pg.evaluate("window.epMotores") == 0
    assert "Pyodide" not in pg.inner_text("body")

    # Accepted: the pending calculation runs; the progress counts every byte of every file.
    pg.click(".motor-oferta [data-motor-acao='baixar']")
    pg.wait_for_function("() => Number(document.querySelector('form.calc-form').dataset.calculos || '0') >= 1",
                         timeout=BOOT_TIMEOUT)
    expected = api.run("horas_extras", {"salario_mensal": "1.200,00", "prorrogacoes": [{"horas": "3"}]})
    assert shown_amounts(pg, "horas_extras")["total"] == expected["amounts"]["total"]["formatted"]
    assert pg.evaluate(CONSENT_GIVEN) == YES
    status = pg.locator("form.calc-form .calc-estado")
    assert int(status.get_attribute("data-total") or 0) == report["bytes"]
    assert int(status.get_attribute("data-baixado") or 0) == report["bytes"]
    fetched = {url.split("?")[0].rsplit("/", 1)[-1] for url in engine_requests(seen, report)}
    assert fetched == {f["url"].rsplit("/", 1)[-1] for f in report["files"]}
    assert report["bytes"] == sum((site_dir / f["url"]).stat().st_size for f in report["files"])


def test_shared_link_waits_for_consent(unasked: tuple[BrowserContext, list[str]], base_url: str,
                                       site_dir: Path) -> None:
    ctx, seen = unasked
    pg = ctx.new_page()
    pg.goto(f"{base_url}/calculadoras/refeicao/?salario_dia=12%24000")
    pg.locator(".motor-oferta").wait_for(state="visible")
    assert pg.input_value("[data-path='salario_dia']") == "12$000"
    pg.wait_for_timeout(1000)
    assert engine_requests(seen, engine_report(site_dir)) == []
    pg.click(".motor-oferta [data-motor-acao='baixar']")
    pg.wait_for_function("() => Number(document.querySelector('form.calc-form').dataset.calculos || '0') >= 1",
                         timeout=BOOT_TIMEOUT)
    assert shown_amounts(pg, "refeicao")["suplemento_por_operario"] == "3$000"


def _visible_text(html: str) -> str:
    html = re.sub(r"<(script|style|template)\b.*?</\1>", " ", html, flags=re.S | re.I)
    html = re.sub(r"<[^>]+>", " ", html)
    return html


def test_pyodide_only_named_in_sobre(site_dir: Path) -> None:
    named = [str(path.relative_to(site_dir)) for path in site_dir.rglob("*.html")
             if "Pyodide" in _visible_text(path.read_text(encoding="utf-8"))]
    assert named == ["sobre/index.html"], named
