"""The «Tabela Numérica de Diaristas» page: each class of daily wage, current and proposed.

The page's sentences are in ``docs/tabelas/diaristas.md``; this builds the table, the chart and
the notes (see :mod:`macros.render.tables_cells`).
"""

from __future__ import annotations

from decimal import Decimal

from calculators.core.money import format_cruzeiro

from ..data.site import Site
from ..data.tables import Diaristas, Figure
from . import charts
from .safe import Markup, escape
from .tables_cells import (
    COLUMN_NAMES,
    SUB,
    TablePage,
    computed_td,
    group_headers,
    headers_by_key,
    label_line,
    lines_td,
    num_td,
    part_notes,
    region,
    th,
    total_cells_row,
)


class DiaristasPage(TablePage):
    """The Tabela Numérica de Diaristas: title, source lines, the chart and the table."""

    def __init__(self, site: Site) -> None:
        super().__init__(site)
        t = self.tables
        d = t.diaristas
        book = self.book
        h = headers_by_key(d.headers)
        keys = ["line", "current_count", "current_daily_salary", "current_annual_expense", "proposed_count",
                "proposed_daily_salary", "proposed_annual_expense", "lines"]
        head1 = (
            th("Classe", "line", "num", src=False, extra=' rowspan="2"')
            + group_headers(h["current"].printed, h["proposed"].printed)
            + th("Linha do fonte", "lines", "num", src=False, extra=' rowspan="2"')
        )
        head2 = "".join(th(h[k].printed, k, "num") for k in keys[1:-1])
        rows = []
        for i, r in enumerate(d.rows, 1):
            at = f"Classe {i}"
            cells = [f'<th scope="row" class="num" data-chave="line" data-value="{i}">{i}</th>']
            for side, side_name in ((r.current, "atual"), (r.proposed, "proposta")):
                prefix = "current" if side is r.current else "proposed"
                cells += [
                    num_td(side.count, f"{prefix}_count", book, f"{at}, número ({side_name})"),
                    num_td(side.daily_salary, f"{prefix}_daily_salary", book, f"{at}, salário diário ({side_name})"),
                    num_td(side.annual_expense, f"{prefix}_annual_expense", book, f"{at}, despesa anual ({side_name})"),
                ]
            cells.append(lines_td(r.source_lines, book, r.notes, at, SUB))
            rows.append(f'<tr id="{r.id}">{"".join(cells)}</tr>')
        printed: dict[str, str] = {}
        computed_cells: dict[str, str] = {}
        differs = False
        sums = d.computed_totals()
        for prefix in ("current", "proposed"):
            for k in ("count", "annual_expense"):
                fig = d.printed_totals[prefix][k]
                printed[f"{prefix}_{k}"] = num_td(fig, f"{prefix}_{k}", book, f"Total impresso, {COLUMN_NAMES[k]}",
                                                  "num total")
                computed_cells[f"{prefix}_{k}"] = computed_td(f"{prefix}_{k}", sums[prefix][k], fig)
                differs = differs or fig.amount != sums[prefix][k]
        foot = [total_cells_row("Total impresso", keys, printed, "line", "linha-total", "diaristas-total")]
        if differs:
            foot.append(total_cells_row("Total calculado", keys, computed_cells, "line",
                                        "linha-total linha-total--calculada", "diaristas-calculado"))
        caption = "Tabela Numérica de Diaristas: situação atual e proposta, por classe de salário diário"
        table = (
            f'<table class="tabela-dados" id="tabela-diaristas" data-ordenavel><caption>{escape(caption)}</caption>'
            f"<thead><tr>{head1}</tr><tr>{head2}</tr></thead><tbody>{''.join(rows)}</tbody>"
            f"<tfoot>{''.join(foot)}</tfoot></table>"
        )
        self.titulo = label_line(d.title, book, "Título da tabela")
        self.fonte = self.linhas(d.title.line, d.rows[-1].source_lines[1])
        self.dias = d.days_per_year
        self.notas_gerais = part_notes(d.notes, book, "Toda a tabela")
        self.grafico = str(diaristas_chart(d))
        self.tabela = region(table, caption, wide=True, cards=True) + book.flush()


def diaristas_chart(d: Diaristas) -> Markup:
    """Paired bars: number of diaristas per class of daily wage, current and proposed (printed
    counts, '-' as zero); the table right below is its data."""

    def wage(fig: Figure) -> str:
        return format_cruzeiro(fig.value) if isinstance(fig.value, Decimal) else "—"

    groups = [
        charts.BarGroup(f"Classe {i}: diária {wage(r.current.daily_salary)} → {wage(r.proposed.daily_salary)}",
                        int(r.current.count.amount), int(r.proposed.count.amount))
        for i, r in enumerate(d.rows, 1)
    ]
    return charts.paired_bars(
        "grafico-diaristas",
        groups,
        title="Diaristas por classe de salário diário: situação atual × proposta",
        desc=(f"Barras emparelhadas para as {len(groups)} classes da Tabela Numérica de Diaristas: número de "
              "diaristas na situação atual e na proposta, com a diária de cada lado. Os números estão nas colunas "
              "de número da tabela logo abaixo (traço impresso contado como zero)."),
        first_label="Situação atual",
        second_label="Situação proposta",
        value_label="Número de diaristas",
        table_id="tabela-diaristas",
    )
