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
 * - Uma construção de cada vez (issue 19). Quando uma construção nova do site é publicada, o
 *   service worker novo espera: a página mostra «Nova versão disponível — recarregar» e só troca
 *   quando a pessoa aceita. A mesma oferta aparece quando a página descobre que o motor, as
 *   tabelas ou o service worker são de outra construção (calculadoras-motor.js: nada é
 *   calculado), e quando o service worker recusa guardar um arquivo de outra construção.
 * - Aceitar guarda no endereço da página o que foi digitado na calculadora (o mesmo link de
 *   «Compartilhar»): a página volta com o formulário preenchido.
 * - Aceitar numa aba troca o service worker de todas. As outras abas só recarregam sozinhas se
 *   ninguém está usando uma calculadora nelas (nada digitado, nenhum cálculo em curso); senão
 *   mostram a oferta e esperam a pessoa, e o próximo link que ela seguir abre a página inteira
 *   (não pela navegação instantânea, que juntaria a página nova aos scripts da antiga).
 *
 * Oferece window.estatutosVersao: pagina() (o id da construção da página), oferecer(), aceitar().
 */
(function () {
  "use strict";

  var script = document.currentScript;
  var ASSETS = new URL(".", script ? script.src : window.location.href);
  var SITE = new URL("../", ASSETS);
  var supported = "serviceWorker" in navigator && window.isSecureContext;
  var registration = null; // set once registered
  var accepted = false; // this tab asked for the new version: it reloads when it takes over
  window.estatutosOffline = { registro: null };

  // ---------------------------------------------------------------- one build at a time
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
  var stale = false; // a new service worker took over and this tab stayed on the old build

  function watch(reg) {
    registration = reg;
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
    stale = true;
  });

  // A tab left on the old build (someone was typing) opens the next page whole: Material's instant
  // navigation would put the new build's page under this build's scripts.
  window.addEventListener("click", function (event) {
    if (!stale || event.defaultPrevented || event.button !== 0) return;
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    var link = event.target && event.target.closest ? event.target.closest("a[href]") : null;
    if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    var url = new URL(link.href, window.location.href);
    var here = new URL(window.location.href);
    if (url.origin !== here.origin || (url.pathname === here.pathname && url.search === here.search)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    window.location.assign(url.href);
  }, true);

  // The service worker refused to keep an engine file of another build while the server has a
  // new one (sw-motor.js): looking for the new service worker makes the offer appear.
  navigator.serviceWorker.addEventListener("message", function (event) {
    var data = event.data || {};
    if (data.type !== "EP_OUTRA_VERSAO") return;
    offer();
    if (registration) registration.update().catch(function () { /* offline */ });
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
    // The worker that may be warming: this page's (once registered) or the one controlling it.
    var controller = navigator.serviceWorker.controller;
    if (controller) controller.postMessage({ type: "EP_PAUSAR" });
    if (registering) {
      registering.then(function (registration) {
        var worker = registration && registration.active;
        if (worker && worker !== controller) worker.postMessage({ type: "EP_PAUSAR" });
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
        } else if (data.tipo === "fim" && (data.completo || data.erro)) {
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
