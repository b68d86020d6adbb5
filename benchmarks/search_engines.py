"""The two search engines side by side, from one run (issue 28): the site's split index and Pagefind.

    .venv/bin/python benchmarks/search_engines.py [SITE] [--rapido]

Both engines get the same documents (``python -m macros.build.search``: provisions, notes, «Hoje»,
sections, table rows) at 1× and on a synthetic corpus twenty times larger whose vocabulary grows
too (:mod:`macros.build.search.corpus`), and the same reading of the query (``query.mjs``); the
split index orders with the site's ranking function, Pagefind with its own (one card per page).
Measured in headless Chromium, served by nginx (``tests/site_server.py``, the slow link through its
proxy), with brotli copies of every file that gains from one. The site (item 4) is served with
``deploy/nginx.conf`` as it is; the measuring page of items 1–3, which is not the site, with a copy
of it whose only change is the page policy (:data:`HARNESS_POLICY`: Pagefind compiles its
WebAssembly, which the site's policy rightly refuses outside the engine's worker):

1. quality: the project's query set (tests/search/query_set.yaml), first card where expected;
2. bytes on the wire of a first query (a fresh browser, nothing cached), today and at 20×:
   the search's scripts, the index files, what the results show;
3. first keystroke → first results on the slow link (400 kbit/s, 400 ms a response), typing the
   query at 8 keys a second, the box focused just before (the search starts on focus);
4. the site itself, as built (its search script and worker, its index; today's and, in a copy of
   the site, the 20× one): a first query's bytes, and keystroke → first results on the slow link.

Prints each figure and writes the run to ``benchmarks/results/`` (benchmarks/report.py: a dated
``.md`` and ``.json``); ``dev/decisions/003-search-engine.md`` reads its figures from such a file.
Never asserts a time (GUIDE: benchmarks print figures).
"""

from __future__ import annotations

import json
import re
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
sys.path.insert(0, str(ROOT / "benchmarks"))

import search_set  # noqa: E402
from report import Report  # noqa: E402  (benchmarks/report.py)
from site_server import Throttle, start  # noqa: E402  (nginx with deploy/nginx.conf)

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
#: The measuring page's policy: its own files only, and WebAssembly (Pagefind's); nothing of the
#: site's policy is loosened, the site is never served with it.
HARNESS_POLICY = ("default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
                  "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
POLICY_MAP = re.compile(r"map \$uri \$ep_csp \{.*?\n    \}", re.S)
SEARCH_MODULES = ["common/text.mjs", "search/words.mjs", "search/query.mjs", "search/engine.mjs",
                  "search/ranking.mjs"]


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


def harness_config(work: Path) -> Path:
    """deploy/nginx.conf with the page policy of the measuring page in place of the site's."""
    source = (ROOT / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    changed, found = POLICY_MAP.subn(f'map $uri $ep_csp {{\n        default "{HARNESS_POLICY}";\n    }}', source)
    if found != 1:
        raise SystemExit("deploy/nginx.conf: o bloco `map $uri $ep_csp` (a política das páginas) não foi achado")
    target = work / "harness-nginx.conf"
    target.write_text(changed, encoding="utf-8")
    return target


def harness(work: Path, own: Path, pf: Path, name: str) -> Path:
    root = work / name
    if root.exists():
        shutil.rmtree(root)
    root.mkdir()
    shutil.copy(ROOT / "benchmarks" / "search" / "index.html", root / "index.html")
    for script in ("harness.mjs", "start.mjs"):
        minified(ROOT / "benchmarks" / "search" / script, root / script)
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
        if url.endswith(("/index.html", "/harness.mjs", "/start.mjs")):
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
            context = item.get("page", "").rstrip("/") or None
            result = page.evaluate(f"([q, c]) => window.busca.{fn}(q + ' ', 1, c)", [item["query"], context])
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


def typing_time(browser: Browser, root: Path, engine: str, query: str, config: Path) -> float:
    server, url = start(root, throttle=Throttle(*SLOW), config=config)
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


def fig(item: str, engine: str, what: str, value: float, target: str = "", **extra: Any) -> dict[str, Any]:
    """A figure for the results file (benchmarks/report.py's format)."""
    out: dict[str, Any] = {"item": item, "perfil": engine, "medida": what, "valor": round(value, 3)}
    if target:
        out["meta"] = target
    return out | extra


NAMES = {"own": "índice dividido", "pagefind": "Pagefind 1.6.0"}
SITE_PAGE = "/lei-4860-1965/"
DRAWN = ("() => { const r = document.querySelector('[data-busca]');"
         " return !!(r && r.dataset.resultado && r.dataset.resultado === r.dataset.buscando); }")


def site_copy(site: Path, own20: Path, work: Path) -> Path:
    """The built site with its search index replaced by the 20× one (hard links for the rest)."""
    root = work / "site20"
    subprocess.run(["cp", "-al", str(site), str(root)], check=True)
    shutil.rmtree(root / "search")
    shutil.copytree(own20, root / "search")
    if (site / "search" / "fora.json").is_file():
        shutil.copy(site / "search" / "fora.json", root / "search" / "fora.json")
    for path in (root / "search").rglob("*.json"):
        path.with_name(path.name + ".br").write_bytes(brotli.compress(path.read_bytes(), quality=11))
    return root


def site_first_query(browser: Browser, url: str, query: str) -> int:
    """The site itself: a text page opened, then a search typed into its box; the bytes of the
    search's own files (its script, its worker, search/) on the wire."""
    ctx = browser.new_context(locale="pt-BR", viewport={"width": 1280, "height": 900}, service_workers="block")
    page = ctx.new_page()
    sizes: dict[str, int] = {}

    def finished(request: Any) -> None:
        got = request.sizes()
        sizes[request.url] = got["responseBodySize"] + got["responseHeadersSize"]

    page.goto(url + SITE_PAGE, wait_until="load")
    page.wait_for_load_state("networkidle")
    ctx.on("requestfinished", finished)
    box = page.locator("[role=search] input[type=search]")
    box.click()
    box.press_sequentially(query, delay=20)
    page.wait_for_function(DRAWN, timeout=60_000)
    page.wait_for_timeout(300)
    ctx.close()
    return sum(v for u, v in sizes.items() if "/search/" in u or "busca" in u.rsplit("/", 1)[-1])


def site_typing_time(browser: Browser, root: Path, query: str) -> float:
    """The site itself on the slow link: a text page opened and quiet, the box tapped, the query
    typed at 8 keys a second; ms from the first keystroke to the first results drawn."""
    server, url = start(root, throttle=Throttle(*SLOW))
    try:
        ctx = browser.new_context(locale="pt-BR", viewport={"width": 1280, "height": 900},
                                  service_workers="block")
        page = ctx.new_page()
        page.set_default_timeout(180_000)
        page.goto(url + SITE_PAGE, wait_until="load")
        page.wait_for_load_state("networkidle")
        page.evaluate("""() => { window.tempos = {};
            const root = document.querySelector('[data-busca]');
            const box = root.querySelector('input[type=search]');
            box.addEventListener('keydown', () => {
              if (!window.tempos.tecla) window.tempos.tecla = performance.now(); });
            new MutationObserver(() => {
              if (!window.tempos.resultado && root.querySelector('[data-busca-resultado]'))
                window.tempos.resultado = performance.now();
            }).observe(root, { childList: true, subtree: true }); }""")
        box = page.locator("[role=search] input[type=search]")
        box.click()
        box.press_sequentially(query, delay=125)
        page.wait_for_function("() => window.tempos.resultado !== undefined")
        elapsed = page.evaluate("() => window.tempos.resultado - window.tempos.tecla")
        ctx.close()
        return float(elapsed)
    finally:
        server.shutdown()


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    site = Path(args[0]) if args else ROOT / "site"
    items = search_set.load_set()
    runs = 1 if QUICK else 3
    mode = "rápido (uma rodada do perfil lento)" if QUICK else "completo"
    report = Report(sys.argv, f"busca: dois motores lado a lado, {mode}", ["busca-motores"], quick=QUICK)

    def say(line: str, figure: dict[str, Any] | None = None) -> None:
        print(line, flush=True)
        report.add(line, figure)

    say(f"Busca: os dois motores lado a lado — {report.started.isoformat()} — commit {report.commit} — "
        f"Chromium headless, servidor local com as cópias brotli — modo {mode}")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        roots = {}
        policy = harness_config(work)
        for times in (1, 20):
            own, pf = build_indexes(site, work, times)
            roots[times] = harness(work, own, pf, f"h{times}")
            files = {"own": sum(1 for p in own.rglob("*.json")),
                     "pagefind": sum(1 for p in pf.rglob("*") if p.is_file())}
            docs = len(json.loads((work / f"docs{times}.json").read_text(encoding="utf-8")))
            say(f"0. corpus {times}×: {docs} documentos; arquivos do índice: {NAMES['own']} {files['own']}, "
                f"{NAMES['pagefind']} {files['pagefind']}",
                fig("0", "—", f"documentos do corpus {times}×", docs, arquivos=files))
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            try:
                server, url = start(roots[1], config=policy)
                try:
                    for engine in NAMES:
                        right, missed = quality(browser, url, engine, items)
                        say(f"1. {NAMES[engine]}: {right}/{len(items)} consultas do conjunto com o 1º cartão "
                            "onde esperado"
                            f"; fora: {'; '.join(missed)}",
                            fig("1", engine, "consultas do conjunto onde esperado", right, de=len(items), fora=missed))
                finally:
                    server.shutdown()
                for times in (1, 20):
                    server, url = start(roots[times], config=policy)
                    try:
                        for engine in NAMES:
                            values = [first_query_bytes(browser, url, engine, q) for q in FIRST_QUERIES]
                            middle = statistics.median(values)
                            say(f"2. {NAMES[engine]}, {times}×: 1ª consulta na rede (brotli) {middle / 1024:.1f} KB "
                                f"(mediana de {len(values)}; máx. {max(values) / 1024:.1f} KB)  (meta ≤ 120 KB)",
                                fig("2", engine, f"bytes na rede da 1ª consulta, {times}×, mediana", middle,
                                    "≤ 120 KB", maximo=max(values), cada=dict(zip(FIRST_QUERIES, values, strict=True))))
                    finally:
                        server.shutdown()
                for times in (1, 20):
                    for engine in NAMES:
                        times_ = [typing_time(browser, roots[times], engine, q, policy)
                                  for q in TYPED for _ in range(runs)]
                        say(f"3. {NAMES[engine]}, {times}×: 1ª tecla → 1º resultado, 400 kbit/s e 400 ms: "
                            f"{statistics.median(times_) / 1000:.2f} s (mediana de {len(times_)}; "
                            f"máx. {max(times_) / 1000:.2f} s)"
                            "  (meta ≤ 4 s)",
                            fig("3", engine, f"1ª tecla → 1º resultado no perfil lento, {times}×, mediana (ms)",
                                statistics.median(times_), "≤ 4000 ms", maximo=max(times_), amostras=times_))
                # 4. The site itself, as built (its script, its worker, its index), today and with
                # the 20× index in place of today's.
                site_roots = {1: site, 20: site_copy(site, work / "own20", work)}
                for times in (1, 20):
                    server, url = start(site_roots[times])
                    try:
                        values = [site_first_query(browser, url, q) for q in FIRST_QUERIES]
                    finally:
                        server.shutdown()
                    middle = statistics.median(values)
                    say(f"4. o site, {times}×: 1ª consulta na rede (a busca: script, worker, índice; brotli) "
                        f"{middle / 1024:.1f} KB (mediana de {len(values)}; máx. {max(values) / 1024:.1f} KB)"
                        "  (meta ≤ 120 KB)",
                        fig("4", "site", f"bytes na rede da 1ª consulta no site, {times}×, mediana", middle, "≤ 120 KB",
                            maximo=max(values), cada=dict(zip(FIRST_QUERIES, values, strict=True))))
                    times_ = [site_typing_time(browser, site_roots[times], q) for q in TYPED for _ in range(runs)]
                    say(f"4. o site, {times}×: 1ª tecla → 1º resultado, 400 kbit/s e 400 ms: "
                        f"{statistics.median(times_) / 1000:.2f} s (mediana de {len(times_)}; "
                        f"máx. {max(times_) / 1000:.2f} s)  (meta ≤ 4 s)",
                        fig("4", "site", f"1ª tecla → 1º resultado no site no perfil lento, {times}×, mediana (ms)",
                            statistics.median(times_), "≤ 4000 ms", maximo=max(times_), amostras=times_))
            finally:
                browser.close()
    report.finish()
    print(f"resultados em {report.markdown.relative_to(ROOT)} e .json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
