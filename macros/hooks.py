"""MkDocs build hooks: validate data first, then finish the built site.

- ``on_config``: every data file is validated before anything renders; a broken file stops the
  build with the file, the place and the reason.
- ``on_files``: the source documents under ``/fontes/`` and the vendored Pyodide under
  ``/assets/pyodide/`` become site files, and so do the calculators archive
  (``/assets/calculadoras.zip``) and the decree's tables for the browser
  (``/assets/calculadoras-dados.json``), and the downloads of the 1945 tables (CSV per table,
  JSON of all tables and its JSON Schema, under ``/dados/``).
- ``on_post_build``: the search index rebuilt (provisions, notes, «Hoje» boxes as documents;
  folded words, citation tokens, ranking boosts; :mod:`macros.search_index`), its size printed
  per kind of page.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from macros import render_tables, search_index, site_files
from macros.loader import DataError
from macros.statutes import all_statutes
from macros.tables import load_tables


def on_config(config: Any) -> Any:
    all_statutes.cache_clear()
    try:
        all_statutes()
        render_tables.clear_cache()
        load_tables()
    except DataError as exc:
        raise PluginError(f"Dados inválidos — {exc}") from exc
    return config


def on_files(files: Any, config: Any) -> Any:
    try:
        site_files.add_sources(files, config)
        site_files.add_pyodide(files, config)
        site_files.add_table_downloads(files, config)
        site_files.add_calculators(files, config)
    except site_files.MissingAssetError as exc:
        raise PluginError(str(exc)) from exc
    return files


SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """Read the own search documents' titles before Material's search strips them."""
    search_index.collect_titles(page.url, html)
    return html


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Give Material's search dialog an accessible name (axe: aria-dialog-name)."""
    if SEARCH_DIALOG not in output:
        raise PluginError(f"{page.file.src_uri}: diálogo de busca do Material não encontrado (tema mudou?)")
    return output.replace(SEARCH_DIALOG, SEARCH_DIALOG[:-1] + ' aria-label="Busca no site">', 1)


def on_post_template(output: str, template_name: str, config: Any) -> str:
    """The same for static templates (404.html)."""
    return output.replace(SEARCH_DIALOG, SEARCH_DIALOG[:-1] + ' aria-label="Busca no site">', 1)


LOG = logging.getLogger("mkdocs.hooks.busca")


def on_post_build(config: Any) -> None:
    sizes = search_index.write(Path(config["site_dir"]), all_statutes())
    total = sizes.pop("total")
    for kind, (count, raw, packed) in sorted(sizes.items(), key=lambda item: -item[1][2]):
        LOG.info("Índice de busca — %s: %d documentos, %.1f KB (%.1f KB gzip)",
                 search_index.KIND_NAMES.get(kind, kind), count, raw / 1024, packed / 1024)
    LOG.info("Índice de busca — total: %d documentos, %.1f KB (%.1f KB gzip; limite 150 KB)",
             total[0], total[1] / 1024, total[2] / 1024)
    if total[2] > search_index.LIMIT_GZIP:
        raise PluginError(f"Índice de busca com {total[2] / 1024:.1f} KB gzip, acima do limite de 150 KB")
