"""Reading user text into typed values, shared by the browser and the tests.

Numbers are read in Brazilian format: ``1.234,56``, ``1234,56``, ``1234.56`` and ``1234`` are
accepted; a dot followed by groups of exactly three digits is a thousands separator, so
``1.234`` means one thousand two hundred and thirty-four. Mil-réis may also be written the
period way (``1:500$000``, ``12$500``). The length of the text is bounded before any parsing;
only ASCII digits are accepted, so ``NaN``, ``Infinity`` and exponents (``1e309``) are refused.

Every refusal is a :class:`FieldError` with a plain-text Portuguese message that names the
field by its label and never repeats the text that was typed.
"""

import math
import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation

MAX_NUMBER_LENGTH = 32
MAX_TEXT_LENGTH = 200
# Years a date may have: a margin from the ends of the calendar, so that the day before and the
# week after any date still exist (the jornada looks at both).
MIN_YEAR, MAX_YEAR = 1900, 2199
# Longer raw text is refused before anything else is done with it (stripping, splitting).
MAX_RAW_LENGTH = 1000

_INT = r"[0-9]+"
_THOUSANDS = r"[1-9][0-9]{0,2}(?:\.[0-9]{3})+"
_NUMBER_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"(?:{_INT})"), "plain"),
    (re.compile(rf"(?:{_THOUSANDS})"), "thousands"),
    (re.compile(rf"(?:{_THOUSANDS}|{_INT}),[0-9]+"), "comma"),
    (re.compile(rf"(?:{_INT})\.[0-9]+"), "dot"),
)
_MIL_REIS = re.compile(r"(?:([0-9]{1,3}(?:\.[0-9]{3})*):([0-9]{3})|([0-9]*))\$([0-9]{3})")
# Clock times: 07:00, 7:00, 07.00, 07,00, 7h, 7h30, 19h, 19 h 30, 7, 19, 0700, 730.
_TIME = re.compile(r"([0-9]{1,2})\s*(?:[:.,hH]\s*([0-9]{2})?\s*(?:min)?)?")
_TIME_DIGITS = re.compile(r"([0-9]{1,2})([0-9]{2})")
# Durations: 1:30, 1h30, 1h, 1 h 30 min, 90min, 90 min (decimal hours go to parse_number).
_DURATION = re.compile(r"([0-9]{1,4}):([0-9]{2})")
_DURATION_H = re.compile(r"([0-9]{1,4})\s*h\s*(?:([0-9]{1,2})\s*(?:min|m)?)?")
_DURATION_MIN = re.compile(r"([0-9]{1,5})\s*(?:min|m)")
_ISO_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
# Dates: 04/03/2024, 4/3/24, 4.3.2024, 4-3-24, 04032024, 040324.
_BR_DATE = re.compile(r"([0-9]{1,2})[/.,-]([0-9]{1,2})[/.,-]([0-9]{4}|[0-9]{2})")
_DIGIT_DATE = re.compile(r"([0-9]{2})([0-9]{2})([0-9]{4}|[0-9]{2})")

# The words a yes/no answer may be typed or linked with, once: the forms get the yes words from the
# build (``data-palavras-sim``, macros/render/calculator_form.py).
YES_WORDS = frozenset({"sim", "s", "true", "verdadeiro", "1", "on", "yes"})
NO_WORDS = frozenset({"nao", "não", "n", "false", "falso", "0", "off", "no"})


@dataclass(frozen=True)
class FieldError(Exception):
    """An input refused: the field's name and a Portuguese message for the user."""

    field: str
    message: str

    def to_json(self) -> dict[str, str]:
        """JSON form: ``{"field": ..., "message": ...}``."""
        return {"field": self.field, "message": self.message}


class InputError(Exception):
    """One or more inputs refused."""

    def __init__(self, errors: list[FieldError]) -> None:
        super().__init__("; ".join(f"{e.field}: {e.message}" for e in errors))
        self.errors = errors


def is_blank(raw: object) -> bool:
    """True when nothing was given (missing, ``None`` or only spaces)."""
    return raw is None or (isinstance(raw, str) and raw.strip() == "")


def _number_text(raw: object, field: str, label: str) -> str:
    """The text of a number, refusing what cannot be one (lists, booleans, floats' NaN)."""
    if isinstance(raw, bool):
        raise FieldError(field, f"{label}: informe um número, não sim/não.")
    if isinstance(raw, int):
        if abs(raw) >= 10**MAX_NUMBER_LENGTH:
            raise FieldError(field, f"{label}: número grande demais.")
        return str(raw)
    if isinstance(raw, float):
        if not math.isfinite(raw):
            raise FieldError(field, f"{label}: o valor não é um número.")
        # A float is converted exactly from its shortest decimal text, read with a dot.
        text = repr(raw)
        if "e" in text or "E" in text:
            raise FieldError(field, f"{label}: escreva o número por extenso, sem expoente.")
        return text if "." in text else text + ".0"
    if isinstance(raw, Decimal):
        if not raw.is_finite():
            raise FieldError(field, f"{label}: o valor não é um número.")
        if raw and not -MAX_NUMBER_LENGTH < raw.adjusted() < MAX_NUMBER_LENGTH:
            raise FieldError(field, f"{label}: número longo demais.")
        return format(raw, "f")
    if not isinstance(raw, str):
        raise FieldError(field, f"{label}: formato inválido; informe um número.")
    if len(raw) > MAX_RAW_LENGTH:
        raise FieldError(field, f"{label}: número longo demais.")
    return raw.strip()


def parse_number(raw: object, field: str, label: str, mil_reis: bool = False) -> Decimal:
    """A number in Brazilian format (see the module docstring)."""
    from_float = isinstance(raw, (float, Decimal))
    text = _number_text(raw, field, label)
    if len(text) > MAX_NUMBER_LENGTH:
        raise FieldError(field, f"{label}: número longo demais.")
    for prefix in ("Cr$", "cr$", "CR$", "R$"):
        if text.startswith(prefix):
            text = text[len(prefix) :].strip()
            break
    negative = text.startswith("-")
    if negative:
        text = text[1:].strip()
    if text == "":
        raise FieldError(field, f"{label}: campo obrigatório.")
    value = _read_unsigned(text, field, label, mil_reis, from_float)
    return -value if negative else value


def _read_unsigned(text: str, field: str, label: str, mil_reis: bool, dot: bool) -> Decimal:
    """An unsigned number from ASCII text; ``dot`` forces the dot as decimal separator."""
    if dot:
        if re.fullmatch(r"[0-9]+(?:\.[0-9]+)?", text):
            return _decimal(text, field, label)
    elif mil_reis and (match := _MIL_REIS.fullmatch(text)):
        contos, units_after_contos, units, reis = match.groups()
        whole = int((contos or "0").replace(".", "")) * 1000 + int(units_after_contos or units or "0")
        return Decimal(whole) + Decimal(int(reis)) / 1000
    else:
        for pattern, kind in _NUMBER_PATTERNS:
            if pattern.fullmatch(text):
                if kind == "thousands":
                    text = text.replace(".", "")
                elif kind == "comma":
                    text = text.replace(".", "").replace(",", ".")
                return _decimal(text, field, label)
    hint = " ou 1:500$000" if mil_reis else ""
    raise FieldError(
        field,
        f"{label}: número inválido; use só algarismos, com vírgula para os decimais "
        f"(por exemplo 1.234,56{hint}).",
    )


def _decimal(text: str, field: str, label: str) -> Decimal:
    """Decimal from already-validated ASCII digits."""
    try:
        value = Decimal(text)
    except InvalidOperation:  # pragma: no cover - the patterns admit only digits
        raise FieldError(field, f"{label}: número inválido.") from None
    if not value.is_finite():  # pragma: no cover
        raise FieldError(field, f"{label}: número inválido.")
    return value


def decimal_places(value: Decimal) -> int:
    """How many decimal places the value was written with."""
    exponent = value.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def parse_integer(raw: object, field: str, label: str, hint: str = "") -> int:
    """A whole number (``1.234`` is one thousand two hundred and thirty-four); ``hint`` is the
    field's own example (``informe em minutos (ex.: 60)``)."""
    try:
        value = parse_number(raw, field, label)
    except FieldError as error:
        if "número inválido" not in error.message:
            raise
        if hint:
            raise FieldError(field, f"{label}: número inválido; {hint}.") from None
        raise FieldError(field, f"{label}: número inválido; informe um número inteiro, só com "
                                "algarismos (por exemplo 12).") from None
    if value != value.to_integral_value():
        raise FieldError(field, f"{label}: {hint or 'informe um número inteiro'}.")
    return int(value)


def parse_boolean(raw: object, field: str, label: str) -> bool:
    """Yes or no: a JSON boolean, or ``sim``/``não``, ``true``/``false``, ``1``/``0``."""
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and len(raw) <= 20:
        text = raw.strip().casefold()
        if text in YES_WORDS:
            return True
        if text in NO_WORDS:
            return False
    raise FieldError(field, f"{label}: responda sim ou não.")


TIME_HELP = "informe a hora como 07:00, 0700, 7, 7h, 7h30 ou 19h (de 00:00 a 23:59)"
DURATION_HELP = "informe a duração como 1:30, 1h30, 1,5 (horas) ou 90min"
DATE_HELP = "informe a data como 04/03/2024, 4/3/24 ou 2024-03-04"


def parse_time(raw: object, field: str, label: str) -> int:
    """A clock time, as minutes after midnight: ``07:00``, ``7:00``, ``07.00``, ``07,00``,
    ``7h``, ``7h30``, ``19h``, ``7`` and ``19`` (whole hours), ``0700`` and ``730`` (hours and
    minutes without a separator). From 00:00 to 23:59."""
    if isinstance(raw, str) and len(raw) <= 12:
        text = raw.strip()
        match = _TIME.fullmatch(text) or _TIME_DIGITS.fullmatch(text)
        if match:
            hours, minutes = int(match.group(1)), int(match.group(2) or 0)
            if hours < 24 and minutes < 60:
                return hours * 60 + minutes
    raise FieldError(field, f"{label}: {TIME_HELP}.")


def parse_duration(raw: object, field: str, label: str) -> Decimal:
    """A duration as minutes: ``1:30``, ``1h30``, ``1h``, ``90min`` or decimal hours (``1,5``,
    ``2``)."""
    if isinstance(raw, str) and len(raw) <= MAX_NUMBER_LENGTH:
        text = raw.strip().casefold()
        match = _DURATION.fullmatch(text) or _DURATION_H.fullmatch(text)
        if match:
            hours, minutes = int(match.group(1)), int(match.group(2) or 0)
            if minutes >= 60:
                raise FieldError(field, f"{label}: os minutos vão de 00 a 59.")
            return Decimal(hours * 60 + minutes)
        only_minutes = _DURATION_MIN.fullmatch(text)
        if only_minutes:
            return Decimal(int(only_minutes.group(1)))
        if any(ch in text for ch in ":hm"):
            raise FieldError(field, f"{label}: {DURATION_HELP}.")
    try:
        return parse_number(raw, field, label) * 60
    except FieldError as error:
        if "número inválido" not in error.message:
            raise
        raise FieldError(field, f"{label}: {DURATION_HELP}.") from None


MINUTES_HELP = "informe os minutos como 60, 60min, 1h, 1h30 ou 1:00"
MINUTES_TYPING = "Escreva em minutos (90) ou em horas e minutos (1h30 ou 1:30)."
"""The help under a minutes field: the forms :func:`parse_minutes` accepts."""


def parse_minutes(raw: object, field: str, label: str) -> int:
    """A whole number of minutes, written as minutes or as hours, as the hour fields accept them:
    ``60``, ``60min``, ``60 m`` (minutes); ``1h``, ``1h30``, ``1:00`` (hours and minutes). A bare
    number is minutes (``1,5`` is refused: minutes are whole)."""
    if isinstance(raw, str) and len(raw) <= MAX_NUMBER_LENGTH:
        text = raw.strip().casefold()
        match = _DURATION.fullmatch(text) or _DURATION_H.fullmatch(text)
        if match:
            hours, minutes = int(match.group(1)), int(match.group(2) or 0)
            if minutes >= 60:
                raise FieldError(field, f"{label}: os minutos vão de 00 a 59.")
            return hours * 60 + minutes
        only_minutes = _DURATION_MIN.fullmatch(text)
        if only_minutes:
            return int(only_minutes.group(1))
        if any(ch in text for ch in ":hm"):
            raise FieldError(field, f"{label}: {MINUTES_HELP}.")
    return parse_integer(raw, field, label, MINUTES_HELP)


def parse_date(raw: object, field: str, label: str) -> date:
    """A date: ``AAAA-MM-DD``, ``DD/MM/AAAA``, ``D/M/AA`` (also with ``.``, ``-`` or ``,``),
    ``DDMMAAAA`` or ``DDMMAA``, in the years ``MIN_YEAR`` to ``MAX_YEAR``. A two-digit year is of
    this century (``24`` → 2024)."""
    if isinstance(raw, date):
        raw = raw.isoformat()
    if isinstance(raw, str) and len(raw) <= 12:
        text = raw.strip()
        iso = _ISO_DATE.fullmatch(text)
        brazilian = _BR_DATE.fullmatch(text) or _DIGIT_DATE.fullmatch(text)
        try:
            if iso:
                found = date(int(iso.group(1)), int(iso.group(2)), int(iso.group(3)))
            elif brazilian:
                day, month, year = (int(g) for g in brazilian.groups())
                if len(brazilian.group(3)) == 2:
                    year += 2000
                found = date(year, month, day)
            else:
                found = None
        except ValueError:
            raise FieldError(field, f"{label}: essa data não existe.") from None
        if found is not None:
            if not MIN_YEAR <= found.year <= MAX_YEAR:
                raise FieldError(field, f"{label}: use uma data entre os anos {MIN_YEAR} e {MAX_YEAR}.")
            return found
    raise FieldError(field, f"{label}: {DATE_HELP}.")


def parse_text(raw: object, field: str, label: str) -> str:
    """A short line of text (spaces trimmed, length bounded)."""
    if not isinstance(raw, str):
        raise FieldError(field, f"{label}: informe um texto.")
    if len(raw) > MAX_RAW_LENGTH:
        raise FieldError(field, f"{label}: texto longo demais (até {MAX_TEXT_LENGTH} letras).")
    text = " ".join(raw.split())
    if len(text) > MAX_TEXT_LENGTH:
        raise FieldError(field, f"{label}: texto longo demais (até {MAX_TEXT_LENGTH} letras).")
    return text
