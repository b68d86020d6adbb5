"""Every case of ``data/cases/<calculator>.yaml`` run through ``calculators.api.run``.

The same cases are the worked examples of the calculator pages (computed at build). Their shape
is checked when the data is loaded (``data/schema/cases.schema.json`` and
``macros/data/cases.py``: declared inputs and provisions, unique names, no unquoted decimals);
here each one runs and every expected value is compared. A case: ``name``, ``title``,
``description`` (Portuguese, shown on the site as a worked example), ``source`` (statute +
LexML id), ``inputs``, optional ``data`` (tables for ``salarios_1945``) and ``expected``:

- ``ok: false`` and ``errors``: the fields refused, in order;
- otherwise ``amounts`` (machine values, exact text), optional ``formatted``, ``quantities``,
  ``absent`` (amounts that must not appear), ``warnings_contain``, ``highlights_contain`` (what
  the reader sees first), ``breaches`` (the codes of
  the findings, in order), ``breach_provisions``, ``handoff`` (target calculator → a subset of
  the inputs it is handed), ``details`` (a subset of the result's details) and ``provisions``
  (``<slug>#<id>``, in the order applied).
"""

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from calculators import api
from macros.data.cases import cases_dir, load_cases
from macros.data.loader import ROOT, DataError

CASES_DIR = cases_dir(ROOT / "data")
CASES = [
    pytest.param(name, case, id=f"{name}:{case['name']}")
    for name, cases in load_cases(ROOT / "data").items()
    for case in cases
]


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
    assert {p.values[0] for p in CASES} == set(api.names())


def test_cases_live_with_the_data_not_with_the_tests() -> None:
    """The build reads its worked examples from ``data/``; it never reads ``tests/``."""
    assert not list((ROOT / "tests").glob("cases/*.yaml"))
    for path in (ROOT / "macros").rglob("*.py"):
        assert '"tests"' not in path.read_text(encoding="utf-8"), path


@pytest.mark.parametrize(("calculator", "case"), CASES)
def test_case_has_no_float(calculator: str, case: dict[str, Any]) -> None:
    """Numbers with decimals are text (as typed), so no float reaches a calculator."""
    assert not any(isinstance(v, float) for v in _walk(case)), "números decimais vão entre aspas"


# A change to refeicao.yaml's first case, the place the loader must name and words of its reason.
REFEICAO_FIRST = 'inputs: {salario_dia: "12$000", minutos_refeicao: 60, operarios: 10}'
BROKEN_CASES = [
    ("entrada-desconhecida", (REFEICAO_FIRST, 'inputs: {salario_dia: "12$000", minutos: 60}'),
     "[0].inputs.minutos", "entrada 'minutos' não declarada pela calculadora 'refeicao'"),
    ("decimal-sem-aspas", (REFEICAO_FIRST, 'inputs: {salario_dia: 12.5}'),
     "[0].inputs.salario_dia", "número decimal sem aspas (12.5)"),
    ("nome-repetido", ("name: com_esperas", "name: uma_hora_dez_operarios"),
     "[1].name", "caso 'uma_hora_dez_operarios' repetido (já em [0])"),
    ("dispositivo-nao-declarado", ("id: art7_par2}", "id: art9_par2}"),
     "[0].source.id", "dispositivo 'art9_par2' não declarado pela calculadora 'refeicao'"),
    ("outro-ato", ("{statute: decreto-lei-3844-1941, id: art7_par2}", "{statute: lei-4860-1965, id: art7_par2}"),
     "[0].source.statute", "o caso deve ilustrar o ato da calculadora"),
    ("aplicado-nao-declarado", ("decreto-lei-3844-1941#art8_cpt]", "decreto-lei-3844-1941#art80_cpt]"),
     "[0].expected.provisions[2]", "'decreto-lei-3844-1941#art80_cpt' não declarado"),
    ("valor-com-virgula", ('suplemento_por_operario: "3.00"', 'suplemento_por_operario: "3,00"'),
     "[0].expected.amounts.suplemento_por_operario", "formato inválido: '3,00'"),
    ("chave-desconhecida", ("  source: {statute: decreto-lei-3844-1941, id: art7_par2}",
                            "  fonte: x\n  source: {statute: decreto-lei-3844-1941, id: art7_par2}"),
     "[0]", "chave desconhecida"),
    ("tabelas-sem-uso", (REFEICAO_FIRST, REFEICAO_FIRST + "\n  data: {escala: []}"),
     "[0].data", "a calculadora 'refeicao' não recebe tabelas"),
    ("erro-sem-campos", ("  expected:\n    amounts: {suplemento_por_operario: \"3.00\"",
                         "  expected:\n    ok: false\n    amounts: {suplemento_por_operario: \"3.00\""),
     "[0].expected", "caso de erro (ok: false) sem os campos recusados"),
    ("sem-dispositivos", ("    provisions: [decreto-lei-3844-1941#art7_cpt, decreto-lei-3844-1941#art7_par2]\n",
                          "\n"),
     "[2].expected", "campo obrigatório ausente ('provisions'"),
]


def _copy_cases(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    (data / "cases").mkdir(parents=True)
    for path in CASES_DIR.glob("*.yaml"):
        (data / "cases" / path.name).write_bytes(path.read_bytes())
    return data


@pytest.mark.parametrize(("label", "change", "place", "reason"), BROKEN_CASES, ids=[b[0] for b in BROKEN_CASES])
def test_broken_cases_file_is_refused(tmp_path: Path, label: str, change: tuple[str, str], place: str,
                                      reason: str) -> None:
    data = _copy_cases(tmp_path)
    target = data / "cases" / "refeicao.yaml"
    text = target.read_text(encoding="utf-8")
    assert change[0] in text, label
    target.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_cases(data)
    assert caught.value.file == target
    assert caught.value.place == place, caught.value
    assert reason in caught.value.reason, caught.value


def test_a_calculator_without_cases_and_cases_without_a_calculator_are_refused(tmp_path: Path) -> None:
    data = _copy_cases(tmp_path)
    (data / "cases" / "refeicao.yaml").rename(data / "cases" / "refeicoes.yaml")
    with pytest.raises(DataError) as caught:
        load_cases(data)
    assert caught.value.file.name == "refeicoes.yaml"
    assert "nenhuma calculadora se chama 'refeicoes'" in caught.value.reason
    (data / "cases" / "refeicoes.yaml").unlink()
    with pytest.raises(DataError) as caught:
        load_cases(data)
    assert caught.value.file == data / "cases" / "refeicao.yaml"
    assert "a calculadora 'refeicao' não tem arquivo de casos" in caught.value.reason


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
    # the holiday's period (10 h of work) goes whole to the holiday hours: its extensions too
    assert handed["prorrogacoes"] == [{"horas": "2:00"}] * 5
    assert handed["horas_refeicao"] == "1:00"
    assert handed["horas_feriado"] == "10:00"
    paid = api.run("horas_extras", {**handed, "era": "1965", "salario_mensal": "1.200,00"})
    assert paid["ok"] is True, paid
    assert paid["amounts"]["acrescimo_prorrogacao_20"]["value"] == "10"
    assert paid["amounts"]["acrescimo_refeicao"]["value"] == "5"
    assert paid["amounts"]["acrescimo_feriado"]["value"] == "50"
    # the same week in today's values: the overtime by today's limits (8 h a day, 44 a week)
    # over the five days that are not a holiday, which jornada hands over, on the divisor of a
    # 44-hour week (220): 10 h at 50%, the meal hour at 100% and the holiday's 10 h in double
    today = api.run("horas_extras", {**handed, "era": "hoje", "salario_mensal": "1.200,00"})
    assert handed["horas_extras_hoje"] == "10:00" and handed["era"] == "hoje"
    hourly = Decimal("1200") / 220
    expected = (hourly * 10 / 2 + hourly + hourly * 10).quantize(Decimal("0.01"))
    assert today["amounts"]["total_acrescimos_minimo_hoje"]["value"] == str(expected)
