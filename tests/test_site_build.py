"""The built site: anchors, citation data, links, self-containment and fidelity to the sources."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import htmlscan
import lxml.html
import pytest
from conftest import ROOT
from fidelity import apply_substitutions, first_difference, page_source_text, tokens

from macros.data import ids
from macros.data import site as data_site
from macros.data.site import current
from macros.render import cite

STATUTES = list(current().statutes.values())


def test_every_provision_is_an_anchor(site_dir: Path) -> None:
    for statute in STATUTES:
        anchors = htmlscan.ids(htmlscan.page(site_dir, f"/{statute.slug}/"))
        missing = [n.id for n in statute.walk() if n.id not in anchors]
        assert not missing, f"{statute.slug}: ids sem âncora: {missing}"
        notes = [note.anchor for _, note in statute.notes() if note.anchor not in anchors]
        assert not notes, f"{statute.slug}: notas sem âncora: {notes}"


def test_citation_boxes_carry_urn_label_and_permalink(site_dir: Path) -> None:
    for statute in STATUTES:
        page = htmlscan.page(site_dir, f"/{statute.slug}/")
        boxes = {a["data-chave"]: a for tag, a in htmlscan.tags(page) if "citar-corpo" in (a.get("class") or "")}
        html = page.read_text(encoding="utf-8")
        for node in statute.walk():
            if node.type in ("epigrafe", "ementa"):
                continue
            box = boxes[f"{statute.slug}!{node.id}"]
            assert box["data-urn"] == f"{statute.urn}!{node.id}"
            assert box["data-label"] == ids.citation_label(node.id)
            assert f'<a href="#{node.id}">{cite.provision_url(statute, "http://127.0.0.1:8000/", node.id)}</a>' in html


def test_known_citations() -> None:
    lei = current().statutes["lei-4860-1965"]
    assert cite.reference_head(lei).startswith(
        "BRASIL. Lei nº 4.860, de 26 de novembro de 1965. Dispõe sôbre o regime de trabalho nos portos organizados"
    )
    assert cite.in_text(lei, ids.citation_label("art7_par5")) == "(BRASIL, 1965, art. 7º, § 5º)"
    dl = current().statutes["decreto-lei-3844-1941"]
    assert cite.title(dl) == "Decreto-Lei [nº 3.844], de 20 de novembro de 1941"


def _html_pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if "assets" not in p.parts)


def test_internal_links_and_anchors_resolve(site_dir: Path, site: data_site.Site) -> None:
    official = htmlscan.known_outside_addresses(site)
    id_cache: dict[Path, set[str]] = {}
    broken = []
    for page in _html_pages(site_dir):
        rel = "/" + page.relative_to(site_dir).as_posix()
        for tag, attrs in htmlscan.tags(page):
            href = attrs.get("href") if tag == "a" else None
            if not href or href.startswith(("mailto:", "javascript:")):
                continue
            parts = urlsplit(urljoin(f"http://127.0.0.1{rel}", href))
            if parts.netloc != "127.0.0.1":
                # Only the registry's addresses (data/atos.yaml) and the pages read for «Hoje».
                if href not in official:
                    broken.append(f"{rel}: link externo {href}")
                continue
            target = site_dir / parts.path.lstrip("/")
            if parts.path.endswith("/"):
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{rel}: {href} (arquivo inexistente)")
                continue
            if parts.fragment and target.suffix == ".html":
                if target not in id_cache:
                    id_cache[target] = htmlscan.ids(target)
                if parts.fragment not in id_cache[target]:
                    broken.append(f"{rel}: {href} (âncora inexistente)")
    assert not broken, "\n".join(broken)


EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", re.I)
CSS_EXTERNAL = re.compile(r"""(?:@import|url\()\s*["']?(?:https?:)?//""", re.I)


def test_no_external_resources_referenced(site_dir: Path) -> None:
    offenders = []
    for page in _html_pages(site_dir):
        for tag, attrs in htmlscan.tags(page):
            for key in ("src", "href"):
                value = attrs.get(key) or ""
                loads = tag in ("script", "img", "iframe", "source", "audio", "video") or (
                    tag == "link" and attrs.get("rel") not in ("canonical", None)
                )
                if loads and re.match(r"(?:https?:)?//", value) and not value.startswith("http://127.0.0.1"):
                    offenders.append(f"{page}: <{tag} {key}={value}>")
    for css in site_dir.rglob("*.css"):
        if CSS_EXTERNAL.search(css.read_text(encoding="utf-8", errors="replace")):
            offenders.append(f"{css}: recurso externo em CSS")
    assert not offenders, "\n".join(offenders)


def _source_tokens(statute_slug: str, source_file: str) -> list[str]:
    """The words of the lines of the source the statute page transcribes (its ``source.lines`` in
    data/statutes/; the rest of document 004, the annexed tables, is checked on the "Tabelas" pages)."""
    lines = (ROOT / "data" / "sources" / source_file).read_text(encoding="utf-8").splitlines()
    first, last = current().statutes[statute_slug].source_lines or (1, len(lines))
    return tokens("\n".join(lines[first - 1 : last]))


@pytest.mark.parametrize("statute", STATUTES, ids=lambda s: s.source_file)
def test_fidelity_statute_text(site_dir: Path, statute) -> None:  # type: ignore[no-untyped-def]
    """Every word of the source, in order, is the text shown on the page — exactly, once the
    whitespace/leader normalisation and the declared editorial substitutions are applied."""
    substitutions = [pair for _, note in statute.notes() for pair in note.fidelity]
    expected = apply_substitutions(_source_tokens(statute.slug, statute.source_file), substitutions)
    html = htmlscan.page(site_dir, f"/{statute.slug}/").read_text(encoding="utf-8")
    actual = tokens(page_source_text(html))
    assert actual == expected, first_difference(expected, actual)


# A path of the repository in reader-facing text: a test, a module, a script, a data file.
REPO_PATH = re.compile(r"\b(?:tests|calculators|macros|scripts|docs)/[\w./<>-]+|\b[\w-]+\.(?:py|mjs|ya?ml)\b")


def test_reader_pages_name_no_repository_file(site_dir: Path) -> None:
    """Reader-facing text never names a file of the project (a test, a module, a data file). Only
    «Sobre» (how the edition is made) may."""
    found = []
    for page in _html_pages(site_dir):
        rel = page.relative_to(site_dir).as_posix()
        if rel.startswith(("sobre/", "fontes/", "dados/")) or not rel.endswith(".html"):
            continue
        root = lxml.html.fromstring(page.read_bytes())
        for article in root.xpath('//article[contains(@class, "md-content__inner")]'):
            for code in article.xpath(".//script"):
                code.drop_tree()
            found += [f"{rel}: {m.group(0)}" for m in REPO_PATH.finditer(article.text_content())]
    assert not found, found
