"""The legal numbers of the rules: declared once, each with its provision, shown on the pages.

- every :class:`~calculators.core.parameters.Parameter` of a rule module is listed by a
  calculator, its provision exists (in the statute data, or as a rule of today with its
  official publication) and is among the calculator's provisions (so it is quoted on the page);
- a number is declared once: one object per name, across every calculator;
- no rule module computes with a bare number outside the declarations (AST check, below);
- each calculator page shows a «Parâmetros» table listing each declared parameter with its
  value, its provision (a link to the anchor) and its period, today's numbers apart.
"""

from __future__ import annotations

import ast
import html as html_lib
import importlib
import re
from decimal import Decimal, InvalidOperation
from pathlib import Path

import pytest
from htmlscan import page

from calculators import api
from calculators.acts.lei_4860_1965 import provision as lei1965
from calculators.core import parameters as units
from calculators.core.parameters import Parameter
from calculators.core.provisions import Provision
from calculators.rules import today
from macros.data.site import current

RULES = Path(api.__file__).resolve().parent / "rules"
ACTS = Path(api.__file__).resolve().parent / "acts"
RULE_FILES = sorted(p for p in RULES.rglob("*.py") if "__pycache__" not in p.parts)
ACT_FILES = sorted(p for p in ACTS.glob("*.py") if p.name != "__init__.py")

# Numbers any rule may write: 0 and 1 (nothing, one, counting from one), 60 (minutes in an hour:
# every duration is kept in minutes) and 100 (percent). A legal 60 (the one-hour meal break of
# 1941) is still declared as a parameter; this check cannot tell it from the unit conversion.
ALLOWED = frozenset({Decimal(0), Decimal(1), Decimal(60), Decimal(100)})
# Module-level constants that are not law, with why.
NOT_LAW_CONSTANTS = {
    ("jornada.py", "SATURDAY"): "o número do sábado em date.weekday() do Python",
    ("jornada.py", "WEEK_DAYS"): "os 7 dias do calendário que uma conferência abrange",
    ("producao_terno.py", "ROLES"): "a turma de exemplo do formulário (a lista da observação h "
                                    "não está impressa)",
    ("salarios_1945/tables.py", "MAX_ROWS"): "limite de tamanho dos dados de entrada",
}
# Numbers that are not law, by module, with why.
NOT_LAW_VALUES = {
    ("salarios_1945/tables.py", Decimal(20)): "no máximo 20 mensagens de erro de uma vez",
}
# Keywords that are not law: the form's bounds on the input, the calculator's catalogue position.
NOT_LAW_KEYWORDS = {
    "Field": frozenset({"max_items", "min_items", "initial_items", "places"}),
    "CalculatorSpec": frozenset({"order"}),
}


def _module_parameters() -> dict[str, list[tuple[str, Parameter[Decimal] | Parameter[int]]]]:
    """Every Parameter bound at module level in the act modules (declared) and the rule modules
    (imported)."""
    out: dict[str, list[tuple[str, Parameter[Decimal] | Parameter[int]]]] = {}
    for path in ACT_FILES + RULE_FILES:
        parts = path.relative_to(RULES.parent.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        module = importlib.import_module(name)
        out[path.relative_to(RULES.parent).as_posix()] = [
            (attr, value) for attr, value in vars(module).items() if isinstance(value, Parameter)
        ]
    return out


def _all_declared() -> list[Parameter[Decimal] | Parameter[int]]:
    return [p for spec in api.REGISTRY.values() for p in spec.parameters]


# ------------------------------------------------------------------ declarations
def test_every_calculator_declares_its_numbers() -> None:
    for name, spec in api.REGISTRY.items():
        assert spec.parameters, f"{name}: nenhum parâmetro declarado"
        names = [p.name for p in spec.parameters]
        assert len(names) == len(set(names)), name


def test_every_module_parameter_is_listed_by_a_calculator() -> None:
    listed = {id(p) for p in _all_declared()}
    for module, found in _module_parameters().items():
        for attr, parameter in found:
            assert id(parameter) in listed, f"{module}: {attr} não aparece em nenhuma calculadora"


def test_each_number_is_declared_once() -> None:
    """One object per name; two declarations of one number would be two objects."""
    by_name: dict[str, Parameter[Decimal] | Parameter[int]] = {}
    for found in _module_parameters().values():
        for _, parameter in found:
            known = by_name.setdefault(parameter.name, parameter)
            assert known is parameter, f"{parameter.name} declarado mais de uma vez"
    seen: dict[tuple[str, str, Decimal, str], str] = {}
    for parameter in by_name.values():
        key = (parameter.provision.ref, parameter.unit, Decimal(parameter.value), parameter.description)
        assert seen.setdefault(key, parameter.name) == parameter.name, (parameter.name, seen[key])


@pytest.mark.parametrize("name", api.names())
def test_provisions_exist_and_are_the_calculators(name: str) -> None:
    spec = api.REGISTRY[name]
    for parameter in spec.parameters:
        provision = parameter.provision
        assert provision in spec.provisions, f"{parameter.name}: {provision.ref} não é citado"
        if provision.external:
            assert (provision.url.startswith("https://") or provision.checked) and provision.verified
            assert parameter.today == (provision.ref in today.TODAY_REFS)
        else:
            node = current().statute(provision.statute).node(provision.id)
            assert node.id == provision.id
            assert not parameter.today
        # A number of today starts at its act's date; one of this edition's statutes carries
        # none: the build shows its act's date from data/statutes/ (tests/test_parameters_text.py).
        assert parameter.description and bool(parameter.start) == provision.external


def test_values_are_exact_and_readable() -> None:
    for parameter in _all_declared():
        assert isinstance(parameter.value, (Decimal, int)) and not isinstance(parameter.value, bool)
        declared = parameter.to_json()
        assert isinstance(declared["value"], str) and Decimal(declared["value"]) == parameter.value
        assert declared["formatted"]


def test_formatting_in_plain_portuguese() -> None:
    where = lei1965("art7_cpt")
    cases = [
        (Decimal("0.20"), units.PERCENT, "20%"),
        (Decimal("0.5"), units.PERCENT, "50%"),
        (Decimal("1.00"), units.PERCENT, "100%"),
        (2, units.TIMES, "o dobro (2 vezes)"),
        (480, units.MINUTES, "8 horas"),
        (60, units.MINUTES, "1 hora"),
        (90, units.MINUTES, "1 hora e 30 minutos"),
        (20, units.MINUTES, "20 minutos"),
        (420, units.CLOCK, "07:00"),
        (1140, units.CLOCK, "19:00"),
        (1, units.DAYS, "1 dia"),
        (300, units.DAYS, "300 dias"),
        (Decimal(30), units.TONNES, "30 toneladas"),
        (Decimal("1.25"), units.QUOTAS, "1,25 quotas"),
        (Decimal("1"), units.QUOTAS, "1 quota"),
        (2640, units.NUMBER, "2.640"),
    ]
    for value, unit, shown in cases:
        assert Parameter("x", value, unit, where, "teste").formatted == shown


def test_declaration_refuses_bad_values() -> None:
    where = lei1965("art7_cpt")
    with pytest.raises(ValueError):
        Parameter("x", 1, "metros", where, "teste")
    with pytest.raises(TypeError):
        Parameter("x", Decimal("1.5"), units.MINUTES, where, "teste")
    with pytest.raises(TypeError):
        Parameter("x", True, units.NUMBER, where, "teste")  # type: ignore[type-var]
    with pytest.raises(ValueError):
        Parameter("x", 1, units.DAYS, where, "teste", start="1965-13-01")
    with pytest.raises(ValueError):
        Parameter("x", 1, units.DAYS, where, "teste", today=True)
    outside = Provision("cf-1988", "art7_inc13", "CF", "https://www.planalto.gov.br/", "2026-11-30")
    assert Parameter("x", 1, units.DAYS, outside, "teste", "1988-10-05", today=True).period == (
        "desde 05/10/1988")
    assert Parameter("x", 1, units.DAYS, where, "teste", "1941-11-20", "1943-05-01").period == (
        "de 20/11/1941 a 01/05/1943")
    # A historical number with no recorded end is dated by its text, never «desde» (still in force).
    assert Parameter("x", 1, units.DAYS, where, "teste", "1965-11-26").period == "no texto de 26/11/1965"


def test_describe_exports_the_parameters() -> None:
    for name in api.names():
        declared = api.describe(name)["parameters"]
        spec = api.REGISTRY[name]
        assert declared == [p.to_json() for p in spec.parameters]  # type: ignore[comparison-overlap]


# ------------------------------------------------------------------ no bare legal number
def _number(node: ast.AST) -> Decimal | None:
    """The number a node writes: an int literal, or ``Decimal("…")`` / ``Decimal(n)``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
        return Decimal(node.value)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Decimal"
            and len(node.args) == 1 and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)):
        try:
            return Decimal(node.args[0].value)
        except InvalidOperation:
            return None
    return None


def _bare_numbers(path: Path, module: str) -> list[str]:
    """Numbers outside ``Parameter(...)`` declarations and outside the documented exceptions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()

    def skip(root: ast.AST) -> None:
        skipped.update(id(n) for n in ast.walk(root))

    for statement in tree.body:
        targets = []
        if isinstance(statement, ast.Assign):
            targets = [t.id for t in statement.targets if isinstance(t, ast.Name)]
        elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            targets = [statement.target.id]
        if any((module, t) in NOT_LAW_CONSTANTS for t in targets):
            skip(statement)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "Parameter":
                skip(node)
            for keyword in node.keywords:
                if keyword.arg in NOT_LAW_KEYWORDS.get(node.func.id, ()):
                    skip(keyword)
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        number = _number(node)
        if number is None or number in ALLOWED or (module, number) in NOT_LAW_VALUES:
            continue
        found.append(f"{module}:{getattr(node, 'lineno', '?')}: {number}")
    return found


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.relative_to(RULES).as_posix())
def test_no_bare_legal_number(path: Path) -> None:
    assert _bare_numbers(path, path.relative_to(RULES).as_posix()) == []


def test_the_check_finds_a_bare_number(tmp_path: Path) -> None:
    """The AST check fails on a legal number written in the computation (here, the 10%)."""
    source = (RULES / "refeicao.py").read_text(encoding="utf-8")
    bad = source.replace("expense * SHIPOWNER_SURCHARGE.value", 'expense * Decimal("0.10")')
    assert bad != source
    fake = tmp_path / "refeicao.py"
    fake.write_text(bad, encoding="utf-8")
    line = next(i for i, text in enumerate(bad.splitlines(), start=1) if 'expense * Decimal("0.10")' in text)
    assert _bare_numbers(fake, "refeicao.py") == [f"refeicao.py:{line}: 0.10"]


# ------------------------------------------------------------------ the pages
PARAMETER_ROW = re.compile(r'<tr[^>]* data-parametro="([a-z0-9_]+)">(.*?)</tr>', re.S)


@pytest.mark.parametrize("name", api.names())
def test_page_lists_every_parameter(site_dir: Path, name: str) -> None:
    text = page(site_dir, f"/calculadoras/{name}/").read_text(encoding="utf-8")
    assert 'id="parametros"' in text
    section = text[text.index('id="parametros"'):text.index('id="exemplos"')]
    rows = dict(PARAMETER_ROW.findall(section))
    spec = api.REGISTRY[name]
    assert list(rows) == [p.name for p in spec.parameters if not p.today] + [
        p.name for p in spec.parameters if p.today]
    for parameter in spec.parameters:
        row = html_lib.unescape(rows[parameter.name])
        assert parameter.description in row and parameter.formatted in row
        assert f'data-ref="{parameter.provision.ref}"' in row
        assert _period(parameter) in row

    today_rows = [p for p in spec.parameters if p.today]
    if today_rows:
        editorial = section[section.index("calc-parametros--hoje"):]
        assert "informação editorial" in editorial and "registrado em" in editorial
        for parameter in today_rows:
            assert f'data-parametro="{parameter.name}"' in editorial


def _period(parameter: Parameter[Decimal] | Parameter[int]) -> str:
    """The period the page shows: a number of today's, or «no texto de» its act's date, read
    from the statute file (so the date on the page agrees with data/statutes/)."""
    if parameter.provision.external:
        return parameter.period
    day = current().statute(parameter.provision.statute).identification["date"].value or ""
    return "no texto de " + "/".join(reversed(day.split("-")))
