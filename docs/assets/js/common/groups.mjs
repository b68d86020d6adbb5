/* Estatutos Portuários — scripts e estilos de só algumas páginas, só nas páginas que os usam.
 *
 * A construção junta os scripts e estilos do site em poucos arquivos (macros/build/bundles.py):
 * os de todas as páginas, e, à parte, os das calculadoras e os das tabelas de 1945, que só as
 * páginas deles trazem (o estilo no <head>, antes do estilo comum; o script no fim). A navegação
 * instantânea do Material troca a página sem rodar os scripts da nova, e copia os links do <head>
 * dela, mas depois dos outros: quando ela abre uma página marcada data-ep-pacote="calculadoras" (ou
 * "tabelas"), este módulo põe o estilo do grupo no mesmo lugar de uma página carregada inteira
 * (antes do estilo comum: a mesma cascata), com o artigo escondido até ele chegar (nunca uma
 * página sem estilo; no máximo alguns segundos, e um erro mostra a página assim mesmo), e importa
 * o módulo do grupo, uma vez, que se liga à página aberta (onEachPage). Os arquivos de cada grupo
 * vêm da construção, em <meta name="ep-pacotes">. */
import { assetsOf, onEachPage } from "./page.mjs";

const WAITING = "ep-estilo-chegando";
// O conteúdo reaparece no máximo depois disto, mesmo que o estilo não tenha chegado.
const PATIENCE = 4000;
let pending = 0; // estilos pedidos que ainda não chegaram

function names() {
  const meta = document.querySelector('meta[name="ep-pacotes"]');
  return ((meta && meta.getAttribute("content")) || "").split(" ").filter(Boolean);
}

function filesOf(group) {
  const base = assetsOf(import.meta.url);
  return names().filter((name) => name.indexOf("pacote-" + group + ".") === 0)
    .map((name) => new URL(name, base).href);
}

function findStyle(url) {
  return Array.prototype.find.call(document.querySelectorAll("link[rel='stylesheet']"), (tag) => tag.href === url);
}

// The group's style sheet right before the common one, as on a full load (the cascade of
// extra_css). Material's instant navigation copies the new page's <head> links, but appends
// them after the others: the link is moved (or made, if it is not there). Until it is in, the
// article waits hidden.
function placeStyle(url) {
  let link = findStyle(url);
  if (!link) {
    link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = url;
  }
  const common = document.querySelector("link[rel='stylesheet'][href*='assets/pacote-estilo.']");
  const placed = link.parentNode === document.head &&
    (!common || link.compareDocumentPosition(common) & Node.DOCUMENT_POSITION_FOLLOWING);
  if (placed && link.sheet) return;
  const root = document.documentElement;
  let finished = false;
  let timer = null;
  function finish() {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    pending -= 1;
    if (!pending) root.classList.remove(WAITING);
  }
  pending += 1;
  root.classList.add(WAITING);
  timer = setTimeout(finish, PATIENCE);
  link.addEventListener("load", finish);
  link.addEventListener("error", () => {
    link.remove(); // made again on the next page of the group
    finish();
  });
  if (!placed) document.head.insertBefore(link, common);
  if (link.sheet) finish(); // already in (moved from the cache)
}

function isStyle(url) { return url.slice(-4) === ".css"; }

// openGroup(grupo): importa o módulo do grupo, uma vez (um download que falhou é tentado de novo
// na próxima vez). Um módulo já importado (a página carregada inteira) não é pedido de novo.
const asked = {};
export function openGroup(name) {
  if (asked[name]) return;
  asked[name] = true;
  filesOf(name).filter((url) => !isStyle(url)).forEach((url) => {
    import(url).catch(() => { asked[name] = false; });
  });
}

export function start() {
  onEachPage(() => {
    const article = document.querySelector("[data-ep-pacote]");
    const groups = article ? article.getAttribute("data-ep-pacote").split(" ").filter(Boolean) : [];
    groups.forEach((name) => {
      // At every page of the group: Material's instant navigation adds and removes <head> links.
      filesOf(name).filter(isStyle).forEach(placeStyle);
      openGroup(name);
    });
  });
}
