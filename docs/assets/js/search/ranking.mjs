/* Estatutos Portuários — a ordem dos resultados: uma função pura, a mesma no navegador, no Node e
 * nos testes (tests/test_search_ranking.py a chama pelo Node). Todos os números vêm de
 * data/busca.yaml (publicado em meta.json); o desenho dos resultados só desenha o que ela devolve.
 *
 * Para cada documento achado:
 *   1. cada palavra da consulta vale o seu idf (rara vale mais) × onde foi achada (título, texto)
 *      × como (a própria palavra; só o começo; um sinônimo; uma correção); duas palavras vizinhas
 *      juntas valem mais; uma citação (art. 7º, § 5º) ou o número do ato valem o seu peso;
 *   2. um documento longo perde um pouco (weights.length);
 *   3. × o peso do tipo (kinds), × os reforços (boosts): o ato em vigor; o ato que institui (todas
 *      as palavras na ementa dele); o título que é a consulta; numa pergunta, as respostas.
 * Depois, um cartão por página, na ordem do seu melhor documento, com as melhores seções abaixo.
 *
 * «Não está aqui»: quando nada foi achado, ou quando o primeiro resultado tem menos de
 * not_here.min_coverage das palavras da consulta na sua forma (a própria, um sinônimo ou uma
 * correção para palavra que o site usa; não só o começo de outra). Nunca quando tem todas. */

export const TITLE = 1;
export const TEXT = 2;
export const REF = 4;
export const PAIR = 8;

const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";
const KIND = { s: "statute", n: "note", h: "hoje", a: "answer", t: "table", r: "row", c: "calculator", o: "other" };
const CATEGORY = { statute: "textos", note: "textos", hoje: "textos", answer: "respostas", table: "tabelas", row: "tabelas", calculator: "calculadoras" };

export function kindOf(corpus, doc) { return KIND[corpus.kinds[doc].toLowerCase()]; }

/* A cabeça da página: a entrada da própria página ou o seu título principal. */
export function isHead(corpus, doc) { return corpus.kinds[doc] !== corpus.kinds[doc].toLowerCase(); }

export function pageOf(corpus, doc) {
  const starts = corpus.starts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= doc) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function categoryOf(corpus, doc) {
  const kind = kindOf(corpus, doc);
  // «Hoje» e notas de uma página que não é de ato (a página «O que vale hoje») não são textos.
  if ((kind === "hoje" || kind === "note") && corpus.pages[pageOf(corpus, doc)][2] < 0) return null;
  return CATEGORY[kind] || null;
}

function idf(df, total) {
  return Math.log(1 + (total - df + 0.5) / (df + 0.5));
}

function lengthOf(code) {
  return 2 ** (BASE36.indexOf(code) / 4) - 1;
}

/* query: de query.mjs; found: de engine.lookup; corpus: o meta.json; options: {category, act}. */
export function rank(query, found, corpus, options = {}) {
  const rules = corpus.config;
  const W = rules.weights;
  const B = rules.boosts;
  const total = found.total;
  const docs = new Map();  // doc → {words: Map(i → {value, trusted, title, pair}), cited, fixed}
  const entry = (d) => {
    if (!docs.has(d)) docs.set(d, { words: new Map(), fixed: 0, cited: false });
    return docs.get(d);
  };
  const corrected = new Map(found.corrections.map((c) => [c.word, c]));
  // Uma correção afasta o «Não está aqui» quando a palavra corrigida é comum no site ou quando a
  // digitada é longa (uma letra errada em nove ou mais é erro de digitação, não outra palavra).
  const trustedFix = (c) => (c.df >= rules.typos.min_documents || c.typed.length >= rules.typos.sure_length) &&
    (rules.typos.trust_first_letter || c.stem[0] === c.typed[0]);
  const marks = new Set();
  const plain = new Set(rules.plain_titles);
  // Os tipos de página que a consulta nomeia («calculadora de…», «tabela de…»).
  const named = new Set(Object.entries(rules.kind_words || {})
    .filter(([, stems]) => query.words.some((w) => stems.includes(w.stem))).map(([kind]) => kind));
  if (named.has("table")) named.add("row");

  // 1. As palavras.
  query.words.forEach((w, i) => {
    const slot = found.hits.get(`w${i}`) || [];
    const hasWhole = slot.some((h) => h.how === "exact" || h.how === "synonym");
    for (const hit of slot) {
      // The beginnings of a word that is already whole somewhere are not what was typed.
      if (hit.how === "prefix" && hasWhole) continue;
      marks.add(hit.term);
      const how = hit.how === "typo" ? rules.typos.weight : hit.how === "prefix" ? W.prefix
        : hit.how === "synonym" ? W.synonym : 1;
      const weight = idf(hit.df, total) * how * (w.question ? W.question_word : 1);
      // Na sua forma: a própria palavra, um sinônimo, uma correção confiável; o começo de outra
      // palavra só enquanto esta não existe inteira (ainda sendo digitada).
      const trusted = hit.how === "exact" || hit.how === "synonym" ||
        (hit.how === "prefix" && !hasWhole) || (hit.how === "typo" && trustedFix(corrected.get(i)));
      // A beginning of a word that was also corrected is a guess as much as the correction.
      const guess = hit.how === "typo" || (hit.how === "prefix" && corrected.has(i));
      for (const [d, bits] of hit.docs) {
        const k = kindOf(corpus, d);
        const titleWeight = plain.has(k) && !named.has(k) ? W.plain_title : W.title;
        const field = bits & TITLE ? Math.max(titleWeight, bits & TEXT ? W.text : 0) : bits & TEXT ? W.text : 0;
        if (!field) continue;
        const e = entry(d);
        const value = weight * field;
        const before = e.words.get(i);
        const typo = guess;
        if (!before) e.words.set(i, { value, trusted, typo, title: Boolean(bits & TITLE), pair: false });
        else {
          if (value > before.value) before.value = value;
          if (trusted && (!before.trusted || !typo)) before.typo = before.trusted ? before.typo && typo : typo;
          before.trusted ||= trusted;
          before.title ||= Boolean(bits & TITLE);
        }
      }
    }
  });
  // Pares de palavras vizinhas: valem, e as duas palavras estão juntas (não soltas).
  const pairScore = new Map();
  for (let i = 0; i + 1 < query.words.length; i++) {
    const best = new Map();  // the pair's best form in each document (exact, or a beginning)
    for (const hit of found.hits.get(`p${i}`) || []) {
      const weight = W.pair * idf(hit.df, total) / 2;
      for (const d of hit.docs.keys()) if (docs.has(d)) best.set(d, Math.max(best.get(d) || 0, weight));
    }
    for (const [d, weight] of best) {
      pairScore.set(d, (pairScore.get(d) || 0) + weight);
      for (const k of [i, i + 1]) if (docs.get(d).words.has(k)) docs.get(d).words.get(k).pair = true;
    }
  }
  // Citações e atos: valem o seu peso, sem depender do tamanho do documento.
  query.citations.forEach((c, i) => {
    for (const hit of found.hits.get(`c${i}`) || []) {
      const weight = hit.how === "hoje" || !query.hoje ? W.citation : W.citation / 8;
      for (const d of hit.docs.keys()) {
        const e = entry(d);
        e.fixed += weight;
        e.cited = true;
      }
    }
  });
  const onlyAct = query.act !== null && !query.words.length && !query.citations.length;
  for (const hit of found.hits.get("act") || []) {
    const weight = hit.how === "actpage" ? (onlyAct ? W.act * 2 : W.act / 4) : W.act;
    for (const d of hit.docs.keys()) if (onlyAct || docs.has(d)) entry(d).fixed += weight;
  }
  const context = new Set();
  for (const hit of found.hits.get("context") || []) for (const d of hit.docs.keys()) context.add(d);
  for (const hit of found.hits.get("actword") || []) {
    const weight = idf(hit.df, total) * W.text;
    for (const d of hit.docs.keys()) if (docs.has(d)) docs.get(d).fixed += weight;
  }

  // 2 e 3. Tamanho, parte achada, tipo e reforços.
  // As palavras que contam para «achou tudo»: sem as de pergunta nem o ano de um ato; numa
  // pergunta, sem os números (são os do trabalhador: «trabalhei 3 horas a mais»).
  let counted = query.words.map((w, i) => [w, i]).filter(([w]) => !w.question && !w.year && !(query.question && w.number));
  if (!counted.length) counted = query.words.map((w, i) => [w, i]).filter(([w]) => !w.question);
  const countedIdx = counted.map(([, i]) => i);
  // Cada palavra pesa o seu idf (a que o site não tem pesa o máximo); cada citação, o de uma
  // palavra rara.
  const wordWeight = new Map(countedIdx.map((i) => {
    const exact = (found.hits.get(`w${i}`) || []).find((h) => h.how === "exact");
    return [i, idf(exact ? exact.df : 0, total)];
  }));
  const rare = idf(1, total);
  const required = [...wordWeight.values()].reduce((a, b) => a + b, 0) + rare * query.citations.length;
  const content = counted.map(([w]) => w).filter((w) => !w.number);
  const fixedStem = new Map(found.corrections.map((c) => [c.word, c.stem]));
  const institutes = corpus.acts.map((a) => content.length > 0 && content.every((w) =>
    a.ementa.includes(fixedStem.get(query.words.indexOf(w)) || w.stem) || w.synonyms.some((s) => a.ementa.includes(s))));
  const base = [];
  for (const [d, e] of docs) {
    let words = 0;
    for (const m of e.words.values()) words += m.value;
    words += pairScore.get(d) || 0;
    if (words <= 0 && e.fixed <= 0) continue;
    const length = lengthOf(corpus.lengths[d]);
    const long = length > rules.not_here.scattered_after;
    let matched = 0;
    for (const i of countedIdx) {
      const m = e.words.get(i);
      if (!m || !m.trusted) continue;
      // Por correção, a parte typos.coverage; solta num documento longo, fora do título e longe
      // das outras palavras, a metade.
      const credit = m.typo ? rules.typos.coverage : 1;
      matched += wordWeight.get(i) * credit * (long && countedIdx.length > 1 && !m.title && !m.pair ? 0.5 : 1);
    }
    if (e.cited) matched += rare * query.citations.length;
    const coverage = required ? Math.min(1, matched / required) : 1;
    base.push({ d, e, words, length, coverage, worded: e.words.size > 0 || e.cited });
  }
  const best = Math.max(0, ...base.map((b) => b.coverage));
  const scored = [];
  for (const { d, e, words, length, coverage, worded } of base) {
    const kind = kindOf(corpus, d);
    const page = pageOf(corpus, d);
    const act = corpus.pages[page][2];
    const inForce = act >= 0 && corpus.acts[act].in_force;
    let score = words / (1 + W.length * Math.log2(1 + length / W.typical_length)) + e.fixed;
    score *= coverage ** W.coordination || 0.01;
    score *= rules.kinds[kind];
    if (inForce) score *= B.in_force;
    if (act >= 0 && institutes[act]) score *= B.institutes;
    if (context.has(d)) score *= B.current_act;
    if (named.has(kind)) score *= B.kind_named;
    const titleLength = BASE36.indexOf(corpus.titles[d]);
    const inTitle = countedIdx.filter((i) => e.words.get(i)?.title).length;
    const anyInTitle = [...e.words.values()].filter((m) => m.title).length;
    if (titleLength > 0 && inTitle === countedIdx.length && titleLength === inTitle) {
      score *= B.exact_title;
      if (d === corpus.starts[page]) score *= B.page_title;
    } else if (titleLength > 0 && anyInTitle >= titleLength) score *= B.title_in_query;
    if (query.question) {
      if (kind === "answer" && coverage >= B.answer_share * best) score *= B.answer_for_question;
      if (inForce && kind !== "calculator") score *= B.in_force_question;
    }
    if (kind === "answer" && isHead(corpus, d) && countedIdx.length &&
        countedIdx.every((i) => e.words.get(i)?.title)) score *= B.answer_title;
    if (query.yearAct !== null && act === query.yearAct) score *= B.current_act;
    scored.push({ doc: d, page, score, coverage, worded });
  }
  scored.sort((a, b) => b.score - a.score || a.doc - b.doc);

  // Um cartão por página, na ordem do seu melhor documento; o link principal vai ao melhor
  // documento que não é a entrada da própria página (que só tem o título), quando há um.
  const group = (list) => {
    const cards = [];
    const byPage = new Map();
    for (const s of list) {
      let card = byPage.get(s.page);
      if (!card) {
        if (cards.length >= rules.results.cards) continue;
        card = { page: s.page, path: corpus.pages[s.page][0], title: corpus.pages[s.page][1],
          main: s.doc, score: s.score, coverage: s.coverage, sections: [] };
        byPage.set(s.page, card);
        cards.push(card);
      } else if (card.main === corpus.starts[s.page] && s.doc !== card.main && s.worded) {
        card.main = s.doc;
        card.coverage = Math.max(card.coverage, s.coverage);
      } else if (card.sections.length < rules.results.sections && s.doc !== corpus.starts[s.page]) {
        card.sections.push(s.doc);
      }
    }
    return cards;
  };
  const all = group(scored);
  // «Não está aqui»: decidido pelos primeiros cartões, antes dos filtros; nunca quando um deles
  // tem as palavras da consulta.
  const coverage = Math.max(0, ...all.slice(0, rules.not_here.first_cards).map((c) => c.coverage));
  const limit = query.question ? rules.not_here.min_coverage_question : rules.not_here.min_coverage;
  const notHere = !all.length || (coverage < 1 && coverage < limit);
  const actIndex = options.act ? corpus.acts.findIndex((a) => a.slug === options.act) : -1;
  const cards = options.category || options.act
    ? group(scored.filter((s) => (!options.category || categoryOf(corpus, s.doc) === options.category) &&
      (!options.act || corpus.pages[s.page][2] === actIndex)))
    : all;
  return {
    cards,
    notHere,
    coverage,
    question: query.question,
    corrections: found.corrections.map((c) => ({ ...c, trusted: trustedFix(c) })),
    marks: [...marks].filter((t) => !t.startsWith("_")),
  };
}
