/* Estatutos Portuários — as palavras da busca: a dobra, as fichas, o radical leve, os pares.
 *
 * As mesmas regras da construção (macros/build/search/words.py);
 * tests/test_search_words.py roda as duas nas mesmas frases geradas. Mude as duas juntas.
 *   - dobra: minúsculas, sem acento, º ª ° § e hífen como espaço (common/text.mjs);
 *   - 4.860 → 4860; A.P.R.J. → aprj; letras e números são fichas separadas (art7 → art, 7);
 *   - radical: o plural; depois a terminação de verbo, se sobra palavra bastante (trabalhei,
 *     trabalhado, trabalhar → trabalh; nunca feriado, lugar); senão a vogal final
 *     (refeições → refeica; noturnas → noturn). */

import { fold } from "../common/text.mjs";

export { fold };

const THOUSANDS = /(\d)\.(?=\d{3}(?!\d))/g;
const ACRONYM = /(?<![a-z0-9])(?:[a-z]\.){2,}(?:[a-z](?![a-z0-9]))?/g;
const TOKEN = /[a-z]+|[0-9]+/g;
const PLURALS = [["oes", "ao"], ["aes", "ao"], ["ais", "al"], ["eis", "el"], ["ns", "m"]];
const PARTICIPLES = ["ado", "ada", "ido", "ida"];
const INFINITIVES = ["ar", "er", "ir"];
const PAST = ["ei", "ou", "eu"];
const SPELLED = /(\d)\s*\([^()\d]*\)/g;

// Números por extenso como algarismos («vinte minutos» = «20 minutos»; «quarenta e oito» = «48»);
// «um», «uma» continuam palavras (são artigos muito mais vezes).
export const NUMBER_WORDS = {
  dois: 2, duas: 2, tres: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9, dez: 10,
  onze: 11, doze: 12, treze: 13, quatorze: 14, catorze: 14, quinze: 15, dezesseis: 16,
  dezessete: 17, dezoito: 18, dezenove: 19, vinte: 20, trinta: 30, quarenta: 40, cinquenta: 50,
  sessenta: 60, setenta: 70, oitenta: 80, noventa: 90, cem: 100,
};

function numbers(items) {
  const out = [];
  for (let i = 0; i < items.length;) {
    const value = Object.hasOwn(NUMBER_WORDS, items[i]) ? NUMBER_WORDS[items[i]] : null;
    if (value === null) { out.push(items[i]); i += 1; continue; }
    const unit = i + 2 < items.length && items[i + 1] === "e" && Object.hasOwn(NUMBER_WORDS, items[i + 2])
      ? NUMBER_WORDS[items[i + 2]] : 0;
    if (value >= 20 && value % 10 === 0 && unit > 0 && unit < 10) { out.push(String(value + unit)); i += 3; }
    else { out.push(String(value)); i += 1; }
  }
  return out;
}

export function tokens(text) {
  const folded = fold(text).replace(THOUSANDS, "$1")
    .replace(ACRONYM, (acronym) => acronym.replace(/\./g, ""));
  return numbers(folded.match(TOKEN) || []);
}

export function stem(word) {
  if (/^\d+$/.test(word) || word.length <= 3) return word;
  let w = word;
  let done = false;
  for (const [ending, repl] of PLURALS) {
    if (w.endsWith(ending) && w.length > ending.length + 1) {
      w = w.slice(0, -ending.length) + repl;
      done = true;
      break;
    }
  }
  if (!done && w.endsWith("s")) w = w.slice(0, -1);
  if (PARTICIPLES.some((e) => w.endsWith(e)) && w.length - 3 >= 5) return w.slice(0, -3);
  if (INFINITIVES.some((e) => w.endsWith(e)) && w.length - 2 >= 5) return w.slice(0, -2);
  if (PAST.some((e) => w.endsWith(e)) && w.length - 2 >= 4) return w.slice(0, -2);
  if (w.length > 4 && "aeo".includes(w[w.length - 1])) w = w.slice(0, -1);
  return w;
}

export function stems(text, stop) {
  return tokens(text).filter((t) => !stop.has(t)).map(stem);
}

export function pairStems(text, stop) {
  return stems(String(text).replace(SPELLED, "$1"), stop);
}

export function pairTokens(items) {
  const out = [];
  for (let i = 0; i + 1 < items.length; i++) {
    if (/^\d+$/.test(items[i]) && /^\d+$/.test(items[i + 1])) continue;
    const pair = `${items[i]}_${items[i + 1]}`;
    if (!out.includes(pair)) out.push(pair);
  }
  return out;
}

/* Uma letra trocada, faltando, sobrando, ou duas vizinhas invertidas: a distância de
 * Damerau-Levenshtein (restrita) é 1. */
export function oneEditApart(a, b) {
  if (a === b) return false;
  const la = a.length, lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  if (la === lb) {
    let i = 0;
    while (i < la && a[i] === b[i]) i++;
    if (a.slice(i + 1) === b.slice(i + 1)) return true;  // trocada
    return i + 1 < la && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [s, l] = la < lb ? [a, b] : [b, a];
  let i = 0;
  while (i < s.length && s[i] === l[i]) i++;
  return s.slice(i) === l.slice(i + 1);  // faltando ou sobrando
}
