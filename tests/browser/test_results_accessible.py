"""axe-core on what only a calculation shows (issue 30: «axe finds no serious issue on any page,
calculator results and the receipt included»), in headless Chromium with the real engine.

``test_pages.py`` audits every built page as it loads; a calculator's result, the question that
follows it («Meus cálculos») and the receipt exist only after a calculation. Here every calculator
computes a case of its own (``data/cases``, with the site's data) in one page that goes from
calculator to calculator by instant navigation (the engine boots once), and axe-core (injected by
the browser: the page's CSP stays in force) audits it with the result shown, then with the receipt
open. Each state gets every rule in the theme the page is in and the colour rules in the other
one; the theme is left switched, so the receipt gets every rule in the theme the result had its
colours checked in, and the next calculator starts in the other theme.

The audit is shown to see both states: on the first calculator, a button without a name put into
the result, and another into the receipt, must be reported (``button-name``, critical), then are
removed before the real audit.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page

from browser.conftest import ALL_RENDERED_CSS, inject_css
from calculators import api

from .offline_helpers import CONSENT, usable_case
from .test_calculators import BOOT_TIMEOUT, INSTANT, fill, submit
from .test_kept_calculations import SETTLED
from .test_pages import AUDIT, AXE, COLOUR_RULES, OTHER_SCHEME, SCHEME

RECEIPT = ".comprovante"
# A button with no name (axe-core's «button-name», critical) put into ``where``: the audit must see it.
CANARY = """(where) => { const b = document.createElement('button'); b.type = 'button';
  b.className = 'ep-canario'; document.querySelector(where).append(b); }"""
NO_CANARY = "() => document.querySelectorAll('.ep-canario').forEach((b) => b.remove())"


def serious(pg: Page, rules: list[str] | None) -> list[dict[str, Any]]:
    return [v for v in pg.evaluate(AUDIT, rules) if v["impact"] in ("serious", "critical")]


def audit(pg: Page, where: str, problems: list[str]) -> set[str]:
    """Every rule in the page's theme, then the colour rules in the other one (left switched);
    returns the two themes audited."""
    inject_css(pg, ALL_RENDERED_CSS)  # as test_pages does: what is off-screen is drawn too
    schemes = set()
    for rules in (None, COLOUR_RULES):
        if rules:  # the other theme's colours, as Material's button sets them (on the body)
            before = pg.evaluate(SCHEME)
            pg.evaluate(OTHER_SCHEME)
            pg.wait_for_function(f"() => ({SCHEME})() !== '{before}'")
        pg.evaluate(SETTLED)  # colours as they settle (a scroll, the header's title fading)
        scheme = pg.evaluate(SCHEME)
        schemes.add(scheme)
        problems.extend(f"{where} [{scheme}]: axe {v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}"
                        f" {v['nodes'][0].get('failureSummary', '')!r}" for v in serious(pg, rules))
    return schemes


def proved(pg: Page, inside: str) -> None:
    """The audit sees what is inside ``inside``: a nameless button there is reported."""
    pg.evaluate(CANARY, inside)
    found = [v for v in serious(pg, ["button-name"]) if any(".ep-canario" in str(n["target"]) for n in v["nodes"])]
    pg.evaluate(NO_CANARY)
    assert found, f"o axe não viu um botão sem nome posto em {inside}"


def test_axe_finds_nothing_serious_in_results_and_receipts(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="pt-BR", service_workers="block")
    ctx.add_init_script(CONSENT)  # the engine download was accepted
    ctx.add_init_script(path=str(AXE))
    problems: list[str] = []
    audited: dict[str, set[str]] = {}
    try:
        pg = ctx.new_page()
        pg.set_default_timeout(20_000)
        for number, name in enumerate(api.names()):
            if number == 0:
                pg.goto(f"{base_url}/calculadoras/{name}/", wait_until="load")
            else:  # instant navigation: the same page, the engine already up
                pg.evaluate(INSTANT, [f"{base_url}/calculadoras/{name}/"])
            pg.wait_for_selector(f"#form-{name}")
            case, _ = usable_case(name)
            fill(pg, name, case["inputs"])
            submit(pg)
            result = f"#resultado-{name}"
            pg.locator(f"{result} .calc-resultado-titulo").wait_for()
            if number == 0:
                proved(pg, result)
            audited[f"{name}: resultado"] = audit(pg, f"{name}, com o resultado", problems)
            pg.click(f"{result} .calc-comprovante-abrir")
            pg.wait_for_function("() => document.querySelector('.comprovante')?.dataset.qr === 'pronto'",
                                 timeout=BOOT_TIMEOUT)
            if number == 0:
                proved(pg, f"{RECEIPT} .comprovante-folha")
            audited[f"{name}: comprovante"] = audit(pg, f"{name}, com o comprovante aberto", problems)
            pg.keyboard.press("Escape")
            pg.locator(RECEIPT).wait_for(state="detached")
    finally:
        ctx.close()
    assert len(audited) == 2 * len(api.names())
    assert all(schemes == {"default", "slate"} for schemes in audited.values()), audited
    assert not problems, "\n".join(problems)
