"""The result of a calculation and its JSON form.

A :class:`ResultBuilder` collects, in order, the steps (each with the provision applied, a
one-line Portuguese explanation and the values used), the amounts (rounded money with the
currency's format), other quantities (hours, headcounts), warnings and calculator-specific
details. :meth:`ResultBuilder.to_json` produces the ``{"ok": true, ...}`` answer of
``api.run``; every number in it is text, never a float.
"""

from decimal import Decimal

from .money import Currency, format_money, is_rounded, money_value, round_money
from .provisions import Provision


class ResultBuilder:
    """Collects the pieces of one calculation's result."""

    def __init__(self, calculator: str, title: str, currency: Currency) -> None:
        self.calculator = calculator
        self.title = title
        self.currency = currency
        self.steps: list[dict[str, object]] = []
        self.amounts: dict[str, dict[str, object]] = {}
        self.quantities: dict[str, dict[str, object]] = {}
        self.warnings: list[str] = []
        self.highlights: list[str] = []
        self.details: dict[str, object] = {}
        self._provisions: list[Provision] = []

    def money(self, amount: Decimal) -> str:
        """An amount written in this result's currency."""
        return format_money(amount, self.currency)

    def round(self, amount: Decimal) -> Decimal:
        """The one rounding rule, to the smallest unit of this result's currency."""
        return round_money(amount, self.currency)

    def use_currency(self, currency: Currency) -> None:
        """Switch the result's currency (a calculator whose era is an input) before any amount."""
        if self.amounts:
            raise ValueError("currency changed after amounts were recorded")
        self.currency = currency

    def step(self, provision: Provision, explanation: str, values: dict[str, str]) -> None:
        """Record a step: the provision applied, why, and the values used (as shown)."""
        self.steps.append(
            {
                "provision": dict(provision.to_json()),
                "explanation": explanation,
                "values": dict(values),
            }
        )
        if provision not in self._provisions:
            self._provisions.append(provision)

    def amount(self, name: str, label: str, value: Decimal) -> None:
        """Record a money amount; it must already be rounded by the one rule."""
        if not is_rounded(value, self.currency):
            raise ValueError(f"amount {name} is not rounded")
        self.amounts[name] = {
            "label": label,
            "value": money_value(value),
            "formatted": self.money(value),
        }

    def quantity(self, name: str, label: str, value: str, formatted: str, unit: str) -> None:
        """Record a non-money result (hours, headcount, percentage)."""
        self.quantities[name] = {
            "label": label,
            "value": value,
            "formatted": formatted,
            "unit": unit,
        }

    def highlight(self, message: str) -> None:
        """Record what the reader must see first (what is owed today, a missing input)."""
        if message not in self.highlights:
            self.highlights.append(message)

    def warn(self, message: str) -> None:
        """Record a warning or reading note shown with the result."""
        if message not in self.warnings:
            self.warnings.append(message)

    @property
    def provisions(self) -> list[Provision]:
        """The provisions applied, in order of first application."""
        return list(self._provisions)

    def to_json(self, inputs: dict[str, object]) -> dict[str, object]:
        """The success answer of ``api.run``."""
        return {
            "ok": True,
            "calculator": self.calculator,
            "title": self.title,
            "currency": self.currency.to_json(),
            "amounts": self.amounts,
            "quantities": self.quantities,
            "steps": self.steps,
            "provisions": [p.to_json() for p in self._provisions],
            "warnings": self.warnings,
            "highlights": self.highlights,
            "details": self.details,
            "rounding": {"rule": self.currency.rounding[0], "description": self.currency.rounding[1]},
            "inputs": inputs,
        }
