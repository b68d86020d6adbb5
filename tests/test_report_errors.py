"""«Informar um erro» (issue 20 §2), in the built pages and in the build's configuration:

- every provision that has «Citar» has «Informar um erro» next to it, naming the same provision
  (its citation in words and URN); every «Hoje» claim has one, naming its box;
- the destinations of ``extra.relatar_erro`` are checked (an https tracker address with
  ``{titulo}``/``{relato}``, an e-mail address), reach every page's ``<head>`` as ``<meta>``, and a
  malformed one stops the build with the reason;
- a build for publishing (``EP_PUBLICAR=1``) without any destination stops, saying what to set
  (issue 30), and «Sobre» names the destinations (checked in a published build in
  ``tests/test_public_address.py``).

The report itself (filled in, decoded from the links it opens) is checked in the browser:
``tests/browser/test_report_errors.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import build_site
from htmlscan import page, tags

from macros.build import report_destination
from macros.data import ids
from macros.data.site import current
from macros.render.hoje import box_id
from macros.render.links import provision_label

STATUTES = list(current().statutes.values())
TRACKER = "https://tracker.example.org/novo?title={titulo}&body={relato}"


@pytest.mark.parametrize("statute", STATUTES, ids=lambda s: s.slug)
def test_every_provision_and_claim_has_a_report_box(site_dir: Path, statute) -> None:  # type: ignore[no-untyped-def]
    found = tags(page(site_dir, f"/{statute.slug}/"))
    cites = [a for t, a in found if t == "details" and a.get("class") == "citar"]
    boxes = [a for t, a in found if "relatar" in (a.get("class") or "").split() and t in ("details", "div")]
    provisions = [a for a in boxes if a["class"] == "relatar"]
    claims = [a for a in boxes if a["class"] == "relatar relatar--botao"]
    assert len(provisions) == len(cites) > 10
    for box in provisions:
        node = box["data-ancora"] or ""
        assert box["data-citacao"] == provision_label(statute, node)
        assert box["data-urn"] == ids.urn(statute.urn, node)
    items = [a for t, a in found if t == "li" and "hoje-afirmacao" in (a.get("class") or "")]
    assert len(claims) == len(items)
    for box in claims:
        assert re.fullmatch(r"hoje-\w+", box["data-ancora"] or "")
        article = (box["data-ancora"] or "").removeprefix("hoje-")
        assert (box["data-citacao"] or "").startswith(f"Hoje — {provision_label(statute, article)}, afirmação ")
        assert box["data-ancora"] == box_id(article)


def test_no_destination_by_default(site_dir: Path) -> None:
    head = page(site_dir, "/lei-4860-1965/").read_text(encoding="utf-8").split("</head>")[0]
    assert "ep-relato-" not in head
    about = page(site_dir, "/sobre/").read_text(encoding="utf-8")
    assert 'id="informar-um-erro"' in about and "não tem um destino para os relatos" in about


def test_destinations_are_checked() -> None:
    assert report_destination.destinations({}) == {}
    assert report_destination.destinations({"relatar_erro": {"rastreador": "", "email": ""}}) == {}
    both = {"relatar_erro": {"rastreador": TRACKER, "email": "erros@example.org"}}
    assert report_destination.destinations(both) == {"rastreador": TRACKER, "email": "erros@example.org"}
    assert report_destination.head_tags(both) == (
        '<meta name="ep-relato-rastreador" content="https://tracker.example.org/novo?title={titulo}&amp;body={relato}">'
        '<meta name="ep-relato-email" content="erros@example.org">'
    )
    for bad in ({"rastreador": "http://tracker.example.org/?b={relato}"},  # not https
                {"rastreador": "https://tracker.example.org/novo"},  # nowhere to put the report
                {"email": "não é endereço"},
                {"destino": "x"}):
        with pytest.raises(report_destination.DestinationError):
            report_destination.destinations({"relatar_erro": bad})


def test_publishing_needs_a_destination() -> None:
    """A local build may have no destination; a build for publishing must have one (either)."""
    assert report_destination.check({}, {}) == {}
    for publishing in ({"EP_PUBLICAR": "1"}, {"EP_PUBLICAR": "sim"}):
        with pytest.raises(report_destination.DestinationError) as refused:
            report_destination.check({"relatar_erro": {"rastreador": "", "email": " "}}, publishing)
        message = str(refused.value)
        assert "EP_RELATO_RASTREADOR" in message and "EP_RELATO_EMAIL" in message and "Informar um erro" in message
        for one in ({"rastreador": TRACKER}, {"email": "erros@example.org"}):
            assert report_destination.check({"relatar_erro": one}, publishing) == one


@pytest.mark.parametrize("template, page_address", [
    (TRACKER, "https://tracker.example.org/novo"),
    ("https://github.com/DONO/REPO/issues/new?title={titulo}&body={relato}&labels=erro",
     "https://github.com/DONO/REPO/issues/new?labels=erro"),
    ("https://tracker.example.org/novo?x=1&b=Relato:{relato}#form", "https://tracker.example.org/novo?x=1"),
])
def test_the_tracker_page_named_in_about_carries_no_placeholder(template: str, page_address: str) -> None:
    assert report_destination.tracker_page(template) == page_address


def test_about_names_the_destinations() -> None:
    both = str(report_destination.about_html({"relatar_erro": {"rastreador": TRACKER, "email": "erros@example.org"}}))
    assert '<a href="https://tracker.example.org/novo">rastreador de problemas do projeto</a>' in both
    assert '<a href="mailto:erros@example.org">erros@example.org</a>' in both
    assert "{" not in both
    none = str(report_destination.about_html({}))
    assert "não tem um destino" in none and "<a " not in none


@pytest.mark.site
def test_a_build_for_publishing_without_a_destination_stops(tmp_path: Path) -> None:
    done = build_site(tmp_path / "site", env={"EP_PUBLICAR": "1", "EP_SITE_URL": "https://estatutos.example.org/",
                                              "EP_RELATO_RASTREADOR": "", "EP_RELATO_EMAIL": ""}, offline=False)
    assert done.returncode != 0
    out = done.stderr + done.stdout
    assert "Relatos de erro" in out and "EP_RELATO_EMAIL" in out and "Traceback" not in out


@pytest.mark.site
def test_a_malformed_destination_stops_the_build(tmp_path: Path) -> None:
    done = build_site(tmp_path / "site", env={"EP_RELATO_RASTREADOR": "http://tracker.example.org/"}, offline=False)
    assert done.returncode != 0
    assert "Relatos de erro" in done.stderr + done.stdout and "Traceback" not in done.stderr


def test_every_claim_of_the_today_table_has_a_report_box(site_dir: Path) -> None:
    found = tags(page(site_dir, "/hoje/"))
    cells = [a for t, a in found if t == "td" and a.get("class") == "hoje-afirmacao"]
    boxes = [a for t, a in found if t == "details" and a.get("class") == "relatar"]
    assert len(boxes) == len(cells) > 10
    slugs = {s.slug for s in STATUTES}
    for box in boxes:
        assert box["data-ancora"] in slugs  # the act's section of /hoje/
        assert (box["data-citacao"] or "").startswith("Hoje — ") and ", afirmação " in (box["data-citacao"] or "")
        assert (box["data-urn"] or "").startswith("urn:lex:br:")
