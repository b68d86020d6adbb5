"""Standard metadata in the head of each statute page: schema.org Legislation JSON-LD read by a
real JSON-LD processor (pyld, no remote context), DC.*, z.* (Zotero) and og:* against the data."""

from __future__ import annotations

import json
import re
from pathlib import Path

import htmlscan
import pytest
from pyld import jsonld

from macros.data import ids
from macros.data.site import current
from macros.render import cite

STATUTES = list(current().statutes.values())
S = "https://schema.org/"
SITE_URL = "http://127.0.0.1:8000/"
FORCE = {"vigente": "InForce", "superado": "NotInForce", "revogado": "NotInForce", "historico": "NotInForce"}


def no_remote(url: str, options: dict[str, object] | None = None) -> dict[str, object]:
    raise AssertionError(f"o JSON-LD pediu um contexto remoto: {url}")


def head_of(site_dir: Path, slug: str) -> str:
    html = htmlscan.page(site_dir, f"/{slug}/").read_text(encoding="utf-8")
    return html[: html.index("</head>")]


def value(node: dict[str, list[dict[str, str]]], prop: str) -> str:
    (entry,) = node[S + prop]
    return entry.get("@value") or entry["@id"]


@pytest.mark.parametrize("statute", STATUTES, ids=lambda s: s.slug)
def test_json_ld_legislation(site_dir: Path, statute) -> None:  # type: ignore[no-untyped-def]
    head = head_of(site_dir, statute.slug)
    blocks = re.findall(r'<script type="application/ld\+json">(.*?)</script>', head, re.S)
    assert len(blocks) == 1
    doc = json.loads(blocks[0])
    expanded = jsonld.expand(doc, {"documentLoader": no_remote})
    (act,) = [n for n in expanded if n["@id"] == cite.act_url(statute, SITE_URL)]
    ident = statute.identification
    assert act["@type"] == [S + "Legislation"]
    assert value(act, "legislationIdentifier") == statute.urn
    assert value(act, "legislationType") == ident["type"].value
    assert value(act, "legislationDate") == ident["date"].value
    assert value(act, "legislationJurisdiction") == "Brasil"
    assert value(act, "legislationLegalForce") == S + FORCE[statute.status["code"]]
    assert value(act, "inLanguage") == "pt-BR"
    assert value(act, "isBasedOn") == f"{SITE_URL}fontes/{statute.source_file}"
    (passed,) = act[S + "legislationPassedBy"]
    assert value(passed, "name") == statute.signatories[0][0].rstrip(".")
    parts = act[S + "hasPart"]
    expected = [n.id for n in statute.body if n.type in ("artigo", "anexo")]
    assert [p["@id"].rsplit("#", 1)[1] for p in parts] == expected
    for part in parts:
        node_id = part["@id"].rsplit("#", 1)[1]
        assert value(part, "legislationIdentifier") == ids.urn(statute.urn, node_id)
    if statute.slug == "decreto-lei-3844-1941":
        assert S + "abstract" not in act  # the 1941 act has no ementa
    else:
        assert value(act, "abstract") == ident["ementa"].value


def metas(head: str) -> dict[str, str]:
    found = re.findall(r'<meta (?:name|property)="([^"]+)" content="([^"]*)"', head)
    return {k: v.replace("&#39;", "'").replace("&amp;", "&") for k, v in found}


@pytest.mark.parametrize("statute", STATUTES, ids=lambda s: s.slug)
def test_dublin_core_zotero_and_open_graph(site_dir: Path, statute) -> None:  # type: ignore[no-untyped-def]
    m = metas(head_of(site_dir, statute.slug))
    ident = statute.identification
    title = cite.title(statute)
    assert m["DC.title"] == title and m["DC.date"] == ident["date"].value
    assert m["DC.creator"] == "Brasil" and m["DC.type"] == "statute" and m["DC.identifier"] == statute.urn
    assert m["z.itemType"] == "statute" and m["z.nameOfAct"] == title
    number = ident["number"]
    assert m["z.publicLawNumber"] == (f"[{number.value}]" if number.attributed else number.value)
    assert m["z.dateEnacted"] == ident["date"].value
    assert m["og:title"] == title and m["og:url"] == cite.act_url(statute, SITE_URL)
    assert m["og:type"] == "article" and m["og:locale"] == "pt_BR"


@pytest.mark.parametrize("statute", STATUTES, ids=lambda s: s.slug)
def test_google_scholar_citation_tags(site_dir: Path, statute) -> None:  # type: ignore[no-untyped-def]
    m = metas(head_of(site_dir, statute.slug))
    ident = statute.identification
    details = ident["publication"].details
    assert m["citation_title"] == cite.title(statute) and m["citation_author"] == "Brasil"
    assert m["citation_date"] == ident["date"].value.replace("-", "/")
    assert re.fullmatch(r"\d{4}/\d{2}/\d{2}", m["citation_publication_date"])
    if details:
        assert m["citation_publication_date"] == details["date"].replace("-", "/")
        assert m["citation_journal_title"] == details["journal"]
    else:
        assert "citation_journal_title" not in m  # the 1941 act: publication unknown, nothing invented
    assert m["citation_public_url"] == m["citation_abstract_html_url"] == cite.act_url(statute, SITE_URL)
    assert m["citation_language"] == "pt"


def test_other_pages_have_no_statute_metadata(site_dir: Path) -> None:
    assert "application/ld+json" not in head_of(site_dir, "/tabelas/")
