/* Estatutos Portuários — o que um resultado mostra: o trecho com as palavras achadas, a frase
 * «Mostrando resultados para …», o assunto de «Não está aqui» e os nomes dos atos.
 *
 * Puro (roda no worker da busca e nos testes): devolve texto em pedaços ({t, m}: m = achado),
 * nunca marcação; quem desenha monta os nós com textContent. */

import { fold, stem, tokens } from "./words.mjs";

const WORD = /[\p{L}\p{N}]+/gu;
const AROUND = 70;

/* As palavras de `text` com a posição, o radical e se foram achadas (`marks`: radicais achados). */
function marked(text, marks) {
  const out = [];
  for (const m of text.matchAll(WORD)) {
    const folded = fold(m[0]).replace(/\s+/g, "");
    const s = /^\d+$/.test(folded) ? folded : stem(folded);
    const hit = folded.length > 0 && marks.some((k) => s === k || (k.length >= 4 && s.startsWith(k)));
    out.push({ start: m.index, end: m.index + m[0].length, hit, word: m[0], stem: s });
  }
  return out;
}

/* O trecho de `text` em volta da primeira palavra achada, em pedaços. */
export function snippet(text, marks, size = 2 * AROUND) {
  const value = String(text || "");
  const words = marked(value, marks);
  const first = words.find((w) => w.hit);
  let from = 0;
  let to = value.length;
  if (value.length > size) {
    const middle = first ? first.start : 0;
    from = Math.max(0, middle - AROUND);
    to = Math.min(value.length, from + size);
    const space = value.lastIndexOf(" ", from);
    if (from > 0 && space > 0 && from - space < 15) from = space + 1;
    const end = value.indexOf(" ", to);
    if (to < value.length && end > 0 && end - to < 15) to = end;
  }
  const pieces = [];
  let at = from;
  for (const w of words) {
    if (!w.hit || w.start < from || w.end > to) continue;
    if (w.start > at) pieces.push({ t: value.slice(at, w.start), m: false });
    pieces.push({ t: value.slice(w.start, w.end), m: true });
    at = w.end;
  }
  if (at < to) pieces.push({ t: value.slice(at, to), m: false });
  if (from > 0) pieces.unshift({ t: "… ", m: false });
  if (to < value.length) pieces.push({ t: " …", m: false });
  return pieces;
}

/* «Mostrando resultados para …»: a consulta como digitada, com cada palavra corrigida trocada
 * pela forma que os resultados mostram (com acento: «conferente»), ou pelo radical. */
export function correctedQuery(raw, corrections, texts) {
  let out = String(raw).trim();
  for (const c of corrections) {
    let shown = null;
    for (const text of texts) {
      const found = marked(text, [c.stem]).find((w) => w.stem === c.stem || w.stem.startsWith(c.stem));
      if (found) { shown = found.word.toLowerCase(); break; }
    }
    const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])(${escapeRegExp(c.typedAsTyped || c.typed)})(?=$|[^\\p{L}\\p{N}])`, "iu");
    out = out.replace(pattern, (all, before) => before + (shown || c.stem));
  }
  return out;
}

function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/* O assunto de data/fora.yaml que a consulta nomeia: todas as palavras de uma das formas. */
export function subjectOf(query, subjects) {
  const stems = new Set(query.words.flatMap((w) => [w.stem, ...w.synonyms]));
  return subjects.find((s) => s.keys.some((key) => key.every((k) => stems.has(k)))) || null;
}

const COUNT = ["nenhum", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez"];

/* «a Lei nº 4.860/1965, o Decreto nº 17.961/1945 nem o Decreto-Lei de 1941» e «três atos»: dos
 * dados (os atos do índice), nunca escritos à mão. */
export function actNames(acts) {
  const newest = [...acts].sort((a, b) => (b.year || "").localeCompare(a.year || ""));
  const named = newest.map((a) => (a.type === "lei" ? `a ${a.title}` : `o ${a.title}`));
  const list = named.length > 1 ? `${named.slice(0, -1).join(", ")} nem ${named[named.length - 1]}` : named.join("");
  const count = acts.length < COUNT.length ? COUNT[acts.length] : String(acts.length);
  return { list, count: `${count} ${acts.length === 1 ? "ato" : "atos"}` };
}

/* As palavras a realçar na página de destino (o que se digitou, sem as vazias), para o «?h=». */
export function wordsToMark(query) {
  return query.words.filter((w) => !w.question).map((w) => w.typed).join(" ");
}

/* Os cartões a desenhar enquanto a pessoa ainda digita (a última palavra sem espaço depois): os
 * `first` primeiros e os outros cujo arquivo já chegou (`loaded(id)`), na ordem do ranking. Cada
 * tecla muda a lista, e cada cartão novo é um arquivo a mais na rede; a consulta completa, quando
 * a pessoa para de digitar, traz todos. */
export function typingCards(cards, loaded, first) {
  return cards.filter((card, i) => i < first || loaded(card.main));
}

/* As palavras a buscar enquanto a pessoa ainda digita: sem a última se ela tem menos de `min`
 * letras e não é número, salvo se é a única («trabalhei no dom» é buscado como «trabalhei»: «d»,
 * «do», «dom» achariam outras páginas, com outros arquivos, a cada tecla). */
export function typingWords(words, min = 4) {
  const kept = words.filter((w) => !(w.last && !w.number && w.typed.length < min));
  return kept.length ? kept : words;
}

export { tokens };
