"""Statute data: the real files validate; each broken fixture fails with file, place and reason,
both when loaded and when it stops ``mkdocs build``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import ROOT, build_site

from macros.data.loader import DataError
from macros.data.model import load_statute
from macros.data.statutes import load_statutes

FIXTURES = Path(__file__).parent / "fixtures" / "statutes"

BROKEN = [
    # (fixture, place, words of the reason)
    ("falta-campo", "(raiz)", "campo obrigatório ausente ('summary')"),
    ("chave-desconhecida", "body[2]", "chave desconhecida"),
    ("id-duplicado", "body[2].id", "id 'art1' repetido"),
    ("id-malformado", "body[1].children[1].id", "não segue a gramática LexML"),
    ("tipo-errado", "identification.number.editorial", "tipo errado: 'sim' não é true ou false"),
    ("remissao-inexistente", "body[1].children[0].citations[0].target", "'#art9', que não existe"),
    ("yaml-invalido", "linha 29", "YAML inválido"),
]


def test_real_statutes_validate() -> None:
    statutes = load_statutes()
    # chronological, from each act's date (identification.date)
    assert list(statutes) == ["decreto-lei-3844-1941", "decreto-17961-1945", "lei-4860-1965"]


def test_valid_fixture_loads() -> None:
    statute = load_statute(FIXTURES / "valido.yaml")
    assert [n.id for n in statute.walk()] == ["preambulo", "art1", "art1_cpt", "art1_par1u", "art2", "art2_cpt"]


@pytest.mark.parametrize(("name", "place", "reason"), BROKEN)
def test_broken_fixture_is_rejected(name: str, place: str, reason: str) -> None:
    path = FIXTURES / f"{name}.yaml"
    with pytest.raises(DataError) as caught:
        load_statute(path)
    error = caught.value
    assert error.file == path
    assert error.place.startswith(place), error.place
    assert reason in error.reason, error.reason
    assert str(error).startswith(f"tests/fixtures/statutes/{name}.yaml: em {place}")


@pytest.mark.site
@pytest.mark.parametrize(("name", "place", "reason"), BROKEN)
def test_broken_file_stops_the_build(tmp_path: Path, name: str, place: str, reason: str) -> None:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    target = data / "statutes" / "lei-4860-1965.yaml"
    text = (FIXTURES / f"{name}.yaml").read_text(encoding="utf-8").replace(f"slug: {name}", "slug: lei-4860-1965")
    target.write_text(text, encoding="utf-8")
    done = build_site(tmp_path / "site", env={"EP_DATA_DIR": str(data)})
    output = done.stdout + done.stderr
    assert done.returncode != 0
    assert "lei-4860-1965.yaml" in output
    assert f"em {place}" in output, output
    assert reason in output, output
    assert "Traceback" not in output
