"""The citation of each act and of each of its provisions in the formats reference managers
read: CSL-JSON, RIS, classic BibTeX and biblatex. Written at build under
``/dados/citacoes/<slug>.json``, ``.ris``, ``.bib`` and ``.biblatex.bib``
(:data:`macros.render.cite.FILE_FORMATS`); «Citar» offers the entry of its provision from these
files.

- CSL-JSON (CSL 1.0.2): ``type: legislation``; a provision's item has ``section`` = its label
  (``art. 7º, § 5º``), and, for provisions of an article, ``custom.citation-item`` gives the
  cite-item with the pinpoint under the ``article-locator`` label (``{"id": "lei-4860-1965",
  "locator": "7º, § 5º", "label": "article-locator"}``).
- RIS: ``TY  - STAT`` (statute), the provision in ``SE`` (section).
- classic BibTeX (``.bib``): ``@misc``, which every BibTeX style and biblatex know: the provision
  in the title, the publication in ``howpublished``, ``year`` and ``month``, the address in
  ``url`` and the access date in ``urlaccessdate`` (the fields abnTeX2's ABNT styles print as
  «Disponível em» and «Acesso em»; styles that do not know them leave them out);
- biblatex (``.biblatex.bib``): ``@legislation``; the provision in ``titleaddon``, ``urldate``.

Attributed facts keep their brackets; an act without ementa or known publication gets no
invented one (see :mod:`macros.render.cite`). The access date is the build date; «Citar» puts today's.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..data import ids
from ..data.model import Node, Statute
from ..render import cite

NOT_CITED = ("epigrafe", "ementa")


@dataclass(frozen=True)
class Entry:
    """One citable thing: the act (``node`` None) or one of its provisions."""

    statute: Statute
    node: Node | None
    site_url: str
    accessed: dt.date

    @property
    def key(self) -> str:
        return self.statute.slug if self.node is None else f"{self.statute.slug}!{self.node.id}"

    @property
    def bib_key(self) -> str:
        return self.key.replace("!", ":")

    @property
    def label(self) -> str | None:
        return None if self.node is None else self.node.citation_label

    @property
    def url(self) -> str:
        if self.node is None:
            return cite.act_url(self.statute, self.site_url)
        return cite.provision_url(self.statute, self.site_url, self.node.id)

    @property
    def urn(self) -> str:
        return self.statute.urn if self.node is None else ids.urn(self.statute.urn, self.node.id)

    @property
    def number(self) -> str:
        fact = self.statute.identification["number"]
        return f"[{fact.value}]" if fact.attributed else fact.value or ""

    @property
    def abstract(self) -> str | None:
        return cite.ementa(self.statute) if cite.has_ementa(self.statute) else None

    @property
    def note(self) -> str:
        return f"URN: {self.urn}. Texto como no documento-fonte: {self.statute.source_file}."

    @property
    def article_locator(self) -> str | None:
        """``7º, § 5º`` for ``art. 7º, § 5º``: the pinpoint under the article-locator label."""
        if self.label and self.label.startswith("art. "):
            return self.label[len("art. "):]
        return None


def entries(statute: Statute, site_url: str, accessed: dt.date) -> Iterator[Entry]:
    """The act, then each provision in document order."""
    yield Entry(statute, None, site_url, accessed)
    for node in statute.walk():
        if node.type not in NOT_CITED:
            yield Entry(statute, node, site_url, accessed)


def _date_parts(iso: str) -> list[list[int]]:
    return [[int(x) for x in iso.split("-")]]


# ----------------------------------------------------------------------------- CSL-JSON
def csl_item(e: Entry) -> dict[str, Any]:
    st = e.statute
    details = st.identification["publication"].details
    item: dict[str, Any] = {
        "id": e.key,
        "type": "legislation",
        "title": cite.title(st),
        "author": [{"literal": "BRASIL"}],
        "jurisdiction": "br",
        "number": e.number,
        "issued": {"date-parts": _date_parts(st.identification["date"].value or "")},
        "language": "pt-BR",
        "URL": e.url,
        "accessed": {"date-parts": _date_parts(e.accessed.isoformat())},
        "note": e.note,
    }
    if e.abstract:
        item["abstract"] = e.abstract
    if details:
        item["container-title"] = details["journal"]
        item["collection-title"] = details["section"]
        item["publisher-place"] = details["place"]
        if details.get("page"):
            item["page"] = details["page"]
    if e.label:
        item["section"] = e.label
    if e.article_locator:
        item["custom"] = {"citation-item": {"id": st.slug, "locator": e.article_locator,
                                            "label": "article-locator"}}
    return item


def csl_json(statute: Statute, site_url: str, accessed: dt.date) -> str:
    items = [csl_item(e) for e in entries(statute, site_url, accessed)]
    return json.dumps(items, ensure_ascii=False, indent=1) + "\n"


# ----------------------------------------------------------------------------- RIS
def ris_entry(e: Entry) -> str:
    st = e.statute
    details = st.identification["publication"].details
    date = st.identification["date"].value or ""
    lines = [
        ("TY", "STAT"),
        ("ID", e.key),
        ("TI", cite.title(st)),
        ("AU", "BRASIL"),
        ("PY", date[:4]),
        ("DA", date.replace("-", "/")),
        ("IS", e.number),
    ]
    if e.label:
        lines.append(("SE", e.label))
    if e.abstract:
        lines.append(("AB", e.abstract))
    if details:
        lines += [("T2", details["journal"]), ("CY", details["place"]), ("M1", details["section"])]
        if details.get("page"):
            lines.append(("SP", details["page"]))
    lines += [
        ("UR", e.url),
        ("Y2", e.accessed.isoformat().replace("-", "/")),
        ("LA", "pt-BR"),
        ("N1", e.note),
        ("ER", ""),
    ]
    return "".join(f"{tag}  - {ris_value(value)}".rstrip() + "\r\n" for tag, value in lines)


# A line break (or any control character) inside a value would start a new RIS line: a field
# such as "ER  - " there ends the record and the rest becomes records of its own.
_LINE_BREAKS = re.compile(r"[\x00-\x1f\x7f\u0085\u2028\u2029]+")


def ris_value(value: str) -> str:
    """One RIS line: line breaks and control characters become a space."""
    return _LINE_BREAKS.sub(" ", value)


def ris(statute: Statute, site_url: str, accessed: dt.date) -> str:
    return "\r\n".join(ris_entry(e) for e in entries(statute, site_url, accessed))


# ----------------------------------------------------------------------------- BibTeX
_TEX_SPECIALS = re.compile(r"[\\&%$#_{}~^]")
_TEX = {"\\": r"\textbackslash{}", "~": r"\textasciitilde{}", "^": r"\^{}"}


def tex(text: str) -> str:
    """Escape the characters TeX treats specially, backslash and braces included, in one pass (a
    trailing backslash would escape the field's closing brace); line breaks become spaces.
    UTF-8 letters stay as they are."""
    one_line = _LINE_BREAKS.sub(" ", text)
    return _TEX_SPECIALS.sub(lambda m: _TEX.get(m.group(0), "\\" + m.group(0)), one_line)


def _publication(e: Entry) -> list[tuple[str, str]]:
    details = e.statute.identification["publication"].details
    if not details:
        return []
    pub = f"{details['journal']}: {details['section']}, {details['place']}, {cite.abnt_date(details['date'])}"
    fields = [("howpublished", tex(pub))]
    if details.get("page"):
        fields.append(("pages", tex(details["page"])))
    return fields


def _bib(kind: str, e: Entry, fields: list[tuple[str, str]], bare: frozenset[str] = frozenset()) -> str:
    body = ",\n".join(f"  {name} = {value}" if name in bare else f"  {name} = {{{value}}}" for name, value in fields)
    return f"@{kind}{{{e.bib_key},\n{body}\n}}\n"


def biblatex_entry(e: Entry) -> str:
    """biblatex's ``@legislation``: the act's title, the provision in ``titleaddon``."""
    st = e.statute
    fields: list[tuple[str, str]] = [
        ("author", "{BRASIL}"),
        ("title", tex(cite.title(st))),
    ]
    if e.label:
        fields.append(("titleaddon", tex(e.label)))
    fields += [("number", tex(e.number)), ("date", st.identification["date"].value or "")]
    if e.abstract:
        fields.append(("abstract", tex(e.abstract)))
    fields += _publication(e)
    fields += [
        ("url", e.url),
        ("urldate", e.accessed.isoformat()),
        ("langid", "brazilian"),
        ("note", tex(e.note)),
    ]
    return _bib("legislation", e, fields)


MONTH_MACROS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
CLASSIC_FIELDS = frozenset({"author", "title", "howpublished", "pages", "year", "month", "note", "url",
                            "urlaccessdate"})
"""The fields of the classic ``@misc`` entry: BibTeX's own for ``misc`` (author, title,
howpublished, year, month, note; ``pages`` where known), ``url`` (natbib's and abnTeX2's styles)
and ``urlaccessdate`` (abnTeX2's «Acesso em»)."""


def bibtex_entry(e: Entry) -> str:
    """Classic BibTeX's ``@misc``: the provision joined to the act's title, the month as BibTeX's
    month macro, the ementa and the URN in ``note``."""
    st = e.statute
    title = cite.title(st) + (f", {e.label}" if e.label else "")
    year, month, _ = (st.identification["date"].value or "--").split("-", 2)
    fields: list[tuple[str, str]] = [("author", "{BRASIL}"), ("title", tex(title))]
    fields += _publication(e)
    fields += [("year", year), ("month", MONTH_MACROS[int(month) - 1])]
    note = f"{e.abstract} {e.note}" if e.abstract else e.note
    fields += [("url", e.url), ("urlaccessdate", cite.abnt_date(e.accessed)), ("note", tex(note))]
    return _bib("misc", e, fields, bare=frozenset({"month"}))


def _bib_file(statute: Statute, site_url: str, accessed: dt.date, kind: str,
              entry: Callable[[Entry], str]) -> str:
    head = f"% {cite.title(statute)} e seus dispositivos (Estatutos Portuários), em {kind}.\n\n"
    return head + "\n".join(entry(e) for e in entries(statute, site_url, accessed))


def bibtex(statute: Statute, site_url: str, accessed: dt.date) -> str:
    return _bib_file(statute, site_url, accessed, "BibTeX clássico (@misc; para biblatex, veja o "
                     "arquivo .biblatex.bib, com @legislation)", bibtex_entry)


def biblatex(statute: Statute, site_url: str, accessed: dt.date) -> str:
    return _bib_file(statute, site_url, accessed, "biblatex (@legislation; para o BibTeX clássico, "
                     "veja o arquivo .bib, com @misc)", biblatex_entry)


MAKERS: dict[str, Callable[[Statute, str, dt.date], str]] = {
    "json": csl_json, "ris": ris, "bib": bibtex, "biblatex": biblatex,
}
"""What writes each format of :data:`macros.render.cite.FILE_FORMATS` (key → writer)."""


def files(statutes: list[Statute], site_url: str, accessed: dt.date) -> dict[str, str]:
    """``dados/citacoes/<slug>.<ext>`` → text, for every statute and format."""
    return {f.file(st.slug): MAKERS[f.key](st, site_url, accessed) for st in statutes for f in cite.FILE_FORMATS}
