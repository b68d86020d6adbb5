"""The result of a calculation and its JSON form.

A :class:`ResultBuilder` collects, in order, the steps (each with the provision applied, a
one-line Portuguese explanation and the values used), the amounts (rounded money with the
currency's format), other quantities (hours, headcounts), warnings and the generic *parts* a
page shows with them:

- ``tables``: a table with caption, column headings, rows (the first cell of each row heads
  it), footer rows and a note under it (:meth:`ResultBuilder.table`);
- ``findings``: what a check found, each with its severity (and the word that names it), the
  provision and the message (:meth:`ResultBuilder.finding`), under one heading;
- ``handoffs``: "continue with another calculator", the target's name, the button's label and
  the inputs it receives (:meth:`ResultBuilder.handoff`).

An amount may name the lines it adds up (``parts``, :meth:`ResultBuilder.total`): the total is
their sum, to the unit, and every line it names is itself an amount shown, so a reader (or the
receipt) can check each total against its lines. ``column`` says whose figure an amount is:
``hoje`` (today's minimum), ``1965`` (the act's rule, history) or ``acordo`` (what the
percentages the worker typed from an agreement give: never said to be owed).

The build (``macros/render/calculators.py``) and the browser (``docs/assets/calculadoras-resultado.js``)
render these parts and only these: neither knows any calculator. ``details`` keeps
machine-readable data for programs and tests; no renderer reads it.
:meth:`ResultBuilder.to_json` produces the ``{"ok": true, ...}`` answer of ``api.run``; every
number in it is text, never a float.
"""

from collections.abc import Sequence
from decimal import Decimal

from .money import Currency, format_money, is_rounded, money_value, round_money
from .provisions import Provision

# Whose figure an amount is (``""``: the calculator's only reading).
COLUMNS = frozenset({"", "hoje", "1965", "acordo"})


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
        self.tables: list[dict[str, object]] = []
        self.findings: list[dict[str, object]] = []
        self.findings_title = "Verificações"
        self.handoffs: list[dict[str, object]] = []
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

    def amount(self, name: str, label: str, value: Decimal, column: str = "") -> None:
        """Record a money amount; it must already be rounded by the one rule."""
        if not is_rounded(value, self.currency):
            raise ValueError(f"amount {name} is not rounded")
        if column not in COLUMNS:
            raise ValueError(f"amount {name}: unknown column {column!r}")
        value = value.quantize(self.currency.unit)  # one written form: '0.00', never '0'
        self.amounts[name] = {
            "label": label,
            "value": money_value(value),
            "formatted": self.money(value),
            "parts": [],
            "column": column,
        }

    def total(self, name: str, label: str, parts: Sequence[str], column: str = "") -> Decimal:
        """Record the amount that is the sum of the amounts ``parts`` (recorded before, in the
        order shown) and return it: a total is always its lines, to the unit."""
        missing = [part for part in parts if part not in self.amounts]
        if missing or not parts:
            raise ValueError(f"total {name}: lines not recorded: {missing or 'none'}")
        value = sum((Decimal(str(self.amounts[part]["value"])) for part in parts), Decimal(0))
        self.amount(name, label, value, column)
        self.amounts[name]["parts"] = list(parts)
        return value

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

    def table(self, caption: str, columns: Sequence[str], rows: Sequence[Sequence[str]],
              footer: Sequence[tuple[str, str, str]] = (), note: str = "") -> None:
        """Record a table: its caption, column headings, rows of cells already written as
        shown (the first cell heads its row), footer rows ``(label, value, value's heading)``
        and a note under it."""
        if any(len(row) != len(columns) for row in rows):
            raise ValueError("every row has one cell per column")
        self.tables.append({
            "caption": caption,
            "columns": list(columns),
            "rows": [list(row) for row in rows],
            "footer": [{"label": label, "value": value, "value_label": heading}
                       for label, value, heading in footer],
            "note": note,
        })

    def finding(self, severity: str, label: str, provision: Provision, message: str,
                code: str = "", period: int | None = None) -> None:
        """Record what a check found: ``severity`` (a class: ``infracao``, ``aviso``…), the
        word shown for it (``label``), the provision and the message; ``code`` names the
        check for programs, ``period`` the input item it concerns."""
        self.findings.append({
            "code": code, "severity": severity, "label": label,
            "provision": provision.to_json(), "message": message, "period": period,
        })

    def handoff(self, calculator: str, label: str, inputs: dict[str, object]) -> None:
        """Offer to continue with another calculator, carrying these inputs."""
        self.handoffs.append({"calculator": calculator, "label": label, "inputs": dict(inputs)})

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
            "tables": self.tables,
            "findings": {"title": self.findings_title, "items": self.findings},
            "handoffs": self.handoffs,
            "details": self.details,
            "rounding": {"rule": self.currency.rounding[0], "description": self.currency.rounding[1]},
            "inputs": inputs,
        }
