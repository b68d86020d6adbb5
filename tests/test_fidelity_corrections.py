"""Corrections from the independent review of the edition (issue 10, item 8), in the data and on
the pages: what is an anomaly of the source, what is an editorial conjecture."""

from __future__ import annotations

import re
from pathlib import Path

import htmlscan

from macros.data.site import current


def notes_of(slug: str, node_id: str) -> list[tuple[str, str | None, str]]:
    node = current().statutes[slug].node(node_id)
    return [(n.type, n.quote, n.text) for n in node.notes]


def anomaly_list(site_dir: Path, slug: str) -> str:
    html = htmlscan.page(site_dir, f"/{slug}/").read_text(encoding="utf-8")
    match = re.search(r'<ol class="anomalias">(.*?)</ol>', html, re.S)
    assert match
    return match.group(1)


def test_dirigida_is_a_conjecture_not_an_anomaly(site_dir: Path) -> None:
    (note,) = current().statutes["lei-4860-1965"].node("art2_par2").notes
    assert note.type == "conjecture" and not note.is_anomaly
    assert "Diário Oficial da União de 29 de novembro de 1965 também diz" in note.text and "dirimida" in note.text
    assert "art. 2º, § 2º" not in anomaly_list(site_dir, "lei-4860-1965")


def test_art_without_full_stop_is_not_an_anomaly(site_dir: Path) -> None:
    lei = current().statutes["lei-4860-1965"]
    assert lei.node("art1").label == "Art 1º"
    assert not any(n.is_anomaly for n in lei.node("art1").notes)
    assert "rótulo irregular" not in anomaly_list(site_dir, "lei-4860-1965")


def test_art1_anomaly_noted_and_listed(site_dir: Path) -> None:
    quotes = [q for t, q, _ in notes_of("lei-4860-1965", "art1_par1u") if t == "typo"]
    assert quotes == ["contínua e descontínua", "Art. 3º"]
    assert anomaly_list(site_dir, "lei-4860-1965").count("art. 1º, parágrafo único") == 2


def test_veto_markers_of_art4_par1() -> None:
    notes = notes_of("lei-4860-1965", "art4_par1")
    assert [t for t, _, _ in notes] == ["veto", "veto", "veto"]
    assert '"diurno"' in notes[1][2]
    assert "item 1, alínea c" in notes[2][2]


def test_1941_act_is_superseded_and_art10_comma_noted(site_dir: Path) -> None:
    dl = current().statutes["decreto-lei-3844-1941"]
    assert dl.status["code"] == "superado"
    (note,) = dl.node("art10_cpt").notes
    assert note.type == "punctuation" and note.quote == "por unidade, serão"
    assert "art. 10, caput" in anomaly_list(site_dir, "decreto-lei-3844-1941")
