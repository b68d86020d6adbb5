/* Estatutos Portuários — o motor de cálculo só baixa quando a pessoa pede.
 *
 * O quadro «motor-oferta» vem pronto da construção (macros/exporters/offline.py), com o tamanho real do
 * motor e os arquivos que o compõem (data-motor-arquivos: endereço, bytes, hash). Este script:
 * - mostra o quadro nas páginas de calculadora enquanto a pessoa não aceitou; «Baixar o motor de
 *   cálculo (x MB)» grava o aceite (localStorage "ep-motor" = "sim") e libera as calculadoras;
 * - «Usar sem internet» baixa todos os arquivos do motor, guarda-os no cache do aparelho (o
 *   mesmo que o service worker usa) e conta o progresso byte a byte; cada arquivo só é guardado
 *   se os bytes conferem com o hash da construção da página (um site publicado de novo com a
 *   página aberta: nada é guardado e a página oferece a versão nova);
 * - oferece window.estatutosMotor ao cliente do motor (calculadoras-motor.js): permitido(),
 *   pedir(), aoAceitar(fn), arquivos(), total(), tamanho().
 *
 * O progresso conta bytes já descomprimidos contra o tamanho descomprimido de cada arquivo
 * (data-motor-bytes): certo com ou sem compressão do servidor. Nenhum Content-Length é usado.
 */
(function () {
  "use strict";

  var KEY = "ep-motor";
  var CACHE = "ep-motor";
  var script = document.currentScript;
  var ASSETS = new URL(".", script ? script.src : window.location.href);
  var SITE = new URL("../", ASSETS);
  var waiting = [];

  function box() {
    return document.querySelector(".motor-oferta");
  }

  function permitido() {
    try { return window.localStorage.getItem(KEY) === "sim"; } catch { return false; }
  }

  function permitir() {
    try { window.localStorage.setItem(KEY, "sim"); } catch { /* private mode: asks again next visit */ }
    var resolve = waiting;
    waiting = [];
    resolve.forEach(function (fn) { fn(); });
  }

  function arquivos() {
    var node = box() || document.querySelector("[data-motor-arquivos]");
    if (!node) return [];
    try { return JSON.parse(node.getAttribute("data-motor-arquivos")) || []; } catch { return []; }
  }

  /* Download size (gzip bytes, from the build), as the offer shows it. */
  function tamanho() {
    var node = box();
    return node ? Number(node.getAttribute("data-motor-gzip")) || 0 : 0;
  }

  /* Runs fn once the person agrees (at once if she already did), without showing anything. */
  function aoAceitar(fn) {
    if (permitido()) fn();
    else waiting.push(fn);
  }

  function total() {
    return arquivos().reduce(function (sum, file) { return sum + file.bytes; }, 0);
  }

  function megabytes(bytes) {
    return (bytes / 1e6).toLocaleString("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  }

  function status(text, loaded, size) {
    var node = document.querySelector(".motor-oferta .motor-progresso");
    if (!node) return;
    node.textContent = text;
    if (loaded !== undefined) {
      node.setAttribute("data-baixado", String(loaded));
      node.setAttribute("data-total", String(size));
    }
  }

  /* Resolves when the person agrees (at once if she already did). Shows the offer meanwhile. */
  function pedir() {
    if (permitido()) return Promise.resolve();
    var offer = box();
    if (offer) {
      offer.hidden = false;
      offer.classList.add("motor-oferta--pedido");
      var button = offer.querySelector("[data-motor-acao='baixar']");
      if (button) button.focus({ preventScroll: false });
    }
    return new Promise(function (resolve) { waiting.push(resolve); });
  }

  /* «Usar sem internet»: every engine file downloaded, counted and put in the cache. */
  function guardar() {
    var files = arquivos();
    var size = total();
    var loaded = 0;
    var show = function () {
      var percent = size ? Math.floor((loaded / size) * 100) : 0;
      status("Baixando o motor de cálculo: " + percent + "% de " + megabytes(tamanho()) + " MB…",
        loaded, size);
    };
    show();
    var cache = window.caches ? window.caches.open(CACHE) : Promise.resolve(null);
    var download = cache.then(function (store) {
      return Promise.all(files.map(function (file) {
        var url = new URL(file.url, SITE).href;
        var key = url + "?v=" + file.sha256.slice(0, 20);
        return fetch(url, { credentials: "same-origin" }).then(function (response) {
          if (!response.ok) throw new Error("arquivo indisponível (" + response.status + ")");
          var reader = response.body.getReader();
          var chunks = [];
          var pump = function () {
            return reader.read().then(function (step) {
              if (step.done) return;
              chunks.push(step.value);
              loaded += step.value.byteLength;
              show();
              return pump();
            });
          };
          return pump().then(function () {
            if (!store) return;
            var blob = new Blob(chunks);
            return sameBytes(blob, file.sha256).then(function (same) {
              if (!same) return otherBuild().then(function (other) {
                var error = new Error(other ? "arquivo de outra versão do site" : "arquivo corrompido");
                error.kind = other ? "versao" : "";
                throw error;
              });
              var headers = new Headers(response.headers);
              headers.delete("Content-Encoding");
              headers.delete("Content-Length");
              return store.put(key, new Response(blob, { status: 200, headers: headers }));
            });
          });
        });
      }));
    });
    var offline = window.estatutosOffline;
    // Nothing else downloads meanwhile: the site's background warm-up waits for the engine.
    if (offline && offline.ocupado) offline.ocupado(download);
    return download.then(function () {
      permitir();
      var engineKept = "Pronto: o motor de cálculo está guardado neste aparelho. As calculadoras funcionam sem internet.";
      status(engineKept, loaded, size);
      box().classList.add("motor-oferta--guardado");
      // Then the rest of the site, the downloads of /dados/ included, one file at a time.
      if (!offline || !offline.guardarTudo) return;
      return offline.guardarTudo(function () {
        status(engineKept + " Guardando também as páginas e os arquivos para baixar…", loaded, size);
      }).then(function (site) {
        if (!site) return;
        status("Pronto: o site inteiro (páginas, tabelas, arquivos para baixar) e o motor de cálculo estão " +
          "guardados neste aparelho e funcionam sem internet.", loaded, size);
        box().classList.add("motor-oferta--site-guardado");
      });
    }, function (error) {
      if (error && error.kind === "versao") {
        status("O site foi atualizado depois que esta página abriu: nada foi guardado. " +
          "Carregue a versão nova e toque de novo em «Usar sem internet».", loaded, size);
        if (window.estatutosVersao) window.estatutosVersao.oferecer();
        return;
      }
      status("Não foi possível baixar o motor agora. Tente de novo com internet.", loaded, size);
    });
  }

  /* The server has another build than this page (assets/versao.json, never precached). */
  function otherBuild() {
    var mine = (document.querySelector('meta[name="ep-versao"]') || { content: "" }).content;
    return fetch(new URL("versao.json", ASSETS).href, { cache: "no-store" }).then(function (response) {
      return response.json();
    }).then(function (server) {
      return Boolean(mine && server && typeof server.versao === "string" && server.versao !== mine);
    }, function () { return false; });
  }

  /* The bytes are those of this page's build (the content hash the build wrote). */
  function sameBytes(blob, sha256) {
    if (!sha256 || !window.crypto || !window.crypto.subtle) return Promise.resolve(true);
    return blob.arrayBuffer().then(function (bytes) {
      return window.crypto.subtle.digest("SHA-256", bytes);
    }).then(function (digest) {
      var hex = Array.prototype.map.call(new Uint8Array(digest), function (b) {
        return (b < 16 ? "0" : "") + b.toString(16);
      }).join("");
      return hex === sha256;
    });
  }

  function setup() {
    var offer = box();
    if (!offer || offer.getAttribute("data-ligado")) return;
    offer.setAttribute("data-ligado", "1");
    var calculator = document.querySelector("form.calc-form");
    offer.hidden = Boolean(calculator) && permitido() && !offer.hasAttribute("data-sempre");
    offer.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-motor-acao]");
      if (!button) return;
      var action = button.getAttribute("data-motor-acao");
      if (action === "baixar") {
        permitir();
        offer.hidden = true;
      } else if (action === "offline") {
        button.disabled = true;
        guardar().then(function () { button.disabled = false; });
      }
    });
  }

  window.estatutosMotor = {
    permitido: permitido, pedir: pedir, aoAceitar: aoAceitar, arquivos: arquivos, total: total,
    tamanho: tamanho, guardar: guardar,
  };
  window.estatutosACadaPagina(setup);
})();
