"""Legal numbers declared once, each with the provision it comes from.

After OpenFisca's parameters (a description, dated values, ``metadata`` with ``unit`` and
``reference``) and GETTSIM's (a name, a description, a unit and, for each date from which a
value applies, the value with its legal reference), every number a rule takes from the law is
a :class:`Parameter`: its value, its unit, the :class:`~calculators.core.provisions.Provision`
that fixes it, a short description in Portuguese and the dates it applies from and to, when
known. The rule computes with ``PARAMETER.value``; the calculator's
:class:`~calculators.core.spec.CalculatorSpec` lists its parameters, ``api.describe`` exports
them, and each calculator page shows them in its «Parâmetros» table.

A value is a ``Decimal`` or an ``int`` (never a float); its unit says how to read it:

- :data:`PERCENT`: a fraction (``Decimal("0.20")`` is 20%);
- :data:`TIMES`: a multiplier (``2`` is the double);
- :data:`MINUTES`: a duration in minutes (``480`` is 8 hours);
- :data:`CLOCK`: a time of day in minutes after midnight (``420`` is 07:00);
- :data:`DAYS`, :data:`TONNES`, :data:`QUOTAS`: counts of days, tonnes, quotas;
- :data:`NUMBER`: a plain number (a divisor).
"""

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Generic, TypeVar

from .durations import format_hours
from .money import format_decimal, format_plain
from .provisions import Provision

PERCENT = "percent"
TIMES = "times"
MINUTES = "minutes"
CLOCK = "clock"
DAYS = "days"
TONNES = "tonnes"
QUOTAS = "quotas"
NUMBER = "number"

V = TypeVar("V", Decimal, int)

UNITS = frozenset({PERCENT, TIMES, MINUTES, CLOCK, DAYS, TONNES, QUOTAS, NUMBER})

# Plain-word names of the multipliers the statutes use.
_TIMES_WORDS = ((2, "o dobro"), (3, "o triplo"))


def _plural(number: Decimal | int, singular: str, plural: str) -> str:
    return f"{format_plain(Decimal(number))} {singular if number == 1 else plural}"


def _duration(minutes: int) -> str:
    """``480`` → ``8 horas``; ``90`` → ``1 hora e 30 minutos``; ``20`` → ``20 minutos``."""
    hours, rest = divmod(minutes, 60)
    parts = []
    if hours:
        parts.append(_plural(hours, "hora", "horas"))
    if rest or not hours:
        parts.append(_plural(rest, "minuto", "minutos"))
    return " e ".join(parts)


def _date_text(iso: str) -> str:
    """``1988-10-05`` → ``05/10/1988``."""
    return date.fromisoformat(iso).strftime("%d/%m/%Y")


@dataclass(frozen=True)
class Parameter(Generic[V]):
    """A number of the law: value, unit, provision, description and dates (ISO, or empty when
    not known). ``today`` marks a number of today's law (editorial: a later act or a precedent,
    with its official publication and the date it was verified), as opposed to the numbers of
    the statutes of this edition, which are historical.

    A number of this edition's statutes carries no date (the build shows the act's date from
    ``data/statutes/``) and, in ``words``, the provision's own words that state it, verbatim
    (``tests/test_parameters_text.py`` finds them in the statute's text and checks that they
    say the same number); a number the text does not print says «leitura adotada» or
    «inferência» in its description and has no ``words``."""

    name: str
    value: V
    unit: str
    provision: Provision
    description: str
    start: str = ""
    end: str = ""
    today: bool = False
    words: str = ""

    def __post_init__(self) -> None:
        if self.unit not in UNITS:
            raise ValueError(f"parameter {self.name}: unknown unit {self.unit!r}")
        if isinstance(self.value, bool) or not isinstance(self.value, (Decimal, int)):
            raise TypeError(f"parameter {self.name}: the value must be a Decimal or an int")
        if self.unit in (MINUTES, CLOCK, DAYS) and self.value != int(self.value):
            raise TypeError(f"parameter {self.name}: {self.unit} are whole numbers")
        for when in (self.start, self.end):
            if when:
                date.fromisoformat(when)
        if self.today and not self.provision.external:
            raise ValueError(f"parameter {self.name}: a number of today comes from a later act")

    @property
    def formatted(self) -> str:
        """The value in plain Portuguese, Brazilian number format: ``20%``, ``8 horas``,
        ``07:00``, ``o dobro (2 vezes)``, ``1,5 quota``."""
        value = self.value
        if self.unit == PERCENT:
            return f"{format_decimal((Decimal(value) * 100).normalize())}%"
        if self.unit == TIMES:
            word = dict(_TIMES_WORDS).get(int(value)) if value == int(value) else None
            times = f"{format_plain(Decimal(value))} vezes"
            return f"{word} ({times})" if word else times
        if self.unit == MINUTES:
            return _duration(int(value))
        if self.unit == CLOCK:
            hours, rest = divmod(int(value), 60)
            return f"{hours:02d}:{rest:02d}"
        if self.unit == DAYS:
            return _plural(value, "dia", "dias")
        if self.unit == TONNES:
            return _plural(value, "tonelada", "toneladas")
        if self.unit == QUOTAS:
            return _plural(value, "quota", "quotas")
        return format_plain(Decimal(value))

    @property
    def short(self) -> str:
        """The value as a sentence of a result writes it: durations as ``8 h``, ``1 h 30 min``
        (:func:`~calculators.core.durations.format_hours`); every other unit as
        :attr:`formatted`."""
        if self.unit == MINUTES:
            return format_hours(Decimal(self.value))
        return self.formatted

    @property
    def number(self) -> str:
        """The bare number in the unit a sentence names after it: ``20`` for 20%, ``44`` for
        2640 minutes («44 por semana»), ``19`` for 19:00, ``2`` for the double; a duration that
        is not whole hours in minutes (``90``)."""
        value = Decimal(self.value)
        if self.unit == PERCENT:
            return format_decimal((value * 100).normalize())
        if self.unit in (MINUTES, CLOCK):
            hours, rest = divmod(int(value), 60)
            if self.unit == CLOCK:
                return f"{hours}" if not rest else f"{hours}h{rest:02d}"
            return f"{hours}" if not rest else f"{int(value)}"
        return format_plain(value)

    @property
    def period(self) -> str:
        """When the value applies, in words: ``de … a …``; with only a start, ``desde 05/10/1988``
        for a number of today, and ``no texto de …`` for a number of this edition's
        statutes, whose end this edition does not record (``desde`` would read as «still in force»)."""
        if self.start and self.end:
            return f"de {_date_text(self.start)} a {_date_text(self.end)}"
        if self.start:
            return f"desde {_date_text(self.start)}" if self.today else f"no texto de {_date_text(self.start)}"
        if self.end:
            return f"até {_date_text(self.end)}"
        return ""

    def to_json(self) -> dict[str, object]:
        """JSON form (in ``api.describe``): the value as text, never a float."""
        value = format(self.value, "f") if isinstance(self.value, Decimal) else str(self.value)
        return {
            "name": self.name,
            "value": value,
            "unit": self.unit,
            "formatted": self.formatted,
            "description": self.description,
            "provision": self.provision.to_json(),
            "start": self.start,
            "end": self.end,
            "period": self.period,
            "today": self.today,
        }


AnyParameter = Parameter[Decimal] | Parameter[int]


def example(text: str) -> str:
    """Mark ``text`` as an example the reader is shown («como 40 ou 36 horas», «2:30, 150min»):
    its numbers are not legal numbers, so no parameter has to hold them
    (``tests/test_parameters_text.py`` reads every other number with a unit in a rule's strings
    against the rule's parameters). Returns ``text`` unchanged."""
    return text
