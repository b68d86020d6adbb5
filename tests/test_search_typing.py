"""What the search fetches while a question is typed (issue 28: a first query within 120 KB, also
on the 20× corpus), proved on the index of the built site grown twenty times
(``macros/build/search/corpus.py``, as the benchmark does) with the worker's own answer function
(``docs/assets/js/search/answer.mjs``) run in Node, every key answered (a fast link: the worst case).

Before, each key's answer fetched the files of all its cards (up to eight, a new set at each
letter), the vocabulary of each beginning typed (to correct it as a typo) and looked up one- and
two-letter beginnings: the long questions passed 120 KB at 20× (benchmarks/search_engines.py,
item 4). A key's answer now brings at most ``TYPING_CARDS`` new document files, never the
vocabulary for a beginning of indexed words, and the complete query (sent when the typing
stops) gives exactly the cards and words of today's answer.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from macros.build.search import built, config, corpus, index

ROOT = Path(__file__).resolve().parent.parent
SEARCH = ROOT / "docs" / "assets" / "js" / "search"
QUESTIONS = ["trabalhei no domingo quanto recebo", "quanto ganha um conferente", "adicional noturno"]

DRIVER = """
import { readFile } from "node:fs/promises";
import path from "node:path";
const [folder, modules, questions] = process.argv.slice(1);
const { SplitIndex } = await import(path.join(modules, "engine.mjs"));
const { answerer, TYPING_CARDS } = await import(path.join(modules, "answer.mjs"));
const out = { typingCards: TYPING_CARDS, questions: [] };
for (const question of JSON.parse(questions)) {
  const fetched = [];
  const index = new SplitIndex(async (name) => { fetched.push(name.split("/").pop());
    return JSON.parse(await readFile(path.join(folder, name), "utf8")); });
  const { search } = answerer(index);
  const keys = [];
  let id = 0;
  const ask = async (texto, completa) => {
    const from = fetched.length;
    const answer = await search({ caixa: 1, id: ++id, texto, completa });
    return { texto, completa, files: fetched.slice(from), parcial: !!answer.parcial,
             cards: (answer.cartoes || []).map((c) => c.endereco), realce: answer.realce || "" };
  };
  for (let n = 1; n <= question.length; n++) keys.push(await ask(question.slice(0, n), false));
  const settled = await ask(question, true);
  // The same complete query on a fresh index: what the answer was before any key.
  const fresh = answerer(new SplitIndex(async (name) => JSON.parse(await readFile(path.join(folder, name), "utf8"))));
  const alone = await fresh.search({ caixa: 1, id: 1, texto: question, completa: true });
  out.questions.push({ question, keys, settled,
                       alone: alone.cartoes.map((c) => c.endereco), aloneRealce: alone.realce });
}
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def typed(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    docs, acts, config = built.collect(site_dir)
    docs, acts = corpus.grow(docs, acts, 20, config)
    folder = tmp_path_factory.mktemp("busca20")
    for name, content in index.build(docs, config, acts).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(content)
    done = subprocess.run(["node", "--input-type=module", "-e", DRIVER, str(folder), str(SEARCH),
                           json.dumps(QUESTIONS)], capture_output=True, text=True, check=True, timeout=300)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def documents(files: list[str]) -> list[str]:
    return [f for f in files if re.fullmatch(r"d\d+\.json", f)]


def test_a_keys_answer_brings_at_most_the_first_cards_files(typed: dict[str, Any]) -> None:
    limit = typed["typingCards"]
    for q in typed["questions"]:
        heavy = [(k["texto"], documents(k["files"])) for k in q["keys"] if len(documents(k["files"])) > limit]
        assert not heavy, f"{q['question']}: uma tecla trouxe mais de {limit} arquivos de documentos: {heavy}"


def test_no_vocabulary_for_a_beginning_of_indexed_words(typed: dict[str, Any]) -> None:
    """The questions are spelled right: each beginning typed begins indexed words, never a typo."""
    for q in typed["questions"]:
        vocab = [(k["texto"], k["files"]) for k in q["keys"]
                 if any(re.fullmatch(r"[fl].\.json", f) for f in k["files"])]
        assert not vocab, f"{q['question']}: vocabulário de correção buscado enquanto se digita: {vocab}"


def test_short_beginnings_fetch_nothing_new(typed: dict[str, Any]) -> None:
    """«trabalhei no d», «… do», «… dom»: a beginning of fewer than four letters after a word that
    is sought (not a stop word) is not sought itself."""
    stop = config.load().stop_words
    checked = 0
    for q in typed["questions"]:
        for k in q["keys"]:
            *before, last = k["texto"].split()
            if (any(w not in stop for w in before) and not k["texto"].endswith(" ") and len(last) < 4
                    and not last.isdigit()):
                checked += 1
                assert not k["files"], (q["question"], k["texto"], k["files"])
    assert checked


def test_the_complete_query_is_todays_answer(typed: dict[str, Any]) -> None:
    """After the keys, the complete query draws every card of the ranking, as a query alone does."""
    for q in typed["questions"]:
        assert not q["settled"]["parcial"]
        assert q["settled"]["cards"] == q["alone"], q["question"]
        assert q["settled"]["realce"] == q["aloneRealce"], q["question"]
        assert len(q["alone"]) > typed["typingCards"], q["question"]
