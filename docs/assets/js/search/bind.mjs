/* Estatutos Portuários — liga a busca à página: a caixa do cabeçalho (a cada página: a navegação
 * instantânea pode trocar o cabeçalho), o realce das palavras na página aberta, e o que já estava
 * digitado quando o pacote chegou. Um worker só, para todas as páginas. */
import { onEachPage, siteOf } from "../common/page.mjs";
import { markFromAddress } from "./highlight.mjs";
import { searchWorker } from "./start.mjs";
import { createSearch } from "./ui.mjs";

function contextAct() {
  const ref = document.querySelector(".ato-referencia[data-slug]");
  return ref ? ref.getAttribute("data-slug") : null;
}

function bind() {
  const root = document.querySelector("[data-busca]");
  if (!root || root.dataset.buscaLigada) return;
  root.dataset.buscaLigada = "1";
  const search = createSearch(root, { worker: searchWorker, contextAct, siteRoot: siteOf(import.meta.url) });
  const box = root.querySelector("input[type=search]");
  if (box && box.value.trim()) search.ask();
}

export function start() {
  onEachPage(() => {
    bind();
    markFromAddress();
  });
}
