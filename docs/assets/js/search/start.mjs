/* Estatutos Portuários — a busca em toda página, leve: o resto (a caixa viva, o worker, o índice)
 * só vem quando a pessoa toca na caixa ou no botão, foca a caixa, aperta «/», ou abre um link com
 * as palavras a realçar (?h=). O que ela digitar antes de o resto chegar fica na caixa e é buscado
 * assim que ele chega (ui.mjs). */
import { openGroup } from "../common/groups.mjs";
import { assetsOf, onEachPage } from "../common/page.mjs";

const WORKER = "busca-worker.mjs";
let worker = null;

/* The search's worker, one for every page: it starts with the first touch, alongside the search's
 * script (each a round trip on a slow link), and asks for the index at once. */
export function searchWorker() {
  if (!worker) worker = new Worker(new URL(WORKER, assetsOf(import.meta.url)), { type: "module" });
  return worker;
}

function wake() {
  openGroup("busca");
  try { searchWorker(); } catch { /* the search says so when it is used (ui.mjs) */ }
}

/* No celular: o botão abre a busca em tela cheia e põe o cursor na caixa (antes mesmo de o resto
 * chegar); fecha com o mesmo botão ou Esc (ui.mjs). */
export function openSearch(root) {
  root.classList.add("busca--aberta");
  const opener = root.querySelector("[data-busca-abrir]");
  if (opener) { opener.setAttribute("aria-expanded", "true"); opener.setAttribute("aria-label", "Fechar a busca"); }
  const box = root.querySelector("input[type=search]");
  if (box) box.focus();
}

export function closeSearch(root) {
  root.classList.remove("busca--aberta");
  const opener = root.querySelector("[data-busca-abrir]");
  if (opener) { opener.setAttribute("aria-expanded", "false"); opener.setAttribute("aria-label", "Abrir a busca"); }
}

export function start() {
  document.addEventListener("pointerdown", (event) => {
    if (event.target instanceof Element && event.target.closest("[data-busca]")) wake();
  }, true);
  document.addEventListener("focusin", (event) => {
    if (event.target instanceof Element && event.target.closest("[data-busca]")) wake();
  });
  // «/» leva à caixa (no celular, abre a busca), salvo quando já se digita num campo.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    const t = event.target;
    if (t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    const root = document.querySelector("[data-busca]");
    if (!root) return;
    event.preventDefault();
    wake();
    const opener = root.querySelector("[data-busca-abrir]");
    if (opener && opener.offsetParent) openSearch(root);
    else root.querySelector("input[type=search]")?.focus();
  });
  document.addEventListener("click", (event) => {
    const opener = event.target instanceof Element ? event.target.closest("[data-busca-abrir]") : null;
    const root = opener && opener.closest("[data-busca]");
    if (!root) return;
    if (root.classList.contains("busca--aberta")) closeSearch(root); else openSearch(root);
  });
  onEachPage(() => {
    if (new URL(window.location.href).searchParams.has("h")) wake();
  });
}
