"""Links that cannot break the page (issue 19), in Chromium: a time limit in a shared link
(``?_limite=1``) is ignored, and a list longer than the form allows is refused with a message
that says how many items came and how many the form takes, never cut without a word."""

from __future__ import annotations

import json
from urllib.parse import quote

from playwright.sync_api import Browser

from .offline_helpers import CONSENT


def test_a_time_limit_in_a_link_is_ignored(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(service_workers="block", locale="pt-BR")
    ctx.add_init_script(CONSENT)
    try:
        pg = ctx.new_page()
        pg.goto(f"{base_url}/calculadoras/refeicao/?salario_dia=12%24000&minutos_refeicao=60&operarios=10"
                "&_limite=1&_limite_calculo=1")
        pg.wait_for_selector("#resultado-refeicao .calc-resultado-titulo", timeout=120_000)
        assert pg.locator(".calc-erro-carga").count() == 0
    finally:
        ctx.close()


def test_a_list_longer_than_the_form_is_refused_with_both_counts(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(service_workers="block", locale="pt-BR")
    ctx.add_init_script(CONSENT)
    try:
        pg = ctx.new_page()
        # 300 items (a longer address would pass the local test server's request-line limit).
        periods = [{"inicio": "07:00", "fim": "11:00"}] * 300
        pg.goto(f"{base_url}/calculadoras/jornada/?periodos={quote(json.dumps(periods, separators=(',', ':')))}")
        message = pg.wait_for_selector(".calc-erro-link", timeout=30_000).inner_text()
        assert "300 itens" in message and "até 14" in message
        assert pg.locator("#resultado-jornada *").count() == 0
    finally:
        ctx.close()
