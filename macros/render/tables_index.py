"""The «Tabelas» index: the facts its cards and sentences cite, read from the tables.

The page's sentences are in ``docs/tabelas/index.md``; this gives it the counts, the salaries, the
source lines and the totals of the comparison (computed by the calculators' rules, see
:mod:`macros.data.table_compare`), each formatted as the page shows it.
"""

from __future__ import annotations

from decimal import Decimal

from calculators.core.money import format_cruzeiro

from ..data.site import Site
from .safe import Markup, escape
from .tables_cells import TablePage
from .tables_comparison import money_of


class IndexPage(TablePage):
    """Counts, salaries, source lines and totals for the cards of ``/tabelas/``."""

    root = "../"

    def __init__(self, site: Site) -> None:
        super().__init__(site)
        t = self.tables
        o, s, d, e = t.ordinaria, t.suplementar, t.diaristas, t.escala
        self.referencias = len(e.rows)
        self.primeiro_salario = escape(format_cruzeiro(money_of(e.rows[0].salary) or Decimal(0)))
        self.ultimo_salario = escape(format_cruzeiro(money_of(e.rows[-1].salary) or Decimal(0)))
        self.fonte_escala = self.linhas(e.title.line, e.rows[-1].source_lines[1])
        self.ordinaria_comissao = len(o.commission.rows)
        self.ordinaria_series = len(o.series.blocks)
        self.fonte_ordinaria = self.linhas(o.heading.line, o.series.source_lines[1])
        self.suplementar_comissao = len(s.commission.rows)
        self.suplementar_efetivo = len(s.effective.rows)
        self.fonte_suplementar = self.linhas(s.title.line, s.effective.source_lines[1])
        self.classes_diaristas = len(d.rows)
        self.fonte_diaristas = self.linhas(d.title.line, d.rows[-1].source_lines[1])
        total = site.comparison.total
        self.funcoes_atuais = total.current_count
        self.folha_atual = escape(format_cruzeiro(total.current))
        self.funcoes_propostas = total.proposed_count
        self.folha_proposta = escape(format_cruzeiro(total.proposed))
        self.fonte: Markup = self.linhas(*t.source_lines)
