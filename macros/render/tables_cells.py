"""The cells and pieces every «Tabelas» page is made of (the tables annexed to Decreto nº 17.961/1945).

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
  is ``hidden`` until the script runs. Without JavaScript every table is complete.

The pages' sentences are in ``docs/tabelas/*.md``; a page object (:class:`TablePage` and its
kinds, in ``tables_*.py``) builds the tables and the notes once, in the order the notes are
numbered, and the page's Markdown places them among its own words.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from calculators.acts.decreto_17961_1945 import SLUG as DEC_1945
from calculators.core.money import format_cruzeiro, format_decimal
from calculators.core.text import fold

from ..data import textspans
from ..data.acts import Registry
from ..data.notes import Note
from ..data.site import Site
from ..data.tables import Escala, Figure, Header, Label, Name, StrayCell, Tables
from ..data.textspans import Span
from . import charts
from .links import provision_link
from .notes import note_aside
from .safe import Markup, escape
from .statute import md_heading_text
from .table_cards import as_cards

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
    return Markup(textspans.render(text, spans))


def heading(level: int, text: str, anchor: str, src: bool = True) -> str:
    """A Markdown heading (reaches the table of contents), escaped; ``src`` when printed."""
    css = "src" if src else "rotulo-editorial-tabela"
    return f'{"#" * level} <span class="{css}">{md_heading_text(text)}</span> {{#{anchor}}}'


@dataclass
class NoteBook:
    """Numbers the notes of one page and lists them right after the table they concern; knows the
    source file the page's line numbers link to and the registry the notes' acts link to."""

    source_file: str
    acts: Registry
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
            note_aside(note, number, anchor=f"nota-{number}", heading=note.label, concerns=concerns,
                       show_quote=True, acts=self.acts)
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


def region(table: str, label: str, wide: bool = False, cards: bool = False) -> str:
    """The table in its labelled scrolling region; ``cards``: each row a card on a phone
    (:mod:`macros.render.table_cards`)."""
    css = "tabela-rolagem tabela-rolagem--larga" if wide else "tabela-rolagem"
    if cards:
        table = as_cards(table)
    return f'<div class="{css}" tabindex="0" role="region" aria-label="{escape(label)}">{table}</div>'


def filter_box(target: str, label: str, hint: str, escala: Escala | None = None, root: str = SUB) -> str:
    """The filter field, hidden until tabelas.js runs (without JavaScript it would do nothing).

    With ``escala``, the box also carries the escala-padrão (``data-escala``: each referência's
    salary and row anchor, as JSON; ``data-escala-href``: its page), so that a filter that finds
    no row can say where a «referência» such as «ref 20» is (issue 30)."""
    fid = f"filtro-{target}"
    scale = ""
    if escala is not None:
        refs = {str(int(r.reference.value)): {"salario": format_decimal(r.salary.value, 2), "ancora": r.id}
                for r in escala.rows if r.reference.value is not None and isinstance(r.salary.value, Decimal)}
        scale = (f' data-escala="{escape(json.dumps(refs, ensure_ascii=False, separators=(",", ":")))}"'
                 f' data-escala-href="{root}tabelas/escala-padrao/"')
    return (
        f'<div class="tabela-filtro" data-filtro-para="{escape(target)}"{scale} hidden data-search-exclude>'
        f'<label for="{fid}">{escape(label)}</label> '
        f'<input type="search" id="{fid}" autocomplete="off" spellcheck="false" '
        f'aria-describedby="{fid}-dica {fid}-status">'
        f' <span class="filtro-dica" id="{fid}-dica">{escape(hint)}</span>'
        f' <output class="filtro-status" id="{fid}-status" aria-live="polite"></output></div>'
    )


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


def part_notes(notes: Sequence[Note], book: NoteBook, concerns: str, tag: str = "p") -> str:
    """Part-level notes get their reference links here; their text is listed after the table."""
    if not notes:
        return ""
    return (f'<{tag} class="notas-gerais" data-search-exclude>Notas gerais — {escape(concerns)}: '
            f"{book.refs(notes, concerns)}</{tag}>")


class TablePage:
    """One «Tabelas» page: the Site's tables, the page's note book (notes numbered in page order)
    and the pieces its Markdown (``docs/tabelas/<page>.md``) places among its sentences."""

    root = SUB

    def __init__(self, site: Site) -> None:
        self.site = site
        self.tables: Tables = site.tables
        self.book = NoteBook(self.tables.source_file, site.acts)

    def artigo(self, anchor: str, within: str | None = None) -> Markup:
        """A link to a provision of the decree, labelled from its id (``art. 2º, § 1º``)."""
        return decree_link(anchor, self.root, within)

    def linhas(self, first: int, last: int) -> Markup:
        """«linhas 130–140 do documento-fonte», linked to the source file."""
        return source_link((first, last), self.root, self.tables.source_file)

    def filtro(self, target: str, label: str, hint: str) -> str:
        """The filter field of the table (or blocks) ``target``, with the page's label and hint."""
        return filter_box(target, label, hint, self.tables.escala, self.root)

