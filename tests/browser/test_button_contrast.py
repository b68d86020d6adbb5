"""Buttons readable in every state (issue 30): the text of every button of the site's page kinds,
at rest, under the pointer and with the keyboard's focus, in the light theme and the dark one,
has a contrast of at least 4.5:1 with what is behind it (WCAG 1.4.3). axe-core checks only the
state a page is in; here the browser is told to treat each button as hovered, then as focused
(the debugging protocol's forced pseudo-classes), and the colours are read back from the page.

«Calcular» was white on Material's accent indigo, #526cfe, when hovered or focused: 4.25:1."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from browser.conftest import inject_css

PAGES = ["/", "/lei-4860-1965/", "/calculadoras/", "/calculadoras/horas_extras/", "/tabelas/comparacao/",
         "/tabelas/ordinaria-mensalistas/", "/hoje/", "/perguntas/horas-extras/", "/sobre/"]
STATES: list[list[str]] = [[], ["hover"], ["focus", "focus-visible"]]
CONTROLS = "button, .md-button, summary, [role=button]"

# The text's colour over the backgrounds behind it, composited up to the first opaque one.
CONTRAST = """() => {
  const parse = c => (c.match(/[\\d.]+/g) || []).map(Number);
  const channel = v => { v /= 255; return v <= .03928 ? v / 12.92 : ((v + .055) / 1.055) ** 2.4; };
  const lum = ([r, g, b]) => .2126 * channel(r) + .7152 * channel(g) + .0722 * channel(b);
  const over = (top, base) => {
    const a = top.length > 3 ? top[3] : 1;
    return [0, 1, 2].map(k => top[k] * a + base[k] * (1 - a));
  };
  return [...document.querySelectorAll('[data-contraste]')].map(el => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c.length && (c.length < 4 || c[3] > 0)) { layers.push(c); if (c.length < 4 || c[3] >= 1) break; }
    }
    let base = [255, 255, 255];
    for (const layer of layers.reverse()) base = over(layer, base);
    const fg = over(parse(getComputedStyle(el).color), base);
    const [hi, lo] = [lum(fg), lum(base)].sort((a, b) => b - a);
    return {text: el.textContent.trim().slice(0, 40), ratio: (hi + .05) / (lo + .05),
            fg: fg.map(Math.round), bg: base.map(Math.round)};
  });
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_button_passes_4_5_in_every_state(browser: Browser, base_url: str, scheme: str) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR", color_scheme=scheme)
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    problems: list[str] = []
    counted = 0
    for path in PAGES:
        page.goto(base_url + path)
        # no colour transitions (the colours are read at once), every closed box opened
        inject_css(page, "*, *::before, *::after { transition: none !important; }")
        page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
        counted += page.evaluate(
            """selector => { let n = 0; const seen = {};
                for (const el of document.querySelectorAll(selector)) {
                    const box = el.getBoundingClientRect();
                    if (!el.textContent.trim() || !box.width || !box.height
                        || getComputedStyle(el).visibility === 'hidden') continue;
                    // two of each kind of control (the statute pages have hundreds of the same)
                    const kind = [el.tagName, ...[...el.classList].sort(), el.parentElement.className].join(' ');
                    seen[kind] = (seen[kind] || 0) + 1;
                    if (seen[kind] > 2) continue;
                    el.setAttribute('data-contraste', ''); n += 1;
                }
                return n; }""", CONTROLS)
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        nodes = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": "[data-contraste]"})["nodeIds"]
        for state in STATES:
            for node in nodes:
                cdp.send("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": state})
            for found in page.evaluate(CONTRAST):
                if found["ratio"] < 4.5:
                    problems.append(f"{path} {state or 'repouso'}: «{found['text']}» {found['fg']} sobre "
                                    f"{found['bg']}: {found['ratio']:.2f}")
            for node in nodes:
                cdp.send("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": []})
    ctx.close()
    assert counted > 40
    assert not problems, "\n".join(sorted(set(problems))[:20])
