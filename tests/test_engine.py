"""The trimmed engine (macros/build/engine.py), in real Pyodide (Node + the pinned npm package).

- the committed module list is current: the import hook, run over every case of every
  calculator with stock Pyodide, finds exactly ``macros/engine_stdlib.txt``;
- with the trimmed standard library the build serves, every case gives the same answer as
  CPython's ``calculators.api.run`` (and as stock Pyodide);
- the built site serves that zip, a lock file with no package, and ``motor.json`` with each
  file's real size; the engine is at most 0.70 × stock Pyodide in gzip bytes;
- ``strip_source`` keeps code and drops only comments and docstrings.
"""

from __future__ import annotations

import ast
import gzip
import json
import sys
import zipfile
from pathlib import Path
from typing import Any

import brotli
import pytest

from calculators import api
from macros.build import engine
from macros.data.site import current

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import engine_modules


@pytest.fixture(scope="module")
def stock_run() -> dict[str, Any]:
    return engine_modules.run_in_pyodide()


def _cpython(case: dict[str, Any]) -> str:
    data = case["data"] if case["data"] is not None else (current().decree_tables if case["needs_data"] else None)
    return json.dumps(api.run(case["calc"], case["inputs"], data), ensure_ascii=False)


def test_module_list_is_current(stock_run: dict[str, Any]) -> None:
    assert stock_run["modules"] == engine.read_modules(), (
        "macros/engine_stdlib.txt desatualizada: rode '.venv/bin/python scripts/engine_modules.py'"
    )
    assert engine.modules_header()["pyodide"] == engine.pyodide_version()
    assert {"decimal", "json", "dataclasses", "enum", "re"} <= set(stock_run["modules"])


def test_every_case_with_the_trimmed_stdlib(stock_run: dict[str, Any]) -> None:
    trimmed = engine.trimmed_stdlib()
    run = engine_modules.run_in_pyodide(trimmed)
    # The trimmed zip ran (it is stored, not deflated: compared by its gzip bytes, as on the wire).
    assert run["stdlib_bytes"] == len(trimmed) and engine.gzip_size(trimmed) < stock_run["stdlib_bytes"] / 5
    assert run["results"] == stock_run["results"]
    cases = run["cases"]
    assert len(cases) >= 60
    for case, answer in zip(cases, run["results"], strict=False):
        assert json.loads(answer) == json.loads(_cpython(case)), f"{case['calc']}:{case['name']}"
    assert json.loads(run["results"][-2])["ok"] is False  # malformed JSON gets a message, not a crash


def test_site_serves_the_trimmed_engine(site_dir: Path) -> None:
    folder = site_dir / "assets" / "pyodide"
    assert (folder / "python_stdlib.zip").read_bytes() == engine.trimmed_stdlib()
    with zipfile.ZipFile(folder / "python_stdlib.zip") as zipped:
        names = zipped.namelist()
    assert len(names) == len(engine.read_modules())
    assert "json/__init__.py" in names and "decimal.py" in names and "tkinter/__init__.py" not in names
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"] == {} and lock["info"]["python"].startswith("3.")
    report = json.loads((site_dir / "assets" / "motor.json").read_text(encoding="utf-8"))
    for entry in report["files"]:
        assert (site_dir / entry["url"]).stat().st_size == entry["bytes"], entry["url"]
    assert report["bytes"] == sum(e["bytes"] for e in report["files"])
    assert report["gzip"] <= 0.70 * report["stock_gzip"], report["ratio"]
    # Bytes on the wire where the host serves the build's brotli copies (issue 22 §3).
    assert report["brotli"] <= 0.55 * report["stock_gzip"], report["ratio_brotli"]


def test_engine_files_have_brotli_and_gzip_copies_of_the_same_bytes(site_dir: Path) -> None:
    report = json.loads((site_dir / "assets" / "motor.json").read_text(encoding="utf-8"))
    big = [entry for entry in report["files"] if entry["bytes"] >= 10_000]
    assert any(entry["url"].endswith(".wasm") for entry in big)
    for entry in big:
        path = site_dir / entry["url"]
        content = path.read_bytes()
        assert brotli.decompress(path.with_name(path.name + ".br").read_bytes()) == content, entry["url"]
        assert gzip.decompress(path.with_name(path.name + ".gz").read_bytes()) == content, entry["url"]
        assert path.with_name(path.name + ".br").stat().st_size == entry["brotli"], entry["url"]
    # The downloads of /dados/ keep one file each (listed with their hashes).
    assert not list((site_dir / "dados").rglob("*.br")) and not list((site_dir / "dados").rglob("*.gz"))


def _no_docstrings(tree: ast.AST) -> str:
    """The tree without bare string statements and ``pass`` (what strip_source may change)."""
    def bare(stmt: ast.stmt) -> bool:
        return isinstance(stmt, ast.Pass) or (
            isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)
        )

    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                block[:] = [stmt for stmt in block if not bare(stmt)]
    return ast.dump(tree)


@pytest.mark.parametrize("path", sorted((Path(__file__).resolve().parent.parent / "calculators").rglob("*.py")),
                         ids=lambda p: p.name)
def test_strip_source_keeps_the_code(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    stripped = engine.strip_source(source)
    assert "#" not in "".join(line.split('"')[0].split("'")[0] for line in stripped.splitlines())
    assert len(stripped) < len(source)
    assert _no_docstrings(ast.parse(stripped)) == _no_docstrings(ast.parse(source))
    assert len(stripped.splitlines()) == len(source.splitlines())


def test_strip_source_examples() -> None:
    source = '"""Module."""\nfrom __future__ import annotations\nx = "# kept"  # dropped\n' \
             'def f():\n    """Doc."""\n\nclass C:\n    "only a docstring"\n'
    stripped = engine.strip_source(source)
    namespace: dict[str, Any] = {}
    exec(compile(stripped, "<stripped>", "exec"), namespace)
    assert namespace["x"] == "# kept"
    assert namespace["f"].__doc__ is None and namespace["C"].__doc__ is None
    assert "dropped" not in stripped and "Doc." not in stripped
