"""``data/busca.yaml``, the search's settings: the real file loads; a broken one is refused with
the file, the place and the reason, in Portuguese (macros/build/search/config.py, the closed schema
data/schema/busca.schema.json)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from macros.build.search import config
from macros.data.loader import DataError

REAL = yaml.safe_load(config.PATH.read_text(encoding="utf-8"))


def write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "busca.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def broken(tmp_path: Path, change: object) -> str:
    data = yaml.safe_load(config.PATH.read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    with pytest.raises(DataError) as caught:
        config.load(write(tmp_path, data))
    return str(caught.value)


def test_the_real_settings_load() -> None:
    loaded = config.load()
    browser = loaded.for_browser()
    assert "de" in loaded.stop_words
    # Synonyms reach the browser as stems, without the typed word itself.
    assert browser["synonyms"]["almoc"] == ["refeica"]
    assert "calculador" in browser["kind_words"]["calculator"]


def test_an_unknown_key_is_refused_anywhere(tmp_path: Path) -> None:
    message = broken(tmp_path, lambda d: d["weights"].__setitem__("titel", 2))
    assert "weights" in message and "chave desconhecida" in message
    message = broken(tmp_path, lambda d: d.__setitem__("sinonimos", []))
    assert "chave desconhecida" in message


def test_a_bare_no_is_a_boolean_and_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "busca.yaml"
    text = config.PATH.read_text(encoding="utf-8").replace('"no"', "no")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        config.load(path)
    assert "stop_words" in str(caught.value) and "tipo errado" in str(caught.value)


def test_a_synonym_of_a_stop_word_would_never_be_read(tmp_path: Path) -> None:
    message = broken(tmp_path, lambda d: d["synonyms"].append({"typed": ["de"], "finds": ["porto"]}))
    assert "palavra vazia" in message and "synonyms[" in message


def test_a_word_typed_in_two_synonyms_is_refused(tmp_path: Path) -> None:
    message = broken(tmp_path, lambda d: d["synonyms"].append({"typed": ["folga"], "finds": ["repouso"]}))
    assert "junte os dois" in message


def test_out_of_range_numbers_are_refused(tmp_path: Path) -> None:
    assert "not_here" in broken(tmp_path, lambda d: d["not_here"].__setitem__("min_coverage", 1.5))
    assert "boosts" in broken(tmp_path, lambda d: d["boosts"].__setitem__("in_force", 0.5))
