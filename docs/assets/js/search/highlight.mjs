/* Estatutos Portuários — na página aberta por um resultado: as palavras buscadas (?h=) realçadas
 * no dispositivo ou na seção do «#», comparando as formas sem acento e os radicais («prorrogacao»
 * realça «prorrogação»; «extra», «extraordinários»). O alvo em si é marcado por common/target.mjs. */

import { CONTENT } from "../common/material.mjs";
import { fold, stem, tokens } from "./words.mjs";

const SKIP = new Set(["SCRIPT", "STYLE", "MARK", "BUTTON", "SVG", "NOSCRIPT"]);

function wanted(words) {
  return [...new Set(tokens(words).filter((t) => t.length > 1).map((t) => (/^\d+$/.test(t) ? t : stem(t))))];
}

function hit(word, stems) {
  const folded = fold(word).replace(/\s+/g, "");
  const s = /^\d+$/.test(folded) ? folded : stem(folded);
  return stems.some((k) => s === k || (k.length >= 4 && s.startsWith(k)));
}

export function markWords(root, words) {
  const stems = wanted(words);
  if (!root || !stems.length) return 0;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      for (let p = node.parentElement; p && p !== root.parentElement; p = p.parentElement) {
        if (SKIP.has(p.tagName) || p.hasAttribute("data-busca-sem-realce")) return NodeFilter.FILTER_REJECT;
      }
      return NodeFilter.FILTER_ACCEPT;
    },
  });
  const nodes = [];
  while (walker.nextNode()) nodes.push(walker.currentNode);
  let count = 0;
  for (const node of nodes) {
    const text = node.nodeValue;
    const parts = [];
    let at = 0;
    for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
      if (!hit(m[0], stems)) continue;
      parts.push(document.createTextNode(text.slice(at, m.index)));
      const mark = document.createElement("mark");
      mark.className = "busca-realce";
      mark.textContent = m[0];
      parts.push(mark);
      at = m.index + m[0].length;
      count += 1;
    }
    if (!parts.length) continue;
    parts.push(document.createTextNode(text.slice(at)));
    node.replaceWith(...parts);
  }
  return count;
}

export function markFromAddress() {
  const words = new URL(location.href).searchParams.get("h");
  if (!words) return;
  let id = "";
  try { id = decodeURIComponent(location.hash.slice(1)); } catch { id = location.hash.slice(1); }
  const target = (id && document.getElementById(id)) || document.querySelector(`${CONTENT} article`);
  if (target && !target.dataset.buscaRealcado) {
    target.dataset.buscaRealcado = "1";
    markWords(target, words);
  }
}
