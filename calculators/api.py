"""The single entry point of the calculators: JSON in, JSON out.

- :func:`run` ``(name, inputs, data=None)`` → ``{"ok": true, ...result}`` or
  ``{"ok": false, "errors": [{"field": ..., "message": ...}]}``; it never raises.
- :func:`describe` ``(name)`` → the calculator's declaration (title, summary, provisions,
  currency, inputs with label, type, unit, bounds, default and help).
- :func:`catalog` ``()`` → the declarations of every calculator, in order. The calculators are
  discovered: every module of :mod:`calculators.rules` with a ``SPEC`` (no registry to edit).
- :func:`run_json` ``(name, inputs_json, data_json)`` → :func:`run` for the browser's worker:
  JSON text in, JSON text out; whatever the text (malformed, nested thousands deep), it answers
  with a result or a message, never an exception.

Money is text in every answer. Each call runs in its own decimal context (a local copy), so
nothing global is changed.
"""

import importlib
import json
import pkgutil
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

from . import rules
from .core.fields import parse_inputs
from .core.parsing import FieldError, InputError
from .core.result import ResultBuilder
from .core.spec import CalculatorSpec


def _discover() -> Mapping[str, CalculatorSpec]:
    """Every rule module under ``calculators/rules/`` that declares a ``SPEC``, in ``order``.

    No hand-written list: a new calculator is a new module there. Modules without ``SPEC``
    (shared rules such as ``today``) are skipped; two rules with one name are a programming
    error and stop the import.
    """
    found: dict[str, CalculatorSpec] = {}
    for info in pkgutil.iter_modules(rules.__path__, rules.__name__ + "."):
        spec = getattr(importlib.import_module(info.name), "SPEC", None)
        if not isinstance(spec, CalculatorSpec):
            continue
        if spec.name in found:
            raise RuntimeError(f"duas calculadoras com o nome {spec.name!r}")
        found[spec.name] = spec
    return MappingProxyType(dict(sorted(found.items(), key=lambda item: (item[1].order, item[0]))))


REGISTRY: Mapping[str, CalculatorSpec] = _discover()

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
            return {**result.to_json(values.to_json()), "inputs_shown": values.shown()}
    except InputError as error:
        return _failure(error.errors)
    except FieldError as error:
        return _failure([error])
    except Exception:  # the API promises an answer, never an exception
        return _failure([FieldError("", "Erro interno da calculadora; nada foi calculado.")])


# Longest JSON text accepted from the browser (inputs); the decree's tables are larger.
MAX_INPUTS_JSON = 200_000
MAX_DATA_JSON = 20_000_000


def _loads(text: object, limit: int) -> object:
    """JSON text → value; ``ValueError`` for anything that is not short, valid, shallow JSON."""
    if not isinstance(text, str) or len(text) > limit:
        raise ValueError("texto longo demais ou não é texto")
    try:
        return json.loads(text)
    except RecursionError:  # nested thousands deep
        raise ValueError("aninhamento profundo demais") from None


def run_json(name: str, inputs_json: str, data_json: str = "") -> str:
    """:func:`run` with JSON text in and out (the browser's worker calls this); never raises."""
    try:
        try:
            inputs = _loads(inputs_json, MAX_INPUTS_JSON)
        except ValueError:
            return json.dumps(_failure([FieldError("", "Entradas em formato inválido.")]), ensure_ascii=False)
        data: object = None
        if data_json:
            try:
                data = _loads(data_json, MAX_DATA_JSON)
            except ValueError:
                return json.dumps(_failure([FieldError("tabelas", "As tabelas estão em formato inválido.")]),
                                  ensure_ascii=False)
        if data is not None and not isinstance(data, Mapping):
            return json.dumps(_failure([FieldError("tabelas", "As tabelas estão em formato inválido.")]),
                              ensure_ascii=False)
        return json.dumps(run(name, inputs, data), ensure_ascii=False)
    except Exception:  # the worker must always get an answer
        return json.dumps(_failure([FieldError("", "Erro interno da calculadora; nada foi calculado.")]),
                          ensure_ascii=False)
