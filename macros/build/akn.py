"""Each act as Akoma Ntoso 3.0 XML (``/dados/akn/<slug>.xml``), valid against the OASIS schema.

- FRBR metadata: work (the act: ``/akn/br/act/<type>/<date>/<number>``, with the LexML URN as
  alias), expression (Portuguese, this edition's text), manifestation (this XML file).
- ``eId`` = the LexML id, one to one (``art7_par5_ali1``), so an anchor of the site, a URN
  fragment and an AKN ``eId`` name the same provision.
- Mapping: epígrafe and ementa → ``preface``; preâmbulo, considerandos, fórmula → ``preamble``
  (``container``, ``recital``, ``formula``); artigo → ``article``; caput and parágrafo →
  ``paragraph``; inciso and item → ``point``; alínea → ``alinea``; anexo → ``hcontainer
  name="anexo"`` with its table; fecho and signatures → ``conclusions``.
- Text exactly as in the source; each editorial note is a ``note`` in ``meta/notes`` with its
  type as ``class``, referenced from the provision by ``noteRef``.
- Facts not in the source (number attributed, publication) keep their editorial status: the
  ``FRBRnumber`` of an attributed number carries ``showAs="[3.844]"``.
"""

from __future__ import annotations

import datetime as dt
from xml.sax.saxutils import quoteattr

from markupsafe import escape

from ..data.model import Node, Statute
from ..data.notes import Note
from ..render import cite

NS = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
ELEMENT = {"caput": "paragraph", "paragrafo": "paragraph", "inciso": "point", "alinea": "alinea", "item": "point",
           "artigo": "article", "anexo": "hcontainer"}
AKN_TYPE = {"Lei": "lei", "Decreto": "decreto", "Decreto-Lei": "decreto.lei"}


def _x(text: str) -> str:
    return str(escape(text))


def _a(value: str) -> str:
    return quoteattr(value)


class AknWriter:
    def __init__(self, statute: Statute, site_url: str, generated: dt.date) -> None:
        self.st = statute
        self.site_url = site_url
        self.generated = generated
        self.numbers = {note.anchor: i for i, (_, note) in enumerate(statute.notes(), 1)}

    # -- identification ------------------------------------------------------------------------
    @property
    def work(self) -> str:
        ident = self.st.identification
        kind = AKN_TYPE[ident["type"].value or ""]
        number = (ident["number"].value or "").replace(".", "")
        return f"/akn/br/act/{kind}/{ident['date'].value}/{number}"

    def meta(self) -> str:
        st = self.st
        ident = st.identification
        date = ident["date"].value or ""
        number = ident["number"]
        shown = f"[{number.value}]" if number.attributed else number.value or ""
        expression = f"{self.work}/por@"
        today = self.generated.isoformat()
        details = ident["publication"].details
        publication = ""
        if details:
            publication = (f'<publication date="{details["date"]}" name={_a(details["journal"])} '
                           f'showAs={_a(details["journal"])} number={_a(details["section"])}/>')
        notes = "".join(
            f'<note eId={_a(note.anchor)} class={_a(note.type)}><p>{_x(self.note_text(note))}</p></note>'
            for _, note in st.notes()
        )
        notes_block = f'<notes source="#estatutos">{notes}</notes>' if notes else ""
        return (
            "<meta>"
            '<identification source="#estatutos">'
            f'<FRBRWork><FRBRthis value="{self.work}/!main"/><FRBRuri value="{self.work}"/>'
            f'<FRBRalias value={_a(st.urn)} name="URN LexML"/>'
            f'<FRBRdate date="{date}" name="assinatura"/><FRBRauthor href="#brasil"/>'
            f'<FRBRcountry value="br"/><FRBRnumber value={_a((number.value or "").replace(".", ""))} '
            f"showAs={_a(shown)}/><FRBRname value={_a(cite.title(st))}/></FRBRWork>"
            f'<FRBRExpression><FRBRthis value="{expression}/!main"/><FRBRuri value="{expression}"/>'
            f'<FRBRdate date="{date}" name="texto do documento-fonte"/><FRBRauthor href="#estatutos"/>'
            f'<FRBRlanguage language="por"/></FRBRExpression>'
            f'<FRBRManifestation><FRBRthis value="{expression}/!main.xml"/>'
            f'<FRBRuri value={_a(f"{cite.act_url(st, self.site_url)}")}/>'
            f'<FRBRdate date="{today}" name="geração"/><FRBRauthor href="#estatutos"/></FRBRManifestation>'
            "</identification>"
            f"{publication}"
            '<references source="#estatutos">'
            '<TLCOrganization eId="brasil" href="/ontology/organization/br/brasil" showAs="Brasil"/>'
            '<TLCOrganization eId="estatutos" href="/ontology/organization/estatutos-portuarios" '
            'showAs="Estatutos Portuários (edição)"/>'
            "</references>"
            f"{notes_block}"
            "</meta>"
        )

    def note_text(self, note: Note) -> str:
        quote = f" [Trecho: «{note.quote}»]" if note.quote else ""
        duplicate = f" [Linha repetida no documento-fonte: «{note.duplicate}»]" if note.duplicate else ""
        return f"Nota editorial ({note.label}): {note.text}{quote}{duplicate}"

    def refs(self, notes: list[Note]) -> str:
        return "".join(f'<noteRef href="#{n.anchor}" marker="[{self.numbers[n.anchor]}]"/>' for n in notes)

    # -- text ----------------------------------------------------------------------------------
    def paragraphs(self, node: Node) -> str:
        """The node's own text, quoted lines, signatures and table, as blocks."""
        out = []
        if node.text and node.type != "anexo":
            out.append(f"<p>{_x(node.text)}{self.refs(node.notes)}</p>")
        elif node.notes and node.type != "anexo":
            out.append(f"<p>{self.refs(node.notes)}</p>")
        out += [f'<p class="texto-citado">{_x(line)}</p>' for line in node.quoted]
        if node.table is not None:
            out.append(self.table(node))
        if node.type == "anexo":
            if node.text:
                out.append(f"<p>{_x(node.text)}</p>")
            if node.notes:
                out.append(f"<p>{self.refs(node.notes)}</p>")
        out += [f"<p>{_x(s)}</p>" for s in node.signatures]
        return "".join(out)

    def table(self, node: Node) -> str:
        table = node.table
        assert table is not None
        head = "".join(f'<p class="tabela-linha">{_x(line)}</p>' for line in table["heading_lines"])
        rows = ["<tr>" + "".join(f"<th><p>{_x(c)}</p></th>" for c in table["columns"]) + "</tr>"]
        width = len(table["columns"])
        for group in table["groups"]:
            rows.append(f'<tr><th colspan="{width}"><p>{_x(group["label"])}</p></th></tr>')
            for row in group["rows"]:
                cells = [f"<td><p>{_x(c)}</p></td>" for c in row["cells"]]
                refs = self.refs(row["_notes"])
                if refs:
                    cells[-1] = cells[-1].replace("</p></td>", f"{refs}</p></td>")
                rows.append("<tr>" + "".join(cells) + "</tr>")
        return f"{head}<table>{''.join(rows)}</table>"

    def hier(self, node: Node) -> str:
        element = ELEMENT[node.type]
        name = ' name="anexo"' if element == "hcontainer" else ""
        num = f"<num>{_x(node.label)}</num>" if node.label else ""
        own = self.paragraphs(node)
        if node.children:
            intro = f"<intro>{own}</intro>" if own else ""
            inner = intro + "".join(self.hier(c) for c in node.children)
        else:
            inner = f"<content>{own or '<p/>'}</content>"
        return f"<{element} eId={_a(node.id)}{name}>{num}{inner}</{element}>"

    # -- parts ---------------------------------------------------------------------------------
    def block(self, node: Node) -> str:
        label = f"{_x(node.label)} " if node.label else ""
        return f"<p>{label}{_x(node.text or '')}{self.refs(node.notes)}</p>"

    def document(self) -> str:
        preface, preamble, body, conclusions = [], [], [], []
        recitals = []
        for node in self.st.body:
            if node.type == "epigrafe":
                preface.append(f'<container name="epigrafe" eId="epigrafe">{self.block(node)}</container>')
            elif node.type == "ementa":
                preface.append(f'<longTitle eId="ementa">{self.block(node)}</longTitle>')
            elif node.type == "preambulo":
                preamble.append(f'<container name="preambulo" eId="preambulo">{self.block(node)}</container>')
            elif node.type == "considerando":
                recitals.append(f"<recital eId={_a(node.id)}>{self.block(node)}</recital>")
            elif node.type == "formula":
                if recitals:
                    preamble.append(f"<recitals>{''.join(recitals)}</recitals>")
                    recitals = []
                preamble.append(f'<formula name="formula" eId="formula">{self.block(node)}</formula>')
            elif node.type == "fecho":
                conclusions.append(f'<container name="fecho" eId="fecho">{self.block(node)}'
                                   f"{''.join(f'<p>{_x(s)}</p>' for s in node.signatures)}</container>")
            else:
                body.append(self.hier(node))
        if recitals:
            preamble.append(f"<recitals>{''.join(recitals)}</recitals>")
        kind = AKN_TYPE[self.st.identification["type"].value or ""]
        parts = [self.meta()]
        if preface:
            parts.append(f"<preface>{''.join(preface)}</preface>")
        if preamble:
            parts.append(f"<preamble>{''.join(preamble)}</preamble>")
        parts.append(f"<body>{''.join(body)}</body>")
        if conclusions:
            parts.append(f"<conclusions>{''.join(conclusions)}</conclusions>")
        return (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<akomaNtoso xmlns="{NS}"><act name="{kind}">{"".join(parts)}</act></akomaNtoso>\n'
        )


def xml(statute: Statute, site_url: str, generated: dt.date) -> str:
    return AknWriter(statute, site_url, generated).document()


def files(statutes: list[Statute], site_url: str, generated: dt.date) -> dict[str, str]:
    return {f"dados/akn/{st.slug}.xml": xml(st, site_url, generated) for st in statutes}
