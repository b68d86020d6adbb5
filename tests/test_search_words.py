"""The search reads words the same way in the build and in the browser: ``macros/build/search/
words.py`` and ``docs/assets/js/search/words.mjs`` run on the same generated strings (tokens with
dotted acronyms, thousands and numbers in words; the light stemmer), and single-edit typos."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from macros.build.search import words

ROOT = Path(__file__).resolve().parent.parent
MODULE = (ROOT / "docs" / "assets" / "js" / "search" / "words.mjs").as_uri()

PIECES = ["trabalhei", "trabalhado", "trabalhar", "refeições", "armazéns", "A.P.R.J.", "4.860", "art. 7º",
          "§ 5º", "quarenta e oito", "vinte", "e", "duas", "feriado", "lugar", "ganhei", "transportar",
          "noturnas", "Pôrto", "T.S.", "1.050,00", "cem", "oitenta e nove", "dez por cento", "um",
          "salário-família", "nº", "ÀÉÎÕÜ", "-", " ", "(onze)", "11"]
TEXTS = st.lists(st.one_of(st.sampled_from(PIECES), st.text(alphabet="abcdeioçãõáéº.-, 0123456789", max_size=12)),
                 max_size=8).map(" ".join)


def in_node(texts: list[str]) -> list[dict[str, object]]:
    code = (f"import('{MODULE}').then(m => {{ const texts = JSON.parse(process.argv[1]);"
            " console.log(JSON.stringify(texts.map(t => ({tokens: m.tokens(t), stems: m.tokens(t).map(m.stem),"
            " pairs: m.pairTokens(m.pairStems(t, new Set(['e', 'de'])))})))); })")
    done = subprocess.run(["node", "--input-type=module", "-e", code, json.dumps(texts)],
                          capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def in_python(text: str) -> dict[str, object]:
    toks = words.tokens(text)
    return {"tokens": toks, "stems": [words.stem(t) for t in toks],
            "pairs": words.pair_tokens(words.pair_stems(text, frozenset({"e", "de"})))}


# 1,200 texts as before (60 × 20), in 6 calls of Node instead of 60: each call costs a start.
@settings(max_examples=6, deadline=None)
@given(st.lists(TEXTS, min_size=200, max_size=200))
def test_the_browser_reads_words_as_the_build(texts: list[str]) -> None:
    assert in_node(texts) == [in_python(t) for t in texts]


def test_known_readings() -> None:
    assert words.tokens("A.P.R.J., art. 7º, § 5º, Lei nº 4.860") == ["aprj", "art", "7", "5", "lei", "n", "4860"]
    assert words.tokens("quarenta e oito horas, vinte minutos, duas primeiras") == [
        "48", "horas", "20", "minutos", "2", "primeiras"]
    # Verbs meet their nouns and participles; short words and nouns ending like verbs keep their ending.
    assert {words.stem(w) for w in ("trabalhei", "trabalhado", "trabalhar", "trabalho")} == {"trabalh"}
    assert words.stem("feriado") == "feriad" and words.stem("lugar") == "lugar"
    assert words.stem("refeicoes") == words.stem("refeicao") == "refeica"


EDITS = st.sampled_from(["wrong", "missing", "extra", "swapped"])


def edited(word: str, kind: str, at: int, letter: str) -> str:
    at %= len(word)
    if kind == "wrong":
        return word[:at] + letter + word[at + 1:]
    if kind == "missing":
        return word[:at] + word[at + 1:]
    if kind == "extra":
        return word[:at] + letter + word[at:]
    at = min(at, len(word) - 2)
    return word[:at] + word[at + 1] + word[at] + word[at + 2:]


# 2,400 pairs as before (80 × 30), in 8 calls of Node instead of 80: each call costs a start.
@settings(max_examples=8, deadline=None)
@given(st.lists(st.tuples(st.text(alphabet="abcdefghijlmnoprstuvxz", min_size=5, max_size=12), EDITS,
                          st.integers(0, 20), st.sampled_from("aeiosrnm")), min_size=300, max_size=300))
def test_one_edit_apart_is_exactly_one_edit(cases: list[tuple[str, str, int, str]]) -> None:
    """``oneEditApart`` (the typo rule) against a plain oracle: Damerau–Levenshtein distance 1."""
    pairs = [(w, edited(w, kind, at, letter)) for w, kind, at, letter in cases]
    code = (f"import('{MODULE}').then(m => console.log(JSON.stringify("
            "JSON.parse(process.argv[1]).map(([a, b]) => m.oneEditApart(a, b)))))")
    done = subprocess.run(["node", "--input-type=module", "-e", code, json.dumps(pairs)],
                          capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(done.stdout) == [distance(a, b) == 1 for a, b in pairs]


def distance(a: str, b: str) -> int:
    """Restricted Damerau–Levenshtein distance (the oracle)."""
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]
