"""Render a statute page: status banner, "Sobre esta edição", and the text with its layers.

Articles and annexes are Markdown headings with their LexML id as anchor (so they reach the
table of contents and become search sections); lower provisions are HTML blocks with their own
id. Every piece of source text is wrapped in an element of class ``src`` (the fidelity test reads
exactly those); everything the edition adds (notes, buttons, links) is outside them or marked
``data-nosrc``.
"""

from __future__ import annotations

import datetime as dt

from ..data import glossario, ids
from ..data.acts import Registry
from ..data.glossario import Glossary
from ..data.hoje import StatuteToday
from ..data.model import Fact, Node, Statute
from ..data.notes import Note
from ..data.novidades import ChangeLog
from ..data.site import Site
from ..data.textspans import Span, citation_span, note_span, render
from . import cite, material, safe
from . import hoje as render_hoje
from .acts import act_span, linked
from .links import provision_label
from .notes import note_aside
from .novidades import mark
from .report import report_box
from .safe import Markup, escape

BUTTON = material.BUTTON
STATUS_CLASSES = {"vigente": "vigente", "revogado": "revogado", "superado": "revogado", "historico": "historico"}
CURRENCY_NAMES = {"mil-reis": "mil-réis (Rs.)", "cruzeiro": "cruzeiro (Cr$)"}
FACT_LABELS = [
    ("type", "Tipo"),
    ("number", "Número"),
    ("date", "Data"),
    ("epigrafe", "Epígrafe"),
    ("ementa", "Ementa"),
    ("publication", "Publicação"),
    ("urn", "URN LexML"),
]


def md_heading_text(text: str) -> str:
    """Text for a Markdown heading: HTML and Markdown specials (:func:`macros.render.safe.text`) and
    the heading's own (``#``, ``{ … }`` attribute lists, ``_``, ``!``, brackets) as character
    references. An apostrophe stays one: the table of contents shows it as written."""
    return text.translate(safe.HEADING)


def editorial_tag(fact: Fact | None = None, text: str = "informação editorial") -> Markup:
    """A visible tag saying a fact is not in the source document."""
    title = f' title="{escape(fact.note)}"' if fact is not None and fact.note else ""
    return Markup(f'<span class="tag-editorial" data-search-exclude{title}>{escape(text)}</span>')


class StatuteRenderer:
    """Renders one statute; resolves links relative to the statute page."""

    def __init__(self, statute: Statute, today: StatuteToday, glossary: Glossary, acts: Registry,
                 site_url: str = "/", accessed: dt.date | None = None, changes: ChangeLog | None = None) -> None:
        self.statute = statute
        self.acts = acts
        self.changes = changes
        """The change log: the «Atualizado em» marks (none without it)."""
        self.today = today
        self.glossary = glossary
        self.numbers = {note.anchor: i for i, (_, note) in enumerate(statute.notes(), 1)}
        self.site_url = site_url
        self.reference_html = cite.reference_html(statute, site_url, accessed or cite.build_date())

    # -- links ---------------------------------------------------------------------------------
    def resolve(self, target: str) -> str:
        """A citation target as a link relative to this page (``/<slug>/``)."""
        if target.startswith("#"):
            return target
        return f"../{target}"

    def linked(self, text: str) -> Markup:
        """Editorial text with the acts it names linked (never this act to itself)."""
        return linked(text, self.acts, "../", skip=self.statute.slug)

    # -- text ----------------------------------------------------------------------------------
    def spans_for(self, text: str, node: Node, notes: list[Note] | None = None) -> list[Span]:
        spans: list[Span] = []
        for note in node.notes if notes is None else notes:
            span = note_span(text, note, self.numbers[note.anchor])
            if span:
                spans.append(span)
        if notes is None:
            for citation in node.citations:
                if citation.quote not in text:
                    continue
                if citation.target.startswith("ato:"):
                    span = act_span(self.acts, text, citation.quote, citation.occurrence, citation.target[4:], "../")
                    if span is not None:
                        spans.append(span)
                else:
                    spans.append(citation_span(text, citation, self.resolve))
            spans.extend(glossario.spans(text, spans, self.glossary))
        return spans

    def text(self, text: str, node: Node, css: str = "src") -> Markup:
        return Markup(f'<span class="{css}">{render(text, self.spans_for(text, node))}</span>')

    def label(self, node: Node) -> Markup:
        if not node.label:
            return Markup("")
        spans = [s for n in node.notes if (s := note_span(node.label, n, self.numbers[n.anchor]))]
        return Markup(f'<span class="rotulo src">{render(node.label, spans)}</span>')

    # -- pieces --------------------------------------------------------------------------------
    def note(self, note: Note, node: Node) -> Markup:
        number = self.numbers[note.anchor]
        search_title = f"Nota editorial — {provision_label(self.statute, node.id)}"
        heading = "Nota editorial" if note.type == "editorial" else f"Nota editorial — {note.label}"
        return note_aside(note, number, anchor=note.anchor, heading=heading, search_title=search_title,
                          acts=self.acts, root="../", skip=self.statute.slug)

    def cite_body(self, node: Node | None) -> Markup:
        """The «Citar» content: ABNT reference (NBR 6023) and in-text citation (NBR 10520), each
        with its copy button; URN and permalink on their own lines; the entry in CSL-JSON, RIS,
        classic BibTeX and biblatex (copied from the act's files under /dados/citacoes/, linked for
        no-script)."""
        st = self.statute
        label = node.citation_label if node else None
        key = st.slug if node is None else f"{st.slug}!{node.id}"
        urn = st.urn if node is None else ids.urn(st.urn, node.id)
        url = cite.act_url(st, self.site_url) if node is None else cite.provision_url(st, self.site_url, node.id)
        href = "#topo" if node is None else f"#{node.id}"
        files = " ".join(
            f'<a href="../{escape(f.file(st.slug))}" data-formato="{f.key}" download>{f.name}</a>'
            for f in cite.FILE_FORMATS
        )
        buttons = " ".join(
            f'<button type="button" class="{BUTTON} citar-formato" data-formato="{f.key}" hidden>{f.name}</button>'
            for f in cite.FILE_FORMATS
        )
        return Markup(
            f'<div class="citar-corpo" data-chave="{escape(key)}" data-slug="{escape(st.slug)}" '
            f'data-urn="{escape(urn)}" data-label="{escape(label or "")}">'
            f'<p class="citar-rotulo">Referência (ABNT NBR 6023)</p>'
            f'<p class="citar-texto citar-ref">{self.reference_html}</p>'
            f'<p class="citar-rotulo">Citação no texto (ABNT NBR 10520)</p>'
            f'<p class="citar-texto citar-curta">{escape(cite.in_text(st, label))}</p>'
            f'<p class="citar-botoes"><button type="button" class="{BUTTON} citar-copiar" data-copiar="ref" hidden>'
            f'Copiar referência</button> <button type="button" class="{BUTTON} citar-copiar" data-copiar="curta" '
            f'hidden>Copiar citação no texto</button></p>'
            f'<p class="citar-urn">URN: <code>{escape(urn)}</code></p>'
            f'<p class="citar-link">Link permanente: <a href="{href}">{escape(url)}</a></p>'
            f'<p class="citar-formatos">Para gerenciadores de referências: {buttons}'
            f'<span class="citar-arquivos">arquivos do ato: {files}</span></p>'
            f'<pre class="citar-saida" hidden></pre>'
            f'<output class="citar-status" aria-live="polite"></output>'
            f"</div>"
        )

    def cite_box(self, node: Node) -> Markup:
        label = node.citation_label
        return Markup(
            f'<details class="citar" data-search-exclude>'
            f'<summary aria-label="Citar {escape(label)}">Citar</summary>'
            f"{self.cite_body(node)}</details>"
        )

    def report_box(self, node: Node) -> Markup:
        """«Informar um erro» on this provision (next to «Citar»)."""
        st = self.statute
        return report_box(provision_label(st, node.id), ids.urn(st.urn, node.id), node.id)

    def updated(self, node: Node) -> Markup:
        """«Atualizado em …» when the change log has an entry for this provision itself."""
        if self.changes is None:
            return Markup("")
        return mark(self.changes.latest_for_provision(self.statute.slug, node.id), "../")

    def anchor_link(self, node: Node) -> Markup:
        return Markup(
            f'<a class="ancora" href="#{node.id}" data-nosrc data-search-exclude '
            f'aria-label="Link permanente para {escape(node.citation_label)}">#</a>'
        )

    def own_content(self, node: Node) -> list[str]:
        """Label/text line (with its «Citar» box inline), quoted text, table, signatures, notes."""
        out: list[str] = []
        cite_box = "" if node.type in ("epigrafe", "ementa") else f"{self.cite_box(node)} {self.report_box(node)}"
        has_line = node.type not in ("artigo", "anexo") and bool(node.label or node.text)
        inline = has_line and not (node.quoted or node.table or node.signatures)
        if has_line:
            parts = [str(self.label(node))] if node.label else []
            if node.text:
                parts.append(str(self.text(node.text, node)))
            tail = f" {cite_box}" if inline else ""
            out.append(f'<div class="dispositivo-texto">{" ".join(parts)} {self.anchor_link(node)}{tail}'
                       f'{self.updated(node)}</div>')
        elif self.updated(node):
            out.append(f'<p class="dispositivo-atualizado">{self.updated(node)}</p>')
        if node.quoted:
            lines = "".join(
                f'<p class="src">{render(line, self.spans_for(line, node, node.notes))}</p>' for line in node.quoted
            )
            out.append(f'<blockquote class="texto-citado">{lines}</blockquote>')
        if node.type == "anexo":
            out.extend(str(self.note(n, node)) for n in node.notes)
        if node.table is not None:
            out.append(str(self.table(node)))
        if node.type == "anexo" and node.text:
            out.append(f'<p class="dispositivo-texto">{self.text(node.text, node)}</p>')
        if node.signatures:
            names = "<br>".join(f'<span class="src">{escape(s)}</span>' for s in node.signatures)
            out.append(f'<p class="assinaturas">{names}</p>')
        if node.type != "anexo":
            out.extend(str(self.note(n, node)) for n in node.notes)
        if cite_box and not inline:
            out.append(cite_box)
        return out

    def table(self, node: Node) -> Markup:
        table = node.table
        assert table is not None
        head = "".join(f'<p class="src tabela-linha">{escape(line)}</p>' for line in table["heading_lines"])
        cols = "".join(f'<th scope="col" class="src">{escape(c)}</th>' for c in table["columns"])
        rows: list[str] = []
        row_notes: list[Note] = []
        width = len(table["columns"])
        for group in table["groups"]:
            rows.append(f'<tr class="grupo"><th scope="rowgroup" colspan="{width}" class="src">'
                        f"{escape(group['label'])}</th></tr>")
            for row in group["rows"]:
                notes = row["_notes"]
                row_notes.extend(notes)
                cells = []
                for cell in row["cells"]:
                    if cell:
                        cells.append(f'<td class="src">{render(cell, self.spans_for(cell, node, notes))}</td>')
                    else:
                        cells.append('<td><span class="vazio" data-search-exclude>(em branco)</span></td>')
                unquoted = [n for n in notes if not n.quote]
                if unquoted:
                    refs = "".join(
                        f'<sup class="nota-ref" data-search-exclude><a href="#{n.anchor}" '
                        f'aria-label="Nota editorial {self.numbers[n.anchor]}">[{self.numbers[n.anchor]}]</a></sup>'
                        for n in unquoted
                    )
                    cells[-1] = cells[-1].replace("</td>", f"{refs}</td>")
                rows.append("<tr>" + "".join(cells) + "</tr>")
        notes_html = "".join(str(self.note(n, node)) for n in row_notes)
        return Markup(
            f'<div class="tabela-modelo">{head}<div class="tabela-rolagem" tabindex="0" role="region" '
            f'aria-label="Tabela do modelo anexo"><table><thead><tr>{cols}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>{notes_html}</div>'
        )

    def block(self, node: Node) -> str:
        """An HTML block for a non-heading node and its children."""
        inner = self.own_content(node) + [self.block(child) for child in node.children]
        return f'<div class="dispositivo dispositivo--{node.type}" id="{node.id}">{"".join(inner)}</div>'

    def heading(self, node: Node) -> str:
        """An article or annex: a Markdown heading, then its blocks."""
        label = node.label or node.citation_label
        text = md_heading_text(label)
        css = "src" if node.label else "rotulo-editorial"
        parts = [f'## <span class="{css}">{text}</span> {{#{node.id} .{node.type} }}', ""]
        inner = self.own_content(node) + [self.block(child) for child in node.children]
        parts.append(f'<div class="dispositivo-corpo" data-de="{node.id}">{"".join(inner)}</div>')
        updated = mark(self.changes.latest_for_today(self.statute.slug, node.id) if self.changes else None, "../",
                       "atualizado hoje-atualizado")
        parts.append(str(render_hoje.box(self.statute, self.today, node.id, self.acts, updated)))
        parts.append("")
        return "\n".join(parts)

    # -- page ----------------------------------------------------------------------------------
    def banner(self) -> str:
        st = self.statute
        status = st.status
        ident = st.identification
        kind = ident["type"].value
        date = cite.long_date(ident["date"].value or "")
        ementa = ident["ementa"]
        ementa_html = ""
        if ementa.value:
            tag = f" {editorial_tag(ementa)}" if ementa.editorial else ""
            ementa_html = f'<p class="situacao-ementa">{escape(ementa.value)}{tag}</p>'
        return (
            f'<div class="ato-situacao ato-situacao--{STATUS_CLASSES[status["code"]]}" role="note" '
            f'aria-label="Situação do ato" data-search-exclude>'
            f'<p class="situacao-linha"><span class="situacao-selo">{escape(status["label"])}</span> '
            f"{editorial_tag(text='situação: informação editorial')}</p>"
            f'<p><strong>O que é:</strong> {escape(kind)} federal de {escape(date)}. {ementa_html}</p>'
            f'<p><strong>Vigência:</strong> {self.linked(status["explanation"])}</p>'
            f'{render_hoje.status_html(self.today)}'
            f'<p><strong>Esta edição:</strong> {escape(status["scope"])}</p>'
            f'{render_hoje.summary_html(self.today, f"../hoje/#{st.slug}", self.acts)}'
            f'<p><a href="#sobre-esta-edicao">Sobre esta edição: fonte, escolhas editoriais e '
            f"{sum(1 for _, n in st.notes() if n.is_anomaly)} anomalias anotadas</a></p>"
            f"</div>"
        )

    def fact_row(self, label: str, fact: Fact, *, is_date: bool = False) -> str:
        value = escape(fact.value) if fact.value else Markup("<em>não consta</em>")
        if is_date and fact.value:
            value = escape(f"{cite.long_date(fact.value)} ({fact.value})")
        tag = f" {editorial_tag(fact)}" if fact.editorial else ' <span class="tag-fonte">no documento-fonte</span>'
        note = f'<br><small>{self.linked(fact.note)}</small>' if fact.note else ""
        return f"<tr><th scope=\"row\">{escape(label)}</th><td>{value}{tag}{note}</td></tr>"

    def about(self) -> str:
        st = self.statute
        rows = [self.fact_row(label, st.identification[key], is_date=key == "date") for key, label in FACT_LABELS]
        for name, role in st.signatories:
            rows.append(self.fact_row(f"Signatário: {name}", role))
        rows.append(f"<tr><th scope=\"row\">Moeda da época</th><td>{escape(CURRENCY_NAMES[st.currency])} "
                    f"{editorial_tag()}</td></tr>")
        choices = "".join(f"<li>{escape(c)}</li>" for c in st.editorial_choices)
        anomalies = []
        for node, note in st.notes():
            if not note.is_anomaly:
                continue
            quote = f": «{escape(note.quote)}»" if note.quote else ""
            anomalies.append(
                f'<li><a href="#{note.anchor}">[{self.numbers[note.anchor]}] {escape(node.citation_label)}</a> — '
                f"{escape(note.label)}{quote}</li>"
            )
        related = "".join(f"<li>{self.linked(r)}</li>" for r in st.related)
        related_html = ""
        if related:
            related_html = f'<p class="painel-titulo">Atos relacionados (informação editorial)</p><ul>{related}</ul>'

        return (
            f'<details class="sobre-edicao" id="sobre-esta-edicao" data-search-exclude>'
            f"<summary>Sobre esta edição</summary>"
            f'<p class="painel-titulo">Fonte</p><p>{escape(st.source_description)} '
            f'Arquivo: <a href="../fontes/{escape(st.source_file)}"><code>{escape(st.source_file)}</code></a> '
            f"(texto integral, como recebido).</p>"
            f'<p class="painel-titulo">Identificação</p><div class="tabela-rolagem" tabindex="0" role="region" '
            f'aria-label="Identificação do ato"><table class="ficha">{"".join(rows)}</table></div>'
            f'<p class="painel-titulo">Escolhas editoriais</p><ul>{choices}</ul>'
            f'<p class="painel-titulo">Anomalias do documento-fonte ({len(anomalies)})</p>'
            f'<ol class="anomalias">{"".join(anomalies)}</ol>'
            f"{related_html}"
            f'<p class="painel-titulo">Como citar</p><p>Cada dispositivo tem um botão «Citar» com a referência '
            f"(ABNT) do ato, a citação no texto com o dispositivo, a URN e o link permanente. Informação entre "
            f"colchetes não consta do documento-fonte. O ato inteiro:</p>"
            f'<div class="citar citar--ato">{self.cite_body(None)}</div>'
            f"</details>"
        )

    def page(self) -> str:
        st = self.statute
        title = md_heading_text(cite.title(st))
        out = [
            f"# {title} {{#topo}}",
            "",
            self.banner(),
            "",
            self.about(),
            "",
            f'<div class="ato-referencia" data-slug="{escape(st.slug)}" data-urn="{escape(st.urn)}" hidden></div>',
            "",
        ]
        loose: list[str] = []
        for node in st.body:
            if node.type in ("artigo", "anexo"):
                if loose:
                    out.extend([f'<div class="ato-texto">{"".join(loose)}</div>', ""])
                    loose = []
                out.append(self.heading(node))
            else:
                loose.append(self.block(node))
        if loose:
            out.extend([f'<div class="ato-texto">{"".join(loose)}</div>', ""])
        return "\n".join(out)


def render_statute(site: Site, slug: str, site_url: str = "/") -> str:
    """The whole Markdown/HTML source of a statute page (the glossary's terms marked in its text)."""
    return StatuteRenderer(site.statute(slug), site.today_of(slug), site.glossary, site.acts, site_url,
                           changes=site.changes).page()
