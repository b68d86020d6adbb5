"""Hypothesis strategies for «every input a form accepts», generated from the forms'
declarations (``calculators.api.describe``), never from a hand list of cases.

Each strategy draws a pair ``(values, typed)``: ``values`` are what the person meant (minutes,
``Decimal``, ``datetime``), ``typed`` is the same thing as the form sends it, written the ways a
person types it (``2.800,00``, ``2h30``, ``0700``, ``4/3/24``). The oracle reads ``values``;
the calculator gets ``typed``: a parsing slip cannot make the two readings agree by accident.

A field hidden by ``visible_when`` is sent blank, as the form does; an optional field is blank
now and then. Bounds and types come from the declaration; only the *shape* of a week of periods
(items with a date and times) is built so that periods follow each other in one week, as a
week of work does (random times would mostly overlap, and the API refuses overlaps).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from functools import cache
from typing import Any

from hypothesis import strategies as st

from calculators import api

WEEK_START = datetime(2024, 3, 4)  # a Monday

Pair = tuple[dict[str, Any], dict[str, Any]]


def declaration(name: str) -> dict[str, Any]:
    described = api.describe(name)
    assert described["ok"] is True, described
    return described


def _brazilian(amount: Decimal, places: int, grouped: bool) -> str:
    text = f"{amount:,.{places}f}" if grouped else f"{amount:.{places}f}"
    text = text.replace(",", "_").replace(".", ",").replace("_", ".")
    if places and text.endswith("," + "0" * places) and not grouped:
        text = text[: -(places + 1)]  # «2800» as well as «2.800,00»
    return text


def _mil_reis(amount: Decimal, grouped: bool) -> str:
    """``12$500``, ``1:234$500`` (the mil-réis as the decree and its tables write it)."""
    reis = int(amount * 1000)
    contos, rest = divmod(reis // 1000, 1000)
    thousands = f"{contos}:{rest:03d}" if contos and grouped else str(reis // 1000)
    return f"{thousands}${reis % 1000:03d}"


def _money(spec: dict[str, Any]) -> st.SearchStrategy[tuple[Decimal, str]]:
    if (spec.get("currency") or {}).get("code") == "mil-reis":
        low, high = Decimal(spec.get("min", "0")), Decimal(spec.get("max", "1000"))
        plausible = min(high, Decimal(str(spec.get("plausible_max") or high)))
        reis = st.one_of(st.integers(int(low * 1000), int(plausible * 1000)),
                         st.integers(int(low * 1000), int(high * 1000)))
        return st.tuples(reis, st.booleans()).map(
            lambda pair: (Decimal(pair[0]) / 1000, _mil_reis(Decimal(pair[0]) / 1000, pair[1])))
    places = int(spec.get("places", 2))
    low, high = Decimal(spec.get("min", "0")), Decimal(spec.get("max", "1000000"))
    step = Decimal(1).scaleb(-places)
    realistic = st.integers(int(max(low, Decimal(1)) / step), int(min(high, Decimal(30000)) / step))
    anywhere = st.integers(int(low / step), int(high / step))
    cents = st.one_of(realistic, realistic, realistic, anywhere)
    return st.tuples(cents, st.booleans()).map(
        lambda pair: (pair[0] * step, _brazilian(pair[0] * step, places, pair[1])))


def _decimal(spec: dict[str, Any]) -> st.SearchStrategy[tuple[Decimal, str]]:
    low, high = Decimal(spec.get("min", "0")), Decimal(spec.get("max", "100"))
    realistic = st.integers(int(low * 10), int(min(high, Decimal(150)) * 10))
    anywhere = st.integers(int(low * 10), int(high * 10))
    return st.one_of(realistic, realistic, anywhere).map(
        lambda tenths: (Decimal(tenths) / 10, _brazilian(Decimal(tenths) / 10, 1, False)))


def _duration_text(minutes: int, style: int) -> str:
    hours, rest = divmod(minutes, 60)
    if style == 1:
        return f"{hours}h{rest:02d}" if rest else f"{hours}h"
    if style == 2:
        return f"{minutes}min"
    if style == 3 and rest in (0, 30):
        return f"{hours},5" if rest else str(hours)
    return f"{hours}:{rest:02d}"


def _duration(spec: dict[str, Any]) -> st.SearchStrategy[tuple[int, str]]:
    low = int(Decimal(spec.get("min", "0")) * 60)
    high = int(Decimal(spec.get("max", "24")) * 60)
    realistic = st.integers(low, min(high, 12 * 60))
    anywhere = st.integers(low, high)
    return st.tuples(st.one_of(realistic, realistic, realistic, anywhere), st.integers(0, 3)).map(
        lambda pair: (pair[0], _duration_text(pair[0], pair[1])))


def _time_text(moment: datetime, style: int) -> str:
    if style == 1:
        return f"{moment.hour:02d}{moment.minute:02d}"
    if style == 2:
        return f"{moment.hour}h{moment.minute:02d}" if moment.minute else f"{moment.hour}h"
    return f"{moment.hour:02d}:{moment.minute:02d}"


def _date_text(moment: datetime, style: int) -> str:
    if style == 1:
        return f"{moment.day}/{moment.month}/{moment.year % 100:02d}"
    if style == 2:
        return moment.strftime("%d%m%y")
    return moment.strftime("%d/%m/%Y")


def _is_week_of_periods(items: list[dict[str, Any]]) -> bool:
    types = {item["type"] for item in items}
    return "date" in types and "time" in types


@st.composite
def _week(draw: st.DrawFn, spec: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Periods one after another inside one week (7 days from the first), each under 24 h,
    with an optional break inside it; the item's other fields drawn by their type."""
    items = spec["item_fields"]
    names = {item["type"]: [] for item in items}
    for item in items:
        names[item["type"]].append(item["name"])
    date_name = names["date"][0]
    start_name, end_name, *break_names = names["time"]
    booleans = names.get("boolean", [])
    count = draw(st.integers(max(1, int(spec.get("min_items", 1))), int(spec.get("max_items", 14))))
    first = WEEK_START + timedelta(minutes=draw(st.integers(0, 24 * 60 - 1)))
    moment = first
    values: list[dict[str, Any]] = []
    typed: list[dict[str, Any]] = []
    for index in range(count):
        if index:
            moment += timedelta(minutes=draw(st.integers(0, 30 * 60)))
        length = draw(st.one_of(st.integers(60, 13 * 60), st.integers(1, 23 * 60 + 59)))
        start, end = moment, moment + timedelta(minutes=length)
        if start >= first + timedelta(days=7) or start.date() >= (first + timedelta(days=7)).date():
            break
        style = draw(st.integers(0, 2))
        value: dict[str, Any] = {"start": start, "end": end, "break": None}
        row: dict[str, Any] = {date_name: _date_text(start, draw(st.integers(0, 2))),
                               start_name: _time_text(start, style), end_name: _time_text(end, style)}
        if break_names and length >= 3 and draw(st.booleans()):
            begin = draw(st.integers(1, length - 2))
            size = draw(st.integers(1, min(180, length - begin - 1)))
            pause = (start + timedelta(minutes=begin), start + timedelta(minutes=begin + size))
            value["break"] = pause
            row[break_names[0]] = _time_text(pause[0], style)
            row[break_names[1]] = _time_text(pause[1], style)
        for name in booleans:
            value[name] = row[name] = draw(st.booleans())
        values.append(value)
        typed.append(row)
        moment = end
    return values, typed


def _list(spec: dict[str, Any]) -> st.SearchStrategy[tuple[list[Any], list[Any]]]:
    items = spec["item_fields"]
    if _is_week_of_periods(items):
        return _week(spec)
    low = int(spec.get("min_items", 0))
    high = min(int(spec.get("max_items", 5)), 8)
    item = st.fixed_dictionaries({f["name"]: value_strategy(f) for f in items})
    return st.lists(item, min_size=low, max_size=high).map(
        lambda rows: ([{k: v[0] for k, v in row.items()} for row in rows],
                      [{k: v[1] for k, v in row.items()} for row in rows]))


@cache
def tables_document() -> dict[str, Any]:
    """The decree's tables as the site hands them to a calculator that needs data (and from
    which its form takes the suggestions of a ``choices_from`` field)."""
    from macros.data.site import current

    return current().decree_tables


def data_for(name: str) -> dict[str, Any] | None:
    """The data the page gives calculator ``name`` (None when it needs none)."""
    return tables_document() if declaration(name).get("needs_data") else None


def _text(spec: dict[str, Any]) -> st.SearchStrategy[tuple[str, str]]:
    """A text field: one of the suggestions its form offers (``choices_from``), or any text."""
    source = spec.get("choices_from")
    if source:
        from macros.data.calculator_tables import choices

        names = choices(tables_document(), source)
        return st.sampled_from(names).map(lambda v: (v, v))
    return st.text(max_size=30).map(lambda v: (v, v))


def value_strategy(spec: dict[str, Any]) -> st.SearchStrategy[tuple[Any, Any]]:
    """``(value, typed)`` for one declared field, by its type and bounds."""
    kind = spec["type"]
    if kind == "text":
        return _text(spec)
    if kind == "choice":
        return st.sampled_from([c["value"] for c in spec["choices"]]).map(lambda v: (v, v))
    if kind == "boolean":
        return st.booleans().map(lambda v: (v, v))
    if kind == "money":
        return _money(spec)
    if kind == "decimal":
        return _decimal(spec)
    if kind == "integer":
        low, high = int(spec.get("min", 0)), int(spec.get("max", 1000))
        anywhere = st.integers(low, high)
        near = anywhere
        hint = str(spec.get("placeholder", "")).removeprefix("ex.:").strip()
        if hint.isdigit():  # the usual value the form suggests, and values around it
            usual = int(hint)
            near = st.integers(max(low, usual - usual // 4), min(high, usual + usual // 4))
        return st.one_of(anywhere, near, st.sampled_from(sorted({low, high}))).map(lambda n: (n, str(n)))
    if kind == "duration":
        return _duration(spec)
    if kind == "list":
        return _list(spec)
    raise AssertionError(f"tipo de campo sem gerador: {kind!r} ({spec['name']})")


def _visible(spec: dict[str, Any], chosen: dict[str, Any]) -> bool:
    rule = spec.get("visible_when")
    return not rule or chosen.get(rule["field"]) in rule["in"]


@st.composite
def form_inputs(draw: st.DrawFn, name: str, fixed: dict[str, Any] | None = None,
                filled: tuple[str, ...] = ()) -> Pair:
    """Everything one form can send, field by field in the declared order; ``fixed`` holds
    choices made beforehand (a property about today's figures draws only «hoje»), ``filled``
    optional fields never left blank (a property about them)."""
    values: dict[str, Any] = {}
    typed: dict[str, Any] = {}
    for spec in declaration(name)["inputs"]:
        field = spec["name"]
        if fixed and field in fixed:
            values[field] = typed[field] = fixed[field]
            continue
        required = spec.get("required") or (
            spec.get("required_when") and values.get(spec["required_when"]["field"]) in spec["required_when"]["in"])
        if not _visible(spec, values):
            values[field], typed[field] = None, ""
            continue
        if not required and field not in filled and spec.get("default") is None and draw(st.booleans()):
            values[field], typed[field] = None, ""
            continue
        values[field], typed[field] = draw(value_strategy(spec))
    return values, typed
