"""Charts drawn at build time as inline SVG: no JavaScript, no external host, no library.

Each chart is an ``<svg role="img">`` named by its ``<title>`` and described by its ``<desc>``
(``aria-labelledby``), with axis labels in Portuguese. The caller places the equivalent data
(a table or a text) right next to it; the ``data-tabela`` attribute names that table's id.
Only geometry is computed here (positions of points and bars); the figures come from the caller.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from .safe import Markup, escape

Fmt = Callable[[Decimal], str]


def _num(value: float) -> str:
    """A coordinate with at most one decimal place."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def nice_step(span: Decimal, at_most: int) -> Decimal:
    """The smallest step of the 1–2–5 series (…, 50, 100, 200, 500, …) that divides ``span`` in at
    most ``at_most`` intervals: gridlines at round values, never too many for a phone."""
    if span <= 0:
        return Decimal(1)
    target = span / at_most
    power = Decimal(1)
    while power > target:
        power /= 10
    while power * 10 <= target:
        power *= 10
    for factor in (1, 2, 5, 10):
        step = power * factor
        if span / step <= at_most:
            return step
    return power * 10


@dataclass(frozen=True)
class Run:
    """Consecutive points whose y grows by the same ``rise`` per step of x (``start`` → ``end``)."""

    rise: Decimal
    start: int
    end: int


def runs(points: Sequence[tuple[int, Decimal]]) -> list[Run]:
    """The stretches of equal increments of a curve: where its step changes."""
    out: list[Run] = []
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        rise = y1 - y0
        if out and out[-1].rise == rise and out[-1].end == x0:
            out[-1] = Run(rise, out[-1].start, x1)
        else:
            out.append(Run(rise, x0, x1))
    return out


def x_ticks(points: Sequence[tuple[int, Decimal]], at_most: int = 12) -> list[int]:
    """Labels of the x axis: the first and last x, the ends of each run of equal increments, and
    the round values in between (a round value too close to one of those is left out)."""
    xs = [x for x, _ in points]
    first, last = xs[0], xs[-1]
    step = int(nice_step(Decimal(last - first), at_most))
    fixed = sorted({first, last, *(r.end for r in runs(points)[:-1])})
    round_values = range(first - first % step + step, last, step)
    kept = [x for x in round_values if all(abs(x - f) > step / 2 for f in fixed)]
    return sorted({*fixed, *kept})


def _svg_open(chart_id: str, width: int, height: int, title: str, desc: str, table_id: str, css: str) -> str:
    return (
        f'<svg class="grafico {css}" id="{escape(chart_id)}" role="img" viewBox="0 0 {width} {height}" '
        f'preserveAspectRatio="xMidYMin meet" aria-labelledby="{escape(chart_id)}-titulo {escape(chart_id)}-desc" '
        f'data-tabela="{escape(table_id)}" xmlns="http://www.w3.org/2000/svg">'
        f'<title id="{escape(chart_id)}-titulo">{escape(title)}</title>'
        f'<desc id="{escape(chart_id)}-desc">{escape(desc)}</desc>'
    )


def line_chart(
    chart_id: str,
    points: Sequence[tuple[int, Decimal]],
    *,
    title: str,
    desc: str,
    x_label: str,
    y_label: str,
    y_format: Fmt,
    table_id: str,
    y_lines: int = 8,
) -> Markup:
    """A curve of integer x (referência) against money y (Cr$), with points and gridlines.

    The gridlines' step is a round value for at most ``y_lines`` intervals (:func:`nice_step`);
    the x labels come from the points (:func:`x_ticks`)."""
    width, height = 640, 380
    left, right, top, bottom = 84, 16, 24, 56
    xs = [x for x, _ in points]
    x_min, x_max = min(xs), max(xs)
    y_max_value = max(y for _, y in points)
    y_step = nice_step(y_max_value, y_lines)
    steps = int((y_max_value / y_step).to_integral_value(rounding="ROUND_CEILING"))
    y_top = y_step * steps
    plot_w, plot_h = width - left - right, height - top - bottom

    def px(x: int) -> float:
        return left + (x - x_min) / (x_max - x_min) * plot_w

    def py(y: Decimal) -> float:
        return top + plot_h - float(y / y_top) * plot_h

    out = [_svg_open(chart_id, width, height, title, desc, table_id, "grafico--linha")]
    out.append('<g class="grade" aria-hidden="true">')
    for i in range(steps + 1):
        value = y_step * i
        gy = py(value)
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{_num(gy)}" y2="{_num(gy)}"/>')
        out.append(
            f'<text class="rotulo-eixo" x="{left - 8}" y="{_num(gy + 4)}" text-anchor="end">'
            f"{escape(y_format(value))}</text>"
        )
    for x in x_ticks(points):
        out.append(
            f'<text class="rotulo-eixo" x="{_num(px(x))}" y="{height - bottom + 20}" '
            f'text-anchor="middle">{x}</text>'
        )
    out.append("</g>")
    out.append(
        f'<line class="eixo" x1="{left}" x2="{width - right}" y1="{height - bottom}" y2="{height - bottom}" '
        'aria-hidden="true"/>'
        f'<line class="eixo" x1="{left}" x2="{left}" y1="{top}" y2="{height - bottom}" aria-hidden="true"/>'
    )
    path = " ".join(f"{_num(px(x))},{_num(py(y))}" for x, y in points)
    out.append(f'<polyline class="curva" points="{path}" aria-hidden="true"/>')
    out.append('<g class="pontos" aria-hidden="true">')
    for x, y in points:
        out.append(f'<circle cx="{_num(px(x))}" cy="{_num(py(y))}" r="3">'
                   f"<title>{x}: {escape(y_format(y))}</title></circle>")
    out.append("</g>")
    out.append(
        f'<text class="titulo-eixo" x="{left + plot_w / 2:.0f}" y="{height - 10}" text-anchor="middle">'
        f"{escape(x_label)}</text>"
        f'<text class="titulo-eixo" transform="translate(16 {top + plot_h / 2:.0f}) rotate(-90)" '
        f'text-anchor="middle">{escape(y_label)}</text>'
    )
    out.append("</svg>")
    return Markup("".join(out))


@dataclass(frozen=True)
class BarGroup:
    """One category with two bars (e.g. current and proposed headcount)."""

    label: str
    first: int
    second: int


def paired_bars(
    chart_id: str,
    groups: Sequence[BarGroup],
    *,
    title: str,
    desc: str,
    first_label: str,
    second_label: str,
    value_label: str,
    table_id: str,
) -> Markup:
    """Horizontal paired bars, one category per band: its name, then the two bars with values.

    Narrow by design (the labels sit above the bars), so it stays legible on a 360 px phone.
    """
    width = 480
    left, right, top = 8, 56, 64
    band = 58
    bar_h = 14
    height = top + band * len(groups) + 40
    scale_max = max(max(g.first, g.second) for g in groups) or 1
    plot_w = width - left - right

    def bw(value: int) -> float:
        return value / scale_max * plot_w

    out = [_svg_open(chart_id, width, height, title, desc, table_id, "grafico--barras")]
    out.append(
        '<g class="legenda" aria-hidden="true">'
        f'<rect class="barra barra--1" x="{left}" y="10" width="16" height="14"/>'
        f'<text x="{left + 22}" y="22">{escape(first_label)}</text>'
        f'<rect class="barra barra--2" x="{left + 200}" y="10" width="16" height="14"/>'
        f'<text x="{left + 222}" y="22">{escape(second_label)}</text>'
        f'<text class="titulo-eixo" x="{left}" y="48">{escape(value_label)}</text>'
        "</g>"
    )
    out.append('<g aria-hidden="true">')
    for i, g in enumerate(groups):
        y = top + i * band
        out.append(f'<text class="rotulo-categoria" x="{left}" y="{y + 14}">{escape(g.label)}</text>')
        for j, (value, css) in enumerate(((g.first, "barra--1"), (g.second, "barra--2"))):
            by = y + 20 + j * (bar_h + 2)
            w = bw(value)
            out.append(
                f'<rect class="barra {css}" x="{left}" y="{by}" width="{_num(max(w, 0.0))}" height="{bar_h}">'
                f"<title>{escape(g.label)} — {escape(first_label if j == 0 else second_label)}: {value}</title></rect>"
            )
            out.append(f'<text class="valor" x="{_num(left + w + 4)}" y="{by + 11}">{value}</text>')
    out.append("</g></svg>")
    return Markup("".join(out))
