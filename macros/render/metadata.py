"""Standard metadata in the ``<head>`` of each statute page, from the statute's data:

- schema.org ``Legislation`` as JSON-LD (with an inline ``@vocab`` context, so nothing is
  fetched from another host to read it);
- Dublin Core ``DC.*`` and Zotero ``z.*`` fields (Zotero's embedded-metadata translator saves
  the page as a *statute*, not as a web page);
- Google Scholar's ``citation_*`` fields (title, author, dates as ``AAAA/MM/DD``, the official
  journal, the page's address);
- Open Graph ``og:*`` for link previews.

Put in the block ``extrahead`` of the statute's page (:mod:`macros.build.page_parts`).
"""

from __future__ import annotations

from typing import Any

from markupsafe import escape

from ..data import ids
from ..data.model import Statute
from . import cite
from .safe import json_in_html

#: status code (data) → schema.org LegalForceStatus.
LEGAL_FORCE = {
    "vigente": "InForce",
    "parcial": "PartiallyInForce",
    "revogado": "NotInForce",
    "superado": "NotInForce",
    "historico": "NotInForce",
}
CONTEXT = {"@vocab": "https://schema.org/", "legislationLegalForce": {"@type": "@vocab"}}


def _source_url(statute: Statute, site_url: str) -> str:
    base = site_url if site_url.endswith("/") else site_url + "/"
    return f"{base}fontes/{statute.source_file}"


def json_ld(statute: Statute, site_url: str) -> dict[str, Any]:
    """The schema.org Legislation object of an act, its articles and annexes as ``hasPart``."""
    ident = statute.identification
    url = cite.act_url(statute, site_url)
    signers = statute.signatories
    doc: dict[str, Any] = {
        "@context": CONTEXT,
        "@type": "Legislation",
        "@id": url,
        "url": url,
        "name": cite.title(statute),
        "legislationIdentifier": statute.urn,
        "legislationType": ident["type"].value,
        "legislationDate": ident["date"].value,
        "legislationJurisdiction": "Brasil",
        "legislationLegalForce": LEGAL_FORCE[statute.status["code"]],
        "legislationPassedBy": {"@type": "Person", "name": signers[0][0].rstrip("."),
                                "jobTitle": signers[0][1].value},
        "legislationResponsible": [
            {"@type": "Person", "name": name.rstrip("."), "jobTitle": role.value} for name, role in signers[1:]
        ],
        "inLanguage": "pt-BR",
        "isBasedOn": _source_url(statute, site_url),
        "hasPart": [
            {
                "@type": "Legislation",
                "@id": f"{url}#{node.id}",
                "name": f"{cite.title(statute)}, {node.citation_label}",
                "legislationIdentifier": ids.urn(statute.urn, node.id),
            }
            for node in statute.body
            if node.type in ("artigo", "anexo")
        ],
    }
    if cite.has_ementa(statute):
        doc["abstract"] = ident["ementa"].value
    details = ident["publication"].details
    if details:
        doc["datePublished"] = details["date"]
    return doc


def _meta(attr: str, name: str, content: str | None) -> str:
    if not content:
        return ""
    return f'<meta {attr}="{escape(name)}" content="{escape(content)}">'


def head(statute: Statute, site_url: str) -> str:
    """The tags to insert before ``</head>`` of the statute's page."""
    ident = statute.identification
    url = cite.act_url(statute, site_url)
    title = cite.title(statute)
    description = ident["ementa"].value if cite.has_ementa(statute) else statute.summary
    journal, rest = cite.publication(statute)
    dc = [
        ("DC.title", title),
        ("DC.date", ident["date"].value),
        ("DC.creator", "Brasil"),
        ("DC.type", "statute"),
        ("DC.identifier", statute.urn),
        ("DC.language", "pt-BR"),
        ("DC.description", description),
        ("DC.source", _source_url(statute, site_url)),
        ("DC.rights", "Texto normativo (domínio público); edição Estatutos Portuários"),
    ]
    number = ident["number"]
    zotero = [
        ("z.itemType", "statute"),
        ("z.nameOfAct", title),
        ("z.publicLawNumber", f"[{number.value}]" if number.attributed else number.value),
        ("z.dateEnacted", ident["date"].value),
        ("z.history", f"{journal}{rest}"),
        ("z.language", "pt-BR"),
        ("z.abstractNote", ident["ementa"].value if cite.has_ementa(statute) else None),
        ("z.url", url),
        ("z.extra", f"URN: {statute.urn}"),
    ]
    details = ident["publication"].details
    published = (details["date"] if details else ident["date"].value) or ""
    scholar = [
        ("citation_title", title),
        ("citation_author", "Brasil"),
        ("citation_date", (ident["date"].value or "").replace("-", "/")),
        ("citation_publication_date", published.replace("-", "/")),
        ("citation_journal_title", journal or None),
        ("citation_publisher", "Brasil"),
        ("citation_language", "pt"),
        ("citation_keywords", "trabalho portuário; legislação; Brasil"),
        ("citation_abstract_html_url", url),
        ("citation_public_url", url),
    ]
    og = [
        ("og:type", "article"),
        ("og:title", title),
        ("og:description", description),
        ("og:url", url),
        ("og:site_name", "Estatutos Portuários"),
        ("og:locale", "pt_BR"),
    ]
    data = json_in_html(json_ld(statute, site_url))
    tags = [_meta("name", k, v) for k, v in dc + zotero + scholar] + [_meta("property", k, v) for k, v in og]
    return "".join(t for t in tags if t) + f'<script type="application/ld+json">{data}</script>'

