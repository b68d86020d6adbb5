/* Estatutos Portuários — o índice dividido: busca só os pedaços que a consulta pede.
 *
 * O índice (macros/build/search/index.py) é search/meta.json e, numa pasta com a versão, os
 * pedaços de termos (t<n>.json, em ordem alfabética), o vocabulário por primeira e por última letra
 * (f<letra>.json, l<letra>.json, só para corrigir um erro de digitação) e o que cada resultado
 * mostra (d<n>.json). `load(caminho)` traz um arquivo de search/ (fetch no worker, o disco no Node).
 *
 * lookup(consulta preparada) devolve, para cada palavra, par, citação e ato, os documentos que o
 * têm (com os campos: 1 título, 2 texto, 4 ficha de citação, 8 par) e quantos são; a ordem é da
 * função de ranking (ranking.mjs). */

import { oneEditApart } from "./words.mjs";

export const TITLE = 1;
export const TEXT = 2;
export const REF = 4;
export const PAIR = 8;

function decode(flat) {
  const out = new Map();
  let doc = 0;
  for (let i = 0; i < flat.length; i += 2) {
    doc += flat[i];
    out.set(doc, flat[i + 1]);
  }
  return out;
}

export class SplitIndex {
  constructor(load) {
    this.load = load;
    this.cache = new Map();
    this.meta = null;
  }

  async open() {
    // One request, however many ask at once (the worker asks at start, the first query too).
    if (!this.opening) this.opening = this.load("meta.json").then((meta) => { this.meta = meta; return meta; });
    try {
      return await this.opening;
    } catch (error) {
      this.opening = null;
      throw error;
    }
  }

  file(name) {
    const path = `${this.meta.version}/${name}`;
    if (!this.cache.has(path)) {
      const pending = this.load(path);
      this.cache.set(path, pending);
      pending.catch(() => this.cache.delete(path));
    }
    return this.cache.get(path);
  }

  // O pedaço que tem o termo: o último cujo primeiro termo não passa dele.
  shardOf(term) {
    const firsts = this.meta.terms;
    let lo = 0;
    let hi = firsts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (firsts[mid] <= term) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  async exact(term) {
    const shard = await this.file(`t${this.shardOf(term)}.json`);
    return shard[term] ? decode(shard[term]) : null;
  }

  // Os termos que começam por `prefix` (a palavra ainda sendo digitada), se estão em um ou dois
  // pedaços; um começo que abrange mais («con») espera mais letras.
  async prefixed(prefix) {
    const from = this.shardOf(prefix);
    const to = this.shardOf(`${prefix}\uffff`);
    const out = new Map();
    if (this.beginsMany(prefix)) return out;
    const pairs = prefix.includes("_");
    const shards = await Promise.all((to > from ? [from, to] : [from]).map((n) => this.file(`t${n}.json`)));
    for (const shard of shards) {
      for (const term of Object.keys(shard)) {
        if (term.startsWith(prefix) && (pairs || !term.includes("_"))) out.set(term, decode(shard[term]));
      }
    }
    return out;
  }

  // Whether `prefix` begins the terms of more than two shards (so many that prefixed() waits).
  beginsMany(prefix) {
    return this.shardOf(`${prefix}\uffff`) - this.shardOf(prefix) > 1;
  }

  async vocabulary(side, letter) {
    if (!this.meta.vocab[side].includes(letter)) return {};
    return this.file(`${side}${letter}.json`);
  }

  // As palavras do índice a um erro de digitação de `s`, com em quantos documentos estão.
  async candidates(s) {
    const [first, last] = await Promise.all([
      this.vocabulary("f", s[0]), this.vocabulary("l", s[s.length - 1]),
    ]);
    const out = new Map();
    for (const group of [first, last]) {
      for (const [term, df] of Object.entries(group)) if (oneEditApart(s, term)) out.set(term, df);
    }
    return [...out].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  }

  /* Os documentos de cada parte da consulta. `typing`: a consulta de uma tecla, com a pessoa ainda
   * digitando; a última palavra, se as suas letras começam palavras do índice, não é corrigida
   * (a correção pede o vocabulário das suas letras, um arquivo grande a cada letra nova): é só um
   * começo, e a consulta completa (quando a pessoa para) corrige. `deferred` diz que ficou para ela. */
  async lookup(query, { typing = false } = {}) {
    await this.open();
    const rules = this.meta.config;
    const acts = this.meta.acts;
    const wanted = [];
    const want = (slot, term, how, prefix = false) => wanted.push({ slot, term, how, prefix });
    query.words.forEach((w, i) => {
      want(`w${i}`, w.stem, "exact");
      // The word still being typed, by its letters so far (never its stem: «ferias» is no beginning
      // of «feriado», though their stems «feri», «feriad» are).
      if (w.last && !w.number && w.typed.length >= 3) want(`w${i}`, w.typed, "prefix", true);
      for (const s of w.synonyms) want(`w${i}`, s, "synonym");
    });
    for (let i = 0; i + 1 < query.words.length; i++) {
      const a = query.words[i];
      const b = query.words[i + 1];
      if (a.number && b.number) continue;
      want(`p${i}`, `${a.stem}_${b.stem}`, "pair");
      // The second still being typed: the pairs it begins, by its letters so far.
      if (b.last && !b.number && b.typed.length >= 3) want(`p${i}`, `${a.stem}_${b.typed}`, "pair", true);
    }
    query.citations.forEach((c, i) => {
      want(`c${i}`, `_${c}`, "citation");
      if (query.hoje) want(`c${i}`, `_hoje${c}`, "hoje");
    });
    if (query.act !== null) {
      const key = acts[query.act].key;
      want("act", `_de${key}`, "act");
      want("act", `_ato${key}`, "actpage");
      // O número do ato como palavra: as respostas e as caixas que o citam («a lei 4860 vale…»).
      if (query.words.length) want("actword", key, "exact");
    } else if (query.context !== null && query.context >= 0 && query.citations.length) {
      want("context", `_de${acts[query.context].key}`, "context");
    }
    const hits = new Map();
    const add = (slot, term, how, docs) => {
      if (!docs || !docs.size) return;
      if (!hits.has(slot)) hits.set(slot, []);
      hits.get(slot).push({ term, how, docs, df: docs.size });
    };
    await Promise.all(wanted.map(async ({ slot, term, how, prefix }) => {
      if (!prefix) return add(slot, term, how, await this.exact(term));
      const found = await this.prefixed(term);
      for (const [t, docs] of found) if (t !== term) add(slot, t, how === "pair" ? "pair" : "prefix", docs);
      return undefined;
    }));
    // Um erro de digitação: a palavra (de tamanho bastante) não está inteira em documento nenhum
    // (a que ainda se digita pode ter achado começos: os dois são palpites, e contam igual).
    const corrections = [];
    let deferred = false;
    await Promise.all(query.words.map(async (w, i) => {
      const slot = `w${i}`;
      const whole = (hits.get(slot) || []).some((h) => h.how === "exact" || h.how === "synonym");
      if (whole || (hits.has(slot) && !w.last) || w.number || w.question || w.typed.length < rules.typos.min_length) return;
      if (typing && w.last && (hits.has(slot) || this.beginsMany(w.typed))) { deferred = true; return; }
      let found = await this.candidates(w.stem);
      if (!found.length && w.typed !== w.stem) {
        // A letra a menos pode mudar o radical («guindasteir», de guindasteiro sem o «o», parece
        // verbo: guindaste): as letras como digitadas, elas mesmas um termo ou a um erro de um.
        const own = await this.exact(w.typed);
        found = own ? [[w.typed, own.size]] : await this.candidates(w.typed);
      }
      if (!found.length) return;
      const [term, df] = found[0];
      add(slot, term, "typo", await this.exact(term));
      corrections.push({ word: i, typed: w.typed, stem: term, df });
    }));
    // Os pares com a palavra corrigida («hora estra» → hora_extr).
    const fixed = new Map(corrections.map((c) => [c.word, c.stem]));
    await Promise.all([...fixed.keys()].flatMap((i) => [i - 1, i]).filter((i) => i >= 0 && i + 1 < query.words.length)
      .map(async (i) => {
        const a = fixed.get(i) || query.words[i].stem;
        const b = fixed.get(i + 1) || query.words[i + 1].stem;
        add(`p${i}`, `${a}_${b}`, "pair", await this.exact(`${a}_${b}`));
      }));
    return { hits, corrections, deferred, total: this.meta.kinds.length };
  }

  /* Quais dos arquivos d<n>.json já chegaram (ou estão a caminho). */
  hasDocuments(id) {
    return this.cache.has(`${this.meta.version}/d${Math.floor(id / this.meta.chunk)}.json`);
  }

  /* O que os documentos mostram: [âncora, título, texto]. */
  async documents(ids) {
    const size = this.meta.chunk;
    const chunks = [...new Set(ids.map((id) => Math.floor(id / size)))];
    const loaded = await Promise.all(chunks.map((n) => this.file(`d${n}.json`)));
    const byChunk = new Map(chunks.map((n, i) => [n, loaded[i]]));
    return new Map(ids.map((id) => [id, byChunk.get(Math.floor(id / size))[id % size]]));
  }
}
