"""Facts come from data: no act number or act title is written in the site's scripts
(``docs/assets/js/**/*.mjs``, ``*.js``) or in the renderers (``macros/render/``); no calculator name
either (``tests/test_calculator_names.py``, for all of ``macros/`` and the scripts).

The acts' numbers, slugs, titles and short titles are read from ``data/statutes/*.yaml`` (and
from the registry ``data/atos.yaml``: every act the site cites); the calculators' names from
``calculators.api``. Comments and docstrings may name them (they explain); code and the strings
it writes may not: the build takes them from the data (``search/meta.json`` for the search,
the Site for the renderers, the menu for the questions and the 404 page, the pages for prose).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def _acts() -> set[str]:
    """Numbers (``4.860`` and ``4860``), slugs, titles and short titles of every act."""
    found: set[str] = set()
    for path in sorted((ROOT / "data" / "statutes").glob("*.yaml")):
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        found |= {path.stem, raw["title"], raw["short_title"]}
        number = (raw["identification"].get("number") or {}).get("value")
        if number:
            found |= {number, number.replace(".", "")}
    registry = ROOT / "data" / "atos.yaml"
    if registry.exists():
        raw = yaml.safe_load(registry.read_text(encoding="utf-8"))
        for act in raw["atos"]:
            if isinstance(act, dict):
                found |= {str(act[k]) for k in ("short", "label") if act.get(k)}
                number = str(act.get("number") or "")
                if re.fullmatch(r"[\d.]{4,}", number):
                    found |= {number, number.replace(".", "")}
    return {f for f in found if f}


def _pattern(words: set[str]) -> re.Pattern[str]:
    alternatives = sorted((re.escape(w) for w in words), key=len, reverse=True)
    return re.compile(rf"(?<![\w.-])(?:{'|'.join(alternatives)})(?![\w-]|\.\d)")


def python_code_strings(source: str) -> list[tuple[int, str]]:
    """The string constants of a module that are code, not documentation (docstrings out)."""
    tree = ast.parse(source)
    docs: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            docs.add(id(first.value))
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def python_identifiers(source: str) -> list[tuple[int, str]]:
    return [(t.start[0], t.string) for t in tokenize.generate_tokens(io.StringIO(source).readline)
            if t.type == tokenize.NAME]


def js_code(source: str) -> str:
    """A script without its comments (block comments, and ``//`` comments not inside a URL)."""
    source = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), source, flags=re.S)
    return re.sub(r"(^|[\s;{}(),])//[^\n]*", r"\1", source)


def _scripts() -> list[Path]:
    scripts = ROOT / "docs" / "assets" / "js"
    return sorted([*scripts.rglob("*.js"), *scripts.rglob("*.mjs")])


def _renderers() -> list[Path]:
    return sorted((ROOT / "macros" / "render").glob("*.py"))


def test_the_lists_are_not_empty() -> None:
    acts = _acts()
    assert {"lei-4860-1965", "4.860", "4860", "17961"} <= acts
    assert any(a.startswith("Lei nº 4.860") for a in acts)
    assert len(_scripts()) > 5 and len(_renderers()) > 10


def _found(pattern: re.Pattern[str]) -> list[str]:
    out = []
    for path in _scripts():
        for i, line in enumerate(js_code(path.read_text(encoding="utf-8")).splitlines(), 1):
            out += [f"{path.name}:{i}: {m.group(0)!r}" for m in pattern.finditer(line)]
    for path in _renderers():
        source = path.read_text(encoding="utf-8")
        for line, text in python_code_strings(source):
            out += [f"{path.name}:{line}: {m.group(0)!r}" for m in pattern.finditer(text)]
    return out


def test_no_act_number_or_title_in_scripts_or_renderers() -> None:
    found = _found(_pattern(_acts()))
    assert not found, "atos escritos no código (devem vir de data/): " + "; ".join(found)


def test_the_scan_sees_code_and_skips_documentation() -> None:
    pattern = _pattern({"4.860", "4860", "Lei nº 4.860/1965"})
    source = '"""Lei nº 4.860/1965 in a docstring."""\nX = {"4860": 1}\nY = "a Lei nº 4.860/1965"\n'
    assert sorted(line for line, text in python_code_strings(source) if pattern.search(text)) == [2, 3]
    script = '/* lei 4860 */\nvar a = "4860"; // 4860\nvar u = "https://x/4.860";\n'
    assert [bool(pattern.search(line)) for line in js_code(script).splitlines()] == [False, True, True]
    assert not pattern.search("48600") and not pattern.search("14.860")
