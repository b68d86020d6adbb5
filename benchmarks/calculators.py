"""Benchmark: the engine's weight, the calculators' speed, offline use and page weight.

Run with ``bash scripts/run.sh bench`` (builds the site first) or
``.venv/bin/python benchmarks/calculators.py [site]``. Headless Chromium (Debian's
/usr/bin/chromium, the flags of the browser tests) against nginx with deploy/nginx.conf
(tests/site_server.py), the headers and the precompressed copies a host sends; the throttled
profile goes through the small proxy in front of it. Figures are printed, never asserted.

Three profiles:
- unthrottled (local server, full CPU);
- 4× CPU on the local link (the page's CPU, DevTools emulation);
- throttled, "Fast 3G": the proxy sends 1.6 Mbit/s in total with 150 ms before each request
  (every request, the worker's included), and Chromium slows the page's CPU 4× (DevTools
  emulation; it applies to the page's thread, not to the worker's).

Each figure is printed as soon as it is measured, with the machine's load average (ratios are
measured side by side in one run, so a busy machine slows both sides). ``--rapido`` (or
``EP_BENCH_RAPIDO=1``) runs each measure once, unthrottled, on a few pages: the test suite runs
it so (tests/browser/test_benchmark.py) so that a refactor cannot break the script silently.

0. where the start-up time goes, stage by stage (docs/assets/js/engine/worker.mjs measures them): fetch
   (last engine byte), WebAssembly compile + instantiate, Python start-up, unpacking the
   calculators, imports, the first calculation; unthrottled and at 4× CPU, first and second visit;

All in one run, as ratios:
1. engine gzip bytes ÷ stock Pyodide (assets/motor.json, written by the build);
2. cold tap → first result ÷ bare ``loadPyodide()`` + ``1 + 1`` from stock Pyodide's files
   (target ≤ 1.10), both profiles; the user already agreed (offline_helpers.CONSENT);
3. warm recalculation ÷ cold (target ≤ 1/50), with its three parts on the page's clock (tap →
   the calculation posted to the worker; → its answer; → the result drawn: ``WARM_WATCH``);
4. second visit with a warm cache: navigation → first result, throttled (target ≤ 3 s);
5. offline: with the network cut after one visit and «Usar sem internet», pages that open and
   calculators that compute;
6. first view of a text page (/lei-4860-1965/) ÷ the same text on a bare Material site (only the
   theme and its search, ``bare_material``): bytes on the wire, requests and first contentful
   paint, throttled (target ≤ 1.15 each), and whether the search index was asked for;
7. the worker's slow link (400 kbit/s, 400 ms a response, full CPU): the engine offer visible
   within 3 s of the first paint (first visit, no consent), and tap → result ÷ the wire limit
   (engine bytes on the wire ÷ link speed + the unthrottled tap → result; target ≤ 1.10);
8. with ``--antes=DIR``: the same measures, before ÷ after, alternately in this run;
9. search: first keystroke → first results, and → the first results for the whole word, typed at
   once after tapping the search box on a page just opened (the index loads when a search
   starts), or 1 s later, unthrottled and throttled.

Every run also writes what it printed to ``benchmarks/results/`` (:mod:`report`: a dated
``.md`` and ``.json`` named by the UTC start and the commit, with the command and the machine's
load); ``--resultados=DIR`` (or ``EP_BENCH_RESULTADOS``) writes them elsewhere.

``--etapa=motor,toque,offline,pagina,busca`` runs only those stages (items 0–4 and 7; 8's tap →
result and second visit, with ``--antes``; 5; 6 and 8's first view; 9 and 8's search); without
it, all of them. ``--etapa=lento`` runs only item 7, with the one unthrottled cold run its limit
needs (``EP_BENCH_RODADAS=N``: N).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright  # noqa: E402
from report import Report  # noqa: E402  (benchmarks/report.py)
from site_server import Throttle, start  # noqa: E402

from calculators import api  # noqa: E402
from macros.build import precompress  # noqa: E402
from macros.build.hosting import ENGINE_WORKER  # noqa: E402
from macros.data import site as data_site  # noqa: E402
from tests.browser.conftest import CHROMIUM, FLAGS  # noqa: E402
from tests.browser.engine_watch import ENGINE_WATCH  # noqa: E402
from tests.browser.offline_helpers import NAMES, share_query, sitemap_paths, usable_case  # noqa: E402

FAST_3G = (1_600_000, 0.150)
CPU_SLOWDOWN = 4
QUICK = os.environ.get("EP_BENCH_RAPIDO") == "1" or "--rapido" in sys.argv  # one run of each, unthrottled
# EP_BENCH_RODADAS=N: N rounds of every profile (a shorter full run on a busy machine).
ROUNDS = int(os.environ.get("EP_BENCH_RODADAS", "0") or 0)
COLD_RUNS = {"rápido": 1} if QUICK else {"rápido": ROUNDS or 5, "cpu": ROUNDS or 3, "lento": ROUNDS or 3}
FCP_RUNS = 1 if QUICK else ROUNDS or 5
WARM_RUNS = 3 if QUICK else 10
OFFLINE_LIMIT = 2 if QUICK else None  # pages and calculators tried offline (None: all)
TEXT_PAGE = "lei-4860-1965"
# (name, Fast 3G link, 4× CPU, label); the local-link ones make the stage table.
PROFILES = (
    ("rápido", False, False, "sem limitação"),
    ("cpu", False, True, f"CPU {CPU_SLOWDOWN}×"),
    ("lento", True, True, f"Fast 3G 1,6 Mbit/s 150 ms, CPU {CPU_SLOWDOWN}×"),
)
# The worker's slow link (issue 22): 400 kbit/s, 400 ms before each response, full CPU.
SLOW_3G = (400_000, 0.400)
COMPARE_RUNS = 1 if QUICK else ROUNDS or 3
SEARCH_RUNS = 1 if QUICK else ROUNDS or 5
SEARCH_QUERY = "prorrogacao"
CONSENT = NAMES["storage"]["engineConsent"]
STAGE_NAMES = ("motor", "toque", "offline", "pagina", "busca")
# --etapa=a,b: only those stages (see the docstring); "lento" (item 7 alone) is part of "motor".
ONLY = next((set(a.split("=", 1)[1].split(",")) for a in sys.argv[1:] if a.startswith("--etapa=")), set(STAGE_NAMES))


def wanted(stage: str) -> bool:
    return stage in ONLY
STOCK = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

# The bare page is served by the same nginx, with the same headers as the site (deploy/): its
# script is a file (the page policy allows no inline script but the site's own), and its worker
# sits at the engine worker's address, the only one whose policy allows WebAssembly.
BARE_HTML = """<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Pyodide puro</title></head>
<body><button id="go" type="button">Carregar</button><output id="out"></output>
<script type="module" src="./start.mjs"></script></body></html>
"""

BARE_START = f"""document.getElementById("go").addEventListener("click", () => {{
  const worker = new Worker(new URL("{ENGINE_WORKER}", location.href), {{ type: "module" }});
  worker.onmessage = (event) => {{ document.getElementById("out").textContent = event.data; }};
  worker.postMessage(new URL("/pyodide/", location.href).href);
}});
"""

BARE_WORKER = """import { loadPyodide } from "/pyodide/pyodide.mjs";
self.onmessage = async (event) => {
  const pyodide = await loadPyodide({ indexURL: event.data });
  self.postMessage(String(pyodide.runPython("1 + 1")));
};
"""

# Fill without focus events, then time click → result.
OURS_CLICK = """async (value) => {
  const form = document.querySelector('form.calc-form');
  form.querySelector("[data-path='salario_mensal']").value = value;
  const before = Number(form.dataset.calculos || '0');
  const done = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (Number(form.dataset.calculos || '0') > before) { observer.disconnect(); resolve(); }
    });
    observer.observe(form, { attributes: true });
  });
  const t0 = performance.now();
  form.querySelector("button[type='submit']").click();
  await done;
  return performance.now() - t0;
}"""

# Where a warm recalculation goes (issue 27), on the page's clock: the page wraps the engine
# worker (as tests/browser/engine_watch.py does) and notes when a calculation is posted to it and
# when its answer arrives. Tap → posted: reading the form, the tap's handlers; posted → answer: the
# worker's calculation and any frame the page draws meanwhile; answer → result: reading the answer,
# drawing the result, focusing it.
WARM_WATCH = r"""
(() => {
  window.epRecalculo = [];
  const Native = window.Worker;
  if (typeof Native !== "function") return;
  const Watched = function (url, options) {
    const worker = new Native(url, options);
    if (!String(url).includes("calculadoras-worker")) return worker;
    worker.addEventListener("message", (event) => {
      if ((event.data || {}).type === "result") window.epRecalculo.push(["resposta", performance.now()]);
    });
    const post = worker.postMessage;
    worker.postMessage = function (message, ...rest) {
      if (message && message.type === "run") window.epRecalculo.push(["envio", performance.now()]);
      return post.call(this, message, ...rest);
    };
    return worker;
  };
  Watched.prototype = Native.prototype;
  window.Worker = Watched;
})();
"""

# A warm recalculation, as OURS_CLICK, with its three parts (ms).
WARM_CLICK = OURS_CLICK.replace("const t0 = performance.now();",
                                "window.epRecalculo = []; const t0 = performance.now();") \
    .replace("return performance.now() - t0;", """const t1 = performance.now();
  const at = Object.fromEntries(window.epRecalculo);
  return { total: t1 - t0, envio: at.envio - t0, resposta: at.resposta - at.envio, fim: t1 - at.resposta };""")
WARM_PARTS = (("envio", "toque → envio ao worker"), ("resposta", "envio → resposta"), ("fim", "resposta → resultado"))

BARE_CLICK = """async () => {
  const out = document.getElementById('out');
  const done = new Promise((resolve) => {
    new MutationObserver((_, observer) => { observer.disconnect(); resolve(); })
      .observe(out, { childList: true, characterData: true, subtree: true });
  });
  const t0 = performance.now();
  document.getElementById('go').click();
  await done;
  return performance.now() - t0;
}"""

PREFILL = """() => {
  const add = document.querySelector("fieldset[data-lista='prorrogacoes'] > [data-acao='adicionar']");
  add.click();
  document.querySelector("[data-path='prorrogacoes[0].horas']").value = '3';
  document.activeElement.blur();
}"""

PAINT = """() => new Promise((resolve) => {
  const read = () => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    if (!fcp) { setTimeout(read, 50); return; }
    resolve({ fcp: fcp.startTime, origin: performance.timeOrigin });
  };
  read();
})"""

SECOND_VISIT = """async () => {
  const form = document.querySelector('form.calc-form');
  form.querySelector("[data-path='salario_mensal']").value = '1.500,00';
  const done = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (Number(form.dataset.calculos || '0') > 0) { observer.disconnect(); resolve(); }
    });
    observer.observe(form, { attributes: true });
  });
  form.querySelector("button[type='submit']").click();
  await done;
  return performance.now();
}"""


REPORT: Report | None = None


def say(line: str, figure: dict[str, Any] | None = None) -> None:
    """Print a line as soon as it is measured, and write it (with the figure it states, if any)
    to the results file."""
    print(line, flush=True)
    if REPORT is not None:
        REPORT.add(line, figure)


def fig(item: str, profile: str, what: str, value: float, ratio: float | None = None, target: str = "",
        samples: list[float] | None = None, **extra: Any) -> dict[str, Any]:
    """A figure for the results file: its item (the docstring's numbering), profile, what it
    measures, the value (ms, bytes or a count), the ratio and the target it is read against."""
    out: dict[str, Any] = {"item": item, "perfil": profile, "medida": what, "valor": round(value, 3)}
    if ratio is not None:
        out["razao"] = round(ratio, 4)
    if target:
        out["meta"] = target
    if samples is not None:
        out["amostras"] = [round(v, 1) for v in samples]
    return out | extra


def load() -> str:
    """The machine's load average over 1 minute and the number of cores (shared machines)."""
    return f"carga {os.getloadavg()[0]:.1f} em {os.cpu_count()} núcleos"


# The worker's stages (docs/assets/js/engine/worker.mjs), in the order they happen; the worker's clock
# starts when the page creates it ("pagina", on the page's clock).
STAGES = (
    ("pagina", "página: navegação → worker criado"),
    ("inicio", "worker: seus módulos lidos, início (relógio do worker)"),
    ("estadoLido", "estado salvo lido e descomprimido (relógio do worker; 2ª visita)"),
    ("busca", "busca (último byte do motor)"),
    ("wasm", "WebAssembly: compilar + instanciar"),
    ("python", "início do Python (biblioteca em .zip)"),
    ("instantaneo", "estado salvo: ler, restaurar, conferir (2ª visita)"),
    ("desempacotar", "desempacotar as calculadoras"),
    ("importar", "importar calculators.api"),
    ("calculo", "1º cálculo (no worker)"),
    ("total", "toque/navegação → 1º resultado"),
)


def new_context(browser: Browser, agreed: bool = True) -> BrowserContext:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="pt-BR", is_mobile=True, has_touch=True)
    # The engine's stages, as its worker's messages carry them (tests/browser/engine_watch.py).
    ctx.add_init_script(ENGINE_WATCH)
    ctx.add_init_script(WARM_WATCH)
    if agreed:
        ctx.add_init_script(f"localStorage.setItem({json.dumps(CONSENT)}, {json.dumps(NAMES['yes'])})")
    return ctx


def slow_cpu(ctx: BrowserContext, page: Page, slow: bool) -> None:
    """4× CPU slowdown (DevTools emulation) for the page; see the module docstring."""
    if slow:
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})


def stages_of(page: Page) -> dict[str, float]:
    """The worker's start-up stages (ms), as the page received them."""
    return dict(page.evaluate("() => window.epEtapas || {}"))


def cold_ours(browser: Browser, url: str, slow: bool,
              stages: list[dict[str, float]] | None = None) -> tuple[float, list[dict[str, float]], BrowserContext]:
    ctx = new_context(browser)
    page = ctx.new_page()
    page.set_default_timeout(300_000)
    page.goto(url + "/calculadoras/horas_extras/", wait_until="load")
    page.wait_for_selector("form.calc-form[data-ligado]", state="attached")
    page.evaluate(PREFILL)
    slow_cpu(ctx, page, slow)
    cold = float(page.evaluate(OURS_CLICK, "1.200,00"))
    assert page.locator("#resultado-horas_extras tr[data-valor='total'] td").inner_text().startswith(("Cr$ ", "R$ "))
    if stages is not None:
        stages.append({**stages_of(page), "total": cold})
    warm = [dict(page.evaluate(WARM_CLICK, f"{1200 + i},00")) for i in range(1, WARM_RUNS + 1)]
    # A second visit comes later: by then the service worker has installed (its precache shares
    # the slow link) and controls the site. Wait for that, untimed.
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    # ... and the engine's saved state is stored (in the background after the first answer).
    wait_saved_state(page)
    page.close()
    return cold, warm, ctx


def wait_saved_state(page: Page) -> None:
    """Untimed: the engine's saved state is stored (in the background after the first answer), and
    the engine is kept on the device (the worker said so: ``STORAGE.engineKept``, engine/early.mjs)."""
    page.evaluate("""async (names) => {
      for (let i = 0; i < 240; i++) {
        const keys = await (await caches.open(names.caches.engine)).keys();
        const kept = localStorage.getItem(names.storage.engineKept) !== null;
        if (kept && keys.some((r) => r.url.includes(names.files.engineSnapshot))) return true;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return false;
    }""", NAMES)


def cold_bare(browser: Browser, url: str, slow: bool) -> float:
    ctx = new_context(browser, agreed=False)
    page = ctx.new_page()
    page.set_default_timeout(300_000)
    page.goto(url + "/bare/", wait_until="load")
    slow_cpu(ctx, page, slow)
    elapsed = float(page.evaluate(BARE_CLICK))
    assert page.inner_text("#out") == "2"
    ctx.close()
    return elapsed


def second_visit(ctx: BrowserContext, url: str, slow: bool, stages: list[dict[str, float]] | None = None) -> float:
    """Navigation start → first result, in a context that already has the engine cached."""
    page = ctx.new_page()
    page.set_default_timeout(300_000)
    slow_cpu(ctx, page, slow)
    page.goto(url + "/calculadoras/horas_extras/?prorrogacoes=%5B%7B%22horas%22%3A%223%22%7D%5D",
              wait_until="commit")
    page.wait_for_function(
        "() => Number(document.querySelector('form.calc-form')?.dataset.calculos || '0') >= 1", timeout=300_000
    )
    elapsed = float(page.evaluate("() => performance.now()"))
    if stages is not None:
        stages.append({**stages_of(page), "total": elapsed})
    page.close()
    return elapsed


def offline_check(browser: Browser, url: str, site: Path) -> tuple[int, int, int, int]:
    ctx = new_context(browser, agreed=False)
    page = ctx.new_page()
    page.set_default_timeout(120_000)
    page.goto(url + "/calculadoras/")
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    # Nothing was computed here, so no saved state of the engine is to be waited for (an earlier
    # version polled 60 s for one that never comes).
    page.click(".motor-oferta [data-motor-acao='offline']")
    page.wait_for_selector(".motor-oferta.motor-oferta--guardado")
    # ... then the rest of the site, in the background (scripts/sw-paginas.js).
    page.wait_for_selector(".motor-oferta.motor-oferta--site-guardado")
    ctx.set_offline(True)
    paths = sitemap_paths(site)[:OFFLINE_LIMIT]
    opened = 0
    for path in paths:
        try:
            response = page.goto(url + path)
            opened += bool(response and response.ok and page.locator("article h1").count() == 1)
        except Exception:  # an error page offline
            pass
    computed = 0
    names = api.names()[:OFFLINE_LIMIT]
    for name in names:
        case, _ = usable_case(name)
        try:
            page.goto(f"{url}/calculadoras/{name}/?{share_query(case['inputs'])}")
            page.wait_for_function(
                "() => Number(document.querySelector('form.calc-form').dataset.calculos || '0') >= 1"
            )
            computed += page.locator(f"#resultado-{name} .calc-resultado-titulo").count() == 1
        except Exception:
            pass
    ctx.close()
    return opened, len(paths), computed, len(names)


def bare_material(site: Path, folder: Path) -> Path:
    """The text of the page on a bare Material site (no plugin but search, no script of ours):
    the built page's article, as the Markdown of a one-page site with the same theme, language
    and palette, built by MkDocs and compressed as ours is."""
    html = (site / TEXT_PAGE / "index.html").read_text(encoding="utf-8")
    match = re.search(r'<article class="md-content__inner md-typeset">(.*?)</article>', html, re.S)
    assert match, "artigo não encontrado"
    docs = folder / "docs"
    docs.mkdir(parents=True)
    (docs / "index.md").write_text(match.group(1), encoding="utf-8")
    (folder / "mkdocs.yml").write_text(
        "site_name: Estatutos Portuários\ntheme:\n  name: material\n  language: pt-BR\n  font: false\n"
        "  palette:\n    - scheme: default\n      primary: indigo\n      accent: indigo\n"
        "plugins:\n  - search:\n      lang: pt\n",
        encoding="utf-8",
    )
    config, out = str(folder / "mkdocs.yml"), str(folder / "site")
    command = [sys.executable, "-m", "mkdocs", "build", "-q", "-f", config, "-d", out]
    subprocess.run(command, check=True, capture_output=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    # The same brotli/gzip copies as our build writes: both sides are served alike.
    precompress.write_all(folder / "site")
    return folder / "site"


def first_view(browser: Browser, url: str) -> dict[str, float]:
    """A first view (nothing cached): first contentful paint (ms from navigation), the page's
    requests until the network is quiet and their bytes on the wire (headers and encoded bodies;
    the service worker's background precache is not the page's and is not counted), and whether
    the search index was asked for (``index``: 0 or 1)."""
    ctx = new_context(browser, agreed=False)
    page = ctx.new_page()
    done: list[Any] = []
    page.on("requestfinished", lambda request: done.append(request))
    slow_cpu(ctx, page, not QUICK)
    page.goto(url, wait_until="load")
    page.wait_for_function("() => performance.getEntriesByName('first-contentful-paint').length > 0")
    page.wait_for_load_state("networkidle")
    paint = page.evaluate(PAINT)
    wire = 0
    for request in done:
        sizes = request.sizes()
        wire += max(0, sizes["responseBodySize"]) + max(0, sizes["responseHeadersSize"])
    index = any("/search/" in r.url for r in done)
    ctx.close()
    return {"fcp": float(paint["fcp"]), "bytes": float(wire), "requests": float(len(done)), "index": float(index)}


# First keystroke → first results: the keystroke's time and the first result's, on the page's clock;
# and the first list that answers the whole word (the site's search marks its block with the query
# it drew, data-resultado = data-buscando, and the box still holds the whole word).
SEARCH_WATCH = """(word) => {
  window.epBusca = {};
  const root = document.querySelector('[data-busca]');
  const box = root.querySelector('input[type=search]');
  box.addEventListener('keydown', () => { if (!window.epBusca.t0) window.epBusca.t0 = performance.now(); });
  new MutationObserver(() => {
    if (!root.querySelector('[data-busca-resultado]')) return;
    if (!window.epBusca.t1) window.epBusca.t1 = performance.now();
    if (box.value === word && root.dataset.resultado === root.dataset.buscando) window.epBusca.t2 = performance.now();
  }).observe(root, { childList: true, subtree: true, attributes: true });
}"""


def search_time(browser: Browser, url: str, slow: bool, pause: float = 0) -> tuple[float, float]:
    """A text page just opened on a phone (load and a quiet network), then: tap the magnifier and
    type at once; ms from the first keystroke to the first results shown, and to the first results
    for the whole word."""
    ctx = new_context(browser, agreed=False)
    page = ctx.new_page()
    page.set_default_timeout(120_000)
    slow_cpu(ctx, page, slow)
    page.goto(f"{url}/{TEXT_PAGE}/", wait_until="load")
    page.wait_for_load_state("networkidle")
    page.evaluate(SEARCH_WATCH, SEARCH_QUERY)
    box = page.locator("[role=search] input[type=search]")
    # On the phone's screen the box opens from the button in the header (data-busca-abrir).
    opener = page.locator("[data-busca-abrir]")
    if opener.is_visible():
        opener.click()
    box.wait_for(state="visible")
    if pause:  # a person's pause (the phone's keyboard opening), before the first keystroke
        page.wait_for_timeout(pause * 1000)
    box.press_sequentially(SEARCH_QUERY, delay=30)
    page.wait_for_function("() => window.epBusca.t2 !== undefined")
    first, word = page.evaluate("() => [window.epBusca.t1 - window.epBusca.t0, window.epBusca.t2 - window.epBusca.t0]")
    assert page.locator("[data-busca-resultado]").count() > 0
    ctx.close()
    return float(first), float(word)


def search_stage(browser: Browser, site: Path, before: Path | None) -> None:
    """9. First keystroke → first results, unthrottled and throttled, typing at once after the tap
    and after a 1 s pause (and before ÷ after)."""
    for slow, pause, label in ((False, 0, "sem limitação"), (True, 0, f"Fast 3G, CPU {CPU_SLOWDOWN}×"),
                               (False, 1, "sem limitação"), (True, 1, f"Fast 3G, CPU {CPU_SLOWDOWN}×")):
        if QUICK and (slow or pause):
            continue
        times: dict[str, list[tuple[float, float]]] = {"antes": [], "depois": []}
        for _ in range(SEARCH_RUNS):
            for name, root in (("antes", before), ("depois", site)):
                if root is not None:
                    times[name].append(serving(root, slow, lambda url, slow=slow, pause=pause:
                                               search_time(browser, url, slow, pause)))
        how = "logo" if not pause else f"{pause} s depois"
        for k, what in ((0, "1º resultado"), (1, "resultados da palavra inteira")):
            ours = [t[k] for t in times["depois"]]
            b = median(ours)
            line = (f"9. [{label}] busca, 1ª tecla → {what} (tocar na lupa e digitar «{SEARCH_QUERY}» {how}): "
                    f"{b:.0f} ms ({runs(ours)})")
            if times["antes"]:
                theirs = [t[k] for t in times["antes"]]
                a = median(theirs)
                line += (f"; antes {a:.0f} ms ({runs(theirs)}); depois ÷ antes {b / a:.3f}"
                         "  (meta ≤ 1 — «nada mais lento»)")
            say(f"{line}  ({load()})", fig(
                "9", label, f"busca, 1ª tecla → {what}, digitar {how}", b,
                b / median([t[k] for t in times["antes"]]) if times["antes"] else None,
                "depois ÷ antes ≤ 1" if times["antes"] else "", ours,
                antes=[t[k] for t in times["antes"]]))


def page_stage(browser: Browser, site: Path, material: Path, before: Path | None) -> None:
    """6. The text page's first view ÷ the bare Material page's, in bytes, requests and paint
    (and 8. the same before ÷ after)."""
    sides: dict[str, list[dict[str, float]]] = {"depois": [], "puro": [], "antes": []}
    for _ in range(FCP_RUNS):
        sides["depois"].append(serving(site, not QUICK, lambda url: first_view(browser, f"{url}/{TEXT_PAGE}/")))
        sides["puro"].append(serving(material, not QUICK, lambda url: first_view(browser, f"{url}/")))
        if before is not None:
            sides["antes"].append(serving(before, not QUICK, lambda url: first_view(browser, f"{url}/{TEXT_PAGE}/")))
    profile = "sem limitação" if QUICK else f"Fast 3G, CPU {CPU_SLOWDOWN}×"

    def m(name: str, key: str) -> float:
        return median([v[key] for v in sides[name]])

    for key, what, unit in (("bytes", "bytes na rede", "bytes"), ("requests", "pedidos", "pedidos"),
                            ("fcp", "primeira pintura com conteúdo", "ms")):
        ours, bare = m("depois", key), m("puro", key)
        say(f"6. [{profile}] 1ª visita de /{TEXT_PAGE}/, {what}: {ours:,.0f} {unit} "
            f"({runs([v[key] for v in sides['depois']])}); Material puro com o mesmo texto: {bare:,.0f} {unit} "
            f"({runs([v[key] for v in sides['puro']])}); razão {ours / bare:.3f}  (meta ≤ 1,15)",
            fig("6", profile, f"1ª visita de /{TEXT_PAGE}/, {what} ({unit})", ours, ours / bare, "≤ 1,15",
                [v[key] for v in sides["depois"]], material_puro=bare))
    asked = int(sum(v["index"] for v in sides["depois"]))
    say(f"6. índice de busca pedido na 1ª visita, sem busca: {asked}/{len(sides['depois'])} vezes "
        f"(Material puro: {int(sum(v['index'] for v in sides['puro']))}/{len(sides['puro'])})",
        fig("6", profile, "índice de busca pedido na 1ª visita, sem busca (vezes)", asked, target="nunca",
            rodadas=len(sides["depois"])))
    if sides["antes"]:
        for key, what in (("bytes", "bytes na rede"), ("requests", "pedidos"), ("fcp", "primeira pintura")):
            a, b = m("antes", key), m("depois", key)
            say(f"8. [{profile}] 1ª visita de /{TEXT_PAGE}/, {what}: antes {a:,.0f}, depois {b:,.0f}, "
                f"depois ÷ antes {b / a:.3f}  ({load()})",
                fig("8", profile, f"1ª visita de /{TEXT_PAGE}/, {what}", b, b / a, "≤ 1", antes=a))


def median(values: list[float]) -> float:
    return statistics.median(values)


def runs(values: list[float]) -> str:
    return ", ".join(f"{v:.0f}" for v in values)


def serving(root: Path, slow: bool | tuple[int, float], body: Callable[[str], Any]) -> Any:
    """Run ``body(url)`` against a server of ``root`` (on the Fast 3G link when ``slow`` is True,
    on a link of (bits per second, latency) when it is a pair)."""
    link = slow if isinstance(slow, tuple) else FAST_3G if slow else None
    server, url = start(root, throttle=Throttle(*link) if link else None)
    try:
        return body(url)
    finally:
        server.shutdown()


def profile_runs(browser: Browser, site: Path, bare_root: Path, link: bool, cpu: bool, count: int,
                 label: str) -> dict[str, Any]:
    """Cold runs (ours and bare, alternated), warm recalculations and second visits, with the
    worker's stages of each first and second visit; each round printed as soon as it ends."""
    r: dict[str, Any] = {"ours": [], "bare": [], "warm": [], "warm_parts": [], "second": [], "stages1": [],
                         "stages2": []}

    def measure(url: str) -> None:
        cold, warm_runs, ctx = cold_ours(browser, url, cpu, r["stages1"])
        r["ours"].append(cold)
        r["warm"].extend(float(w["total"]) for w in warm_runs)
        r["warm_parts"].extend(warm_runs)
        r["second"].append(second_visit(ctx, url, cpu, r["stages2"]))
        ctx.close()

    for i in range(count):
        serving(site, link, measure)
        r["bare"].append(serving(bare_root, link, lambda url: cold_bare(browser, url, cpu)))
        first, second = r["stages1"][-1], r["stages2"][-1]
        say(f"   [{label}] rodada {i + 1}/{count}: frio {r['ours'][-1]:.0f} ms, puro {r['bare'][-1]:.0f} ms, "
            f"segunda visita {r['second'][-1]:.0f} ms ({load()})")
        for visit, stages in (("1ª visita", first), ("2ª visita", second)):
            figures = "; ".join(f"{key} {float(stages[key]):.0f}" for key, _ in STAGES if key in stages)
            say(f"   [{label}, {visit}] etapas (ms): {figures}")
    return r


def wire_limit(browser: Browser, site: Path, motor: dict[str, Any], fast_cold: float) -> None:
    """7. On the slow link, tap → result against (engine bytes on the wire ÷ link speed) + the
    unthrottled tap → result (target: within 10%)."""
    measured = serving(site, SLOW_3G, lambda url: cold_ours(browser, url, False))
    cold, _, ctx = measured
    ctx.close()
    wire = int(motor.get("brotli", motor["gzip"]))
    limit = wire * 8 / SLOW_3G[0] * 1000 + fast_cold
    say(f"7. [3G lento {SLOW_3G[0] // 1000} kbit/s, {SLOW_3G[1] * 1000:.0f} ms] toque → 1º resultado: {cold:.0f} ms; "
        f"limite do fio ({wire:,} bytes ÷ velocidade) + início sem limitação ({fast_cold:.0f} ms) = {limit:.0f} ms; "
        f"razão {cold / limit:.3f}  (meta ≤ 1,10)  ({load()})",
        fig("7", "3G lento", "toque → 1º resultado ÷ limite do fio (ms)", cold, cold / limit, "≤ 1,10", limite=limit))


# When the engine offer becomes visible (page clock), polled at each frame from the start.
OFFER_SHOWN = """(() => {
  const check = () => {
    const offer = document.querySelector('.motor-oferta');
    if (offer && !offer.hidden && offer.getClientRects().length) { window.__ofertaVisivel = performance.now(); return; }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()"""


def offer_delay(browser: Browser, url: str) -> tuple[float, float]:
    """A first visit to a calculator page, no consent yet: first contentful paint and the moment
    the engine offer is visible (ms from navigation)."""
    ctx = new_context(browser, agreed=False)
    ctx.add_init_script(OFFER_SHOWN)
    page = ctx.new_page()
    page.set_default_timeout(120_000)
    page.goto(url + "/calculadoras/horas_extras/", wait_until="commit")
    page.wait_for_function("() => window.__ofertaVisivel !== undefined")
    paint = page.evaluate(PAINT)
    shown = float(page.evaluate("() => window.__ofertaVisivel"))
    ctx.close()
    return float(paint["fcp"]), shown


def slow_offer(browser: Browser, site: Path) -> None:
    """7. On the slow link, the engine offer appears within 3 s of the first paint (in the quick
    mode, unthrottled: the code path only)."""
    fcp, shown = serving(site, False if QUICK else SLOW_3G, lambda url: offer_delay(browser, url))
    profile = "sem limitação" if QUICK else f"3G lento {SLOW_3G[0] // 1000} kbit/s, {SLOW_3G[1] * 1000:.0f} ms"
    say(f"7. [{profile}] oferta do motor visível "
        f"{shown - fcp:.0f} ms depois da primeira pintura ({fcp:.0f} ms → {shown:.0f} ms); razão ÷ 3000 ms "
        f"{(shown - fcp) / 3000:.3f}  (meta ≤ 1,00)  ({load()})",
        fig("7", profile, "oferta do motor visível depois da 1ª pintura (ms)", shown - fcp, (shown - fcp) / 3000,
            "≤ 3000 ms"))


def slow_3g_alone(browser: Browser, site: Path, motor: dict[str, Any]) -> None:
    """``--etapa=lento``: only item 7, with the unthrottled cold run(s) its limit needs."""
    fast = [serving(site, False, lambda url: cold_ours(browser, url, False)) for _ in range(ROUNDS or 1)]
    for _, _, ctx in fast:
        ctx.close()
    fast_cold = median([cold for cold, _, _ in fast])
    say(f"   [sem limitação] frio, toque → 1º resultado: {fast_cold:.0f} ms ({runs([c for c, _, _ in fast])})")
    slow_offer(browser, site)
    wire_limit(browser, site, motor, fast_cold)


def compare(browser: Browser, before: Path, after: Path) -> None:
    """8. Before ÷ after, measured alternately in this run: cold tap → result and second visit
    (unthrottled and at 4× CPU); the first view of a text page is in :func:`page_stage`, the
    search in :func:`search_stage`."""
    for cpu, label in ((False, "sem limitação"), (True, f"CPU {CPU_SLOWDOWN}×")):
        if QUICK and cpu:
            continue
        figures: dict[str, dict[str, list[float]]] = {"antes": {"cold": [], "second": []},
                                                      "depois": {"cold": [], "second": []}}
        for _ in range(COMPARE_RUNS):
            for name, root in (("antes", before), ("depois", after)):

                def measure(url: str, name: str = name, cpu: bool = cpu,
                            figures: dict[str, dict[str, list[float]]] = figures) -> None:
                    cold, _, ctx = cold_ours(browser, url, cpu)
                    figures[name]["cold"].append(cold)
                    figures[name]["second"].append(second_visit(ctx, url, cpu))
                    ctx.close()

                serving(root, False, measure)
        for key, what in (("cold", "frio, toque → resultado"), ("second", "segunda visita")):
            a, b = median(figures["antes"][key]), median(figures["depois"][key])
            say(f"8. [{label}] {what}: antes {a:.0f} ms, depois {b:.0f} ms, depois ÷ antes {b / a:.3f}  ({load()})",
                fig("8", label, f"{what} (ms)", b, b / a, "≤ 1", figures["depois"][key], antes=figures["antes"][key]))


def stage_median(runs_: list[dict[str, float]], key: str) -> float:
    values = [float(r[key]) for r in runs_ if r.get(key) is not None]
    return median(values) if values else float("nan")


def breakdown_table(columns: dict[str, list[dict[str, float]]]) -> list[str]:
    """The stages as a Markdown table (ms), one column per profile and visit."""
    names = list(columns)
    lines = ["| etapa (ms) | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
    for key, label in STAGES:
        lines.append(f"| {label} | " + " | ".join(f"{stage_median(columns[n], key):.0f}" for n in names) + " |")
    return lines


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    site = Path(args[0]) if args else ROOT / "site"
    # --antes=DIR: a site built from an earlier commit (bash scripts/run.sh bench REV), measured
    # alternately with this one.
    before = next((Path(a.split("=", 1)[1]) for a in sys.argv[1:] if a.startswith("--antes=")), None)
    if not (site / "sw.js").is_file() or not (site / "assets" / "motor.json").is_file():
        sys.exit(f"Site não construído em {site}: rode 'bash scripts/run.sh bench'.")
    # The offline check reads the decree's tables and the cases as the build does: from the Site.
    data_site.use(data_site.load())
    motor = json.loads((site / "assets" / "motor.json").read_text(encoding="utf-8"))
    mode = "rápido (uma rodada de cada, sem limitação)" if QUICK else "completo"
    global REPORT
    folder = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--resultados=")),
                  os.environ.get("EP_BENCH_RESULTADOS"))
    stages = [n for n in (*STAGE_NAMES, "lento") if wanted(n)]
    REPORT = Report(sys.argv, mode, stages, **({"folder": Path(folder)} if folder else {}), quick=QUICK)
    say(f"Benchmark — {REPORT.started.isoformat()} — commit {REPORT.commit} — Chromium headless, "
        f"servidor local com gzip — modo {mode}")
    say(f"   máquina: {load()}; etapas: {', '.join(n for n in (*STAGE_NAMES, 'lento') if wanted(n))}"
        + (f"; antes: {before}" if before else ""))
    say(f"1. motor (gzip): {motor['gzip']:,} bytes ÷ Pyodide {motor['pyodide']} original "
        f"{motor['stock_gzip']:,} = {motor['ratio']:.3f}  (meta ≤ 0,70)",
        fig("1", "—", "motor na rede em gzip ÷ Pyodide original em gzip (bytes)", motor["gzip"], motor["ratio"],
            "≤ 0,70", pyodide=motor["stock_gzip"]))
    if "brotli" in motor:
        say(f"1. motor (brotli, as cópias .br da construção): {motor['brotli']:,} bytes ÷ Pyodide original em gzip "
            f"{motor['stock_gzip']:,} = {motor['ratio_brotli']:.3f}  (meta ≤ 0,55)",
            fig("1", "—", "motor na rede em brotli ÷ Pyodide original em gzip (bytes)", motor["brotli"],
                motor["ratio_brotli"], "≤ 0,55", pyodide=motor["stock_gzip"]))
    with tempfile.TemporaryDirectory() as tmp:
        bare_root = Path(tmp) / "bare-pyodide"
        (bare_root / "pyodide").mkdir(parents=True)
        for name in STOCK:
            shutil.copy(ROOT / "node_modules" / "pyodide" / name, bare_root / "pyodide" / name)
        (bare_root / "bare").mkdir()
        (bare_root / "bare" / "index.html").write_text(BARE_HTML, encoding="utf-8")
        (bare_root / "bare" / "start.mjs").write_text(BARE_START, encoding="utf-8")
        (bare_root / ENGINE_WORKER.lstrip("/")).parent.mkdir(parents=True, exist_ok=True)
        (bare_root / ENGINE_WORKER.lstrip("/")).write_text(BARE_WORKER, encoding="utf-8")
        material = bare_material(site, Path(tmp) / "material") if wanted("pagina") else Path(tmp)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            columns: dict[str, list[dict[str, float]]] = {}
            results: dict[str, dict[str, Any]] = {}
            for profile, link, cpu, label in PROFILES:
                if profile not in COLD_RUNS or not wanted("motor"):
                    continue
                r = profile_runs(browser, site, bare_root, link, cpu, COLD_RUNS[profile], label)
                results[profile] = r
                if not link:
                    columns[f"{label}, 1ª visita"] = r["stages1"]
                    columns[f"{label}, 2ª visita"] = r["stages2"]
                ours_m, bare_m = median(r["ours"]), median(r["bare"])
                say(f"2. [{label}] frio, toque → 1º resultado: {ours_m:.0f} ms ({runs(r['ours'])}); "
                    f"loadPyodide() puro: {bare_m:.0f} ms ({runs(r['bare'])}); "
                    f"razão {ours_m / bare_m:.3f}  (meta ≤ 1,10)",
                    fig("2", label, "frio, toque → 1º resultado ÷ loadPyodide() puro (ms)", ours_m, ours_m / bare_m,
                        "≤ 1,10", r["ours"], puro=r["bare"]))
                warm_m = median(r["warm"])
                parts = {key: median([float(w[key]) for w in r["warm_parts"]]) for key, _ in WARM_PARTS}
                say(f"3. [{label}] recálculo {warm_m:.1f} ms (mediana de {len(r['warm'])}) ÷ frio "
                    f"= 1/{ours_m / warm_m:.0f}  (meta ≤ 1/50); "
                    + "; ".join(f"{what} {parts[key]:.1f}" for key, what in WARM_PARTS) + " ms (medianas)",
                    fig("3", label, "recálculo ÷ frio (ms)", warm_m, warm_m / ours_m, "≤ 1/50", r["warm"],
                        partes={key: round(value, 1) for key, value in parts.items()}))
                say(f"4. [{label}] segunda visita, cache quente, navegação → resultado: {median(r['second']):.0f} ms "
                    f"({runs(r['second'])})  (meta ≤ 3000 ms no perfil lento)",
                    fig("4", label, "segunda visita, navegação → resultado (ms)", median(r["second"]),
                        target="≤ 3000 ms no perfil lento", samples=r["second"]))
            if "rápido" in results and not QUICK:
                slow_offer(browser, site)
                wire_limit(browser, site, motor, median(results["rápido"]["ours"]))
            elif wanted("lento") and not QUICK:
                slow_3g_alone(browser, site, motor)
            elif QUICK and wanted("motor"):
                slow_offer(browser, site)
            if before is not None and wanted("toque"):
                compare(browser, before, site)
            if wanted("offline"):
                opened, pages, computed, calcs = serving(site, False, lambda url: offline_check(browser, url, site))
                say(f"5. sem rede, depois de uma visita e de «Usar sem internet»: {opened}/{pages} páginas abrem, "
                    f"{computed}/{calcs} calculadoras calculam",
                    fig("5", "sem rede", "páginas que abrem / calculadoras que calculam", opened, target="todas",
                        paginas=pages, calculadoras_calculam=computed, calculadoras=calcs))
            if wanted("pagina"):
                page_stage(browser, site, material, before)
            if wanted("busca"):
                search_stage(browser, site, before)
            browser.close()
    if columns:
        say("")
        say(f"Onde vai o tempo de início (servidor local; {load()}):")
        table = breakdown_table(columns)
        for line in table:
            say(line)
        REPORT.stage_table(table)
    REPORT.finish()
    print(f"Resultados gravados em {REPORT.markdown} e {REPORT.json.name}", flush=True)


if __name__ == "__main__":
    main()
