"""A 7th calculator is its rule module, its cases file and its page, plus one nav line.

In a temporary copy of the repository (``mkdocs.yml``, ``docs/``, ``overrides/``, ``data/``, ``macros/``,
``calculators/``, ``tests/``, ``pyproject.toml``; ``node_modules`` linked) a toy calculator is
added by writing exactly:

- ``calculators/rules/brinquedo.py`` — the rule, with its ``SPEC`` (``calculators.api`` finds it:
  there is no registry to edit);
- ``data/cases/brinquedo.yaml`` — its cases: the worked examples of its page and its tests;
- ``docs/calculadoras/brinquedo.md`` — its page, the same three lines as every calculator page;
- one line in the ``nav`` of ``mkdocs.yml``.

Nothing else is edited (the test compares the copy with the original). Then, in the copy: the
real strict build publishes the page with its form and a worked example computed at build, lists
it on the calculators' index (under «História»: its statute is no longer in force), puts the
module in the calculators archive and the page in the search index and the sitemap;
``api.names()`` lists it; and the cases tests run its cases with no test edited. CONTRIBUTING.md
«Uma calculadora» walks through the same steps.
"""

from __future__ import annotations

import difflib
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import ROOT
from htmlscan import page, tags
from repo_copy import build, changed_files, copy_repository, environment, insert_after

from macros.build.search import read as search_read

pytestmark = pytest.mark.site  # every test here builds the copy with the new calculator

NAME = "brinquedo"

RULE = '''"""Toy calculator (tests/test_new_calculator.py): the meal hour worked, paid double.

Decreto-Lei of 20 Nov 1941, art. 7º, § 2º (``art7_par2``): work during the meal hours is paid
with a supplement of double the wage of that time.
"""

from ..acts.decreto_lei_3844_1941 import SLUG as DL_1941
from ..acts.decreto_lei_3844_1941 import provision as dl1941
from ..core.fields import Field, ParsedInputs
from ..core.money import Currency
from ..core.result import ResultBuilder
from ..core.spec import CalculatorSpec, Data

CURRENCY = Currency.MIL_REIS


def compute(values: ParsedInputs, result: ResultBuilder, data: Data) -> None:
    """The supplement of art. 7º, § 2º: double the wage of the meal hour."""
    del data
    wage = values.decimal("salario_hora")
    supplement = result.round(2 * wage)
    result.step(
        dl1941("art7_par2"),
        "O trabalho na hora da refeição é pago com o dobro do salário dessa hora.",
        {"Salário-hora": result.money(wage), "Suplemento (dobro)": result.money(supplement)},
    )
    result.amount("suplemento", "Suplemento da hora de refeição", supplement)


SPEC = CalculatorSpec(
    name="brinquedo",
    order=99,
    title="Uma hora de refeição trabalhada (exemplo)",
    summary="Calcula o suplemento de uma hora de refeição trabalhada: o dobro do salário-hora.",
    statute=DL_1941,
    currency=CURRENCY,
    provisions=(dl1941("art7_par2"),),
    fields=(
        Field("salario_hora", "Salário-hora", "money", "Salário de uma hora de trabalho.",
              unit="mil-réis", minimum="0", maximum="10000", currency=CURRENCY),
    ),
    compute=compute,
)
'''

CASES = '''# Casos da calculadora brinquedo (Decreto-Lei de 20/11/1941, art. 7º, § 2º).
- name: hora_de_1500_reis
  title: "Hora de 1$500"
  description: "Salário-hora de 1$500: a hora de refeição trabalhada rende 3$000 de suplemento."
  source: {statute: decreto-lei-3844-1941, id: art7_par2}
  inputs: {salario_hora: "1$500"}
  expected:
    amounts: {suplemento: "3.00"}
    formatted: {suplemento: "3$000"}
    provisions: [decreto-lei-3844-1941#art7_par2]

- name: sem_salario
  title: "Sem o salário-hora"
  description: "Sem o salário-hora não há o que calcular: o campo é apontado."
  source: {statute: decreto-lei-3844-1941, id: art7_par2}
  inputs: {}
  expected:
    ok: false
    errors: [salario_hora]
'''

PAGE = '''---
title: Uma hora de refeição trabalhada (exemplo)
---

# Uma hora de refeição trabalhada (exemplo) { #calculadora }

{{ calculator("brinquedo") }}
'''

NAV_AFTER = "          - Hora da refeição (1941): calculadoras/refeicao.md\n"
NAV_LINE = "          - Uma hora de refeição trabalhada (exemplo): calculadoras/brinquedo.md\n"


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the repository with the toy calculator added (and nothing else edited)."""
    copy = copy_repository(tmp_path_factory.mktemp("repositorio"))
    (copy / "calculators" / "rules" / f"{NAME}.py").write_text(RULE, encoding="utf-8")
    (copy / "data" / "cases" / f"{NAME}.yaml").write_text(CASES, encoding="utf-8")
    (copy / "docs" / "calculadoras" / f"{NAME}.md").write_text(PAGE, encoding="utf-8")
    insert_after(copy / "mkdocs.yml", NAV_AFTER, NAV_LINE)
    return copy


@pytest.fixture(scope="module")
def built(repo: Path) -> Path:
    return build(repo)


def test_only_the_three_files_and_the_nav_line_differ(repo: Path) -> None:
    assert changed_files(repo) == {
        f"calculators/rules/{NAME}.py", f"data/cases/{NAME}.yaml", f"docs/calculadoras/{NAME}.md", "mkdocs.yml",
    }
    before = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").splitlines(keepends=True)
    after = (repo / "mkdocs.yml").read_text(encoding="utf-8").splitlines(keepends=True)
    edits = [line for line in difflib.ndiff(before, after) if line.startswith(("+ ", "- "))]
    assert edits == ["+ " + NAV_LINE]


def test_api_discovers_it(repo: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import json, sys; sys.path.insert(0, sys.argv[1]); from calculators import api;"
         " assert api.__file__.startswith(sys.argv[1]), api.__file__;"
         " print(json.dumps([api.names(), api.run('brinquedo', {'salario_hora': '1$500'})]))", str(repo)],
        cwd=repo, env=environment(), capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    names, result = json.loads(done.stdout)
    assert names[-1] == NAME and len(names) >= 7
    assert result["ok"] is True and result["amounts"]["suplemento"]["formatted"] == "3$000"


def test_its_page_has_the_form_and_the_worked_examples(built: Path) -> None:
    html = page(built, f"/calculadoras/{NAME}/").read_text(encoding="utf-8")
    forms = [a for t, a in tags(page(built, f"/calculadoras/{NAME}/")) if t == "form" and a.get("data-calc") == NAME]
    assert len(forms) == 1
    assert 'data-field="salario_hora"' in html
    # the cases, computed at build by the calculators' code: the amount and the refused field
    start = html.index('data-exemplo="exemplo-hora_de_1500_reis"')
    example = html[start : html.index('data-exemplo="exemplo-sem_salario"')]
    assert '<tr data-valor="suplemento">' in example and "3$000" in example
    assert 'data-ref="decreto-lei-3844-1941#art7_par2"' in example
    assert 'data-campo-erro="salario_hora"' in html[html.index('data-exemplo="exemplo-sem_salario"'):]
    # the provision it applies, quoted from the statute with a link to its anchor
    assert 'href="../../decreto-lei-3844-1941/#art7_par2"' in html
    # a rule no longer in force (its statute's status, from the data): the page says so
    assert "Regra histórica" in html


def test_it_is_listed_archived_searchable_and_in_the_sitemap(built: Path) -> None:
    index = page(built, "/calculadoras/").read_text(encoding="utf-8")
    cards = index[index.index('<ul class="calc-indice">'):]  # the index's lists, after the nav
    link = f'<a href="{NAME}/">'
    assert link in cards
    # the Decreto-Lei of 1941 is not in force (data/statutes): listed under «História»
    assert cards.index(link) > cards.index('id="historia"')
    with zipfile.ZipFile(built / "assets" / "calculadoras.zip") as archive:
        assert f"calculators/rules/{NAME}.py" in archive.namelist()
    assert f"/calculadoras/{NAME}/</loc>" in (built / "sitemap.xml").read_text(encoding="utf-8")
    assert any(doc["location"].startswith(f"calculadoras/{NAME}/") for doc in search_read.documents(built))


def test_its_cases_are_tests_with_no_test_edited(repo: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", "-v",
         "tests/test_calculators_cases.py", "tests/test_calculators_api.py", "-k", NAME],
        cwd=repo, env=environment(), capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    passed = {line.split("::")[-1].split(" ")[0] for line in done.stdout.splitlines() if " PASSED" in line}
    # its two cases ran as tests, and the declaration checks took it in
    assert {f"test_case[{NAME}:hora_de_1500_reis]", f"test_case[{NAME}:sem_salario]",
            f"test_declaration_is_complete_json[{NAME}]"} <= passed, done.stdout
