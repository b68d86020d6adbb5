"""The ranking function of the site's search (docs/assets/js/search/ranking.mjs), from pytest: on small
corpora made here and indexed as the build does (macros/build/search/index.py), with the real
settings of data/busca.yaml, each rule of the order and of «Não está aqui» on its own.

The function is pure: ``rank`` called twice on the same input gives the same output, and it
reads nothing but its arguments (tests/test_search_ranking.py::test_rank_is_pure).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from macros.build.search import config as config_module
from macros.build.search import index
from macros.build.search.documents import Document

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import search_set  # noqa: E402

CONFIG = config_module.load()


def act(slug: str, key: str, year: str, ementa: str, in_force: bool, kind: str = "lei") -> dict[str, Any]:
    return index.act_info(slug, key, year, kind, slug, in_force, ementa, CONFIG)


ACTS = [
    act("lei-1-2000", "1111", "2000", "Dispõe sobre o trabalho nos portos", True),
    act("decreto-2-1950", "2222", "1950", "Institui o regime de salário-família do pessoal", False, "decreto"),
]


def provision(slug: str, anchor: str, text: str, ref: str = "") -> Document:
    key = next(a["key"] for a in ACTS if a["slug"] == slug)
    refs = [f"_de{key}"] + ([f"_{ref}"] if ref else [])
    return Document(f"{slug}/#{anchor}", f"{slug}, {anchor}", text, "statute", act=slug, refs=refs,
                    title_words=False)


def page(path: str, title: str, kind: str, act_slug: str | None = None) -> Document:
    return Document(path, title, "", kind, act=act_slug)


def corpus() -> list[Document]:
    return [
        page("lei-1-2000/", "Lei 1 de 2000", "statute", "lei-1-2000"),
        provision("lei-1-2000", "art1", "O pessoal terá direito a descanso semanal remunerado.", "art1"),
        provision("lei-1-2000", "art2", "Horas extraordinárias: acréscimo de vinte por cento.", "art2"),
        provision("lei-1-2000", "art3", "O regime de salário-família do pessoal.", "art3"),
        provision("lei-1-2000", "art4", "A hora extra é paga.", "art4"),
        page("decreto-2-1950/", "Decreto 2 de 1950", "statute", "decreto-2-1950"),
        provision("decreto-2-1950", "art1", "O regime de salário-família do pessoal.", "art1"),
        provision("decreto-2-1950", "art2", "O descanso semanal do pessoal é de um dia.", "art2"),
        page("perguntas/", "Quero saber", "other"),
        Document("perguntas/#topo", "Quero saber", "Perguntas sobre hora extra, descanso e salário.", "other"),
        page("perguntas/hora-extra/", "Quanto vale a minha hora extra?", "answer", "lei-1-2000"),
        Document("perguntas/hora-extra/#topo", "Quanto vale a minha hora extra?",
                 "Hoje a hora extra vale pelo menos cinquenta por cento a mais.", "answer", act="lei-1-2000"),
        Document("perguntas/hora-extra/#hoje", "O que vale hoje",
                 "A Constituição garante a hora extra com cinquenta por cento.", "answer", act="lei-1-2000"),
        page("tabelas/", "Tabelas", "other"),
        page("tabelas/pessoal/", "Tabela do pessoal", "table", "decreto-2-1950"),
        Document("tabelas/pessoal/#conferente", "Conferente", "Conferente: salário de seiscentos cruzeiros.", "table",
                 act="decreto-2-1950"),
    ]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("ranking")
    for name, content in index.build(corpus(), CONFIG, ACTS).items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(content)
    return out


def search(folder: Path, *queries: str, page_path: str = "") -> list[dict[str, Any]]:
    return search_set.run(folder, [{"query": q, "page": page_path} for q in queries])


def first(result: dict[str, Any]) -> str:
    return result["cards"][0]["main"] if result["cards"] else ""


def test_one_card_per_page_landing_on_the_provision(folder: Path) -> None:
    (result,) = search(folder, "descanso semanal")
    pages = [c["main"].split("#")[0] for c in result["cards"]]
    assert len(pages) == len(set(pages))
    assert all("#" in c["main"] for c in result["cards"])  # never the page's top when a provision matched


def test_a_question_lands_on_its_answer_never_on_the_list_of_answers(folder: Path) -> None:
    plain, asked = search(folder, "hora extra", "quanto ganho de hora extra")
    assert first(asked).startswith("perguntas/hora-extra/")
    assert first(plain).startswith("perguntas/hora-extra/")  # its title has every word
    assert all(not c["main"].startswith("perguntas/#") for c in asked["cards"][:1])


def test_the_act_that_institutes_before_the_one_that_mentions(folder: Path) -> None:
    """The same words in both acts, one in force: the one whose ementa institutes it first."""
    (result,) = search(folder, "salario familia")
    assert first(result) == "decreto-2-1950/#art1", result["cards"]


def test_the_act_in_force_first_when_both_say_it(folder: Path) -> None:
    (result,) = search(folder, "descanso semanal")
    assert first(result) == "lei-1-2000/#art1", result["cards"]


def test_a_citation_lands_on_the_provision_of_the_act_typed_or_of_the_page(folder: Path) -> None:
    (typed,) = search(folder, "decreto 2222 art 2")
    assert first(typed) == "decreto-2-1950/#art2"
    (on_page,) = search(folder, "art 2", page_path="decreto-2-1950/")
    assert first(on_page) == "decreto-2-1950/#art2"


def test_not_here_only_from_the_measure(folder: Path) -> None:
    absent, common, all_there, cited = search(folder, "aposentadoria", "aposentadoria do pessoal",
                                              "salario familia", "art 9")
    assert absent["not_here"] and not absent["cards"]
    assert common["not_here"] and common["cards"]  # «pessoal» is found, but is not the subject
    assert not all_there["not_here"]
    assert cited["not_here"]  # no act here has an art. 9


def test_never_not_here_when_the_first_result_has_every_word(folder: Path) -> None:
    queries = ["descanso semanal", "salario familia", "conferente", "hora extra", "regime do pessoal"]
    for result in search(folder, *queries):
        if result["cards"] and result["coverage"] == 1:
            assert not result["not_here"], result


def test_a_typo_finds_the_word_and_says_so(folder: Path) -> None:
    fixed, first_letter = search(folder, "conferemte", "xonferente")
    assert first(fixed) == "tabelas/pessoal/#conferente"
    assert fixed["corrections"] and fixed["corrections"][0]["stem"] == "conferent"
    # A correction that changes the first letter is shown but does not rule out «Não está aqui».
    assert first_letter["corrections"] and not first_letter["corrections"][0]["trusted"]


def test_stop_words_never_decide(folder: Path) -> None:
    plain, stopped = search(folder, "descanso semanal", "o descanso semanal de um")
    assert [c["main"] for c in plain["cards"]] == [c["main"] for c in stopped["cards"]]


def test_rank_is_pure(folder: Path) -> None:
    engine = (ROOT / "docs" / "assets" / "js" / "search").as_uri()
    code = (f"import {{ readFile }} from 'node:fs/promises';"
            f"import {{ SplitIndex }} from '{engine}/engine.mjs';"
            f"import {{ prepare, readRules }} from '{engine}/query.mjs';"
            f"import {{ rank }} from '{engine}/ranking.mjs';"
            f"const folder = {json.dumps(str(folder))};"
            "const index = new SplitIndex(async n => JSON.parse(await readFile(folder + '/' + n, 'utf8')));"
            "const meta = await index.open(); const rules = readRules(meta);"
            "const q = prepare('quanto ganho de hora extra ', rules, null); const found = await index.lookup(q);"
            "const frozen = JSON.stringify([...found.hits].map(([k, v]) => [k, v.map(h => [...h.docs])]));"
            "const a = JSON.stringify(rank(q, found, meta)); const b = JSON.stringify(rank(q, found, meta));"
            "const after = JSON.stringify([...found.hits].map(([k, v]) => [k, v.map(h => [...h.docs])]));"
            "console.log(JSON.stringify([a === b, frozen === after, JSON.parse(a).cards.length]));")
    done = subprocess.run(["node", "--input-type=module", "-e", code], capture_output=True, text=True,
                          timeout=60, check=True)
    same, untouched, cards = json.loads(done.stdout)
    assert same and untouched and cards > 0


def test_filters_narrow_in_one_step_and_not_here_is_decided_before(folder: Path) -> None:
    runner = ROOT / "scripts" / "search_run.mjs"
    items = [{"query": "salario", "options": {"category": "tabelas"}},
             {"query": "salario", "options": {"act": "lei-1-2000"}}]
    done = subprocess.run(["node", str(runner), str(folder)], input=json.dumps(items), capture_output=True,
                          text=True, check=True, timeout=60)
    tables, one_act = json.loads(done.stdout)
    assert tables["cards"] and all(c["main"].startswith("tabelas/") for c in tables["cards"])
    assert one_act["cards"] and all(c["main"].startswith("lei-1-2000/") for c in one_act["cards"])


def one_edit_typos(word: str) -> list[str]:
    """Every typo of ``word`` with one letter missing, doubled, wrong or swapped with the next one,
    never the first letter (which people rarely get wrong; data/busca.yaml trust_first_letter)."""
    out: list[str] = []
    for i in range(1, len(word)):
        out.append(word[:i] + word[i + 1:])
        out.append(word[:i] + word[i] + word[i:])
        out.append(word[:i] + ("x" if word[i] != "x" else "z") + word[i + 1:])
        if i + 1 < len(word) and word[i] != word[i + 1]:
            out.append(word[:i] + word[i + 1] + word[i] + word[i + 2:])
    return list(dict.fromkeys(out))


def test_a_typo_of_a_rare_long_word_is_never_not_here(tmp_path: Path) -> None:
    """The weak-match rule for corrections: a word of ``typos.sure_length`` letters or more, one
    letter off, finds the word even when the site has it in one document only, and «Não está
    aqui» is not said; a shorter rare word, one letter off, is shown corrected but may be another
    word (a subject that is not here), so it does not rule «Não está aqui» out."""
    typos = CONFIG.raw["typos"]
    long_words = ["periculosidade", "insalubridade", "guindasteiro"]
    short = "lanche"
    assert all(len(w) >= typos["sure_length"] for w in long_words) and len(short) < typos["sure_length"]
    assert typos["min_documents"] > 1  # each word below is in one document only: a rare word
    docs = [*corpus(),
            provision("lei-1-2000", "art5", "O adicional de periculosidade é devido.", "art5"),
            provision("lei-1-2000", "art6", "Trabalho em lugar de insalubridade.", "art6"),
            provision("lei-1-2000", "art7", "O guindasteiro opera a máquina.", "art7"),
            provision("lei-1-2000", "art8", "O lanche da turma.", "art8")]
    for name, content in index.build(docs, CONFIG, ACTS).items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(content)
    where = {"periculosidade": "lei-1-2000/#art5", "insalubridade": "lei-1-2000/#art6",
             "guindasteiro": "lei-1-2000/#art7"}
    queries = [(w, t) for w in long_words for t in one_edit_typos(w)]
    results = search(tmp_path, *(t for _, t in queries))
    for (word, typed), result in zip(queries, results, strict=True):
        assert first(result) == where[word], (typed, result)
        # Corrected, or found as it is where the typo has the word's own stem («periculosidad»).
        assert all(c["trusted"] for c in result["corrections"]), (typed, result)
        assert not result["not_here"], (typed, result)
    assert sum(bool(r["corrections"]) for r in results) > len(results) * 0.8  # most are corrections
    short_typos = one_edit_typos(short)
    short_results = search(tmp_path, *short_typos)
    for typed, result in zip(short_typos, short_results, strict=True):
        if result["corrections"]:  # corrected to «lanche» (a shorter edit may meet another word)
            assert not result["corrections"][0]["trusted"] and result["not_here"], (typed, result)
    assert sum(bool(r["corrections"]) for r in short_results) > len(short_results) // 2
