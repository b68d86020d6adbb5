"""References and citation files, read back by real parsers: the ABNT reference in the static
HTML, and /dados/citacoes/<slug>.{json,ris,bib,biblatex.bib} through citeproc-py (with an ABNT-like CSL
style), rispy and bibtexparser."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import bibtexparser
import htmlscan
import pytest
import rispy
from citeproc import Citation, CitationItem, CitationStylesBibliography, CitationStylesStyle, formatter
from citeproc.source import Locator
from citeproc.source.json import CiteProcJSON
from conftest import ROOT

from macros.build.citation_formats import CLASSIC_FIELDS, MONTH_MACROS, tex
from macros.data import build_id, ids
from macros.data.site import current
from macros.render import cite

STATUTES = list(current().statutes.values())
SITE_URL = "http://127.0.0.1:8000/"
STYLE = ROOT / "tests" / "data" / "abnt-legislacao.csl"
ACCESS_DATE = re.compile(r"\d{1,2} (jan\.|fev\.|mar\.|abr\.|maio|jun\.|jul\.|ago\.|set\.|out\.|nov\.|dez\.) \d{4}")


def cited_nodes(slug: str) -> list[str]:
    return [n.id for n in current().statutes[slug].walk() if n.type not in ("epigrafe", "ementa")]


def expected_keys(slug: str) -> list[str]:
    return [slug] + [f"{slug}!{i}" for i in cited_nodes(slug)]


# ------------------------------------------------------------------ the ABNT reference
def test_abnt_reference_of_lei_4860() -> None:
    lei = current().statutes["lei-4860-1965"]
    ref = cite.reference(lei, SITE_URL, dt.date(2026, 11, 30))
    assert ref == (
        "BRASIL. Lei nº 4.860, de 26 de novembro de 1965. Dispõe sôbre o regime de trabalho nos portos "
        "organizados, e dá outras providências. Diário Oficial da União: seção 1, Brasília, DF, 29 nov. 1965. "
        "Disponível em: http://127.0.0.1:8000/lei-4860-1965/. Acesso em: 30 nov. 2026."
    )
    assert cite.in_text(lei, ids.citation_label("art7_par5")) == "(BRASIL, 1965, art. 7º, § 5º)"
    assert cite.in_text(lei) == "(BRASIL, 1965)"


def test_decree_law_1941_has_no_invented_ementa() -> None:
    dl = current().statutes["decreto-lei-3844-1941"]
    ref = cite.reference(dl, SITE_URL, dt.date(2026, 1, 5))
    assert ref.startswith("BRASIL. Decreto-Lei [nº 3.844], de 20 de novembro de 1941. [Sem ementa]. "
                          "[S. l.: s. n.], 1941. Disponível em: ")
    assert "Dispõe" not in ref
    assert ref.endswith("Acesso em: 5 jan. 2026.")


def test_absolute_url_keeps_a_sub_path() -> None:
    lei = current().statutes["lei-4860-1965"]
    assert cite.act_url(lei, "https://exemplo.org/estatutos") == "https://exemplo.org/estatutos/lei-4860-1965/"
    assert cite.provision_url(lei, "https://exemplo.org/estatutos/", "art7") == (
        "https://exemplo.org/estatutos/lei-4860-1965/#art7")


def test_static_html_reference_in_every_citar_box(site_dir: Path) -> None:
    built = build_id.build_date()  # the last commit's day, not the clock's (scripts/run.sh)
    for statute in STATUTES:
        page = htmlscan.page(site_dir, f"/{statute.slug}/")
        html = page.read_text(encoding="utf-8")
        boxes = [a for _, a in htmlscan.tags(page) if "citar-corpo" in (a.get("class") or "")]
        assert sorted(b["data-chave"] for b in boxes) == sorted(expected_keys(statute.slug))
        for box in boxes:
            assert box["data-urn"] in (statute.urn, f"{statute.urn}!{box['data-chave'].split('!')[-1]}")
        url = cite.act_url(statute, SITE_URL)
        assert html.count(f"Disponível em: {url}. Acesso em: ") == len(boxes)
        assert html.count(f'data-data="{built.isoformat()}">{cite.abnt_date(built)}</span>.') == len(boxes)
        # the in-text citation of each provision, and the URN on its own line, outside the reference
        for node_id in cited_nodes(statute.slug):
            label = ids.citation_label(node_id)
            assert f'<p class="citar-texto citar-curta">{cite.in_text(statute, label)}</p>' in html.replace(
                "&#39;", "'"), node_id
            assert f'<p class="citar-urn">URN: <code>{statute.urn}!{node_id}</code></p>' in html
        assert "URN" not in "".join(re.findall(r'<p class="citar-texto citar-ref">.*?</p>', html))


# ------------------------------------------------------------------ CSL-JSON
@pytest.mark.parametrize("slug", [s.slug for s in STATUTES])
def test_csl_json_read_by_citeproc(site_dir: Path, slug: str) -> None:
    items = json.loads((site_dir / "dados" / "citacoes" / f"{slug}.json").read_text(encoding="utf-8"))
    assert [i["id"] for i in items] == expected_keys(slug)
    assert {i["type"] for i in items} == {"legislation"}
    statute = current().statutes[slug]
    source = CiteProcJSON([{k: v for k, v in i.items() if k != "custom"} for i in items])
    style = CitationStylesStyle(str(STYLE), validate=False)
    bib = CitationStylesBibliography(style, source, formatter.plain)
    pinned = [i for i in items if "custom" in i]
    citations = []
    for item in pinned:
        ci = item["custom"]["citation-item"]
        assert ci["label"] == "article-locator" and ci["id"] == slug
        assert f"art. {ci['locator']}" == item["section"]
        citation = Citation([CitationItem(ci["id"], locator=Locator(ci["label"], ci["locator"]))])
        bib.register(citation)
        citations.append((item, citation))
    whole = Citation([CitationItem(slug)])
    bib.register(whole)
    year = statute.identification["date"].value[:4]  # type: ignore[index]
    assert str(bib.cite(whole, lambda _: None)) == f"(BRASIL, {year})"
    for item, citation in citations:
        assert str(bib.cite(citation, lambda _: None)) == f"(BRASIL, {year}, {item['section']})"
    rendered = [str(entry) for entry in bib.bibliography()]
    assert rendered[0].startswith(f"BRASIL. {cite.title(statute)}.")
    assert f"Disponível em: {cite.act_url(statute, SITE_URL)}" in rendered[0]


# ------------------------------------------------------------------ RIS
@pytest.mark.parametrize("slug", [s.slug for s in STATUTES])
def test_ris_read_by_rispy(site_dir: Path, slug: str) -> None:
    text = (site_dir / "dados" / "citacoes" / f"{slug}.ris").read_text(encoding="utf-8")
    entries = rispy.loads(text)
    statute = current().statutes[slug]
    assert [e["id"] for e in entries] == expected_keys(slug)
    for entry in entries:
        assert entry["type_of_reference"] == "STAT"
        assert entry["title"] == cite.title(statute)
        assert entry["authors"] == ["BRASIL"]
        assert entry["year"] == statute.identification["date"].value[:4]  # type: ignore[index]
        node_id = entry["id"].partition("!")[2]
        if node_id:
            assert entry["section"] == ids.citation_label(node_id)
            assert entry["urls"] == [cite.provision_url(statute, SITE_URL, node_id)]
            assert f"URN: {statute.urn}!{node_id}." in entry["notes"][0]
        else:
            assert "section" not in entry


# ------------------------------------------------------------------ BibTeX and biblatex
@pytest.mark.parametrize("slug", [s.slug for s in STATUTES])
def test_biblatex_read_by_bibtexparser(site_dir: Path, slug: str) -> None:
    text = (site_dir / "dados" / "citacoes" / f"{slug}.biblatex.bib").read_text(encoding="utf-8")
    library = bibtexparser.parse_string(text)
    assert not library.failed_blocks
    statute = current().statutes[slug]
    assert [e.key for e in library.entries] == [k.replace("!", ":") for k in expected_keys(slug)]
    for entry in library.entries:
        assert entry.entry_type == "legislation"
        assert entry["title"] == cite.title(statute)
        assert entry["date"] == statute.identification["date"].value
        assert entry["author"] == "{BRASIL}"
        node_id = entry.key.partition(":")[2]
        if node_id:
            assert entry["titleaddon"] == ids.citation_label(node_id)
    if slug == "decreto-lei-3844-1941":
        assert all("abstract" not in e.fields_dict for e in library.entries)


@pytest.mark.parametrize("slug", [s.slug for s in STATUTES])
def test_classic_bibtex_is_misc_with_fields_bibtex_knows(site_dir: Path, slug: str) -> None:
    """The .bib file is classic BibTeX (issue 30): @misc, with only the fields of BibTeX's misc
    (plus url and abnTeX2's urlaccessdate), the month as BibTeX's month macro, the provision in
    the title; the same keys as the biblatex file."""
    text = (site_dir / "dados" / "citacoes" / f"{slug}.bib").read_text(encoding="utf-8")
    library = bibtexparser.parse_string(text)
    assert not library.failed_blocks
    statute = current().statutes[slug]
    year, month, _ = (statute.identification["date"].value or "").split("-")
    assert [e.key for e in library.entries] == [k.replace("!", ":") for k in expected_keys(slug)]
    for entry in library.entries:
        assert entry.entry_type == "misc"
        assert set(entry.fields_dict) <= CLASSIC_FIELDS, set(entry.fields_dict) - CLASSIC_FIELDS
        assert {"author", "title", "year", "month", "url", "urlaccessdate", "note"} <= set(entry.fields_dict)
        assert entry["author"] == "{BRASIL}" and entry["year"] == year
        node_id = entry.key.partition(":")[2]
        label = f", {ids.citation_label(node_id)}" if node_id else ""
        assert entry["title"] == cite.title(statute) + label
        assert entry["url"] == (cite.provision_url(statute, SITE_URL, node_id) if node_id
                                else cite.act_url(statute, SITE_URL))
        assert ACCESS_DATE.fullmatch(entry["urlaccessdate"]), entry["urlaccessdate"]
        assert tex(ids.urn(statute.urn, node_id) if node_id else statute.urn) in entry["note"]
    # the month is BibTeX's macro, unbraced (every style prints it in its own language)
    assert re.search(rf"^  month = {MONTH_MACROS[int(month) - 1]},$", text, re.M)
    assert "month = {" not in text
