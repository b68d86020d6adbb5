"""Instant navigation wherever the site is served.

The session's server listens on a random port, never on ``site_url`` (port 8000). From
``/calculadoras/``, clicking into each calculator (and back) must never reload the page (a marker
set on ``window`` survives), never raise a page error, and the live result's step links must
carry the provisions' labels ("Lei nº 4.860/1965, art. 7º"), not raw ids.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser

from browser.test_calculators import fill, submit
from calculators import api
from macros.data.cases import calculator_cases

from .offline_helpers import CONSENT

BOOT_TIMEOUT = 120_000
RAW_REF = re.compile(r"^[a-z0-9-]+, [a-z0-9_]+$")  # "decreto-lei-3844-1941, art7_cpt"


def first_ok_case(name: str) -> dict[str, Any]:
    return next(c for c in calculator_cases(name) if c["expected"].get("ok", True) and not c.get("data"))


def test_click_through_calculators_on_a_random_port(browser: Browser, base_url: str) -> None:
    assert not base_url.endswith(":8000"), "o teste precisa de um endereço diferente do site_url"
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR")
    ctx.add_init_script(CONSENT)
    try:
        pg = ctx.new_page()
        pg.set_default_timeout(20_000)
        errors: list[str] = []
        pg.on("pageerror", lambda error: errors.append(str(error)))
        loads: list[str] = []
        pg.on("load", lambda: loads.append(pg.url))
        pg.goto(f"{base_url}/calculadoras/")
        pg.evaluate("window.marcaDaVisita = 'mesma'")
        # Material asks for its sitemap once, at start: wait until it knows the pages.
        pg.wait_for_load_state("networkidle")
        for name in api.names():
            pg.click(f".calc-indice a[href$='{name}/']")
            pg.wait_for_selector(f"#form-{name}")
            assert pg.url == f"{base_url}/calculadoras/{name}/"
            assert pg.evaluate("window.marcaDaVisita") == "mesma", f"{name}: a página recarregou por inteiro"
            fill(pg, name, first_ok_case(name)["inputs"])
            submit(pg)
            links = pg.eval_on_selector_all(f"#resultado-{name} a.calc-dispositivo", "a => a.map(x => x.textContent)")
            assert links, f"{name}: sem passo a passo"
            assert not [t for t in links if RAW_REF.match(t)], f"{name}: rótulos crus {links}"
            pg.go_back()
            pg.wait_for_selector(".calc-indice")
            assert pg.evaluate("window.marcaDaVisita") == "mesma", f"{name}: voltar recarregou a página"
        assert pg.evaluate("window.epMotores") == 1
        assert len(loads) == 1, loads
        assert errors == []
    finally:
        ctx.close()
