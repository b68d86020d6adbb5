"""Every file, folder, test and module that README.md and CONTRIBUTING.md name exists.

What counts as a name of the repository:
- a path whose first part is a top-level entry of the repository (``docs/assets/busca.js``,
  ``macros/data/``, ``.ci/run``); a placeholder (``data/statutes/<slug>.yaml``, ``docs/*.md``) must
  match at least one file; ``tests/x.py::test_y`` also needs ``test_y`` defined in the file;
- a file name alone with a source extension (``busca.js``, ``glossario.yaml``): some file of
  the repository has that name;
- a dotted module (``macros.data.site``, ``calculators.api.run``): the module exists and, when
  the name goes on past the module, the module defines that name (and a class that attribute).

Addresses of the site (``/tabelas/``, ``/assets/pyodide/``) and the built output (``site/…``)
are not files of the repository and are not checked.
"""

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ("README.md", "CONTRIBUTING.md")
# Named alone in the documents but not files of the repository: what the build writes into the
# site, and a file of the pinned npm package.
NOT_IN_REPOSITORY = {"sw.js", "sw-motor.js", "pyodide.mjs"}
SOURCE_EXTENSIONS = ("py", "js", "mjs", "css", "md", "yml", "yaml", "toml", "sh")
PACKAGES = ("macros", "calculators", "tests", "scripts", "benchmarks")


def _top_level(root: Path) -> list[str]:
    skip = {".git", ".venv", "node_modules", "site", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
    return sorted(p.name for p in root.iterdir() if p.name not in skip)


def _path_pattern(root: Path) -> re.Pattern[str]:
    tops = "|".join(re.escape(name) for name in _top_level(root))
    # Not after a letter, a slash or a dot: "/dados/x.csv" and "site/sw.js" are not repository paths.
    return re.compile(rf"(?<![\w/.-])((?:{tops})(?:/[\w.<>*-]*)*)(::\w+)?")


BARE = re.compile(rf"(?<![\w/.<*-])([\w-]+\.(?:{'|'.join(SOURCE_EXTENSIONS)}))(?![\w/*-])")
DOTTED = re.compile(rf"(?<![\w/.-])((?:{'|'.join(PACKAGES)})(?:\.\w+)+)")


def _glob(root: Path, path: str) -> list[Path]:
    pattern = re.sub(r"<[^>]*>", "*", path).rstrip("/")
    if not any(c in pattern for c in "*?["):
        target = root / pattern
        return [target] if target.exists() else []
    return list(root.glob(pattern))


def _module_names(tree: ast.Module) -> dict[str, ast.AST]:
    names: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names[node.name] = node
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    names[target.id] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = node
        elif isinstance(node, ast.ImportFrom | ast.Import):
            for alias in node.names:
                names[(alias.asname or alias.name).split(".")[0]] = node
    return names


def _class_has(cls: ast.ClassDef, attribute: str) -> bool:
    for node in cls.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == attribute:
            return True
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == attribute:
            return True
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == attribute for t in node.targets):
            return True
    return False


def _dotted_problem(root: Path, dotted: str) -> str | None:
    parts = dotted.split(".")
    module: Path | None = None
    rest: list[str] = []
    for i in range(len(parts), 0, -1):
        base = root.joinpath(*parts[:i])
        if base.with_suffix(".py").is_file():
            module, rest = base.with_suffix(".py"), parts[i:]
            break
        if (base / "__init__.py").is_file():
            module, rest = base / "__init__.py", parts[i:]
            break
    if module is None:
        return "nenhum módulo"
    if not rest:
        return None
    names = _module_names(ast.parse(module.read_text(encoding="utf-8")))
    if rest[0] not in names:
        if module.name == "__init__.py":
            return "nenhum módulo"
        return f"{module.relative_to(root)} não define {rest[0]!r}"
    node = names[rest[0]]
    if len(rest) > 1 and isinstance(node, ast.ClassDef) and not _class_has(node, rest[1]):
        return f"a classe {rest[0]} não tem {rest[1]!r}"
    return None


def problems(text: str, root: Path = ROOT) -> Iterator[str]:
    """Every name in ``text`` that does not exist in the repository at ``root``, with the reason."""
    basenames = {p.name for p in root.rglob("*") if not {".git", ".venv", "node_modules", "site"} & set(p.parts)}
    for match in _path_pattern(root).finditer(text):
        path, test = match.group(1).rstrip("."), match.group(2)
        found = _glob(root, path)
        if not found:
            yield f"{path}: não existe"
        elif test:
            name = test[2:]
            if not re.search(rf"^(?:async )?def {re.escape(name)}\(", found[0].read_text(encoding="utf-8"), re.M):
                yield f"{path}{test}: o teste {name} não existe no arquivo"
    for match in BARE.finditer(text):
        name = match.group(1)
        if name not in basenames and name not in NOT_IN_REPOSITORY:
            yield f"{name}: nenhum arquivo com esse nome"
    for match in DOTTED.finditer(text):
        problem = _dotted_problem(root, match.group(1))
        if problem:
            yield f"{match.group(1)}: {problem}"


def _links(text: str) -> Iterator[str]:
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if "://" not in target and not target.startswith("#"):
            yield target.split("#")[0]


@pytest.mark.parametrize("doc", DOCS)
def test_every_named_path_exists(doc: str) -> None:
    text = (ROOT / doc).read_text(encoding="utf-8")
    missing = sorted(set(problems(text)))
    missing += [f"{t}: link para um arquivo que não existe" for t in _links(text) if not (ROOT / t).exists()]
    assert not missing, f"{doc} cita o que não existe:\n" + "\n".join(missing)


def test_readme_is_short() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= 260, f"README.md tem {lines} linhas; as explicações longas vão para CONTRIBUTING.md"


def test_checker_finds_what_is_missing(tmp_path: Path) -> None:
    """The checker reports a stale path, test, module and name, and leaves site addresses alone."""
    (tmp_path / "macros" / "data").mkdir(parents=True)
    (tmp_path / "macros" / "__init__.py").write_text("")
    (tmp_path / "macros" / "data" / "__init__.py").write_text("")
    (tmp_path / "macros" / "data" / "site.py").write_text("class Site:\n    title: str\n\ndef start():\n    pass\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_a.py").write_text("def test_one():\n    pass\n")
    (tmp_path / "docs" / "assets").mkdir(parents=True)
    (tmp_path / "docs" / "assets" / "busca.js").write_text("")
    text = (
        "`macros/data/site.py`, `macros/data/`, `docs/assets/busca.js`, `docs/assets/<x>.js`, busca.js, "
        "`tests/test_a.py::test_one`, `macros.data.site`, `macros.data.site.start`, `macros.data.site.Site.title`, "
        "`/tabelas/escala-padrao/`, `/assets/calculadoras.zip`, `site/sw.js`, `sw.js`.\n"
        "Stale: `macros/build/hooks.py`, `docs/assets/nada.js`, `macros/render/<x>.py`, "
        "`tests/test_a.py::test_two`, `macros.build.hooks`, `macros.data.site.current`, "
        "`macros.data.site.Site.products`, sumiu.py."
    )
    found = sorted(problems(text, tmp_path))
    assert found == sorted([
        "macros/build/hooks.py: não existe",
        "docs/assets/nada.js: não existe",
        "macros/render/<x>.py: não existe",
        "tests/test_a.py::test_two: o teste test_two não existe no arquivo",
        "macros.build.hooks: nenhum módulo",
        "macros.data.site.current: macros/data/site.py não define 'current'",
        "macros.data.site.Site.products: a classe Site não tem 'products'",
        "sumiu.py: nenhum arquivo com esse nome",
    ])
