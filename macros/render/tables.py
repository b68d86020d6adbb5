"""Render the "Tabelas" pages: the tables annexed to Decreto nº 17.961/1945, as real HTML tables.

Conventions (as in :mod:`macros.render.statute`):

- every piece of source text — titles, printed column headings, names, figures, observations, as
  printed — is escaped and wrapped in an element of class ``src`` (the fidelity test reads those);
  what the edition adds (normalised names, "lido como", links, notes, line numbers) is outside
  them or marked ``data-nosrc``; notes and controls carry ``data-search-exclude``;
- nothing printed is replaced: a misspelled name keeps its printed form, with the normalised one
  beside it; a garbled figure is shown as printed, with the value read and its note;
- each table scrolls inside a focusable region with an accessible name (never the page);
- sorting and filtering are progressive enhancement (``docs/assets/tabelas.js``): the cells carry
  ``data-value`` (numbers, dot decimal) and ``data-sort`` (accent-folded names) and the filter box
  is ``hidden`` until the script runs. Without JavaScript every table is complete;
- figures of the comparison come from :mod:`macros.data.table_compare` (that is, from the calculators);
  this module never computes pay.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from markupsafe import Markup, escape

from calculators.core.money import format_cruzeiro, format_decimal
from calculators.core.provisions import DEC_1945
from calculators.core.text import fold

from ..data import textspans
from ..data.notes import Note
from ..data.site import Site
from ..data.table_compare import CALCULATOR_PAGE, Comparison, FunctionLine, Group, Payroll
from ..data.tables import (
    Diaristas,
    Escala,
    Figure,
    FunctionsPart,
    Header,
    Label,
    Name,
    SeriesBlock,
    SeriesRow,
    StrayCell,
    Tables,
)
from ..data.textspans import Span
from ..exporters.exports import CSV_FILES, JSON_NAME, SCHEMA_NAME
from . import charts
from .links import provision_link
from .notes import note_aside
from .statute import md_heading_text

SUB = "../../"  # from /tabelas/<page>/ to the site root

COLUMN_NAMES = {
    "current_count": "nº de funções, situação atual",
    "current_function": "função, situação atual",
    "current_salary": "salário mensal, situação atual",
    "proposed_count": "nº de funções, situação proposta",
    "proposed_function": "função, situação proposta",
    "proposed_salary": "salário mensal, situação proposta",
    "reference": "referência de salário",
    "excedentes": "excedentes",
    "vacancies": "vagas",
    "observation": "observação",
    "count": "número",
    "daily_salary": "salário diário",
    "annual_expense": "despesa anual",
    "salary": "salário mensal",
}


# ------------------------------------------------------------------ small helpers
def lines_text(lines: tuple[int, int]) -> str:
    first, last = lines
    return str(first) if first == last else f"{first}–{last}"


def source_href(root: str, source_file: str) -> str:
    return f"{root}fontes/{source_file}"


def source_link(lines: tuple[int, int], root: str, source_file: str) -> Markup:
    """'linhas 130–140 do documento-fonte', linked to the source file."""
    word = "linha" if lines[0] == lines[1] else "linhas"
    return Markup(
        f'<a class="fonte-link" href="{source_href(root, source_file)}">{word} {lines_text(lines)} '
        "do documento-fonte</a>"
    )


def decree_link(anchor: str, root: str, within: str | None = None) -> Markup:
    """A provision of the decree, labelled from its id (``within``: after the provision named)."""
    return provision_link(DEC_1945, anchor, root, within=within)


def quotes_of(notes: Iterable[Note]) -> list[str]:
    """The quotes of the notes that point out an anomaly (highlighted in the printed text)."""
    return [n.quote for n in notes if n.quote and n.is_anomaly]


def mark_quotes(text: str, quotes: Iterable[str]) -> Markup:
    """Escape ``text`` and mark the first occurrence of each quote (non-overlapping), through
    :func:`macros.data.textspans.render` like the statutes' text."""
    spans: list[Span] = []
    for q in quotes:
        start = text.find(q)
        if start < 0:
            continue
        end = start + len(q)
        if any(s.start < end and start < s.end for s in spans):
            continue
        spans.append(Span(start, end, '<mark class="anomalia">', "</mark>"))
    return textspans.render(text, spans)


def heading(level: int, text: str, anchor: str, src: bool = True) -> str:
    """A Markdown heading (reaches the table of contents), escaped; ``src`` when printed."""
    css = "src" if src else "rotulo-editorial-tabela"
    return f'{"#" * level} <span class="{css}">{md_heading_text(text)}</span> {{#{anchor}}}'


@dataclass
class NoteBook:
    """Numbers the notes of one page and lists them right after the table they concern; knows the
    source file the page's line numbers link to."""

    source_file: str
    count: int = 0
    pending: list[tuple[int, Note, str]] = field(default_factory=list)

    def refs(self, notes: Iterable[Note], concerns: str) -> str:
        out = []
        for note in notes:
            self.count += 1
            self.pending.append((self.count, note, concerns))
            out.append(
                f'<a href="#nota-{self.count}" aria-label="Nota {self.count}: {escape(note.label)}">'
                f"[{self.count}]</a>"
            )
        if not out:
            return ""
        return f'<sup class="nota-ref" data-nosrc data-search-exclude>{"".join(out)}</sup>'

    def flush(self, title: str = "Notas desta tabela") -> str:
        if not self.pending:
            return ""
        items = [
            note_aside(note, number, anchor=f"nota-{number}", heading=note.label, concerns=concerns, show_quote=True)
            for number, note, concerns in self.pending
        ]
        self.pending = []
        return (
            f'<div class="notas-tabela" data-search-exclude><p class="notas-titulo">{escape(title)}</p>'
            f'{"".join(items)}</div>'
        )


# ------------------------------------------------------------------ cells
def figure_html(fig: Figure, book: NoteBook, concerns: str) -> str:
    """A printed figure as printed (class src), with anomaly marks, the value read and note links."""
    quotes = quotes_of(fig.notes)
    body = mark_quotes(fig.printed, quotes)
    extra = ""
    if fig.kind == "money" and isinstance(fig.value, Decimal) and fig.printed != format_decimal(fig.value, 2):
        extra = f' <span class="lido" data-nosrc>(lido como {escape(format_decimal(fig.value, 2))})</span>'
    if fig.money_value is not None:
        extra = (f' <span class="lido" data-nosrc>(uma quantia, {escape(format_cruzeiro(fig.money_value))}, '
                 f"e não uma referência)</span>")
    return f'<span class="src">{body}</span>{extra}{book.refs(fig.notes, concerns)}'


def steps_text(runs: Sequence[charts.Run]) -> str:
    """``Cr$ 50,00 até a referência 39 e de Cr$ 100,00 daí em diante``: the escala's increments."""
    parts = [f"{format_cruzeiro(r.rise)} até a referência {r.end}" for r in runs[:-1]]
    parts.append(f"{format_cruzeiro(runs[-1].rise)} daí em diante" if parts else format_cruzeiro(runs[-1].rise))
    return ", de ".join(parts[:-1]) + (" e de " if len(parts) > 1 else "") + parts[-1]


def value_attr(value: int | Decimal | None) -> str:
    if value is None:
        return ""
    return format(value, "f") if isinstance(value, Decimal) else str(value)


def num_td(fig: Figure | None, key: str, book: NoteBook, concerns: str, css: str = "num") -> str:
    if fig is None:
        return (f'<td class="{css}" data-chave="{key}" data-value="">'
                '<span class="vazio" data-nosrc data-search-exclude>(em branco)</span></td>')
    return (f'<td class="{css}" data-chave="{key}" data-value="{value_attr(fig.value)}">'
            f"{figure_html(fig, book, concerns)}</td>")


def name_html(name: Name, book: NoteBook, concerns: str) -> str:
    quotes = quotes_of(name.notes)
    body = mark_quotes(name.printed, quotes)
    normalized = ""
    if name.normalized and name.normalized != name.printed:
        normalized = f' <span class="nome-normalizado" data-nosrc>(lê-se: {escape(name.normalized)})</span>'
    return f'<span class="src">{body}</span>{normalized}{book.refs(name.notes, concerns)}'


def name_td(name: Name, key: str, book: NoteBook, concerns: str) -> str:
    sort = "" if name.is_blank else fold(name.sort_key)
    return f'<td class="nome" data-chave="{key}" data-sort="{escape(sort)}">{name_html(name, book, concerns)}</td>'


def names_attr(names: Iterable[Name]) -> str:
    keys: list[str] = []
    for n in names:
        if n.is_blank:
            continue
        for form in (n.printed, n.normalized):
            if form and fold(form) not in keys:
                keys.append(fold(form))
    return escape(" | ".join(keys))


def lines_td(lines: tuple[int, int], book: NoteBook, notes: Sequence[Note], concerns: str, root: str) -> str:
    return (
        f'<td class="num linhas" data-chave="lines" data-value="{lines[0]}">'
        f'<a href="{source_href(root, book.source_file)}" aria-label="Linhas {lines_text(lines)} do documento-fonte">'
        f"{lines_text(lines)}</a>{book.refs(notes, concerns)}</td>"
    )


def th(content: str, key: str | None = None, kind: str | None = None, *, src: bool = True, extra: str = "",
       css: str = "") -> str:
    """A column header; sortable ones carry data-chave and data-tipo (the script adds the button)."""
    attrs = f' data-chave="{key}" data-tipo="{kind}"' if key and kind else ""
    cls = f' class="{css}"' if css else ""
    inner = f'<span class="src">{escape(content)}</span>' if src else str(escape(content))
    return f'<th scope="col"{attrs}{extra}{cls}>{inner}</th>'


def group_headers(current: str, proposed: str, span_current: int = 3, span_proposed: int = 3) -> str:
    """The two printed group headings (SITUAÇÃO ATUAL, SITUAÇÃO PROPOSTA) over their columns."""
    return (
        f'<th colspan="{span_current}" scope="colgroup" class="grupo-atual"><span class="src">{escape(current)}'
        f'</span></th><th colspan="{span_proposed}" scope="colgroup" class="grupo-proposta"><span class="src">'
        f"{escape(proposed)}</span></th>"
    )


def region(table: str, label: str, wide: bool = False) -> str:
    css = "tabela-rolagem tabela-rolagem--larga" if wide else "tabela-rolagem"
    return f'<div class="{css}" tabindex="0" role="region" aria-label="{escape(label)}">{table}</div>'


def filter_box(target: str, label: str, hint: str) -> str:
    """The filter field, hidden until tabelas.js runs (without JavaScript it would do nothing)."""
    fid = f"filtro-{target}"
    return (
        f'<div class="tabela-filtro" data-filtro-para="{escape(target)}" hidden data-search-exclude>'
        f'<label for="{fid}">{escape(label)}</label> '
        f'<input type="search" id="{fid}" autocomplete="off" spellcheck="false" '
        f'aria-describedby="{fid}-dica {fid}-status">'
        f' <span class="filtro-dica" id="{fid}-dica">{escape(hint)}</span>'
        f' <output class="filtro-status" id="{fid}-status" aria-live="polite"></output></div>'
    )


def downloads(names: Sequence[str], root: str) -> str:
    def describe(n: str) -> str:
        return CSV_FILES.get(n, "Atual × proposta: salário atual e proposto, aumento e número de funções, por função")

    items = "".join(
        f"<li>{escape(describe(n))}: "
        f'<a href="{root}dados/planilhas/{escape(n)}" download>para planilha</a> '
        f'<small>(<code>/dados/planilhas/{escape(n)}</code>)</small>'
        + (f' · <a href="{root}dados/{escape(n)}" download>CSV de dados</a> <small>(<code>/dados/{escape(n)}</code>)'
           f"</small>" if n in CSV_FILES else "")
        + "</li>"
        for n in names
    )
    return (
        f'<div class="baixar" data-search-exclude><p class="painel-titulo">Baixar os dados</p><ul>{items}'
        f'<li>Todas as tabelas numa pasta de trabalho: <a href="{root}dados/tabelas-1945.xlsx" download>'
        f"<code>/dados/tabelas-1945.xlsx</code></a></li>"
        f'<li><a href="{root}dados/{JSON_NAME}" download><code>/dados/{JSON_NAME}</code></a> — as quatro tabelas, '
        f'com notas, linhas do fonte e totais (esquema: <a href="{root}dados/{SCHEMA_NAME}">'
        f"<code>/dados/{SCHEMA_NAME}</code></a>)</li></ul>"
        f"<p>«Para planilha»: abre direto numa planilha em português (separador ponto e vírgula, vírgula "
        f"decimal, acentos corretos), com colunas e notas em português. «CSV de dados»: separado por vírgulas, "
        f"números com ponto decimal (vazio para o traço '-') e, em colunas próprias (<code>*_impresso</code>), o "
        f'texto exatamente como impresso. Todos os arquivos, com tamanho e SHA-256: <a href="{root}dados/">'
        f"Dados para baixar</a>.</p></div>"
    )


def source_note(book: NoteBook, lines: tuple[int, int], root: str, extra: str = "") -> str:
    return (f'<p class="fonte-linhas" data-search-exclude>Transcrito das '
            f"{source_link(lines, root, book.source_file)}.{extra}</p>")


def label_line(label: Label, book: NoteBook, what: str) -> str:
    """The printed title (src) with its marks and note links, as a line of its own."""
    quotes = quotes_of(label.notes)
    return (f'<p class="titulo-impresso"><span class="src">{mark_quotes(label.printed, quotes)}</span>'
            f"{book.refs(label.notes, what)}</p>")


def headers_by_key(headers: Sequence[Header]) -> dict[str, Header]:
    return {h.key: h for h in headers}


def stray_list(strays: Sequence[StrayCell], book: NoteBook) -> str:
    if not strays:
        return ""
    items = "".join(
        f'<li>Coluna «{escape(COLUMN_NAMES.get(s.column, s.column))}», linha {s.line}: '
        f'<span class="src">{escape(s.printed)}</span>{book.refs(s.notes, f"Elemento avulso da linha {s.line}")}</li>'
        for s in strays
    )
    return (f'<div class="avulsos"><p class="painel-titulo">Elementos avulsos do impresso (fora de qualquer linha)</p>'
            f"<ul>{items}</ul></div>")


def total_cells_row(label: str, keys: Sequence[str], cells: dict[str, str], label_key: str, css: str,
                    row_id: str = "") -> str:
    out = []
    for key in keys:
        if key == label_key:
            out.append(f'<th scope="row" class="total-rotulo">{label}</th>')
        else:
            out.append(cells.get(key, "<td></td>"))
    ident = f' id="{row_id}"' if row_id else ""
    return f'<tr class="{css}"{ident}>{"".join(out)}</tr>'


def computed_td(key: str, value: int | Decimal, printed: Figure | None) -> str:
    differs = printed is not None and printed.amount != value
    shown = format_decimal(value, 2) if isinstance(value, Decimal) else str(value)
    css = "num calc difere" if differs else "num calc"
    flag = ' <span class="difere-rotulo">≠ impresso</span>' if differs else ""
    return f'<td class="{css}" data-chave="{key}" data-value="{value_attr(value)}">{escape(shown)}{flag}</td>'


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
    return region(table, title, wide=True)


def functions_section(part: FunctionsPart, book: NoteBook, root: str, title: str, decree: str) -> str:
    """Heading, printed title, source lines, filter, table, stray cells and notes of one part."""
    out = [
        heading(2, part.label.printed, part.id),
        "",
        "<div class=\"parte-tabela\">"
        + label_line(part.label, book, "Título da parte")
        + source_note(book, part.source_lines, root, f" {decree}")
        + filter_box(f"tabela-{part.id}", "Filtrar por função", "sem acentos: «inspetor», «tecnico»")
        + f'<div class="notas-parte">{_part_notes(part.notes, book, "Toda a parte")}</div>'
        + functions_table(part, book, root, title)
        + stray_list(part.stray_cells, book)
        + book.flush()
        + "</div>",
        "",
    ]
    return "\n".join(out)


def _part_notes(notes: Sequence[Note], book: NoteBook, concerns: str, tag: str = "p") -> str:
    """Part-level notes get their reference links here; their text is listed after the table."""
    if not notes:
        return ""
    return (f'<{tag} class="notas-gerais" data-search-exclude>Notas gerais — {escape(concerns)}: '
            f"{book.refs(notes, concerns)}</{tag}>")


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
        rows.append(f'<tr id="{sr.id}" data-nomes="{names_attr(p.function for p in posts)}">{"".join(cells)}</tr>')
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
               f'{_part_notes(block.notes, book, f"série {title}", "span")}</p>')
    return (
        f'<section class="serie" id="serie-{block.id}" data-filtro-bloco data-nomes="{names_attr([block.title])}" '
        f'aria-labelledby="serie-{block.id}-titulo">'
        f'<h3 class="serie-titulo" id="serie-{block.id}-titulo">'
        f'<span class="src">{mark_quotes(block.title.printed, quotes)}</span>'
        f"{normalized}{title_notes}</h3>{summary}"
        f"{region(table, caption, wide=True)}{stray_list(block.stray_cells, book)}"
        f'{book.flush("Notas desta série")}</section>'
    )


# ------------------------------------------------------------------ pages

def how_to_read(kind: str = "") -> str:
    """The panel that explains the table pages (shown on each of them)."""
    filter_line = ""
    if kind != "escala" and kind != "diaristas":
        filter_line = (
            "<li><strong>Filtrar</strong>: digite parte do nome de uma função ou série, com ou sem acentos "
            "(«escriturario» encontra «Escrituário», «tecnico» encontra «Técnico»). Nas séries, se o nome da "
            "série combina, o bloco aparece inteiro; senão, só as linhas cujas funções combinam. Os totais "
            "continuam sendo os da tabela inteira.</li>"
        )
    return (
        '<details class="como-ler" data-search-exclude><summary>Como ler esta tabela</summary><ul>'
        "<li><strong>Como impresso</strong>: nomes e números aparecem exatamente como no documento-fonte, inclusive "
        "os erros. Um nome errado traz ao lado a forma normalizada «(lê-se: …)», usada na busca, na ordenação e no "
        "filtro; um número mal composto traz «(lido como …)».</li>"
        "<li><strong>Notas</strong>: cada anomalia tem um número entre colchetes que leva à nota, logo abaixo da "
        "tabela: o que não confere, com que valor se conciliaria — o impresso nunca é substituído — e, onde o texto "
        "achatado era ambíguo, o <em>alinhamento escolhido e por quê</em>.</li>"
        "<li><strong>Totais</strong>: a linha «Total impresso» traz os totais do decreto; quando a soma da coluna "
        "difere, uma linha «Total calculado» mostra a soma e marca a diferença (≠ impresso).</li>"
        "<li><strong>Ordenar</strong>: toque no título de uma coluna; de novo, para inverter. Números são ordenados "
        "pelo valor, não pelo texto; traços ('-') vão para o fim.</li>"
        f"{filter_line}"
        "<li><strong>Linhas do fonte</strong>: a última coluna dá as linhas do documento-fonte de onde a linha da "
        "tabela foi reconstruída, com link para o arquivo.</li>"
        "<li><strong>No celular</strong>: a tabela rola para o lado dentro do seu quadro; a página não.</li>"
        "<li><strong>Sem JavaScript</strong>: as tabelas aparecem completas; só a ordenação e o filtro dependem "
        "dele.</li></ul></details>"
    )


def escala_page(site: Site) -> str:
    t = site.tables
    e = t.escala
    book = NoteBook(t.source_file)
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
    chart = charts.line_chart(
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
    )
    notes_intro = _part_notes(e.notes, book, "Toda a escala")
    out = [
        '<div class="parte-tabela">'
        + label_line(e.title, book, "Título da escala")
        + source_note(book, (e.title.line, e.rows[-1].source_lines[1]), SUB,
                      f" Aprovada com as tabelas pelo {decree_link('art1', SUB)}; as referências de "
                      f"salário da Tabela Ordinária têm estes valores pelo "
                      f"{decree_link('art2_par1', SUB)}.")
        + downloads(["escala-padrao.csv"], SUB)
        + how_to_read("escala")
        + "</div>",
        "",
        "## Gráfico: salário por referência {#grafico}",
        "",
        f'<div class="grafico-bloco"><figure class="grafico-figura">{chart}<figcaption>A curva sobe em passos de '
        f"{escape(steps_text(charts.runs(points)))} (veja a nota 1). Dados: a tabela abaixo "
        f'(<a href="#tabela-escala">ir para a tabela</a>) e o arquivo <a href="{SUB}dados/escala-padrao.csv">'
        f"escala-padrao.csv</a>.</figcaption></figure></div>",
        "",
        "## Tabela {#tabela}",
        "",
        f'<div class="parte-tabela">{notes_intro}{region(table, caption)}{book.flush()}</div>',
        "",
    ]
    return "\n".join(out)


def ordinaria_page(site: Site) -> str:
    t = site.tables
    o = t.ordinaria
    book = NoteBook(t.source_file)
    intro = (
        '<div class="parte-tabela">'
        f'<p class="titulo-impresso"><span class="src">{escape(o.heading.printed)}</span></p>'
        + label_line(o.title, book, "Título da tabela")
        + source_note(book, (o.heading.line, o.series.source_lines[1]), SUB,
                      f" Aprovada pelo {decree_link('art1', SUB)}; composição no "
                      f"{decree_link('art2', SUB)} (a: funções em comissão; b: séries funcionais); "
                      f"salários das referências pelo {decree_link('art2_par1', SUB)} "
                      f"(<a href=\"../escala-padrao/\">escala-padrão</a>); limite e supressão das funções "
                      f"excedentes: {decree_link('art2_par2', SUB, within='art2')} e "
                      f"{decree_link('art2_par3', SUB, within='art2')}.")
        + _part_notes(o.notes, book, "Toda a tabela")
        + downloads(["ordinaria-mensalistas-comissao.csv", "ordinaria-mensalistas-series.csv"], SUB)
        + how_to_read()
        + book.flush("Notas sobre a tabela")
        + "</div>"
    )
    parts = [intro, ""]
    parts.append(functions_section(o.commission, book, SUB, "Tabela Ordinária, a) funções em comissão",
                                   f"Art. 2º, {decree_link('art2_cpt_ali1', SUB, within='art2_cpt')}."))
    s = o.series
    h = headers_by_key(s.headers)
    printed_header = " ".join(
        f'<span class="src">{escape(hd.printed)}</span>' + ("" if i == len(s.headers) - 1 else " ·")
        for i, hd in enumerate(s.headers)
    )
    index = "".join(
        f'<li><a href="#serie-{b.id}">{escape(b.title.sort_key)}</a></li>' for b in s.blocks
    )
    parts += [
        heading(2, s.label.printed, s.id),
        "",
        '<div class="parte-tabela">'
        + label_line(s.label, book, "Título da parte")
        + source_note(book, s.source_lines, SUB, f" Art. 2º, {decree_link('art2_cpt_ali2', SUB, within='art2_cpt')}.")
        + f'<p class="cabecalho-impresso">Cabeçalho impresso (linhas {h["current"].line}–{h["vacancies"].line}): '
        f"{printed_header}</p>"
        + '<p class="leitura-series">Cada série é um bloco: uma linha por referência proposta, com as funções atuais '
        "nela agrupadas (número, título antigo como impresso, salário antigo), o número proposto, a referência "
        "(com link para a escala-padrão e o salário correspondente), os excedentes e as vagas. A coluna «Função» "
        "da situação proposta traz o nome da série, que é o título do bloco.</p>"
        + _part_notes(s.notes, book, "Todas as séries")
        + book.flush("Notas sobre as séries")
        + f'<nav class="indice-series" aria-label="Séries funcionais"><p class="painel-titulo">'
        f'{len(s.blocks)} séries</p><ul>{index}</ul></nav>'
        + filter_box("series-blocos", "Filtrar séries e funções",
                     "sem acentos: «escriturario», «tecnico», «conferente»")
        + '<div id="series-blocos" class="series-blocos">'
        + "".join(series_block(b, h, t, book, SUB) for b in s.blocks)
        + "</div></div>",
        "",
    ]
    return "\n".join(parts)


def suplementar_page(site: Site) -> str:
    t = site.tables
    s = t.suplementar
    book = NoteBook(t.source_file)
    intro = (
        '<div class="parte-tabela">'
        + label_line(s.title, book, "Título da tabela")
        + source_note(book, (s.title.line, s.effective.source_lines[1]), SUB,
                      f" Aprovada pelo {decree_link('art1', SUB)}; composição no "
                      f"{decree_link('art3', SUB)} (funções a serem suprimidas quando vagarem; "
                      f"{decree_link('art3_par1u', SUB, within='art3')}: não podem ser novamente preenchidas).")
        + _part_notes(s.notes, book, "Toda a tabela")
        + downloads(["suplementar-mensalistas.csv"], SUB)
        + how_to_read()
        + book.flush("Notas sobre a tabela")
        + "</div>"
    )
    return "\n".join([
        intro,
        "",
        functions_section(s.commission, book, SUB, "Tabela Suplementar, a) funções isoladas, em comissão",
                          f"Art. 3º, {decree_link('art3_cpt_ali1', SUB, within='art3_cpt')}."),
        functions_section(s.effective, book, SUB, "Tabela Suplementar, b) funções isoladas, de provimento efetivo",
                          f"Art. 3º, {decree_link('art3_cpt_ali2', SUB, within='art3_cpt')}."),
    ])


def diaristas_page(site: Site) -> str:
    t = site.tables
    d = t.diaristas
    book = NoteBook(t.source_file)
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
    return "\n".join([
        '<div class="parte-tabela">'
        + label_line(d.title, book, "Título da tabela")
        + source_note(book, (d.title.line, d.rows[-1].source_lines[1]), SUB,
                      " O pessoal diarista passa a integrar esta tabela pelo "
                      f"{decree_link('art1_par5', SUB)} (aprovada pelo "
                      f"{decree_link('art1', SUB)}). Despesa anual = número × salário diário × "
                      f"{d.days_per_year} dias.")
        + downloads(["diaristas.csv"], SUB)
        + how_to_read("diaristas")
        + '<p class="leitura-series">A tabela não tem coluna de função: cada linha é uma classe de salário '
        "diário. A coluna «Classe» é a ordem de impressão (numerada pela edição); as linhas atual e proposta "
        "foram pareadas pela posição (veja a nota de alinhamento).</p>"
        + _part_notes(d.notes, book, "Toda a tabela")
        + f'<figure class="grafico-figura grafico-figura--barras">{diaristas_chart(d)}<figcaption>Diaristas por '
        'classe de salário diário, atual × proposta. Dados: <a href="#tabela-diaristas">a tabela logo abaixo</a>.'
        "</figcaption></figure>"
        + region(table, caption, wide=True)
        + book.flush()
        + "</div>",
        "",
    ])


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


# ------------------------------------------------------------------ comparison
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
    return region(table, "Pessoal e folha por série", wide=True)


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
    if line.reference is not None:
        ref = line.reference
        if ref.value is not None and line.proposed is not None:
            anchor = escala.row_for(int(ref.value)).id
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
        f'<tr id="aumento-{g.key}-{i}" data-nomes="{names} | {escape(fold(g.label))}">'
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
    return region(table, "Diárias atual e proposta", wide=True)


def comparison_page(site: Site) -> str:
    t = site.tables
    c = site.comparison
    book = NoteBook(t.source_file)
    o = t.ordinaria.commission
    # The row whose printed proposed count fails the column total, and the series cell printed
    # as an amount instead of a referência: both found in the data, with their notes.
    number, row, mismatch = next(
        (i, r, n) for i, r in enumerate(o.rows, 1) for n in r.proposed.count.notes if n.type == "total_mismatch"
    )
    row_name = row.proposed.function.sort_key
    mismatch_refs = book.refs([mismatch], f"Tabela Ordinária, a) funções em comissão, linha {number} ({row_name}), "
                              "nº proposto")
    guarda, odd = next((b, sr) for b in t.ordinaria.series.blocks for sr in b.rows
                       if sr.reference.money_value is not None)
    scale_refs = book.refs([n for n in odd.reference.notes if n.type == "not_in_scale"],
                           f"Série {guarda.title.sort_key}, célula «{odd.reference.printed}» da coluna de referência")
    notes_block = book.flush("Notas que afetam estes números")
    out = [
        '<div class="parte-tabela">'
        '<p>Como as tabelas de 1945 mudam o pessoal e os salários da Administração do Porto do Rio de Janeiro: para '
        "cada série funcional e cada parte das tabelas, o número de funções e a folha mensal antes e depois; para "
        "cada função atual, o salário antigo, o novo e o aumento. Base legal: "
        f"{decree_link('art1', SUB)} (novas tabelas) e "
        f"{decree_link('art1_par3', SUB, within='art1')} (equivalência entre o salário majorado e o da nova função), "
        f"{decree_link('art2_par1', SUB)} (salário das referências pela escala-padrão), "
        f"{decree_link('art2_par3', SUB, within='art2')} (excedentes suprimidos ao vagarem), "
        f"{decree_link('art3', SUB)} (Tabela Suplementar) e "
        f"{decree_link('art1_par5', SUB)} "
        "(diaristas).</p>"
        '<div class="como-calculado" role="note" data-search-exclude><p><strong>De onde vêm os números.</strong> '
        "Todas as contas desta página são feitas pelas mesmas regras da "
        f'<a href="{SUB}{CALCULATOR_PAGE}">calculadora de salários de 1945</a>, a partir dos '
        "números <em>como impressos</em> nas tabelas: folha mensal = Σ número de funções × salário (atual: o "
        "salário impresso; proposta: o salário da referência na escala-padrão, ou o impresso para as funções "
        "isoladas); aumento = salário proposto − atual; porcentagem = aumento ÷ salário atual × 100, com duas "
        f"casas. Onde o impresso não confere, a conta segue o impresso e a nota diz o que mudaria: na linha "
        f"«{escape(row_name)}» das funções em comissão o decreto imprime {escape(row.proposed.count.printed)} "
        f"função proposta onde o total e as vagas pedem {mismatch.reconciling_value}{mismatch_refs}; a célula "
        f"«{escape(odd.reference.printed)}» da série {escape(guarda.title.sort_key)} não é uma referência, e a "
        f"linha fica sem salário proposto{scale_refs}.</p></div>"
        f"{notes_block}"
        "</div>",
        "",
        "## Pessoal e folha mensal por série {#folha}",
        "",
        '<div class="parte-tabela">'
        '<p>Funções atuais e propostas, excedentes (a suprimir quando vagarem) e vagas, e a folha mensal em '
        "cruzeiros, por série funcional (Tabela Ordinária, b) e por parte de funções isoladas. O gráfico mostra as "
        "colunas «Funções atuais» e «Funções propostas» das séries; os números exatos estão na tabela logo abaixo "
        "dele.</p>"
        f'<figure class="grafico-figura grafico-figura--barras">{headcount_chart(c)}<figcaption>Funções por série '
        'funcional, atual × proposta. Dados: <a href="#tabela-folha">tabela «Pessoal e folha mensal»</a>, logo '
        "abaixo.</figcaption></figure>"
        + filter_box("tabela-folha", "Filtrar por série", "sem acentos: «escriturario», «conferente»")
        + payroll_table(c)
        + "</div>",
        "",
        "## Salário atual × proposto, por função {#aumentos}",
        "",
        '<div class="parte-tabela">'
        "<p>Uma linha por função atual impressa (título antigo e salário antigo), com a referência que passa a "
        "ocupar (link para a escala-padrão) ou, nas funções isoladas, a função proposta, o salário novo e o "
        "aumento. Funções novas, sem situação atual, não entram nesta lista (estão nas páginas das tabelas). "
        "Ordene pela coluna «Aumento (%)» para ver os maiores e os menores reajustes.</p>"
        + filter_box("tabela-aumentos", "Filtrar por função ou série", "sem acentos: «auxiliar de escritorio»")
        + raises_table(c, book, t.escala)
        + book.flush("Notas desta tabela")
        + downloads(["comparacao.csv"], SUB)
        + "</div>",
        "",
        "## Diaristas {#diaristas}",
        "",
        '<div class="parte-tabela">'
        "<p>A Tabela de Diaristas não tem funções: cada linha é uma classe de salário diário; a atual e a proposta "
        'foram pareadas pela posição (veja a <a href="../diaristas/">Tabela de Diaristas</a>). A despesa anual é '
        "número × diária × 300, somada pela mesma função de cálculo.</p>"
        + daily_table(c, t)
        + "</div>",
        "",
    ]
    return "\n".join(out)


# ------------------------------------------------------------------ index
def index_page(site: Site) -> str:
    t = site.tables
    root = "../"
    o, s, d, e = t.ordinaria, t.suplementar, t.diaristas, t.escala
    c = site.comparison
    cards: list[tuple[str, str, str, str, tuple[int, int]]] = [
        ("escala-padrao", "Escala-padrão de salários", f"{len(e.rows)} referências, de "
         f"{format_cruzeiro(money_of(e.rows[0].salary) or Decimal(0))} "
         f"a {format_cruzeiro(money_of(e.rows[-1].salary) or Decimal(0))}"
         " por mês; com gráfico.", "art2_par1", (e.title.line, e.rows[-1].source_lines[1])),
        ("ordinaria-mensalistas", "Tabela Numérica Ordinária de Mensalistas",
         f"a) {len(o.commission.rows)} funções em comissão; b) {len(o.series.blocks)} séries funcionais, com "
         "referências, excedentes e vagas.", "art2", (o.heading.line, o.series.source_lines[1])),
        ("suplementar-mensalistas", "Tabela Numérica Suplementar de Mensalistas",
         f"a) {len(s.commission.rows)} funções em comissão; b) {len(s.effective.rows)} de provimento efetivo — "
         "todas a suprimir quando vagarem.", "art3", (s.title.line, s.effective.source_lines[1])),
        ("diaristas", "Tabela Numérica de Diaristas",
         f"{len(d.rows)} classes de salário diário, com a despesa anual.", "art1_par5",
         (d.title.line, d.rows[-1].source_lines[1])),
    ]
    items = "".join(
        f'<li class="cartao-tabela"><p class="cartao-titulo"><a href="{slug}/">{escape(name)}</a></p>'
        f"<p>{escape(text)}</p><p class=\"cartao-meta\">Base: {decree_link(anchor, root)} · "
        f"{source_link(lines, root, t.source_file)}</p></li>"
        for slug, name, text, anchor, lines in cards
    )
    total = c.total
    files = "".join(
        f'<li><a href="{root}dados/{escape(n)}" download><code>/dados/{escape(n)}</code></a> — {escape(desc)}</li>'
        for n, desc in CSV_FILES.items()
    )
    return "\n".join([
        f'<ul class="cartoes-tabelas">{items}</ul>',
        "",
        "## Atual × proposta {#comparacao}",
        "",
        f'<p>A página <a href="comparacao/">Atual × proposta</a> compara, por série e por função, o salário de '
        f"antes e o de depois, o aumento em cruzeiros e em porcentagem, e o pessoal e a folha mensal: nos "
        f"mensalistas, {total.current_count} funções ocupadas e folha de {escape(format_cruzeiro(total.current))} "
        f"por mês passam a {total.proposed_count} funções e {escape(format_cruzeiro(total.proposed))} "
        f"(contas feitas pelo módulo de cálculo, sobre os números como impressos).</p>",
        "",
        "## Baixar os dados {#dados}",
        "",
        f'<div class="baixar"><ul>{files}'
        f'<li><a href="{root}dados/{JSON_NAME}" download><code>/dados/{JSON_NAME}</code></a> — as quatro tabelas '
        f"completas: cada número como impresso e como valor, linhas do fonte, notas, totais impressos e totais "
        f"calculados, e o identificador de cada linha (o mesmo dos links para as linhas destas páginas); são os "
        f"dados que a calculadora de salários de 1945 usa; "
        f'validado pelo esquema <a href="{root}dados/{SCHEMA_NAME}"><code>/dados/{SCHEMA_NAME}</code></a> '
        f"(JSON Schema 2020-12).</li>"
        f'<li>Para planilha em português (ponto e vírgula, vírgula decimal, colunas e notas em português): '
        f'<a href="{root}dados/planilhas/comparacao.csv" download>atual × proposta</a> e cada tabela, em '
        f'<a href="{root}dados/">Dados para baixar</a>; todas numa pasta de trabalho: '
        f'<a href="{root}dados/tabelas-1945.xlsx" download><code>/dados/tabelas-1945.xlsx</code></a>.</li></ul>'
        "<p>Nos CSV (UTF-8, vírgula, com cabeçalho), os números vêm em forma simples, com ponto decimal "
        "(<code>1900.00</code>; vazio para o traço «-»), e o texto exatamente como impresso vem em colunas "
        "próprias (<code>*_impresso</code>), por exemplo <code>14.655. 000,00</code> ou <code>CR$510,00</code>. "
        "No CSV das séries há uma linha por função atual; quando uma referência agrupa duas funções atuais, o "
        "número proposto, os excedentes e as vagas ficam só na primeira, para que as colunas possam ser "
        "somadas. No JSON, as quantias são texto decimal (<code>\"1900.00\"</code>), nunca números binários.</p>"
        "</div>",
        "",
        "## Fidelidade ao documento-fonte {#fidelidade}",
        "",
        f'<div class="fidelidade"><p>As tabelas chegaram achatadas em texto '
        f"({source_link(t.source_lines, root, t.source_file)}): as "
        "colunas de cada quadro foram impressas uma depois da outra, com pontilhados no lugar do alinhamento e "
        "barras verticais entre colunas. A edição as remontou linha a linha; onde a remontagem exigiu uma escolha, "
        "a nota «alinhamento escolhido e por quê» a explica ao lado da tabela.</p>"
        "<p>Um teste automático (<code>tests/test_tables_pages.py</code>) confere que <strong>todo</strong> o "
        "texto das linhas 40 a 473 do documento-fonte está nas páginas de tabelas, palavra por palavra, contando "
        "as repetições, mas sem exigir a ordem (as colunas foram serializadas uma após a outra, e a tabela as "
        "devolve ao lugar). Normalização: só espaços; pontilhados de preenchimento (quatro ou mais pontos, ou dois "
        "ou mais logo após uma letra, como em «Engenharia..») contam como separadores; e a barra vertical «|», "
        "que no texto achatado só separa colunas, não é exibida — é o único sinal impresso omitido. Tudo o mais "
        "aparece como impresso: «Supeintentedente», «-\\», «CR$510,00», «14.655. 000,00», cada um com sua "
        "nota.</p></div>",
        "",
    ])
