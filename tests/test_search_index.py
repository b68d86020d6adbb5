"""The search index: accent-folded forms are added in a separate field; chrome stays out."""

from __future__ import annotations

import json
from pathlib import Path

from macros.search_fold import fold, folded_forms

CHROME = ["Citar", "Copiar citação", "Link permanente", "Nota editorial", "(em branco)", "informação editorial"]
CONTENT_PREFIXES = ("decreto-lei-3844-1941/", "lei-4860-1965/", "decreto-17961-1945/", "tabelas/", "calculadoras/")


def index(site: Path) -> dict:  # type: ignore[type-arg]
    return json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))


def test_fold() -> None:
    assert fold("pôrto sôbre prorrogação salário-família ÁREA") == "porto sobre prorrogacao salario-familia AREA"


def test_folded_forms_only_for_accented_words() -> None:
    assert folded_forms("O pôrto e o salário-família <b>acêrca</b> Porto") == [
        "porto", "salario-familia", "salario", "familia", "acerca",
    ]


def test_index_has_folded_field_and_original_text(site_dir: Path) -> None:
    data = index(site_dir)
    assert data["config"]["fields"]["folded"] == {"boost": 1.0}
    lei = [d for d in data["docs"] if d["location"] == "lei-4860-1965/#art1"]
    assert lei, "o art. 1º da Lei 4.860 deve ser uma seção da busca"
    assert "pôrto" in lei[0]["text"]  # the text shown in results keeps the original spelling
    assert "porto" in lei[0]["folded"].split()


def test_chrome_is_not_indexed(site_dir: Path) -> None:
    offenders = [
        (doc["location"], phrase)
        for doc in index(site_dir)["docs"]
        if doc["location"].startswith(CONTENT_PREFIXES)
        for phrase in CHROME
        if phrase in doc["text"] or phrase in doc["title"]
    ]
    assert not offenders, offenders
