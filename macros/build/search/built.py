"""The search's documents of a site already built (``site/``): for the comparison of engines and
the query set's runner, without a build. The pages' own titles come from Material's index."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml

from ...data.statutes import load_statutes
from ..search_index import page_paths
from . import config as config_module
from . import documents, index

DATA = Path(__file__).resolve().parents[3] / "data"


def table_sources() -> list[str]:
    out = []
    for path in sorted((DATA / "tables").glob("*.yaml")):
        source = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("source", {})
        if source.get("file"):
            out.append(source["file"])
    return out


TITLE = re.compile(r"<title>(.*?)</title>", re.S)
LOC = re.compile(r"<loc>([^<]+)</loc>")


def pages_of(site_dir: Path) -> list[tuple[str, str]]:
    """The built pages, in the sitemap's order, with the titles their headers show."""
    out = []
    locs = LOC.findall((site_dir / "sitemap.xml").read_text(encoding="utf-8"))
    root = urlsplit(html.unescape(locs[0])).path if locs else "/"  # the home page comes first
    for loc in locs:
        path = urlsplit(html.unescape(loc)).path.removeprefix(root)
        page = site_dir / path / "index.html"
        if not page.is_file():
            continue
        found = TITLE.search(page.read_text(encoding="utf-8"))
        title = html.unescape(found.group(1)).rsplit(" - ", 1)[0].strip() if found else path
        out.append((path, title))
    return out


def collect(site_dir: Path) -> tuple[list[documents.Document], list[dict[str, Any]], config_module.Config]:
    statutes = load_statutes()
    config = config_module.load()
    material_index = site_dir / "search" / "search_index.json"
    if material_index.is_file():  # a site built with Material's search (before issue 28)
        material = json.loads(material_index.read_text(encoding="utf-8"))
        titles = {d["location"]: d.get("title", "") for d in material.get("docs", [])}
        pages = [(p, titles.get(p, "")) for p in page_paths(material)]
        own = documents.own_titles_from_index(material)
    else:  # the pages keep their own documents' titles (data-search-title)
        pages = pages_of(site_dir)
        own = {}
    docs = documents.collect(site_dir, statutes, pages, own, table_sources())
    return docs, index.statute_acts(statutes.values(), config), config
