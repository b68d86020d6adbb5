"""Files the site serves itself, added to the build as MkDocs files (so links to them validate
and ``mkdocs serve`` serves them too): the source documents and the vendored Pyodide."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

from .loader import DATA, ROOT

# The five files of the npm build that loadPyodide() needs; without the lock file, or with the
# .wasm served under a wrong MIME type, loadPyodide() never settles.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"


class MissingAssetError(RuntimeError):
    """A file the site must serve itself is not installed."""


def _add(files: Files, config: Any, uri: str, path: Path) -> None:
    existing = files.get_file_from_path(uri)
    if existing is not None:
        files.remove(existing)
    files.append(File.generated(config, uri, abs_src_path=str(path)))


def add_sources(files: Files, config: Any) -> None:
    """The three source documents, as received, under ``/fontes/``."""
    for path in sorted((DATA / "sources").glob("*.txt")):
        _add(files, config, f"fontes/{path.name}", path)


def add_pyodide(files: Files, config: Any) -> None:
    """Pyodide from the pinned npm package, under ``/assets/pyodide/``."""
    for name in PYODIDE_FILES:
        source = PYODIDE_DIR / name
        if not source.is_file():
            raise MissingAssetError(
                f"Pyodide não instalado: falta {source.relative_to(ROOT)}. "
                "Rode 'npm ci' (ou 'bash scripts/run.sh build')."
            )
        _add(files, config, f"assets/pyodide/{name}", source)
