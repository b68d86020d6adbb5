"""Money: the currencies, the one rounding rule, quota splitting and the period formats.

Every amount is a :class:`decimal.Decimal` in the unit of its era's currency:

- mil-réis (Decreto-Lei of 20 Nov 1941): the unit is one mil-réis (1$000); written the period
  way, ``1:500$000`` is one conto and five hundred mil-réis (1,500 mil-réis) and ``12$500`` is
  twelve mil-réis and five hundred réis;
- cruzeiro of 1945 (Decreto nº 17.961/1945): written ``Cr$ 1.234,56``, with centavos;
- cruzeiro of 1965 (Lei nº 4.860/1965): Lei nº 4.511/1964, art. 1º, § 1º, abolished the
  centavo, so amounts are whole cruzeiros, written ``Cr$ 1.234``;
- real (today): written ``R$ 1.234,56``.

The rounding rule (:func:`round_money`) is the only place where money is rounded: commercial
rounding (ROUND_HALF_UP) to the smallest unit of the era's currency: the centavo (0.01 of the
unit; in mil-réis 10 réis, 0$010), or the whole cruzeiro in 1965 (Lei nº 4.511/1964).
Intermediate values (rates with surcharges, hourly wages) are kept exact and only the amounts
paid are rounded, each once. Shares of a total are rounded *down* (see
:func:`split_by_quotas`), so they never add up to more than the total.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from enum import Enum
from types import MappingProxyType

CENTAVO = Decimal("0.01")
CRUZEIRO_INTEIRO = Decimal(1)
HUNDRED = Decimal(100)
EXACT_PLACES = 6

ROUNDING_RULE = "arredondamento comercial ao centavo"
ROUNDING_DESCRIPTION = (
    "Cada valor em dinheiro é arredondado uma única vez ao centavo (0,01 da moeda; em mil-réis, "
    "10 réis = 0$010): se a casa seguinte for 5 ou mais, arredonda-se para cima; se for menor "
    "que 5, para baixo. Valores intermediários (taxas majoradas, salário-hora) não são "
    "arredondados. Quando um total é repartido, cada parte é arredondada para baixo, para que "
    "as partes nunca somem mais que o total; a diferença, nunca negativa, é mostrada como "
    "resíduo de arredondamento."
)
WHOLE_CRUZEIRO_RULE = "arredondamento ao cruzeiro inteiro (leitura editorial)"
WHOLE_CRUZEIRO_DESCRIPTION = (
    "Leitura editorial. A Lei nº 4.511/1964 extinguiu o centavo (art. 1º, § 1º) e mandou "
    "desprezar as frações de centavo então existentes (art. 15); ela não diz como arredondar "
    "valores calculados depois. Aqui a quantia paga é arredondada uma única vez ao cruzeiro "
    "inteiro (meio cruzeiro ou mais, para cima); as linhas mostradas são cortadas ao cruzeiro e "
    "o que sobra vai às de maior fração, para que somem exatamente o total. O salário-hora e "
    "outros valores intermediários não são arredondados."
)
SHARES_DESCRIPTION = (
    "Cada parte é arredondada para baixo ao centavo (10 réis em mil-réis), para que a soma das "
    "partes nunca passe do total repartido; a diferença, nunca negativa, fica como resíduo de "
    "arredondamento."
)


class Currency(Enum):
    """The currency of a statute's era."""

    MIL_REIS = "mil-reis"
    CRUZEIRO = "cruzeiro"
    CRUZEIRO_1965 = "cruzeiro-1965"
    REAL = "real"

    @property
    def display_name(self) -> str:
        """The currency's name in Portuguese."""
        return {"mil-reis": "mil-réis", "real": "real"}.get(self.value, "cruzeiro")

    @property
    def symbol(self) -> str:
        """The currency sign as written at the time."""
        return {"mil-reis": "$", "real": "R$"}.get(self.value, "Cr$")

    @property
    def era_text(self) -> str:
        """What the values of this currency are, in a sentence."""
        return {
            "mil-reis": "mil-réis de 1941",
            "cruzeiro": "cruzeiros (Cr$) de 1945",
            "cruzeiro-1965": "cruzeiros (Cr$) de 1965",
            "real": "reais (R$) de hoje",
        }[self.value]

    @property
    def unit(self) -> Decimal:
        """The smallest amount paid: the centavo (10 réis), or the whole cruzeiro in 1965."""
        return CRUZEIRO_INTEIRO if self is Currency.CRUZEIRO_1965 else CENTAVO

    @property
    def input_places(self) -> int:
        """Decimal places accepted in inputs: réis (3) or centavos (2)."""
        return 3 if self is Currency.MIL_REIS else 2

    @property
    def rounding(self) -> tuple[str, str]:
        """The name and the statement of the rounding rule of this currency's era."""
        if self is Currency.CRUZEIRO_1965:
            return WHOLE_CRUZEIRO_RULE, WHOLE_CRUZEIRO_DESCRIPTION
        return ROUNDING_RULE, ROUNDING_DESCRIPTION

    def to_json(self) -> dict[str, str]:
        """JSON form of the currency."""
        centavo = {
            "mil-reis": "10 réis (0$010)",
            "cruzeiro": "Cr$ 0,01",
            "cruzeiro-1965": "sem centavos (Lei nº 4.511/1964): Cr$ 1",
            "real": "R$ 0,01",
        }[self.value]
        return {
            "code": self.value,
            "name": self.display_name,
            "symbol": self.symbol,
            "centavo": centavo,
        }


def round_money(amount: Decimal, currency: Currency | None = None) -> Decimal:
    """The one rounding rule: commercial rounding (ROUND_HALF_UP) to the era's smallest unit
    (the centavo unless the currency says otherwise: whole cruzeiros in 1965)."""
    unit = currency.unit if currency is not None else CENTAVO
    return amount.quantize(unit, rounding=ROUND_HALF_UP)


def round_percent(value: Decimal) -> Decimal:
    """Percentages are shown with two decimal places by the same commercial rule."""
    return value.quantize(CENTAVO, rounding=ROUND_HALF_UP)


def is_rounded(amount: Decimal, currency: Currency | None = None) -> bool:
    """True when the amount is already a whole number of the era's smallest unit."""
    return amount == round_money(amount, currency)


@dataclass(frozen=True)
class Allocation:
    """A total divided by quotas: the exact value of one quota, each share and the residue."""

    per_quota: Decimal
    shares: tuple[Decimal, ...]
    residue: Decimal


def split_by_quotas(total: Decimal, quotas: Sequence[Decimal]) -> Allocation:
    """Divide ``total`` in proportion to ``quotas`` (Decreto-Lei de 1941, art. 4º, caput).

    Art. 4º divides the product: the shares may never add up to more than it. Each share is
    ``total × quota ÷ sum of quotas`` rounded *down* to the centavo: it depends only on the
    total, the person's quota and the sum, so equal quotas get equal shares. The residue is the
    total minus the sum of the shares: never negative, and shares plus residue equal the total
    exactly.
    """
    whole = sum(quotas, Decimal(0))
    if whole <= 0:
        raise ValueError("sum of quotas must be positive")
    shares = tuple((total * quota / whole).quantize(CENTAVO, rounding=ROUND_DOWN) for quota in quotas)
    residue = total - sum(shares, Decimal(0))
    return Allocation(per_quota=total / whole, shares=shares, residue=residue)


def group_thousands(digits: str, separator: str = ".") -> str:
    """Group a string of digits by thousands: ``1234567`` → ``1.234.567``."""
    head = len(digits) % 3 or 3
    parts = [digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)]
    return separator.join(parts)


def format_decimal(value: Decimal, places: int | None = None) -> str:
    """A number in Brazilian format: ``1.234,56``. ``places`` fixes the decimal places."""
    if places is not None:
        value = value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    text = format(value, "f")
    negative = text.startswith("-")
    text = text.lstrip("-")
    whole, _, fraction = text.partition(".")
    out = group_thousands(whole) + ("," + fraction if fraction else "")
    if negative and any(ch not in "0.," for ch in out):
        out = "-" + out
    return out


def format_plain(value: Decimal) -> str:
    """A quantity in Brazilian format without trailing zeros: ``24,2``, ``1.500``, ``0``."""
    return format_decimal(value.normalize())


def format_mil_reis(amount: Decimal) -> str:
    """Mil-réis the period way: ``1:500$000``, ``12$500``, ``0$010``.

    The colon separates contos (thousands of mil-réis) and the dollar sign separates mil-réis
    from réis. An amount finer than one real (a fraction of a real, as in a rate with a
    surcharge) is shown as a decimal number of mil-réis.
    """
    reis = amount * 1000
    if reis != reis.to_integral_value():
        return f"{format_decimal(amount)} mil-réis"
    total = int(reis)
    sign = "-" if total < 0 else ""
    total = abs(total)
    mil, rest = divmod(total, 1000)
    contos, units = divmod(mil, 1000)
    if contos:
        return f"{sign}{group_thousands(str(contos))}:{units:03d}${rest:03d}"
    return f"{sign}{units}${rest:03d}"


def format_cruzeiro(amount: Decimal, symbol: str = "Cr$") -> str:
    """Cruzeiros: ``Cr$ 1.234,56`` (more places only for exact intermediate values)."""
    exponent = amount.as_tuple().exponent
    if isinstance(exponent, int) and exponent >= -2:
        return f"{symbol} {format_decimal(amount, 2)}"
    return f"{symbol} {format_decimal(amount.normalize())}"


def format_whole_cruzeiro(amount: Decimal) -> str:
    """Cruzeiros of 1965: ``Cr$ 1.234`` (no centavos); a fraction only in exact values."""
    if amount == amount.to_integral_value():
        return f"Cr$ {format_decimal(amount.quantize(CRUZEIRO_INTEIRO))}"
    return f"Cr$ {format_decimal(amount.normalize())}"


def exact_text(value: Decimal) -> str:
    """An exact value in Brazilian format with at most six places (``…`` when cut)."""
    cut = value.quantize(Decimal(1).scaleb(-EXACT_PLACES), rounding=ROUND_DOWN)
    text = format_decimal(cut.normalize() if cut != 0 else Decimal(0))
    return text if cut == value else f"{text}…"


def _format_plain_money(amount: Decimal, currency: Currency) -> str:
    if currency is Currency.MIL_REIS:
        return format_mil_reis(amount)
    if currency is Currency.CRUZEIRO_1965:
        return format_whole_cruzeiro(amount)
    if currency is Currency.REAL:
        return format_cruzeiro(amount, "R$")
    return format_cruzeiro(amount)


def format_money(amount: Decimal, currency: Currency) -> str:
    """The amount written in its currency, identical in the browser and in the build.

    An exact intermediate value with more than six decimal places (a division by 3, say) is
    shown rounded by the era's rule, followed by the exact value cut at six places.
    """
    if decimal_places_of(amount) > EXACT_PLACES:
        rounded = _format_plain_money(round_money(amount, currency), currency)
        return f"{rounded} (exato: {exact_text(amount)})"
    return _format_plain_money(amount, currency)


def decimal_places_of(value: Decimal) -> int:
    """How many decimal places a value carries."""
    exponent = value.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def amount_text(value: Decimal, unit: str, currency: Currency | None) -> str:
    """A bound or quantity for a message: money with its sign first (``Cr$ 1.000.000``,
    ``1:000$000``), anything else with its unit after, singular after 1 (``1 hora``)."""
    if currency is not None:
        return format_money(value, currency)
    number = format_decimal(value)
    if not unit:
        return number
    return f"{number} {singular(unit) if value == 1 else unit}"


SINGULAR = MappingProxyType({
    "horas": "hora", "operários": "operário", "pessoas": "pessoa", "quotas": "quota",
    "unidades": "unidade", "funções": "função", "itens": "item", "minutos": "minuto",
    "dias": "dia", "toneladas": "tonelada", "volumes": "volume", "períodos": "período",
})


def singular(unit: str) -> str:
    """The singular of a unit written in the plural (``horas`` → ``hora``)."""
    return SINGULAR.get(unit, unit)


def money_value(amount: Decimal) -> str:
    """The machine form of an amount: plain decimal text with a dot (``1234.56``)."""
    return format(amount, "f")


def allocate(exact: Sequence[Decimal], currency: Currency | None = None,
             total: Decimal | None = None) -> tuple[Decimal, list[Decimal]]:
    """The one rounding rule applied once, to the amount paid (the sum of ``exact``), and the
    lines shown: each line cut down to the era's unit, then the units left over given one by one
    to the lines with the largest remainders (the first in order on a tie), so the lines shown
    add up to the amount paid exactly and no line is raised by more than one unit.

    ``total``: the amount these lines must add up to when it was rounded with others (the rest
    of a total once a part of it was settled); it is at least the sum of the lines cut down and
    at most one unit per line above it."""
    unit = (currency or Currency.REAL).unit
    if total is None:
        total = round_money(sum(exact, Decimal(0)), currency)
    cut = [value.quantize(unit, rounding=ROUND_DOWN) if value >= 0 else round_money(value, currency)
           for value in exact]
    left = int((total - sum(cut, Decimal(0))) / unit)
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - cut[i]), i))
    for i in order[:max(0, left)]:
        cut[i] += unit
    return total, [value.quantize(unit) for value in cut]
