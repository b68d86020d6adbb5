"""Chart gridlines and axis labels are computed from the data, not written as literals."""

from __future__ import annotations

from decimal import Decimal

import pytest

from macros.data.tables import load_tables
from macros.render.charts import Run, nice_step, runs, x_ticks
from macros.render.tables_cells import steps_text


@pytest.mark.parametrize(
    ("span", "at_most", "step"),
    [("3500", 8, "500"), ("53", 12, "5"), ("0.7", 8, "0.1"), ("100", 10, "10"), ("101", 10, "20"),
     ("9000", 8, "2000")],
)
def test_nice_step(span: str, at_most: int, step: str) -> None:
    assert nice_step(Decimal(span), at_most) == Decimal(step)


def test_escala_ticks_follow_its_increments() -> None:
    e = load_tables().escala
    points = [(int(r.reference.value or 0), r.salary.value) for r in e.rows if isinstance(r.salary.value, Decimal)]
    assert runs(points) == [Run(Decimal("50.00"), 1, 39), Run(Decimal("100.00"), 39, 54)]
    assert x_ticks(points) == [1, 5, 10, 15, 20, 25, 30, 35, 39, 45, 50, 54]
    assert steps_text(runs(points)) == "Cr$ 50,00 até a referência 39 e de Cr$ 100,00 daí em diante"


def test_ticks_move_with_the_data() -> None:
    points = [(x, Decimal(10 * x if x <= 20 else 200 + 30 * (x - 20))) for x in range(1, 31)]
    assert x_ticks(points) == [1, 5, 10, 15, 20, 25, 30]
    assert steps_text(runs(points)) == "Cr$ 10,00 até a referência 20 e de Cr$ 30,00 daí em diante"
    assert steps_text([Run(Decimal(5), 1, 9)]) == "Cr$ 5,00"
