"""The generic parts of a result (tables, findings, hand-offs) and the build's escaping.

The browser draws the same parts (tests/browser/test_result_parts.py compares the two DOMs).
"""

from typing import Any

import pytest
import yaml

from calculators import api
from calculators.acts.lei_4860_1965 import provision as lei1965
from calculators.core.money import Currency
from calculators.core.result import ResultBuilder
from macros.data.cases import cases_dir
from macros.data.loader import DATA
from macros.data.site import current
from macros.render.calculator_result import errors_html, result_html, share_query

CASES_DIR = cases_dir(DATA)

MARKUP = "<img src=x onerror=alert(1)>"


def _first_case(name: str) -> dict[str, Any]:
    cases = yaml.safe_load((CASES_DIR / f"{name}.yaml").read_text(encoding="utf-8"))
    case: dict[str, Any] = next(c for c in cases if c["expected"].get("ok", True))
    return case


def _paths(fields: list[dict[str, Any]]) -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    for field in fields:
        if field["type"] == "list":
            out.extend((field["name"], sub["name"]) for sub in field["item_fields"])
        else:
            out.append((field["name"], None))
    return out


@pytest.mark.parametrize("name", api.names())
def test_markup_typed_in_any_input_is_never_markup(name: str) -> None:
    """Markup typed in each input of each calculator, one at a time: the page the build draws
    (result or refusal) shows it as text."""
    case = _first_case(name)
    declared: dict[str, Any] = api.describe(name)
    for field, sub in _paths(declared["inputs"]):
        inputs = dict(case["inputs"])
        if sub is None:
            inputs[field] = MARKUP
        else:
            items = [dict(i) for i in inputs.get(field) or [{}]]
            items[0][sub] = MARKUP
            inputs[field] = items
        result = api.run(name, inputs, data=case.get("data"))
        html = str(result_html(current(), result, actions=True) if result["ok"] else errors_html(result))
        assert "<img" not in html, (name, field, sub)


def test_table_rows_have_one_cell_per_column() -> None:
    result = ResultBuilder("x", "X", Currency.REAL)
    with pytest.raises(ValueError):
        result.table("Legenda", ["A", "B"], [["só uma"]])


def test_parts_in_the_json_answer() -> None:
    result = ResultBuilder("x", "X", Currency.REAL)
    result.table("Legenda", ["Função", "Pessoas"], [["Trabalhador", "3"]], footer=[("Resto", "1", "Valor")],
                 note="Nota.")
    result.finding("aviso", "Atenção", lei1965("art7_cpt"), "Mensagem.", code="c", period=2)
    result.findings_title = "Verificação"
    result.handoff("outra", "Levar à outra", {"horas": "2:00", "lista": [{"a": "1 2"}], "sim": True})
    answer = result.to_json({})
    assert answer["tables"] == [{"caption": "Legenda", "columns": ["Função", "Pessoas"],
                                 "rows": [["Trabalhador", "3"]],
                                 "footer": [{"label": "Resto", "value": "1", "value_label": "Valor"}],
                                 "note": "Nota."}]
    assert answer["findings"] == {"title": "Verificação", "items": [
        {"code": "c", "severity": "aviso", "label": "Atenção", "provision": lei1965("art7_cpt").to_json(),
         "message": "Mensagem.", "period": 2}]}
    assert answer["handoffs"] == [{"calculator": "outra", "label": "Levar à outra",
                                   "inputs": {"horas": "2:00", "lista": [{"a": "1 2"}], "sim": True}}]
    html = str(result_html(current(), answer, actions=True))
    assert ('<a class="md-button md-button--primary calc-levar" data-acao="levar" '
            'href="../../calculadoras/outra/?') in html
    assert "<strong>Atenção</strong>" in html and "Verificação</p>" in html
    assert 'colspan="1">Resto</th><td role="cell" data-rotulo="Valor">1</td>' in html
    assert "calc-levar" not in str(result_html(current(), answer))  # the worked examples offer no action


def test_share_query_is_what_the_browser_writes() -> None:
    """URLSearchParams' encoding: JSON without spaces, space as +, * - . _ kept."""
    query = share_query({"a": [{"horas": "2:00"}], "b": True, "c": "x y~*", "d": None})
    assert query == "a=%5B%7B%22horas%22%3A%222%3A00%22%7D%5D&b=sim&c=x+y%7E*"


@pytest.mark.parametrize("name", api.names())
def test_handoffs_go_to_calculators_that_exist(name: str) -> None:
    """Each hand-off names a calculator, and that calculator accepts every input handed over
    (what is missing, such as the salary, the person adds there)."""
    for case in yaml.safe_load((CASES_DIR / f"{name}.yaml").read_text(encoding="utf-8")):
        result = api.run(name, case["inputs"], data=case.get("data"))
        for handoff in result.get("handoffs", []):  # type: ignore[union-attr]
            assert handoff["calculator"] in api.names()
            target = api.run(handoff["calculator"], handoff["inputs"])
            refused = {e["field"].split("[")[0] for e in target.get("errors", [])}  # type: ignore[union-attr]
            assert not refused & set(handoff["inputs"]), (case["name"], target)
