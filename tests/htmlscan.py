"""Small helpers to read built HTML pages: ids, links, and elements with attributes."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from typing import Any


class Collector(HTMLParser):
    """Collect every start tag with its attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def tags(path: Path) -> list[tuple[str, dict[str, str | None]]]:
    parser = Collector()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.tags


def ids(path: Path) -> set[str]:
    return {a["id"] for _, a in tags(path) if a.get("id")}


def page(site: Path, url_path: str) -> Path:
    """The HTML file behind a site path such as ``/lei-4860-1965/``."""
    return site / url_path.strip("/") / "index.html" if url_path.strip("/") else site / "index.html"


def known_outside_addresses(site: Any) -> set[str]:
    """Every outside address a page may link to: the registry's official publications and the
    copies its entries were checked in (``data/atos.yaml``), and the pages read to check each
    «Hoje» claim (its provenance, shown as such on the page)."""
    known: set[str] = site.acts.addresses()
    for layer in site.today.values():
        for check in [c.check for c in layer.all_claims()] + [layer.status.check]:
            known |= {r.url for r in check.read}
    return known
