"""The shape of ``macros/``: imports run one way, and renderers receive the Site.

- No import circle: every ``import`` and ``from … import`` of every module of ``macros/`` (at the
  top or inside a function: a late import hides a circle, it does not remove it) is an edge of a
  graph, and the graph has no cycle.
- The build's one slot for the Site (:func:`macros.data.site.current`) is read only by the two
  entry points MkDocs calls without a Site: the macros' ``define_env`` (``macros/__init__.py``)
  and the build's plugin (``macros/build/plugin.py``). Everything else receives the Site, or the part of
  it it needs, as an argument.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "macros"
ENTRY_POINTS = {"macros", "macros.build.plugin"}


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path = ROOT) -> dict[str, Path]:
    return {module_name(p, root): p for p in sorted((root / PACKAGE).rglob("*.py"))}


def _resolve(current: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = current.split(".") if is_package else current.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports(root: Path = ROOT) -> dict[str, set[tuple[str, str]]]:
    """Each module of the package → the modules of the package it imports (name, and the name
    imported: ``("macros.data.site", "current")``; ``""`` for a whole module)."""
    known = modules(root)
    graph: dict[str, set[tuple[str, str]]] = {}
    for name, path in known.items():
        edges: set[tuple[str, str]] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                edges |= {(a.name, "") for a in node.names if a.name in known}
            elif isinstance(node, ast.ImportFrom):
                target = _resolve(name, path.name == "__init__.py", node)
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    if sub in known:
                        edges.add((sub, ""))
                    elif target in known:
                        edges.add((target, alias.name))
        graph[name] = {e for e in edges if e[0] != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _module_graph(root: Path = ROOT) -> dict[str, set[str]]:
    return {k: {m for m, _ in v} for k, v in imports(root).items()}


def test_no_import_circle_in_macros() -> None:
    found = cycles(_module_graph())
    assert not found, "import circular em macros/: " + "; ".join(" ↔ ".join(c) for c in found)


def test_the_site_slot_is_read_only_by_the_entry_points() -> None:
    readers = sorted(name for name, edges in imports().items() if ("macros.data.site", "current") in edges)
    assert set(readers) <= ENTRY_POINTS, (
        f"só {sorted(ENTRY_POINTS)} pedem o Site a site.current(); os renderizadores o recebem: {readers}")
    assert readers, "nenhum ponto de entrada pede o Site? o teste não está vendo as importações"


def test_cycle_finder_finds_circles(tmp_path: Path) -> None:
    """The walk sees top-level, late and relative imports; the finder reports the circle."""
    pkg = tmp_path / PACKAGE / "data"
    pkg.mkdir(parents=True)
    (tmp_path / PACKAGE / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "site.py").write_text("from .statutes import load\n\ndef current():\n    pass\n")
    (pkg / "statutes.py").write_text("def load():\n    from .site import current\n    return current()\n")
    (pkg / "ids.py").write_text("from macros.data import model\n")
    (pkg / "model.py").write_text("import macros.data.ids\n")
    (pkg / "loader.py").write_text("from . import ids\n")
    graph = {k: {m for m, _ in v} for k, v in imports(tmp_path).items()}
    assert graph["macros.data.loader"] == {"macros.data.ids"}
    assert cycles(graph) == [["macros.data.ids", "macros.data.model"], ["macros.data.site", "macros.data.statutes"]]
    assert ("macros.data.site", "current") in imports(tmp_path)["macros.data.statutes"]


MAX_RENDER_LINES = 400


def test_render_modules_are_small() -> None:
    """One job per module: no renderer over 400 lines (render/tables.py had 1,193)."""
    sizes = {p.name: p.read_text(encoding="utf-8").count("\n") for p in (ROOT / PACKAGE / "render").glob("*.py")}
    assert len(sizes) > 5
    big = {name: n for name, n in sizes.items() if n > MAX_RENDER_LINES}
    assert not big, f"módulos de macros/render/ com mais de {MAX_RENDER_LINES} linhas: {big}"


def test_no_renderer_imports_the_exporters() -> None:
    """Renderers draw from the Site; the build's plugin and exporters (``macros/build/``) come
    after them, never before."""
    found = {name: sorted(m for m, _ in edges if m.startswith("macros.build"))
             for name, edges in imports().items() if name.startswith("macros.render")}
    found = {k: v for k, v in found.items() if v}
    assert not found, f"renderizadores importam de macros/build/: {found}"
    assert any(m.startswith("macros.render") for m, _ in imports()["macros.build.search_index"])
