/* Estatutos Portuários — o service worker do site e o aviso de nova versão.
 *
 * - Registra /sw.js (gerado pelo Workbox depois do mkdocs build: scripts/service_worker.mjs)
 *   depois que a página carregou (warmup.mjs decide quando): nada disputa a conexão com o que a
 *   pessoa pediu.
 * - Uma construção de cada vez (issue 19). Quando uma construção nova do site é publicada, o
 *   service worker novo espera: a página mostra «Nova versão disponível — recarregar» e só troca
 *   quando a pessoa aceita. A mesma oferta aparece quando a página descobre que o motor, as
 *   tabelas ou o service worker são de outra construção (engine/client.mjs: nada é calculado), e
 *   quando o service worker recusa guardar um arquivo de outra construção.
 * - Aceitar guarda no endereço da página o que foi digitado na calculadora (o mesmo link de
 *   «Compartilhar»): a página volta com o formulário preenchido (setForms: o formulário das
 *   calculadoras diz se alguém o está usando e põe o que foi digitado no endereço).
 * - Aceitar numa aba troca o service worker de todas. As outras abas só recarregam sozinhas se
 *   ninguém está usando uma calculadora nelas (nada digitado, nenhum cálculo em curso); senão
 *   mostram a oferta e esperam a pessoa, e o próximo link que ela seguir abre a página inteira
 *   (não pela navegação instantânea, que juntaria a página nova aos scripts da antiga).
 */
import { MESSAGES } from "../common/constants.mjs";
import { embedded, siteOf } from "../common/page.mjs";
import { PRIMARY } from "../common/material.mjs";

const SITE = siteOf(import.meta.url);
// Never on an embeddable page (embutir/): inside another site nothing is kept for offline use.
export const supported = typeof navigator !== "undefined" && "serviceWorker" in navigator && window.isSecureContext &&
  !embedded();
let registration = null; // set once registered
let registering = null;
let accepted = false; // this tab asked for the new version: it reloads when it takes over
let stale = false; // a new service worker took over and this tab stayed on the old build
let hadController = supported && Boolean(navigator.serviceWorker.controller);

// The calculators' forms (calculators/form.mjs), when this page has them.
let forms = { busy: () => false, save: () => {} };
export function setForms(keeper) {
  forms = keeper;
}

// Reloads with what was typed kept in the address (a shared link: the form is filled again).
function reload() {
  forms.save();
  window.location.reload();
}

function skipWaiting(waiting) {
  forms.save();
  waiting.postMessage({ type: MESSAGES.skipWaiting }); // the controllerchange below reloads this tab
}

// The new service worker, once it is installed (found now if the server has a new build).
function whenInstalled(reg) {
  if (reg.waiting || !reg.installing) return Promise.resolve(reg.waiting);
  const installing = reg.installing;
  return new Promise((resolve) => {
    installing.addEventListener("statechange", () => {
      if (installing.state === "installed") resolve(reg.waiting || installing);
      else if (installing.state === "redundant") resolve(null);
    });
  });
}

/* The person accepts the new version: the waiting service worker takes over, and this tab reloads. */
export function acceptNewVersion() {
  accepted = true;
  const reg = registration;
  // A tab left on the old build (stale): the newest worker already controls it, so reloading is
  // all it takes. Looking for an update here could find yet another worker and wait for it to
  // take over, and the page would never reload.
  if (!reg || stale) {
    reload();
    return;
  }
  if (reg.waiting) {
    skipWaiting(reg.waiting);
    return;
  }
  const check = reg.installing ? Promise.resolve() : reg.update().catch(() => { /* offline */ });
  check.then(() => whenInstalled(reg)).then((waiting) => {
    if (waiting && navigator.serviceWorker.controller) skipWaiting(waiting);
    else reload();
  });
}

/* «Nova versão disponível — recarregar», once per page. */
export function offerNewVersion() {
  if (document.querySelector(".nova-versao")) return;
  const box = document.createElement("div");
  box.className = "nova-versao";
  box.setAttribute("role", "status");
  const button = document.createElement("button");
  button.type = "button";
  button.className = PRIMARY;
  button.textContent = "Nova versão disponível — recarregar";
  button.addEventListener("click", () => {
    button.disabled = true;
    acceptNewVersion();
  });
  box.appendChild(button);
  document.body.appendChild(box);
}

function watch(reg) {
  registration = reg;
  if (reg.waiting && navigator.serviceWorker.controller) offerNewVersion();
  reg.addEventListener("updatefound", () => {
    const installing = reg.installing;
    if (!installing) return;
    installing.addEventListener("statechange", () => {
      // "installed" with a controller: a new version waits (on the first visit there is none).
      if (installing.state === "installed" && navigator.serviceWorker.controller) offerNewVersion();
    });
  });
}

/* The site's service worker, registered once (null without one: mkdocs serve, or the browser
 * refuses; the site still works online). */
export function register() {
  if (!supported) return Promise.resolve(null);
  if (!registering) {
    registering = navigator.serviceWorker
      .register(new URL("sw.js", SITE).href, { scope: SITE.href })
      .then((reg) => {
        watch(reg);
        return reg;
      })
      .catch(() => null);
  }
  return registering;
}

/* The registration, if register() was called already (null otherwise). */
export function registered() {
  return registering;
}

/* The active worker of this site, once there is one (null without a service worker). */
export function active() {
  return register().then((reg) => {
    if (!reg) return null;
    return navigator.serviceWorker.ready.then((ready) => ready.active);
  });
}

export function start() {
  if (!supported) return;
  // An update (not the first install) takes over every open tab at once. The tab that asked
  // reloads; another one reloads too, unless someone is using a calculator there: then it only
  // offers the new version (its old page never computes with the new build's files: the check
  // of engine/client.mjs refuses).
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!hadController) {
      hadController = true; // the first install took this page over: nothing to reload
      return;
    }
    if (accepted || !forms.busy()) {
      reload();
      return;
    }
    const shown = document.querySelector(".nova-versao button");
    if (shown) shown.disabled = false;
    offerNewVersion();
    stale = true;
  });

  // A tab left on the old build (someone was typing) opens the next page whole: Material's instant
  // navigation would put the new build's page under this build's scripts.
  window.addEventListener("click", (event) => {
    if (!stale || event.defaultPrevented || event.button !== 0) return;
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const link = event.target && event.target.closest ? event.target.closest("a[href]") : null;
    if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const url = new URL(link.href, window.location.href);
    const here = new URL(window.location.href);
    if (url.origin !== here.origin || (url.pathname === here.pathname && url.search === here.search)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    window.location.assign(url.href);
  }, true);

  // The service worker refused to keep an engine file of another build while the server has a
  // new one (offline/sw/engine-cache.mjs): looking for the new service worker makes the offer appear.
  navigator.serviceWorker.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type !== MESSAGES.otherBuild) return;
    offerNewVersion();
    if (registration) registration.update().catch(() => { /* offline */ });
  });
}
