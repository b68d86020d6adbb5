/* Estatutos Portuários — o motor das calculadoras: Pyodide num Web Worker (módulo).
 *
 * Mensagens recebidas:
 *   {type: "boot", indexURL, stdLibURL, archiveURL, files, gzip, parado, recarregar}
 *                                                     carrega o Pyodide e o pacote calculators/
 *   {type: "run", id, name, inputs, dataURL, parado}  roda calculators.api.run(name, inputs, data)
 * Mensagens enviadas:
 *   {type: "progress", text, loaded, total} | {type: "ready", ms} | {type: "error", message, kind}
 *   {type: "guardado"} (todos os arquivos do motor desta construção estão no cache do aparelho)
 *   {type: "dados", id} (as tabelas estão chegando) | {type: "result", id, json}
 *   {type: "result", id, error, kind}
 *   (kind "tabelas": as tabelas não vieram, tente de novo; "motor": o Python falhou; "versao": um
 *   arquivo do motor ou as tabelas são de outra construção do site que a da página)
 *
 * Uma construção de cada vez (issue 19): a página manda o hash de cada arquivo do motor e o id da
 * sua construção (<meta name="ep-versao">). Cada arquivo do motor baixado aqui é conferido pelo
 * hash antes de o motor ficar pronto (o pacote das calculadoras, antes de ser desempacotado), e
 * as tabelas pelo campo "versao" antes de qualquer cálculo. Um hash diferente é outra construção
 * se o servidor diz que a sua é outra (assets/versao.json), ou se o hash que o servidor publica
 * para esse arquivo (assets/motor.json) não é o da página (o mesmo commit construído de novo com
 * outro motor: mesmo rótulo, outro conteúdo); senão, uma cópia danificada. Um
 * arquivo de outra construção (um site publicado de novo com a página aberta, um service worker
 * de outra versão) nunca calcula: falha "versao", e a página oferece a versão nova.
 *
 * O Python responde sempre com um resultado ou uma mensagem (calculators.api.run_json), mesmo
 * para JSON malformado ou aninhado milhares de níveis. Cada falha é dita na hora, em palavras
 * simples, nunca com um traceback:
 * - um .wasm servido com tipo errado, um arquivo que não vem, um .wasm que não compila (cortado,
 *   pela metade, recusado pela política de segurança) e um download interrompido;
 * - um download parado (bytes que começaram a chegar e param por `parado` ms, STALL_MS se a
 *   página não disser outro): a conta é de falta de progresso, não de tempo total (numa conexão
 *   lenta o motor leva mais de um minuto). Um primeiro byte que demora é espera, não parada: a
 *   página diz «a conexão está lenta» com o tempo de espera, e só depois de `semResposta` ms
 *   (FIRST_BYTE_MS) sem resposta nenhuma, que o servidor não respondeu (network.mjs);
 * - a página de login de uma rede (um wi-fi público) servida com 200 no lugar de qualquer arquivo
 *   do motor ou das tabelas (tipo text/html, ou um corpo que começa com «<»): dito assim;
 * - um calculadoras.zip danificado (outro SHA-256 que o da construção): nada é desempacotado, e a
 *   cópia ruim sai dos caches;
 * - tabelas incompletas, que não são JSON ou que pararam de chegar: culpa das tabelas, nunca do
 *   motor; a cópia ruim não fica em cache nenhum e a próxima tentativa as busca de novo.
 * Depois de uma falha, a página pede `recarregar`: os arquivos do motor vêm da rede, não do cache
 * HTTP do navegador (que pode guardar uma cópia ruim).
 *
 * Nada de micropip nem CDN: o Pyodide vem de /assets/pyodide/ e as calculadoras de um .zip do
 * próprio site, desempacotado no sistema de arquivos do Pyodide com unpackArchive.
 */
// "pyodide": the copy the site serves (assets/pyodide/pyodide.mjs, from the pinned npm package),
// never bundled (macros/build/esbuild.mjs keeps it an import).
import { loadPyodide } from "pyodide";
import { CACHES } from "../common/constants.mjs";
import { ARRIVING, createCounter, createWatchdog, WAITING } from "./download-count.mjs";
import { FIRST_BYTE_MS, looksLikePage, PORTAL, STALL_MS } from "./network.mjs";
import { dropSnapshot, openSnapshot, saveSnapshot, snapshotKey } from "./snapshot.mjs";

const EXTRACT_DIR = "/home/pyodide/calculadoras";

/* Where the start-up time goes (read by the benchmark, benchmarks/calculators.py): each stage in
 * ms of this worker's clock, which starts when the page creates the worker. */
const stages = {};
function stage(name, start) {
  stages[name] = Math.round(performance.now() - start);
}
/* Why the engine's WebAssembly did not compile, in plain words. */
function wasmFailure(error) {
  const text = String((error && error.message) || error);
  if (/wasm-unsafe-eval|Content Security Policy|Refused to compile/i.test(text)) {
    return "uma regra de segurança do servidor não deixou o navegador rodar o motor";
  }
  if (error instanceof WebAssembly.CompileError) return "o motor chegou incompleto ou danificado";
  if (error instanceof TypeError) return "o download do motor foi interrompido";
  return "o motor não pôde ser iniciado neste navegador";
}

/* Large enough to be the engine (not the tiny helper module Pyodide tries, and may refuse, first). */
function isEngine(source) {
  if (source instanceof WebAssembly.Module) return false;
  return !(source && typeof source.byteLength === "number" && source.byteLength < 65536);
}

/* WebAssembly compile + instantiate of the engine (the longest one: Pyodide also compiles a tiny
 * helper module). With streaming it overlaps the .wasm download. Pyodide only logs a failure
 * here and then waits forever: it is reported at once. */
for (const name of ["instantiateStreaming", "instantiate"]) {
  const original = WebAssembly[name];
  if (typeof original !== "function") continue;
  WebAssembly[name] = function (...args) {
    if (name === "instantiateStreaming") counter.reading();
    const start = performance.now();
    return original.apply(WebAssembly, args).then((result) => {
      const took = performance.now() - start;
      if (!(stages.wasm >= took)) {
        stages.wasm = Math.round(took);
        stages.wasmFim = Math.round(performance.now());
      }
      return result;
    }, (error) => {
      if (name === "instantiateStreaming" || isEngine(args[0])) fail(wasmFailure(error));
      throw error;
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
/* The saved state still to be made (a normal start). */
let snapshotTask = null;
function takeSnapshot() {
  const task = snapshotTask;
  snapshotTask = null;
  if (task) task();
}
/* Work that can wait — the saved state (a copy of the whole memory, compressed), the engine kept
 * for offline use (every file hashed) — runs once the worker has been idle for IDLE_MS after
 * its start or its last answer: a calculation asked meanwhile is answered first and puts it off.
 * The first answer never waits for it, and neither does a recalculation right after it (issue 27:
 * they waited behind the saved state, about 100 ms). */
const IDLE_MS = 1000;
const idleWork = [];
let idleTimer = null;
function whenIdle(task) {
  idleWork.push(task);
  idleAgain();
}
function idleAgain() {
  clearTimeout(idleTimer);
  idleTimer = idleWork.length ? setTimeout(doIdleWork, IDLE_MS) : null;
}
function notIdle() {
  clearTimeout(idleTimer);
  idleTimer = null;
}
function doIdleWork() {
  idleTimer = null;
  const task = idleWork.shift();
  if (task) Promise.resolve().then(task).catch(() => {}).then(idleAgain);
}
const dataCache = new Map();  // dataURL -> Promise<string> ("" quando indisponível)
// The time limits of a download (network.mjs); the page sends them ("parado", "semResposta").
let stallMs = STALL_MS;     // bytes that began to arrive and stop for this long: the download stopped
let answerMs = FIRST_BYTE_MS; // no first byte for this long: the server did not answer

function limitsOf(message) {
  if (Number(message.parado) > 0) stallMs = Number(message.parado);
  if (Number(message.semResposta) > 0) answerMs = Number(message.semResposta);
}

function seconds(ms) {
  return Math.max(1, Math.round(ms / 1000));
}

function stalled() {
  return `o download parou: nada chegou em ${seconds(stallMs)} s`;
}

function noAnswer() {
  return `o servidor não respondeu em ${seconds(answerMs)} s: a conexão está lenta demais ou caiu`;
}

function tablesStalled() {
  return `as tabelas de 1945 pararam de chegar: nada chegou em ${seconds(stallMs)} s`;
}

function tablesNoAnswer() {
  return `as tabelas de 1945 não vieram: o servidor não respondeu em ${seconds(answerMs)} s`;
}

const TABLES_PORTAL = "as tabelas de 1945 não vieram porque a rede pediu login: em vez delas " +
  "chegou uma página da rede, como a de entrada de um wi-fi público; entre na rede pelo navegador e tente de novo";

function progress(text) {
  self.postMessage({ type: "progress", text });
}

/* Downloads are counted as they arrive (download-count.mjs: every engine file, decoded bytes
 * against the decoded sizes the build wrote): the page shows "Baixando o motor de cálculo: 45%
 * de 4,2 MB" and its time limit only runs out when no byte arrives for a while (a slow phone
 * connection still loads). A failed download is reported at once: loadPyodide() would never settle. */
let counter = createCounter([], () => {});
let downloadSize = 0;

function megabytes(bytes) {
  return (bytes / 1e6).toLocaleString("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/* waited: ms without a first byte of a file (the connection is slow: the page says so, and for how long). */
function postDownload(loaded, total, waited) {
  const percent = total ? Math.floor((loaded / total) * 100) : 0;
  const size = downloadSize ? ` de ${megabytes(downloadSize)} MB` : "";
  const slow = waited ? `A conexão está lenta: esperando o servidor há ${seconds(waited)} s. ` : "";
  self.postMessage({ type: "progress", text: `${slow}Baixando o motor de cálculo: ${percent}%${size}…`, loaded, total, lenta: Boolean(waited) });
}

function fail(message) {
  self.postMessage({ type: "error", message });
}

/* The last line of an error (a Python traceback's "ValueError: …"), never the traceback. */
function plain(error) {
  const lines = String((error && error.message) || error || "erro ao carregar").trim().split("\n");
  return lines[lines.length - 1].trim().slice(0, 300);
}

/* A damaged copy is taken out of every cache of the site (the engine's, the service worker's
 * precache, whose keys carry a revision in the query); the browser's HTTP cache is bypassed by
 * the next attempt (cache: "reload"). */
async function forget(url) {
  if (!self.caches) return;
  try {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      await cache.delete(url, { ignoreSearch: true });
    }
  } catch {
    /* no Cache Storage: nothing kept */
  }
}

/* Set by the page after a failed start: every engine file comes from the network again. */
let reload = false;
const engineFiles = new Set();

function sameFile(input) {
  const url = new URL(String((input && input.url) || input), self.location.href);
  url.search = "";
  url.hash = "";
  return url.href;
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

/* The SHA-256 the server publishes now for an engine file (assets/motor.json, its "files"), or ""
 * when unknown. The label (versao.json) is a commit and a date: the same commit built again with
 * another engine keeps it, and only the content tells the builds apart. */
async function serverHash(address) {
  try {
    const report = new URL("motor.json", self.location.href);
    const response = await nativeFetch(report.href, { cache: "no-store" });
    const data = await response.json();
    const site = new URL("../", report);
    for (const file of (data && Array.isArray(data.files) ? data.files : [])) {
      if (file && typeof file.url === "string" && sameFile(new URL(file.url, site).href) === sameFile(address)) {
        return typeof file.sha256 === "string" ? file.sha256 : "";
      }
    }
  } catch {
    /* no answer, or not the build's report: unknown */
  }
  return "";
}

/* True when the bytes are those of the page's build (or no hash is known). When not: a "versao"
 * error if the server has another build (a new deploy: another label in versao.json, or another
 * hash for this file in motor.json), else false (a damaged copy). */
async function sameBuildBytes(address, bytes) {
  const want = expectedHashes.get(sameFile(address));
  if (!want || !self.crypto || !crypto.subtle) return true;
  if ((await sha256(bytes)) === want) return true;
  const server = buildId ? await serverBuild() : "";
  if (server && server !== buildId) throw otherBuild("um arquivo do motor é de outra versão do site");
  const published = await serverHash(address);
  if (published && published !== want) throw otherBuild("o motor do servidor é outro que o desta página");
  return false;
}

/* The tables must be of the page's build (their "versao"). */
function checkTablesBuild(tablesJson) {
  if (buildId && tablesJson && tablesJson.versao !== buildId) {
    throw otherBuild("as tabelas são de outra versão do site");
  }
}

const nativeFetch = self.fetch.bind(self);
const checkedFetch = async (input, init) => {
  let response;
  if (reload && engineFiles.has(sameFile(input)) && !(input instanceof Request)) {
    init = { ...(init || {}), cache: "reload" };
  }
  try {
    response = await nativeFetch(input, init);
  } catch (error) {
    fail("a conexão caiu durante o download do motor");
    throw error;
  }
  if (!response.ok) {
    fail(`o servidor não entregou um arquivo do motor (erro ${response.status})`);
    return response;
  }
  const address = String((input && input.url) || input);
  if (!engineFiles.has(sameFile(address))) return response;
  const type = (response.headers.get("Content-Type") || "").split(";")[0].trim().toLowerCase();
  // A network's login page (a captive portal) in place of any engine file: Pyodide would say
  // «Program terminated», «Unexpected token '<'» or nothing at all.
  if (looksLikePage(type, [])) throw portal();
  if (/\.wasm(?:[?#]|$)/.test(address)) {
    // With another type, WebAssembly.instantiateStreaming refuses the file and loadPyodide() waits
    // forever: say so at once. The .wasm goes on untouched (its compiled code is cached only
    // for the browser's own response).
    if (type !== "application/wasm") {
      fail(`o servidor entrega o arquivo principal do motor com o tipo «${type || "nenhum"}», e não application/wasm`);
    }
    return response;
  }
  // Any other engine file: its first bytes are looked at (a page starts with «<») and handed on.
  return firstBytesChecked(response);
};

function portal() {
  fail(PORTAL);
  return new Error(PORTAL);
}

/* The response, its body read up to the first chunk: a page («<…») is a captive portal's. The
 * caller gets a response with the same status, headers and whole body. */
async function firstBytesChecked(response) {
  if (!response.body) return response;
  const reader = response.body.getReader();
  let first;
  try {
    first = await reader.read();
  } catch (error) {
    first = { error };
  }
  if (!first.error && !first.done && looksLikePage("", first.value.subarray(0, 64))) {
    reader.cancel().catch(() => {});
    throw portal();
  }
  const body = new ReadableStream({
    start(controller) {
      if (first.error) controller.error(first.error);
      else if (first.done) controller.close();
      else controller.enqueue(first.value);
    },
    async pull(controller) {
      try {
        const step = await reader.read();
        if (step.done) controller.close();
        else controller.enqueue(step.value);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
const countedFetch = (input, init) => counter.wrap(checkedFetch)(input, init);
/* Each engine file Pyodide fetches (the .wasm, the standard library, the lock file) is hashed from
 * a copy of its body while the original goes on to Pyodide; boot() waits for every check. */
self.fetch = async (input, init) => {
  const response = await countedFetch(input, init);
  const address = String((input && input.url) || input);
  if (response.ok && response.body && expectedHashes.has(sameFile(address))) {
    const check = response.clone().arrayBuffer().then(async (bytes) => {
      if (await sameBuildBytes(address, bytes)) return;
      await forget(address);
      throw new Error(`um arquivo do motor chegou danificado (${sameFile(address).split("/").pop()})`);
    });
    check.catch(() => {}); // awaited in boot()
    hashChecks.push(check);
  }
  return response;
};

self.addEventListener("unhandledrejection", (event) => {
  fail(plain(event.reason));
  event.preventDefault(); // told to the page, in words: not an error of the page
});

const DAMAGED = "o arquivo das calculadoras chegou danificado (uma rede que pede login, como a de " +
  "um wi-fi público, pode ter mandado outra página no lugar)";

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/* The calculators' zip, checked before anything is unpacked: a zip («PK\3\4»), and the SHA-256
 * the build wrote (assets/motor.json), when the page gave it. */
async function fetchArchive(url, expected) {
  const response = await countedFetch(url);
  if (!response.ok) throw new Error(`arquivo das calculadoras indisponível (${response.status})`);
  const bytes = await response.arrayBuffer();
  const head = new Uint8Array(bytes, 0, Math.min(4, bytes.byteLength));
  const isZip = head.length === 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4;
  // Another build's package (a valid zip, the server on a new build) is never unpacked: "versao".
  if (!isZip || (expected && !(await sameBuildBytes(url, bytes)))) {
    await forget(url);
    throw new Error(DAMAGED);
  }
  return bytes;
}

/* The calculators' package, unpacked into Pyodide's file system and put on sys.path. */
function unpack(pyodide, archive) {
  try {
    pyodide.unpackArchive(archive, "zip", { extractDir: EXTRACT_DIR });
  } catch {
    throw new Error(DAMAGED);
  }
  pyodide.runPython(`
import sys
if ${JSON.stringify(EXTRACT_DIR)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(EXTRACT_DIR)})
`);
}

async function boot(message) {
  const started = performance.now();
  stages.inicio = Math.round(started); // this worker and its modules read: the start begins
  const files = Array.isArray(message.files) ? message.files : [];
  downloadSize = Number(message.gzip) || 0;
  reload = Boolean(message.recarregar);
  buildId = String(message.versao || "");
  expectedHashes = new Map(files.filter((file) => file.sha256).map((file) => [sameFile(file.href), file.sha256]));
  hashChecks = [];
  limitsOf(message);
  files.forEach((file) => engineFiles.add(sameFile(file.href)));
  counter = createCounter(files, postDownload);
  // Bytes that stop: the download stopped. No first byte: slow (said), then no answer.
  counter.watch({ stall: stallMs, answer: answerMs }, { onStall: () => fail(stalled()), onNoAnswer: () => fail(noAnswer()) });
  // This worker and pyodide.mjs (its static import) have arrived whole before this runs.
  progress("Preparando o motor de cálculo no navegador…");
  counter.watchImports([self.location.href,
    new URL("pyodide.mjs", message.indexURL).href]);
  counter.post(true);
  const options = { indexURL: message.indexURL, stdout: () => {}, stderr: () => {} };
  // The trimmed standard library the build made (macros/build/engine.py).
  if (message.stdLibURL) options.stdLibURL = message.stdLibURL;
  const archiveFile = files.find((file) => sameFile(file.href) === sameFile(message.archiveURL));
  const archiveLoad = fetchArchive(message.archiveURL, archiveFile && archiveFile.sha256);
  archiveLoad.catch(() => {}); // awaited below; the error is reported there
  // A package of another build (or a damaged one) ends the start at once, without waiting for Pyodide.
  const archiveRefused = archiveLoad.then(() => new Promise(() => {}));
  archiveRefused.catch(() => {});
  // The saved state of this build (snapshot.mjs), if there is a usable one.
  const key = await snapshotKey(files, message.versao);
  let start = performance.now();
  // Only the cache lookup is awaited: the snapshot is unpacked while Pyodide fetches and compiles.
  const saved = await openSnapshot(self.location.href, key);
  let pyodide = null;
  let api = null;
  if (saved) {
    saved.bytes.then(() => { stages.estadoLido = Math.round(performance.now()); }, () => {});
    try {
      pyodide = await Promise.race([loadPyodide({ ...options, _loadSnapshot: saved.bytes }), archiveRefused]);
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
    // start's first answer, once the worker is idle (whenIdle): no calculation waits for it.
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
  // Every engine file fetched was this build's: else nothing is computed.
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
 * from the browser's HTTP cache (just downloaded) and are checked against the build's hash.
 * True when every engine file of this build is in the cache afterwards (the page's next visit may
 * then start the engine early: early.mjs). */
async function keepForOffline(files) {
  if (!self.caches || !self.crypto || !crypto.subtle || !files.length) return false;
  let missing = 0;
  try {
    const cache = await caches.open(CACHES.engine);
    for (const file of files) {
      missing += 1; // until it is found, or kept, below
      if (!file.sha256) continue;
      const key = `${file.href}?v=${file.sha256.slice(0, 20)}`;
      if (await cache.match(key)) {
        missing -= 1;
        continue;
      }
      const response = await nativeFetch(file.href, { cache: "force-cache", credentials: "same-origin" });
      if (!response.ok) continue;
      const bytes = await response.arrayBuffer();
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
      if (hex !== file.sha256) continue; // another build's file: never mixed in
      const type = response.headers.get("Content-Type") || "application/octet-stream";
      await cache.put(key, new Response(bytes, { status: 200, headers: { "Content-Type": type } }));
      missing -= 1;
    }
  } catch {
    return false; // no storage (private mode, quota): the calculator still works online
  }
  return missing === 0;
}

/* The decree's tables (for the calculators that need data), read with a watchdog (as the engine's
 * download): bytes that began and stop for stallMs, the download stopped; no first byte for
 * answerMs, the server did not answer; meanwhile, past SLOW_MS, onWait(ms) (the page says the
 * connection is slow). They must be whole JSON (a cut file is not); a network's login page served
 * with 200 in their place (text/html, or «<…») is told as such. */
async function fetchTables(url, fresh, onBytes, onWait) {
  const controller = new AbortController();
  let begun = false;
  let why = "";
  const watchdog = createWatchdog({ stall: stallMs, answer: answerMs }, () => (begun ? ARRIVING : WAITING), {
    onStall: () => { why = tablesStalled(); controller.abort(); },
    onNoAnswer: () => { why = tablesNoAnswer(); controller.abort(); },
    onSlow: onWait,
  });
  try {
    let response;
    try {
      response = await nativeFetch(url, { signal: controller.signal, cache: fresh ? "reload" : "default" });
      watchdog.moved();
      if (!response.ok) throw new Error(`as tabelas de 1945 não vieram (${response.status})`);
      if (looksLikePage(response.headers.get("Content-Type"), [])) {
        await forget(url);
        throw new Error(TABLES_PORTAL);
      }
      const reader = response.body.getReader();
      const chunks = [];
      for (;;) {
        const step = await reader.read();
        if (step.done) break;
        if (!chunks.length && looksLikePage("", step.value.subarray(0, 64))) {
          reader.cancel().catch(() => {});
          await forget(url);
          throw new Error(TABLES_PORTAL);
        }
        chunks.push(step.value);
        begun = true;
        watchdog.moved();
        onBytes();
      }
      const text = await new Blob(chunks).text();
      let parsed;
      try {
        parsed = JSON.parse(text);
      } catch {
        await forget(url);
        throw new Error("as tabelas de 1945 não chegaram inteiras: o que veio estava cortado ou não era o arquivo das tabelas");
      }
      checkTablesBuild(parsed); // tables of another build: never computed with
      return text;
    } catch (error) {
      if (controller.signal.aborted) throw new Error(why || tablesStalled());
      if (error instanceof TypeError) throw new Error("as tabelas de 1945 não vieram (falha de rede)");
      throw error;
    }
  } finally {
    watchdog.stop();
  }
}

/* Pyodide's own module (pyodide.asm.mjs, imported with import()) did not load: it is fetched again
 * from the network (so the next worker does not take a bad copy from the HTTP cache), and true when
 * what comes is a page (a network's login, a captive portal). */
async function importedAsPage(error, indexURL) {
  if (!indexURL || !/dynamically imported module|module script failed|import/i.test(String((error && error.message) || ""))) return false;
  try {
    const response = await nativeFetch(new URL("pyodide.asm.mjs", indexURL).href, { cache: "reload", credentials: "same-origin" });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return response.ok && looksLikePage(response.headers.get("Content-Type"), bytes.subarray(0, 64));
  } catch {
    return false;
  }
}

/* A failed download is not kept: the next attempt asks again, from the network. */
const tablesFailed = new Set();
function tables(url, onBytes, onWait) {
  if (!url) return Promise.resolve("");
  if (!dataCache.has(url)) {
    const loading = fetchTables(url, tablesFailed.has(url), onBytes, onWait);
    loading.then(() => tablesFailed.delete(url), () => {
      dataCache.delete(url);
      tablesFailed.add(url);
    });
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
      // Once idle: the state saved for the next start, then the engine kept for offline use.
      whenIdle(takeSnapshot);
      whenIdle(() => keepForOffline(Array.isArray(message.files) ? message.files : []).then((kept) => {
        if (kept) self.postMessage({ type: "guardado" });
      }));
    } catch (error) {
      engine = null;
      const text = (await importedAsPage(error, message.indexURL)) ? PORTAL : plain(error);
      self.postMessage({ type: "error", message: text, kind: error && error.kind });
    }
    return;
  }
  if (message.type === "run") {
    notIdle(); // what can wait waits for this calculation
    limitsOf(message);
    // The reader sees the last line of a Python error ("RuntimeError: …"), never a traceback.
    const reason = (error) => {
      const lines = String((error && error.message) || error).trim().split("\n");
      return lines[lines.length - 1].trim().slice(0, 300);
    };
    let data;
    try {
      let lastTick = 0;
      // While the tables arrive the page's time limit for the calculation waits (a slow line is
      // not a stopped engine).
      data = await tables(message.dataURL, () => {
        const now = performance.now();
        if (now - lastTick < 250) return;
        lastTick = now;
        self.postMessage({ type: "dados", id: message.id });
      }, (waited) => {
        // No first byte yet: a slow connection, said with the time waited (and the page's time
        // limit for the calculation waits too).
        self.postMessage({ type: "dados", id: message.id,
          text: `A conexão está lenta: esperando as tabelas de 1945 há ${seconds(waited)} s…` });
      });
    } catch (error) {
      self.postMessage({ type: "result", id: message.id, kind: error.kind || "tabelas", error: reason(error) });
      idleAgain();
      return;
    }
    try {
      if (!engine) throw new Error("motor não carregado");
      const { run } = await engine;
      const start = performance.now();
      const json = run(String(message.name), String(message.inputs), data);
      if (stages.calculo === undefined) stage("calculo", start);
      self.postMessage({ type: "result", id: message.id, json: String(json), stages });
    } catch (error) {
      self.postMessage({ type: "result", id: message.id, kind: "motor", error: reason(error) });
    }
    idleAgain();
  }
};
