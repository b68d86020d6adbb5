"""Bad input to the engine: every valid-looking input gets a result or a message naming its field;
unknown keys are named (capitals included) and capped; long inputs are refused before they are
formatted; the worker's JSON entry point answers whatever text it gets."""

from __future__ import annotations

import json
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import api
from calculators.core import parsing
from calculators.core.fields import MAX_UNKNOWN_REPORTED


def period(day: str) -> dict[str, Any]:
    return {"periodos": [{"data": day, "inicio": "07:00", "fim": "16:00"}]}


@pytest.mark.parametrize("day", ["31/12/9999", "01/01/0001", "30/12/9999", "02/01/0001", "9999-12-31",
                                 "0001-01-01", "31/12/1899", "01/01/2200"])
def test_dates_at_the_ends_of_the_calendar_name_their_field(day: str) -> None:
    result = api.run("jornada", period(day))
    assert result["ok"] is False
    assert result["errors"] == [{
        "field": "periodos[0].data",
        "message": "Períodos de trabalho da semana, item 1 — Data: use uma data entre os anos 1900 e 2199.",
    }]


@pytest.mark.parametrize("day", ["01/01/1900", "31/12/2199", "2024-02-29"])
def test_dates_inside_the_range_compute(day: str) -> None:
    assert api.run("jornada", period(day))["ok"] is True


@settings(max_examples=60, deadline=None)
@given(st.dates(min_value=date(1, 1, 1), max_value=date(9999, 12, 31)))
def test_any_calendar_date_gives_a_result_or_a_field_message(day: date) -> None:
    periods = [{"data": (day + timedelta(days=0)).isoformat(), "inicio": "22:00", "fim": "06:00"}]
    result = api.run("jornada", {"periodos": periods})
    if not result["ok"]:
        assert all(e["field"] for e in result["errors"]), result["errors"]
        assert "Erro interno" not in json.dumps(result, ensure_ascii=False)


def test_unknown_keys_are_named_with_capitals() -> None:
    result = api.run("horas_extras", {"Salario_Mensal": "1.000,00", "salario_mensal": "1.000,00"})
    assert {"field": "Salario_Mensal",
            "message": "Campo desconhecido por esta calculadora: «Salario_Mensal»."} in result["errors"]


def test_odd_unknown_keys_are_shown_cut_and_placed_on_the_form() -> None:
    key = "<b>" + "x" * 100
    result = api.run("horas_extras", {key: 1})
    error = result["errors"][0]
    assert error["field"] == "entradas"
    assert "«?b?xxx" in error["message"] and "…»" in error["message"] and len(error["message"]) < 100
    assert "<" not in error["message"]


def test_many_unknown_keys_are_capped() -> None:
    inputs = {f"k{i}": 1 for i in range(100_000)}
    result = api.run("horas_extras", inputs)
    unknown = [e for e in result["errors"] if "desconhecid" in e["message"]]
    assert len(unknown) == MAX_UNKNOWN_REPORTED + 1
    assert unknown[-1] == {"field": "entradas",
                           "message": f"E mais {100_000 - MAX_UNKNOWN_REPORTED} campos desconhecidos."}
    assert len(json.dumps(result)) < 5_000


@pytest.mark.parametrize("raw", ["9" * 5_000_000, " " * 5_000_000 + "1", Decimal("1e999999"), Decimal("-1e-999999")])
def test_long_numbers_are_refused_before_formatting(raw: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """Refused by their length or exponent before any costly step: neither writing the number out
    (``format``) nor reading its digits (``_read_unsigned``) runs; no clock is needed to prove it."""

    calls: list[str] = []
    read_unsigned = parsing._read_unsigned

    def guarded_format(value: object, spec: str = "") -> str:
        if isinstance(value, Decimal) and value.is_finite() and abs(value.adjusted()) > 1_000:
            calls.append("format")
        return format(value, spec) if "format" not in calls else ""

    def guarded_read(text: str, *args: Any) -> Decimal:
        if len(text) > 1_000:
            calls.append("_read_unsigned")
            return Decimal(0)
        return read_unsigned(text, *args)

    monkeypatch.setattr(parsing, "format", guarded_format, raising=False)
    monkeypatch.setattr(parsing, "_read_unsigned", guarded_read)
    result = api.run("horas_extras", {"salario_mensal": raw, "prorrogacoes": [{"horas": "1"}]})
    assert calls == [], f"passos custosos chamados com um número longo demais: {calls}"
    assert result["ok"] is False
    assert result["errors"][0]["field"] == "salario_mensal"
    assert "longo demais" in result["errors"][0]["message"]


def test_long_text_is_refused_before_splitting() -> None:
    result = api.run("salarios_1945", {"consulta": "serie", "serie": "a " * 3_000_000}, data={})
    assert result["ok"] is False
    assert any(e["field"] == "serie" and "longo demais" in e["message"] for e in result["errors"])


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000,
                                  "não é JSON", "", "[]", "1" * 300_000])
def test_run_json_answers_any_text(text: str) -> None:
    answer = json.loads(api.run_json("horas_extras", text))
    assert answer["ok"] is False
    assert answer["errors"][0]["message"]
    assert "Erro interno" not in answer["errors"][0]["message"]


def test_run_json_refuses_bad_tables_and_computes_good_input() -> None:
    bad = json.loads(api.run_json("salarios_1945", '{"consulta": "referencia", "referencia": "25"}',
                                  "[" * 100_000))
    assert bad["errors"] == [{"field": "tabelas", "message": "As tabelas estão em formato inválido."}]
    good = json.loads(api.run_json("horas_extras", json.dumps(
        {"salario_mensal": "1.200,00", "prorrogacoes": [{"horas": "2:00"}]})))
    assert good["ok"] is True


DAY_OFF = "folga_compensatoria"
HOLIDAY = {"era": "hoje", "forma_salario": "hora", "salario_hora": "10,00", "horas_feriado": "8:00"}


@pytest.mark.parametrize("wrong", [[], [False], {}, 0, 2, 1.5, "talvez", ["não"]],
                         ids=lambda v: json.dumps(v, ensure_ascii=False))
def test_a_wrong_type_for_the_day_off_is_refused_naming_the_field(wrong: Any) -> None:
    """«folga_compensatoria: []» was read as blank, so as «não»: the holiday paid in double
    without a word. Any value that is not yes or no is refused, with the field's label."""
    [label] = [f["label"] for f in api.describe("horas_extras")["inputs"] if f["name"] == DAY_OFF]
    result = api.run("horas_extras", {**HOLIDAY, DAY_OFF: wrong})
    assert result["ok"] is False, result.get("amounts", {}).get("total_minimo_hoje")
    assert result["errors"] == [{"field": DAY_OFF, "message": f"{label}: responda sim ou não."}]


def _fields_not_lists() -> list[Any]:
    out = []
    for name in api.names():
        for spec in api.describe(name)["inputs"]:
            if spec["type"] != "list":
                out.append(pytest.param(name, spec["name"], spec["label"], id=f"{name}.{spec['name']}"))
    return out


@pytest.mark.parametrize(("name", "field", "label"), _fields_not_lists())
def test_an_empty_list_is_no_blank_in_a_field_that_is_not_a_list(name: str, field: str, label: str) -> None:
    """No form sends ``[]`` for a field that is not a list: from the API it is refused with the
    field's label, never taken for the field left blank (its default)."""
    result = api.run(name, {field: []}, None)
    assert result["ok"] is False
    [message] = [e["message"] for e in result["errors"] if e["field"] == field]
    assert message.startswith(f"{label}: ") and "Erro interno" not in message, message
