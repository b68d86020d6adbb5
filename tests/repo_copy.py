"""A temporary copy of the repository where a test adds something as a contributor would, checks
that nothing else changed, and builds it for real (``tests/test_new_calculator.py``,
``tests/test_new_act.py``)."""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

COPIED = ("mkdocs.yml", "pyproject.toml", "docs", "overrides", "data", "macros", "calculators", "tests")
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", ".hypothesis")
CACHES = ["__pycache__", ".pytest_cache", ".hypothesis"]


def copy_repository(copy: Path) -> Path:
    """Copy what the build and the tests read into ``copy``; ``node_modules`` is linked (the
    vendored Pyodide, read as is)."""
    for name in COPIED:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, copy / name, ignore=IGNORED)
        else:
            shutil.copyfile(ROOT / name, copy / name)
    (copy / "node_modules").symlink_to(ROOT / "node_modules")
    return copy


def insert_after(path: Path, anchor: str, text: str) -> None:
    """Write ``text`` into ``path`` right after ``anchor``, which must be there exactly once."""
    before = path.read_text(encoding="utf-8")
    assert before.count(anchor) == 1, f"{path.name}: {anchor!r} aparece {before.count(anchor)} vezes"
    path.write_text(before.replace(anchor, anchor + text), encoding="utf-8")


def _changed(original: Path, copy: Path, where: str = "") -> set[str]:
    compared = filecmp.dircmp(original, copy, ignore=CACHES)
    out = {f"{where}{name}" for name in compared.left_only + compared.right_only}
    out |= {f"{where}{name}" for name in compared.common_files
            if (original / name).read_bytes() != (copy / name).read_bytes()}
    for sub in compared.common_dirs:
        out |= _changed(original / sub, copy / sub, f"{where}{sub}/")
    return out


def changed_files(copy: Path) -> set[str]:
    """Files added, removed or changed in ``copy`` compared with the repository (caches ignored)."""
    changed: set[str] = set()
    for name in COPIED:
        if (ROOT / name).is_dir():
            changed |= _changed(ROOT / name, copy / name, f"{name}/")
        elif (ROOT / name).read_bytes() != (copy / name).read_bytes():
            changed.add(name)
    return changed


def environment() -> dict[str, str]:
    """The environment for a run inside the copy: only the copy's own folders."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    for key in ("EP_DATA_DIR", "PYTHONPATH"):
        env.pop(key, None)
    return env


def build(copy: Path) -> Path:
    """The real strict build of the copy, into ``copy/site``."""
    site = copy / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-q", "-d", str(site)],
        cwd=copy, env=environment(), capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, f"mkdocs build --strict falhou na cópia:\n{done.stdout}\n{done.stderr}"
    return site
