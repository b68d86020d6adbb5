"""One accent folding per language, and the two agree: ``calculators.core.text.fold`` (the build,
the search index, the 1945 tables' sort keys, the salary calculators' lookup) and
``fold`` of ``docs/assets/js/common/text.mjs`` (the search query, the tables' filter), run in
Node on the same tricky strings."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

import macros.build.search.words as search_words
from calculators.core.text import fold
from calculators.rules.salarios_1945.tables import normalize
from macros.render import tables_cells as render_tables

ROOT = Path(__file__).resolve().parent.parent

TRICKY = [
    "",
    "   ",
    "Pôrto sôbre PRORROGAÇÃO § 5º 1ª",
    "Conferente-Auxiliar",
    "Conferente  Auxiliar ",
    "Técnico--Auxiliar  de 2ª classe",
    "ESCRITURÁRIO\tDE\n1ª CLASSE",
    "eqüivalência, mão-de-obra, Além",
    "25°C e 30 °C",
    "Nº. de Funções",
    "nao\u00a0separa\u2009fino\u202festreito",
    "cedilha: AÇÃO ação ç",
    "combinando: a\u0301 e\u0300 c\u0327 o\u0303",  # already decomposed
    "ÀÁÂÃÄÅ àáâãäå ÈÉÊË ÌÍÎÏ ÒÓÔÕÖ ÙÚÛÜ Ñ Ç Ý ÿ",
    "Lei nº 4.860/1965, art. 7º, § 5º, alínea “a”",
    "R$ 1.234,56 — Cr$ 14.655.000,00",
    "  -leading and trailing-  ",
    "Σίσυφος ΟΔΟΣ",
    "Straße",
    "İstanbul",
    "ﬁm do ¹ e ²",
]


def js_fold(texts: list[str]) -> list[str]:
    code = (
        f"import {{ fold }} from {json.dumps(str(ROOT / 'docs/assets/js/common/text.mjs'))};"
        f"const texts = {json.dumps(texts)};"
        "process.stdout.write(JSON.stringify(texts.map(fold)));"
    )
    done = subprocess.run(["node", "--input-type=module", "-e", code], capture_output=True, text=True, timeout=60,
                          check=True)
    result = json.loads(done.stdout)
    assert isinstance(result, list)
    return [str(r) for r in result]


def test_python_and_javascript_fold_agree() -> None:
    assert js_fold(TRICKY) == [fold(t) for t in TRICKY]


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Pôrto, § 5º", "porto, 5"),
        ("Técnico-Auxiliar", "tecnico auxiliar"),
        ("  ESCRITURÁRIO \n de 1ª classe ", "escriturario de 1 classe"),
        ("eqüivalência", "equivalencia"),
        ("a\u00a0b", "a b"),
    ],
)
def test_fold(text: str, folded: str) -> None:
    assert fold(text) == folded


def test_one_fold_everywhere() -> None:
    """The search words and the tables' keys use the one fold; the calculators' key is the fold
    with dots as spaces (``Conferente-Auxiliar`` = ``Conferente Auxiliar`` = ``Conf. Auxiliar``)."""
    assert search_words.fold is fold
    assert render_tables.fold is fold
    assert normalize("Conferente-Auxiliar") == normalize("conferente  auxiliar") == "conferente auxiliar"
    assert normalize("Conf. Auxiliar") == "conf auxiliar"
