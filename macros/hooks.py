"""MkDocs build hooks: validate data first, then finish the built site.

- ``on_config``: every data file is validated before anything renders; a broken file stops the
  build with the file, the place and the reason.
- ``on_files``: the source documents under ``/fontes/`` and the vendored Pyodide under
  ``/assets/pyodide/`` become site files.
- ``on_post_build``: the accent-folded search index.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from macros import site_files  # noqa: E402
from macros.loader import DataError  # noqa: E402
from macros.search_fold import fold_index  # noqa: E402
from macros.statutes import all_statutes  # noqa: E402


def on_config(config: Any) -> Any:
    all_statutes.cache_clear()
    try:
        all_statutes()
    except DataError as exc:
        raise PluginError(f"Dados inválidos — {exc}") from exc
    return config


def on_files(files: Any, config: Any) -> Any:
    try:
        site_files.add_sources(files, config)
        site_files.add_pyodide(files, config)
    except site_files.MissingAsset as exc:
        raise PluginError(str(exc)) from exc
    return files


def on_post_build(config: Any) -> None:
    fold_index(Path(config["site_dir"]) / "search" / "search_index.json")
