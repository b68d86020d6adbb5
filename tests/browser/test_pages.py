"""Every page of the built site, in headless Chromium: no request to another host, no serious or
critical axe-core violation, no sideways scrolling at 360 px."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ROOT
from playwright.sync_api import Browser

from browser.conftest import watch

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


def test_pages_self_contained_accessible_and_narrow(browser: Browser, base_url: str, all_paths: list[str]) -> None:
    problems: list[str] = []
    for width in (1280, 360):
        narrow = width < 400
        ctx = browser.new_context(viewport={"width": width, "height": 800}, is_mobile=narrow, has_touch=narrow)
        external = watch(ctx)
        page = ctx.new_page()
        for path in all_paths:
            page.goto(base_url + path, wait_until="networkidle")
            if width == 360:
                overflow = page.evaluate(
                    "() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth"
                )
                if overflow > 0:
                    problems.append(f"{path}: rola {overflow}px para o lado a 360 px")
            else:
                page.add_script_tag(path=str(AXE))
                result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
                for violation in result["violations"]:
                    if violation["impact"] in ("serious", "critical"):
                        targets = [n["target"] for n in violation["nodes"][:3]]
                        problems.append(f"{path}: axe {violation['id']} ({violation['impact']}): {targets}")
        problems.extend(f"pedido externo: {url}" for url in external)
        ctx.close()
    assert not problems, "\n".join(problems)
