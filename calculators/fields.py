"""Input declarations and the parsing of a whole input dict against them.

A calculator declares its inputs as :class:`Field` objects; the web form is generated from
their JSON form (:meth:`Field.to_json`), and :func:`parse_inputs` turns the raw JSON-like input
into typed values, collecting one Portuguese error per refused field.

Types: ``money`` (Decimal in the calculator's currency), ``decimal``, ``integer``, ``choice``,
``boolean``, ``time`` (``HH:MM``), ``duration`` (``H:MM`` or decimal hours), ``date``, ``text``
and ``list`` (a list of items, each with its own ``item_fields``).
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Literal

from .durations import clock, hours_text
from .money import Currency, format_decimal
from .parsing import (
    FieldError,
    InputError,
    decimal_places,
    is_blank,
    parse_boolean,
    parse_date,
    parse_duration,
    parse_integer,
    parse_number,
    parse_text,
    parse_time,
)

FieldType = Literal[
    "money", "decimal", "integer", "choice", "boolean", "time", "duration", "date", "text", "list"
]
Value = Decimal | int | bool | str | date | list["ParsedInputs"] | None
MAX_LIST_ITEMS = 50


@dataclass(frozen=True)
class Choice:
    """One option of a ``choice`` field."""

    value: str
    label: str

    def to_json(self) -> dict[str, str]:
        """JSON form."""
        return {"value": self.value, "label": self.label}


@dataclass(frozen=True)
class Field:
    """The declaration of one input.

    ``minimum``/``maximum`` are written as plain decimal text (``"0"``, ``"1.5"``) for number
    types, as ``H:MM`` is not used: durations are bounded in hours. ``default`` is JSON-like
    text, number or boolean and is parsed like a user's value. ``visible_when`` tells the form
    to show the field only when another field has one of the given values; ``required_when``
    lists the values of that same field for which the calculator requires this one (the form then
    does not call it optional).
    """

    name: str
    label: str
    type: FieldType
    help: str
    unit: str = ""
    required: bool = True
    default: str | int | bool | list[object] | None = None
    minimum: str | None = None
    maximum: str | None = None
    places: int | None = None
    choices: tuple[Choice, ...] = ()
    item_fields: tuple["Field", ...] = ()
    min_items: int = 0
    max_items: int = MAX_LIST_ITEMS
    currency: Currency | None = None
    group: str = ""
    placeholder: str = ""
    visible_when: tuple[str, tuple[str, ...]] | None = None
    required_when: tuple[str, ...] = ()
    extra: tuple[tuple[str, str], ...] = field(default=())

    def to_json(self) -> dict[str, object]:
        """The JSON declaration read by the form generator."""
        out: dict[str, object] = {
            "name": self.name,
            "label": self.label,
            "type": self.type,
            "unit": self.unit,
            "required": self.required,
            "default": self.default,
            "help": self.help,
        }
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        if self.places is not None:
            out["places"] = self.places
        if self.currency is not None:
            out["currency"] = self.currency.to_json()
        if self.type == "choice":
            out["choices"] = [c.to_json() for c in self.choices]
        if self.type == "list":
            out["item_fields"] = [f.to_json() for f in self.item_fields]
            out["min_items"] = self.min_items
            out["max_items"] = self.max_items
        if self.group:
            out["group"] = self.group
        if self.placeholder:
            out["placeholder"] = self.placeholder
        if self.visible_when is not None:
            out["visible_when"] = {
                "field": self.visible_when[0],
                "in": list(self.visible_when[1]),
            }
            if self.required_when:
                out["required_when"] = {"field": self.visible_when[0], "in": list(self.required_when)}
        for key, value in self.extra:
            out[key] = value
        return out


class ParsedInputs:
    """Typed, read-only access to parsed inputs (keeps mypy honest without ``Any``)."""

    def __init__(self, values: Mapping[str, Value], fields: tuple["Field", ...] = ()) -> None:
        self._values = dict(values)
        self._types = {f.name: f.type for f in fields}

    def raw(self, name: str) -> Value:
        """The parsed value as stored."""
        return self._values.get(name)

    def decimal(self, name: str) -> Decimal:
        """A required number."""
        value = self._values.get(name)
        if not isinstance(value, Decimal):
            raise TypeError(name)
        return value

    def optional_decimal(self, name: str) -> Decimal | None:
        """A number that may be absent."""
        value = self._values.get(name)
        return value if isinstance(value, Decimal) else None

    def integer(self, name: str) -> int:
        """A required whole number."""
        value = self._values.get(name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(name)
        return value

    def optional_integer(self, name: str) -> int | None:
        """A whole number that may be absent."""
        value = self._values.get(name)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def boolean(self, name: str) -> bool:
        """A yes/no."""
        return self._values.get(name) is True

    def text(self, name: str) -> str:
        """A choice or a text ("" when absent)."""
        value = self._values.get(name)
        return value if isinstance(value, str) else ""

    def day(self, name: str) -> date:
        """A date."""
        value = self._values.get(name)
        if not isinstance(value, date):
            raise TypeError(name)
        return value

    def items(self, name: str) -> list["ParsedInputs"]:
        """The items of a list field."""
        value = self._values.get(name)
        return value if isinstance(value, list) else []

    def to_json(self) -> dict[str, object]:
        """The inputs as used, in JSON form (numbers as text)."""
        return {
            name: _value_json(value, self._types.get(name, "text"))
            for name, value in self._values.items()
        }


def _value_json(value: Value, kind: str) -> object:
    """JSON form of a parsed value (times as ``HH:MM``, durations as ``H:MM``)."""
    if kind == "time" and isinstance(value, int):
        return clock(value)
    if kind == "duration" and isinstance(value, Decimal):
        return hours_text(value)
    if isinstance(value, Decimal):
        # Comma as decimal separator: "1.234" would read back as one thousand and more.
        return format(value.normalize(), "f").replace(".", ",")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, list):
        return [item.to_json() for item in value]
    return value


def _bound(text: str | None) -> Decimal | None:
    return Decimal(text) if text is not None else None


def _check_bounds(value: Decimal, spec: Field, path: str, shown: str) -> None:
    """Refuse values outside the declared bounds."""
    low, high = _bound(spec.minimum), _bound(spec.maximum)
    if low is not None and value < low:
        if low == 0:
            raise FieldError(path, f"{spec.label}: não pode ser negativo.")
        raise FieldError(path, f"{spec.label}: deve ser no mínimo {format_decimal(low)}{shown}.")
    if high is not None and value > high:
        raise FieldError(path, f"{spec.label}: deve ser no máximo {format_decimal(high)}{shown}.")


def parse_value(spec: Field, raw: object, path: str) -> Value:
    """Parse one non-blank value according to its declaration."""
    label = spec.label
    unit = f" {spec.unit}" if spec.unit else ""
    if spec.type in ("money", "decimal"):
        mil_reis = spec.currency is Currency.MIL_REIS
        number = parse_number(raw, path, label, mil_reis=mil_reis)
        places = spec.places
        if places is None and spec.currency is not None:
            places = spec.currency.input_places
        if places is not None and decimal_places(number.normalize()) > places:
            raise FieldError(path, f"{label}: use no máximo {places} casas decimais.")
        _check_bounds(number, spec, path, unit)
        return number
    if spec.type == "integer":
        whole = parse_integer(raw, path, label)
        _check_bounds(Decimal(whole), spec, path, unit)
        return whole
    if spec.type == "duration":
        minutes = parse_duration(raw, path, label)
        _check_bounds(minutes / 60, spec, path, " h")
        return minutes
    if spec.type == "boolean":
        return parse_boolean(raw, path, label)
    if spec.type == "choice":
        if isinstance(raw, str) and raw.strip() in {c.value for c in spec.choices}:
            return raw.strip()
        raise FieldError(path, f"{label}: escolha uma das opções.")
    if spec.type == "time":
        return parse_time(raw, path, label)
    if spec.type == "date":
        return parse_date(raw, path, label)
    if spec.type == "text":
        return parse_text(raw, path, label)
    return _parse_list(spec, raw, path)


def _parse_list(spec: Field, raw: object, path: str) -> list[ParsedInputs]:
    """A list of items, each parsed against ``item_fields``."""
    if not isinstance(raw, list):
        raise FieldError(path, f"{spec.label}: formato inválido; esperava-se uma lista.")
    if len(raw) > spec.max_items:
        raise FieldError(path, f"{spec.label}: no máximo {spec.max_items} itens.")
    if len(raw) < spec.min_items:
        raise FieldError(path, f"{spec.label}: informe ao menos {spec.min_items} item(ns).")
    items: list[ParsedInputs] = []
    errors: list[FieldError] = []
    for index, item in enumerate(raw):
        item_path = f"{path}[{index}]"
        if not isinstance(item, Mapping):
            errors.append(FieldError(item_path, f"{spec.label}, item {index + 1}: formato inválido."))
            continue
        try:
            items.append(parse_inputs(spec.item_fields, item, prefix=f"{item_path}."))
        except InputError as error:
            for sub in error.errors:
                errors.append(
                    FieldError(sub.field, f"{spec.label}, item {index + 1} — {sub.message}")
                )
    if errors:
        raise InputError(errors)
    return items


# Unknown keys: at most this many are named, the rest are counted (100 000 unknown keys must not
# make a call slow or its answer huge). A key is shown as typed, cut to KEY_SHOWN characters.
MAX_UNKNOWN_REPORTED = 5
KEY_SHOWN = 40
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")


def _key_text(key: object) -> str:
    """An unknown key as it can be shown: letters, digits, ``_``, ``-`` and spaces (anything else
    becomes ``?``, so no markup ever reaches a message), at most ``KEY_SHOWN`` characters."""
    text = key if isinstance(key, str) else repr(key)
    text = text[: KEY_SHOWN + 1]
    shown = "".join(ch if ch.isalnum() or ch in "_- " else "?" for ch in text[:KEY_SHOWN])
    return shown + ("…" if len(text) > KEY_SHOWN else "")


def _unknown_keys(raw: Mapping[object, object], known: set[str], prefix: str) -> list[FieldError]:
    """One error per unknown key (named, capitals included), at most a few, then a count."""
    errors: list[FieldError] = []
    extra = 0
    for key in raw:
        if key in known:
            continue
        if len(errors) >= MAX_UNKNOWN_REPORTED:
            extra += 1
            continue
        safe = isinstance(key, str) and 0 < len(key) <= KEY_SHOWN and set(key) <= _NAME_CHARS
        name = f"{prefix}{key}" if safe else (prefix.rstrip(".") or "entradas")
        errors.append(FieldError(name, f"Campo desconhecido por esta calculadora: «{_key_text(key)}»."))
    if extra:
        plural = "campo desconhecido" if extra == 1 else "campos desconhecidos"
        errors.append(FieldError(prefix.rstrip(".") or "entradas", f"E mais {extra} {plural}."))
    return errors


def parse_inputs(fields: tuple[Field, ...], raw: object, prefix: str = "") -> ParsedInputs:
    """Parse every declared field; raise :class:`InputError` listing every refused field."""
    if not isinstance(raw, Mapping):
        raise InputError([FieldError(prefix.rstrip(".") or "entradas", "Entradas em formato inválido.")])
    known = {f.name for f in fields}
    errors = _unknown_keys(raw, known, prefix)
    values: dict[str, Value] = {}
    for spec in fields:
        path = f"{prefix}{spec.name}"
        raw_value = raw.get(spec.name)
        if is_blank(raw_value) or (spec.type != "list" and raw_value == []):
            raw_value = spec.default
        if is_blank(raw_value):
            if spec.required:
                errors.append(FieldError(path, f"{spec.label}: campo obrigatório."))
            values[spec.name] = None
            continue
        try:
            values[spec.name] = parse_value(spec, raw_value, path)
        except FieldError as error:
            errors.append(error)
        except InputError as error:
            errors.extend(error.errors)
    if errors:
        raise InputError(errors)
    return ParsedInputs(values, fields)
