/* global document, window */
/* A página de medida dos dois motores da busca (benchmarks/search_engines.py; issue 28): a mesma
 * leitura da consulta (query.mjs) e, para o índice dividido, a mesma ordem (ranking.mjs) da busca
 * do site; o Pagefind com a sua própria ordem (um cartão por página). Nada aqui vai para o site. */
import { prepare, readRules } from "./js/search/query.mjs";

let own = null;
let pf = null;
let rules = null;

async function loadJSON(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

async function ownEngine() {
  if (!own) {
    own = (async () => {
      const [{ SplitIndex }, { rank }] = await Promise.all([
        import("./js/search/engine.mjs"), import("./js/search/ranking.mjs"),
      ]);
      const index = new SplitIndex((name) => loadJSON(`./own/${name}`));
      const meta = await index.open();
      rules = readRules(meta);
      return { index, meta, rank };
    })();
  }
  return own;
}

async function pagefindEngine() {
  if (!pf) {
    pf = (async () => {
      const module = await import("./pagefind/pagefind.js");
      await module.options({ baseUrl: "/" });
      await module.init();
      // The acts and the settings, to read the query as the site does (a small file).
      if (!rules) rules = readRules(await loadJSON("./own/meta.json"));
      return module;
    })();
  }
  return pf;
}

export async function ownSearch(text, cards = 5, context = null) {
  const { index, meta, rank } = await ownEngine();
  const query = prepare(text, rules, context);
  if (query.empty) return { cards: [], notHere: false };
  const found = await index.lookup(query);
  const result = rank(query, found, meta);
  const shown = result.cards.slice(0, cards);
  const docs = await index.documents(shown.flatMap((c) => [c.main, ...c.sections]));
  return {
    cards: shown.map((c) => c.path + (docs.get(c.main)[0] ? `#${docs.get(c.main)[0]}` : "")),
    notHere: result.notHere,
  };
}

export function pagefindTerms(query, acts) {
  const terms = query.words.map((w) => w.typed);
  terms.push(...query.citations.map((c) => (query.hoje ? `hoje${c}` : c)));
  if (query.act !== null) terms.push(query.words.length || query.citations.length ? `de${acts[query.act].key}` : `ato${acts[query.act].key}`);
  return terms.join(" ");
}

export async function pagefindSearch(text, cards = 5) {
  const module = await pagefindEngine();
  const query = prepare(text, rules, null);
  const terms = pagefindTerms(query, rules.acts);
  if (!terms) return { cards: [], notHere: false };
  const search = await module.search(terms);
  const pages = [];
  for (const result of search.results) {
    if (pages.length >= cards) break;
    const data = await result.data();
    const page = data.meta.page;
    if (!pages.some((p) => p.split("#")[0] === page)) pages.push(data.url.replace(/^\//, ""));
  }
  return { cards: pages, notHere: search.results.length === 0 };
}

// Digitar na caixa: a cada tecla, a busca do motor escolhido; desenha a última resposta.
export function typingBox(engine) {
  const box = document.querySelector("input[type=search]");
  const list = document.querySelector("#resultados");
  const run = engine === "pagefind" ? pagefindSearch : ownSearch;
  window.tempos = { tecla: null, resultado: null };
  let asked = 0;
  box.addEventListener("keydown", () => { if (window.tempos.tecla === null) window.tempos.tecla = performance.now(); });
  box.addEventListener("focus", () => { (engine === "pagefind" ? pagefindEngine() : ownEngine()).catch(() => {}); });
  box.addEventListener("input", async () => {
    const mine = ++asked;
    const text = box.value;
    if (text.trim().length < 2) return;
    const result = await run(text, 5);
    if (mine !== asked && result.cards.length === 0) return;
    list.replaceChildren(...result.cards.map((c) => Object.assign(document.createElement("li"), { textContent: c })));
    if (result.cards.length && window.tempos.resultado === null) window.tempos.resultado = performance.now();
  });
}
