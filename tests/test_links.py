"""Links to provisions are built by one function, with labels derived from the ids."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from macros.data.ids import citation_label
from macros.render.links import provision_href, provision_link

ROOT = Path(__file__).resolve().parent.parent
# A string literal that is, by itself, a provision label ("art. 2º, § 1º", "§ 3º", "alínea a").
LABEL = re.compile(r"(art\. \d+º(, )?)?((§ \d+º|parágrafo único)(, )?)?(alínea [a-z])?")


@pytest.mark.parametrize(
    ("raw", "within", "label"),
    [
        ("art2_par1", None, "art. 2º, § 1º"),
        ("art2_par3", "art2", "§ 3º"),
        ("art2_par3", "art2_par1", "§ 3º"),
        ("art3_par1u", "art3", "parágrafo único"),
        ("art2_cpt_ali1", "art2_cpt", "alínea a"),
        ("art2", "art2", "art. 2º"),  # never empty
        ("art7_par5_ali1", "art8", "art. 7º, § 5º, alínea a"),
    ],
)
def test_citation_label_within(raw: str, within: str | None, label: str) -> None:
    assert citation_label(raw, within) == label


def test_provision_link() -> None:
    assert provision_href("lei-4860-1965", "art7_par5", "../../") == "../../lei-4860-1965/#art7_par5"
    assert provision_href("lei-4860-1965", "art7_par5", None) == "#art7_par5"
    assert str(provision_link("decreto-17961-1945", "art2_par2", "../../", within="art2")) == (
        '<a href="../../decreto-17961-1945/#art2_par2">§ 2º</a>'
    )
    assert str(provision_link("lei-4860-1965", "art7", "../../", text="Lei <x>", css="c", data_ref=True)) == (
        '<a class="c" href="../../lei-4860-1965/#art7" data-ref="lei-4860-1965#art7">Lei &lt;x&gt;</a>'
    )
    with pytest.raises(ValueError):
        provision_href("lei-4860-1965", "artigo7", "../")


def test_no_provision_label_written_by_hand_in_renderers() -> None:
    found = []
    for path in sorted((ROOT / "macros" / "render").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            is_text = isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.strip()
            if is_text and LABEL.fullmatch(str(node.value).strip()):  # type: ignore[union-attr]
                found.append(f"{path.name}:{node.lineno}: {node.value!r}")
    assert not found, found
