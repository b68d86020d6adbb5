"""Every case of ``tests/cases/<calculator>.yaml`` run through ``calculators.api.run``.

A case: ``name``, ``title``, ``description`` (Portuguese, shown on the site as a worked
example), ``source`` (statute + LexML id), ``inputs``, optional ``data`` (tables for
``salarios_1945``) and ``expected``:

- ``ok: false`` and ``errors``: the fields refused, in order;
- otherwise ``amounts`` (machine values, exact text), optional ``formatted``, ``quantities``,
  ``absent`` (amounts that must not appear), ``warnings_contain``, ``highlights_contain`` (what
  the reader sees first), ``breaches`` (the codes of
  the findings, in order), ``breach_provisions``, ``handoff`` (target calculator → a subset of
  the inputs it is handed), ``details`` (a subset of the result's details) and ``provisions``
  (``<slug>#<id>``, in the order applied).
"""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from calculators import api

CASES_DIR = Path(__file__).resolve().parent / "cases"
CASE_KEYS = {"name", "title", "description", "source", "inputs", "data", "expected"}
EXPECTED_KEYS = {
    "ok", "errors", "amounts", "formatted", "quantities", "absent", "warnings_contain", "highlights_contain",
    "breaches", "breach_provisions", "handoff", "details", "provisions",
}


def _load() -> Iterator[Any]:
    for path in sorted(CASES_DIR.glob("*.yaml")):
        cases = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert isinstance(cases, list), path
        for case in cases:
            yield pytest.param(path.stem, case, id=f"{path.stem}:{case.get('name')}")


CASES = list(_load())


def _walk(value: Any) -> Iterator[Any]:
    yield value
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item)


def _subset(expected: Any, actual: Any, where: str) -> None:
    if isinstance(expected, dict):
        assert isinstance(actual, dict), where
        for key, item in expected.items():
            assert key in actual, f"{where}.{key} ausente"
            _subset(item, actual[key], f"{where}.{key}")
    else:
        assert expected == actual, f"{where}: esperado {expected!r}, obtido {actual!r}"


def test_every_calculator_has_a_cases_file() -> None:
    files = {path.stem for path in CASES_DIR.glob("*.yaml")}
    assert files == set(api.names())


def test_case_names_are_unique() -> None:
    seen = [(p.values[0], p.values[1]["name"]) for p in CASES]
    assert len(seen) == len(set(seen))


@pytest.mark.parametrize(("calculator", "case"), CASES)
def test_case_is_well_formed(calculator: str, case: dict[str, Any]) -> None:
    assert set(case) <= CASE_KEYS
    assert set(case["expected"]) <= EXPECTED_KEYS
    for key in ("name", "title", "description"):
        assert isinstance(case[key], str) and case[key].strip()
    assert set(case["source"]) == {"statute", "id"}
    assert case["source"]["statute"] == api.describe(calculator)["statute"]["slug"]  # type: ignore[index]
    assert not any(isinstance(v, float) for v in _walk(case)), "números decimais vão entre aspas"
    declared = {p["ref"] for p in api.describe(calculator)["provisions"]}  # type: ignore[union-attr]
    for ref in case["expected"].get("provisions", []):
        assert ref in declared, f"{ref} não declarado pela calculadora"


@pytest.mark.parametrize(("calculator", "case"), CASES)
def test_case(calculator: str, case: dict[str, Any]) -> None:
    expected = case["expected"]
    result = api.run(calculator, case["inputs"], data=case.get("data"))
    if expected.get("ok", True) is False:
        assert result["ok"] is False, result
        assert [e["field"] for e in result["errors"]] == expected["errors"]
        for error in result["errors"]:
            assert error["message"].strip()
        return
    assert result["ok"] is True, result.get("errors")
    amounts = result["amounts"]
    for name, value in expected.get("amounts", {}).items():
        assert name in amounts, f"valor {name} ausente"
        assert amounts[name]["value"] == value, f"{name}: {amounts[name]['value']} ≠ {value}"
    for name, text in expected.get("formatted", {}).items():
        assert amounts[name]["formatted"] == text
    for name in expected.get("absent", []):
        assert name not in amounts
    for name, value in expected.get("quantities", {}).items():
        assert result["quantities"][name]["value"] == value, name
    for fragment in expected.get("warnings_contain", []):
        assert any(fragment in w for w in result["warnings"]), (fragment, result["warnings"])
    for fragment in expected.get("highlights_contain", []):
        assert any(fragment in h for h in result["highlights"]), (fragment, result["highlights"])
    if "breaches" in expected:
        assert [b["code"] for b in result["findings"]["items"]] == expected["breaches"]
    for ref in expected.get("breach_provisions", []):
        assert ref in {b["provision"]["ref"] for b in result["findings"]["items"]}
    handed = {h["calculator"]: h["inputs"] for h in result["handoffs"]}
    for target, inputs in expected.get("handoff", {}).items():
        assert target in handed, f"sem passagem para {target}"
        _subset(inputs, handed[target], f"handoff.{target}")
    _subset(expected.get("details", {}), result["details"], "details")
    applied = [p["ref"] for p in result["provisions"]]
    assert applied == expected["provisions"]
    source = f"{case['source']['statute']}#{case['source']['id']}"
    assert source in applied, "a disposição-fonte do caso deve estar entre as aplicadas"
    in_steps = [s["provision"]["ref"] for s in result["steps"]]
    assert list(dict.fromkeys(in_steps)) == applied, "provisions follow the steps, in order"


def test_jornada_feeds_horas_extras() -> None:
    """The ready-made ``horas_extras`` input of jornada runs once the salary is added."""
    week = [
        {"data": f"2024-03-0{d}", "inicio": "07:00", "fim": "18:00",
         "intervalo_inicio": "11:00", "intervalo_fim": "12:00"}
        for d in range(4, 10)
    ]
    week[0]["trabalhou_intervalo"] = True
    week[1]["feriado"] = True
    checked = api.run("jornada", {"periodos": week})
    assert checked["ok"] is True
    [handoff] = checked["handoffs"]
    assert handoff["calculator"] == "horas_extras" and handoff["calculator"] in api.names()
    assert handoff["label"] == "Levar às horas extraordinárias"
    handed = dict(handoff["inputs"])
    assert handed["prorrogacoes"] == [{"horas": "2:00"}] * 6
    assert handed["horas_refeicao"] == "1:00"
    assert handed["horas_feriado"] == "8:00"
    paid = api.run("horas_extras", {**handed, "salario_mensal": "1.200,00"})
    assert paid["ok"] is True, paid
    assert paid["amounts"]["acrescimo_prorrogacao_20"]["value"] == "12"
    assert paid["amounts"]["acrescimo_refeicao"]["value"] == "5"
    assert paid["amounts"]["acrescimo_feriado"]["value"] == "40"
    # the same hours in today's values: the minimum of today (50% for every extension hour)
    today = api.run("horas_extras", {**handed, "era": "hoje", "salario_mensal": "1.200,00"})
    assert today["amounts"]["total_acrescimos_minimo_hoje"]["value"] == "75.00"  # 12 h × 5 × 50% + 5 + 40
