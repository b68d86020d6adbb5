"""The 404 page and robots.txt: a missing address at any depth gets a styled page in Portuguese
whose links and search work; robots.txt points at the sitemap and keeps the engine out."""

from __future__ import annotations

import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect


@pytest.mark.parametrize("missing", ["/nao-existe", "/calculadoras/nao-existe/", "/a/b/c/d/nada.html"])
def test_not_found_in_portuguese_from_any_depth(page: Page, base_url: str, missing: str) -> None:
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}")
            if r.status >= 400 and r.url != base_url + missing else None)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    response = page.goto(base_url + missing, wait_until="networkidle")
    assert response is not None and response.status == 404
    assert page.locator("html").get_attribute("lang") == "pt"
    expect(page.locator("article h1")).to_have_text("Página não encontrada")
    assert "Not found" not in page.inner_text("body")
    # styled (Material's style sheet loaded from the root), and nothing failed to load
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
    assert failed == [] and errors == []
    hrefs = page.eval_on_selector_all("article a", "a => a.map(x => x.href)")
    assert len(hrefs) >= 5
    for href in hrefs:
        with urllib.request.urlopen(href, timeout=10) as answer:
            assert answer.status == 200, href
    page.click("article a[href$='/calculadoras/']")
    expect(page.locator("h1").first).to_contain_text("Calculadoras")


def test_robots_txt(site_dir: Path, base_url: str) -> None:
    with urllib.request.urlopen(base_url + "/robots.txt", timeout=10) as answer:
        text = answer.read().decode("utf-8")
        assert answer.headers["Content-Type"].startswith("text/plain")
    lines = text.splitlines()
    assert "User-agent: *" in lines and "Disallow: /assets/pyodide/" in lines
    assert "Sitemap: http://127.0.0.1:8000/sitemap.xml" in lines
    assert (site_dir / "sitemap.xml").is_file()
