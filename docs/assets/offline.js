/* Estatutos Portuários — o site sem internet (service worker) e o aviso de nova versão.
 *
 * - Registra /sw.js (gerado pelo Workbox depois do mkdocs build: scripts/service_worker.mjs)
 *   depois que a página carregou e quando nenhum download do motor está em andamento: nada
 *   disputa a conexão com o que a pessoa pediu.
 * - Pede ao service worker que guarde o site em segundo plano (EP_AQUECER: um arquivo por vez,
 *   em baixa prioridade) e o pausa (EP_PAUSAR) enquanto o motor baixa: calculadoras-motor.js e
 *   motor.js avisam cada download com estatutosOffline.ocupado(promessa). Numa página de
 *   calculadora de quem já aceitou o motor, espera o motor chegar (a não ser que ele já esteja
 *   guardado no aparelho). Os downloads de
 *   /dados/ só são guardados quando abertos, ou todos depois de «Usar sem internet»
 *   (estatutosOffline.guardarTudo()).
 * - O motor das calculadoras só é guardado quando a pessoa o baixa.
 * - Quando uma construção nova do site é publicada, o service worker novo espera: a página
 *   mostra «Nova versão disponível — recarregar» e só troca quando a pessoa aceita (assim uma
 *   página de uma versão nunca roda com arquivos da outra).
 */
(function () {
  "use strict";

  var script = document.currentScript;
  var ASSETS = new URL(".", script ? script.src : window.location.href);
  var SITE = new URL("../", ASSETS);
  window.estatutosOffline = { registro: null };

  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;

  // An update (not the first install) takes over every open tab at once: each one reloads, so
  // that no page of the old build keeps running with the new build's files.
  var hadController = Boolean(navigator.serviceWorker.controller);

  function banner(registration) {
    if (document.querySelector(".nova-versao")) return;
    var box = document.createElement("div");
    box.className = "nova-versao";
    box.setAttribute("role", "status");
    var button = document.createElement("button");
    button.type = "button";
    button.className = "md-button md-button--primary";
    button.textContent = "Nova versão disponível — recarregar";
    button.addEventListener("click", function () {
      var waiting = registration.waiting;
      button.disabled = true;
      if (!waiting) {
        window.location.reload();
        return;
      }
      waiting.postMessage({ type: "SKIP_WAITING" });
    });
    box.appendChild(button);
    document.body.appendChild(box);
  }

  function watch(registration) {
    if (registration.waiting && navigator.serviceWorker.controller) banner(registration);
    registration.addEventListener("updatefound", function () {
      var installing = registration.installing;
      if (!installing) return;
      installing.addEventListener("statechange", function () {
        // "installed" with a controller: a new version waits (on the first visit there is none).
        if (installing.state === "installed" && navigator.serviceWorker.controller) banner(registration);
      });
    });
  }

  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (hadController) window.location.reload();
    hadController = true;
  });

  // ---------------------------------------------------------------- the background warm-up
  var EVERYTHING = "ep-sem-internet"; // localStorage: the person asked for the whole site offline
  var busy = 0; // engine downloads in progress on this page
  var loaded = document.readyState === "complete";
  var registering = null;

  function everything() {
    try { return window.localStorage.getItem(EVERYTHING) === "sim"; } catch { return false; }
  }

  function register() {
    if (!registering) {
      registering = navigator.serviceWorker
        .register(new URL("sw.js", SITE).href, { scope: SITE.href })
        .then(function (registration) {
          watch(registration);
          return registration;
        })
        .catch(function () {
          return null; // no service worker (mkdocs serve, or the browser refuses): the site still works online
        });
      window.estatutosOffline.registro = registering;
    }
    return registering;
  }

  // The active worker of this site, once there is one (null without a service worker).
  function active() {
    return register().then(function (registration) {
      if (!registration) return null;
      return navigator.serviceWorker.ready.then(function (ready) { return ready.active; });
    });
  }

  // Asks the worker to go on keeping the site (when nothing of the person's is downloading);
  // the ports waiting for the end (keepEverything) go with the first message actually sent.
  var ports = [];
  function warm() {
    if (busy || !loaded) return;
    active().then(function (worker) {
      if (!worker || busy) return;
      var sending = ports;
      ports = [];
      worker.postMessage({ type: "EP_AQUECER", tudo: everything() }, sending);
    });
  }

  // An engine download started: the warm-up waits until it ends (well or not).
  function busyWith(promise) {
    busy += 1;
    if (registering) {
      registering.then(function (registration) {
        var worker = registration && registration.active;
        if (worker) worker.postMessage({ type: "EP_PAUSAR" });
      });
    }
    var done = function () {
      busy -= 1;
      warm();
    };
    Promise.resolve(promise).then(done, done);
  }

  // «Usar sem internet»: the whole site, the downloads of /dados/ included. onProgress(kept,
  // total) after each file; resolves with the worker's last count ({guardados, total, downloads,
  // totalDownloads, completo}) or null without a service worker.
  function keepEverything(onProgress) {
    try { window.localStorage.setItem(EVERYTHING, "sim"); } catch { /* asked again next visit */ }
    if (!window.MessageChannel) return Promise.resolve(null);
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      var kept = 0;
      channel.port1.onmessage = function (event) {
        var data = event.data || {};
        if (data.tipo === "guardado") {
          kept += 1;
          if (onProgress) onProgress(kept);
        } else if (data.tipo === "fim" && data.completo) {
          channel.port1.close();
          resolve(data);
        }
      };
      active().then(function (worker) {
        if (!worker) {
          resolve(null);
          return;
        }
        ports.push(channel.port2);
        warm();
      });
    });
  }

  // How much of the site is kept ({guardados, total, downloads, totalDownloads}), for the tests
  // and the benchmark; null without a service worker.
  function keptSoFar() {
    return active().then(function (worker) {
      if (!worker) return null;
      return new Promise(function (resolve) {
        var channel = new MessageChannel();
        channel.port1.onmessage = function (event) { resolve(event.data); };
        worker.postMessage({ type: "EP_GUARDADOS" }, [channel.port2]);
      });
    });
  }

  window.estatutosOffline.ocupado = busyWith;
  window.estatutosOffline.guardarTudo = keepEverything;
  window.estatutosOffline.guardados = keptSoFar;

  // A calculator page whose person already agreed to the engine: the engine is what she came
  // for, and it starts at her first tap. The warm-up waits for it (busyWith), unless the engine
  // is already kept on this device (then it comes from the cache, not from the network).
  function engineFirst() {
    var motor = window.estatutosMotor;
    var calculo = window.estatutosCalculo;
    if (!document.querySelector("form.calc-form") || !motor || !motor.permitido()) return Promise.resolve(false);
    if (calculo && calculo.carregado()) return Promise.resolve(false);
    var controller = navigator.serviceWorker.controller;
    if (!controller || !window.MessageChannel) return Promise.resolve(true);
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function (event) {
        var data = event.data || {};
        resolve(!(data.total > 0 && data.cached === data.total));
      };
      controller.postMessage({ type: "EP_MOTOR_STATUS" }, [channel.port2]);
    });
  }

  // At each page shown (Material's instant navigation included), once the page has loaded.
  function consider() {
    if (!loaded || busy) return;
    engineFirst().then(function (wait) {
      if (!wait) warm();
    });
  }

  function start() {
    loaded = true;
    // Already installed: registered at once, so that a new version is found (its install only
    // fetches the worker's own scripts and the «page not found» page).
    if (navigator.serviceWorker.controller) register();
    // After the page's own load, when the browser is idle: never before the page's first view.
    var later = window.requestIdleCallback || function (fn) { setTimeout(fn, 200); };
    later(function () {
      consider();
      if (window.estatutosACadaPagina) window.estatutosACadaPagina(consider);
    }, { timeout: 3000 });
  }
  if (loaded) start();
  else window.addEventListener("load", start, { once: true });
})();
