/* Estatutos Portuários — o worker da busca: lê a consulta, busca os pedaços do índice, ordena e
 * prepara o que cada cartão mostra; a página só desenha.
 *
 * Mensagens: a página manda {tipo: "buscar", id, texto, ato, filtros}; o worker responde
 * {tipo: "resultado", id, ...} com os cartões, o «Não está aqui» (e o assunto de data/fora.yaml
 * que a consulta nomeia), as correções e as palavras a realçar. Uma consulta que outra mais nova
 * já substituiu não é respondida. Os arquivos vêm de search/ (o service worker os guarda depois de
 * «Usar sem internet»). */

import { SplitIndex } from "./engine.mjs";
import { actNames, correctedQuery, snippet, subjectOf } from "./present.mjs";
import { prepare, readRules } from "./query.mjs";
import { categoryOf, rank } from "./ranking.mjs";

const base = new URL("../search/", self.location.href);
const index = new SplitIndex(async (name) => {
  const response = await fetch(new URL(name, base));
  if (!response.ok) throw new Error(`${name}: ${response.status}`);
  return response.json();
});
let rules = null;
let subjects = null;
const newest = new Map();  // the newest query of each box (a page's box counts from 1)

async function ready() {
  const meta = await index.open();
  if (!rules) rules = readRules(meta);
  return meta;
}

async function notHereSubject(query) {
  if (!subjects) {
    try {
      subjects = (await index.load("fora.json")).assuntos || [];
    } catch {
      subjects = [];
    }
  }
  return subjectOf(query, subjects);
}

async function search({ caixa, id, texto, ato, filtros }) {
  const meta = await ready();
  const query = prepare(texto, rules, ato || null);
  if (query.empty) return { caixa, id, cartoes: [], ausente: false, vazio: true, atos: actNames(meta.acts) };
  const found = await index.lookup(query);
  if (id < (newest.get(caixa) || 0)) return null;
  const result = rank(query, found, meta, filtros || {});
  // What the cards show: their main documents' files, and the sections found in those same files
  // (no more files for them: on a slow link each is a round trip).
  const shown = await index.documents(result.cards.map((c) => c.main));
  const size = meta.chunk;
  const fetched = new Set(result.cards.map((c) => Math.floor(c.main / size)));
  for (const card of result.cards) card.sections = card.sections.filter((d) => fetched.has(Math.floor(d / size)));
  const more = await index.documents(result.cards.flatMap((c) => c.sections));
  for (const [id, doc] of more) shown.set(id, doc);
  if (id < (newest.get(caixa) || 0)) return null;
  const marks = result.marks;
  const link = (card, doc) => card.path + (shown.get(doc)[0] ? `#${shown.get(doc)[0]}` : "");
  const cards = result.cards.map((card) => {
    const [, title, text] = shown.get(card.main);
    return {
      pagina: card.title,
      titulo: title === card.title ? "" : title,
      endereco: link(card, card.main),
      trecho: snippet(text, marks),
      tipo: categoryOf(meta, card.main),
      secoes: card.sections.map((doc) => ({ titulo: shown.get(doc)[1], endereco: link(card, doc) })),
    };
  });
  const texts = result.cards.map((c) => `${shown.get(c.main)[1]} ${shown.get(c.main)[2]}`);
  const trusted = result.corrections.filter((c) => c.trusted);
  return {
    caixa,
    id,
    cartoes: cards,
    ausente: result.notHere,
    assunto: result.notHere ? await notHereSubject(query) : null,
    atos: actNames(meta.acts),
    correcao: result.corrections.length
      ? correctedQuery(texto, result.corrections.map((c) => ({ ...c, typed: query.words[c.word].typed })), texts)
      : null,
    confiavel: trusted.length === result.corrections.length,
    // The words to mark on the page opened: as typed, each corrected one by its correction.
    realce: query.words.map((w, i) => (w.question ? "" : (result.corrections.find((c) => c.word === i) || {}).stem || w.typed))
      .filter(Boolean).join(" "),
    pergunta: result.question,
    atosFiltro: meta.acts.map((a) => ({ slug: a.slug, title: a.title })),
  };
}

// The index's entry as soon as the worker starts (the first query needs it: one round trip less).
ready().catch(() => {});

self.addEventListener("message", async (event) => {
  const message = event.data || {};
  if (message.tipo !== "buscar") return;
  newest.set(message.caixa, Math.max(newest.get(message.caixa) || 0, message.id));
  try {
    const answer = await search(message);
    if (answer) self.postMessage({ tipo: "resultado", ...answer });
  } catch (error) {
    self.postMessage({ tipo: "erro", caixa: message.caixa, id: message.id, mensagem: String((error && error.message) || error) });
  }
});
