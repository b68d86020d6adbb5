"""Money: the currencies, the one rounding rule, quota splitting and the period formats.

Every amount is a :class:`decimal.Decimal` in the unit of its era's currency:

- mil-réis (Decreto-Lei of 20 Nov 1941): the unit is one mil-réis (1$000); written the period
  way, ``1:500$000`` is one conto and five hundred mil-réis (1,500 mil-réis) and ``12$500`` is
  twelve mil-réis and five hundred réis;
- cruzeiro (Decreto nº 17.961/1945, Lei nº 4.860/1965): written ``Cr$ 1.234,56``.

The rounding rule (:func:`round_money`) is the only place where money is rounded: commercial
rounding to the centavo (ROUND_HALF_UP to 0.01 of the unit). In mil-réis the "centavo" is
10 réis (0$010). Intermediate values (rates with surcharges, hourly wages) are kept exact and
only the amounts paid are rounded, each once.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import Enum

CENTAVO = Decimal("0.01")
HUNDRED = Decimal(100)

ROUNDING_RULE = "arredondamento comercial ao centavo"
ROUNDING_DESCRIPTION = (
    "Cada valor em dinheiro é arredondado uma única vez ao centavo (Cr$ 0,01; em mil-réis, "
    "10 réis = 0$010): se a casa seguinte for 5 ou mais, arredonda-se para cima; se for "
    "menor que 5, para baixo. Valores intermediários (taxas majoradas, salário-hora) não são "
    "arredondados. Quando um total é repartido, a diferença entre o total e a soma das partes "
    "arredondadas é mostrada como resíduo de arredondamento."
)


class Currency(Enum):
    """The currency of a statute's era."""

    MIL_REIS = "mil-reis"
    CRUZEIRO = "cruzeiro"

    @property
    def display_name(self) -> str:
        """The currency's name in Portuguese."""
        return "mil-réis" if self is Currency.MIL_REIS else "cruzeiro"

    @property
    def symbol(self) -> str:
        """The currency sign as written at the time."""
        return "$" if self is Currency.MIL_REIS else "Cr$"

    @property
    def input_places(self) -> int:
        """Decimal places accepted in inputs: réis (3) or centavos (2)."""
        return 3 if self is Currency.MIL_REIS else 2

    def to_json(self) -> dict[str, str]:
        """JSON form of the currency."""
        centavo = "10 réis (0$010)" if self is Currency.MIL_REIS else "Cr$ 0,01"
        return {
            "code": self.value,
            "name": self.display_name,
            "symbol": self.symbol,
            "centavo": centavo,
        }


def round_money(amount: Decimal) -> Decimal:
    """The one rounding rule: commercial rounding (ROUND_HALF_UP) to the centavo."""
    return amount.quantize(CENTAVO, rounding=ROUND_HALF_UP)


def round_percent(value: Decimal) -> Decimal:
    """Percentages are shown with two decimal places by the same commercial rule."""
    return value.quantize(CENTAVO, rounding=ROUND_HALF_UP)


def is_rounded(amount: Decimal) -> bool:
    """True when the amount is already a whole number of centavos."""
    return amount == round_money(amount)


@dataclass(frozen=True)
class Allocation:
    """A total divided by quotas: the exact value of one quota, each share and the residue."""

    per_quota: Decimal
    shares: tuple[Decimal, ...]
    residue: Decimal


def split_by_quotas(total: Decimal, quotas: Sequence[Decimal]) -> Allocation:
    """Divide ``total`` in proportion to ``quotas`` (Decreto-Lei de 1941, art. 4º, caput).

    Each share is ``round_money(total × quota ÷ sum of quotas)``: it depends only on the total,
    the person's quota and the sum, so equal quotas get equal shares. The residue is the total
    minus the sum of the shares, so that shares plus residue equal the total exactly.
    """
    whole = sum(quotas, Decimal(0))
    if whole <= 0:
        raise ValueError("sum of quotas must be positive")
    shares = tuple(round_money(total * quota / whole) for quota in quotas)
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


def format_cruzeiro(amount: Decimal) -> str:
    """Cruzeiros: ``Cr$ 1.234,56`` (more places only for exact intermediate values)."""
    exponent = amount.as_tuple().exponent
    if isinstance(exponent, int) and exponent >= -2:
        return f"Cr$ {format_decimal(amount, 2)}"
    return f"Cr$ {format_decimal(amount.normalize())}"


def format_money(amount: Decimal, currency: Currency) -> str:
    """The amount written in its currency, identical in the browser and in the build."""
    if currency is Currency.MIL_REIS:
        return format_mil_reis(amount)
    return format_cruzeiro(amount)


def money_value(amount: Decimal) -> str:
    """The machine form of an amount: plain decimal text with a dot (``1234.56``)."""
    return format(amount, "f")
