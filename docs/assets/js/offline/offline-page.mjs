/* Estatutos Portuários — a página «Sem internet» (o service worker a mostra quando uma página
 * ainda não guardada é aberta sem conexão: offline/sw/site-cache.mjs).
 *
 * Lê o cache do site (o mesmo que o service worker usa) e diz, em cada link da lista,
 * se aquela página já está guardada neste aparelho; as guardadas vêm primeiro. Se as calculadoras
 * estão guardadas mas o motor de cálculo não (o cache do motor vazio), diz que elas só calculam
 * depois que ele for baixado. «Tentar de novo»
 * recarrega o endereço pedido (sem script, o link faz o mesmo). Em outras páginas não faz nada.
 */
import { CACHES } from "../common/constants.mjs";

export function start() {
  var box = document.querySelector(".sem-internet");
  if (!box) return;

  var retry = box.querySelector(".sem-internet-tentar");
  if (retry) {
    retry.addEventListener("click", function (event) {
      event.preventDefault();
      window.location.reload();
    });
  }

  var list = box.querySelector(".sem-internet-lugares");
  var summary = box.querySelector(".sem-internet-situacao");
  if (!list || !summary || !window.caches) return;

  function pathOf(href) {
    var url = new URL(href, window.location.href);
    return url.pathname.replace(/index\.html$/, "");
  }

  window.caches.open(CACHES.site).then(function (cache) {
    return cache.keys();
  }).then(function (requests) {
    var kept = {};
    requests.forEach(function (request) { kept[pathOf(request.url)] = true; });
    var links = Array.prototype.slice.call(list.querySelectorAll("li"));
    var found = 0;
    links.forEach(function (item) {
      var link = item.querySelector("a");
      var yes = Boolean(link && kept[pathOf(link.href)]);
      var note = document.createElement("span");
      note.className = "sem-internet-nota";
      note.textContent = yes ? " — guardada neste aparelho" : " — ainda não guardada";
      item.appendChild(note);
      item.classList.add(yes ? "sem-internet-guardada" : "sem-internet-falta");
      if (yes) found += 1;
    });
    // The kept pages first: those open now.
    links.filter(function (item) { return item.classList.contains("sem-internet-guardada"); }).reverse()
      .forEach(function (item) { list.insertBefore(item, list.firstChild); });
    summary.textContent = found
      ? (found === 1 ? "1 destas páginas já está guardada" : found + " destas páginas já estão guardadas") +
        " neste aparelho e abre" + (found === 1 ? "" : "m") + " sem conexão; as outras, quando a conexão voltar:"
      : "Nenhuma destas páginas foi guardada neste aparelho ainda: elas abrem quando a conexão voltar.";
    var done = function () { box.setAttribute("data-guardadas", String(found)); };
    var calculators = list.querySelector(".sem-internet-guardada a[href$='/calculadoras/']");
    if (!calculators) return done();
    // The calculators' pages are kept, but they compute only with the engine on the device.
    return window.caches.open(CACHES.engine).then(function (cache) { return cache.keys(); }).then(function (engine) {
      var note = calculators.parentNode.querySelector(".sem-internet-nota");
      if (!engine.length && note) {
        note.textContent = " — guardada; o motor de cálculo ainda não foi baixado: os exemplos " +
          "aparecem, mas as calculadoras só calculam depois que ele for baixado, com internet";
        box.setAttribute("data-motor", "nao");
      }
    }).then(done, done);
  }).catch(function () { /* no cache to read (private mode): the list stays as written */ });
}
