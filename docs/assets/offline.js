/* Estatutos Portuários — o site sem internet (service worker) e o aviso de nova versão.
 *
 * - Registra /sw.js (gerado pelo Workbox depois do mkdocs build: scripts/service_worker.mjs).
 *   Na primeira visita ele guarda todas as páginas, tabelas, respostas, downloads e a busca;
 *   o motor das calculadoras só é guardado quando a pessoa o baixa.
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

  window.estatutosOffline.registro = navigator.serviceWorker
    .register(new URL("sw.js", SITE).href, { scope: SITE.href })
    .then(function (registration) {
      watch(registration);
      return registration;
    })
    .catch(function () {
      return null; // no service worker (mkdocs serve, or the browser refuses): the site still works online
    });
})();
