"""The search's documents of a site already built (``site/``): for the comparison of engines and
the query set's runner, without a build. The pages' own titles come from Material's index."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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


def collect(site_dir: Path) -> tuple[list[documents.Document], list[dict[str, Any]], config_module.Config]:
    statutes = load_statutes()
    config = config_module.load()
    material = json.loads((site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    titles = {d["location"]: d.get("title", "") for d in material.get("docs", [])}
    pages = [(p, titles.get(p, "")) for p in page_paths(material)]
    docs = documents.collect(site_dir, statutes, pages, documents.own_titles_from_index(material),
                             table_sources())
    return docs, index.statute_acts(statutes.values(), config), config
