"""The search index: documents per provision, notes and «Hoje» boxes as their own documents,
folded words, citation tokens, boosts by kind, glue-free text, size; and the page script's query
words computed exactly as the index's (same fold, stop words and stems)."""

from __future__ import annotations

import gzip
import json
import subprocess
from pathlib import Path

import lxml.html
import pytest
import yaml

from macros.build import search_index, search_words, search_worker
from macros.build.search_words import browser_acts_json, citation_tokens, fold, pair_tokens, stem, tokens, words
from macros.data.site import current

ROOT = Path(__file__).resolve().parent.parent
CHROME = ["Citar", "Copiar citação", "Link permanente", "(em branco)", "informação editorial"]
CONTENT_PREFIXES = ("decreto-lei-3844-1941/", "lei-4860-1965/", "decreto-17961-1945/", "tabelas/", "calculadoras/")


def index(site: Path) -> dict:  # type: ignore[type-arg]
    return json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))


def docs_by_location(site: Path) -> dict[str, dict]:  # type: ignore[type-arg]
    return {d["location"]: d for d in index(site)["docs"]}


# -- words -----------------------------------------------------------------------------------------
def test_fold_and_tokens() -> None:
    assert fold("Pôrto sôbre PRORROGAÇÃO § 5º 1ª") == "porto sobre prorrogacao 5 1"
    assert tokens("Lei nº 4.860/1965, art. 7º, § 5º") == ["lei", "n", "4860", "1965", "art", "7", "5"]
    assert tokens("Decreto nº 17.961") == ["decreto", "n", "17961"]


def test_stems_join_plural_and_gender() -> None:
    assert stem("refeicoes") == stem("refeicao") == "refeica"
    assert stem("noturno") == stem("noturna") == stem("noturnos") == "noturn"
    assert stem("horas") == stem("hora") == "hora"
    assert stem("48") == "48"
    assert words("As horas de refeição e o descanso") == ["hora", "refeica", "descans"]


def test_pairs_skip_spelled_numbers() -> None:
    assert pair_tokens(search_words.pair_words("11 (onze) horas consecutivas")) == ["_11_hora", "_hora_consecutiv"]


def test_citation_tokens() -> None:
    assert citation_tokens("4860", "art7_par5_ali1") == ["_de4860", "_art7par5alia", "_par5alia", "_alia"]
    assert citation_tokens("4860", "art5_par1u") == ["_de4860", "_art5parunico", "_parunico"]
    assert citation_tokens("4860", "art7_par5") == ["_de4860", "_art7par5", "_par5"]
    assert citation_tokens("17961", "art2_cpt_ali1") == ["_de17961", "_art2alia", "_alia"]
    assert citation_tokens("4860", "art7_cpt") == ["_de4860", "_art7cpt"]
    assert citation_tokens("4860", "art7") == ["_de4860", "_art7"]
    assert citation_tokens("3844", "anx1_ali2_ite1") == ["_de3844", "_anx1alibite1", "_alibite1", "_ite1"]


def node_eval(script: str) -> object:
    """Evaluate ``script`` in Node with the page's search loaded (``estatutosDobra``: the fold of
    ``docs/assets/js/common/text.mjs``; ``estatutosBusca``, ``docs/assets/js/search/busca.js``)."""
    code = (
        "import vm from 'node:vm'; import fs from 'node:fs';"
        f"import {{ fold }} from {json.dumps(str(ROOT / 'docs/assets/js/common/text.mjs'))};"
        f"const ctx = {{estatutosAtos: {browser_acts_json(current().statutes)}, estatutosDobra: fold}};"
        "vm.createContext(ctx);"
        f"vm.runInContext(fs.readFileSync({json.dumps(str(ROOT / 'docs/assets/js/search/busca.js'))}, 'utf8'), ctx);"
        f"process.stdout.write(JSON.stringify(vm.runInContext({json.dumps(script)}, ctx)));"
    )
    done = subprocess.run(["node", "--input-type=module", "-e", code], capture_output=True, text=True, timeout=60,
                          check=True)
    return json.loads(done.stdout)


SAMPLE = (
    "Os serviços extraordinários executados pelo pessoal serão remunerados com os seguintes acréscimos "
    "sôbre o valor do salário-hora ordinário do período diurno; refeições, noturnas, Pôrto, 4.860, 7º, "
    "prorrogações, tôdas, eqüivalência, mão de obra, capatazias, feriados, Além, PARÁGRAFO ÚNICO"
)


def test_page_script_reads_words_like_the_index() -> None:
    """busca.js and macros/build/search_words.py: same stop words, tokens and stems."""
    assert set(node_eval("estatutosBusca.STOP")) == set(search_words.STOP_WORDS)  # type: ignore[arg-type]
    assert node_eval(f"estatutosBusca.tokens({json.dumps(SAMPLE)})") == tokens(SAMPLE)
    js_stems = node_eval(f"estatutosBusca.tokens({json.dumps(SAMPLE)}).map(estatutosBusca.stem)")
    assert js_stems == [stem(t) for t in tokens(SAMPLE)]


@pytest.mark.parametrize(
    ("query", "clauses"),
    [
        ("lei 4860", {"_ato4860^60"}),
        ("decreto 17.961", {"_ato17961^60"}),
        ("decreto-lei 1941", {"_ato3844^60"}),
        ("art 7 paragrafo 5", {"_art7par5^200"}),
        ("art. 7º, § 5º", {"_art7par5^200"}),
        ("7 5 a", {"_art7par5alia^200", "_art7inc5alia^200"}),
        ("lei 4860 art 5 paragrafo unico", {"_art5parunico^200", "_de4860^8"}),
        ("paragrafo 5", {"_par5^200"}),
        ("§5", {"_par5^200"}),
        ("par. 5", {"_par5^200"}),
        ("inciso II", {"_inc2^200"}),
        ("alinea a", {"_alia^200"}),
        ("item 3", {"_ite3^200"}),
        ("lei 4860 paragrafo 5", {"_par5^200", "_de4860^8"}),
        ("decreto-lei item 3", {"_ite3^200", "_de3844^8"}),
        # only stop words: a query that finds nothing, never an empty one (the box would be cleared)
        ("de da do", {"_nada^1"}),
        ("   ", set()),
    ],
)
def test_citations_and_acts_in_queries(query: str, clauses: set[str]) -> None:
    prepared = node_eval(f"estatutosBusca.prepare({json.dumps(query)}, null).query")
    assert set(str(prepared).split()) == clauses


def test_stop_words_leave_the_query() -> None:
    with_stop = node_eval("estatutosBusca.prepare('adicional de risco', null).query")
    without = node_eval("estatutosBusca.prepare('adicional risco', null).query")
    assert with_stop == without
    assert " de" not in f" {with_stop}"


# -- documents from HTML (generic: any element with id and data-search-title) ------------------------
PAGE = """<html><body><article class="md-content__inner md-typeset">
<h1 id="topo">Perguntas</h1><p>Introdução.</p>
<h2 id="hora-extra">Quanto vale a hora extra?</h2>
<dl><dt>Salário-dia</dt><dd>12$000</dd><dt>Salário-hora</dt><dd>1$500</dd></dl>
<table><tr><th>Ref.</th><td>33</td><td>Cr$ 1.750,00</td></tr></table>
<details class="hoje" id="hoje-art7" data-search-title="Hoje — Lei nº 4.860/1965, art. 7º" data-search-exclude>
<summary>Hoje</summary><p>Vale a CLT.</p></details>
<span data-search-exclude>Citar</span>
<div class="pergunta-exemplo" data-calculadora="horas_extras"><p>Exemplo calculado: 24,00</p></div>
<h2 id="exemplos">Exemplos resolvidos</h2><h3 id="exemplo-a">Primeiro exemplo</h3><p>corpo longo</p>
<h3 id="exemplo-b">Segundo exemplo</h3><p>outro corpo</p>
</article></body></html>"""


def test_documents_from_html_are_separated_and_labelled() -> None:
    root = lxml.html.fromstring(PAGE).xpath("//article")[0]
    docs = {d.location: d for d in search_index.section_docs(root, "perguntas/", "answer", "Perguntas")}
    own = {d.location: d for d in search_index.own_docs(root, "perguntas/", "answer")}
    assert docs["perguntas/"].text == ""  # the page holds only its title
    assert docs["perguntas/#topo"].text == "Introdução."
    text = docs["perguntas/#hora-extra"].text
    assert "Salário-dia: 12$000; Salário-hora: 1$500" in text  # nothing glued
    assert "33 · Cr$ 1.750,00" in text
    assert "Vale a CLT" not in text and "Citar" not in text  # the «Hoje» box is its own document
    assert "Exemplo calculado" not in text  # worked examples: only on the calculator's page
    hoje = own["perguntas/#hoje-art7"]
    assert (hoje.title, hoje.kind, hoje.text) == ("Hoje — Lei nº 4.860/1965, art. 7º", "hoje", "Hoje Vale a CLT.")
    # Worked examples: one document with their titles, not one per example.
    assert docs["perguntas/#exemplos"].text == "Primeiro exemplo. Segundo exemplo."
    assert not any("exemplo-" in loc for loc in docs)


def test_page_kinds_and_boost_order() -> None:
    pages = ("lei-4860-1965/", "hoje/", "perguntas/x/", "tabelas/", "calculadoras/x/")
    statutes = ("lei-4860-1965",)
    assert [search_index.page_kind(p, statutes) for p in pages] == ["statute", "hoje", "answer", "table",
                                                                     "calculator"]
    b = search_index.BOOSTS
    assert b["statute"] > b["hoje"] == b["answer"] > b["table"] > b["calculator"]


# -- the built index -------------------------------------------------------------------------------
def test_every_provision_is_a_document(site_dir: Path) -> None:
    from macros.data.site import current
    from macros.render.links import provision_label

    docs = docs_by_location(site_dir)
    for slug, statute in current().statutes.items():
        for top in statute.body:
            for node in top.walk():
                doc = docs.get(f"{slug}/#{node.id}")
                assert doc is not None, (slug, node.id)
                assert doc["title"] == provision_label(statute, node.id).replace("&", "&amp;")
    par5 = docs["lei-4860-1965/#art7_par5"]
    assert par5["title"] == "Lei nº 4.860/1965, art. 7º, § 5º"
    assert par5["text"].startswith("§ 5º Os serviços extraordinários")
    assert "alínea" not in par5["text"] and "20%" not in par5["text"]  # its own words, not its alíneas
    assert "_art7par5" in par5["ref"].split()


def test_notes_are_labelled_documents(site_dir: Path) -> None:
    docs = docs_by_location(site_dir)
    note = docs["decreto-lei-3844-1941/#nota-anx1_ali5-1"]
    assert note["title"].startswith("Nota editorial — ")
    assert "sucat" in note["folded"].split()
    # The statute's own document keeps only the statute's words.
    assert "sucat" not in docs["decreto-lei-3844-1941/#anx1_ali5"]["folded"].split()
    assert "dirimid" in docs["lei-4860-1965/#nota-art2_par2-1"]["folded"].split()


def test_folded_field_and_original_text(site_dir: Path) -> None:
    data = index(site_dir)
    assert data["config"]["pipeline"] == []
    assert data["config"]["fields"]["folded"] == {"boost": 1.0}
    lei = docs_by_location(site_dir)["lei-4860-1965/#art1_cpt"]
    assert "pôrto" in lei["text"]  # the text shown in results keeps the original spelling
    assert "port" in lei["folded"].split()


def test_boosts_follow_the_kinds(site_dir: Path) -> None:
    docs = docs_by_location(site_dir)
    assert docs["lei-4860-1965/#art7_par4"]["boost"] > docs["tabelas/escala-padrao/#tabela"]["boost"]
    assert docs["tabelas/escala-padrao/#tabela"]["boost"] > docs["calculadoras/jornada/#dispositivos"]["boost"]
    assert not any(loc.startswith("calculadoras/") and "#exemplo-" in loc for loc in docs)


def test_chrome_is_not_indexed(site_dir: Path) -> None:
    offenders = [
        (doc["location"], phrase)
        for doc in index(site_dir)["docs"]
        if doc["location"].startswith(CONTENT_PREFIXES)
        for phrase in CHROME
        if phrase in doc["text"] or phrase in doc["title"]
    ]
    assert not offenders, offenders


def test_no_glued_words_in_snippets(site_dir: Path) -> None:
    glued = [
        (d["location"], d["text"][:80])
        for d in index(site_dir)["docs"]
        if "Salário-dia12" in d["text"] or "$000Salário" in d["text"]
    ]
    assert not glued, glued


def test_index_carries_words_in_order_for_the_pairs(site_dir: Path) -> None:
    """The pairs of adjacent words are not published: each document carries its words in order
    (``w``, the text's; ``tw``, the title's), the worker makes the pairs, and they are the pairs
    of the words, the text's first, never two numbers, each once."""
    docs = index(site_dir)["docs"]
    assert not [d["location"] for d in docs if "pairs" in d]
    art = docs_by_location(site_dir)["lei-4860-1965/#art7_par5"]
    pairs = search_index.with_pairs(art)["pairs"].split()
    assert "w" in art and "w" not in search_index.with_pairs(art)
    assert "_hora_extraordinari" in pairs or "_servic_extraordinari" in pairs, pairs[:10]
    assert len(pairs) == len(set(pairs))
    assert search_index.with_pairs({"location": "x", "w": "11 12 hora hora extr", "tw": "hora extr par"}) == {
        "location": "x", "pairs": "_12_hora _hora_hora _hora_extr _extr_par"}
    # Where phrasing matters (statutes, notes, «Hoje», answers) the text's pairs; elsewhere the title's only.
    assert all(set(d) & {"w", "tw"} for d in docs if d["location"].startswith("lei-4860-1965/#art") and d["folded"])
    assert not [d["location"] for d in docs if d["location"].startswith("tabelas/") and "w" in d]


def test_index_size_under_limit(site_dir: Path) -> None:
    raw = (site_dir / "search" / "search_index.json").read_bytes()
    assert len(gzip.compress(raw, 9)) < search_index.LIMIT_GZIP


def test_site_worker_builds_the_same_index_as_materials(site_dir: Path, tmp_path: Path) -> None:
    """The search's worker (assets/busca-worker.js: Material's, with docs/assets/busca-worker.js's
    faster index build appended, which also makes the pairs from the words the index carries)
    gives every query of tests/search/queries.yaml, its first letter and its first three, the same results
    as Material's own worker given the index with the pairs made in Python: the same documents,
    scores to the last digit, titles and snippets highlighted alike, and none of the hidden fields
    sent to the page (scripts/search_same_results.mjs)."""
    built = (site_dir / "assets" / "busca-worker.js").read_text(encoding="utf-8")
    material = search_worker.material_worker(site_dir).read_text(encoding="utf-8")
    assert built.startswith(search_worker.SOURCE_MAP.sub("", material).rstrip()), "worker do Material incompleto"
    assert "sourceMappingURL" not in built
    queries = yaml.safe_load((ROOT / "tests" / "search" / "queries.yaml").read_text(encoding="utf-8"))
    published = index(site_dir)
    full = tmp_path / "search_index.json"
    full.write_text(json.dumps({**published, "docs": [search_index.with_pairs(d) for d in published["docs"]]}),
                    encoding="utf-8")
    done = subprocess.run(["node", str(ROOT / "scripts" / "search_same_results.mjs"), str(site_dir), str(full)],
                          input=json.dumps(queries), capture_output=True, text=True, timeout=120, check=True)
    report = json.loads(done.stdout)
    assert report["patched"], "as funções de montagem do site não entraram no worker (outra versão do lunr?)"
    assert report["queries"] >= len(queries) and report["results"] > 1000, report
    assert report["count"] == 0, report["differences"]
    assert report["hidden"] == 0, "campos ocultos nos resultados mandados à página"
    assert report["otherLunr"] == 0, "com outro lunr, o worker do site não dá os mesmos resultados"


# -- «não está aqui»: subjects these acts do not treat (data/fora.yaml) -----------------------------
def test_not_here_subjects_are_sourced_from_the_registry(site_dir: Path) -> None:
    from macros.data.site import current

    data = json.loads((site_dir / "search" / "fora.json").read_text(encoding="utf-8"))
    subjects = {s["id"]: s for s in data["assuntos"]}
    assert {"ferias", "salario-minimo"} <= set(subjects)
    acts = current().acts
    urls = {a.url for a in acts if a.url}
    for subject in subjects.values():
        assert subject["sources"] and all(s["url"] in urls for s in subject["sources"]), subject["id"]
        assert subject["verified"] and "cópia" in subject["checked"], subject["id"]  # how it was checked
        # the names are stemmed like the index, so the page compares stems with stems
        assert all(k and all(t.isalnum() and t == t.lower() for t in k) for k in subject["keys"]), subject["keys"]
    assert ["feri"] in subjects["ferias"]["keys"]  # «férias», never «feriado» («feriad»)


def test_not_here_file_is_checked(tmp_path: Path) -> None:
    from macros.build import search_not_here
    from macros.data.loader import DataError
    from macros.data.site import current

    good = (ROOT / "data" / "fora.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "fora.yaml"
    bad.write_text(good.replace("{act: clt,", "{act: clt-inexistente,", 1), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        search_not_here.load(bad, current().acts)
    assert "assuntos[0].sources[1].act" in str(caught.value) and "registro" in str(caught.value)
    bad.write_text(good.replace("    verified:", "    verificado:", 1), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        search_not_here.load(bad, current().acts)
    assert "assuntos[0]" in str(caught.value)


@pytest.mark.parametrize(
    ("raw", "typed"),
    [
        ("art7_par5_ali1", "paragrafo 5 alinea a"),
        ("art7_par5", "§ 5"),
        ("art7_par5", "par. 5"),
        ("art2_cpt_ali1", "alinea a"),
        ("anx1_ali2_ite3", "item 3"),
        ("anx1_ali2_ite3", "alinea b item 3"),
        ("art5_par1u", "paragrafo unico"),
    ],
)
def test_citations_without_the_article_meet_the_index(raw: str, typed: str) -> None:
    """What busca.js makes of a citation typed without its article is a token the index gives that
    provision (search_words.citation_tokens): the two sides agree."""
    prepared = str(node_eval(f"estatutosBusca.prepare({json.dumps(typed)}, null).query"))
    wanted = {c.split("^")[0] for c in prepared.split() if c.startswith("_")}
    assert wanted and wanted <= set(citation_tokens("4860", raw)), (prepared, citation_tokens("4860", raw))
