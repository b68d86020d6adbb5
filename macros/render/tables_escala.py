"""The «Escala-padrão de salários» page: each referência and its monthly salary, with a chart.

The page's sentences are in ``docs/tabelas/escala-padrao.md``; this builds the table, the chart and
the notes (see :mod:`macros.render.tables_cells`).
"""

from __future__ import annotations

from decimal import Decimal

from calculators.core.money import format_cruzeiro, format_decimal

from ..data.site import Site
from ..data.tables import SeriesBlock, SeriesRow
from . import charts
from .safe import escape
from .tables_cells import (
    SUB,
    TablePage,
    figure_html,
    headers_by_key,
    label_line,
    lines_td,
    num_td,
    part_notes,
    region,
    steps_text,
    th,
)


class EscalaPage(TablePage):
    """The escala's printed title, source lines, chart, the steps of its curve and the table."""

    def __init__(self, site: Site) -> None:
        super().__init__(site)
        t = self.tables
        e = t.escala
        book = self.book
        h = headers_by_key(e.headers)
        usage: dict[int, dict[str, tuple[SeriesBlock, SeriesRow]]] = {}
        for b in t.ordinaria.series.blocks:
            for sr in b.rows:
                if sr.reference.value is not None:
                    usage.setdefault(int(sr.reference.value), {}).setdefault(b.id, (b, sr))
        rows = []
        for r in e.rows:
            ref = int(r.reference.value) if r.reference.value is not None else 0
            used = ", ".join(
                f'<a href="{SUB}tabelas/ordinaria-mensalistas/#{sr.id}">{escape(b.title.sort_key)}</a>'
                for b, sr in usage.get(ref, {}).values()
            ) or '<span class="vazio" data-search-exclude>nenhuma</span>'
            rows.append(
                f'<tr id="{r.id}">'
                f'<th scope="row" class="num" data-chave="reference" data-value="{ref}">'
                f"{figure_html(r.reference, book, f'Referência {ref}')}</th>"
                f"{num_td(r.salary, 'salary', book, f'Referência {ref}, salário mensal')}"
                f'<td class="series-usam">{used}</td>'
                f"{lines_td(r.source_lines, book, r.notes, f'Referência {ref}', SUB)}</tr>"
            )
        caption = "Escala-padrão de salários: salário mensal de cada referência"
        table = (
            f'<table class="tabela-dados tabela-escala" id="tabela-escala" data-ordenavel>'
            f"<caption>{escape(caption)}</caption>"
            f"<thead><tr>{th(h['reference'].printed, 'reference', 'num')}{th(h['salary'].printed, 'salary', 'num')}"
            f'<th scope="col" class="col-editorial">Séries da Tabela Ordinária com esta referência</th>'
            f"{th('Linha do fonte', 'lines', 'num', src=False)}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )
        points = [(int(r.reference.value), r.salary.value) for r in e.rows
                  if r.reference.value is not None and isinstance(r.salary.value, Decimal)]
        first, last = points[0], points[-1]
        self.grafico = str(charts.line_chart(
            "grafico-escala",
            points,
            title="Escala-padrão de salários de 1945: salário mensal por referência",
            desc=(f"Curva crescente de {len(points)} pontos, da referência {first[0]} ({format_cruzeiro(first[1])}) "
                  f"à referência {last[0]} ({format_cruzeiro(last[1])}). Os valores exatos estão na tabela "
                  "logo abaixo do gráfico."),
            x_label="Referência de salário",
            y_label="Salário mensal (Cr$)",
            y_format=lambda v: format_decimal(v, 0),
            table_id="tabela-escala",
        ))
        notes_intro = part_notes(e.notes, book, "Toda a escala")
        self.titulo = label_line(e.title, book, "Título da escala")
        self.fonte = self.linhas(e.title.line, e.rows[-1].source_lines[1])
        self.passos = escape(steps_text(charts.runs(points)))
        self.tabela = f"{notes_intro}{region(table, caption, cards=True)}{book.flush()}"
