/* Estatutos Portuários — a resposta a uma consulta da caixa: lê a consulta, busca os pedaços do
 * índice, ordena e prepara o que cada cartão mostra (o worker da busca a chama; o Node também, nos
 * testes: tests/test_search_typing.py).
 *
 * answerer(index) devolve search(mensagem, substituida): mensagem = {caixa, id, texto, ato, filtros,
 * completa}; substituida() diz se outra consulta mais nova já chegou (a resposta é null). Uma
 * consulta de tecla (`completa` falso: a pessoa pode estar digitando) busca menos arquivos: sem
 * a última palavra, se é curta e ainda se digita; sem corrigir um começo; e só os primeiros
 * cartões novos. Ela diz `parcial`, e a caixa manda a completa quando a pessoa para (ui.mjs). */

import { actNames, correctedQuery, snippet, subjectOf, typingCards, typingWords } from "./present.mjs";
import { prepare, readRules } from "./query.mjs";
import { categoryOf, rank } from "./ranking.mjs";

// While a word is still being typed, the cards whose files have not come yet beyond the first
// ones wait for the complete query.
export const TYPING_CARDS = 2;

export function answerer(index) {
  let rules = null;
  let subjects = null;

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

  async function search({ caixa, id, texto, ato, filtros, completa }, replaced = () => false) {
    const meta = await ready();
    const query = prepare(texto, rules, ato || null);
    if (query.empty) return { caixa, id, cartoes: [], ausente: false, vazio: true, atos: actNames(meta.acts) };
    // A key's query (the person may still be typing, also after a space): fewer files
    // (typingWords, engine.mjs, typingCards); the complete one comes when the keys stop.
    const typing = !completa;
    if (typing) query.words = typingWords(query.words);
    const found = await index.lookup(query, { typing });
    if (replaced()) return null;
    const result = rank(query, found, meta, filtros || {});
    const ranked = result.cards.length;
    if (typing) result.cards = typingCards(result.cards, (doc) => index.hasDocuments(doc), TYPING_CARDS);
    // What the cards show: their main documents' files, and the sections found in those same files
    // (no more files for them: on a slow link each is a round trip).
    const shown = await index.documents(result.cards.map((c) => c.main));
    const size = meta.chunk;
    const fetched = new Set(result.cards.map((c) => Math.floor(c.main / size)));
    for (const card of result.cards) card.sections = card.sections.filter((d) => fetched.has(Math.floor(d / size)));
    const more = await index.documents(result.cards.flatMap((c) => c.sections));
    for (const [id, doc] of more) shown.set(id, doc);
    if (replaced()) return null;
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
      // Something waits for the complete query: cards not drawn, or the last word not corrected.
      parcial: typing && (found.deferred || result.cards.length < ranked),
      atosFiltro: meta.acts.map((a) => ({ slug: a.slug, title: a.title })),
    };
  }

  return { ready, search };
}
