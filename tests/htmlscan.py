"""Small helpers to read built HTML pages: ids, links, and elements with attributes."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path


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
