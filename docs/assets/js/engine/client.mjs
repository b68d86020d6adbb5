/* Estatutos Portuários — o cliente do motor de cálculo (nenhuma calculadora é nomeada aqui).
 *
 * Conversa com o Web Worker (engine/worker.mjs, que roda o Pyodide e calculators.api):
 * - só inicia o worker depois que a pessoa aceitou baixar o motor (engine/offer.mjs); na volta de
 *   quem tem o motor guardado, toma o worker que engine/early.mjs criou enquanto a página era lida
 *   (com as mensagens que ele já mandou), e registra quando o
 *   worker diz que o motor ficou guardado (a próxima visita começa cedo);
 * - conta o progresso (bytes de cada arquivo do motor contra o total da construção); o worker diz
 *   na hora um download que parou (bytes que param por 10 s), cortado, danificado, recusado ou
 *   trocado pela página de login de uma rede, diz «a conexão está lenta» enquanto um primeiro byte
 *   demora (engine/network.mjs), e esta página ainda desiste depois de 60 s sem sinal nenhum (o
 *   início do Python num celular lento); depois de uma falha, a tentativa seguinte busca o motor
 *   na rede, não no cache do navegador; um worker que nem começa (o seu módulo ou o do Pyodide
 *   não carregou) faz os módulos que ele importa serem buscados de novo;
 * - o worker fica numa variável deste módulo e sobrevive à navegação instantânea do Material:
 *   o Pyodide carrega uma vez por visita;
 * - um cálculo nunca deixa a página esperando: se o worker falha, morre ou para de responder
 *   (30 s; enquanto as tabelas chegam, o prazo espera), ele é descartado e a tentativa seguinte
 *   começa um worker novo; tabelas que não vieram inteiras ou pararam de chegar são uma falha das
 *   tabelas: o motor continua;
 * - classifica as falhas ("carga", "motor", "tabelas", "versao") e dá a mensagem de cada uma;
 * - uma construção de cada vez: antes de calcular, compara o id da construção da página
 *   (<meta name="ep-versao">) com o do service worker que a controla (mensagem EP_VERSAO); o
 *   worker confere o hash de cada arquivo do motor e a "versao" das tabelas. Qualquer diferença
 *   é a falha "versao": nada é calculado e a página oferece a versão nova (offline/registration.mjs).
 *
 * O formulário (calculators/form.mjs) é quem mostra as mensagens.
 */
import { assetsOf, pageBuild } from "../common/page.mjs";
import { busyWith, setEngine } from "../offline/warmup.mjs";
import { createWorker, FIRST_BYTE_MS, forgetKept, markKept, serviceWorkerBuild, STALL_MS, startedEarly, takeEarly } from "./early.mjs";
import { FILES } from "../common/constants.mjs";
import { looksLikePage, PORTAL } from "./network.mjs";
import { allowed as consented } from "./offer.mjs";

var ASSETS = assetsOf(import.meta.url);
// No sign of the engine for this long while it starts: it failed (a slow phone's Python start
// sends progress; a download sends bytes).
var TIMEOUT_MS = 60000;
// No answer to a calculation for this long (the tables arriving restart it): the engine stopped.
var RUN_TIMEOUT_MS = 30000;
var loadFailed = false; // a start failed: the next one fetches the engine from the network
var importsStale = false; // the worker's own modules did not load: fetched again before the next one
var refreshing = null;    // Promise of that fetch

var engine = null; // {worker, ready: Promise, pending: {}, nextId, loaded, stopped}
var listeners = [];
var readyListeners = [];

// ---------------------------------------------------------------- the worker's own modules
// The browser imports the worker's module and Pyodide's (pyodide.mjs) through its HTTP cache: a
// bad copy there (a network's login page) would fail every new worker. When a worker fails
// before saying anything, they are fetched again from the network (cache "reload" refreshes the
// HTTP cache), and a page in their place is told as the network's login.
function workerModules() {
  return [new URL(FILES.engineWorker, ASSETS).href, new URL("pyodide/pyodide.mjs", ASSETS).href];
}

function refetchModules() {
  return Promise.all(workerModules().map(function (url) {
    return fetch(url, { cache: "reload", credentials: "same-origin" }).then(function (response) {
      return response.arrayBuffer().then(function (bytes) {
        return { ok: response.ok, page: looksLikePage(response.headers.get("Content-Type"), new Uint8Array(bytes, 0, Math.min(64, bytes.byteLength))) };
      });
    }, function () { return { ok: false, page: false }; });
  })).then(function (answers) {
    importsStale = answers.some(function (answer) { return !answer.ok || answer.page; });
    return answers.some(function (answer) { return answer.ok && answer.page; });
  });
}

// ---------------------------------------------------------------- progress, consent
function progress(text, loaded, total) {
  listeners.forEach(function (fn) { fn(text, loaded, total); });
}

/* The person agreed to the engine (engine/offer.mjs). */
export function allowed() {
  return consented();
}

// ---------------------------------------------------------------- faults
// kind: "carga" (the engine did not load), "motor" (it failed or stopped during a calculation),
// "tabelas" (the decree's tables did not download), "versao" (the engine, the tables or the
// service worker belong to another build of the site than the page).
export function fault(kind, reason) {
  var error = new Error(String(reason || ""));
  error.kind = kind;
  return error;
}

var FAULTS = {
  carga: {
    css: "calc-erro-carga",
    status: "Motor de cálculo indisponível.",
    text: function (reason) {
      return "Não foi possível carregar o motor de cálculo no navegador (" + reason + "). Os " +
        "exemplos resolvidos abaixo continuam válidos. Tente de novo agora ou mais tarde.";
    }
  },
  motor: {
    css: "calc-erro-motor",
    status: "O cálculo não terminou.",
    text: function (reason) {
      return "O cálculo não terminou: o motor de cálculo falhou ou parou de responder (" + reason +
        "). Nada foi calculado. Ao tentar de novo, um novo motor é iniciado.";
    }
  },
  versao: {
    css: "calc-erro-versao",
    status: "Há uma versão nova do site.",
    text: function () {
      return "O site foi atualizado depois que esta página abriu. Para não misturar as duas " +
        "versões, nada foi calculado. Carregue a versão nova: o que você digitou continua no formulário.";
    }
  },
  tabelas: {
    css: "calc-erro-tabelas",
    status: "As tabelas não vieram.",
    text: function (reason) {
      return "Não foi possível baixar as tabelas do decreto de 1945 (" + reason + "). " +
        "Confira a conexão e tente de novo.";
    }
  }
};

// What the page says about a failure: {kind, css, status, text}.
export function describeFault(error) {
  var kind = error && FAULTS[error.kind] ? error.kind : "carga";
  var about = FAULTS[kind];
  var reason = String((error && error.message) || "motivo desconhecido").slice(0, 300);
  return { kind: kind, css: about.css, status: about.status, text: about.text(reason) };
}

// ---------------------------------------------------------------- the worker (one per visit)
function stopEngine(current, error) {
  if (current.stopped) return;
  current.stopped = true;
  try { current.worker.terminate(); } catch { /* already gone */ }
  Object.keys(current.pending).forEach(function (id) {
    var entry = current.pending[id];
    delete current.pending[id];
    clearTimeout(entry.timer);
    entry.reject(error);
  });
  if (engine === current) engine = null; // a next attempt starts a new worker
}

/* The engine, started once per visit (the early one taken if there is one): resolves when ready. */
export function startEngine() {
  if (engine) return engine.ready;
  if (!allowed()) return Promise.reject(fault("carga", "motor não autorizado"));
  if (importsStale) {
    // The last worker's modules did not load: fetched again first (once for every caller).
    if (!refreshing) {
      refreshing = refetchModules().then(function (page) {
        refreshing = null;
        if (page) throw fault("carga", PORTAL);
      }, function () { refreshing = null; });
    }
    progress("Carregando o motor de cálculo…");
    return refreshing.then(startEngine);
  }
  // The worker motor-cedo.js created as soon as the page was read (a return with the engine
  // kept), with the messages it sent meanwhile; else a new one, told to start now.
  var made = takeEarly();
  var received = made ? made.messages : [];
  if (!made) {
    progress("Carregando o motor de cálculo…");
    try {
      made = createWorker(loadFailed);
    } catch (error) {
      return Promise.reject(fault("carga", error && error.message));
    }
  }
  var worker = made.worker;
  var current = { worker: worker, pending: {}, nextId: 1, loaded: false, stopped: false };
  engine = current;
  current.ready = new Promise(function (resolve, reject) {
    // The time limit counts from the last sign of progress (each downloaded chunk is one), so
    // a slow connection that keeps receiving bytes is not cut off; a stalled one is.
    var timer = null;
    function arm() {
      clearTimeout(timer);
      timer = setTimeout(function () {
        loadFailed = true;
        reject(fault("carga", "tempo esgotado"));
      }, TIMEOUT_MS);
    }
    function broken(reason, kind) {
      clearTimeout(timer);
      if (current.loaded) {
        stopEngine(current, fault(kind || "motor", reason));
      } else {
        if (kind !== "versao") loadFailed = true; // another build's files are not damaged copies
        forgetKept(); // the next visit starts as a first one (no early start)
        reject(fault(kind || "carga", reason));
      }
    }
    arm();
    worker.onmessage = function (event) {
      var msg = event.data || {};
      if (msg.type === "progress") {
        // Once the engine is ready a late progress line would overwrite the form's own status
        // («Cálculo feito.», «falta só: …») with «Baixando…»: the download is over, it is dropped.
        if (current.loaded) return;
        arm();
        progress(msg.text, msg.loaded, msg.total);
      } else if (msg.type === "ready") {
        clearTimeout(timer);
        current.loaded = true;
        resolve();
        readyListeners.forEach(function (fn) { fn(); });
      } else if (msg.type === "guardado") {
        // Every engine file of this build is in this device's cache: the next visit starts early.
        markKept();
      } else if (msg.type === "dados") {
        // The tables are arriving: the calculation's time limit starts again (slow is not stopped).
        var waiting = current.pending[msg.id];
        if (waiting) armRun(current, waiting);
        if (waiting && msg.text) progress(msg.text); // «a conexão está lenta…»
      } else if (msg.type === "error") {
        broken(msg.message, msg.kind === "versao" ? "versao" : "");
      } else if (msg.type === "result") {
        var entry = current.pending[msg.id];
        if (!entry) return;
        delete current.pending[msg.id];
        clearTimeout(entry.timer);
        if (msg.error !== undefined && msg.kind === "tabelas") {
          entry.reject(fault("tabelas", msg.error));
        } else if (msg.error !== undefined && msg.kind === "versao") {
          // Tables of another build: this page computes nothing more (its engine is let go).
          entry.reject(fault("versao", msg.error));
          stopEngine(current, fault("versao", msg.error));
        } else if (msg.error !== undefined) {
          entry.reject(fault("motor", msg.error));
          stopEngine(current, fault("motor", msg.error));
        } else {
          entry.resolve(msg);
        }
      }
    };
    var heard = false; // the worker said something (its modules loaded)
    var onMessage = worker.onmessage;
    worker.onmessage = function (event) {
      heard = true;
      onMessage(event);
    };
    worker.onerror = function (event) {
      if (event && event.preventDefault) event.preventDefault();
      var reason = "falha no worker" + (event && event.message ? ": " + event.message : "");
      if (heard || current.loaded) {
        broken(reason);
        return;
      }
      // It never started: its modules are fetched again, and a page in their place is the network's.
      clearTimeout(timer);
      refetchModules().then(function (page) { broken(page ? PORTAL : reason); });
    };
    worker.onmessageerror = function () { broken("mensagem ilegível do worker"); };
    // What the early worker said before this page took it, in order.
    received.forEach(function (entry) {
      var handler = { message: worker.onmessage, error: worker.onerror, messageerror: worker.onmessageerror }[entry[0]];
      handler(entry[1]);
    });
  });
  current.ready.catch(function (error) { stopEngine(current, error); });
  // The site's background warm-up (offline/warmup.mjs) waits until the engine is in, or has failed.
  busyWith(current.ready);
  return current.ready;
}

// ---------------------------------------------------------------- one build at a time
// The page's build id, and the one of the service worker that controls it (asked once per
// controller, early.mjs; early, with the worker, on a return).
function sameBuild() {
  var sw = navigator.serviceWorker;
  var controller = sw && sw.controller;
  var mine = pageBuild();
  if (!controller || !mine) return Promise.resolve();
  return serviceWorkerBuild(controller).then(function (theirs) {
    if (theirs && theirs !== mine) throw fault("versao", "o service worker é de outra versão do site");
  });
}

function armRun(current, entry) {
  clearTimeout(entry.timer);
  entry.timer = setTimeout(function () {
    stopEngine(current, fault("motor", "o motor parou de responder"));
  }, RUN_TIMEOUT_MS);
}

// One calculation: the worker's answer ({json}) or a fault (error.kind).
export function calculate(name, inputs, needsData) {
  var answer = sameBuild().then(startEngine).then(function () {
    var current = engine;
    if (!current || current.stopped) throw fault("motor", "o motor parou");
    return new Promise(function (resolve, reject) {
      var id = current.nextId++;
      var entry = { resolve: resolve, reject: reject };
      armRun(current, entry);
      current.pending[id] = entry;
      current.worker.postMessage({
        type: "run",
        id: id,
        name: name,
        inputs: JSON.stringify(inputs),
        dataURL: needsData ? new URL("calculadoras-dados.json", ASSETS).href : "",
        parado: STALL_MS,
        semResposta: FIRST_BYTE_MS,
      });
    });
  });
  // The site's background warm-up (offline/warmup.mjs) waits for the answer: the service worker
  // storing files meanwhile made a warm recalculation, at 4× CPU, about 30 ms slower (issue 27).
  busyWith(answer);
  return answer;
}

/* The engine is loaded (its first answer is near). */
export function loaded() {
  return Boolean(engine && engine.loaded);
}

/* An engine is starting or started on this page. */
export function running() {
  return Boolean(engine);
}

/* fn(text, loaded, total) at each step of the engine's start. */
export function onProgress(fn) {
  listeners.push(fn);
}

/* fn() when an engine becomes ready. */
export function onReady(fn) {
  readyListeners.push(fn);
}

export function start() {
  // The site's background warm-up waits for the engine on a calculator page (offline/warmup.mjs).
  setEngine({ allowed, loaded });
  // A return with the engine kept: early.mjs started the worker while the page was still being
  // set up. It is taken now (its progress, failures and the site's background warm-up are
  // handled as any start's); the first calculation still waits for the build check (sameBuild).
  if (startedEarly()) startEngine().catch(function () { /* the message is shown on submit */ });
}
