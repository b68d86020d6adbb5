/* Estatutos Portuários — o motor das calculadoras: Pyodide num Web Worker (módulo).
 *
 * Mensagens recebidas:
 *   {type: "boot", indexURL, stdLibURL, archiveURL, files, gzip}
 *                                                     carrega o Pyodide e o pacote calculators/
 *   {type: "run", id, name, inputs, dataURL}          roda calculators.api.run(name, inputs, data)
 * Mensagens enviadas:
 *   {type: "progress", text, loaded, total} | {type: "ready", ms} | {type: "error", message, kind}
 *   {type: "result", id, json} | {type: "result", id, error, kind}
 *   (kind "tabelas": as tabelas não vieram, tente de novo; "motor": o Python falhou; "versao": um
 *   arquivo do motor ou as tabelas são de outra construção do site que a da página)
 *
 * Uma construção de cada vez (issue 19): a página manda o hash de cada arquivo do motor e o id da
 * sua construção (<meta name="ep-versao">). Cada arquivo do motor baixado aqui é conferido pelo
 * hash antes de o motor ficar pronto (o pacote das calculadoras, antes de ser desempacotado), e
 * as tabelas pelo campo "versao" antes de qualquer cálculo: um arquivo de outra construção (um
 * site publicado de novo com a página aberta, um service worker de outra versão) nunca calcula.
 *
 * O Python responde sempre com um resultado ou uma mensagem (calculators.api.run_json), mesmo
 * para JSON malformado ou aninhado milhares de níveis; um .wasm servido com tipo errado e um
 * arquivo que não vem são avisados na hora; as tabelas que falharam são pedidas de novo na
 * próxima tentativa.
 *
 * Nada de micropip nem CDN: o Pyodide vem de /assets/pyodide/ e as calculadoras de um .zip do
 * próprio site, desempacotado no sistema de arquivos do Pyodide com unpackArchive.
 */
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { createCounter } from "./motor-contagem.mjs";
import { dropSnapshot, readSnapshot, saveSnapshot, snapshotKey } from "./motor-instantaneo.mjs";

const EXTRACT_DIR = "/home/pyodide/calculadoras";

/* Where the start-up time goes (read by the benchmark, benchmarks/calculators.py): each stage in
 * ms of this worker's clock, which starts when the page creates the worker. */
const stages = {};
function stage(name, start) {
  stages[name] = Math.round(performance.now() - start);
}
/* WebAssembly compile + instantiate of the engine (the longest one: Pyodide also compiles a tiny
 * helper module). With streaming it overlaps the .wasm download. */
for (const name of ["instantiateStreaming", "instantiate"]) {
  const original = WebAssembly[name];
  if (typeof original !== "function") continue;
  WebAssembly[name] = function (...args) {
    const start = performance.now();
    return original.apply(WebAssembly, args).then((result) => {
      const took = performance.now() - start;
      if (!(stages.wasm >= took)) {
        stages.wasm = Math.round(took);
        stages.wasmFim = Math.round(performance.now());
      }
      return result;
    });
  };
}
/* The last engine byte that arrived (Resource Timing: every fetch and import of this worker). */
function lastByte() {
  let end = 0;
  for (const entry of performance.getEntriesByType("resource")) end = Math.max(end, entry.responseEnd);
  return Math.round(end);
}
let engine = null;      // Promise<{run: PyProxy}>
/* The saved state still to be made (a normal start): taken after the first answer has been
 * sent, or, when the engine was only downloaded (no calculation asked for), once it sits idle. */
let snapshotTask = null;
const IDLE_SNAPSHOT_MS = 3000;
let runsAsked = 0;
function takeSnapshot() {
  const task = snapshotTask;
  snapshotTask = null;
  if (task) task();
}
const dataCache = new Map();  // dataURL -> Promise<string> ("" quando indisponível)

function progress(text) {
  self.postMessage({ type: "progress", text });
}

/* Downloads are counted as they arrive (motor-contagem.mjs: every engine file, decoded bytes
 * against the decoded sizes the build wrote): the page shows "Baixando o motor de cálculo: 45%
 * de 4,2 MB" and its time limit only runs out when no byte arrives for a while (a slow phone
 * connection still loads). A failed download is reported at once: loadPyodide() would never settle. */
let counter = createCounter([], () => {});
let downloadSize = 0;

function megabytes(bytes) {
  return (bytes / 1e6).toLocaleString("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

function postDownload(loaded, total) {
  const percent = total ? Math.floor((loaded / total) * 100) : 0;
  const size = downloadSize ? ` de ${megabytes(downloadSize)} MB` : "";
  self.postMessage({ type: "progress", text: `Baixando o motor de cálculo: ${percent}%${size}…`, loaded, total });
}

function fail(message) {
  self.postMessage({ type: "error", message });
}

/* ---------------------------------------------------------------- one build at a time
 * The page's build id and the content hash of each engine file of its build (boot message). */
let buildId = "";
let expectedHashes = new Map(); // engine file address (no query) -> sha256
let hashChecks = [];            // one promise per engine file downloaded by fetch

function otherBuild(reason) {
  const error = new Error(reason);
  error.kind = "versao";
  return error;
}

function plainAddress(url) {
  const clean = new URL(String(url), self.location.href);
  clean.search = "";
  clean.hash = "";
  return clean.href;
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/* The server's current build id (assets/versao.json, never precached), or "" when unknown. */
async function serverBuild() {
  try {
    const response = await nativeFetch(new URL("versao.json", self.location.href).href, { cache: "no-store" });
    const data = await response.json();
    return typeof data.versao === "string" ? data.versao : "";
  } catch {
    return "";
  }
}

/* Rejects when the bytes are not those of the page's build: kind "versao" when the server has
 * another build (a new deploy), else a download that arrived corrupted (kind "carga"). */
async function checkHash(address, bytes) {
  const want = expectedHashes.get(plainAddress(address));
  if (!want || !self.crypto || !crypto.subtle) return;
  if ((await sha256(bytes)) === want) return;
  const name = plainAddress(address).split("/").pop();
  const server = buildId ? await serverBuild() : "";
  if (server && server !== buildId) throw otherBuild(`${name} é de outra versão do site`);
  throw new Error(`${name} chegou diferente do esperado (cópia corrompida no caminho)`);
}

/* The tables must be of the page's build (their "versao"); unreadable ones are told elsewhere. */
function checkTablesBuild(text) {
  if (!buildId) return;
  let versao;
  try {
    versao = JSON.parse(text).versao;
  } catch {
    return;
  }
  if (versao !== buildId) throw otherBuild("as tabelas são de outra versão do site");
}

const nativeFetch = self.fetch.bind(self);
const checkedFetch = async (input, init) => {
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
  // With another type, WebAssembly.instantiateStreaming refuses the file and loadPyodide() waits
  // forever: say so at once.
  const address = String((input && input.url) || input);
  const type = (response.headers.get("Content-Type") || "").split(";")[0].trim().toLowerCase();
  if (/\.wasm(?:[?#]|$)/.test(address) && type !== "application/wasm") {
    fail(`o servidor entrega ${address.split("/").pop()} com o tipo «${type || "nenhum"}», e não application/wasm`);
  }
  return response;
};
const countedFetch = (input, init) => counter.wrap(checkedFetch)(input, init);
/* Each engine file Pyodide fetches (the .wasm, the standard library, the lock file) is hashed from
 * a copy of its body while the original goes on to Pyodide; boot() waits for every check. */
self.fetch = async (input, init) => {
  const response = await countedFetch(input, init);
  const address = String((input && input.url) || input);
  if (response.ok && response.body && expectedHashes.has(plainAddress(address))) {
    const check = response.clone().arrayBuffer().then((bytes) => checkHash(address, bytes));
    check.catch(() => {}); // awaited in boot()
    hashChecks.push(check);
  }
  return response;
};

self.addEventListener("unhandledrejection", (event) => {
  fail(String((event.reason && event.reason.message) || event.reason || "erro ao carregar"));
});

async function fetchArchive(url) {
  const response = await countedFetch(url);
  if (!response.ok) throw new Error(`arquivo das calculadoras indisponível (${response.status})`);
  const bytes = await response.arrayBuffer();
  await checkHash(url, bytes); // never unpacked when it is another build's
  return bytes;
}

/* The calculators' package, unpacked into Pyodide's file system and put on sys.path. */
function unpack(pyodide, archive) {
  pyodide.unpackArchive(archive, "zip", { extractDir: EXTRACT_DIR });
  pyodide.runPython(`
import sys
if ${JSON.stringify(EXTRACT_DIR)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(EXTRACT_DIR)})
`);
}

async function boot(message) {
  const started = performance.now();
  const files = Array.isArray(message.files) ? message.files : [];
  downloadSize = Number(message.gzip) || 0;
  buildId = String(message.versao || "");
  expectedHashes = new Map(files.filter((file) => file.sha256).map((file) => [plainAddress(file.href), file.sha256]));
  hashChecks = [];
  counter = createCounter(files, postDownload);
  // This worker and pyodide.mjs (its static import) have arrived whole before this runs.
  progress("Preparando o motor de cálculo no navegador…");
  counter.watchImports([self.location.href, new URL("motor-contagem.mjs", self.location.href).href,
    new URL("motor-instantaneo.mjs", self.location.href).href,
    new URL("pyodide.mjs", message.indexURL).href]);
  counter.post(true);
  const options = { indexURL: message.indexURL, stdout: () => {}, stderr: () => {} };
  // The trimmed standard library the build made (macros/exporters/engine.py).
  if (message.stdLibURL) options.stdLibURL = message.stdLibURL;
  const archiveLoad = fetchArchive(message.archiveURL);
  archiveLoad.catch(() => {}); // awaited below; the error is reported there
  // A package of another build (or none) ends the start at once, without waiting for Pyodide.
  const archiveRefused = archiveLoad.then(() => new Promise(() => {}));
  archiveRefused.catch(() => {});
  // The saved state of this build (motor-instantaneo.mjs), if there is a usable one.
  const key = await snapshotKey(files, message.versao);
  let start = performance.now();
  const saved = await readSnapshot(self.location.href, key);
  let pyodide = null;
  let api = null;
  if (saved) {
    try {
      pyodide = await Promise.race([loadPyodide({ ...options, _loadSnapshot: saved }), archiveRefused]);
      stages.pronto = Math.round(performance.now());
      const archive = await archiveLoad;
      counter.finish(); // the download is over: the page stops saying «Baixando…»
      progress("Carregando as calculadoras…");
      unpack(pyodide, archive);
      api = pyodide.pyimport("calculators.api");
      if (pyodide.runPython("1 + 1") !== 2) throw new Error("estado salvo inválido");
      stage("instantaneo", start);
    } catch (error) {
      if (error && error.kind === "versao") throw error; // the snapshot is good; the files are not
      // Unusable (another Pyodide, a broken heap): thrown away, and the normal start follows.
      pyodide = null;
      api = null;
      await dropSnapshot(self.location.href, key);
    }
  }
  if (!pyodide) {
    pyodide = await Promise.race([loadPyodide({ ...options, _makeSnapshot: true }), archiveRefused]);
    stages.pronto = Math.round(performance.now());
    const archive = await archiveLoad;
    counter.finish();
    progress("Carregando as calculadoras…");
    start = performance.now();
    unpack(pyodide, archive);
    stage("desempacotar", start);
    start = performance.now();
    api = pyodide.pyimport("calculators.api");
    stage("importar", start);
    // The state with the calculators imported is saved for the next start, but only after this
    // start's first answer (takeSnapshot below): the first calculation never waits for it.
    const made = pyodide;
    snapshotTask = () => {
      try {
        const bytes = made.makeMemorySnapshot();
        saveSnapshot(self.location.href, key, bytes).then((kept) => { stages.guardado = kept; });
      } catch {
        stages.guardado = false; // Pyodide could not take it: the next start is the normal one
      }
    };
  }
  // Every engine file fetched was this build's: else nothing is computed (kind "versao").
  await Promise.all(hashChecks);
  stages.busca = lastByte();
  stages.python = stages.pronto - (stages.wasmFim || 0);
  const run = (name, inputs, data) => api.run_json(name, inputs, data);
  return { run, ms: performance.now() - started };
}

/* The engine is kept for offline use however its download started. When the person taps «Baixar»
 * before the service worker controls the page, this worker's downloads bypass it and nothing is
 * cached; so, once the engine is ready, every engine file missing from the engine's cache is put
 * there, under the key the service worker reads (address + "?v=" + content hash). The bytes come
 * from the browser's HTTP cache (just downloaded) and are checked against the build's hash. */
async function keepForOffline(files) {
  if (!self.caches || !self.crypto || !crypto.subtle) return;
  try {
    const cache = await caches.open("ep-motor");
    for (const file of files) {
      if (!file.sha256) continue;
      const key = `${file.href}?v=${file.sha256.slice(0, 20)}`;
      if (await cache.match(key)) continue;
      const response = await nativeFetch(file.href, { cache: "force-cache", credentials: "same-origin" });
      if (!response.ok) continue;
      const bytes = await response.arrayBuffer();
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
      if (hex !== file.sha256) continue; // another build's file: never mixed in
      const type = response.headers.get("Content-Type") || "application/octet-stream";
      await cache.put(key, new Response(bytes, { status: 200, headers: { "Content-Type": type } }));
    }
  } catch {
    /* no storage (private mode, quota): the calculator still works online */
  }
}

/* The decree's tables (for the calculators that need data). A failed download is not kept: the next attempt asks again. */
function tables(url) {
  if (!url) return Promise.resolve("");
  if (!dataCache.has(url)) {
    const loading = nativeFetch(url).then((r) => {
      if (!r.ok) throw new Error(`as tabelas de 1945 não vieram (${r.status})`);
      return r.text().then((text) => {
        checkTablesBuild(text);
        return text;
      });
    }, () => {
      throw new Error("as tabelas de 1945 não vieram (falha de rede)");
    });
    loading.catch(() => dataCache.delete(url));
    dataCache.set(url, loading);
  }
  return dataCache.get(url);
}

self.onmessage = async (event) => {
  const message = event.data || {};
  if (message.type === "boot") {
    if (!engine) engine = boot(message);
    try {
      const ready = await engine;
      self.postMessage({ type: "ready", ms: ready.ms, stages });
      keepForOffline(Array.isArray(message.files) ? message.files : []);
      // No calculation asked for (the engine was downloaded for later): the state is saved once
      // the worker has been idle a moment; a calculation that comes first takes precedence.
      setTimeout(() => { if (!runsAsked) takeSnapshot(); }, IDLE_SNAPSHOT_MS);
    } catch (error) {
      engine = null;
      self.postMessage({ type: "error", message: String((error && error.message) || error), kind: error && error.kind });
    }
    return;
  }
  if (message.type === "run") {
    runsAsked += 1;
    // The reader sees the last line of a Python error ("RuntimeError: …"), never a traceback.
    const reason = (error) => {
      const lines = String((error && error.message) || error).trim().split("\n");
      return lines[lines.length - 1].trim().slice(0, 300);
    };
    let data;
    try {
      data = await tables(message.dataURL);
    } catch (error) {
      self.postMessage({ type: "result", id: message.id, kind: error.kind || "tabelas", error: reason(error) });
      return;
    }
    try {
      if (!engine) throw new Error("motor não carregado");
      const { run } = await engine;
      const start = performance.now();
      const json = run(String(message.name), String(message.inputs), data);
      if (stages.calculo === undefined) stage("calculo", start);
      self.postMessage({ type: "result", id: message.id, json: String(json), stages });
      // The answer is on its way to the page: now the state can be saved for the next start.
      setTimeout(takeSnapshot, 0);
    } catch (error) {
      self.postMessage({ type: "result", id: message.id, kind: "motor", error: reason(error) });
    }
  }
};
