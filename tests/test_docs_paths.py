"""The documents stay true and short: every file, folder, test and module that README.md,
CONTRIBUTING.md, data/README.md and the developer documents in dev/ name exists; each document
keeps its size; README and CONTRIBUTING carry no dated measurement (figures live in the files the
benchmark writes, benchmarks/results/); the design documents and decision records the team relies
on exist, and dev/ is never published with the site.

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
DEV = ROOT / "dev"
DOCS = ("README.md", "CONTRIBUTING.md", "data/README.md",
        *sorted(str(p.relative_to(ROOT)) for p in DEV.rglob("*.md")))
# Lines at most: the guide is read by a newcomer in minutes, each design document in a sitting.
LIMITS = {"README.md": 200, "CONTRIBUTING.md": 300}
DEV_LIMIT = 200
DECISION_LIMIT = 100
# One short document per subsystem and the decision records (issue 27; others add theirs).
SUBSYSTEMS = ("data", "calculators", "search", "engine", "offline", "tables", "citations", "security")
DECISIONS = ("001-", "002-", "004-")
# Named alone in the documents but not files of the repository: what the build writes into the
# site, and a file of the pinned npm package.
NOT_IN_REPOSITORY = {"sw.js", "sw-motor.js", "sw-paginas.js", "calculadoras-worker.mjs", "pyodide.mjs"}
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
        if match.group(1).rsplit(".", 1)[-1] in SOURCE_EXTENSIONS:
            continue  # a file name (``calculators.md``), checked as one above
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
    folder = (ROOT / doc).parent
    missing += [f"{t}: link para um arquivo que não existe" for t in _links(text) if not (folder / t).exists()]
    assert not missing, f"{doc} cita o que não existe:\n" + "\n".join(missing)


def limit(doc: str) -> int:
    if doc in LIMITS:
        return LIMITS[doc]
    return DECISION_LIMIT if doc.startswith("dev/decisions/") else DEV_LIMIT


@pytest.mark.parametrize("doc", [d for d in DOCS if d in LIMITS or d.startswith("dev/")])
def test_each_document_keeps_its_size(doc: str) -> None:
    lines = len((ROOT / doc).read_text(encoding="utf-8").splitlines())
    assert lines <= limit(doc), (
        f"{doc} tem {lines} linhas (limite {limit(doc)}): o guia diz como trabalhar, cada documento de dev/ "
        "trata de um assunto; o resto vai para um documento próprio, e as medições para benchmarks/results/"
    )


# A measurement or the date it was taken: a date or time of this century, a figure with a unit of
# time or size, a decimal ratio, the machine's load, a count of tests, a commit id.
DATED = (
    (re.compile(r"\b\d{1,2}/\d{1,2}/20\d\d\b|\b20\d\d-\d\d-\d\d\b"), "data"),
    (re.compile(r"\b\d{1,2}:\d\d\s*(?:–\s*\d{1,2}:\d\d\s*)?UTC\b|\b\d{1,2}h\d\d\b"), "hora"),
    (re.compile(r"\b\d[\d.,]*\s?(?:ms|s|min|KB|kB|MB|GB|KiB|MiB|bytes|kbit/s|Mbit/s)(?![\w/])"), "medida"),
    (re.compile(r"(?<![\w.,])\d+,\d+(?![\w,])"), "razão"),
    (re.compile(r"\bcarga\s+\d"), "carga da máquina"),
    (re.compile(r"\b\d[\d.]*\s+testes\b"), "contagem de testes"),
    (re.compile(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b"), "commit"),
)


def dated_measurements(text: str) -> list[str]:
    """Every dated measurement in ``text``, as ``line N: what («match»)``."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for pattern, what in DATED:
            found += [f"linha {number}: {what} («{m.group(0)}»)" for m in pattern.finditer(line)]
    return found


@pytest.mark.parametrize("doc", ("README.md", "CONTRIBUTING.md"))
def test_no_dated_measurements(doc: str) -> None:
    found = dated_measurements((ROOT / doc).read_text(encoding="utf-8"))
    assert not found, (
        f"{doc} traz medições datadas (o benchmark as grava em benchmarks/results/; o documento aponta para o "
        "arquivo):\n" + "\n".join(found)
    )


def test_dated_measurements_are_found() -> None:
    """The check finds what the old guide carried, and leaves the acts' dates and the rules alone."""
    stale = (
        "Num clone novo (02/12/2026, 02:06, f647099, 1.854 testes): **7 min 57 s**; 01:23–01:44 UTC, "
        "carga 0,6–3,9; razão 0,527; 78 KB em brotli; 2026-12-01; 442 s; 1,6 Mbit/s"
    )
    kinds = {entry.split(": ", 1)[1].split(" (")[0] for entry in dated_measurements(stale)}
    assert kinds == {"data", "hora", "medida", "razão", "carga da máquina", "contagem de testes", "commit"}
    fine = (
        "Decreto-Lei de 20/11/1941; Lei nº 4.860, de 26/11/1965, art. 7º, § 5º; `art7_par5_ali1`; "
        "menos de 10 minutos em 2 núcleos; até 200 linhas; 000_4fb5ed0b011024d9.txt; 7h; bash scripts/run.sh"
    )
    assert dated_measurements(fine) == []


def test_design_documents_and_decisions_exist() -> None:
    missing = [f"dev/{name}.md" for name in SUBSYSTEMS if not (DEV / f"{name}.md").is_file()]
    records = [p.name for p in (DEV / "decisions").glob("*.md")]
    missing += [f"dev/decisions/{n}…" for n in DECISIONS if not any(r.startswith(n) for r in records)]
    assert not missing, "faltam documentos de dev/: " + ", ".join(missing)


def test_dev_is_never_published() -> None:
    """MkDocs publishes docs_dir only: the developer documents live outside it."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    docs_dir = re.search(r"^docs_dir:\s*(\S+)", config, re.M)
    published = ROOT / (docs_dir.group(1) if docs_dir else "docs")
    assert not DEV.resolve().is_relative_to(published.resolve())
    assert not list(published.rglob("decisions")), "registros de decisão dentro do site publicado"


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
