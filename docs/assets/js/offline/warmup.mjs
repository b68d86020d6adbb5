/* Estatutos Portuários — o site guardado em segundo plano para uso sem internet.
 *
 * - Pede ao service worker que guarde o site em segundo plano (EP_AQUECER: um arquivo por vez,
 *   em baixa prioridade) e o pausa (EP_PAUSAR) enquanto o motor baixa: engine/client.mjs e
 *   engine/offer.mjs avisam cada download com busyWith(promessa) (a busca também, até os
 *   primeiros resultados). Numa página de calculadora de quem já aceitou o motor, espera o motor
 *   chegar (a não ser que ele já esteja guardado no aparelho). Os downloads de /dados/ só são
 *   guardados quando abertos, ou todos depois de «Usar sem internet» (keepEverything()).
 * - O motor das calculadoras só é guardado quando a pessoa o baixa.
 */
import { MESSAGES, STORAGE, YES } from "../common/constants.mjs";
import { onEachPage } from "../common/page.mjs";
import { active, register, registered, supported } from "./registration.mjs";

let busy = 0; // engine downloads in progress on this page
let loaded = typeof document !== "undefined" && document.readyState === "complete";
// The ports waiting for the end (keepEverything) go with the first message actually sent.
let ports = [];

// The calculators' engine on this page (engine/client.mjs): whether the person agreed to it and
// whether it is loaded. No engine here: nothing to wait for.
let engine = { allowed: () => false, loaded: () => false };
export function setEngine(state) {
  engine = state;
}

function everything() {
  try { return window.localStorage.getItem(STORAGE.wholeSite) === YES; } catch { return false; }
}

// Asks the worker to go on keeping the site (when nothing of the person's is downloading).
function warm() {
  if (busy || !loaded) return;
  active().then((worker) => {
    if (!worker || busy) return;
    const sending = ports;
    ports = [];
    worker.postMessage({ type: MESSAGES.warmUp, tudo: everything() }, sending);
  });
}

/* A download the person asked for started (the engine, the search's index): the warm-up waits
 * until it ends (well or not). */
export function busyWith(promise) {
  if (!supported) return;
  busy += 1;
  // The worker that may be warming: this page's (once registered) or the one controlling it.
  const controller = navigator.serviceWorker.controller;
  if (controller) controller.postMessage({ type: MESSAGES.pause });
  const registering = registered();
  if (registering) {
    registering.then((reg) => {
      const worker = reg && reg.active;
      if (worker && worker !== controller) worker.postMessage({ type: MESSAGES.pause });
    });
  }
  const done = () => {
    busy -= 1;
    warm();
  };
  Promise.resolve(promise).then(done, done);
}

/* «Usar sem internet»: the whole site, the downloads of /dados/ included. onProgress(counts) at
 * the start and after each file ({guardados, total, downloads, totalDownloads}); resolves with the
 * worker's last count ({…, completo, faltam: [{endereco, titulo, tipo}], quantasFaltam}, or
 * {erro: "espaco"}) or null without a service worker. */
export function keepEverything(onProgress) {
  try { window.localStorage.setItem(STORAGE.wholeSite, YES); } catch { /* asked again next visit */ }
  if (!supported || !window.MessageChannel) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => {
      const data = event.data || {};
      if (data.tipo === "guardado" || data.tipo === "situacao") {
        if (onProgress && data.total !== undefined) onProgress(data);
      } else if (data.tipo === "fim" && (data.completo || data.erro)) {
        channel.port1.close();
        resolve(data);
      }
    };
    active().then((worker) => {
      if (!worker) {
        resolve(null);
        return;
      }
      ports.push(channel.port2);
      warm();
    });
  });
}

// A calculator page whose person already agreed to the engine: the engine is what she came
// for, and it starts at her first tap. The warm-up waits for it (busyWith), unless the engine
// is already kept on this device (then it comes from the cache, not from the network).
function engineFirst() {
  if (!document.querySelector("form.calc-form") || !engine.allowed()) return Promise.resolve(false);
  if (engine.loaded()) return Promise.resolve(false);
  const controller = navigator.serviceWorker.controller;
  if (!controller || !window.MessageChannel) return Promise.resolve(true);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => {
      const data = event.data || {};
      resolve(!(data.total > 0 && data.cached === data.total));
    };
    controller.postMessage({ type: MESSAGES.engineStatus }, [channel.port2]);
  });
}

// At each page shown (Material's instant navigation included), once the page has loaded.
function consider() {
  if (!loaded || busy) return;
  engineFirst().then((wait) => {
    if (!wait) warm();
  });
}

function begin() {
  loaded = true;
  // Already installed: registered at once, so that a new version is found (its install only
  // fetches the worker's own scripts and the «page not found» page).
  if (navigator.serviceWorker.controller) register();
  // After the page's own load, when the browser is idle: never before the page's first view.
  const later = window.requestIdleCallback || ((fn) => setTimeout(fn, 200));
  later(() => {
    consider();
    onEachPage(consider);
  }, { timeout: 3000 });
}

export function start() {
  if (!supported) return;
  if (loaded) begin();
  else window.addEventListener("load", begin, { once: true });
}
