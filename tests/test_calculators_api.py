"""The declarations (``describe``/``catalog``) and the JSON shapes of ``run``."""

import importlib
import json
import pkgutil
from typing import Any

import pytest

from calculators import api, rules
from calculators.core.money import Currency, format_money
from calculators.core.spec import CalculatorSpec

TYPES = {"money", "decimal", "integer", "choice", "boolean", "time", "duration", "date", "text", "list"}
NAMES = api.names()


def _fields(declared: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for field in declared:
        out.append(field)
        out.extend(_fields(field.get("item_fields", [])))
    return out


def test_discovered_names() -> None:
    """Every module of calculators/rules with a SPEC is a calculator, in ``order`` (no registry)."""
    specs = []
    for info in pkgutil.iter_modules(rules.__path__, rules.__name__ + "."):
        spec = getattr(importlib.import_module(info.name), "SPEC", None)
        if isinstance(spec, CalculatorSpec):
            assert info.name.rsplit(".", 1)[1] == spec.name, "o módulo tem o nome da calculadora"
            specs.append(spec)
    assert [s.name for s in sorted(specs, key=lambda s: (s.order, s.name))] == NAMES
    assert len(NAMES) == len(set(NAMES)) >= 6
    assert [c["name"] for c in api.catalog()] == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_declaration_is_complete_json(name: str) -> None:
    declared = api.describe(name)
    assert declared["ok"] is True
    assert json.loads(json.dumps(declared)) == declared
    for key in ("title", "summary"):
        assert isinstance(declared[key], str) and declared[key]
    assert declared["provisions"] and all("#" in p["ref"] for p in declared["provisions"])
    names = [f["name"] for f in declared["inputs"]]
    assert len(names) == len(set(names))
    for field in _fields(declared["inputs"]):
        assert field["type"] in TYPES
        assert field["label"] and field["help"]
        assert {"name", "label", "type", "unit", "required", "default", "help"} <= set(field)
        if field["type"] == "choice":
            values = [c["value"] for c in field["choices"]]
            assert field["default"] in values
        if field["type"] == "list":
            assert field["item_fields"] and field["max_items"] >= 1
        if "visible_when" in field:
            assert field["visible_when"]["field"] in names


def test_divisor_help_explains_the_rule() -> None:
    """Issue 18: the divisor follows the weekly hours of the era (CLT, art. 64): 220 for 44 h,
    240 for 1965's 48 h; a contractual week (40 h, 36 h) can be given."""
    fields = {f["name"]: f for f in api.describe("horas_extras")["inputs"]}  # type: ignore[union-attr]
    week = fields["semana_horas"]["help"]
    assert "CLT, art. 64" in week and "220" in week and "200 para 40" in week and "48 em 1965" in week
    assert "220" in fields["divisor"]["help"]


def test_unknown_calculator() -> None:
    assert api.run("nada", {}) == {
        "ok": False,
        "errors": [{"field": "calculadora", "message": "Calculadora desconhecida."}],
    }
    assert api.describe("nada")["ok"] is False


def test_result_shape() -> None:
    result = api.run("refeicao", {"salario_dia": "12$000"})
    assert result["ok"] is True
    assert json.loads(json.dumps(result)) == result
    assert result["currency"]["code"] == "mil-reis"
    assert result["rounding"]["rule"] == "arredondamento comercial ao centavo"
    step = result["steps"][0]
    assert set(step) == {"provision", "explanation", "values"}
    assert set(step["provision"]) == {"statute", "id", "ref"}
    assert all(isinstance(v, str) for v in step["values"].values())
    amount = result["amounts"]["suplemento_por_operario"]
    assert amount == {"label": "Suplemento por operário", "value": "3.00", "formatted": "3$000",
                      "parts": [], "column": ""}


def test_error_shape_names_each_field() -> None:
    result = api.run("horas_extras", {"salario_mensal": "abc", "divisor": "0", "horas_refeicao": "-1"})
    assert result["ok"] is False
    assert [e["field"] for e in result["errors"]] == ["salario_mensal", "divisor", "horas_refeicao"]
    assert all(set(e) == {"field", "message"} for e in result["errors"])


def test_defaults_run() -> None:
    """The declared defaults plus the required money fields make a valid run."""
    assert api.run("producao_terno", {"taxa": "1", "quantidade": "1"})["ok"] is True
    assert api.run("refeicao", {"salario_dia": "1"})["ok"] is True
    assert api.run("horas_extras", {"salario_mensal": "1"})["ok"] is True


@pytest.mark.parametrize(
    ("amount", "currency", "text"),
    [
        ("1500", Currency.MIL_REIS, "1:500$000"),
        ("12.5", Currency.MIL_REIS, "12$500"),
        ("0.01", Currency.MIL_REIS, "0$010"),
        ("1234567.89", Currency.MIL_REIS, "1.234:567$890"),
        ("-0.01", Currency.MIL_REIS, "-0$010"),
        ("0.4375", Currency.MIL_REIS, "0,4375 mil-réis"),
        ("1234.56", Currency.CRUZEIRO, "Cr$ 1.234,56"),
        ("1234.5", Currency.CRUZEIRO, "Cr$ 1.234,50"),
        ("0", Currency.CRUZEIRO, "Cr$ 0,00"),
        ("-0.01", Currency.CRUZEIRO, "Cr$ -0,01"),
        ("14655000", Currency.CRUZEIRO, "Cr$ 14.655.000,00"),
    ],
)
def test_money_formats(amount: str, currency: Currency, text: str) -> None:
    from decimal import Decimal

    assert format_money(Decimal(amount), currency) == text
