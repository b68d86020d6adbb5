"""LexML ids: grammar, citation labels, URNs and permalinks derived from one module."""

from __future__ import annotations

import pytest

from macros.data import ids

LEI = "urn:lex:br:federal:lei:1965-11-26;4860"


@pytest.mark.parametrize(
    ("raw", "label"),
    [
        ("art1", "art. 1º"),
        ("art10", "art. 10"),
        ("art7_cpt", "art. 7º, caput"),
        ("art7_par5", "art. 7º, § 5º"),
        ("art5_par1u", "art. 5º, parágrafo único"),
        ("art1_cpt_inc2", "art. 1º, caput, inciso II"),
        ("art1_par1_inc14", "art. 1º, § 1º, inciso XIV"),
        ("art7_par5_ali1", "art. 7º, § 5º, alínea a"),
        ("art2_cpt_ali2", "art. 2º, caput, alínea b"),
        ("art3_cpt_inc3_ali3_ite2", "art. 3º, caput, inciso III, alínea c, item 2"),
        ("anx1", "anexo"),
        ("anx1_ali8", "anexo, observação h)"),
        ("anx1_ali2_ite5", "anexo, observação b), item 5"),
        ("cons2", "2º considerando"),
        ("preambulo", "preâmbulo"),
        ("fecho", "fecho"),
    ],
)
def test_citation_label(raw: str, label: str) -> None:
    assert ids.citation_label(raw) == label


@pytest.mark.parametrize(
    ("raw", "urn"),
    [
        ("art7", f"{LEI}!art7"),
        ("art7_par5", f"{LEI}!art7_par5"),
        ("art5_par1u", f"{LEI}!art5_par1u"),
        ("art1_cpt_inc2", f"{LEI}!art1_cpt_inc2"),
        ("art7_par5_ali1", f"{LEI}!art7_par5_ali1"),
        ("anx1_ali2_ite1", f"{LEI}!anx1_ali2_ite1"),
    ],
)
def test_urn(raw: str, urn: str) -> None:
    assert ids.urn(LEI, raw) == urn


def test_permalink() -> None:
    assert ids.permalink("lei-4860-1965", "art7_par5_ali1") == "/lei-4860-1965/#art7_par5_ali1"


@pytest.mark.parametrize(
    "raw",
    ["", "art", "art0", "art01", "Art1", "art1_par", "art1_par0", "art1_paru", "art1_inc0",
     "art1_ali1_inc1", "art1_cpt_par1", "art1-par1", "art1_par1_ite1_ali1", "anx1_inc1",
     "cons0", "preambulo1", "art1 ", "art1_alia"],
)
def test_malformed_ids_rejected(raw: str) -> None:
    assert not ids.is_valid(raw)
    with pytest.raises(ids.InvalidIdError):
        ids.ProvisionId(raw)


def test_parent() -> None:
    assert ids.ProvisionId("art7_par5_ali1").parent == "art7_par5"
    assert ids.ProvisionId("art7").parent is None


@pytest.mark.parametrize(("n", "roman"), [(1, "I"), (4, "IV"), (9, "IX"), (14, "XIV"), (40, "XL"), (1994, "MCMXCIV")])
def test_roman(n: int, roman: str) -> None:
    assert ids.roman(n) == roman


@pytest.mark.parametrize(("n", "letter"), [(1, "a"), (8, "h"), (26, "z"), (27, "aa")])
def test_letter(n: int, letter: str) -> None:
    assert ids.letter(n) == letter
