"""The single entry point of the calculators: JSON in, JSON out.

- :func:`run` ``(name, inputs, data=None)`` → ``{"ok": true, ...result}`` or
  ``{"ok": false, "errors": [{"field": ..., "message": ...}]}``; it never raises.
- :func:`describe` ``(name)`` → the calculator's declaration (title, summary, provisions,
  currency, inputs with label, type, unit, bounds, default and help).
- :func:`catalog` ``()`` → the declarations of every calculator, in order.

Money is text in every answer. Each call runs in its own decimal context (a local copy), so
nothing global is changed.
"""

from collections.abc import Mapping
from decimal import (
    ROUND_HALF_EVEN,
    Context,
    DivisionByZero,
    InvalidOperation,
    Overflow,
    localcontext,
)
from types import MappingProxyType

from . import horas_extras, jornada, paralisacoes, producao_terno, refeicao, salarios_1945
from .fields import parse_inputs
from .parsing import FieldError, InputError
from .result import ResultBuilder
from .spec import CalculatorSpec

REGISTRY: Mapping[str, CalculatorSpec] = MappingProxyType(
    {
        spec.name: spec
        for spec in (
            producao_terno.SPEC,
            paralisacoes.SPEC,
            refeicao.SPEC,
            horas_extras.SPEC,
            jornada.SPEC,
            salarios_1945.SPEC,
        )
    }
)

PRECISION = 50


def _context() -> Context:
    """A fresh decimal context: 50 digits, errors trapped (never a NaN or an infinity)."""
    return Context(
        prec=PRECISION,
        rounding=ROUND_HALF_EVEN,
        Emax=999_999,
        Emin=-999_999,
        traps=[InvalidOperation, DivisionByZero, Overflow],
    )


def _failure(errors: list[FieldError]) -> dict[str, object]:
    return {"ok": False, "errors": [error.to_json() for error in errors]}


def names() -> list[str]:
    """The registered calculator names, in order."""
    return list(REGISTRY)


def describe(name: str) -> dict[str, object]:
    """The declaration of one calculator (or ``ok: false`` for an unknown name)."""
    spec = REGISTRY.get(name) if isinstance(name, str) else None
    if spec is None:
        return _failure([FieldError("calculadora", "Calculadora desconhecida.")])
    return {"ok": True, **spec.to_json()}


def catalog() -> list[dict[str, object]]:
    """The declarations of all calculators."""
    return [spec.to_json() for spec in REGISTRY.values()]


def run(name: str, inputs: object, data: Mapping[str, object] | None = None) -> dict[str, object]:
    """Run a calculator on JSON-like inputs; never raises."""
    spec = REGISTRY.get(name) if isinstance(name, str) else None
    if spec is None:
        return _failure([FieldError("calculadora", "Calculadora desconhecida.")])
    if data is not None and not isinstance(data, Mapping):
        return _failure([FieldError("tabelas", "As tabelas estão em formato inválido.")])
    try:
        with localcontext(_context()):
            values = parse_inputs(spec.fields, inputs)
            result = ResultBuilder(spec.name, spec.title, spec.currency)
            spec.compute(values, result, data)
            return result.to_json(values.to_json())
    except InputError as error:
        return _failure(error.errors)
    except FieldError as error:
        return _failure([error])
    except Exception:  # the API promises an answer, never an exception
        return _failure([FieldError("", "Erro interno da calculadora; nada foi calculado.")])
