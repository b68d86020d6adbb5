"""The act is a unit: its slug is declared once, in its own module of ``calculators/acts/``, and
nothing in ``calculators/core/`` names an act (issue 27: ``core/provisions.py`` named the three
acts of this edition, so a fourth act meant editing the core).

- every module of ``calculators/acts/`` that speaks for one act declares ``SLUG``, an id of the
  registry ``data/atos.yaml``; the modules of this edition's acts declare the slugs of
  ``data/statutes/``, and each Provision they define belongs to their act;
- no identifier, string or import of ``calculators/core/`` (docstrings aside: they cite the
  provisions a function implements) names an act: no id of the registry or of a statute, no
  edition act's number, no ``DL_1941``-like constant and no import of ``calculators.acts``.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re

import pytest
import yaml
from conftest import ROOT

import calculators.acts
from calculators.core.provisions import Provision

CORE = ROOT / "calculators" / "core"
# Modules of acts/ that gather several precedents (each Provision names its own decision).
PRECEDENTS = {"tst"}


def _registry_ids() -> set[str]:
    registry = yaml.safe_load((ROOT / "data" / "atos.yaml").read_text(encoding="utf-8"))
    return {entry["id"] for key in ("atos", "precedentes") for entry in registry.get(key, [])}


def _statutes() -> dict[str, dict]:
    return {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in (ROOT / "data" / "statutes").glob("*.yaml")}


def _act_modules() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(calculators.acts.__path__))


@pytest.mark.parametrize("name", [n for n in _act_modules() if n not in PRECEDENTS])
def test_each_act_module_declares_its_slug(name: str) -> None:
    module = importlib.import_module(f"calculators.acts.{name}")
    slug = getattr(module, "SLUG", None)
    assert isinstance(slug, str), f"calculators/acts/{name}.py não declara SLUG"
    assert slug in _registry_ids(), f"calculators/acts/{name}.py: SLUG {slug!r} não está em data/atos.yaml"
    assert slug.replace("-", "_") == name or slug not in _statutes(), (
        f"calculators/acts/{name}.py: o módulo de um ato desta edição tem o nome do seu slug ({slug})")
    strangers = [f"{k} ({v.statute})" for k, v in vars(module).items()
                 if isinstance(v, Provision) and v.statute != slug]
    assert not strangers, f"calculators/acts/{name}.py define dispositivos de outro ato: {strangers}"


def test_every_statute_of_the_edition_with_numbers_has_its_module() -> None:
    """The slugs of the acts' modules and of data/statutes/ are the same names, both ways round
    for the acts whose numbers a calculator uses (all three today)."""
    declared = {importlib.import_module(f"calculators.acts.{n}").SLUG for n in _act_modules() if n not in PRECEDENTS}
    assert set(_statutes()) <= declared, sorted(set(_statutes()) - declared)


def _names_in_core() -> list[tuple[str, int, str]]:
    """(file, line, text) of every identifier, non-docstring string and import in calculators/core/."""
    found = []
    for path in sorted(CORE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                      and node.body and isinstance(node.body[0], ast.Expr)
                      and isinstance(node.body[0].value, ast.Constant) and isinstance(node.body[0].value.value, str)}
        where = str(path.relative_to(ROOT))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                found.append((where, node.lineno, node.value))
            elif isinstance(node, ast.Name):
                found.append((where, node.lineno, node.id))
            elif isinstance(node, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
                found.append((where, node.lineno, node.name))
            elif isinstance(node, ast.ImportFrom):
                found.append((where, node.lineno, f"import {'.' * node.level}{node.module or ''}"))
    return found


def act_names(text: str, ids: set[str], numbers: set[str]) -> list[str]:
    """What in ``text`` names an act: a registry or statute id, an edition act's number, an act
    constant (``LEI_1965``, ``dl1941``) or an import of the acts."""
    hits = [i for i in ids if i in text]
    hits += [n for n in numbers if re.search(rf"(?<!\d){re.escape(n)}(?!\d)", text.replace(".", ""))]
    hits += re.findall(r"\b(?:DL|DEC|LEI|CF)_?\d{4}\b|\b(?:dl|dec|lei|cf)\d{4}\b", text, re.I)
    if re.search(r"\bimport \.*(?:calculators\.)?acts\b", text):
        hits.append("calculators.acts")
    return hits


def test_core_names_no_act() -> None:
    statutes = _statutes()
    ids = _registry_ids() | set(statutes)
    numbers = {s["identification"]["number"]["value"].replace(".", "") for s in statutes.values()}
    found = [f"{where}:{line}: {hits} em {text!r}" for where, line, text in _names_in_core()
             if (hits := act_names(text, ids, numbers))]
    assert not found, (
        "calculators/core/ nomeia atos (o slug mora no módulo do ato, em calculators/acts/):\n" + "\n".join(found))


def test_the_check_finds_an_act_named_in_core() -> None:
    ids, numbers = {"lei-4860-1965", "cf-1988"}, {"4860"}
    for text in ('LEI_1965 = "lei-4860-1965"', "dl1941", "Lei nº 4.860", "import ..acts", "cf-1988"):
        assert act_names(text, ids, numbers), text
    for text in ("CRUZEIRO_1965", "cruzeiro-1965", "Provision", "48600", "round_money"):
        assert not act_names(text, ids, numbers), text
