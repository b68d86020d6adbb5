"""The split index of the site's search (``macros/build/search/``; issue 28), built from the site.

- every document lands somewhere real: its page exists and its anchor is an id on that page;
- a term is in exactly the shard the browser looks in (the shards cover the sorted terms);
- a typo (one wrong, missing, extra or swapped letter in a word of five letters or more) always
  finds the word, from the two vocabulary files the browser fetches (first and last letter);
- the document chunks hold every document, in order.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from macros.build.search import built, index

ROOT = Path(__file__).resolve().parent.parent
ENGINE = (ROOT / "docs" / "assets" / "js" / "search" / "engine.mjs").as_uri()
Split = tuple[Path, dict[str, Any], list[Any]]


@pytest.fixture(scope="module")
def split(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Split:
    docs, acts, config = built.collect(site_dir)
    files = index.build(docs, config, acts)
    out = tmp_path_factory.mktemp("busca")
    for name, content in files.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(content)
    return out, json.loads(files["meta.json"]), docs


def test_every_document_lands_on_an_id_of_its_page(split: Split, site_dir: Path) -> None:
    _, _, docs = split
    ids: dict[str, set[str]] = {}
    for doc in docs:
        if doc.page not in ids:
            html = (site_dir / doc.page / "index.html").read_text(encoding="utf-8")
            ids[doc.page] = set(re.findall(r' id="([^"]+)"', html))
        assert not doc.anchor or doc.anchor in ids[doc.page], doc.location


def test_table_rows_and_answers_are_documents(split: Split) -> None:
    _, _, docs = split
    locations = {d.location: d for d in docs}
    assert locations["tabelas/escala-padrao/#ref-20"].kind == "row"
    assert locations["tabelas/ordinaria-mensalistas/#ordinaria-comissao-l1"].title == "Superintendente"
    assert locations["perguntas/horas-extras/"].kind == "answer"
    # A page that lists others is never one of them.
    assert locations["perguntas/"].kind == "other"


def test_each_term_is_in_the_shard_the_browser_reads(split: Split) -> None:
    out, meta, _ = split
    firsts = meta["terms"]
    assert firsts == sorted(firsts)
    seen = []
    for n in range(len(firsts)):
        shard = json.loads((out / meta["version"] / f"t{n}.json").read_text(encoding="utf-8"))
        terms = list(shard)
        assert terms == sorted(terms) and terms[0] == firsts[n]
        seen += terms
    assert seen == sorted(seen) and len(seen) == len(set(seen))


def test_chunks_hold_every_document_in_order(split: Split) -> None:
    out, meta, docs = split
    shown = []
    n = 0
    while (out / meta["version"] / f"d{n}.json").is_file():
        shown += json.loads((out / meta["version"] / f"d{n}.json").read_text(encoding="utf-8"))
        n += 1
    assert [row[0] for row in shown] == [d.anchor for d in docs]
    assert len(meta["kinds"]) == len(meta["lengths"]) == len(meta["titles"]) == len(docs)


def candidates_in_node(folder: Path, typed: list[str]) -> list[list[str]]:
    code = (f"import {{ readFile }} from 'node:fs/promises'; import {{ SplitIndex }} from '{ENGINE}';"
            f"const folder = {json.dumps(str(folder))};"
            "const index = new SplitIndex(async n => JSON.parse(await readFile(folder + '/' + n, 'utf8')));"
            "await index.open(); const out = [];"
            "for (const t of JSON.parse(process.argv[1])) out.push((await index.candidates(t)).map(c => c[0]));"
            "console.log(JSON.stringify(out));")
    done = subprocess.run(["node", "--input-type=module", "-e", code, json.dumps(typed)],
                          capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def edit(word: str, kind: int, at: int, letter: str) -> str:
    at %= len(word)
    if kind == 0:
        return word[:at] + letter + word[at + 1:]
    if kind == 1:
        return word[:at] + word[at + 1:]
    if kind == 2:
        return word[:at] + letter + word[at:]
    at = min(at, len(word) - 2)
    return word[:at] + word[at + 1] + word[at] + word[at + 2:]


@settings(max_examples=15, deadline=None)
@given(st.data())
def test_a_single_typo_always_finds_the_word(split: Split, data: st.DataObject) -> None:
    out, meta, _ = split
    vocab: list[str] = []
    for side in ("f",):
        for letter in meta["vocab"][side]:
            vocab += json.loads((out / meta["version"] / f"{side}{letter}.json").read_text(encoding="utf-8"))
    long = sorted(w for w in vocab if len(w) >= 5)
    words_ = data.draw(st.lists(st.sampled_from(long), min_size=25, max_size=25))
    letters = st.sampled_from("aeiourst")
    edits = [edit(w, data.draw(st.integers(0, 3)), data.draw(st.integers(0, 30)), data.draw(letters)) for w in words_]
    found = candidates_in_node(out, edits)
    for word, typed, got in zip(words_, edits, found, strict=True):
        if typed != word:
            assert word in got, (typed, word, got)


def test_no_roman_numeral_is_a_correction(split: Split) -> None:
    """A typed word is never corrected into an inciso's number («vigia» → stem «vigi» is one letter
    from «viii»; it showed «Mostrando resultados para viii» on the answer with an inciso VIII)."""
    out, meta, _ = split
    vocab: list[str] = []
    for side in ("f", "l"):
        for letter in meta["vocab"][side]:
            vocab += json.loads((out / meta["version"] / f"{side}{letter}.json").read_text(encoding="utf-8"))
    assert "conferent" in vocab
    assert not [w for w in vocab if index.ROMAN.fullmatch(w)]
    assert "viii" not in candidates_in_node(out, ["vigi"])[0]
