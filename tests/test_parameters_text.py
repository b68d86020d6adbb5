"""Each legal number lives with its act, and says what the act's text says (issue 17).

- Every :class:`~calculators.core.parameters.Parameter` is declared in ``calculators/acts/``, one
  module per act; no rule module declares one, and no rule takes a number from another rule.
- **Parameter against text**: every declared number of the three statutes is compared with the
  words of its provision in the statute's text (``data/statutes/``). The parameter carries the
  provision's own words (``words``); they must be found, verbatim, in the provision's text, and
  they must say the parameter's number in the parameter's unit: a percentage («20% (vinte por
  cento)», «dez por cento», «a metade»), a duration in hours or minutes («11 (onze) horas»,
  «vinte minutos», «uma e meia hora»), a time of day («entre 7 (sete)»), a count of days or
  tonnes, a quota («uma e um quarto»), a multiplier («o dobro»). Where the text gives a number
  both in digits and in words, the two must agree. A number the text does not print is a
  reading: its description says so, and the one taken from a published table is compared with
  that table.
- **Dates agree**: an act's date is written once, in its statute file: no calculator module
  writes the date of an act of this edition, and the «Parâmetros» tables show that file's date
  (see ``tests/test_calculators_parameters.py``).
- The checks fail when the number and the text disagree (proved below with a changed value and
  a changed text).
"""

from __future__ import annotations

import ast
import dataclasses
import re
import unicodedata
from decimal import Decimal
from pathlib import Path

import pytest
import yaml

from calculators import api
from calculators.core import parameters as units
from calculators.core.parameters import Parameter
from macros.data.model import Node, Statute
from macros.data.statutes import load_statutes

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "calculators"
ACTS = PACKAGE / "acts"
RULES = PACKAGE / "rules"
EDITION = ("decreto-lei-3844-1941", "decreto-17961-1945", "lei-4860-1965")
READING = ("leitura adotada", "inferência", "como na tabela")

AnyParameter = Parameter[Decimal] | Parameter[int]

# ------------------------------------------------------------------ Portuguese numerals
UNITS_WORDS = {
    "um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6,
    "sete": 7, "oito": 8, "nove": 9, "dez": 10, "onze": 11, "doze": 12, "treze": 13,
    "quatorze": 14, "catorze": 14, "quinze": 15, "dezesseis": 16, "dezasseis": 16,
    "dezessete": 17, "dezoito": 18, "dezenove": 19, "vinte": 20, "trinta": 30, "quarenta": 40,
    "cinquenta": 50, "sessenta": 60, "setenta": 70, "oitenta": 80, "noventa": 90, "cem": 100,
    "cento": 100, "duzentos": 200, "trezentos": 300, "quatrocentos": 400, "quinhentos": 500,
}
FRACTIONS = {"meia": Decimal("0.5"), "meio": Decimal("0.5")}
QUARTER = ("um", "quarto")


def plain(text: str) -> str:
    """Lower case, no accents, no diaeresis (``cinqüenta`` → ``cinquenta``), one space."""
    folded = unicodedata.normalize("NFD", text.lower())
    folded = "".join(c for c in folded if unicodedata.category(c) != "Mn")
    return " ".join(folded.split())


def _tokens(text: str) -> list[str]:
    return re.findall(r"\d+(?:[.,]\d+)?|%|\w+", plain(text))


def numerals(text: str) -> list[Decimal]:
    """Every number the words say, in order: digits (``48``, ``25 %``) and Portuguese numerals
    joined by «e» (``quarenta e oito`` → 48, ``uma e meia`` → 1.5, ``uma e um quarto`` → 1.25;
    ``sete e dezenove`` stays two numbers: a part joins only when smaller than what precedes)."""
    tokens = _tokens(text)
    out: list[Decimal] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if re.fullmatch(r"\d+(?:[.,]\d+)?", token):
            out.append(Decimal(token.replace(".", "").replace(",", ".")))
            i += 1
            continue
        if token not in UNITS_WORDS or (token == "cento" and i and tokens[i - 1] == "por"):
            i += 1
            continue
        value = Decimal(UNITS_WORDS[token])
        last = value
        i += 1
        while i + 1 < len(tokens) and tokens[i] == "e":
            nxt = tokens[i + 1]
            if tuple(tokens[i + 1:i + 3]) == QUARTER:
                part, step = Decimal("0.25"), 3
            elif nxt in FRACTIONS:
                part, step = FRACTIONS[nxt], 2
            elif nxt in UNITS_WORDS and UNITS_WORDS[nxt] < last:
                part, step = Decimal(UNITS_WORDS[nxt]), 2
            else:
                break
            value += part
            last = part
            i += step
        out.append(value)
    return out


PAIRED = re.compile(r"(\d+)\s*(%?)\s*\(([^)]*)\)")


def paired_disagreements(text: str) -> list[str]:
    """Numbers written in digits and then in words, ``48 (quarenta e oito)``, that disagree."""
    wrong = []
    for digits, _, words in PAIRED.findall(text):
        said = numerals(words)
        if said and said[0] != Decimal(digits):
            wrong.append(f"{digits} ({words})")
    return wrong


def says(parameter: AnyParameter, words: str) -> str:
    """Why the words do not state the parameter's value in its unit, or "" when they do."""
    found = numerals(words)
    folded = plain(words)
    value = Decimal(parameter.value)
    unit = parameter.unit
    if paired_disagreements(words):
        return f"algarismos e extenso discordam: {paired_disagreements(words)}"
    if unit == units.PERCENT:
        if value == Decimal("0.5") and "metade" in folded:
            return ""
        if "%" not in folded and "por cento" not in folded:
            return "as palavras não falam de porcentagem"
        return "" if value * 100 in found else f"{value * 100}% não está nas palavras {found}"
    if unit == units.MINUTES:
        hours = "hora" in folded
        minutes = "minuto" in folded
        if not (hours or minutes):
            return "as palavras não falam de horas nem de minutos"
        wanted = ([value / 60] if hours else []) + ([value] if minutes else [])
        return "" if any(w in found for w in wanted) else f"{wanted} não está nas palavras {found}"
    if unit == units.CLOCK:
        hour, minute = divmod(int(value), 60)
        return "" if hour in found and (not minute or minute in found) else (
            f"{hour:02d}:{minute:02d} não está nas palavras {found}")
    if unit == units.TIMES:
        word = {2: "dobro", 3: "triplo"}.get(int(value), "")
        if word and word in folded:
            return ""
        return "" if value in found and "vezes" in folded else f"{value} vezes não está nas palavras"
    if unit == units.DAYS and "dia" not in folded:
        return "as palavras não falam de dias"
    if unit == units.TONNES and "tonelada" not in folded:
        return "as palavras não falam de toneladas"
    return "" if value in found else f"{value} não está nas palavras {found}"


# ------------------------------------------------------------------ the parameters
def _act_modules() -> list[Path]:
    return sorted(p for p in ACTS.glob("*.py") if p.name != "__init__.py")


def _declared() -> list[AnyParameter]:
    seen: dict[str, AnyParameter] = {}
    for spec in api.REGISTRY.values():
        for parameter in spec.parameters:
            seen.setdefault(parameter.name, parameter)
    return list(seen.values())


def _edition() -> list[AnyParameter]:
    return [p for p in _declared() if not p.provision.external]


def _node_text(node: Node) -> str:
    parts = [node.text or ""]
    parts += [_node_text(child) for child in node.children]
    return " ".join(p for p in parts if p)


@pytest.fixture(scope="module")
def statutes() -> dict[str, Statute]:
    return load_statutes()


def check(parameter: AnyParameter, statutes: dict[str, Statute]) -> str:
    """Why a parameter of the edition disagrees with its provision's text, or ""."""
    provision = parameter.provision
    text = _node_text(statutes[provision.statute].node(provision.id))
    if not parameter.words:
        if any(mark in parameter.description for mark in READING):
            return ""
        return "sem as palavras do dispositivo e sem dizer que é leitura"
    if plain(parameter.words) not in plain(text):
        return f"as palavras «{parameter.words}» não estão no texto de {provision.ref}"
    return says(parameter, parameter.words)


# ------------------------------------------------------------------ where numbers live
def test_every_act_module_is_found() -> None:
    names = {p.stem for p in _act_modules()}
    assert {"decreto_lei_3844_1941", "decreto_17961_1945", "lei_4860_1965", "cf_1988"} <= names


def test_no_rule_declares_a_parameter() -> None:
    """``Parameter(...)`` is called only in ``calculators/acts/``."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if ACTS in path.parents or path == PACKAGE / "core" / "parameters.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Parameter":
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_every_declared_parameter_lives_in_its_act_module() -> None:
    """Each calculator's parameters are attributes of an act module; the module of an edition
    statute holds only that statute's numbers."""
    import importlib

    homes: dict[int, str] = {}
    for path in _act_modules():
        module = importlib.import_module(f"calculators.acts.{path.stem}")
        slug = getattr(module, "SLUG", None)
        for value in vars(module).values():
            if isinstance(value, Parameter):
                homes[id(value)] = path.stem
                if slug in EDITION:
                    assert value.provision.statute == slug, (path.stem, value.name)
    for parameter in _declared():
        assert id(parameter) in homes, f"{parameter.name} não está em calculators/acts/"


def test_no_rule_imports_a_number_from_another_rule() -> None:
    """A rule imports its numbers from ``calculators.acts``: a relative import of a sibling rule
    (``from .paralisacoes import …``) may bring only sentences, never a Parameter."""
    import importlib

    for path in sorted(RULES.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.ImportFrom) and node.level == 1 and node.module):
                continue
            package = "calculators.rules" if path.parent == RULES else (
                "calculators.rules." + path.parent.name)
            module = importlib.import_module(f"{package}.{node.module}")
            for alias in node.names:
                value = getattr(module, alias.name)
                assert not isinstance(value, Parameter), (
                    f"{path.relative_to(ROOT)} importa {alias.name} de .{node.module}")


# ------------------------------------------------------------------ parameter against text
@pytest.mark.parametrize("parameter", _edition(), ids=lambda p: p.name)
def test_parameter_says_what_its_provision_says(parameter: AnyParameter,
                                                 statutes: dict[str, Statute]) -> None:
    assert check(parameter, statutes) == ""


def test_the_three_statutes_are_covered() -> None:
    assert {p.provision.statute for p in _edition()} == set(EDITION)
    readings = {p.name for p in _edition() if not p.words}
    # The numbers the text does not print, each a reading its description explains.
    assert readings == {"half_day_minutes", "weekdays_before_saturday", "days_a_year"}


def test_the_number_from_a_table_agrees_with_the_table() -> None:
    """The 300 days of the diaristas' annual expense are those of the published table."""
    from calculators.acts.decreto_17961_1945 import DAYS_A_YEAR

    table = yaml.safe_load((ROOT / "data" / "tables" / "diaristas.yaml").read_text(encoding="utf-8"))
    assert DAYS_A_YEAR.value == table["days_per_year"]


@pytest.mark.parametrize(("words", "said"), [
    ("20% (vinte por cento)", [20, 20]),
    ("48 (quarenta e oito) horas", [48, 48]),
    ("uma e um quarto para o ajudante", [Decimal("1.25")]),
    ("uma e meia para o feitor", [Decimal("1.5")]),
    ("intervalo de uma a uma e meia hora", [1, Decimal("1.5")]),
    ("entre 7 (sete) e 19 (dezenove) horas", [7, 7, 19, 19]),
    ("cinqüenta por cento", [50]),
    ("cento e vinte", [120]),
])
def test_numerals_are_read(words: str, said: list[Decimal]) -> None:
    assert numerals(words) == [Decimal(n) for n in said]


def test_the_check_fails_when_the_value_disagrees(statutes: dict[str, Statute]) -> None:
    """A changed value (20% declared as 25%, 11 hours as 10, 07:00 as 08:00) is caught."""
    from calculators.acts import lei_4860_1965 as lei

    for parameter, wrong in ((lei.RATE_FIRST, Decimal("0.25")), (lei.MIN_REST, 600),
                             (lei.DAY_START_AT, 480), (lei.WEEK_ORDINARY, 2640)):
        assert check(parameter, statutes) == ""
        changed = dataclasses.replace(parameter, value=wrong)  # type: ignore[type-var]
        assert check(changed, statutes) != "", parameter.name


def test_the_check_fails_when_the_text_disagrees(statutes: dict[str, Statute]) -> None:
    """A changed text (the statute printing «25% (vinte e cinco por cento)») is caught, and so are
    digits and words that disagree with each other."""
    from calculators.acts import decreto_lei_3844_1941 as dl
    from calculators.acts import lei_4860_1965 as lei

    node = statutes[lei.SLUG].node("art7_par5_ali1")
    changed_node = dataclasses.replace(node, text=(node.text or "").replace("20% (vinte", "25% (vinte e cinco"))
    changed = dict(statutes)
    changed[lei.SLUG] = _with_node(statutes[lei.SLUG], changed_node)
    assert check(lei.RATE_FIRST, changed) != ""
    assert says(lei.RATE_FIRST, "20% (vinte e cinco por cento)") != ""
    assert check(dataclasses.replace(dl.QUOTA_FEITOR, value=Decimal("1.25")), statutes) != ""
    assert check(dataclasses.replace(dl.SHIPOWNER_SURCHARGE, words=""), statutes) != ""


def _with_node(statute: Statute, node: Node) -> Statute:
    """A copy of the statute whose node ``node.id`` is replaced."""

    def swap(nodes: list[Node]) -> list[Node]:
        return [node if n.id == node.id else dataclasses.replace(n, children=swap(n.children)) for n in nodes]

    return dataclasses.replace(statute, body=swap(statute.body))


# ------------------------------------------------------------------ dates agree
def test_no_calculator_module_writes_an_edition_act_date(statutes: dict[str, Statute]) -> None:
    """The date of each act of this edition is in its statute file only; the calculators name
    the act (its slug) and the build joins the date."""
    dates = {statutes[slug].identification["date"].value for slug in EDITION}
    assert all(dates)
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for when in dates:
            assert str(when) not in text, f"{path.relative_to(ROOT)} escreve a data {when}"


def test_numbers_of_today_start_at_their_act_date() -> None:
    """A number of today starts on its act's date, declared once in the act's module."""
    import importlib

    for path in _act_modules():
        module = importlib.import_module(f"calculators.acts.{path.stem}")
        for value in vars(module).values():
            if isinstance(value, Parameter) and value.today:
                assert value.start == module.DATE, (path.stem, value.name)
    for parameter in _edition():
        assert parameter.start == "" and parameter.end == "", parameter.name


def test_act_dates_agree_with_the_registry() -> None:
    """An act of today (the Constitution, the CLT) has its date in its module once, for the
    numbers it starts; that date is the registry's (``data/atos.yaml``)."""
    import importlib

    registry = yaml.safe_load((ROOT / "data" / "atos.yaml").read_text(encoding="utf-8"))
    dates = {entry["id"]: entry.get("date") for entry in registry["atos"]}
    checked = 0
    for path in _act_modules():
        module = importlib.import_module(f"calculators.acts.{path.stem}")
        if hasattr(module, "DATE"):
            assert dates.get(module.SLUG) == module.DATE, (path.stem, module.DATE, dates.get(module.SLUG))
            checked += 1
    assert checked >= 2


# ------------------------------------------------------------------ numbers in sentences (issue 27)
# Every number with a unit in a rule's reader-facing strings («20%», «11 horas», «60 minutos»,
# «44 por semana») is one of that rule's parameters, written from it (``Parameter.formatted``,
# ``short``, ``number``), or is marked as an example (``calculators.core.parameters.example``, a
# field's ``placeholder``). Change a parameter and no sentence goes on stating the old number.
UNIT_AFTER = re.compile(
    r"(?<![\w$.,:/])(\d+(?:,\d+)?)\s*"
    r"(%|por cento\b|horas?\b|h\b|minutos?\b|min\b|dias?\b|toneladas?\b|t\b|vezes\b|"
    r"por (?:dia|semana)\b)"
)
PER = {"%": units.PERCENT, "por cento": units.PERCENT, "hora": "hours", "horas": "hours", "h": "hours",
       "por dia": "hours", "por semana": "hours", "minuto": units.MINUTES, "minutos": units.MINUTES,
       "min": units.MINUTES, "dia": units.DAYS, "dias": units.DAYS, "tonelada": units.TONNES,
       "toneladas": units.TONNES, "t": units.TONNES, "vezes": units.TIMES}


def _said(number: str, unit: str) -> tuple[str, Decimal]:
    return PER[unit], Decimal(number.replace(",", "."))


def _holds(parameter: AnyParameter, kind: str, value: Decimal) -> bool:
    """Whether ``parameter`` is the number ``value`` in ``kind`` (hours read from minutes and
    from times of day)."""
    number = Decimal(parameter.value)
    if kind == "hours":
        return parameter.unit in (units.MINUTES, units.CLOCK) and number == value * 60
    if kind == units.PERCENT:
        return parameter.unit == units.PERCENT and number * 100 == value
    return parameter.unit == kind and number == value


def _reader_strings(tree: ast.Module) -> list[tuple[int, str]]:
    """The literal text of a module's strings a reader sees: docstrings, ``example(...)``
    arguments and ``placeholder=`` values left out; an f-string gives its literal pieces."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                skip.add(id(body[0].value))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "example":
            skip.update(id(n) for arg in node.args for n in ast.walk(arg))
        if isinstance(node, ast.keyword) and node.arg == "placeholder":
            skip.update(id(n) for n in ast.walk(node.value))
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            out.append((node.lineno, node.value))
    return out


def numbers_not_from_parameters(path: Path) -> list[str]:
    """``file:line «text»`` for each number with a unit in the module's strings that is none of
    the parameters the module can reach (its own namespace, the act modules it imports)."""
    import importlib

    relative = path.relative_to(ROOT).with_suffix("")
    module = importlib.import_module(".".join(relative.parts).removesuffix(".__init__"))
    reachable = [v for v in vars(module).values() if isinstance(v, Parameter)]
    spec = getattr(module, "SPEC", None)
    reachable += list(getattr(spec, "parameters", ()))
    found = []
    for line, text in _reader_strings(ast.parse(path.read_text(encoding="utf-8"))):
        for match in UNIT_AFTER.finditer(text):
            kind, value = _said(match.group(1), match.group(2))
            if not any(_holds(p, kind, value) for p in reachable):
                found.append(f"{path.relative_to(ROOT)}:{line} «{match.group(0)}»")
    return found


def _rule_modules() -> list[Path]:
    return sorted(RULES.rglob("*.py"))


@pytest.mark.parametrize("path", _rule_modules(), ids=lambda p: str(p.relative_to(RULES)))
def test_numbers_in_sentences_come_from_parameters(path: Path) -> None:
    assert numbers_not_from_parameters(path) == []


def test_every_rule_module_is_read_for_numbers() -> None:
    """The check reaches every rule (a new calculator is read without editing this file)."""
    import importlib

    read = set(_rule_modules())
    for spec in api.REGISTRY.values():
        source = importlib.import_module(spec.compute.__module__).__file__
        assert source and Path(source).resolve() in read, spec.name


def test_a_number_typed_in_a_sentence_is_caught(tmp_path: Path) -> None:
    """The check fails on a sentence that types a legal number instead of its parameter, and
    passes once the number is an example."""
    tree = ast.parse('x = "acréscimo de 20% nas duas primeiras horas"\ny = example("como 40 horas")\n')
    texts = [text for _, text in _reader_strings(tree)]
    assert texts == ["acréscimo de 20% nas duas primeiras horas"]
    [match] = [m.group(0) for t in texts for m in UNIT_AFTER.finditer(t)]
    assert match == "20%"
    from calculators.acts.lei_4860_1965 import RATE_FIRST, RATE_MEAL

    assert _holds(RATE_FIRST, *_said("20", "%")) and not _holds(RATE_MEAL, *_said("20", "%"))
