"""The citation of each act and of each of its provisions in the formats reference managers
read: CSL-JSON, RIS and BibTeX (biblatex). Written at build under ``/dados/citacoes/<slug>.json``,
``.ris`` and ``.bib``; «Citar» offers the entry of its provision from these files.

- CSL-JSON (CSL 1.0.2): ``type: legislation``; a provision's item has ``section`` = its label
  (``art. 7º, § 5º``), and, for provisions of an article, ``custom.citation-item`` gives the
  cite-item with the pinpoint under the ``article-locator`` label (``{"id": "lei-4860-1965",
  "locator": "7º, § 5º", "label": "article-locator"}``).
- RIS: ``TY  - STAT`` (statute), the provision in ``SE`` (section).
- BibTeX: biblatex's ``@legislation``; the provision in ``titleaddon``. Tools that only know
  classic BibTeX can change ``@legislation`` to ``@misc`` (every field used is valid there).

Attributed facts keep their brackets; an act without ementa or known publication gets no
invented one (see :mod:`macros.render.cite`). The access date is the build date; «Citar» puts today's.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator
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


def bib_entry(e: Entry) -> str:
    st = e.statute
    details = st.identification["publication"].details
    fields: list[tuple[str, str]] = [
        ("author", "{BRASIL}"),
        ("title", tex(cite.title(st))),
    ]
    if e.label:
        fields.append(("titleaddon", tex(e.label)))
    fields += [("number", tex(e.number)), ("date", st.identification["date"].value or "")]
    if e.abstract:
        fields.append(("abstract", tex(e.abstract)))
    if details:
        pub = f"{details['journal']}: {details['section']}, {details['place']}, {cite.abnt_date(details['date'])}"
        fields.append(("howpublished", tex(pub)))
        if details.get("page"):
            fields.append(("pages", tex(details["page"])))
    fields += [
        ("url", e.url),
        ("urldate", e.accessed.isoformat()),
        ("langid", "brazilian"),
        ("note", tex(e.note)),
    ]
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields)
    return f"@legislation{{{e.bib_key},\n{body}\n}}\n"


def bibtex(statute: Statute, site_url: str, accessed: dt.date) -> str:
    head = (f"% {cite.title(statute)} e seus dispositivos (Estatutos Portuários).\n"
            "% Tipo biblatex @legislation; no BibTeX clássico, troque por @misc.\n\n")
    return head + "\n".join(bib_entry(e) for e in entries(statute, site_url, accessed))


FORMATS = {"json": csl_json, "ris": ris, "bib": bibtex}


def files(statutes: list[Statute], site_url: str, accessed: dt.date) -> dict[str, str]:
    """``dados/citacoes/<slug>.<ext>`` → text, for every statute and format."""
    return {f"dados/citacoes/{st.slug}.{ext}": make(st, site_url, accessed)
            for st in statutes for ext, make in FORMATS.items()}
