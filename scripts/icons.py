"""Render the app icons (PNG) from docs/assets/icones/icone.svg with headless Chromium.

    .venv/bin/python scripts/icons.py

Writes icone-192.png, icone-512.png and icone-maskable-512.png (the drawing shrunk into the
maskable safe zone, on the brand colour) next to the SVG. The PNGs are committed; rerun this
after changing the SVG. No image library needed: Chromium draws, Playwright screenshots.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from conftest import CHROMIUM, FLAGS  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

FOLDER = ROOT / "docs" / "assets" / "icones"
PAGE = """<!doctype html><html><head><style>
html,body{{margin:0;background:{bg}}} img{{display:block;width:{inner}px;height:{inner}px;margin:{pad}px}}
</style></head><body><img src="data:image/svg+xml;base64,{svg}"></body></html>"""


def main() -> None:
    import base64

    svg = base64.b64encode((FOLDER / "icone.svg").read_bytes()).decode("ascii")
    jobs = [("icone-192.png", 192, 0, "transparent"), ("icone-512.png", 512, 0, "transparent"),
            ("icone-maskable-512.png", 512, 72, "#3f51b5")]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        for name, size, pad, bg in jobs:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(PAGE.format(bg=bg, inner=size - 2 * pad, pad=pad, svg=svg))
            page.screenshot(path=str(FOLDER / name), omit_background=bg == "transparent")
            page.close()
            print(FOLDER / name)
        browser.close()


if __name__ == "__main__":
    main()
