"""Keyboard and touch: every control of a calculator form shows where the focus is; the hidden
palette radios are not Tab stops, the theme button is; "#" permalinks are 24 × 24 px targets."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

STYLE = """el => { const s = getComputedStyle(el);
  return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor].join(' | '); }"""


def test_tab_through_a_calculator_form_shows_focus(page: Page, base_url: str) -> None:
    page.goto(base_url + "/calculadoras/horas_extras/")
    controls = page.eval_on_selector_all(
        "form.calc-form :is(input, select, button):not([hidden]):not([disabled])",
        "els => els.filter(e => e.offsetParent !== null && !e.closest('template')).map(e => e.id || e.textContent)")
    assert len(controls) >= 5
    unfocused = {}
    for handle in page.query_selector_all("form.calc-form :is(input, select, button)"):
        key = handle.evaluate("e => e.id || e.textContent")
        unfocused[key] = handle.evaluate(STYLE)
    page.evaluate("() => { const h = document.querySelector('#calcular'); h.tabIndex = -1; h.focus(); }")
    seen: list[str] = []
    problems: list[str] = []
    for _ in range(len(controls) + 5):
        page.keyboard.press("Tab")
        info = page.evaluate("""() => { const e = document.activeElement;
            return e && e.closest('form.calc-form') ? (e.id || e.textContent) : null; }""")
        if info is None:
            if seen:
                break
            continue
        seen.append(info)
        focused = page.evaluate(f"() => ({STYLE})(document.activeElement)")
        if focused == unfocused.get(info):
            problems.append(f"{info}: nenhuma mudança visível no foco ({focused})")
    assert set(controls) <= set(seen), (controls, seen)
    checkbox = page.locator("form.calc-form input[type=checkbox]")
    assert checkbox.count() >= 1 and checkbox.first.get_attribute("id") in seen
    assert problems == []


ACTIVE = """() => { const e = document.activeElement;
  return e.tagName + '.' + e.className + (e.getAttribute('role') ? '[' + e.getAttribute('role') + ']' : ''); }"""


def test_palette_radios_are_not_tab_stops_and_the_theme_button_works(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(color_scheme="light")
    try:
        page = ctx.new_page()
        page.goto(base_url + "/")
        stops = []
        for _ in range(12):
            page.keyboard.press("Tab")
            stops.append(page.evaluate(ACTIVE))
        assert not [s for s in stops if "md-option" in s], stops
        assert any("[button]" in s for s in stops), stops
        while "[button]" not in page.evaluate(ACTIVE):
            page.keyboard.press("Tab")
        assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "default"
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.body.getAttribute('data-md-color-scheme') === 'slate'")
        # The focus goes to the other palette's button once Material shows it (a task later).
        page.wait_for_function("() => document.activeElement.getAttribute('role') === 'button'"
                               " && !document.activeElement.hidden")
    finally:
        ctx.close()


def test_permalink_targets_are_at_least_24px(phone: Page, base_url: str) -> None:
    phone.goto(base_url + "/lei-4860-1965/")
    sizes = phone.eval_on_selector_all(
        "a.headerlink, a.ancora",
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [e.getAttribute('href'), r.width, r.height]; })")
    assert len(sizes) > 20
    small = [s for s in sizes if s[1] < 24 or s[2] < 24]
    assert small == [], small[:5]
