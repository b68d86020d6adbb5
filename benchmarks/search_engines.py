"""The two search engines side by side, from one run (issue 28): the site's split index and Pagefind.

    .venv/bin/python benchmarks/search_engines.py [SITE] [--rapido]

Both engines get the same documents (``python -m macros.build.search``: provisions, notes, «Hoje»,
sections, table rows) at 1× and on a synthetic corpus twenty times larger whose vocabulary grows
too (:mod:`macros.build.search.corpus`), and the same reading of the query (``query.mjs``); the
split index orders with the site's ranking function, Pagefind with its own (one card per page).
Measured in headless Chromium, through ``tests/static_server.py`` with brotli copies of every
file that gains from one (as nginx's ``brotli_static`` serves them):

1. quality: the project's query set (tests/search/query_set.yaml), first card where expected;
2. bytes on the wire of a first query (a fresh browser, nothing cached), today and at 20×:
   the search's scripts, the index files, what the results show;
3. first keystroke → first results on the slow link (400 kbit/s, 400 ms a response), typing the
   query at 8 keys a second, the box focused just before (the search starts on focus).

Prints the table and writes it to ``benchmarks/results/<UTC>-<commit>-busca.md`` and ``.json``.
Never asserts a time (GUIDE: benchmarks print figures).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import brotli
from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests"))

import search_set  # noqa: E402
from static_server import Throttle, start  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
SLOW = (400_000, 0.400)
QUICK = "--rapido" in sys.argv
FIRST_QUERIES = ["hora extra", "conferente", "art 7 § 5", "ferias", "adicional noturno",
                 "salario familia", "quanto ganha um conferente", "referencia 20", "capatazia",
                 "trabalhei no domingo quanto recebo"]
TYPED = ["hora extra", "conferente", "adicional noturno"]
SEARCH_MODULES = ["common/text.mjs", "search/words.mjs", "search/query.mjs", "search/engine.mjs",
                  "search/ranking.mjs"]
RESULTS = ROOT / "benchmarks" / "results"


def say(line: str, out: list[str]) -> None:
    print(line, flush=True)
    out.append(line)


def build_indexes(site: Path, work: Path, times: int) -> tuple[Path, Path]:
    own = work / f"own{times}"
    docs = work / f"docs{times}.json"
    subprocess.run([sys.executable, "-m", "macros.build.search", str(site), str(own), f"--vezes={times}",
                    f"--documentos={docs}"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    pf = work / f"pagefind{times}"
    subprocess.run(["node", str(ROOT / "scripts" / "search_pagefind.mjs"), str(docs), str(pf)],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return own, pf


def minified(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([str(ROOT / "node_modules" / ".bin" / "terser"), str(source), "--module", "-c", "-m",
                    "-o", str(target)], check=True)


def harness(work: Path, own: Path, pf: Path, name: str) -> Path:
    root = work / name
    if root.exists():
        shutil.rmtree(root)
    root.mkdir()
    shutil.copy(ROOT / "benchmarks" / "search" / "index.html", root / "index.html")
    minified(ROOT / "benchmarks" / "search" / "harness.mjs", root / "harness.mjs")
    for module in SEARCH_MODULES:
        minified(ROOT / "docs" / "assets" / "js" / module, root / "js" / module)
    shutil.copytree(own, root / "own")
    shutil.copytree(pf, root / "pagefind")
    for path in root.rglob("*"):
        if path.is_file() and path.suffix in (".json", ".mjs", ".js", ".html", ".css"):
            path.with_name(path.name + ".br").write_bytes(brotli.compress(path.read_bytes(), quality=11))
    return root


def open_harness(browser: Browser, url: str) -> tuple[Any, Page, dict[str, int]]:
    ctx = browser.new_context(locale="pt-BR")
    page = ctx.new_page()
    sizes: dict[str, int] = {}

    def finished(request: Any) -> None:
        # The body as it came (compressed) and the headers: also a worker's requests (Pagefind
        # fetches its WebAssembly and index from its own worker).
        got = request.sizes()
        sizes[request.url] = got["responseBodySize"] + got["responseHeadersSize"]

    ctx.on("requestfinished", finished)
    page.goto(url + "/index.html")
    page.wait_for_function("() => window.pronto === true")
    sizes.clear()
    return ctx, page, sizes


def counted(sizes: dict[str, int], engine: str) -> int:
    """The bytes of the search itself: the modules and the index (the harness's own page and, for
    Pagefind, the settings file the query reader needs, which a real page would carry, are not)."""
    total = 0
    for url, size in sizes.items():
        if url.endswith(("/index.html", "/harness.mjs")):
            continue
        if engine == "pagefind" and "/own/" in url:
            continue
        if engine == "own" and "/pagefind/" in url:
            continue
        total += size
    return total


def quality(browser: Browser, url: str, engine: str, items: list[dict[str, Any]]) -> tuple[int, list[str]]:
    ctx, page, _ = open_harness(browser, url)
    fn = "ownSearch" if engine == "own" else "pagefindSearch"
    missed = []
    right = 0
    try:
        for item in items:
            result = page.evaluate(f"q => window.busca.{fn}(q + ' ', 1)", item["query"])
            ok, got = search_set.verdict(item, {"cards": [{"main": c} for c in result["cards"]],
                                                "not_here": result["notHere"]})
            right += ok
            if not ok:
                missed.append(f"{item['query']} → {got}")
    finally:
        ctx.close()
    return right, missed


def first_query_bytes(browser: Browser, url: str, engine: str, query: str) -> int:
    ctx, page, sizes = open_harness(browser, url)
    fn = "ownSearch" if engine == "own" else "pagefindSearch"
    try:
        page.evaluate(f"q => window.busca.{fn}(q + ' ', 5)", query)
        page.wait_for_timeout(200)
        return counted(sizes, engine)
    finally:
        ctx.close()


def typing_time(browser: Browser, root: Path, engine: str, query: str) -> float:
    server, url = start(root, throttle=Throttle(*SLOW))
    try:
        ctx = browser.new_context(locale="pt-BR")
        page = ctx.new_page()
        page.goto(url + "/index.html", timeout=120_000)
        page.wait_for_function("() => window.pronto === true", timeout=120_000)
        page.evaluate("e => window.busca.typingBox(e)", engine)
        box = page.locator("input[type=search]")
        box.focus()
        box.type(query, delay=125)
        page.wait_for_function("() => window.tempos.resultado !== null", timeout=120_000)
        elapsed = page.evaluate("() => window.tempos.resultado - window.tempos.tecla")
        ctx.close()
        return float(elapsed)
    finally:
        server.shutdown()


def commit() -> str:
    done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=7", "HEAD"], capture_output=True, text=True)
    head = done.stdout.strip() or "dev"
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain"], capture_output=True, text=True).stdout
    changes = [ln for ln in dirty.splitlines() if not ln[3:].startswith("benchmarks/results/")]
    return head + ("+alteracoes" if changes else "")


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    site = Path(args[0]) if args else ROOT / "site"
    started = dt.datetime.now(dt.UTC).replace(microsecond=0)
    out: list[str] = []
    figures: dict[str, Any] = {"engines": {}}
    items = search_set.load_set()
    runs = 1 if QUICK else 3
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        say(f"== busca: dois motores lado a lado ({started:%Y-%m-%d %H:%M} UTC, {commit()}, carga {os.getloadavg()[0]:.1f})", out)
        roots = {}
        for times in (1, 20):
            own, pf = build_indexes(site, work, times)
            roots[times] = harness(work, own, pf, f"h{times}")
            files = {"own": sum(1 for p in own.rglob("*.json")),
                     "pagefind": sum(1 for p in pf.rglob("*") if p.is_file())}
            docs = len(json.loads((work / f"docs{times}.json").read_text(encoding="utf-8")))
            say(f"   corpus {times}×: {docs} documentos; arquivos: índice dividido {files['own']}, Pagefind {files['pagefind']}", out)
            figures[f"corpus_{times}"] = {"documents": docs, "files": files}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            try:
                server, url = start(roots[1])
                try:
                    for engine in ("own", "pagefind"):
                        right, missed = quality(browser, url, engine, items)
                        figures["engines"].setdefault(engine, {})["quality"] = {"right": right, "of": len(items), "missed": missed}
                finally:
                    server.shutdown()
                for times in (1, 20):
                    server, url = start(roots[times])
                    try:
                        for engine in ("own", "pagefind"):
                            values = [first_query_bytes(browser, url, engine, q) for q in FIRST_QUERIES]
                            figures["engines"][engine][f"bytes_{times}"] = {"median": statistics.median(values), "max": max(values),
                                                                             "each": dict(zip(FIRST_QUERIES, values, strict=True))}
                    finally:
                        server.shutdown()
                for times in (1, 20):
                    for engine in ("own", "pagefind"):
                        values = [typing_time(browser, roots[times], engine, q) for q in TYPED for _ in range(runs)]
                        figures["engines"][engine][f"slow_{times}"] = {"median": statistics.median(values), "max": max(values), "each": values}
            finally:
                browser.close()
    names = {"own": "índice dividido (do site)", "pagefind": "Pagefind 1.6.0"}
    say("", out)
    say("| medida | " + " | ".join(names.values()) + " | meta |", out)
    say("|---|---|---|---|", out)
    e = figures["engines"]
    say(f"| conjunto de consultas, 1º cartão onde esperado | {e['own']['quality']['right']}/{len(items)} | "
        f"{e['pagefind']['quality']['right']}/{len(items)} | — |", out)
    for times in (1, 20):
        say(f"| 1ª consulta na rede, brotli, {times}× (mediana; máx. de {len(FIRST_QUERIES)} consultas) | "
            + " | ".join(f"{e[k][f'bytes_{times}']['median'] / 1024:.1f} KB; {e[k][f'bytes_{times}']['max'] / 1024:.1f} KB" for k in names)
            + " | ≤ 120 KB |", out)
    for times in (1, 20):
        say(f"| 1ª tecla → 1º resultado, 400 kbit/s e 400 ms, {times}× (mediana; máx.) | "
            + " | ".join(f"{e[k][f'slow_{times}']['median'] / 1000:.2f} s; {e[k][f'slow_{times}']['max'] / 1000:.2f} s" for k in names)
            + " | ≤ 4 s |", out)
    say("", out)
    for k, name in names.items():
        say(f"{name}: consultas fora do esperado ({len(e[k]['quality']['missed'])}): " + "; ".join(e[k]["quality"]["missed"][:40]), out)
    RESULTS.mkdir(parents=True, exist_ok=True)
    stem = f"{started:%Y-%m-%dT%H%MZ}-{commit()}-busca" + ("-rapido" if QUICK else "")
    (RESULTS / f"{stem}.md").write_text(
        f"# Busca: os dois motores lado a lado\n\nComando: `{' '.join(['python', *sys.argv])}`\n\n```\n" + "\n".join(out) + "\n```\n",
        encoding="utf-8")
    (RESULTS / f"{stem}.json").write_text(json.dumps({"started": started.isoformat(), "commit": commit(),
                                                      "figures": figures}, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"resultados em benchmarks/results/{stem}.md e .json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
