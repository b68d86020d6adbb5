"""The mensalistas' pages: the Tabela Ordinária (functions in commission and the séries
funcionais) and the Tabela Suplementar (isolated functions), as printed, with their notes.

The pages' sentences are in ``docs/tabelas/ordinaria-mensalistas.md`` and
``docs/tabelas/suplementar-mensalistas.md``; this builds the tables, the series' blocks and the
notes (see :mod:`macros.render.tables_cells`).
"""

from __future__ import annotations

from calculators.core.money import format_decimal
from calculators.core.text import fold

from ..data.site import Site
from ..data.tables import FunctionsPart, Header, SeriesBlock, Tables
from .safe import escape
from .tables_cells import (
    COLUMN_NAMES,
    SUB,
    NoteBook,
    TablePage,
    computed_td,
    figure_html,
    group_headers,
    headers_by_key,
    heading,
    label_line,
    lines_td,
    mark_quotes,
    name_html,
    name_td,
    names_attr,
    num_td,
    part_notes,
    quotes_of,
    region,
    source_link,
    stray_list,
    th,
    total_cells_row,
    value_attr,
)


# ------------------------------------------------------------------ tables of isolated functions
def functions_table(part: FunctionsPart, book: NoteBook, root: str, title: str) -> str:
    h = headers_by_key(part.headers)
    has_vac = "vacancies" in h
    has_obs = "observation" in h
    tid = part.id
    head1 = group_headers(h["current"].printed, h["proposed"].printed)
    rs = ' rowspan="2"'
    if has_vac:
        head1 += th(h["vacancies"].printed, "vacancies", "num", extra=rs)
    if has_obs:
        head1 += th(h["observation"].printed, "observation", "texto", extra=rs)
    head1 += th("Linhas do fonte", "lines", "num", src=False, extra=rs)
    head2 = "".join(
        th(h[k].printed, k, "texto" if k.endswith("function") else "num")
        for k in ("current_count", "current_function", "current_salary", "proposed_count", "proposed_function",
                  "proposed_salary")
    )
    rows = []
    for i, r in enumerate(part.rows, 1):
        who = r.proposed.function.sort_key if not r.proposed.function.is_blank else r.current.function.sort_key
        at = f"Linha {i} ({who})"
        cells = [
            num_td(r.current.count, "current_count", book, f"{at}, {COLUMN_NAMES['current_count']}"),
            name_td(r.current.function, "current_function", book, f"{at}, {COLUMN_NAMES['current_function']}"),
            num_td(r.current.salary, "current_salary", book, f"{at}, {COLUMN_NAMES['current_salary']}"),
            num_td(r.proposed.count, "proposed_count", book, f"{at}, {COLUMN_NAMES['proposed_count']}"),
            name_td(r.proposed.function, "proposed_function", book, f"{at}, {COLUMN_NAMES['proposed_function']}"),
            num_td(r.proposed.salary, "proposed_salary", book, f"{at}, {COLUMN_NAMES['proposed_salary']}"),
        ]
        if has_vac:
            cells.append(num_td(r.vacancies, "vacancies", book, f"{at}, {COLUMN_NAMES['vacancies']}"))
        if has_obs:
            if r.observation is None:
                cells.append('<td class="obs" data-chave="observation" data-sort=""></td>')
            else:
                ob = r.observation
                quotes = quotes_of(ob.notes)
                cells.append(
                    f'<td class="obs" data-chave="observation" data-sort="{escape(fold(ob.text))}">'
                    f'<span class="src">{mark_quotes(ob.text, quotes)}</span>'
                    f"{book.refs(ob.notes, f'{at}, observação (linha {ob.line} do fonte)')}</td>"
                )
        cells.append(lines_td(r.source_lines, book, r.notes, at, root))
        names = names_attr([r.current.function, r.proposed.function])
        rows.append(f'<tr id="{r.id}" data-nomes="{names}">{"".join(cells)}</tr>')
    keys = ["current_count", "current_function", "current_salary", "proposed_count", "proposed_function",
            "proposed_salary"] + (["vacancies"] if has_vac else []) + (["observation"] if has_obs else []) + ["lines"]
    printed = {
        k: num_td(f, k, book, f"Total impresso, {COLUMN_NAMES[k]}", "num total")
        for k, f in part.printed_totals.items()
    }
    foot = [total_cells_row("Total impresso", keys, printed, "current_function", "linha-total", f"{tid}-total")]
    computed = part.computed_totals()
    if any(part.printed_totals[k].amount != v for k, v in computed.items()):
        calc_cells = {k: computed_td(k, v, part.printed_totals[k]) for k, v in computed.items()}
        foot.append(total_cells_row("Total calculado (soma da coluna como impressa)", keys, calc_cells,
                                    "current_function", "linha-total linha-total--calculada", f"{tid}-calculado"))
    table = (
        f'<table class="tabela-dados" id="tabela-{tid}" data-ordenavel><caption>{escape(title)}</caption>'
        f"<thead><tr>{head1}</tr><tr>{head2}</tr></thead><tbody>{''.join(rows)}</tbody>"
        f"<tfoot>{''.join(foot)}</tfoot></table>"
    )
    return region(table, title, wide=True, cards=True)


class FunctionsSection:
    """One part of isolated functions (its heading, printed title, source lines, the table, the
    stray cells and the notes), built in the order its notes are numbered."""

    def __init__(self, part: FunctionsPart, book: NoteBook, title: str, source_file: str) -> None:
        self.id = part.id
        self.cabecalho = heading(2, part.label.printed, part.id)
        self.titulo = label_line(part.label, book, "Título da parte")
        self.fonte = source_link(part.source_lines, SUB, source_file)
        notes = part_notes(part.notes, book, "Toda a parte")
        table = functions_table(part, book, SUB, title)
        strays = stray_list(part.stray_cells, book)
        self.corpo = f'<div class="notas-parte">{notes}</div>{table}{strays}{book.flush()}'


# ------------------------------------------------------------------ séries funcionais
SERIES_KEYS = ["current_count", "current_function", "current_salary", "proposed_count", "reference",
               "reference_salary", "excedentes", "vacancies", "lines"]


def series_block(block: SeriesBlock, headers: dict[str, Header], tables: Tables, book: NoteBook, root: str) -> str:
    escala = tables.escala
    title = block.title.sort_key
    head1 = (
        group_headers(headers["current"].printed, headers["proposed"].printed)
        + th(headers["excedentes"].printed, "excedentes", "num", extra=' rowspan="2"')
        + th(headers["vacancies"].printed, "vacancies", "num", extra=' rowspan="2"')
        + th("Linhas do fonte", "lines", "num", src=False, extra=' rowspan="2"')
    )
    head2 = (
        th(headers["current_count"].printed, "current_count", "num")
        + th(headers["current_function"].printed, "current_function", "texto")
        + th(headers["current_salary"].printed, "current_salary", "num")
        + th(headers["proposed_count"].printed, "proposed_count", "num")
        + th(headers["reference"].printed, "reference", "num")
        + th("Salário da referência (Cr$, escala-padrão)", "reference_salary", "num", src=False, css="col-editorial")
    )
    rows = []
    for sr in block.rows:
        ref = sr.reference
        at = f"Série {title}, referência {ref.printed}"
        posts = sr.current
        c_at = f"{at}, {COLUMN_NAMES['current_count']}"
        f_at = f"{at}, {COLUMN_NAMES['current_function']}"
        s_at = f"{at}, {COLUMN_NAMES['current_salary']}"
        counts = "".join(f'<span class="post">{figure_html(p.count, book, c_at)}</span>' for p in posts)
        names = "".join(f'<span class="post">{name_html(p.function, book, f_at)}</span>' for p in posts)
        salaries = "".join(f'<span class="post">{figure_html(p.salary, book, s_at)}</span>' for p in posts)
        first_name = next((p.function for p in posts if not p.function.is_blank), None)
        first_salary = next((p.salary.value for p in posts if p.salary.value is not None), None)
        ref_html = figure_html(ref, book, f"{at}, {COLUMN_NAMES['reference']}")
        ref_salary = ""
        ref_value = ref.value
        if ref_value is not None and ref_value in escala.references:
            ref_html = (f'<a class="ref-link" href="{SUB}tabelas/escala-padrao/#{escala.row_for(int(ref_value)).id}" '
                        f'title="Referência {ref_value} na escala-padrão">{ref_html}</a>')
            ref_salary_value = escala.salary_for(int(ref_value))
            ref_salary = (f'<td class="num col-editorial" data-chave="reference_salary" '
                          f'data-value="{value_attr(ref_salary_value)}">'
                          f'{escape(format_decimal(ref_salary_value, 2))}</td>')
        else:
            ref_salary = ('<td class="num col-editorial" data-chave="reference_salary" data-value="">'
                          '<span class="vazio" data-search-exclude>—</span></td>')
        cells = [
            f'<td class="num" data-chave="current_count" data-value="{sr.current_count}">{counts}</td>',
            f'<td class="nome" data-chave="current_function" '
            f'data-sort="{escape(fold(first_name.sort_key) if first_name else "")}">{names}</td>',
            f'<td class="num" data-chave="current_salary" data-value="{value_attr(first_salary)}">{salaries}</td>',
            num_td(sr.proposed_count, "proposed_count", book, f"{at}, {COLUMN_NAMES['proposed_count']}"),
            f'<td class="num" data-chave="reference" data-value="{value_attr(ref_value)}">{ref_html}</td>',
            ref_salary,
            num_td(sr.excedentes, "excedentes", book, f"{at}, {COLUMN_NAMES['excedentes']}"),
            num_td(sr.vacancies, "vacancies", book, f"{at}, {COLUMN_NAMES['vacancies']}"),
            lines_td(sr.source_lines, book, sr.notes, at, root),
        ]
        in_scale = ref_value is not None and ref_value in escala.references
        referencia = f' data-referencia="{int(ref_value)}"' if in_scale and ref_value is not None else ""
        rows.append(f'<tr id="{sr.id}" data-nomes="{names_attr(p.function for p in posts)}"{referencia}>'
                    f'{"".join(cells)}</tr>')
    printed = {
        k: num_td(f, k, book, f"Série {title}, total impresso, {COLUMN_NAMES[k]}", "num total")
        for k, f in block.printed_totals.items()
    }
    foot = [total_cells_row("Total impresso", SERIES_KEYS, printed, "current_function", "linha-total",
                            f"serie-{block.id}-total")]
    computed = block.computed_totals()
    if any(block.printed_totals[k].amount != v for k, v in computed.items()):
        calc_cells = {k: computed_td(k, v, block.printed_totals[k]) for k, v in computed.items()}
        foot.append(total_cells_row("Total calculado (soma da coluna como impressa)", SERIES_KEYS, calc_cells,
                                    "current_function", "linha-total linha-total--calculada",
                                    f"serie-{block.id}-calculado"))
    caption = f"Série funcional {title}"
    table = (
        f'<table class="tabela-dados tabela-serie" id="tabela-serie-{block.id}" data-ordenavel>'
        f"<caption>{escape(caption)}</caption>"
        f"<thead><tr>{head1}</tr><tr>{head2}</tr></thead><tbody>{''.join(rows)}</tbody>"
        f"<tfoot>{''.join(foot)}</tfoot></table>"
    )
    title_notes = book.refs(block.title.notes, f"Série {title}, título")
    quotes = quotes_of(block.title.notes)
    normalized = ""
    if block.title.normalized:
        normalized = f' <span class="nome-normalizado" data-nosrc>(lê-se: {escape(block.title.normalized)})</span>'
    t = block.printed_totals
    summary = (f'<p class="serie-resumo" data-search-exclude>Atual: {t["current_count"].printed} · proposta: '
               f'{t["proposed_count"].printed} · excedentes: {t["excedentes"].printed} · '
               f'vagas: {t["vacancies"].printed} '
               f"(totais impressos) — {source_link(block.source_lines, SUB, book.source_file)}. "
               f'{part_notes(block.notes, book, f"série {title}", "span")}</p>')
    return (
        f'<section class="serie" id="serie-{block.id}" data-filtro-bloco data-nomes="{names_attr([block.title])}" '
        f'aria-labelledby="serie-{block.id}-titulo">'
        f'<h3 class="serie-titulo" id="serie-{block.id}-titulo">'
        f'<span class="src">{mark_quotes(block.title.printed, quotes)}</span>'
        f"{normalized}{title_notes}</h3>{summary}"
        f"{region(table, caption, wide=True)}{stray_list(block.stray_cells, book)}"
        f'{book.flush("Notas desta série")}</section>'
    )


class OrdinariaPage(TablePage):
    """The Tabela Ordinária: its heading and title, a) the functions in commission, b) the series."""

    def __init__(self, site: Site) -> None:
        super().__init__(site)
        t = self.tables
        o = t.ordinaria
        book = self.book
        self.cabecalho_impresso = f'<span class="src">{escape(o.heading.printed)}</span>'
        self.titulo = label_line(o.title, book, "Título da tabela")
        self.fonte = self.linhas(o.heading.line, o.series.source_lines[1])
        self.notas_gerais = part_notes(o.notes, book, "Toda a tabela")
        self.notas = book.flush("Notas sobre a tabela")
        self.comissao = FunctionsSection(o.commission, book, "Tabela Ordinária, a) funções em comissão",
                                         t.source_file)
        s = o.series
        h = headers_by_key(s.headers)
        self.series_id = s.id
        self.series_cabecalho = heading(2, s.label.printed, s.id)
        self.series_titulo = label_line(s.label, book, "Título da parte")
        self.series_fonte = source_link(s.source_lines, SUB, t.source_file)
        self.cabecalho_linhas = f"{h['current'].line}–{h['vacancies'].line}"
        self.cabecalho_series = " ".join(
            f'<span class="src">{escape(hd.printed)}</span>' + ("" if i == len(s.headers) - 1 else " ·")
            for i, hd in enumerate(s.headers)
        )
        self.series_notas_gerais = part_notes(s.notes, book, "Todas as séries")
        self.series_notas = book.flush("Notas sobre as séries")
        self.numero_de_series = len(s.blocks)
        self.indice_series = "".join(
            f'<li><a href="#serie-{b.id}">{escape(b.title.sort_key)}</a></li>' for b in s.blocks
        )
        self.series = "".join(series_block(b, h, t, book, SUB) for b in s.blocks)


class SuplementarPage(TablePage):
    """The Tabela Suplementar: its title, a) functions in commission, b) of effective tenure."""

    def __init__(self, site: Site) -> None:
        super().__init__(site)
        t = self.tables
        s = t.suplementar
        book = self.book
        self.titulo = label_line(s.title, book, "Título da tabela")
        self.fonte = self.linhas(s.title.line, s.effective.source_lines[1])
        self.notas_gerais = part_notes(s.notes, book, "Toda a tabela")
        self.notas = book.flush("Notas sobre a tabela")
        self.comissao = FunctionsSection(s.commission, book, "Tabela Suplementar, a) funções isoladas, em comissão",
                                         t.source_file)
        self.efetivo = FunctionsSection(s.effective, book,
                                        "Tabela Suplementar, b) funções isoladas, de provimento efetivo",
                                        t.source_file)

