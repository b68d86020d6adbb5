"""A calculator page asks for all its scripts at once (issue 22 §4: the engine offer appears soon
after the first paint on a slow link; benchmark item 7 measures it): each script of its body is
preloaded from its ``<head>`` (macros/build/offline.py, ``preloads``; a module with
``modulepreload``, which the module's own request then uses). A text page is
left as it is (nothing competes with its style sheets for the first paint)."""

from __future__ import annotations

import re
from pathlib import Path


def scripts_and_preloads(html: str) -> tuple[list[str], list[str]]:
    head, body = html.split("</head>", 1)
    preloads = re.findall(r'<link rel="preload" href="([^"]+)" as="script">|<link rel="modulepreload" href="([^"]+)">',
                          head)
    return re.findall(r'<script (?:type="module" )?src="([^"]+)"', body), ["".join(p) for p in preloads]


def test_calculator_pages_preload_their_scripts(site_dir: Path) -> None:
    pages = sorted((site_dir / "calculadoras").glob("*/index.html"))
    assert len(pages) >= 5
    for page in [site_dir / "calculadoras" / "index.html", *pages]:
        scripts, preloads = scripts_and_preloads(page.read_text(encoding="utf-8"))
        assert scripts and preloads == scripts, page
    scripts, preloads = scripts_and_preloads((site_dir / "lei-4860-1965" / "index.html").read_text(encoding="utf-8"))
    assert scripts and preloads == []
