"""The worked examples are computed and compared when the Site loads, so a wrong expected value
stops the build: the calculator pages say «Exemplos verificados», and now the build verified them.

Each case of ``data/cases/<calculator>.yaml`` runs through ``calculators.api.run`` (the code the
browser runs) and every expectation it writes is compared with the result: the values (exact
text), the formatted values, the absent values, the quantities, the warnings and highlights it
names, the findings and their provisions, the hand-offs, the details, and the provisions applied,
in order. The first difference raises :class:`~macros.data.loader.DataError` with the file, the
place of the expectation (``[0].expected.amounts.debito_armador``) and both values.
``tests/test_calculators_cases.py`` keeps its own reading of the same comparison.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from calculators import api

from .cases import Case, cases_dir
from .loader import DataError, shown


def _subset(expected: Any, actual: Any, where: str) -> Iterator[tuple[str, str]]:
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            yield where, f"o cálculo não dá um mapeamento aqui (dá {shown(actual)})"
            return
        for key, item in expected.items():
            if key not in actual:
                yield f"{where}.{key}", "o cálculo não dá este valor"
            else:
                yield from _subset(item, actual[key], f"{where}.{key}")
    elif expected != actual:
        yield where, f"o arquivo espera {shown(expected)}, o cálculo dá {shown(actual)}"


def differences(case: Case, result: Mapping[str, Any], at: str) -> Iterator[tuple[str, str]]:
    """Where ``result`` (of ``api.run``) differs from what ``case`` expects; ``at`` is the case's
    place in its file (``[0]``)."""
    expected = case["expected"]
    here = f"{at}.expected"
    if expected.get("ok", True) is False:
        if result.get("ok") is not False:
            yield f"{here}.ok", "o arquivo espera uma recusa (ok: false), e o cálculo aceitou as entradas"
            return
        fields = [e["field"] for e in result["errors"]]
        if fields != expected["errors"]:
            yield f"{here}.errors", f"o arquivo espera {shown(expected['errors'])}, o cálculo recusa {shown(fields)}"
        return
    if result.get("ok") is not True:
        refused = [f"{e.get('field')}: {e.get('message')}" for e in result.get("errors", [])]
        yield f"{at}.inputs", f"o cálculo recusou as entradas ({shown(refused)})"
        return
    amounts = result["amounts"]
    for name, value in expected.get("amounts", {}).items():
        got = amounts.get(name, {}).get("value")
        if got != value:
            yield f"{here}.amounts.{name}", f"o arquivo espera {shown(value)}, o cálculo dá {shown(got)}"
    for name, text in expected.get("formatted", {}).items():
        got = amounts.get(name, {}).get("formatted")
        if got != text:
            yield f"{here}.formatted.{name}", f"o arquivo espera {shown(text)}, o cálculo mostra {shown(got)}"
    for i, name in enumerate(expected.get("absent", [])):
        if name in amounts:
            yield f"{here}.absent[{i}]", f"o valor {name!r} não deveria aparecer, e aparece"
    for name, value in expected.get("quantities", {}).items():
        got = result.get("quantities", {}).get(name, {}).get("value")
        if got != value:
            yield f"{here}.quantities.{name}", f"o arquivo espera {shown(value)}, o cálculo dá {shown(got)}"
    for key, shown_key in (("warnings_contain", "warnings"), ("highlights_contain", "highlights")):
        for i, fragment in enumerate(expected.get(key, [])):
            if not any(fragment in text for text in result.get(shown_key, [])):
                yield f"{here}.{key}[{i}]", f"nenhum aviso do cálculo contém {shown(fragment)}"
    findings = result.get("findings", {}).get("items", [])
    if "breaches" in expected:
        codes = [b["code"] for b in findings]
        if codes != expected["breaches"]:
            yield f"{here}.breaches", f"o arquivo espera {shown(expected['breaches'])}, o cálculo aponta {shown(codes)}"
    cited = {b["provision"]["ref"] for b in findings}
    for i, ref in enumerate(expected.get("breach_provisions", [])):
        if ref not in cited:
            yield f"{here}.breach_provisions[{i}]", f"nenhuma constatação do cálculo cita {ref}"
    handed = {h["calculator"]: h["inputs"] for h in result.get("handoffs", [])}
    for target, inputs in expected.get("handoff", {}).items():
        if target not in handed:
            yield f"{here}.handoff.{target}", f"o cálculo não passa nada para {target}"
        else:
            yield from _subset(inputs, handed[target], f"{here}.handoff.{target}")
    yield from _subset(expected.get("details", {}), result.get("details", {}), f"{here}.details")
    applied = [p["ref"] for p in result.get("provisions", [])]
    wanted = expected["provisions"]
    if applied != wanted:
        pairs = enumerate(zip(applied, wanted, strict=False))
        i = next((i for i, (a, b) in pairs if a != b), min(len(applied), len(wanted)))
        yield (f"{here}.provisions[{i}]",
               f"o arquivo espera {shown(wanted[i] if i < len(wanted) else '(nada)')}, o cálculo aplica "
               f"{shown(applied[i] if i < len(applied) else '(nada)')}")


def check(cases: Mapping[str, list[Case]], data: Path) -> None:
    """Run every case and stop on the first expectation the result does not meet."""
    folder = cases_dir(data)
    for name, items in cases.items():
        for index, case in enumerate(items):
            result = api.run(name, dict(case["inputs"]), data=case.get("data"))
            for place, reason in differences(case, result, f"[{index}]"):
                raise DataError(folder / f"{name}.yaml", place,
                                f"exemplo {case['name']!r} não confere: {reason} (a página o mostraria como "
                                "«exemplo verificado»)")
