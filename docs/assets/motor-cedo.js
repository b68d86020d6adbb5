/* Estatutos Portuários — o worker das calculadoras: criado num lugar só, e cedo na volta.
 *
 * Na segunda visita a uma calculadora, o que demora é a página (o HTML, o script do Material e os
 * do site, lidos e executados num celular lento), não o motor: o worker restaura o estado salvo do
 * motor em menos de um segundo, numa linha de execução só dele. Por isso, quando
 * - a pessoa já aceitou o motor (localStorage "ep-motor" = "sim"),
 * - o motor desta construção está guardado neste aparelho (o worker avisou, "guardado"; registrado
 *   em localStorage "ep-motor-guardado" com o id da construção), e
 * - o service worker controla a página (os arquivos do motor vêm do cache do aparelho, não da rede),
 * o worker é criado enquanto o HTML ainda é lido: esta cópia vem sozinha, async, no <head> da
 * página de calculadora (com os arquivos do motor copiados da oferta), e restaura o motor enquanto
 * a página termina de se montar. Se ela chegar tarde, a cópia antes do script do Material cria o
 * worker assim que o HTML foi lido. Sem as três condições nada acontece aqui:
 * o motor começa como antes (calculadoras-motor.js, na primeira interação), e nada baixa sem o aceite.
 * Nenhum cálculo é mandado daqui: calculadoras-motor.js toma este worker, com as mensagens que ele
 * já mandou, e confere a versão do service worker antes do primeiro cálculo, como sempre.
 *
 * Vai sozinho no <head> e em dois pacotes (macros/build/bundles.py): no que roda antes do
 * Material, só nas páginas de calculadora, e no das calculadoras, que a navegação instantânea
 * acrescenta sem os outros. A cópia que roda primeiro decide; as outras não fazem nada.
 *
 * Oferece window.estatutosMotorCedo: criar(recarregar) → {worker, criado} (o worker, já com a
 * mensagem "boot"); tomar() → o worker criado cedo com as mensagens recebidas ({worker, criado,
 * mensagens}), uma vez, ou null; comecou(); guardado() e esquecer() (o registro do motor guardado);
 * arquivos(), tamanho(), versao(), versaoDoServiceWorker(controller), parado().
 */
(function () {
  "use strict";
  if (window.estatutosMotorCedo) return;

  var script = document.currentScript;
  var ASSETS = new URL(".", script ? script.src : window.location.href);
  var SITE = new URL("../", ASSETS);
  var CONSENT = "ep-motor";
  var KEPT = "ep-motor-guardado";
  var DEFAULT_STALL_MS = 10000; // no byte for this long: a download stopped (the worker says so)
  var early = null;

  function offer() {
    return document.querySelector(".motor-oferta") || document.querySelector("[data-motor-arquivos]");
  }

  /* The engine files of this page's build (address, uncompressed bytes, SHA-256), from the offer. */
  function arquivos() {
    var node = offer();
    if (!node) return [];
    try { return JSON.parse(node.getAttribute("data-motor-arquivos")) || []; } catch { return []; }
  }

  /* Download size (gzip bytes, from the build), as the offer shows it (or this script's copy). */
  function tamanho() {
    var node = document.querySelector(".motor-oferta") || document.querySelector("[data-motor-gzip]");
    return node ? Number(node.getAttribute("data-motor-gzip")) || 0 : 0;
  }

  /* The page's build id (<meta name="ep-versao">), "" when it has none. */
  function versao() {
    return (document.querySelector('meta[name="ep-versao"]') || { content: "" }).content || "";
  }

  /* No byte for this long and a download stopped; only a script of the page (the tests) changes it. */
  function parado() {
    var value = parseInt(window.calculadorasTempoLimiteParado || "", 10);
    return value > 0 ? value : DEFAULT_STALL_MS;
  }

  /* The worker, told to start (message "boot"). Throws when the browser cannot create it. */
  function criar(recarregar) {
    var worker = new Worker(new URL("calculadoras-worker.mjs", ASSETS), { type: "module" });
    var criado = Math.round(performance.now());
    worker.postMessage({
      type: "boot",
      indexURL: new URL("pyodide/", ASSETS).href,
      stdLibURL: new URL("pyodide/python_stdlib.zip", ASSETS).href,
      archiveURL: new URL("calculadoras.zip", ASSETS).href,
      // Each engine file (address, uncompressed size, hash) for the progress count and the checks.
      files: arquivos().map(function (file) {
        return { href: new URL(file.url, SITE).href, bytes: file.bytes, sha256: file.sha256 };
      }),
      // The saved state of the engine (motor-instantaneo.mjs) is tied to the build id and the hashes.
      versao: versao(),
      gzip: tamanho(),
      parado: parado(),
      recarregar: Boolean(recarregar),
    });
    return { worker: worker, criado: criado };
  }

  /* The build id of the service worker that controls the page (message EP_VERSAO), asked once per
   * controller (another tab may let a new one take over); "" when it does not answer in 3 s (it
   * does not stop the calculation). calculadoras-motor.js compares it with the page's before the
   * first calculation; asked here early, the answer is in before the page's scripts have run. */
  var buildAnswers = typeof WeakMap === "function" ? new WeakMap() : null;
  var BUILD_ANSWER_MS = 3000;

  function versaoDoServiceWorker(controller) {
    if (!buildAnswers) return Promise.resolve("");
    if (!buildAnswers.has(controller)) {
      buildAnswers.set(controller, new Promise(function (resolve) {
        var channel = new MessageChannel();
        var timer = setTimeout(function () { resolve(""); }, BUILD_ANSWER_MS);
        channel.port1.onmessage = function (event) {
          clearTimeout(timer);
          resolve(String((event.data && event.data.versao) || ""));
        };
        try {
          controller.postMessage({ type: "EP_VERSAO" }, [channel.port2]);
        } catch {
          clearTimeout(timer);
          resolve("");
        }
      }));
    }
    return buildAnswers.get(controller);
  }

  function mark() {
    return versao() || "-";
  }

  function guardado() {
    try { window.localStorage.setItem(KEPT, mark()); } catch { /* nothing kept: no early start */ }
  }

  function esquecer() {
    try { window.localStorage.removeItem(KEPT); } catch { /* nothing kept */ }
  }

  /* A page with a calculator's form: the form, or (while the <head> is read) this script's tag,
   * which the build puts only on such pages, with the offer's engine files. */
  function calculatorPage() {
    return Boolean(document.querySelector("form.calc-form") || (script && script.hasAttribute("data-motor-arquivos")));
  }

  function returning() {
    var sw = navigator.serviceWorker;
    if (!sw || !sw.controller || !calculatorPage() || !arquivos().length) return false;
    try {
      var store = window.localStorage;
      return store.getItem(CONSENT) === "sim" && store.getItem(KEPT) === mark();
    } catch {
      return false;
    }
  }

  /* The early start: the worker's messages wait here until calculadoras-motor.js takes it. */
  function cedo() {
    if (!returning()) return;
    var made;
    try { made = criar(false); } catch { return; } // the normal start will say why
    var mensagens = [];
    made.mensagens = mensagens;
    made.worker.onmessage = function (event) { mensagens.push(["message", event]); };
    made.worker.onmessageerror = function (event) { mensagens.push(["messageerror", event]); };
    made.worker.onerror = function (event) {
      if (event && event.preventDefault) event.preventDefault();
      mensagens.push(["error", event]);
    };
    early = made;
    versaoDoServiceWorker(navigator.serviceWorker.controller);
  }

  window.estatutosMotorCedo = {
    criar: criar,
    tomar: function () {
      var taken = early;
      early = null;
      return taken;
    },
    comecou: function () { return Boolean(early); },
    guardado: guardado,
    esquecer: esquecer,
    arquivos: arquivos,
    tamanho: tamanho,
    versao: versao,
    versaoDoServiceWorker: versaoDoServiceWorker,
    parado: parado,
  };
  cedo();
})();
