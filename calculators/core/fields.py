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

from .durations import clock, format_hours, hours_text
from .money import Currency, amount_text, format_decimal, format_money
from .parsing import (
    FieldError,
    InputError,
    decimal_places,
    is_blank,
    parse_boolean,
    parse_date,
    parse_duration,
    parse_integer,
    parse_minutes,
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
    currency_from: tuple[str, tuple[tuple[str, Currency], ...]] | None = None
    plausible_max: str | None = None
    initial_items: int = 0
    # The noun of one item of a list field, as the form names it ("Período 1", "Remover período 1").
    item_noun: str = ""

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
        if self.currency_from is not None:
            out["currency_from"] = {
                "field": self.currency_from[0],
                "by_value": {value: c.to_json() for value, c in self.currency_from[1]},
            }
        if self.plausible_max is not None:
            out["plausible_max"] = self.plausible_max
        if self.initial_items:
            out["initial_items"] = self.initial_items
        if self.item_noun:
            out["item_noun"] = self.item_noun
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
        self._fields = fields
        self._types = {f.name: f.type for f in fields}
        # mil-réis amounts echo the period way (12$000), so an echo reads back as typed
        self._mil_reis = {f.name for f in fields if f.type == "money" and f.currency is Currency.MIL_REIS
                          and f.currency_from is None}

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
            name: (format_money(value, Currency.MIL_REIS)
                   if name in self._mil_reis and isinstance(value, Decimal) and value >= 0
                   else _value_json(value, self._types.get(name, "text")))
            for name, value in self._values.items()
        }


    def shown(self, prefix: str = "") -> dict[str, str]:
        """Each value as a reader reads it, by the field's path (``salario_mensal``,
        ``prorrogacoes[0].horas``): money with the sign of its era, hours as hours, a choice by
        its label, a date as dd/mm/aaaa; never the raw typing («2800», «03»). The receipt's
        «Dados informados» (issue 26 §4)."""
        out: dict[str, str] = {}
        for spec in self._fields:
            value = self._values.get(spec.name)
            path = f"{prefix}{spec.name}"
            if value is None:
                continue
            if isinstance(value, list):
                for index, item in enumerate(value):
                    out.update(item.shown(f"{path}[{index}]."))
                continue
            out[path] = _shown_value(spec, value, _currency_of(spec, self._fields, self._values))
        return out


def _shown_value(spec: "Field", value: Value, currency: Currency | None) -> str:
    """One parsed value in words and figures of its kind (see :meth:`ParsedInputs.shown`)."""
    if isinstance(value, bool):
        return "sim" if value else "não"
    if spec.type == "choice":
        return next((c.label for c in spec.choices if c.value == value), str(value))
    if spec.type == "duration" and isinstance(value, Decimal):
        return format_hours(value)
    if spec.type == "time" and isinstance(value, int):
        return clock(value)
    if isinstance(value, date):
        return value.strftime("%d/%m/%Y")
    if spec.type == "money" and isinstance(value, Decimal) and currency is not None:
        return format_money(value, currency)
    if isinstance(value, (Decimal, int)):
        number = Decimal(value)
        # One reading of the same number, however it was typed («0,000» and «0» are both «0»).
        number = number.quantize(Decimal(1)) if number == number.to_integral_value() else number.normalize()
        if spec.unit == "%":
            return f"{format_decimal(number)}%"
        return amount_text(number, spec.unit, None)
    return str(value)


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


def _check_bounds(value: Decimal, spec: Field, path: str, unit: str,
                  currency: Currency | None = None) -> None:
    """Refuse values outside the declared bounds (money with its sign first: ``Cr$ 1.000``;
    other units after the number, in the singular after 1: ``1 hora``)."""
    low, high = _bound(spec.minimum), _bound(spec.maximum)
    if low is not None and value < low:
        if low == 0:
            raise FieldError(path, f"{spec.label}: não pode ser negativo.")
        raise FieldError(path, f"{spec.label}: deve ser no mínimo {amount_text(low, unit, currency)}.")
    if high is not None and value > high:
        raise FieldError(path, f"{spec.label}: deve ser no máximo {amount_text(high, unit, currency)}.")


# Signs that name a currency, and the currency each names ("$" inside: mil-réis).
_SIGNS: tuple[tuple[str, Currency], ...] = (("cr$", Currency.CRUZEIRO), ("r$", Currency.REAL))


def _named_currency(raw: object) -> Currency | None:
    """The currency the typed text names by its sign, if any."""
    if not isinstance(raw, str):
        return None
    text = raw.strip().casefold()
    for sign, currency in _SIGNS:
        if text.startswith(sign):
            return currency
    if "$" in text:
        return Currency.MIL_REIS
    return None


def _check_sign(raw: object, spec: Field, currency: Currency, path: str) -> None:
    """A currency sign that contradicts the field's era gets a message, not silence."""
    named = _named_currency(raw)
    if named is None:
        return
    cruzeiros = (Currency.CRUZEIRO, Currency.CRUZEIRO_1965)
    if named is currency or (named is Currency.CRUZEIRO and currency in cruzeiros):
        return
    sign = {Currency.REAL: "«R$» indica reais de hoje", Currency.MIL_REIS: "«$» indica mil-réis",
            }.get(named, "«Cr$» indica cruzeiros")
    hint = ""
    if spec.currency_from is not None:
        hint = " Para mudar de moeda, escolha a época dos valores no começo do formulário."
    raise FieldError(path, f"{spec.label}: {sign}, mas este campo está em {currency.era_text}.{hint}")


def _check_plausible(number: Decimal, raw: object, spec: Field, currency: Currency | None,
                     path: str) -> None:
    """A mil-réis value written without ``$`` and implausible for the field is not computed
    silently: ask which of the two readings was meant (``12$000 ou 12:000$000?``)."""
    if spec.plausible_max is None or currency is not Currency.MIL_REIS:
        return
    if number <= Decimal(spec.plausible_max) or (isinstance(raw, str) and "$" in raw):
        return
    small, big = format_money(number / 1000, currency), format_money(number, currency)
    raise FieldError(
        path,
        f"{spec.label}: {small} ou {big}? Lido como {big}, o valor é improvável para este "
        "campo. Escreva-o no formato da época, com o cifrão ($), para confirmar.",
    )


def parse_value(spec: Field, raw: object, path: str, currency: Currency | None = None) -> Value:
    """Parse one non-blank value according to its declaration (``currency``: the era chosen
    by another field, for fields declared with ``currency_from``)."""
    label = spec.label
    currency = currency or spec.currency
    if spec.type in ("money", "decimal"):
        if currency is not None:
            _check_sign(raw, spec, currency, path)
        mil_reis = currency is Currency.MIL_REIS
        number = parse_number(raw, path, label, mil_reis=mil_reis)
        places = spec.places
        if places is None and currency is not None:
            places = currency.input_places
        if places is not None and decimal_places(number.normalize()) > places:
            raise FieldError(path, f"{label}: use no máximo {places} casas decimais.")
        _check_bounds(number, spec, path, spec.unit, currency if spec.type == "money" else None)
        _check_plausible(number, raw, spec, currency, path)
        return number
    if spec.type == "integer":
        # a minutes field reads minutes or hours: 60, 60min, 1h, 1:00
        whole = parse_minutes(raw, path, label) if spec.unit == "min" else parse_integer(raw, path, label)
        _check_bounds(Decimal(whole), spec, path, "minutos" if spec.unit == "min" else spec.unit)
        return whole
    if spec.type == "duration":
        minutes = parse_duration(raw, path, label)
        _check_bounds(minutes / 60, spec, path, "horas")
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
    # A row left wholly blank is nothing typed: it is skipped (the form opens with one).
    raw = [item for item in raw if not (isinstance(item, Mapping) and item
                                        and all(is_blank(v) for v in item.values()))]
    if len(raw) < spec.min_items:
        noun = "item" if spec.min_items == 1 else "itens"
        raise FieldError(path, f"{spec.label}: informe ao menos {spec.min_items} {noun}.")
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


def _currency_of(spec: Field, fields: tuple[Field, ...], values: dict[str, Value]) -> Currency | None:
    """The currency of a field whose era is chosen by another (declared earlier) field."""
    if spec.currency_from is None:
        return spec.currency
    name, table = spec.currency_from
    chosen = values.get(name)
    if not isinstance(chosen, str):
        default = next((f.default for f in fields if f.name == name), None)
        chosen = default if isinstance(default, str) else ""
    return dict(table).get(chosen, table[0][1])



def parse_inputs(fields: tuple[Field, ...], raw: object, prefix: str = "") -> ParsedInputs:
    """Parse every declared field; raise :class:`InputError` listing every refused field."""
    if not isinstance(raw, Mapping):
        raise InputError([FieldError(prefix.rstrip(".") or "entradas", "Entradas em formato inválido.")])
    known = {f.name for f in fields}
    errors = _unknown_keys(raw, known, prefix)
    values: dict[str, Value] = {}
    for spec in fields:
        path = f"{prefix}{spec.name}"
        currency = _currency_of(spec, fields, values)
        raw_value = raw.get(spec.name)
        if is_blank(raw_value):  # an empty list is no blank: in a field that is not a list, refused
            raw_value = spec.default
        if is_blank(raw_value):
            if spec.required:
                errors.append(FieldError(path, f"{spec.label}: campo obrigatório."))
            values[spec.name] = None
            continue
        try:
            values[spec.name] = parse_value(spec, raw_value, path, currency)
        except FieldError as error:
            errors.append(error)
        except InputError as error:
            errors.extend(error.errors)
    if errors:
        raise InputError(errors)
    return ParsedInputs(values, fields)
