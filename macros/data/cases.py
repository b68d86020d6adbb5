"""The calculators' cases (``data/cases/<calculator>.yaml``): worked examples and tests at once.

Each case gives a calculator's inputs and the result expected. The build runs every case through
``calculators.api.run`` and draws it on the calculator's page as a worked example
(``macros/render/calculators.py``); ``tests/test_calculators_cases.py`` runs the same cases and
checks each expected value, and the browser tests type them into the form.

:func:`load_cases` reads and validates them when the data is loaded, so a broken cases file
stops the build with the file, the place and the reason (:class:`DataError`):

- every calculator that ``calculators.api`` discovers has a cases file (it gives the page's
  worked examples), and every cases file belongs to a calculator;
- each file validates against ``data/schema/cases.schema.json``;
- no number is written without quotes as a decimal (``2.5``): money and decimals are text, as the
  form sends them, so that no float ever reaches a calculator;
- case names are unique in their file (each is an anchor of the page, ``#exemplo-<name>``);
- the inputs named are inputs the calculator declares (list items: its item fields), as the form
  can only send those; tables (``data``) only for a calculator that reads them;
- the source provision, the provisions expected and those the findings must cite are among the
  provisions the calculator declares, and the source is of the calculator's own act;
- an error case (``ok: false``) lists the refused fields, each an input the calculator declares
  (or its tables); any other case lists the provisions applied and no refused fields.

Whether the expected values are right is for the tests (and the build's examples) to find.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from calculators import api

from .loader import DATA, DataError, json_path, load_validated

Case = dict[str, Any]
# The refused field's input: "periodos[0].inicio" → "periodos"; "tabelas" is the calculator's data.
FIELD_ROOT = re.compile(r"^([a-z0-9_]+)")
DATA_FIELD = "tabelas"


def cases_dir(data: Path = DATA) -> Path:
    """The folder of the cases files in the data folder ``data``."""
    return data / "cases"


def _floats(value: Any, where: list[str | int]) -> Iterator[tuple[list[str | int], float]]:
    if isinstance(value, float):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _floats(item, [*where, str(key)])
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _floats(item, [*where, i])


def _place(*parts: str | int) -> str:
    return json_path(parts)


def _check_case(path: Path, index: int, case: Case, declared: Mapping[str, Any]) -> None:
    """Check one schema-valid case against its calculator's declaration (see the module doc)."""
    name = declared["name"]
    fields = {f["name"]: f for f in declared["inputs"]}
    refs = {p["ref"] for p in declared["provisions"]}
    for key, value in case["inputs"].items():
        if key not in fields:
            raise DataError(path, _place(index, "inputs", key),
                            f"entrada {key!r} não declarada pela calculadora {name!r} "
                            f"(declara: {', '.join(fields)})")
        items = {f["name"] for f in fields[key].get("item_fields", [])}
        if isinstance(value, list):
            if fields[key]["type"] != "list":
                raise DataError(path, _place(index, "inputs", key),
                                f"a entrada {key!r} não é uma lista na calculadora {name!r}")
            for i, item in enumerate(value):
                for sub in item:
                    if sub not in items:
                        raise DataError(path, _place(index, "inputs", key, i, sub),
                                        f"campo {sub!r} não declarado nos itens de {key!r} "
                                        f"(declara: {', '.join(sorted(items))})")
    if case.get("data") is not None and not declared.get("needs_data"):
        raise DataError(path, _place(index, "data"), f"a calculadora {name!r} não recebe tabelas")
    source = case["source"]
    if source["statute"] != declared["statute"]["slug"]:
        raise DataError(path, _place(index, "source", "statute"),
                        f"o caso deve ilustrar o ato da calculadora ({declared['statute']['slug']!r}), "
                        f"não {source['statute']!r}")
    if f"{source['statute']}#{source['id']}" not in refs:
        raise DataError(path, _place(index, "source", "id"),
                        f"dispositivo {source['id']!r} não declarado pela calculadora {name!r}")
    expected = case["expected"]
    for key in ("provisions", "breach_provisions"):
        for i, ref in enumerate(expected.get(key, [])):
            if ref not in refs:
                raise DataError(path, _place(index, "expected", key, i),
                                f"dispositivo {ref!r} não declarado pela calculadora {name!r}")
    if expected.get("ok", True) is False:
        if "errors" not in expected:
            raise DataError(path, _place(index, "expected"),
                            "caso de erro (ok: false) sem os campos recusados (errors)")
        extra = sorted(set(expected) - {"ok", "errors"})
        if extra:
            raise DataError(path, _place(index, "expected", extra[0]),
                            "um caso de erro (ok: false) confere só os campos recusados (errors)")
        accepted = set(fields) | ({DATA_FIELD} if declared.get("needs_data") else set())
        for i, field in enumerate(expected["errors"]):
            match = FIELD_ROOT.match(field)
            if match is None or match.group(1) not in accepted:
                raise DataError(path, _place(index, "expected", "errors", i),
                                f"campo recusado {field!r} não é entrada da calculadora {name!r}")
    else:
        if "errors" in expected:
            raise DataError(path, _place(index, "expected", "errors"),
                            "campos recusados (errors) só num caso de erro (ok: false)")
        if "provisions" not in expected:
            raise DataError(path, _place(index, "expected"),
                            "campo obrigatório ausente ('provisions': os dispositivos aplicados, na ordem)")


def load_file(path: Path, name: str) -> list[Case]:
    """The validated cases of calculator ``name`` in ``path`` (:class:`DataError` if broken)."""
    declared = api.describe(name)
    if declared.get("ok") is not True:
        raise DataError(path, "(arquivo)",
                        f"nenhuma calculadora se chama {name!r} (há: {', '.join(api.names())})")
    cases: list[Case] = load_validated(path, "cases")
    for where, value in _floats(cases, []):
        raise DataError(path, _place(*where),
                        f"número decimal sem aspas ({value!r}): escreva-o entre aspas, como é digitado")
    seen: dict[str, int] = {}
    for index, case in enumerate(cases):
        first = seen.setdefault(case["name"], index)
        if first != index:
            raise DataError(path, _place(index, "name"), f"caso {case['name']!r} repetido (já em [{first}])")
        _check_case(path, index, case, declared)
    return cases


def load_cases(data: Path = DATA) -> dict[str, list[Case]]:
    """Every calculator's validated cases, ``{name: [case, ...]}`` in the calculators' order.

    ``data`` is the data folder (``data/``); the files are ``data/cases/<calculator>.yaml``.
    """
    folder = cases_dir(data)
    files = {path.stem: path for path in sorted(folder.glob("*.yaml"))}
    names = api.names()
    for stem, path in files.items():
        if stem not in names:
            raise DataError(path, "(arquivo)",
                            f"nenhuma calculadora se chama {stem!r} (há: {', '.join(names)})")
    out: dict[str, list[Case]] = {}
    for name in names:
        if name not in files:
            raise DataError(folder / f"{name}.yaml", "(arquivo)",
                            f"a calculadora {name!r} não tem arquivo de casos (os casos são os exemplos "
                            "verificados da página e os testes da calculadora)")
        out[name] = load_file(files[name], name)
    return out


def calculator_cases(name: str, data: Path = DATA) -> list[Case]:
    """The validated cases of calculator ``name``, read now (for the tests and scripts; the build
    reads them once, into :attr:`macros.data.site.Site.cases`)."""
    return load_file(cases_dir(data) / f"{name}.yaml", name)
