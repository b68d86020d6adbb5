"""Input parsing: Brazilian amounts, refusals with Portuguese messages naming the field."""

import re
from decimal import Decimal

import pytest

from calculators import api
from calculators.core.parsing import MINUTES_TYPING, FieldError, parse_duration, parse_minutes, parse_number


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1.234,56", "1234.56"),
        ("1234,56", "1234.56"),
        ("1234.56", "1234.56"),
        ("1234", "1234"),
        ("1.234", "1234"),
        ("1.234.567", "1234567"),
        ("0.500", "0.500"),
        ("12.5", "12.5"),
        ("  7,5 ", "7.5"),
        ("Cr$ 1.234,56", "1234.56"),
    ],
)
def test_brazilian_amounts(text: str, value: str) -> None:
    assert parse_number(text, "f", "Campo") == Decimal(value)


@pytest.mark.parametrize(
    ("text", "value"),
    [("1:500$000", "1500"), ("12$500", "12.5"), ("$500", "0.5"), ("1.000:000$000", "1000000")],
)
def test_mil_reis_amounts(text: str, value: str) -> None:
    assert parse_number(text, "f", "Campo", mil_reis=True) == Decimal(value)


@pytest.mark.parametrize(("text", "minutes"), [("2:30", 150), ("2,5", 150), ("2.5", 150), ("0", 0)])
def test_durations(text: str, minutes: int) -> None:
    assert parse_duration(text, "f", "Campo") == minutes


@pytest.mark.parametrize(
    ("text", "minutes"),
    [("60", 60), ("60min", 60), ("60 min", 60), ("60m", 60), ("1h", 60), ("1H", 60), ("1:00", 60),
     ("1h30", 90), ("1 h 30 min", 90), ("0:45", 45), ("45", 45), (" 90 ", 90)],
)
def test_minutes_as_minutes_or_hours(text: str, minutes: int) -> None:
    """A minutes field reads minutes and hours alike (issue 21): 60, 60min, 1h and 1:00."""
    assert parse_minutes(text, "f", "Minutos de refeição") == minutes


def test_minutes_help_names_only_accepted_forms() -> None:
    """The help under a minutes field (its «1h30», «1:30», «90») shows forms the parser reads as
    the same duration."""
    forms = re.findall(r"\(([^)]*)\)", MINUTES_TYPING)
    typed = [t.strip() for part in forms for t in part.split(" ou ")]
    assert typed == ["90", "1h30", "1:30"]
    assert {parse_minutes(t, "f", "Minutos") for t in typed} == {90}


@pytest.mark.parametrize("text", ["1,5", "uma hora", "1:75", "h", "60 segundos"])
def test_minutes_refused_name_the_field(text: str) -> None:
    with pytest.raises(FieldError) as caught:
        parse_minutes(text, "minutos", "Minutos de refeição")
    assert caught.value.message.startswith("Minutos de refeição:")
    assert caught.value.field == "minutos"


BAD = ["abc", "1e309", "NaN", "nan", "Infinity", "-Infinity", "1" * 10_000, "1,2,3", "1..2", "١٢",
       "<script>alert(1)</script>", "12 34", "0x10", "+5", "1.23.4"]


@pytest.mark.parametrize("text", BAD)
def test_refused_numbers(text: str) -> None:
    result = api.run("refeicao", {"salario_dia": text})
    assert result["ok"] is False
    [error] = result["errors"]
    assert error["field"] == "salario_dia"
    assert error["message"].startswith("Salário-dia vigente:")
    assert text not in error["message"] or len(text) < 2
    assert "<" not in error["message"]


def test_empty_required_and_negative_and_bounds() -> None:
    errors = api.run("producao_terno", {"taxa": "", "quantidade": "-3", "quantidade_feitor": "201"})["errors"]
    messages = {e["field"]: e["message"] for e in errors}
    assert messages["taxa"] == "Taxa por unidade: campo obrigatório."
    assert messages["quantidade"] == "Quantidade movimentada pela turma: não pode ser negativo."
    assert messages["quantidade_feitor"].startswith("Feitores: deve ser no máximo 200")


def test_too_many_places() -> None:
    result = api.run("horas_extras", {"salario_mensal": "10,123"})
    assert result["errors"][0]["message"] == "Salário mensal: use no máximo 2 casas decimais."


def test_floats_are_converted_exactly_or_refused() -> None:
    ok = api.run("horas_extras", {"salario_mensal": 1200.5})
    assert ok["ok"] is True and ok["inputs"]["salario_mensal"] == "1200,5"
    assert api.run("horas_extras", {"salario_mensal": float("nan")})["ok"] is False
    assert api.run("horas_extras", {"salario_mensal": float("inf")})["ok"] is False
    assert api.run("horas_extras", {"salario_mensal": 1e300})["ok"] is False


def test_booleans_are_not_numbers() -> None:
    assert api.run("horas_extras", {"salario_mensal": True})["ok"] is False


def test_field_error_is_plain_data() -> None:
    assert FieldError("a", "b").to_json() == {"field": "a", "message": "b"}


def test_inputs_echoed_read_back_the_same() -> None:
    first = api.run("producao_terno", {"taxa": "1,234", "quantidade": "1,5"})
    again = api.run("producao_terno", first["inputs"])
    assert first["inputs"]["taxa"] == "1$234"  # mil-réis echo the period way
    assert again["amounts"] == first["amounts"]
