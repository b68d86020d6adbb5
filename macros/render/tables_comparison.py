"""The «Atual × proposta» page: pay, staff and payroll before and after the 1945 tables.

Every figure comes from :mod:`macros.data.table_compare`, that is, from the calculators' rules
(the 1945 calculator, ``calculators/rules/``); nothing here computes pay. The page's sentences are in
``docs/tabelas/comparacao.md``; this builds the tables, the chart and the notes (see
:mod:`macros.render.tables_cells`).
"""

from __future__ import annotations

from decimal import Decimal

from calculators.core.money import format_cruzeiro, format_decimal
from calculators.core.text import fold

from ..data.site import Site
from ..data.table_compare import CALCULATOR_PAGE, Comparison, FunctionLine, Group, Payroll
from ..data.tables import Escala, Figure, Tables
from . import charts
from .safe import Markup, escape
from .tables_cells import SUB, NoteBook, TablePage, lines_text, name_html, names_attr, region, source_href, value_attr


def money_td(key: str, value: Decimal | None, css: str = "num") -> str:
    if value is None:
        return (f'<td class="{css}" data-chave="{key}" data-value="">'
                '<span class="vazio" data-search-exclude>—</span></td>')
    shown = escape(format_cruzeiro(value))
    return f'<td class="{css}" data-chave="{key}" data-value="{value_attr(value)}">{shown}</td>'


def money_of(fig: Figure) -> Decimal | None:
    return fig.value if isinstance(fig.value, Decimal) else None


def int_td(key: str, value: int, css: str = "num") -> str:
    return f'<td class="{css}" data-chave="{key}" data-value="{value}">{value}</td>'


def percent_td(key: str, value: Decimal | None) -> str:
    if value is None:
        return f'<td class="num" data-chave="{key}" data-value=""><span class="vazio" data-search-exclude>—</span></td>'
    return f'<td class="num" data-chave="{key}" data-value="{value_attr(value)}">{escape(format_decimal(value))}%</td>'


TABLE_NAMES = {"ordinaria": "Ordinária", "suplementar": "Suplementar"}


def group_name(g: Group) -> str:
    if g.is_series:
        return g.label
    part = "a)" if g.key.endswith("comissao") else "b)"
    return f"{part} {g.label}"


def group_link(g: Group) -> str:
    return f'<a href="{SUB}tabelas/{g.page}/#{g.anchor}">{escape(group_name(g))}</a>'


PAYROLL_HEAD = (
    '<th scope="col" data-chave="table" data-tipo="texto">Tabela</th>'
    '<th scope="col" data-chave="group" data-tipo="texto">Série ou parte</th>'
    '<th scope="col" data-chave="current_count" data-tipo="num">Funções atuais</th>'
    '<th scope="col" data-chave="proposed_count" data-tipo="num">Funções propostas</th>'
    '<th scope="col" data-chave="excedentes" data-tipo="num">Excedentes</th>'
    '<th scope="col" data-chave="vacancies" data-tipo="num">Vagas</th>'
    '<th scope="col" data-chave="current_pay" data-tipo="num">Folha mensal atual</th>'
    '<th scope="col" data-chave="proposed_pay" data-tipo="num">Folha mensal proposta</th>'
    '<th scope="col" data-chave="difference" data-tipo="num">Diferença mensal</th>'
)


def _payroll_cells(p: Payroll) -> str:
    return (int_td("current_count", p.current_count) + int_td("proposed_count", p.proposed_count)
            + int_td("excedentes", p.excedentes) + int_td("vacancies", p.vacancies)
            + money_td("current_pay", p.current) + money_td("proposed_pay", p.proposed)
            + money_td("difference", p.difference))


def payroll_table(c: Comparison) -> str:
    rows = []
    for g in c.groups:
        names = escape(" | ".join(dict.fromkeys([fold(g.label), fold(g.printed)])))
        rows.append(
            f'<tr id="comp-{g.key}" data-nomes="{names}">'
            f'<td data-chave="table" data-sort="{g.table}">{TABLE_NAMES[g.table]}</td>'
            f'<th scope="row" class="nome" data-chave="group" data-sort="{escape(fold(g.label))}">{group_link(g)}</th>'
            f"{_payroll_cells(g.payroll)}</tr>"
        )
    foot = "".join(
        f'<tr class="linha-total"><td></td><th scope="row">{label}</th>{_payroll_cells(p)}</tr>'
        for label, p in (("Subtotal Tabela Ordinária", c.ordinaria), ("Subtotal Tabela Suplementar", c.suplementar),
                         ("Total dos mensalistas", c.total))
    )
    caption = "Pessoal e folha mensal, situação atual e proposta, por série e por parte (valores em cruzeiros)"
    table = (
        f'<table class="tabela-dados" id="tabela-folha" data-ordenavel><caption>{escape(caption)}</caption>'
        f"<thead><tr>{PAYROLL_HEAD}</tr></thead><tbody>{''.join(rows)}</tbody><tfoot>{foot}</tfoot></table>"
    )
    return region(table, "Pessoal e folha por série", wide=True, cards=True)


def headcount_chart(c: Comparison) -> Markup:
    groups = [charts.BarGroup(g.label, g.payroll.current_count, g.payroll.proposed_count)
              for g in c.groups if g.is_series]
    grow = sum(1 for g in groups if g.second > g.first)
    return charts.paired_bars(
        "grafico-pessoal",
        groups,
        title="Funções por série funcional da Tabela Ordinária: situação atual × proposta",
        desc=(f"Barras emparelhadas para as {len(groups)} séries funcionais: número de funções na situação atual e "
              f"na proposta. {grow} séries crescem; as demais mantêm o número. Os números estão nas colunas "
              "«Funções atuais» e «Funções propostas» da tabela logo abaixo."),
        first_label="Situação atual",
        second_label="Situação proposta",
        value_label="Número de funções",
        table_id="tabela-folha",
    )


RAISE_HEAD = (
    '<th scope="col" data-chave="table" data-tipo="texto">Tabela</th>'
    '<th scope="col" data-chave="group" data-tipo="texto">Série ou parte</th>'
    '<th scope="col" data-chave="function" data-tipo="texto">Função atual (como impressa)</th>'
    '<th scope="col" data-chave="count" data-tipo="num">Nº</th>'
    '<th scope="col" data-chave="current" data-tipo="num">Salário atual</th>'
    '<th scope="col" data-chave="reference" data-tipo="num">Referência ou função proposta</th>'
    '<th scope="col" data-chave="proposed" data-tipo="num">Salário proposto</th>'
    '<th scope="col" data-chave="raise" data-tipo="num">Aumento (Cr$)</th>'
    '<th scope="col" data-chave="percent" data-tipo="num">Aumento (%)</th>'
    '<th scope="col" data-chave="lines" data-tipo="num">Linhas do fonte</th>'
)


def _raise_row(g: Group, line: FunctionLine, i: int, book: NoteBook, escala: Escala) -> str:
    name = line.current_name
    concerns = f"{group_name(g)}, {name.sort_key}"
    target = ""
    referencia = ""
    if line.reference is not None:
        ref = line.reference
        if ref.value is not None and line.proposed is not None:
            anchor = escala.row_for(int(ref.value)).id
            referencia = f' data-referencia="{int(ref.value)}"'
            target = f'<a href="{SUB}tabelas/escala-padrao/#{anchor}">ref. {escape(ref.printed)}</a>'
            ref_value = value_attr(ref.value)
        else:
            target = f'<span class="src">{escape(ref.printed)}</span>{book.refs(ref.notes, concerns)}'
            ref_value = ""
    else:
        proposed = line.proposed_name
        target = escape(proposed.sort_key) if proposed is not None else ""
        ref_value = ""
    raised = line.raise_
    names = names_attr([name] + ([line.proposed_name] if line.proposed_name else []))
    return (
        f'<tr id="aumento-{g.key}-{i}" data-nomes="{names} | {escape(fold(g.label))}"{referencia}>'
        f'<td data-chave="table" data-sort="{g.table}">{TABLE_NAMES[g.table]}</td>'
        f'<td class="nome" data-chave="group" data-sort="{escape(fold(g.label))}">{group_link(g)}</td>'
        f'<th scope="row" class="nome" data-chave="function" data-sort="{escape(fold(name.sort_key))}">'
        f"{name_html(name, book, concerns)}</th>"
        f"{int_td('count', int(line.current_count.amount))}"
        f"{money_td('current', money_of(line.current_salary))}"
        f'<td class="num" data-chave="reference" data-value="{ref_value}">{target}</td>'
        f"{money_td('proposed', line.proposed)}"
        f"{money_td('raise', raised.amount if raised else None)}"
        f"{percent_td('percent', raised.percent if raised else None)}"
        f'<td class="num" data-chave="lines" data-value="{line.source_lines[0]}">'
        f'<a href="{source_href(SUB, book.source_file)}">{lines_text(line.source_lines)}</a></td></tr>'
    )


def raises_table(c: Comparison, book: NoteBook, escala: Escala) -> str:
    rows = []
    for g in c.groups:
        for i, line in enumerate(g.lines, 1):
            rows.append(_raise_row(g, line, i, book, escala))
    caption = "Salário mensal atual e proposto de cada função atual, com o aumento em cruzeiros e em porcentagem"
    table = (
        f'<table class="tabela-dados" id="tabela-aumentos" data-ordenavel><caption>{escape(caption)}</caption>'
        f"<thead><tr>{RAISE_HEAD}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
    return region(table, "Aumento por função", wide=True)


def daily_table(c: Comparison, tables_: Tables) -> str:
    rows = []
    for i, line in enumerate(c.daily, 1):
        r = line.row
        cur, new = r.current, r.proposed
        raised = line.raise_
        rows.append(
            f'<tr><th scope="row" class="num" data-chave="line" data-value="{i}">{i}</th>'
            f"{int_td('current_count', int(cur.count.amount))}"
            f"{money_td('current_daily', money_of(cur.daily_salary))}"
            f"{int_td('proposed_count', int(new.count.amount))}"
            f"{money_td('proposed_daily', money_of(new.daily_salary))}"
            f"{money_td('raise', raised.amount if raised else None)}"
            f"{percent_td('percent', raised.percent if raised else None)}</tr>"
        )
    d = tables_.diaristas
    (cc, ce), (pc, pe) = c.daily_current, c.daily_proposed
    foot = (
        f'<tr class="linha-total"><th scope="row">Total</th>{int_td("current_count", cc)}'
        f'<td class="num">Despesa anual: {escape(format_cruzeiro(ce))}</td>{int_td("proposed_count", pc)}'
        f'<td class="num">Despesa anual: {escape(format_cruzeiro(pe))}</td><td colspan="2"></td></tr>'
        f'<tr class="linha-total linha-total--impressa"><th scope="row">Total impresso</th>'
        f'<td class="num">{escape(d.printed_totals["current"]["count"].printed)}</td>'
        f'<td class="num">{escape(d.printed_totals["current"]["annual_expense"].printed)}</td>'
        f'<td class="num">{escape(d.printed_totals["proposed"]["count"].printed)}</td>'
        f'<td class="num">{escape(d.printed_totals["proposed"]["annual_expense"].printed)}</td>'
        f'<td colspan="2"></td></tr>'
    )
    caption = "Diaristas: salário diário atual e proposto de cada classe, com o aumento"
    table = (
        f'<table class="tabela-dados" id="tabela-diarias" data-ordenavel><caption>{escape(caption)}</caption>'
        '<thead><tr><th scope="col" data-chave="line" data-tipo="num">Classe</th>'
        '<th scope="col" data-chave="current_count" data-tipo="num">Diaristas atuais</th>'
        '<th scope="col" data-chave="current_daily" data-tipo="num">Diária atual</th>'
        '<th scope="col" data-chave="proposed_count" data-tipo="num">Diaristas propostos</th>'
        '<th scope="col" data-chave="proposed_daily" data-tipo="num">Diária proposta</th>'
        '<th scope="col" data-chave="raise" data-tipo="num">Aumento (Cr$)</th>'
        '<th scope="col" data-chave="percent" data-tipo="num">Aumento (%)</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody><tfoot>{foot}</tfoot></table>"
    )
    return region(table, "Diárias atual e proposta", wide=True, cards=True)


class ComparisonPage(TablePage):
    """The facts the page's sentences cite (the line whose printed count fails the total, the
    series cell printed as an amount), the payroll and raises tables, the chart and the notes."""

    def __init__(self, site: Site) -> None:
        super().__init__(site)
        t = self.tables
        c = site.comparison
        book = self.book
        o = t.ordinaria.commission
        # The row whose printed proposed count fails the column total, and the series cell printed
        # as an amount instead of a referência: both found in the data, with their notes.
        number, row, mismatch = next(
            (i, r, n) for i, r in enumerate(o.rows, 1) for n in r.proposed.count.notes if n.type == "total_mismatch"
        )
        row_name = row.proposed.function.sort_key
        self.linha = escape(row_name)
        self.impresso = escape(row.proposed.count.printed)
        self.conciliaria = mismatch.reconciling_value
        self.notas_linha = book.refs(
            [mismatch], f"Tabela Ordinária, a) funções em comissão, linha {number} ({row_name}), nº proposto")
        guarda, odd = next((b, sr) for b in t.ordinaria.series.blocks for sr in b.rows
                           if sr.reference.money_value is not None)
        self.celula = escape(odd.reference.printed)
        self.serie = escape(guarda.title.sort_key)
        self.notas_celula = book.refs(
            [n for n in odd.reference.notes if n.type == "not_in_scale"],
            f"Série {guarda.title.sort_key}, célula «{odd.reference.printed}» da coluna de referência")
        self.notas = book.flush("Notas que afetam estes números")
        self.calculadora = f"{SUB}{CALCULATOR_PAGE}"
        self.grafico = str(headcount_chart(c))
        self.folha = payroll_table(c)
        self.aumentos = raises_table(c, book, t.escala)
        self.notas_aumentos = book.flush("Notas desta tabela")
        self.diarias = daily_table(c, t)

