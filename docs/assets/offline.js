/* Estatutos Portuários — o site sem internet (service worker) e o aviso de nova versão.
 *
 * - Registra /sw.js (gerado pelo Workbox depois do mkdocs build: scripts/service_worker.mjs).
 *   Na primeira visita ele guarda todas as páginas, tabelas, respostas, downloads e a busca;
 *   o motor das calculadoras só é guardado quando a pessoa o baixa.
 * - Uma construção de cada vez (issue 19). Quando uma construção nova do site é publicada, o
 *   service worker novo espera: a página mostra «Nova versão disponível — recarregar» e só troca
 *   quando a pessoa aceita. A mesma oferta aparece quando a página descobre que o motor, as
 *   tabelas ou o service worker são de outra construção (calculadoras-motor.js: nada é
 *   calculado), e quando o service worker recusa guardar um arquivo de outra construção.
 * - Aceitar guarda no endereço da página o que foi digitado na calculadora (o mesmo link de
 *   «Compartilhar»): a página volta com o formulário preenchido.
 * - Aceitar numa aba troca o service worker de todas. As outras abas só recarregam sozinhas se
 *   ninguém está usando uma calculadora nelas (nada digitado, nenhum cálculo em curso); senão
 *   mostram a oferta e esperam a pessoa.
 *
 * Oferece window.estatutosVersao: pagina() (o id da construção da página), oferecer(), aceitar().
 */
(function () {
  "use strict";

  var script = document.currentScript;
  var ASSETS = new URL(".", script ? script.src : window.location.href);
  var SITE = new URL("../", ASSETS);
  var supported = "serviceWorker" in navigator && window.isSecureContext;
  var registration = null;
  var accepted = false; // this tab asked for the new version: it reloads when it takes over

  window.estatutosOffline = { registro: null };

  function pageBuild() {
    return (document.querySelector('meta[name="ep-versao"]') || { content: "" }).content || "";
  }

  // The calculators' form (calculadoras.js), when this page has one.
  function forms() {
    return window.estatutosCalculadoras || { ocupado: function () { return false; }, guardar: function () {} };
  }

  // Reloads with what was typed kept in the address (a shared link: the form is filled again).
  function reload() {
    forms().guardar();
    window.location.reload();
  }

  function skipWaiting(waiting) {
    forms().guardar();
    waiting.postMessage({ type: "SKIP_WAITING" }); // the controllerchange below reloads this tab
  }

  // The new service worker, once it is installed (found now if the server has a new build).
  function whenInstalled(reg) {
    if (reg.waiting || !reg.installing) return Promise.resolve(reg.waiting);
    var installing = reg.installing;
    return new Promise(function (resolve) {
      installing.addEventListener("statechange", function () {
        if (installing.state === "installed") resolve(reg.waiting || installing);
        else if (installing.state === "redundant") resolve(null);
      });
    });
  }

  function accept() {
    accepted = true;
    var reg = registration;
    if (!reg) {
      reload();
      return;
    }
    if (reg.waiting) {
      skipWaiting(reg.waiting);
      return;
    }
    var check = reg.installing ? Promise.resolve() : reg.update().catch(function () { /* offline */ });
    check.then(function () { return whenInstalled(reg); }).then(function (waiting) {
      if (waiting && navigator.serviceWorker.controller) skipWaiting(waiting);
      else reload();
    });
  }

  function offer() {
    if (document.querySelector(".nova-versao")) return;
    var box = document.createElement("div");
    box.className = "nova-versao";
    box.setAttribute("role", "status");
    var button = document.createElement("button");
    button.type = "button";
    button.className = "md-button md-button--primary";
    button.textContent = "Nova versão disponível — recarregar";
    button.addEventListener("click", function () {
      button.disabled = true;
      accept();
    });
    box.appendChild(button);
    document.body.appendChild(box);
  }

  window.estatutosVersao = { pagina: pageBuild, oferecer: offer, aceitar: accept };

  if (!supported) return;

  // An update (not the first install) takes over every open tab at once. The tab that asked
  // reloads; another one reloads too, unless someone is using a calculator there: then it only
  // offers the new version (its old page never computes with the new build's files: the check
  // of calculadoras-motor.js refuses).
  var hadController = Boolean(navigator.serviceWorker.controller);

  function watch(reg) {
    if (reg.waiting && navigator.serviceWorker.controller) offer();
    reg.addEventListener("updatefound", function () {
      var installing = reg.installing;
      if (!installing) return;
      installing.addEventListener("statechange", function () {
        // "installed" with a controller: a new version waits (on the first visit there is none).
        if (installing.state === "installed" && navigator.serviceWorker.controller) offer();
      });
    });
  }

  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (!hadController) {
      hadController = true; // the first install took this page over: nothing to reload
      return;
    }
    if (accepted || !forms().ocupado()) {
      reload();
      return;
    }
    var shown = document.querySelector(".nova-versao button");
    if (shown) shown.disabled = false;
    offer();
  });

  // The service worker refused to keep an engine file of another build (sw-motor.js): there is a
  // new build on the server; looking for its service worker makes the offer appear.
  navigator.serviceWorker.addEventListener("message", function (event) {
    var data = event.data || {};
    if (data.type !== "EP_OUTRA_VERSAO") return;
    offer();
    if (registration) registration.update().catch(function () { /* offline */ });
  });

  window.estatutosOffline.registro = navigator.serviceWorker
    .register(new URL("sw.js", SITE).href, { scope: SITE.href })
    .then(function (reg) {
      registration = reg;
      watch(reg);
      return reg;
    })
    .catch(function () {
      return null; // no service worker (mkdocs serve, or the browser refuses): the site still works online
    });
})();
