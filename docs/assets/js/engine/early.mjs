/* Estatutos Portuários — o worker das calculadoras: criado num lugar só, e cedo na volta.
 *
 * Na segunda visita a uma calculadora, o que demora é a página (o HTML, o script do Material e os
 * do site, lidos e executados num celular lento), não o motor: o worker restaura o estado salvo do
 * motor em menos de um segundo, numa linha de execução só dele. Por isso, quando
 * - a pessoa já aceitou o motor (localStorage STORAGE.engineConsent = "sim"),
 * - o motor desta construção está guardado neste aparelho (o worker avisou, "guardado"; registrado
 *   em localStorage STORAGE.engineKept com o id da construção), e
 * - o service worker controla a página (os arquivos do motor vêm do cache do aparelho, não da rede),
 * o worker é criado enquanto o HTML ainda é lido: este módulo vem sozinho, async, no <head> da
 * página de calculadora (com os arquivos do motor copiados da oferta), e restaura o motor enquanto
 * a página termina de se montar. Se ele chegar tarde, o pacote das calculadoras o importa (o mesmo
 * módulo, pelo mesmo endereço: roda uma vez só) e o worker nasce então. Sem as três condições nada
 * acontece aqui: o motor começa como antes (engine/client.mjs, na primeira interação), e nada baixa
 * sem o aceite. Nenhum cálculo é mandado daqui: engine/client.mjs toma este worker, com as
 * mensagens que ele já mandou, e confere a versão do service worker antes do primeiro cálculo.
 */
import { FILES, MESSAGES, STORAGE, YES } from "../common/constants.mjs";
import { assetsOf, pageBuild } from "../common/page.mjs";
import { FIRST_BYTE_MS, STALL_MS } from "./network.mjs";

const ASSETS = assetsOf(import.meta.url);
const SITE = new URL("../", ASSETS);
/* The download's time limits (network.mjs), sent to the worker with each start and calculation. */
export { FIRST_BYTE_MS, STALL_MS };
let early = null;

function offer() {
  return document.querySelector(".motor-oferta") || document.querySelector("[data-motor-arquivos]");
}

/* The engine files of this page's build (address, uncompressed bytes, SHA-256), from the offer
 * (or, while the <head> is read, from this module's tag, which carries a copy). */
export function engineFiles() {
  const node = offer();
  if (!node) return [];
  try { return JSON.parse(node.getAttribute("data-motor-arquivos")) || []; } catch { return []; }
}

/* Download size (gzip bytes, from the build), as the offer shows it (or this module's tag). */
export function downloadSize() {
  const node = document.querySelector(".motor-oferta") || document.querySelector("[data-motor-gzip]");
  return node ? Number(node.getAttribute("data-motor-gzip")) || 0 : 0;
}

/* The worker, told to start (message "boot"): {worker, created}. Throws when the browser cannot
 * create it. */
export function createWorker(reload) {
  const worker = new Worker(new URL(FILES.engineWorker, ASSETS), { type: "module" });
  const created = Math.round(performance.now());
  worker.postMessage({
    type: "boot",
    indexURL: new URL("pyodide/", ASSETS).href,
    stdLibURL: new URL("pyodide/python_stdlib.zip", ASSETS).href,
    archiveURL: new URL("calculadoras.zip", ASSETS).href,
    // Each engine file (address, uncompressed size, hash) for the progress count and the checks.
    files: engineFiles().map((file) => ({ href: new URL(file.url, SITE).href, bytes: file.bytes, sha256: file.sha256 })),
    // The saved state of the engine (engine/snapshot.mjs) is tied to the build id and the hashes.
    versao: pageBuild(),
    gzip: downloadSize(),
    parado: STALL_MS,
    semResposta: FIRST_BYTE_MS,
    recarregar: Boolean(reload),
  });
  return { worker, created };
}

/* The build id of the service worker that controls the page (message MESSAGES.buildId), asked
 * once per controller (another tab may let a new one take over); "" when it does not answer in
 * 3 s (it does not stop the calculation). engine/client.mjs compares it with the page's before
 * the first calculation; asked here early, the answer is in before the page's scripts have run. */
const buildAnswers = new WeakMap();
const BUILD_ANSWER_MS = 3000;

export function serviceWorkerBuild(controller) {
  if (!buildAnswers.has(controller)) {
    buildAnswers.set(controller, new Promise((resolve) => {
      const channel = new MessageChannel();
      const timer = setTimeout(() => { resolve(""); }, BUILD_ANSWER_MS);
      channel.port1.onmessage = (event) => {
        clearTimeout(timer);
        resolve(String((event.data && event.data.versao) || ""));
      };
      try {
        controller.postMessage({ type: MESSAGES.buildId }, [channel.port2]);
      } catch {
        clearTimeout(timer);
        resolve("");
      }
    }));
  }
  return buildAnswers.get(controller);
}

function mark() {
  return pageBuild() || "-";
}

/* Every engine file of this build is kept on this device: the next visit starts early. */
export function markKept() {
  try { window.localStorage.setItem(STORAGE.engineKept, mark()); } catch { /* nothing kept: no early start */ }
}

export function forgetKept() {
  try { window.localStorage.removeItem(STORAGE.engineKept); } catch { /* nothing kept */ }
}

/* A page with a calculator's form: the form, or (while the <head> is read) this module's tag,
 * which the build puts only on such pages, with the offer's engine files. */
function calculatorPage() {
  return Boolean(document.querySelector("form.calc-form") || document.querySelector("script[data-motor-arquivos]"));
}

function returning() {
  const sw = navigator.serviceWorker;
  if (!sw || !sw.controller || !calculatorPage() || !engineFiles().length) return false;
  try {
    const store = window.localStorage;
    return store.getItem(STORAGE.engineConsent) === YES && store.getItem(STORAGE.engineKept) === mark();
  } catch {
    return false;
  }
}

/* The worker created early with the messages it sent meanwhile ({worker, created, messages}),
 * once, or null. */
export function takeEarly() {
  const taken = early;
  early = null;
  return taken;
}

export function startedEarly() {
  return Boolean(early);
}

/* The early start: the worker's messages wait here until engine/client.mjs takes it. */
export function start() {
  if (early || !returning()) return;
  let made;
  try { made = createWorker(false); } catch { return; } // the normal start will say why
  const messages = [];
  made.messages = messages;
  made.worker.onmessage = (event) => { messages.push(["message", event]); };
  made.worker.onmessageerror = (event) => { messages.push(["messageerror", event]); };
  made.worker.onerror = (event) => {
    if (event && event.preventDefault) event.preventDefault();
    messages.push(["error", event]);
  };
  early = made;
  serviceWorkerBuild(navigator.serviceWorker.controller);
}
