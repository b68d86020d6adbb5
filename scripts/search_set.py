"""The project's query set (tests/search/query_set.yaml) on the site's search, with the table.

    python scripts/search_set.py INDEX_DIR [--so-erros]

INDEX_DIR: the ``search/`` folder of a built site (or of ``python -m macros.build.search``). Runs
every query in Node (``scripts/search_run.mjs``: the browser's own modules), compares the first
card with the expected landing and prints one line per query, then the count, and the coverage
margins the «Não está aqui» threshold was set from. Exit 1 if any query misses.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
SET = ROOT / "tests" / "search" / "query_set.yaml"
NOT_HERE = "nao-esta-aqui"


def load_set(path: Path = SET) -> list[dict[str, Any]]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def run(index_dir: Path, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    done = subprocess.run(
        ["node", str(ROOT / "scripts" / "search_run.mjs"), str(index_dir)],
        input=json.dumps([{"query": i["query"], "page": i.get("page", "")} for i in items]),
        capture_output=True, text=True, check=True, timeout=600,
    )
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def lands(expected: str, got: str) -> bool:
    """Whether the first card's main link ``got`` is the landing ``expected`` (the query set's
    rules: a page without ``#`` accepts any place on it; an article accepts its caput)."""
    if "#" not in expected:
        return got.split("#", 1)[0] == expected
    return got == expected or (got == expected + "_cpt")


def verdict(item: dict[str, Any], result: dict[str, Any]) -> tuple[bool, str]:
    """(right, what it got) for one query."""
    expected = item["expected"] if isinstance(item["expected"], list) else [item["expected"]]
    first = result["cards"][0]["main"] if result["cards"] else "(nenhum resultado)"
    if result["not_here"]:
        got = NOT_HERE
        return any(e.split(":", 1)[0] == NOT_HERE for e in expected), got + f" [antes: {first}]"
    # «Não está aqui» expected and not said: right only if the first card is one of the pages the
    # same item also accepts (a subject the acts do not treat, of which an answer says a word).
    return any(lands(e, first) for e in expected if not e.startswith(NOT_HERE)), first


def table(items: list[dict[str, Any]], results: list[dict[str, Any]], errors_only: bool = False) -> tuple[str, int]:
    rows = []
    right = 0
    width = max(len(i["query"]) for i in items) + 2
    for item, result in zip(items, results, strict=True):
        ok, got = verdict(item, result)
        right += ok
        if errors_only and ok:
            continue
        where = f"[{item['page']}] " if item.get("page") else ""
        fix = "".join(f" «{c['typed']}→{c['stem']}»" for c in result["corrections"])
        want = item["expected"] if isinstance(item["expected"], str) else " | ".join(item["expected"])
        rows.append(f"{'ok ' if ok else 'ERR'} {item['query']:<{width}} {where}{got}{fix}"
                    + ("" if ok else f"   (esperado: {want})"))
    return "\n".join(rows), right


def margins(items: list[dict[str, Any]], results: list[dict[str, Any]]) -> str:
    """The first result's coverage: the highest of the queries that are not here and the lowest
    of those that are (the threshold must lie between them)."""
    def said(item: dict[str, Any]) -> set[bool]:  # whether each accepted landing is «Não está aqui»
        expected = item["expected"] if isinstance(item["expected"], list) else [item["expected"]]
        return {e.startswith(NOT_HERE) for e in expected}

    # An item that accepts both (not here, or a page) counts on neither side.
    absent = [r["coverage"] for i, r in zip(items, results, strict=True) if said(i) == {True} and r["cards"]]
    present = [r["coverage"] for i, r in zip(items, results, strict=True) if said(i) == {False} and r["cards"]]
    hi = max(absent) if absent else 0
    lo = min(present) if present else 1
    return (f"cobertura do 1º resultado: «não está aqui» até {hi:.2f}; com resposta a partir de {lo:.2f}"
            f" ({sum(1 for p in present if p < 1)} com resposta abaixo de 1)")


def main(argv: list[str]) -> int:
    index_dir = Path(argv[0]) if argv else ROOT / "site" / "search"
    items = load_set()
    results = run(index_dir, items)
    text, right = table(items, results, "--so-erros" in argv)
    print(text)
    print(f"{right}/{len(items)} consultas onde esperado")
    print(margins(items, results))
    return 0 if right == len(items) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
