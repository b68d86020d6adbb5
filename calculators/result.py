"""The result of a calculation and its JSON form.

A :class:`ResultBuilder` collects, in order, the steps (each with the provision applied, a
one-line Portuguese explanation and the values used), the amounts (rounded money with the
currency's format), other quantities (hours, headcounts), warnings and calculator-specific
details. :meth:`ResultBuilder.to_json` produces the ``{"ok": true, ...}`` answer of
``api.run``; every number in it is text, never a float.
"""

from decimal import Decimal

from .money import (
    ROUNDING_DESCRIPTION,
    ROUNDING_RULE,
    Currency,
    format_money,
    is_rounded,
    money_value,
)
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
        self.details: dict[str, object] = {}
        self._provisions: list[Provision] = []

    def money(self, amount: Decimal) -> str:
        """An amount written in this result's currency."""
        return format_money(amount, self.currency)

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
        if not is_rounded(value):
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
            "details": self.details,
            "rounding": {"rule": ROUNDING_RULE, "description": ROUNDING_DESCRIPTION},
            "inputs": inputs,
        }
