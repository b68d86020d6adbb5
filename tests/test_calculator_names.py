"""No calculator is named outside the calculators and the tables binding.

A calculator is its rule module (``calculators/rules/``), its cases and its page. The renderers
(``macros/``), the site's scripts (``docs/assets/js/**/*.mjs``, ``*.js``) and the API's entry point
(``calculators/api.py``) work from what the calculators declare and return (inputs, result
parts, ``history``, ``notes``…), so a new calculator needs no edit there. The one exception is
the binding of the 1945 tables to the calculators that read them
(``macros/data/calculator_tables.py``, ``macros/data/table_compare.py``).

A name counts when it stands as a whole word: not inside a longer identifier or a page slug
(``esperas-e-paralisacoes`` is a question's address, not the calculator).
"""

import re
from pathlib import Path

import pytest

from calculators import api

ROOT = Path(__file__).resolve().parent.parent
BINDING = {"macros/data/calculator_tables.py", "macros/data/table_compare.py"}
# (file, name): why the word is there although it is a calculator's name. Each entry must still
# be needed (the test fails when it is not), so the list cannot rot.
# (The search's synonyms, which use some of these words, are data: data/busca.yaml.)
ALLOWED: dict[tuple[str, str], str] = {}


def _files() -> list[Path]:
    found = [p for p in (ROOT / "macros").rglob("*.py") if p.relative_to(ROOT).as_posix() not in BINDING]
    scripts = ROOT / "docs" / "assets" / "js"
    found += sorted(scripts.rglob("*.js")) + sorted(scripts.rglob("*.mjs"))
    found.append(ROOT / "calculators" / "api.py")
    return sorted(found)


def _pattern(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")


def _named() -> set[tuple[str, str]]:
    out = set()
    for path in _files():
        text = path.read_text(encoding="utf-8")
        for name in api.names():
            if _pattern(name).search(text):
                out.add((path.relative_to(ROOT).as_posix(), name))
    return out


def test_the_files_are_found() -> None:
    files = {p.relative_to(ROOT).as_posix() for p in _files()}
    assert {"macros/render/calculators.py", "docs/assets/js/calculators/form.mjs", "docs/assets/js/engine/worker.mjs",
            "calculators/api.py"} <= files
    assert not files & BINDING


def test_no_calculator_is_named_outside_the_binding() -> None:
    unexpected = sorted(_named() - set(ALLOWED))
    assert not unexpected, f"calculadora nomeada fora das calculadoras e do vínculo das tabelas: {unexpected}"


@pytest.mark.parametrize("entry", sorted(ALLOWED))
def test_each_exception_is_still_needed(entry: tuple[str, str]) -> None:
    assert entry in _named(), f"{entry} não tem mais o nome: tire-o de ALLOWED"


def test_the_pattern_finds_a_name_and_skips_slugs() -> None:
    assert _pattern("jornada").search('if name == "jornada":')
    assert _pattern("horas_extras").search("new URL('../horas_extras/')")
    assert not _pattern("paralisacoes").search('"esperas-e-paralisacoes"')
    assert not _pattern("jornada").search("jornada_semanal")
