/* O dispositivo aberto: marca o alvo do endereço («#art7», .busca-alvo), abre os <details> em volta
 * e rola até ele, a cada página e a cada troca de «#». Roda em toda página; o resto da busca
 * (busca.js: a consulta, os resultados, o realce das palavras buscadas) só vem quando a pessoa
 * começa uma busca ou abre um link com as palavras (?h=), pelos pacotes (common/groups.mjs). */
import { onEachPage } from "./page.mjs";

function markTarget() {
  document.querySelectorAll(".busca-alvo").forEach(function (el) { el.classList.remove("busca-alvo"); });
  var id;
  try { id = decodeURIComponent(location.hash.slice(1)); } catch { id = location.hash.slice(1); }  // #% etc.
  var el = id && document.getElementById(id);
  if (!el) return;
  el.classList.add("busca-alvo");
  if (/^H\d$/.test(el.tagName)) {
    var body = document.querySelector('.dispositivo-corpo[data-de="' + id + '"]');
    if (body) body.classList.add("busca-alvo");
  }
  for (var d = el; d; d = d.parentElement) {
    if (d.tagName === "DETAILS") d.open = true;
  }
  el.scrollIntoView({ block: "start" });
  // No celular, ao fechar a busca o tema devolve a rolagem de antes: rola de novo, se preciso.
  setTimeout(function () {
    var top = el.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight / 2) el.scrollIntoView({ block: "start" });
  }, 250);
}

// O endereço que a pessoa abriu, com o seu «#dispositivo». O rastreio de âncoras do Material
// (navigation.tracking) da página que ela deixa continua ativo enquanto a próxima carrega: se a
// página rola nesse meio-tempo (a busca que fecha no celular, o dedo da pessoa), ele regrava o
// endereço novo sem o fragmento, e a página abria no topo, sem o dispositivo marcado. O alvo
// do link é guardado no clique e devolvido ao endereço quando a página aparece.
var intended = null;
function rememberTarget(event) {
  // Só o clique da pessoa num link (o Material também «clica» em âncoras ao rolar até o alvo).
  var a = event.isTrusted && event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!a) return;
  intended = null;
  if (a.target || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  var url;
  try { url = new URL(a.href, location.href); } catch { return; }
  if (url.origin === location.origin && url.hash.length > 1 && url.pathname !== location.pathname) intended = url;
}
function restoreTarget() {
  var url = intended;
  intended = null;
  if (!url || location.hash || location.pathname !== url.pathname || location.search !== url.search) return;
  window.history.replaceState(window.history.state, "", url.href);
}

export function start() {
  window.addEventListener("hashchange", markTarget);
  document.addEventListener("click", rememberTarget, true);
  onEachPage(() => {
    restoreTarget();
    markTarget();
  });
}

