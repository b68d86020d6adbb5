"""Writes the site's search index into the built site (``search/``), after the pages are built.

The documents come from the built pages and the statutes (:mod:`.documents`), the settings from
``data/busca.yaml`` (:mod:`.config`), the files from :mod:`.index`; every file gets its brotli and
gzip copies (a host serves them as they are, ``macros/build/precompress.py``). The previous
version's folder is removed: ``search/meta.json`` names the one in use.
"""

from __future__ import annotations

import gzip
import shutil
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from ...data.model import Statute
from .. import precompress
from ..search_index import OwnTitles
from . import config as config_module
from . import documents, index


@dataclass(frozen=True)
class Written:
    """What :func:`write` wrote: how many documents and files, and their bytes (raw and brotli)."""

    documents: int
    files: int
    raw: int
    brotli: int
    meta_brotli: int


def write(site_dir: Path, statutes: Mapping[str, Statute], pages: list[tuple[str, str]], own_titles: OwnTitles,
          table_sources: Iterable[str], settings: config_module.Config | None = None) -> Written:
    """Build and write ``search/`` of the site at ``site_dir``; ``pages``: each page's path and
    title, in the navigation's order."""
    settings = settings or config_module.load()
    docs = documents.collect(site_dir, statutes, pages, own_titles, table_sources)
    files = index.build(docs, settings, index.statute_acts(statutes.values(), settings))
    folder = site_dir / "search"
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        if old.is_dir():
            shutil.rmtree(old)
    raw = packed = meta = 0
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        small = precompress.brotli_bytes(content)
        path.with_name(path.name + ".br").write_bytes(small)
        path.with_name(path.name + ".gz").write_bytes(gzip.compress(content, 9, mtime=0))
        raw += len(content)
        packed += len(small)
        if name == "meta.json":
            meta = len(small)
    return Written(len(docs), len(files), raw, packed, meta)
