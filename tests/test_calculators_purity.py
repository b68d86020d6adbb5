"""The calculators import only the standard library and do no I/O (checked on the AST)."""

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "calculators"
MODULES = sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)
# The one exception: ``api`` discovers the rule modules (``pkgutil`` lists ``calculators/rules/``,
# ``importlib`` imports them). Nothing else may import modules by name.
DISCOVERY = {"api.py": {"importlib", "pkgutil"}}
FORBIDDEN_MODULES = {
    "os", "sys", "io", "pathlib", "shutil", "tempfile", "socket", "ssl", "urllib", "http",
    "subprocess", "multiprocessing", "threading", "asyncio", "random", "time", "builtins",
    "importlib", "pickle", "shelve", "sqlite3", "ctypes", "glob", "fileinput", "logging",
}
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval", "compile", "__import__", "float",
                   "globals", "breakpoint"}


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def test_modules_found() -> None:
    assert {p.stem for p in MODULES} >= {"api", "money", "parsing", "jornada", "tables"}
    assert {p.parent.name for p in MODULES} >= {"core", "rules", "salarios_1945"}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_imports_only_standard_library(path: Path) -> None:
    for node in ast.walk(_tree(path)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for name in names:
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names, f"{path.name}: {name} fora da biblioteca padrão"
            if top in DISCOVERY.get(path.relative_to(PACKAGE).as_posix(), set()):
                continue
            assert top not in FORBIDDEN_MODULES, f"{path.name}: {name} faz I/O ou guarda estado"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_no_io_calls_no_float_no_globals(path: Path) -> None:
    tree = _tree(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in FORBIDDEN_CALLS, f"{path.name}:{node.lineno} {node.func.id}()"
        assert not isinstance(node, (ast.Global, ast.Nonlocal)), f"{path.name}:{node.lineno}"
        if isinstance(node, ast.Constant):
            assert not isinstance(node.value, float), f"{path.name}:{node.lineno}: float literal"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_no_mutable_module_state(path: Path) -> None:
    """Module-level values are immutable: no list, dict or set literals or comprehensions."""
    mutable = (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp)
    for node in _tree(path).body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            assert not isinstance(node.value, mutable), f"{path.name}:{node.lineno}"
