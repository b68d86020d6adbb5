"""Benchmark of the calculators in the browser (a script, not a test).

Run with ``bash scripts/run.sh bench`` (builds the site first) or
``.venv/bin/python benchmarks/calculators.py [site]``. In headless Chromium (Debian's
/usr/bin/chromium, the flags of the browser tests), against tests/static_server.py, it measures:

- ours, cold: a fresh browser context (empty cache) opens /calculadoras/horas_extras/, the form
  is filled without focusing it (so nothing loads before the click), and the time runs from the
  click on «Calcular» to the first result on screen (worker start, Pyodide, the calculators
  archive, import, calculation, rendering);
- ours, warm: the same page, another value, click → result (recalculation; median of 10);
- bare: a page that only starts a module worker running ``loadPyodide()`` and ``1 + 1`` from
  the same vendored files (served from a temporary folder), click → answer;
- bytes transferred by each (bodies + headers, as Chromium reports them), from the click on.

Cold runs alternate ours/bare three times; the medians are reported with each run. Targets:
first result ≤ 1.10 × bare load; warm ≤ 1/50 of cold.
"""

from __future__ import annotations

import datetime as dt
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from conftest import CHROMIUM, FLAGS  # noqa: E402  (tests/browser/conftest.py)
from playwright.sync_api import Browser, sync_playwright  # noqa: E402
from static_server import start  # noqa: E402

RUNS = 7  # cold runs of each page, alternated: cold times vary ±15% run to run
WARM_RUNS = 10

BARE_HTML = """<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Pyodide puro</title></head>
<body><button id="go" type="button">Carregar</button><output id="out"></output>
<script type="module">
document.getElementById("go").addEventListener("click", () => {
  const worker = new Worker(new URL("./bare-worker.mjs", location.href), { type: "module" });
  worker.onmessage = (event) => { document.getElementById("out").textContent = event.data; };
  worker.postMessage(new URL("../assets/pyodide/", location.href).href);
});
</script></body></html>
"""

BARE_WORKER = """import { loadPyodide } from "../assets/pyodide/pyodide.mjs";
self.onmessage = async (event) => {
  const pyodide = await loadPyodide({ indexURL: event.data });
  self.postMessage(String(pyodide.runPython("1 + 1")));
};
"""

# Fill without focus events (so the lazy boot starts on the click), then time click → result.
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


class Bytes:
    """Bytes of the responses finished while counting."""

    def __init__(self) -> None:
        self.total = 0
        self.counting = False
        self.files: list[str] = []

    def __call__(self, request: Any) -> None:
        if not self.counting:
            return
        try:
            sizes = request.sizes()
        except Exception:  # a request that failed has no sizes
            return
        self.total += int(sizes.get("responseBodySize", 0)) + int(sizes.get("responseHeadersSize", 0))
        self.files.append(request.url.rsplit("/", 1)[-1])


def cold_ours(browser: Browser, url: str) -> tuple[float, int, list[str], list[float]]:
    ctx = browser.new_context()
    counter = Bytes()
    ctx.on("requestfinished", counter)
    page = ctx.new_page()
    page.goto(url + "/calculadoras/horas_extras/", wait_until="networkidle")
    page.wait_for_selector("form.calc-form[data-ligado]", state="attached")
    page.evaluate(PREFILL)
    counter.counting = True
    cold = float(page.evaluate(OURS_CLICK, "1.200,00"))
    page.wait_for_timeout(300)
    counter.counting = False
    assert page.locator("#resultado-horas_extras tr[data-valor='total'] td").inner_text() == "Cr$ 19,50"
    assert page.evaluate("window.calculadorasBoots") == 1
    warm = [float(page.evaluate(OURS_CLICK, f"{1200 + i},00")) for i in range(1, WARM_RUNS + 1)]
    ctx.close()
    return cold, counter.total, counter.files, warm


def cold_bare(browser: Browser, url: str) -> tuple[float, int]:
    ctx = browser.new_context()
    counter = Bytes()
    ctx.on("requestfinished", counter)
    page = ctx.new_page()
    page.goto(url + "/bare/", wait_until="networkidle")
    counter.counting = True
    elapsed = float(page.evaluate(BARE_CLICK))
    page.wait_for_timeout(300)
    counter.counting = False
    assert page.inner_text("#out") == "2"
    ctx.close()
    return elapsed, counter.total


def _grouped(number: int) -> str:
    return f"{number:,}".replace(",", ".")


def main() -> None:
    site = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "site"
    if not (site / "calculadoras" / "horas_extras" / "index.html").is_file():
        sys.exit(f"Site não construído em {site}: rode 'bash scripts/run.sh bench'.")
    with tempfile.TemporaryDirectory() as tmp:
        bare_root = Path(tmp)
        shutil.copytree(site / "assets" / "pyodide", bare_root / "assets" / "pyodide")
        (bare_root / "bare").mkdir()
        (bare_root / "bare" / "index.html").write_text(BARE_HTML, encoding="utf-8")
        (bare_root / "bare" / "bare-worker.mjs").write_text(BARE_WORKER, encoding="utf-8")
        ours_server, ours_url = start(site)
        bare_server, bare_url = start(bare_root)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
                ours: list[float] = []
                bare: list[float] = []
                warm: list[float] = []
                ours_bytes = bare_bytes = 0
                files: list[str] = []
                for _ in range(RUNS):
                    cold, ours_bytes, files, warm_runs = cold_ours(browser, ours_url)
                    ours.append(cold)
                    warm.extend(warm_runs)
                    elapsed, bare_bytes = cold_bare(browser, bare_url)
                    bare.append(elapsed)
                browser.close()
        finally:
            ours_server.shutdown()
            bare_server.shutdown()
    ours_cold = statistics.median(ours)
    bare_cold = statistics.median(bare)
    warm_median = statistics.median(warm)
    cold_ratio = ours_cold / bare_cold
    warm_ratio = warm_median / ours_cold
    print(f"Benchmark das calculadoras — {dt.date.today().isoformat()} — Chromium headless, servidor local")
    print(f"  nosso, frio (clique → 1º resultado): {ours_cold:8.0f} ms  (execuções: "
          + ", ".join(f"{v:.0f}" for v in ours) + ")")
    print(f"  nosso, quente (recálculo, mediana de {len(warm)}): {warm_median:8.1f} ms  "
          f"(mín. {min(warm):.1f}, máx. {max(warm):.1f})")
    print(f"  Pyodide puro, frio (clique → loadPyodide + 1+1): {bare_cold:8.0f} ms  (execuções: "
          + ", ".join(f"{v:.0f}" for v in bare) + ")")
    print(f"  bytes transferidos, nosso (a partir do clique): {_grouped(ours_bytes)} ({len(files)} arquivos)")
    print(f"  bytes transferidos, Pyodide puro: {_grouped(bare_bytes)}")
    print(f"  razão nosso/puro (frio): {cold_ratio:.3f}  (meta ≤ 1,10: {'ok' if cold_ratio <= 1.10 else 'NÃO'})")
    print(f"  razão quente/frio: 1/{1 / warm_ratio:.0f}  (meta ≤ 1/50: {'ok' if warm_ratio <= 1 / 50 else 'NÃO'})")


if __name__ == "__main__":
    main()
