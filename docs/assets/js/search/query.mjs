/* Estatutos Portuários — a leitura da consulta: ato, citação, palavras, pergunta.
 *
 * Pura: recebe o texto digitado, os atos e as regras de data/busca.yaml (do índice, meta.json) e
 * devolve o que procurar. Nenhum número de ato está escrito aqui: vêm dos dados.
 *   - «lei 4860», «decreto 17.961», «decreto-lei», «dl 1941», «lei de 1965»: o ato;
 *   - «art 7 § 5», «art 7 paragrafo 5 alinea c», «7 5 a», «paragrafo unico», «item 3»,
 *     «ementa», «anexo», «hoje art 7»: o dispositivo (fichas como as do índice);
 *   - as outras palavras, sem as vazias, como radicais; a última, enquanto se digita, também pelo
 *     começo; os sinônimos; uma palavra ou frase de pergunta faz da consulta uma pergunta. */

import { stem, tokens } from "./words.mjs";

const ART = ["art", "arts", "artigo", "artigos"];
const PAR = ["paragrafo", "paragrafos", "par", "paragr", "pu"];
const INC = ["inciso", "inc", "incisos"];
const ALI = ["alinea", "alineas", "al", "letra"];
const ITE = ["item", "itens"];
const ACT_WORDS = ["lei", "decreto", "dl", "n", "numero", "nr", "no"];
const PARTS = ["epigrafe", "ementa", "preambulo", "formula", "fecho", "anexo", "considerando"];
const ROMAN = { i: 1, v: 5, x: 10, l: 50, c: 100 };

function romanValue(s) {
  if (!/^[ivxlc]+$/.test(s)) return 0;
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const v = ROMAN[s[i]];
    const next = ROMAN[s[i + 1]] || 0;
    total += v < next ? -v : v;
  }
  return total;
}

/* A regra lida do índice, pronta para consultar (conjuntos no lugar de listas). */
export function readRules(meta) {
  const c = meta.config;
  return {
    config: c,
    stop: new Set(c.stop_words),
    question: new Set(c.question_words),
    phrases: c.question_phrases.map((p) => ` ${p} `),
    synonyms: c.synonyms,
    acts: meta.acts,
  };
}

/* raw: o texto digitado; rules: readRules(meta); contextAct: o slug do ato da página aberta. */
export function prepare(raw, rules, contextAct = null) {
  const typed = String(raw);
  const text = typed.replace(/§/g, " paragrafo ").replace(/decreto\s*-?\s*lei/gi, " dl ");
  const toks = tokens(text);
  const used = toks.map(() => false);
  const acts = rules.acts;
  const byKey = new Map(acts.map((a, i) => [a.key, i]));
  const byYear = new Map();
  acts.forEach((a, i) => { if (a.year && !byYear.has(a.year)) byYear.set(a.year, i); });
  const decreeLaws = acts.map((a, i) => [a, i]).filter(([a]) => a.type === "decreto-lei");
  let act = null;

  // 1. O ato: o número; o ano com «lei»/«decreto»/«dl» (ou sozinho); «decreto-lei» quando há um só.
  const keyword = toks.some((t) => t === "lei" || t === "decreto" || t === "dl");
  toks.forEach((t, i) => {
    if (byKey.has(t) || (byYear.has(t) && (keyword || toks.length === 1))) {
      act = byKey.has(t) ? byKey.get(t) : byYear.get(t);
      used[i] = true;
    }
  });
  if (act === null && toks.includes("dl") && decreeLaws.length === 1) act = decreeLaws[0][1];
  if (act !== null) {
    // «lei 4860/65»: o ano com dois algarismos também é o do ato.
    const year = acts[act].year || "";
    toks.forEach((t, i) => {
      if (ACT_WORDS.includes(t) || t === year || (t.length === 2 && year.endsWith(t) && i > 0 && used[i - 1])) used[i] = true;
    });
  }

  // 2. A citação: art 7, § 5, parágrafo único, inciso II, alínea a, item 1, caput; ou «7 5 a».
  const cit = { art: null, par: null, inc: null, ali: null, ite: null, cpt: false, bare: false };
  const rest = toks.map((_, i) => i).filter((i) => !used[i]);
  const bare = rest.length > 1 && /^\d{1,3}$/.test(toks[rest[0]]) &&
    rest.every((k) => /^\d{1,3}$/.test(toks[k]) || /^[a-z]$/.test(toks[k]) || romanValue(toks[k]));
  let level = null;
  for (let r = 0; r < rest.length; r++) {
    const i = rest[r];
    const t = toks[i];
    const next = r + 1 < rest.length ? toks[rest[r + 1]] : null;
    const isNum = /^\d+$/.test(t);
    const numOrOrdinal = (x) => /^\d+$/.test(x) || /^\d+o$/.test(x);
    if (ART.includes(t) && next && numOrOrdinal(next)) { level = "art"; used[i] = true; continue; }
    if (PAR.includes(t) && next && (numOrOrdinal(next) || next === "unico")) { level = "par"; used[i] = true; continue; }
    if (t === "pu" || (t === "unico" && level === "par")) { cit.par = "unico"; used[i] = true; level = null; continue; }
    if (INC.includes(t) && next && (/^\d+$/.test(next) || romanValue(next))) { level = "inc"; used[i] = true; continue; }
    if (ALI.includes(t) && next && /^[a-z]$/.test(next)) { level = "ali"; used[i] = true; continue; }
    if (ITE.includes(t) && next && /^\d+$/.test(next)) { level = "ite"; used[i] = true; continue; }
    if (t === "caput" && (cit.art || level === "art")) { cit.cpt = true; used[i] = true; continue; }
    if (t === "o" && level && level.startsWith("after")) { used[i] = true; continue; }  // «7o» por «7º»
    if (level === "art" && isNum) { cit.art = t; used[i] = true; level = "after-art"; continue; }
    if (level === "par" && isNum) { cit.par = t; used[i] = true; level = "after-par"; continue; }
    if (level === "inc") { cit.inc = isNum ? t : String(romanValue(t)); used[i] = true; level = "after-inc"; continue; }
    if (level === "ali") { cit.ali = t; used[i] = true; level = "after-ali"; continue; }
    if (level === "ite") { cit.ite = t; used[i] = true; level = null; continue; }
    if ((bare || (cit.art && level && level.startsWith("after"))) && !cit.ite) {
      if (isNum && !cit.art) { cit.art = t; cit.bare = bare; used[i] = true; continue; }
      if (isNum && cit.art && !cit.par && !cit.inc) { cit.par = t; cit.bare = true; used[i] = true; continue; }
      if (/^[a-z]$/.test(t) && cit.art && !cit.ali) { cit.ali = t; used[i] = true; continue; }
      if (romanValue(t) && cit.art && !cit.inc) { cit.inc = String(romanValue(t)); used[i] = true; continue; }
      if (isNum && cit.art && cit.ali && !cit.ite) { cit.ite = t; used[i] = true; continue; }
    }
  }
  const citations = [];
  const tail = (cit.inc ? `inc${cit.inc}` : "") + (cit.ali ? `ali${cit.ali}` : "") + (cit.ite ? `ite${cit.ite}` : "");
  if (cit.art) {
    const base = `art${cit.art}`;
    if (cit.par === "unico") citations.push(`${base}parunico${tail}`);
    else if (cit.par && cit.bare) {
      citations.push(`${base}par${cit.par}${tail}`);
      if (!cit.inc) citations.push(`${base}inc${cit.par}${cit.ali ? `ali${cit.ali}` : ""}`);
    } else if (cit.par) citations.push(`${base}par${cit.par}${tail}`);
    else if (cit.cpt && !tail) citations.push(`${base}cpt`);
    else citations.push(base + tail);
  } else if (cit.par || tail) {
    citations.push((cit.par === "unico" ? "parunico" : cit.par ? `par${cit.par}` : "") + tail);
  }
  // As partes do ato: «ementa», «preambulo», «anexo», «considerando 2».
  toks.forEach((t, i) => {
    if (used[i] || !PARTS.includes(t)) return;
    if (t === "considerando") {
      const n = toks[i + 1] && /^\d+$/.test(toks[i + 1]) ? toks[i + 1] : "1";
      citations.push(`cons${n}`);
      if (toks[i + 1] === n) used[i + 1] = true;
    } else citations.push(t === "anexo" ? "anx1" : t);
    used[i] = true;
  });
  // «hoje art 7»: a caixa «Hoje» daquele artigo.
  const hojeAt = toks.indexOf("hoje");
  const hoje = hojeAt !== -1 && citations.length > 0 && !used[hojeAt];
  if (hoje) used[hojeAt] = true;

  // 3. As palavras. A última, sem espaço depois, ainda está sendo digitada.
  const folded = ` ${toks.join(" ")} `;
  const asking = rules.phrases.some((p) => folded.includes(p)) || toks.some((t) => rules.question.has(t));
  const typing = !/\s$/.test(typed);
  const lastTok = toks.length - 1;
  const words = [];
  const negations = rules.config.negation_prefixes || [];
  toks.forEach((t, i) => {
    if (used[i] || rules.stop.has(t)) return;
    const s = stem(t);
    const synonyms = (rules.synonyms[s] || []).filter((x) => x !== s);
    // «injustificada» acha «justificada» (a lei diz «falta que não seja justificada»).
    for (const p of negations) {
      if (t.startsWith(p) && t.length - p.length >= 5) synonyms.push(stem(t.slice(p.length)));
    }
    words.push({
      typed: t,
      stem: s,
      number: /^\d+$/.test(t),
      // O ano de um ato diz de que ato se fala («em 1941»), não uma palavra a achar.
      year: act === null && byYear.has(t),
      question: rules.question.has(t),
      last: i === lastTok && typing,
      synonyms,
    });
  });
  // Um ano de um ato, sem «lei» nem «decreto» («quanto ganhava o feitor em 1941»): o ato vem antes.
  const yearAct = act === null ? (toks.map((t) => byYear.get(t)).find((x) => x !== undefined) ?? null) : null;
  return {
    raw: typed,
    yearAct,
    words,
    citations,
    hoje,
    act,
    context: contextAct === null ? null : acts.findIndex((a) => a.slug === contextAct),
    // Uma pergunta de trabalhador: palavras, sem citação nem número de ato.
    question: asking && !citations.length && act === null,
    empty: !words.length && !citations.length && act === null,
  };
}
