/* Estatutos Portuários — o índice da busca só baixa quando a pessoa começa uma busca.
 *
 * O Material pede o índice (search/search_index.json, cerca de 78 kB comprimido) assim que a página abre,
 * para entregá-lo ao worker da busca; quem só lê um artigo pagaria esses bytes em toda primeira
 * visita. Este script, carregado antes do Material, segura esse pedido (e só esse) até a pessoa
 * começar a buscar: tocar ou clicar na caixa ou na lupa (ou passar o mouse sobre elas), pôr o
 * foco na caixa (também pelas teclas «/», «s» e «f» do Material) ou abrir um link com ?q=. Aí o
 * pedido segue, junto com o do script da busca (busca.js, que lê a consulta e arruma os resultados;
 * pacotes.js o traz, pelo aoIniciar daqui): o worker monta o índice e responde ao que já foi
 * digitado (o Material reenvia a consulta quando o worker fica pronto, e de novo quando busca.js
 * chega, se chegar depois). Até os primeiros resultados aparecerem, a cópia do site em segundo plano
 * (offline.js, service worker) espera: numa conexão lenta ela dividiria a rede com o índice.
 * Qualquer coisa fora do esperado deixa o pedido seguir na hora. O worker da busca passa a ser o
 * busca-worker.js (o do Material, com a montagem do índice mais rápida e os mesmos resultados). */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !window.XMLHttpRequest || !document.addEventListener) return;
  var index = new URL("../search/search_index.json", script.src).href;
  var started = false;

  // Material's search worker, through the site's (assets/busca-worker.js, written by the build:
  // Material's worker with a faster index build, the same results). Material reads its
  // configuration once, after this script; anything unexpected leaves Material's worker in place.
  (function useOwnWorker() {
    var el = document.getElementById("__config");
    try {
      var config = JSON.parse(el.textContent);
      var material = new URL(config.search, window.location.href);
      if (material.origin !== window.location.origin ||
          !/\/javascripts\/workers\/search\.[0-9a-f]+\.min\.js$/.test(material.pathname)) return;
      config.search = new URL("busca-worker.js", script.src).href;
      el.textContent = JSON.stringify(config);
      watchWorker(config.search);
    } catch {
      /* no configuration, or not the one expected: Material's worker */
    }
  })();

  // Material creates its search worker once, as it starts (after this script). The worker answers
  // each query once, in order: this page counts the queries still unanswered, and busca.js may
  // leave undrawn an answer that a newer query already replaces (desatualizada). Listening first,
  // before Material, is what lets an answer be held back.
  function watchWorker(own) {
    var Native = window.Worker;
    if (typeof Native !== "function") return;
    var Wrapped = function (url, options) {
      var worker = new Native(url, options);
      if (new URL(String(url), window.location.href).href !== own) return worker;
      window.Worker = Native;
      var sent = 0;
      var post = worker.postMessage;
      worker.postMessage = function (message) {
        if (message && message.type === 2) sent += 1;  // Material's QUERY
        return post.apply(worker, arguments);
      };
      worker.addEventListener("message", function (event) {
        if (!event.data || event.data.type !== 3) return;  // Material's RESULT, one per QUERY
        sent = Math.max(0, sent - 1);
        var api = window.estatutosBuscaSobPedido;
        if (api && api.desatualizada && api.desatualizada(function () { return sent; })) {
          event.stopImmediatePropagation();
        }
      });
      return worker;
    };
    Wrapped.prototype = Native.prototype;
    window.Worker = Wrapped;
    window.addEventListener("load", function () { if (window.Worker === Wrapped) window.Worker = Native; });
  }
  var held = [];
  var onStart = [];  // pacotes.js: bring busca.js

  // How long the background copy of the site may wait for the search's first results.
  var PATIENCE = 10000;

  // The first results are shown (or PATIENCE has passed): the background copy of the site goes
  // on. Until then it waits (offline.js, the same pause as for the engine's download): on a slow
  // link it would share the line with the index, and on a cheap phone the processor with the
  // worker that builds it and with the page that shows the results.
  function holdWarmUp() {
    var offline = window.estatutosOffline;
    if (!offline && document.readyState !== "complete") {  // a ?q= link: offline.js comes later
      window.addEventListener("load", holdWarmUp, { once: true });
      return;
    }
    if (!offline || !offline.ocupado || !window.MutationObserver || !window.Promise) return;
    offline.ocupado(new Promise(function (resolve) {
      var result = document.querySelector("[data-md-component='search-result']");
      var observer = null;
      var timer = setTimeout(finish, PATIENCE);
      function shown() { return Boolean(result.querySelector(".md-search-result__item")); }
      function finish() {
        clearTimeout(timer);
        if (observer) observer.disconnect();
        resolve();
      }
      if (!result || shown()) return finish();
      observer = new MutationObserver(function () { if (shown()) finish(); });
      observer.observe(result, { childList: true, subtree: true });
    }));
  }

  function start() {
    if (started) return;
    started = true;
    holdWarmUp();
    document.removeEventListener("pointerdown", onPointer, true);
    document.removeEventListener("pointerover", onPointer, true);
    document.removeEventListener("focusin", onFocus, true);
    document.removeEventListener("change", onToggle, true);
    held.splice(0).forEach(function (send) { send(); });
    onStart.splice(0).forEach(function (fn) { fn(); });
  }

  function isSearch(target) {
    return target instanceof Element &&
      Boolean(target.closest("[data-md-component='search'], label[for='__search']"));
  }

  function onPointer(event) { if (isSearch(event.target)) start(); }
  function onFocus(event) { if (isSearch(event.target)) start(); }
  function onToggle(event) { if (event.target && event.target.id === "__search" && event.target.checked) start(); }

  // A link with ?q= opens the search at once (Material's deep link).
  if (new URL(window.location.href).searchParams.has("q")) {
    started = true;
    holdWarmUp();
  }
  document.addEventListener("pointerdown", onPointer, true);
  document.addEventListener("pointerover", onPointer, true);
  document.addEventListener("focusin", onFocus, true);
  document.addEventListener("change", onToggle, true);
  window.estatutosBuscaSobPedido = {
    iniciada: function () { return started; },
    iniciar: start,
    aoIniciar: function (fn) {
      if (started) fn();
      else onStart.push(fn);
    }
  };

  var proto = XMLHttpRequest.prototype;
  var open = proto.open;
  var send = proto.send;

  proto.open = function (method, url) {
    var target = "";
    try { target = new URL(String(url), window.location.href).href; } catch { target = ""; }
    this.epIndiceDaBusca = String(method).toUpperCase() === "GET" && target === index;
    return open.apply(this, arguments);
  };

  proto.send = function () {
    var xhr = this;
    var args = arguments;
    if (started || !xhr.epIndiceDaBusca) return send.apply(xhr, args);
    held.push(function () { send.apply(xhr, args); });
  };
})();
