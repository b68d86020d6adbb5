"""One vocabulary of result parts, drawn alike by the build and by the browser.

The build draws a result with ``macros.render.calculators.result_html`` (escaped HTML); the
browser with ``render`` of ``docs/assets/js/calculators/result.mjs`` (DOM built with
``textContent``; the module alone in the calculator's page, ``modules.expose``). Neither knows
any calculator. Here both draw the same result
JSON (every worked case of every calculator, computed by ``calculators.api.run``) on the
calculator's own page, in headless Chromium, and their DOMs are compared node by node: tags,
classes, attributes (links resolved) and texts. No engine is needed: the results come from
CPython, so this runs in seconds.

And nothing in a result becomes markup: a result whose every text is an ``<img onerror>`` draws
no element from it, on either side.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
import yaml
from conftest import ROOT
from playwright.sync_api import Browser, Page

from calculators import api
from macros.data.site import current
from macros.render.calculator_result import result_html

from .modules import expose

CASES_DIR = ROOT / "data" / "cases"
MARKUP = '<img src=x onerror="window.__atacado=1">'
# Addresses and ids, not texts: they are kept (the links are compared, resolved, above).
KEPT = {"calculator"}

# The DOM of a node as nested lists: [tag, {attributes}, children...]; texts merged and kept as
# they are; a link's address resolved (the build writes it relative, the browser absolute).
SHAPE = """(root) => {
  function shape(node) {
    const out = [];
    let text = null;
    node.childNodes.forEach((child) => {
      if (child.nodeType === Node.TEXT_NODE) { text = (text || '') + child.data; return; }
      if (child.nodeType !== Node.ELEMENT_NODE) return;
      if (text !== null) { out.push(text); text = null; }
      const attrs = {};
      Array.from(child.attributes).forEach((a) => { attrs[a.name] = a.value; });
      if (child.tagName === 'A') attrs.href = child.href;
      out.push([child.tagName.toLowerCase(), attrs, ...shape(child)]);
    });
    if (text !== null) out.push(text);
    return out;
  }
  return shape(root);
}"""

BOTH = """([html, result, labels]) => {
  const built = document.createElement('div');
  built.innerHTML = html;
  const live = document.createElement('div');
  live.appendChild(window.epProva.resultado.render(result, {rotulos: labels, acoes: true}));
  const shape = SHAPE;
  return [shape(built), shape(live), built.querySelectorAll('img').length, live.querySelectorAll('img').length];
}""".replace("SHAPE", SHAPE)


def _cases() -> Iterator[Any]:
    for name in api.names():
        cases = yaml.safe_load((CASES_DIR / f"{name}.yaml").read_text(encoding="utf-8"))
        for case in cases:
            if case["expected"].get("ok", True):
                yield pytest.param(name, case, id=f"{name}:{case['name']}")


@pytest.fixture(scope="module")
def pages(browser: Browser, base_url: str) -> Iterator[dict[str, Page]]:
    ctx = browser.new_context(service_workers="block", locale="pt-BR")
    opened: dict[str, Page] = {}

    def open_page(name: str) -> Page:
        if name not in opened:
            pg = ctx.new_page()
            pg.goto(f"{base_url}/calculadoras/{name}/")
            expose(pg, "calculators/result.mjs", "resultado")
            opened[name] = pg
        return opened[name]

    yield open_page  # type: ignore[misc]
    ctx.close()


def _labels(pg: Page) -> dict[str, str]:
    labels: dict[str, str] = json.loads(pg.get_attribute("form.calc-form", "data-rotulos") or "{}")
    return labels


def _draw(pg: Page, result: dict[str, Any]) -> tuple[Any, Any, int, int]:
    html = str(result_html(current(), result, actions=True))
    built, live, built_images, live_images = pg.evaluate(BOTH, [html, result, _labels(pg)])
    return built, live, built_images, live_images


@pytest.mark.parametrize(("name", "case"), list(_cases()))
def test_build_and_browser_draw_the_same_result(pages: Any, name: str, case: dict[str, Any]) -> None:
    result = api.run(name, case["inputs"], data=case.get("data"))
    assert result["ok"] is True
    built, live, _, _ = _draw(pages(name), result)
    assert live == built


def test_every_kind_of_part_is_compared() -> None:
    """The cases exercise every part: a table, findings, a hand-off and a provision of today."""
    results = [api.run(n, c["inputs"], data=c.get("data")) for n, c in (p.values for p in _cases())]
    assert any(r["tables"] for r in results)
    assert any(r["findings"]["items"] for r in results)
    assert any(r["handoffs"] for r in results)
    assert any(s["provision"].get("url") for r in results for s in r["steps"])  # type: ignore[union-attr]


def _poison(value: Any) -> Any:
    """Every text of a result replaced by markup (keys and numbers kept)."""
    if isinstance(value, dict) and "ref" in value:
        return value  # a provision: its label comes from the page's labels, as always
    if isinstance(value, dict):
        return {k: (v if k in KEPT else _poison(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_poison(v) for v in value]
    if isinstance(value, str):
        return MARKUP
    return value


@pytest.mark.parametrize("name", api.names())
def test_no_text_of_a_result_becomes_markup(pages: Any, name: str) -> None:
    case = next(p.values[1] for p in _cases() if p.values[0] == name)
    result = api.run(name, case["inputs"], data=case.get("data"))
    poisoned = _poison(copy.deepcopy(result))
    amounts = list(poisoned["amounts"].values())
    poisoned["amounts"] = {MARKUP: amounts[0]} if amounts else {}
    pg = pages(name)
    built, live, built_images, live_images = _draw(pg, poisoned)
    assert (built_images, live_images) == (0, 0)
    assert live == built
    assert json.dumps(MARKUP).strip('"') in json.dumps(live, ensure_ascii=False)  # shown as text
    assert pg.evaluate("window.__atacado") is None
