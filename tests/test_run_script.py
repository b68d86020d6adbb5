"""``scripts/run.sh`` names only modules and files that exist.

The README's two commands go through ``scripts/run.sh``. Its ``build`` and ``serve`` steps run
inline Python (the engine's size report) and Node scripts; when modules moved to
``macros/{data,render,build}`` one of those imports kept the old path and only ``serve`` would
have found out. This test reads every ``from … import …`` in the script and imports it, and
checks every ``scripts/…`` and ``tests/…`` file it runs.
"""

from __future__ import annotations

import importlib
import re

import pytest
from conftest import ROOT

SCRIPT = (ROOT / "scripts" / "run.sh").read_text(encoding="utf-8")
IMPORTS = re.findall(r"from ([\w.]+) import ([\w, ]+)", SCRIPT)
FILES = sorted(set(re.findall(r"\b((?:scripts|tests|benchmarks|deploy)/[\w./-]+\.(?:py|mjs|js|sh))\b", SCRIPT)))


def test_the_script_has_imports_and_files() -> None:
    assert IMPORTS, "nenhum 'from … import …' encontrado: o padrão deixou de achar o relatório do motor"
    assert "scripts/service_worker.mjs" in FILES


@pytest.mark.parametrize(("module", "names"), IMPORTS)
def test_each_import_resolves(module: str, names: str) -> None:
    loaded = importlib.import_module(module)
    for name in (n.strip() for n in names.split(",")):
        assert hasattr(loaded, name), f"scripts/run.sh importa {name} de {module}, que não o tem"


@pytest.mark.parametrize("path", FILES)
def test_each_file_exists(path: str) -> None:
    assert (ROOT / path).is_file(), f"scripts/run.sh roda {path}, que não existe"
