"""Every page of the built site, in headless Chromium: no request to another host, no serious or
critical axe-core violation (light and dark themes), no sideways scrolling at 360 px.

Each page is checked once it has loaded (the ``load`` event: its HTML, styles and scripts,
which build everything the audit reads), not at network idle: the site's service worker keeps
fetching its precache in the background, and half a second of quiet per page, four sweeps of
every page, cost minutes of waiting and checked nothing more. A request to another host made
while a page loads is caught (``watch`` sees every request of the context until it closes); the
built files themselves are scanned for external resources by ``tests/test_site_build.py``."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ROOT
from playwright.sync_api import Browser

from browser.conftest import ALL_RENDERED_CSS, WIDE_FONT_CSS, inject_css, watch

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def site_pages(site: Path) -> list[str]:
    paths = []
    for html in sorted(site.rglob("*.html")):
        rel = html.relative_to(site).as_posix()
        if rel.startswith("assets/"):
            continue
        paths.append("/" + rel.removesuffix("index.html"))
    return paths


@pytest.fixture(scope="module")
def all_paths(site_dir: Path) -> list[str]:
    paths = site_pages(site_dir)
    assert "/" in paths and "/lei-4860-1965/" in paths
    return paths


# The rules whose result depends on the colours: what changes between the light and dark themes.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
AUDIT = """async (rules) => (await axe.run(document, rules
  ? {resultTypes: ['violations'], runOnly: {type: 'rule', values: rules}}
  : {resultTypes: ['violations']})).violations"""
SCHEME = "() => document.body.getAttribute('data-md-color-scheme')"
# The theme Material's button would switch to, set as the button does (on the body).
OTHER_SCHEME = """() => document.body.setAttribute('data-md-color-scheme',
  document.body.getAttribute('data-md-color-scheme') === 'slate' ? 'default' : 'slate')"""


# Each sweep in PARTS parts (every PARTS-th page, by name), so that the suite's processes share it.
PARTS = 4


@pytest.mark.parametrize("part", range(PARTS), ids=[f"paginas-{n + 1}-de-{PARTS}" for n in range(PARTS)])
def test_pages_self_contained_and_accessible(browser: Browser, base_url: str, all_paths: list[str],
                                             part: int) -> None:
    """axe-core on every page, in the light theme and in the dark one, with one load per page:
    every rule in the theme the page opened in, then the header's theme button (Material keeps the
    choice, so the next page opens in the other theme) and the colour rules again. Each page gets
    every rule in one theme and its contrast checked in both. That the site follows the system's
    setting is checked by ``test_pages_narrow`` (a dark system, every page). The pages are dealt
    into :data:`PARTS` parts, so that the suite's processes share the sweep."""
    paths = all_paths[part::PARTS]
    problems: list[str] = []
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme="light")
    # axe-core is injected by the browser's debugging protocol, not as a <script> of the page: the
    # site's Content Security Policy stays in force during the audit.
    ctx.add_init_script(path=str(AXE))
    external = watch(ctx)
    page = ctx.new_page()
    schemes: set[tuple[str, str]] = set()
    for path in paths:
        page.goto(base_url + path, wait_until="load")
        inject_css(page, ALL_RENDERED_CSS)
        for rules in (None, COLOUR_RULES):
            if rules:  # the other theme, by the header's button (its event only: no hover, no tooltip)
                before = page.evaluate(SCHEME)
                if page.locator("form[data-md-component=palette] label:visible").count():
                    page.locator("form[data-md-component=palette] label:visible").dispatch_event("click")
                else:  # an embeddable page (embutir/): the button hidden; the other theme's colours
                    page.evaluate(OTHER_SCHEME)
                page.wait_for_function(f"() => ({SCHEME})() !== '{before}'")
            scheme = page.evaluate(SCHEME)
            schemes.add((path, scheme))
            for violation in page.evaluate(AUDIT, rules):
                if violation["impact"] in ("serious", "critical"):
                    targets = [n["target"] for n in violation["nodes"][:3]]
                    problems.append(f"{path} [{scheme}]: axe {violation['id']} ({violation['impact']}): {targets}")
    problems.extend(f"pedido externo: {url}" for url in external)
    ctx.close()
    assert {s for _, s in schemes} == {"default", "slate"}
    assert all((path, "default") in schemes and (path, "slate") in schemes for path in paths)
    assert not problems, "\n".join(problems)


MEASURE = """s => {
  const e = document.createElement('span');
  e.textContent = s;
  e.style.cssText = 'position:absolute;white-space:nowrap';
  document.body.append(e);
  const width = e.getBoundingClientRect().width;
  e.remove();
  return width;
}"""
SAMPLE = "Motorista de guindaste de cais 1.234.567,89 Salário"

# Inside the page's content, every box that scrolls sideways must be a region a keyboard can
# reach and a screen reader can name; everything else must fit (reflow).
SCROLLERS = """() => {
  const bad = [];
  for (const el of document.querySelectorAll('.md-content *')) {
    const style = getComputedStyle(el);
    if (!['auto', 'scroll'].includes(style.overflowX) || el.scrollWidth <= el.clientWidth + 1) continue;
    const named = el.getAttribute('role') === 'region' && (el.getAttribute('aria-label') || '').trim()
      && el.getAttribute('tabindex') === '0';
    const extra = el.scrollWidth - el.clientWidth;
    if (!named) bad.push(el.tagName.toLowerCase() + '.' + el.className + ' (' + extra + ' px)');
  }
  return bad;
}"""


@pytest.mark.parametrize("part", range(2), ids=["paginas-1-de-2", "paginas-2-de-2"])
def test_pages_narrow(browser: Browser, base_url: str, all_paths: list[str], part: int) -> None:
    """No page scrolls sideways at 360 px, with the fonts of a fresh Debian and with a wider one;
    tables and wide blocks scroll inside their own labelled region or reflow. One load per page:
    checked with the page's own fonts, then again with the wide font injected. The phone's system
    is set to dark: every page opens in the dark theme (the site follows the system's setting).
    Every other page in each of two parts."""
    problems: list[str] = []
    ctx = browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True, has_touch=True,
                              color_scheme="dark")
    page = ctx.new_page()
    for path in all_paths[part::2]:
        page.goto(base_url + path, wait_until="load")
        inject_css(page, ALL_RENDERED_CSS)
        if page.evaluate(SCHEME) != "slate":
            problems.append(f"{path}: abriu no tema claro num sistema escuro")
        for font in ("debian", "larga"):
            if font == "larga":
                normal = page.evaluate(MEASURE, SAMPLE)
                inject_css(page, WIDE_FONT_CSS)
                wide = page.evaluate(MEASURE, SAMPLE)
                assert wide > normal * 1.15, f"a fonte injetada não é mais larga ({wide} × {normal})"
            overflow = page.evaluate(
                "() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth"
            )
            if overflow > 0:
                problems.append(f"{path} ({font}): rola {overflow}px para o lado a 360 px")
            problems.extend(f"{path} ({font}): rola sem região nomeada e focável: {what}"
                            for what in page.evaluate(SCROLLERS))
    ctx.close()
    assert not problems, "\n".join(problems)
