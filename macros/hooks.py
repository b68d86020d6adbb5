"""MkDocs build hooks: validate data first, then finish the built site.

- ``on_config``: every data file is validated before anything renders; a broken file stops the
  build with the file, the place and the reason.
- ``on_files``: the source documents under ``/fontes/`` and the vendored Pyodide under
  ``/assets/pyodide/`` become site files, and so do the calculators archive
  (``/assets/calculadoras.zip``) and the decree's tables for the browser
  (``/assets/calculadoras-dados.json``), and the downloads of the 1945 tables (CSV per table,
  JSON of all tables and its JSON Schema, under ``/dados/``).
- ``on_post_build``: the accent-folded search index.
"""

from __future__ import annotations

import hashlib
import sys
import tempfile
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from macros import glossario, offline, regions, render_tables, site_files
from macros.hoje import all_today
from macros.loader import ROOT, DataError
from macros.search_fold import fold_index
from macros.statutes import all_statutes
from macros.tables import load_tables


def on_config(config: Any) -> Any:
    all_statutes.cache_clear()
    try:
        all_statutes()
        all_today.cache_clear()
        all_today()
        glossario.glossary.cache_clear()
        glossario.clear_pattern()
        # Generated, never versioned: one folder per checkout, rewritten at every build.
        folder = Path(tempfile.gettempdir()) / f"ep-glossario-{hashlib.sha1(str(ROOT).encode()).hexdigest()[:10]}"
        glossary_file = glossario.write_abbreviations(folder)
        render_tables.clear_cache()
        load_tables()
    except DataError as exc:
        raise PluginError(f"Dados inválidos — {exc}") from exc
    snippets = config["mdx_configs"].setdefault("pymdownx.snippets", {})
    snippets["base_path"] = [str(glossary_file.parent)]
    snippets["auto_append"] = [glossary_file.name]
    return config


def on_files(files: Any, config: Any) -> Any:
    try:
        site_files.add_sources(files, config)
        site_files.add_pyodide(files, config)
        site_files.add_table_downloads(files, config)
        site_files.add_calculators(files, config)
        site_files.add_engine_report(files, config)
    except site_files.MissingAssetError as exc:
        raise PluginError(str(exc)) from exc
    return files


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """Bare (Markdown) tables scroll inside a labelled region, never the page (macros/regions.py)."""
    return regions.wrap_bare_tables(html)


SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Give Material's search dialog an accessible name (axe: aria-dialog-name)."""
    if SEARCH_DIALOG not in output:
        raise PluginError(f"{page.file.src_uri}: diálogo de busca do Material não encontrado (tema mudou?)")
    output = output.replace(SEARCH_DIALOG, SEARCH_DIALOG[:-1] + ' aria-label="Busca no site">', 1)
    return offline.post_page(output, page, site_files.engine_report)


def on_post_template(output: str, template_name: str, config: Any) -> str:
    """The same for static templates (404.html)."""
    return output.replace(SEARCH_DIALOG, SEARCH_DIALOG[:-1] + ' aria-label="Busca no site">', 1)


def on_post_build(config: Any) -> None:
    fold_index(Path(config["site_dir"]) / "search" / "search_index.json")
