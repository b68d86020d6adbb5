"""The project's query set (tests/search/query_set.yaml) on the site's search, as the browser runs it
(Node, the browser's own modules: scripts/search_run.mjs), on the index built from the site.

Every query lands where expected, but those marked ``known_miss`` (listed, with why); a marked
query that lands fails too, so that its mark goes. No query with an answer says «Não está aqui».
Every expected landing exists in the built site (a page, an id on it, a subject of data/fora.yaml).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml

from macros.build.search import built, index

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import search_set  # noqa: E402

ITEMS = search_set.load_set()


def test_the_set_is_large_and_varied() -> None:
    assert len(ITEMS) >= 200
    kinds = {i["kind"] for i in ITEMS}
    assert {"question", "typo", "citation", "table", "not-here", "act", "calculator"} <= kinds
    assert len({(i["query"], i.get("page", "")) for i in ITEMS}) == len(ITEMS)


def test_every_expected_landing_exists(site_dir: Path) -> None:
    subjects = {a["id"] for a in yaml.safe_load((ROOT / "data" / "fora.yaml").read_text(encoding="utf-8"))["assuntos"]}
    ids: dict[str, set[str]] = {}
    for item in ITEMS:
        for expected in item["expected"] if isinstance(item["expected"], list) else [item["expected"]]:
            if expected.startswith(search_set.NOT_HERE):
                assert ":" not in expected or expected.split(":", 1)[1] in subjects, item
                continue
            path, _, anchor = expected.partition("#")
            if path not in ids:
                html = site_dir / path / "index.html"
                assert html.is_file(), item
                ids[path] = set(re.findall(r' id="([^"]+)"', html.read_text(encoding="utf-8")))
            assert not anchor or anchor in ids[path], item


@pytest.fixture(scope="module")
def results(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, object]]:
    docs, acts, config = built.collect(site_dir)
    out = tmp_path_factory.mktemp("busca")
    for name, content in index.build(docs, config, acts).items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(content)
    return search_set.run(out, ITEMS)


def test_the_query_set_lands(results: list[dict[str, object]]) -> None:
    table, right = search_set.table(ITEMS, results)
    print(f"\n{table}\n{right}/{len(ITEMS)} onde esperado\n{search_set.margins(ITEMS, results)}")
    wrong, fixed, false_not_here = [], [], []
    for item, result in zip(ITEMS, results, strict=True):
        ok, got = search_set.verdict(item, result)
        if result["not_here"] and not str(item["expected"]).startswith(search_set.NOT_HERE) and not ok:
            false_not_here.append(f"{item['query']} → {got}")
        if not ok and not item.get("known_miss"):
            wrong.append(f"{item['query']} → {got} (esperado: {item['expected']})")
        if ok and item.get("known_miss"):
            fixed.append(item["query"])
    assert not false_not_here, f"«Não está aqui» falso: {false_not_here}"
    assert not wrong, "\n".join(wrong)
    assert not fixed, f"acertam agora; tire a marca known_miss: {fixed}"


def test_an_item_may_accept_not_here_or_a_page() -> None:
    item = {"query": "fgts", "expected": ["nao-esta-aqui:fgts", "perguntas/x/"]}
    card = {"cards": [{"main": "perguntas/x/#hoje"}], "not_here": False}
    other = {"cards": [{"main": "perguntas/y/"}], "not_here": False}
    said = {"cards": [{"main": "perguntas/y/"}], "not_here": True}
    assert search_set.verdict(item, card)[0] and search_set.verdict(item, said)[0]
    assert not search_set.verdict(item, other)[0]
    assert not search_set.verdict({"query": "q", "expected": "nao-esta-aqui"}, card)[0]
    assert not search_set.verdict({"query": "q", "expected": "perguntas/x/"}, said)[0]
