"""Accent-insensitive search in both directions, on Material's own search, in Chromium."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect


def search(page: Page, base_url: str, query: str) -> list[str]:
    page.goto(base_url + "/")
    page.wait_for_function("() => window.document$ !== undefined")
    box = page.locator("input[data-md-component=search-query]")
    box.click()
    box.press_sequentially(query, delay=20)
    # Wait until the result count for the whole query is shown and stays put.
    page.wait_for_function(
        """() => new Promise(resolve => {
            const meta = () => document.querySelector('.md-search-result__meta')?.textContent || '';
            const first = meta();
            setTimeout(() => resolve(/encontrad/.test(first) && meta() === first), 400);
        })""",
        timeout=15_000,
    )
    items = page.locator(".md-search-result__item")
    expect(items.first).to_be_visible()
    # Material shows 10 results and loads more as the list scrolls: load them all, so a match
    # is found wherever the ranking puts it (the answers under /perguntas/ say "porto" often).
    found = int(re.sub(r"\D", "", page.locator(".md-search-result__meta").inner_text()) or "0")
    for _ in range(60):
        if items.count() >= found:
            break
        wrap = page.locator(".md-search__scrollwrap")
        wrap.evaluate("e => { e.scrollTop = Math.max(0, e.scrollTop - 50); }")  # a new scroll event
        page.wait_for_timeout(50)
        wrap.evaluate("e => { e.scrollTop = e.scrollHeight; }")
        page.wait_for_timeout(150)
    return items.all_inner_texts()


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("porto", "pôrto"),
        ("sobre", "sôbre"),
        ("salario familia", "salário-família"),
        ("prorrogacao", "prorrogação"),
        ("pôrto", "Porto"),  # the accented query finds the unaccented spelling of 1945
        ("acerca", "acêrca"),
    ],
)
def test_accent_insensitive(page: Page, base_url: str, query: str, expected: str) -> None:
    texts = search(page, base_url, query)
    assert any(expected.lower() in t.lower() for t in texts), texts
    # The box still shows what the person typed.
    assert page.locator("input[data-md-component=search-query]").evaluate(
        "el => Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').get.call(el)"
    ) == query


def test_folded_words_are_not_shown_in_results(page: Page, base_url: str) -> None:
    texts = search(page, base_url, "prorrogacao")
    assert not any("prorrogacao" in t for t in texts), texts


def test_result_opens_the_matching_article(page: Page, base_url: str) -> None:
    search(page, base_url, "prorrogacao")
    first = page.locator(".md-search-result__item a[href*='#art']").first
    href = first.get_attribute("href") or ""
    first.click()
    page.wait_for_url(re.compile(r"#art\d+"))
    anchor = page.url.split("#", 1)[1]
    assert anchor in href
    heading = page.locator(f"[id='{anchor}']")
    expect(heading).to_be_in_viewport()
