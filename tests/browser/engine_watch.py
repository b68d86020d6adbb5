"""What the browser tests see of the calculators' engine, without a hook in the site's code
(issue 27: no test seam in what ships).

One init script (Playwright's ``add_init_script``: it runs before the page's own scripts, in every
page of a context; ``conftest.browser`` adds it to every context the tests make, the benchmark to
its own) wraps the page's ``Worker`` and ``setTimeout``:

- ``window.epMotores``: how many engine workers the page created (a new one per start);
- ``window.epEtapas``: the worker's start-up stages (ms), as its ``ready`` and ``result`` messages
  carry them, with ``pagina``: the page's clock when the worker was created;
- ``window.epParado = ms``: the stall limit the page sends the worker (``boot`` and ``run``);
- ``window.epSemResposta = ms``: the limit for a first byte the page sends it (the same messages);
- ``window.epPrazos = {ms: other}``: a page timer of ``ms`` runs after ``other`` instead — the
  engine's time limits, :data:`LOAD_TIMEOUT_MS` and :data:`RUN_TIMEOUT_MS`.
"""

from __future__ import annotations

# The engine client's time limits (docs/assets/js/engine/client.mjs, TIMEOUT_MS and RUN_TIMEOUT_MS).
LOAD_TIMEOUT_MS = 60_000
RUN_TIMEOUT_MS = 30_000

ENGINE_WATCH = r"""
(() => {
  if (window.epMotores !== undefined) return;
  window.epMotores = 0;
  window.epEtapas = null;
  window.epPrazos = {};
  const Native = window.Worker;
  if (typeof Native === "function") {
    const Watched = function (url, options) {
      const worker = new Native(url, options);
      if (!String(url).includes("calculadoras-worker")) return worker;
      window.epMotores += 1;
      const created = Math.round(performance.now());
      worker.addEventListener("message", (event) => {
        const data = event.data || {};
        if (data.stages && (data.type === "ready" || data.type === "result")) {
          window.epEtapas = Object.assign({ pagina: created }, data.stages);
        }
      });
      const post = worker.postMessage;
      worker.postMessage = function (message, ...rest) {
        if (message && (message.type === "boot" || message.type === "run") && window.epParado) {
          message = Object.assign({}, message, { parado: window.epParado });
        }
        if (message && (message.type === "boot" || message.type === "run") && window.epSemResposta) {
          message = Object.assign({}, message, { semResposta: window.epSemResposta });
        }
        return post.call(this, message, ...rest);
      };
      return worker;
    };
    Watched.prototype = Native.prototype;
    window.Worker = Watched;
  }
  const later = window.setTimeout;
  window.setTimeout = function (fn, ms, ...rest) {
    const other = window.epPrazos[ms];
    return later.call(this, fn, other === undefined ? ms : other, ...rest);
  };
})();
"""


def limits(load_ms: int | None = None, run_ms: int | None = None) -> str:
    """The script that sets the engine's time limits for the page (``page.evaluate`` or an init script)."""
    pairs = [(LOAD_TIMEOUT_MS, load_ms), (RUN_TIMEOUT_MS, run_ms)]
    return "".join(f"window.epPrazos[{old}] = {new};" for old, new in pairs if new is not None)
