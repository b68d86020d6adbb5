/* Estatutos Portuários — o motor de cálculo só baixa quando a pessoa pede.
 *
 * O quadro «motor-oferta» vem pronto da construção (macros/build/offline.py), com o tamanho real do
 * motor e os arquivos que o compõem (data-motor-arquivos: endereço, bytes, hash). Este script:
 * - mostra o quadro nas páginas de calculadora enquanto a pessoa não aceitou; «Baixar o motor de
 *   cálculo (x MB)» grava o aceite (localStorage STORAGE.engineConsent = "sim") e libera as calculadoras;
 * - «Usar sem internet» baixa todos os arquivos do motor, guarda-os no cache do aparelho (o
 *   mesmo que o service worker usa) e conta o progresso byte a byte; cada arquivo só é guardado
 *   se os bytes conferem com o hash da construção da página (um site publicado de novo com a
 *   página aberta: nada é guardado e a página oferece a versão nova);
 * - diz ao cliente do motor (engine/client.mjs) se a pessoa aceitou (allowed), pede o aceite
 *   (ask) e avisa quando ele vem (whenAllowed).
 *
 * O progresso conta bytes já descomprimidos contra o tamanho descomprimido de cada arquivo
 * (data-motor-bytes): certo com ou sem compressão do servidor. Nenhum Content-Length é usado.
 *
 * Armazenamento bloqueado ou cheio é dito como tal, nunca como falta de internet:
 * - se o navegador não deixa o site guardar nada (localStorage dá erro: janela anônima, ou a página
 *   embutida dentro de outro site com os dados de terceiros bloqueados), a própria oferta diz, antes
 *   do aceite, que a resposta não fica lembrada; o aceite vale na memória enquanto a página estiver
 *   aberta, o cálculo roda, e um aviso diz uma vez que a pergunta volta na próxima vez;
 * - se falta espaço para «Usar sem internet» (QuotaExceededError, ou o navigator.storage.estimate()
 *   diz que não cabe, e então nada é baixado), a mensagem fala de espaço e as calculadoras seguem
 *   funcionando com internet (o aceite é gravado).
 */
import { CACHES, FILES, STORAGE, YES } from "../common/constants.mjs";
import { assetsOf, onEachPage, pageBuild } from "../common/page.mjs";
import { offerNewVersion } from "../offline/registration.mjs";
import { busyWith, keepEverything } from "../offline/warmup.mjs";
import { downloadSize, engineFiles } from "./early.mjs";

var ASSETS = assetsOf(import.meta.url);
var SITE = new URL("../", ASSETS);
var waiting = [];
var acceptedHere = false; // the consent of this visit, when the browser keeps nothing
var storageWarned = false;

function box() {
  return document.querySelector(".motor-oferta");
}

/* The person agreed to the engine (on this device, or on this page when it keeps nothing). */
export function allowed() {
  if (acceptedHere) return true;
  try { return window.localStorage.getItem(STORAGE.engineConsent) === YES; } catch { return false; }
}

/* The browser refuses the site's storage here (localStorage throws): a private window, or this
 * page inside another site's frame with third-party data blocked. A full storage is not this. */
function storageBlocked() {
  try {
    window.localStorage.getItem(STORAGE.engineConsent);
    return false;
  } catch {
    return true;
  }
}

function insideAnotherSite() {
  try { return window.top !== window.self; } catch { return true; }
}

/* Where the consent is asked, before the buttons, when the answer cannot be remembered: the
 * person knows the question comes back, and that the calculation works all the same. */
function noteBlockedStorage(offer) {
  if (!storageBlocked() || offer.querySelector(".motor-oferta-sem-memoria")) return;
  var note = document.createElement("p");
  note.className = "motor-oferta-sem-memoria";
  note.textContent = (insideAnotherSite()
    ? "Aqui, dentro de outro site, este navegador não deixa a calculadora guardar nada neste aparelho"
    : "Este navegador não deixa o site guardar nada neste aparelho") +
    ": a sua resposta não fica lembrada, e esta pergunta volta da próxima vez que a página abrir. " +
    "O cálculo funciona do mesmo jeito.";
  var buttons = offer.querySelector(".motor-botoes");
  if (buttons) buttons.insertAdjacentElement("beforebegin", note);
  else offer.append(note);
}

/* Said once per visit, next to the offer: the browser keeps nothing for the site. */
function warnStorage() {
  if (storageWarned) return;
  storageWarned = true;
  var anchor = box() || document.querySelector("form.calc-form");
  if (!anchor) return;
  var note = document.createElement("p");
  note.className = "motor-aviso-armazenamento";
  note.setAttribute("role", "status");
  note.textContent = "Este navegador não deixa o site guardar nada neste aparelho. O motor de " +
    "cálculo fica liberado enquanto esta página estiver aberta; da próxima vez, o site vai " +
    "perguntar de novo.";
  anchor.insertAdjacentElement("afterend", note);
}

function permitir() {
  acceptedHere = true;
  var kept;
  try {
    window.localStorage.setItem(STORAGE.engineConsent, YES);
    kept = window.localStorage.getItem(STORAGE.engineConsent) === YES;
  } catch {
    kept = false; // storage blocked: the consent lives in this page only
  }
  if (!kept) warnStorage();
  var resolve = waiting;
  waiting = [];
  resolve.forEach(function (fn) { fn(); });
}

/* Runs fn once the person agrees (at once if she already did), without showing anything. */
export function whenAllowed(fn) {
  if (allowed()) fn();
  else waiting.push(fn);
}

function total() {
  return engineFiles().reduce(function (sum, file) { return sum + file.bytes; }, 0);
}

function megabytes(bytes) {
  return (bytes / 1e6).toLocaleString("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

function progressNode() {
  return document.querySelector(".motor-oferta .motor-progresso");
}

function status(text, loaded, size) {
  var node = progressNode();
  if (!node) return;
  node.textContent = text;
  if (loaded !== undefined) {
    node.setAttribute("data-baixado", String(loaded));
    node.setAttribute("data-total", String(size));
  }
}

/* Resolves when the person agrees (at once if she already did). Shows the offer meanwhile. */
export function ask() {
  if (allowed()) return Promise.resolve();
  var offer = box();
  if (offer) {
    offer.hidden = false;
    offer.classList.add("motor-oferta--pedido");
    var button = offer.querySelector("[data-motor-acao='baixar']");
    if (button) button.focus({ preventScroll: false });
  }
  return new Promise(function (resolve) { waiting.push(resolve); });
}

function storageError(name) {
  var error = new Error(name);
  error.name = name;
  return error;
}

function isQuota(error) {
  return Boolean(error) && (error.name === "QuotaExceededError" || error.code === 22);
}

/* Rejects at once (nothing downloaded) when the browser says the engine cannot fit. */
function checkRoom(size) {
  if (!navigator.storage || typeof navigator.storage.estimate !== "function") return Promise.resolve();
  return navigator.storage.estimate().then(function (estimate) {
    if (estimate && estimate.quota && estimate.quota - (estimate.usage || 0) < size) {
      throw storageError("QuotaExceededError");
    }
  }, function () { /* no estimate: the writes will tell */ });
}

/* What the offer says when «Usar sem internet» fails: storage full, storage blocked, network. */
function failureText(error) {
  if (isQuota(error)) {
    return "Não há espaço neste aparelho para guardar o motor de cálculo: o armazenamento do " +
      "navegador está cheio. As calculadoras continuam funcionando com internet. Para usá-las " +
      "sem internet, libere espaço (apague fotos, aplicativos ou dados de sites) e toque de novo " +
      "em «Usar sem internet».";
  }
  if (error && (error.name === "SecurityError" || error.name === "SemArmazenamento")) {
    return "Este navegador não deixa o site guardar arquivos neste aparelho, e por isso o uso " +
      "sem internet não é possível aqui. As calculadoras continuam funcionando com internet.";
  }
  return "Não foi possível baixar o motor agora. Tente de novo com internet.";
}

/* «a», «a e b», «a, b e c». */
function listed(items) {
  if (items.length < 2) return items.join("");
  return items.slice(0, -1).join(", ") + " e " + items[items.length - 1];
}

/* Which part of the site did not come: the pages first, then the downloads, then the rest. */
function failedPart(missing) {
  var kinds = missing.map(function (item) { return item.tipo; });
  return kinds.indexOf("pagina") >= 0 ? "paginas" : kinds.indexOf("download") >= 0 ? "downloads" : "arquivos";
}

/* What is missing, by name: the pages by their titles, the downloads by their file names, the
 * rest (styles, scripts, images) counted. At most five names of each. */
function missingText(missing, howMany) {
  var pages = [];
  var downloads = [];
  missing.forEach(function (item) {
    if (item.tipo === "pagina" && item.titulo) pages.push("«" + item.titulo + "»");
    else if (item.tipo === "download") downloads.push(decodeURIComponent(item.endereco.split("/").pop() || ""));
  });
  var parts = [];
  var named = function (list, one, many) {
    var shown = list.slice(0, 5);
    var more = list.length - shown.length;
    parts.push((list.length === 1 ? one : many) + " " + listed(more ? shown.concat(["mais " + more]) : shown));
  };
  if (pages.length) named(pages, "a página", "as páginas");
  if (downloads.length) named(downloads, "o arquivo para baixar", "os arquivos para baixar");
  var rest = howMany - pages.length - downloads.length;
  if (rest > 0) parts.push(rest === 1 ? "1 arquivo do site (estilo, script ou imagem)" : rest + " arquivos do site (estilos, scripts ou imagens)");
  return "falta" + (howMany === 1 ? " " : "m ") + listed(parts);
}

/* «Usar sem internet»: every engine file downloaded, counted and put in the cache as soon as it
 * has arrived. The first failure stops the other downloads and is told at once. */
function keepOffline() {
  var files = engineFiles();
  var size = total();
  var loaded = 0;
  var over = false;
  var controller = typeof AbortController === "function" ? new AbortController() : null;
  var show = function () {
    if (over) return;
    var percent = size ? Math.floor((loaded / size) * 100) : 0;
    status("Baixando o motor de cálculo: " + percent + "% de " + megabytes(downloadSize()) + " MB (parte 1 de 2)…",
      loaded, size);
  };
  var open = function () {
    if (!window.caches) return Promise.reject(storageError("SemArmazenamento"));
    return window.caches.open(CACHES.engine);
  };
  var node = progressNode();
  if (node) ["data-falha", "data-site-guardados", "data-site-total"].forEach(function (name) { node.removeAttribute(name); });
  box().classList.remove("motor-oferta--site-guardado");
  show();
  var download = checkRoom(size).then(open).then(function (store) {
    return Promise.all(files.map(function (file) {
      var url = new URL(file.url, SITE).href;
      var key = url + "?v=" + file.sha256.slice(0, 20);
      var init = { credentials: "same-origin" };
      if (controller) init.signal = controller.signal;
      // A file kept already (an earlier «Usar sem internet», the service worker) is not
      // downloaded again: on prepaid data a second tap costs nothing.
      return store.match(key).then(function (hit) {
        if (!hit) return fetch(url, init);
        loaded += file.bytes;
        show();
        return null;
      }).then(function (response) {
        if (!response) return;
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
          var blob = new Blob(chunks);
          // Kept only if the bytes are this page's build's (issue 19: one build at a time).
          return sameBytes(blob, file.sha256).then(function (same) {
            if (!same) return otherBuild(file).then(function (other) {
              var error = new Error(other ? "arquivo de outra versão do site" : "arquivo do motor danificado");
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
    })).catch(function (error) {
      over = true;
      if (controller) controller.abort();
      throw error;
    });
  });
  // Nothing else downloads meanwhile: the site's background warm-up waits for the engine.
  busyWith(download);
  return download.then(function () {
    permitir();
    over = true;
    box().classList.add("motor-oferta--guardado");
    var engineKept = "O motor de cálculo está guardado neste aparelho.";
    status(engineKept + " Agora as páginas e os arquivos para baixar (parte 2 de 2)…", loaded, size);
    // Then the rest of the site, the downloads of /dados/ included, one file at a time. «Pronto»
    // only when the worker says every file it was asked for is kept (issue 30).
    return keepEverything(function (site) {
      var kept = site.guardados + site.downloads;
      var all = site.total + site.totalDownloads;
      var node = progressNode();
      if (node) {
        node.setAttribute("data-site-guardados", String(kept));
        node.setAttribute("data-site-total", String(all));
      }
      status(engineKept + " Agora as páginas e os arquivos para baixar (parte 2 de 2): " +
        kept.toLocaleString("pt-BR") + " de " + all.toLocaleString("pt-BR") + " arquivos guardados…",
      loaded, size);
    }).then(function (site) {
      var node = progressNode();
      if (!site) {
        // No service worker (blocked, or a private window): nothing of the site opens offline.
        if (node) node.setAttribute("data-falha", "paginas");
        status(engineKept + " Mas este navegador não deixa o site guardar as páginas, e sem " +
          "internet elas não abrem: use o site com internet.", loaded, size);
        return;
      }
      if (site.erro === "espaco") {
        if (node) node.setAttribute("data-falha", "espaco");
        status("O motor de cálculo está guardado, mas não " +
          "há espaço neste aparelho para guardar também as páginas: o armazenamento do navegador " +
          "está cheio. Com internet, o site continua funcionando. Para guardá-lo inteiro, libere " +
          "espaço e toque de novo em «Usar sem internet».", loaded, size);
        return;
      }
      var missing = site.quantasFaltam !== undefined ? site.quantasFaltam
        : (site.total - site.guardados) + (site.totalDownloads - site.downloads);
      if (missing > 0) {
        // A file that did not come (connection lost, or a newer version of the site published).
        if (node) node.setAttribute("data-falha", failedPart(site.faltam || []));
        status(engineKept + " Mas nem tudo pôde ser guardado agora: " + missingText(site.faltam || [], missing) +
          ". Sem internet, isso não abre; com internet, toque de novo em «Usar sem internet».", loaded, size);
        return;
      }
      status("Pronto: o site inteiro (páginas, tabelas, arquivos para baixar) e o motor de cálculo estão " +
        "guardados neste aparelho e funcionam sem internet.", loaded, size);
      box().classList.add("motor-oferta--site-guardado");
    });
  }, function (error) {
    over = true;
    if (error && error.kind === "versao") {
      status("O site foi atualizado depois que esta página abriu: nada foi guardado. " +
        "Carregue a versão nova e toque de novo em «Usar sem internet».", loaded, size);
      offerNewVersion();
      return;
    }
    var storage = isQuota(error) || Boolean(error) && (error.name === "SecurityError" || error.name === "SemArmazenamento");
    // Storage full or blocked: the person asked for the engine, and it still works online.
    if (storage) permitir();
    var node = progressNode();
    if (node) node.setAttribute("data-falha", isQuota(error) ? "espaco" : storage ? "armazenamento" : "rede");
    status(failureText(error), loaded, size);
  });
}

/* The server has another build than this page: another label (assets/versao.json, never
 * precached), or, under the same label (the same commit built again with another engine), another
 * hash for this engine file in the server's assets/motor.json than the page's. */
function otherBuild(file) {
  var mine = pageBuild();
  var ask = function (name) {
    return fetch(new URL(name, SITE).href, { cache: "no-store" }).then(function (response) {
      return response.json();
    }).then(function (data) { return data; }, function () { return null; });
  };
  return ask(FILES.buildId).then(function (server) {
    if (mine && server && typeof server.versao === "string" && server.versao !== mine) return true;
    if (!file || !file.sha256) return false;
    return ask(FILES.engineReport).then(function (report) {
      var files = report && Array.isArray(report.files) ? report.files : [];
      return files.some(function (entry) {
        return entry && entry.url === file.url && typeof entry.sha256 === "string" && entry.sha256 !== file.sha256;
      });
    });
  });
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
  noteBlockedStorage(offer);
  var calculator = document.querySelector("form.calc-form");
  offer.hidden = Boolean(calculator) && allowed() && !offer.hasAttribute("data-sempre");
  offer.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-motor-acao]");
    if (!button) return;
    var action = button.getAttribute("data-motor-acao");
    if (action === "baixar") {
      permitir();
      offer.hidden = true;
    } else if (action === "offline") {
      button.disabled = true;
      keepOffline().then(function () { button.disabled = false; });
    }
  });
}

export function start() {
  onEachPage(setup);
}
