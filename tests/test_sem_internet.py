"""The «Sem internet» page: written at build next to 404.html (macros/render/not_found.py),
precached by the service worker at install and never part of the background warm-up list (the
browser test, tests/browser/test_offline.py, opens it offline at a page not kept)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from lxml import html as lhtml


def test_offline_page_is_built_and_precached(site_dir: Path) -> None:
    page = site_dir / "sem-internet.html"
    tree = lhtml.fromstring(page.read_bytes())
    assert [h.text_content() for h in tree.xpath("//article//h1")] == ["Sem internet"]
    text = tree.xpath("//article")[0].text_content()
    assert "sem conexão" in text and "ainda não foi guardada" in text and "Tentar de novo" in text
    assert tree.xpath("//meta[@name='robots']/@content") == ["noindex"]
    # served at any address: every link from the site's root, to a page that exists
    links = tree.xpath("//ul[@class='sem-internet-lugares']//a/@href")
    assert "/" in links and "/calculadoras/" in links and len(links) >= 5
    for href in links:
        assert href.startswith("/") and (site_dir / href.lstrip("/") / "index.html").is_file(), href
    sw = (site_dir / "sw.js").read_text(encoding="utf-8")
    assert re.search(r'url:\s*"sem-internet\.html"', sw) and re.search(r'url:\s*"404\.html"', sw)
    paginas = (site_dir / "sw-paginas.js").read_text(encoding="utf-8")
    assert '"sem-internet.html"' in paginas  # common/constants.json, FILES.offlinePage
    kept = json.loads(re.search(r"files:(\{.*?\})", paginas).group(1))  # type: ignore[union-attr]
    assert "sem-internet.html" not in kept and "index.html" in kept
