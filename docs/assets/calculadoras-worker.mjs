/* Estatutos Portuários — o motor das calculadoras: Pyodide num Web Worker (módulo).
 *
 * Mensagens recebidas:
 *   {type: "boot", indexURL, archiveURL}            carrega o Pyodide e o pacote calculators/
 *   {type: "run", id, name, inputs, dataURL}          roda calculators.api.run(name, inputs, data)
 * Mensagens enviadas:
 *   {type: "progress", text} | {type: "ready", ms} | {type: "error", message}
 *   {type: "result", id, json} | {type: "result", id, error}
 *
 * Nada de micropip nem CDN: o Pyodide vem de /assets/pyodide/ e as calculadoras de um .zip do
 * próprio site, desempacotado no sistema de arquivos do Pyodide com unpackArchive.
 */
import { loadPyodide } from "./pyodide/pyodide.mjs";

const EXTRACT_DIR = "/home/pyodide/calculadoras";
let engine = null;      // Promise<{run: PyProxy}>
const dataCache = new Map();  // dataURL -> Promise<string> ("" quando indisponível)

function progress(text) {
  self.postMessage({ type: "progress", text });
}

/* Downloads are counted as they arrive: the page shows "Baixando o motor de cálculo: 3,4 de 13,6 MB" and
 * its time limit only runs out when no byte arrives for a while (a slow phone connection still
 * loads). A failed download is reported at once: loadPyodide() itself would never settle. */
const download = { loaded: 0, total: 0, lastPost: 0 };

function megabytes(bytes) {
  return (bytes / 1e6).toLocaleString("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

function postDownload(force) {
  const now = performance.now();
  if (!force && now - download.lastPost < 250) return;
  download.lastPost = now;
  const total = download.total ? ` de ${megabytes(download.total)}` : "";
  progress(`Baixando o motor de cálculo: ${megabytes(download.loaded)}${total} MB…`);
}

function fail(message) {
  self.postMessage({ type: "error", message });
}

const nativeFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  let response;
  try {
    response = await nativeFetch(input, init);
  } catch (error) {
    fail(`falha ao baixar ${String(input)}`);
    throw error;
  }
  if (!response.ok) {
    fail(`arquivo indisponível (${response.status}): ${String(input)}`);
    return response;
  }
  if (!response.body || typeof TransformStream === "undefined") return response;
  download.total += Number(response.headers.get("Content-Length")) || 0;
  postDownload(true);
  const counted = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      download.loaded += chunk.byteLength;
      postDownload(false);
      controller.enqueue(chunk);
    },
  }));
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
};

self.addEventListener("unhandledrejection", (event) => {
  fail(String((event.reason && event.reason.message) || event.reason || "erro ao carregar"));
});

async function fetchArchive(url) {
  const response = await nativeFetch(url);
  if (!response.ok) throw new Error(`arquivo das calculadoras indisponível (${response.status})`);
  return response.arrayBuffer();
}

async function boot(message) {
  const started = performance.now();
  progress("Preparando o motor de cálculo no navegador…");
  const [pyodide, archive] = await Promise.all([
    loadPyodide({ indexURL: message.indexURL, stdout: () => {}, stderr: () => {} }),
    fetchArchive(message.archiveURL),
  ]);
  progress("Carregando as calculadoras…");
  pyodide.unpackArchive(archive, "zip", { extractDir: EXTRACT_DIR });
  pyodide.runPython(`
import json, sys
if ${JSON.stringify(EXTRACT_DIR)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(EXTRACT_DIR)})
`);
  const api = pyodide.pyimport("calculators.api");
  pyodide.globals.set("_ep_api", api);
  pyodide.runPython(`
def _ep_run(name, inputs_json, data_json):
    try:
        inputs = json.loads(inputs_json)
        data = json.loads(data_json) if data_json else None
    except ValueError:
        return json.dumps({"ok": False, "errors": [{"field": "", "message": "Entradas em formato inválido."}]})
    return json.dumps(_ep_api.run(name, inputs, data), ensure_ascii=False)
`);
  const run = pyodide.globals.get("_ep_run");
  return { run, ms: performance.now() - started };
}

function tables(url) {
  if (!url) return Promise.resolve("");
  if (!dataCache.has(url)) {
    dataCache.set(url, nativeFetch(url).then((r) => (r.ok ? r.text() : ""), () => ""));
  }
  return dataCache.get(url);
}

self.onmessage = async (event) => {
  const message = event.data || {};
  if (message.type === "boot") {
    if (!engine) engine = boot(message);
    try {
      const ready = await engine;
      self.postMessage({ type: "ready", ms: ready.ms });
    } catch (error) {
      engine = null;
      self.postMessage({ type: "error", message: String((error && error.message) || error) });
    }
    return;
  }
  if (message.type === "run") {
    try {
      if (!engine) throw new Error("motor não carregado");
      const { run } = await engine;
      const data = await tables(message.dataURL);
      const json = run(String(message.name), String(message.inputs), data);
      self.postMessage({ type: "result", id: message.id, json: String(json) });
    } catch (error) {
      self.postMessage({ type: "result", id: message.id, error: String((error && error.message) || error) });
    }
  }
};
