"""The data files are read by libyaml's parser (``FastStrictLoader``, for speed) and, when it
refuses a file, again by the pure-Python one (``StrictLoader``), whose reasons the messages word
in Portuguese (``macros/data/loader.py``). Both must read every file the same way."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from conftest import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from macros.data.loader import LINE_BREAKS_READ_APART, DataError, FastStrictLoader, StrictLoader, read_yaml

# PyYAML's own writer cannot give back NEL and the line separators in every style (a mapping key
# '\x85' comes back as ' ' with either parser), and no text has lone surrogates: the generated
# texts leave them out (a NEL in a data file is a control character the checks refuse).
TEXT = st.text(alphabet=st.characters(blacklist_characters="\x85\u2028\u2029",
                                      blacklist_categories=("Cs",)), max_size=30)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), TEXT,
                    st.floats(allow_nan=False, allow_infinity=False))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(TEXT.filter(bool), inner, max_size=4), max_leaves=20)


def test_the_project_data_reads_the_same_with_both_parsers() -> None:
    files = sorted((ROOT / "data").rglob("*.yaml"))
    assert len(files) > 10
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert yaml.load(text, Loader=FastStrictLoader) == yaml.load(text, Loader=StrictLoader), path


@settings(max_examples=300, deadline=None)
@given(VALUES)
def test_any_document_reads_as_it_was_written(tmp_path_factory: pytest.TempPathFactory, value: object) -> None:
    """Whatever the parser chosen (libyaml first, PyYAML for the characters they read apart), a
    document is read back as written: the check of control characters sees what the file has."""
    path = tmp_path_factory.mktemp("yaml") / "x.yaml"
    path.write_text(yaml.safe_dump(value, allow_unicode=True), encoding="utf-8")
    assert read_yaml(path) == value


@settings(max_examples=300, deadline=None)
@given(VALUES)
def test_both_parsers_agree_outside_the_characters_they_read_apart(value: object) -> None:
    text = yaml.safe_dump(value, allow_unicode=True)
    if any(c in text for c in LINE_BREAKS_READ_APART):
        return
    assert yaml.load(text, Loader=FastStrictLoader) == yaml.load(text, Loader=StrictLoader) == value


@pytest.mark.parametrize(("text", "words"), [
    ("a: 1\na: 2\n", "chave 'a' repetida"),
    ("a: [1, 2\n", "linha"),
    ("a:\n\t- 1\n", "linha"),
])
def test_a_refusal_names_the_place_with_either_parser(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        read_yaml(path)
    assert words in str(caught.value) and "Traceback" not in str(caught.value)

