/* Busca: prepara a consulta para a busca do Material (lunr, no seu Web Worker) e realça o que
 * foi encontrado na página de destino.
 *
 * O índice (macros/build/search_index.py) guarda, em campos ocultos, as palavras sem acento e sem
 * plural/gênero ("refeições" → "refeica"), os pares de palavras vizinhas e fichas de citação
 * ("art7par5", "de4860"). Aqui a consulta digitada é lida com as mesmas regras
 * (macros/build/search_words.py — mantenha as duas em sintonia; um teste compara). Fichas internas
 * começam com "_", para que o prefixo de uma palavra ("hora*") nunca as alcance:
 *   - sem acentos, º ª ° § (7º → 7; "§ 5" → parágrafo 5), pela dobra de pagina.js; 4.860 → 4860;
 *   - palavras vazias ("de", "da", "para"…) nunca decidem: saem da consulta;
 *   - números de atos e citações viram fichas: "lei 4860", "decreto 17.961", "art 7 § 5",
 *     "art 7 paragrafo 5", "7 5 a", "paragrafo unico";
 *   - várias palavras: cada uma conta, e duas vizinhas juntas contam mais.
 * O texto digitado continua visível como foi digitado: só a leitura do valor pelo Material muda.
 */
(function (root) {
  "use strict";

  var STOP = ("a o as os e de da do das dos em no na nos nas para por pelo pela pelos pelas um " +
    "uma uns umas com que se ao aos ou quanto quanta quantos quantas qual quais como onde quando")
    .split(" ");
  // Palavras do dia a dia que a norma diz de outro modo: a consulta procura também esta.
  var ALSO = {
    ganha: "salario", ganho: "salario", ganhar: "salario", ganham: "salario", recebe: "salario",
    receber: "salario", extra: "extraordinario", extras: "extraordinario", folga: "descanso",
    chefe: "chefia", sindicato: "sindical", sindicatos: "sindical", jornada: "periodo", jornadas: "periodo",
    paga: "remunerado", pago: "remunerado", recebo: "salario", almoco: "refeicao", janta: "refeicao",
    // grafias de 1941: "paralização", "paralizado"
    paralisacao: "paralizacao", paralisacoes: "paralizacao", paralisado: "paralizado", paralisados: "paralizado"
  };
  // Palavras que fazem da consulta uma pergunta (a ordem dos resultados: resposta primeiro).
  var ASKING = ["quanto", "quanta", "quantos", "quantas", "quando", "como", "qual", "quais", "onde", "posso",
    "pode", "tenho", "tem", "direito", "devo", "ganho", "recebo", "meu", "minha", "sou"];
  var PARTS = ["epigrafe", "ementa", "preambulo", "formula", "fecho", "anexo", "considerando"];
  // Os atos desta edição vêm dos dados, pela construção (<meta name="ep-atos"> em cada página;
  // fora do navegador, estatutosAtos): a ficha de cada número, de cada ano e de cada página, e o
  // único decreto-lei ("decreto-lei" sem número).
  function readActs() {
    if (root.estatutosAtos) return root.estatutosAtos;
    var meta = root.document && root.document.querySelector('meta[name="ep-atos"]');
    try {
      return meta ? JSON.parse(meta.getAttribute("content")) : {};
    } catch {
      return {};  // sem a lista, a busca continua, só sem as fichas de ato
    }
  }
  var ATOS = readActs();
  var ACTS = ATOS.numeros || {};
  var YEARS = ATOS.anos || {};
  var SLUG_ACTS = ATOS.paginas || {};
  var ACT_WORDS = ["lei", "decreto", "dl", "n", "numero", "nr"];
  var ART = ["art", "arts", "artigo", "artigos"];
  var PAR = ["paragrafo", "paragrafos", "par", "paragr", "pu"];
  var INC = ["inciso", "inc", "incisos"];
  var ALI = ["alinea", "alineas", "al", "letra"];
  var ITE = ["item", "itens"];
  var ROMAN = { i: 1, v: 5, x: 10, l: 50, c: 100 };
  // Pesos das cláusulas (medidos com tests/search/queries.yaml).
  var W = { exact: 3, act: 60, actWithWords: 3, actOfCitation: 8, context: 30, citation: 200, number: 6, pair: 6, title: 6 };

  // Consulta que nada acha: só palavras vazias foram digitadas.
  var NOTHING = "_nada^1";  // com "^1" o tema não acrescenta "*": nenhuma ficha é "_nada"

  function has(list, x) { return list.indexOf(x) !== -1; }

  var fold = root.estatutosDobra;  // pagina.js, carregado antes

  function tokens(s) {
    return fold(s).replace(/(\d)\.(?=\d{3}(?!\d))/g, "$1").match(/[a-z]+|[0-9]+/g) || [];
  }

  var ENDINGS = [["oes", "ao"], ["aes", "ao"], ["ais", "al"], ["eis", "el"]];
  // A cada tecla, os cartões (quase sempre os mesmos) são lidos de novo palavra por palavra: os
  // radicais e as palavras de cada trecho ficam guardados (funções puras; o vocabulário é finito).
  var stems = Object.create(null);
  function stem(w) {
    var known = stems[w];
    if (known === undefined) known = stems[w] = stemOf(w);
    return known;
  }
  function stemOf(w) {
    if (/^\d+$/.test(w) || w.length <= 3) return w;
    var done = false;
    for (var i = 0; i < ENDINGS.length; i++) {
      var e = ENDINGS[i][0];
      if (w.slice(-e.length) === e && w.length > e.length + 1) {
        w = w.slice(0, -e.length) + ENDINGS[i][1];
        done = true;
        break;
      }
    }
    if (!done && w.slice(-1) === "s") w = w.slice(0, -1);
    if (w.length > 4 && "aeo".indexOf(w.slice(-1)) !== -1) w = w.slice(0, -1);
    return w;
  }

  function romanValue(s) {
    if (!/^[ivxlc]+$/.test(s)) return 0;
    var total = 0;
    for (var i = 0; i < s.length; i++) {
      var v = ROMAN[s[i]], next = ROMAN[s[i + 1]] || 0;
      total += v < next ? -v : v;
    }
    return total;
  }

  /* Lê a consulta: ato, citação e palavras. Devolve {query, words, display}. */
  function prepare(raw, context) {
    // "§" marca parágrafo; "decreto-lei" é um só ato.
    var text = String(raw).replace(/§/g, " paragrafo ").replace(/decreto\s*-\s*lei/gi, " dl ");
    var toks = tokens(text);
    var used = toks.map(function () { return false; });
    var act = null, i, t;

    // 1. Ato: número ("4.860" = "4860") ou ano com "lei"/"decreto"; "decreto-lei" só há um.
    var keyword = toks.some(function (x) { return has(["lei", "decreto", "dl"], x); });
    for (i = 0; i < toks.length; i++) {
      t = toks[i];
      if (ACTS[t] || (YEARS[t] && (keyword || toks.length === 1))) {
        act = ACTS[t] || YEARS[t];
        used[i] = true;
      }
    }
    if (!act && has(toks, "dl") && ATOS.decreto_lei) act = ATOS.decreto_lei;
    if (act) {
      for (i = 0; i < toks.length; i++) {
        if (has(ACT_WORDS, toks[i]) || (YEARS[toks[i]] === act)) used[i] = true;
      }
    }

    // 2. Citação: art 7, § 5, parágrafo único, inciso II, alínea a, item 1, caput; ou "7 5 a".
    var cit = { art: null, par: null, inc: null, ali: null, ite: null, cpt: false, bare: false };
    var rest = [];
    for (i = 0; i < toks.length; i++) if (!used[i]) rest.push(i);
    // Sem marcadores ("7 5 a"): só números pequenos e letras, ao menos dois; um número sozinho
    // ("12.815", "48") é buscado como número.
    var bare = rest.length > 1 && /^\d{1,3}$/.test(toks[rest[0]]) && rest.every(function (k) {
      return /^\d{1,3}$/.test(toks[k]) || /^[a-z]$/.test(toks[k]) || romanValue(toks[k]);
    });
    var level = null;
    for (var r = 0; r < rest.length; r++) {
      i = rest[r];
      t = toks[i];
      var next = r + 1 < rest.length ? toks[rest[r + 1]] : null;
      var isNum = /^\d+$/.test(t);
      if (has(ART, t) && next && /^\d+$/.test(next)) { level = "art"; used[i] = true; continue; }
      if (has(PAR, t) && next && (/^\d+$/.test(next) || next === "unico")) { level = "par"; used[i] = true; continue; }
      if (t === "pu" || (t === "unico" && level === "par")) { cit.par = "unico"; used[i] = true; level = null; continue; }
      if (has(INC, t) && next && (/^\d+$/.test(next) || romanValue(next))) { level = "inc"; used[i] = true; continue; }
      if (has(ALI, t) && next && /^[a-z]$/.test(next)) { level = "ali"; used[i] = true; continue; }
      if (has(ITE, t) && next && /^\d+$/.test(next)) { level = "ite"; used[i] = true; continue; }
      if (t === "caput" && (cit.art || level === "art")) { cit.cpt = true; used[i] = true; continue; }
      if (level === "art" && isNum) { cit.art = t; used[i] = true; level = "after-art"; continue; }
      if (level === "par" && isNum) { cit.par = t; used[i] = true; level = "after-par"; continue; }
      if (level === "inc") { cit.inc = isNum ? t : String(romanValue(t)); used[i] = true; level = "after-inc"; continue; }
      if (level === "ali") { cit.ali = t; used[i] = true; level = "after-ali"; continue; }
      if (level === "ite") { cit.ite = t; used[i] = true; level = null; continue; }
      // Sem marcadores: "7 5 a" (artigo, parágrafo ou inciso, alínea) ou depois de "art 7".
      if ((bare || (cit.art && level && level.indexOf("after") === 0)) && !cit.ite) {
        if (isNum && !cit.art) { cit.art = t; cit.bare = bare; used[i] = true; continue; }
        if (isNum && cit.art && !cit.par && !cit.inc) { cit.par = t; cit.bare = true; used[i] = true; continue; }
        if (/^[a-z]$/.test(t) && cit.art && !cit.ali) { cit.ali = t; used[i] = true; continue; }
        if (romanValue(t) && cit.art && !cit.inc) { cit.inc = String(romanValue(t)); used[i] = true; continue; }
        if (isNum && cit.art && cit.ali && !cit.ite) { cit.ite = t; used[i] = true; continue; }
      }
    }

    var clauses = [];
    var citations = [];
    if (cit.art) {
      var tail = (cit.inc ? "inc" + cit.inc : "") + (cit.ali ? "ali" + cit.ali : "") + (cit.ite ? "ite" + cit.ite : "");
      var base = "art" + cit.art;
      if (cit.par === "unico") citations.push(base + "parunico" + tail);
      else if (cit.par && cit.bare) {
        citations.push(base + "par" + cit.par + tail);
        if (!cit.inc) citations.push(base + "inc" + cit.par + (cit.ali ? "ali" + cit.ali : ""));
      } else if (cit.par) citations.push(base + "par" + cit.par + tail);
      else if (cit.cpt && !tail) citations.push(base + "cpt");
      else citations.push(base + tail);
    } else if (cit.par || cit.inc || cit.ali || cit.ite) {
      // Sem o artigo ("paragrafo 5", "inciso II", "alinea a", "item 3"): o índice guarda também
      // a cadeia abaixo do artigo (search_words._without_parent).
      citations.push((cit.par === "unico" ? "parunico" : cit.par ? "par" + cit.par : "") +
        (cit.inc ? "inc" + cit.inc : "") + (cit.ali ? "ali" + cit.ali : "") + (cit.ite ? "ite" + cit.ite : ""));
    }
    // Partes do ato: "ementa", "preambulo", "anexo", "considerando 2" (com ou sem o ato).
    for (i = 0; i < toks.length; i++) {
      if (used[i] || !has(PARTS, toks[i])) continue;
      if (toks[i] === "considerando") {
        var n = toks[i + 1] && /^\d+$/.test(toks[i + 1]) ? toks[i + 1] : "1";
        citations.push("cons" + n);
        if (toks[i + 1] === n) used[i + 1] = true;
      } else {
        citations.push(toks[i] === "anexo" ? "anx1" : toks[i]);
      }
      used[i] = true;
    }
    // "hoje art 7": a caixa «Hoje» daquele artigo.
    var hoje = toks.indexOf("hoje"), W2 = W.citation;
    if (hoje !== -1 && citations.length && !used[hoje]) {
      used[hoje] = true;
      citations.forEach(function (c) { clauses.push("_hoje" + c + "^" + W.citation); });
      W2 = W.citation / 8;  // o próprio artigo logo depois (e primeiro, onde não há caixa)
    }
    citations.forEach(function (c) { clauses.push("_" + c + "^" + W2); });

    // 3. Palavras: sem as vazias; radical com curinga; números exatos; pares de vizinhas.
    var words = [], display = {}, stems = [], stemsOf = {};
    for (i = 0; i < toks.length; i++) {
      if (used[i] || has(STOP, toks[i])) continue;
      words.push(toks[i]);
    }
    if (!words.length && !citations.length && !act) {
      // Só palavras vazias: nenhuma decide sozinha. A consulta nunca fica vazia se algo foi
      // digitado (o tema apagaria a busca e pediria «Digite…»): uma ficha que nada acha.
      return { raw: String(raw), query: /\S/.test(String(raw)) ? NOTHING : "", words: [], display: {}, stems: {}, citations: [], act: null };
    }
    words.forEach(function (w) {
      if (/^\d+$/.test(w)) {
        clauses.push(w + "^" + W.number);
        display[w] = w;
        stems.push(w);
        stemsOf[w] = [w];
        return;
      }
      // O radical exato conta mais; o prefixo acha o resto (e a palavra ainda sendo digitada).
      var s = stem(w);
      clauses.push(s + "^" + W.exact, s + "*");
      display[s] = w;
      stems.push(s);
      stemsOf[w] = [s];
      if (ALSO[w]) {
        var a = stem(ALSO[w]);
        clauses.push(a + "^" + W.exact, a + "*");
        display[a] = w;
        stemsOf[w].push(a);
      }
    });
    for (i = 0; i + 1 < stems.length; i++) {
      if (/^\d+$/.test(stems[i]) && /^\d+$/.test(stems[i + 1])) continue;
      clauses.push("_" + stems[i] + "_" + stems[i + 1] + "*^" + W.pair);
    }

    // A consulta inteira é um título ("conferente", "escala padrao de salarios")?
    var whole = stems.filter(function (s) { return !/^\d+$/.test(s); });
    if (whole.length && whole.length === stems.length) clauses.push("_t_" + whole.join("_") + "^" + W.title);
    if (act) {
      if (citations.length && hoje !== -1 && used[hoje]) clauses.push("_de" + act + "^" + W.context);  // a caixa daquele ato
      else if (citations.length) clauses.push("_de" + act + "^" + W.actOfCitation);
      else if (words.length) clauses.push("_de" + act + "^" + W.actWithWords, "_ato" + act + "^" + W.actWithWords);
      else clauses.push("_ato" + act + "^" + W.act);
    } else if (citations.length && context && SLUG_ACTS[context]) {
      clauses.push("_de" + SLUG_ACTS[context] + "^" + W.context);
    }
    return {
      raw: String(raw), query: clauses.join(" "), words: words, display: display, stems: stemsOf, citations: citations, act: act,
      asking: toks.some(function (x) { return has(ASKING, x); })
    };
  }

  var api = { fold: fold, tokens: tokens, stem: stem, prepare: prepare, STOP: STOP };
  root.estatutosBusca = api;
  if (typeof document === "undefined") return;

  /* -- Na página ------------------------------------------------------------------------------ */
  var last = { display: {} };
  function contextSlug() {
    var ref = document.querySelector(".ato-referencia[data-slug]");
    return ref ? ref.getAttribute("data-slug") : null;
  }

  var native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value");
  function patch(input) {
    if (!input || input.dataset.epBusca) return;
    input.dataset.epBusca = "1";
    Object.defineProperty(input, "value", {
      configurable: true,
      get: function () {
        var prepared = prepare(native.get.call(this), contextSlug());
        last = prepared;
        return prepared.query;
      },
      set: function (v) { native.set.call(this, v); }
    });
  }

  // Resultados. Cada cartão (um por página) abre onde está o achado: o link principal leva ao
  // dispositivo de maior pontuação, não ao topo da página; todos os links levam as palavras
  // digitadas (para o realce), nunca as fichas internas.
  function score(a) {
    var art = a.querySelector("article");
    return art ? parseFloat(art.getAttribute("data-md-score")) || 0 : 0;
  }
  function withWords(href) {
    var url = new URL(href, location.href);
    if (last.words && last.words.length) url.searchParams.set("h", last.words.join(" "));
    else url.searchParams.delete("h");
    return url.toString();
  }
  function fixCard(li) {
    var links = li.querySelectorAll("a.md-search-result__link");
    var best = null;
    links.forEach(function (a) {
      if (!a.dataset.epBusca) { a.dataset.epBusca = "1"; a.href = withWords(a.href); }
      if (!best || score(a) > score(best)) best = a;
    });
    var main = links[0];
    if (main && best && best !== main && main.getAttribute("href") !== best.getAttribute("href")) {
      main.href = best.href;
      main.dataset.alvo = new URL(best.href).hash;
    }
  }
  // The stems of a text's words (a card's text, read again at each key): kept for the last texts.
  var textStems = new Map();
  function stemsOfText(text) {
    var known = textStems.get(text);
    if (known) return known;
    if (textStems.size >= 500) textStems.clear();
    known = tokens(text).map(stem);
    textStems.set(text, known);
    return known;
  }
  // «Ausente»: uma palavra digitada falta só se nenhuma das suas formas foi achada (a própria e a
  // da norma: "extra" e "extraordinário") e o resumo mostrado não a contém.
  function absentWords(art, missingTerms) {
    var shown = null;  // the snippet's stems, read only for a word none of whose forms was found
    return (last.words || []).filter(function (w) {
      var forms = (last.stems || {})[w] || [];
      if (!forms.length) return false;
      if (forms.some(function (f) { return !has(missingTerms, f); })) return false;
      shown = shown || stemsOfText(art.textContent || "");
      return !shown.some(function (t) {
        return forms.some(function (f) { return /^\d+$/.test(f) ? t === f : t.indexOf(f) === 0; });
      });
    });
  }
  function fixTerms(p) {
    p.dataset.epBusca = "1";
    var missing = [];
    p.querySelectorAll("del").forEach(function (del) { missing.push(del.textContent); });
    var art = p.closest("article");
    p.textContent = "";
    var absent = art ? absentWords(art, missing) : [];
    if (art) art.dataset.ausente = absent.join(" ");
    if (!absent.length) { p.remove(); return; }
    p.appendChild(document.createTextNode("Ausente: "));
    absent.forEach(function (w, k) {
      if (k) p.appendChild(document.createTextNode(" "));
      var del = document.createElement("del");
      del.textContent = w;
      p.appendChild(del);
    });
  }
  // Os trechos a realçar depois (dentro de «mais N nesta página», fechado).
  var laterHighlights = [];
  var idleAsked = false;
  function highlightLater(inside, deadline) {
    var rest = [];
    laterHighlights.forEach(function (item) {
      var art = item.art;
      if (!art.isConnected || art.dataset.epBusca !== "depois") return;  // a lista já é outra
      if ((inside && !inside.contains(art)) || (deadline && deadline.timeRemaining() < 2)) { rest.push(item); return; }
      art.dataset.epBusca = "1";
      highlight(art, item.words);
    });
    laterHighlights = rest;
  }
  function highlightWhenIdle() {
    if (idleAsked) return;
    idleAsked = true;
    var ask = window.requestIdleCallback || function (fn) { return setTimeout(function () { fn(null); }, 50); };
    ask(function (deadline) {
      idleAsked = false;
      highlightLater(null, deadline);
      if (laterHighlights.length) highlightWhenIdle();
    });
  }
  function onOpenMore(event) {  // antes de «mais N nesta página» abrir (clique), ou logo que abriu
    var more = event.target && event.target.closest && event.target.closest("details");
    if (more && laterHighlights.length) highlightLater(more, null);
  }

  function fixResults(list) {
    list.dataset.consulta = last.query || "";  // a consulta que produziu a lista (para os testes)
    list.querySelectorAll(".md-search-result__item").forEach(fixCard);
    // Realce também das palavras achadas sem acento ("prorrogacao" → "prorrogação") no resumo. Os
    // trechos fechados em «mais N nesta página» (centenas, para «p», «pr»…) são realçados depois,
    // quando a página está livre, ou quando a pessoa os abre, antes de aparecerem.
    var words = (last.words || []).filter(function (w) { return !has(STOP, w); });
    list.querySelectorAll("article.md-search-result__article:not([data-ep-busca])").forEach(function (art) {
      if (!words.length) { art.dataset.epBusca = "1"; return; }
      if (art.closest("details:not([open])")) {
        art.dataset.epBusca = "depois";
        laterHighlights.push({ art: art, words: words });
        return;
      }
      art.dataset.epBusca = "1";
      highlight(art, words);
    });
    if (laterHighlights.length) highlightWhenIdle();
    list.querySelectorAll(".md-search-result__terms:not([data-ep-busca])").forEach(fixTerms);
    if (isQuestion(last)) { completeFirst(list); answersFirst(list); }
    notHere(list);
  }

  /* «Não está aqui». Uma consulta de palavras não achou nada que responda quando: nenhum
   * resultado; ou o primeiro pontua menos que MIN_SCORE; ou alguma palavra digitada não está, na
   * sua forma (o mesmo radical, não só o começo: "ferias" → "feri" não é "feriado"), em nenhum dos
   * primeiros resultados. MIN_SCORE foi medido com scripts/search_queries.mjs sobre
   * tests/search/queries.yaml: o menor primeiro resultado esperado pontua 18,0 («trabalho no
   * feriado»); uma resposta achada só pelo título da sua página pontua menos (a página leva o
   * peso do título uma vez só): «ogmo» 6,7, «capatazia» 8,3. O limite fica abaixo da metade do
   * menor (3): abaixo disso o achado é ruído; acima, decidem as palavras.
   * Uma citação que nada acha («inciso II») também é respondida assim. */
  var MIN_SCORE = 3;
  var subjects = null;
  // Endereço de uma página do site (a base do tema, em qualquer pasta em que o site for servido).
  function siteUrl(path) {
    var base = ".";
    try { base = JSON.parse(document.getElementById("__config").textContent).base || "."; } catch { /* sem config */ }
    return new URL(base.replace(/\/?$/, "/") + path, location.href).href;
  }
  function loadSubjects(then) {
    if (subjects) { then(); return; }
    fetch(siteUrl("search/fora.json")).then(function (r) { return r.ok ? r.json() : { assuntos: [] }; })
      .catch(function () { return { assuntos: [] }; })
      .then(function (data) { subjects = data.assuntos || []; then(); });
  }
  function bestOf(li) {
    var best = null;
    li.querySelectorAll("a.md-search-result__link").forEach(function (a) {
      if (!best || score(a) > score(best)) best = a;
    });
    return best;
  }
  // A palavra está no texto na sua forma: o mesmo radical; um radical mais longo que o digitado
  // só conta se o digitado tem 5 letras ou mais ("semana" acha "semanais"), ou é a palavra ainda
  // sendo digitada.
  function inForm(w, texts, typing) {
    var forms = (last.stems || {})[w] || [w];
    return texts.some(function (t) {
      return forms.some(function (f) {
        if (/^\d+$/.test(f)) return t === f;
        var s = stem(t);
        return s === f || (f.length >= 5 && s.indexOf(f) === 0) || (typing && t.indexOf(w) === 0);
      });
    });
  }
  function shownText(el) {  // o texto do trecho, sem a linha «Ausente: …»
    var terms = el.querySelector(".md-search-result__terms");
    var text = el.textContent || "";
    return terms ? text.replace(terms.textContent, " ") : text;
  }
  function weakMatch(list) {
    var cards = list.querySelectorAll(".md-search-result__item");
    if (!cards.length) return true;
    // Uma página com todas as palavras no título entre os três primeiros: está aqui.
    for (var c = 0; c < cards.length && c < 3; c++) {
      var h1 = cards[c].querySelector("h1");
      var inTitle = h1 ? tokens(h1.textContent) : [];
      if (inTitle.length && (last.words || []).every(function (w) { return inForm(w, inTitle, false); })) return false;
    }
    var firstBest = bestOf(cards[0]);
    if (!firstBest || score(firstBest) < MIN_SCORE) return true;
    // O trecho que o primeiro cartão mostra como resposta (e o título da sua página); quando o
    // melhor é a própria página (só o título), os trechos dela que a busca listou.
    var title = cards[0].querySelector("h1");
    var shown = shownText(firstBest) + " " + (title ? title.textContent : "");
    if (firstBest === cards[0].querySelector("a.md-search-result__link") && !cards[0].querySelector("a[data-alvo]")) {
      cards[0].querySelectorAll("article").forEach(function (art) { shown += " " + shownText(art); });
    }
    var texts = tokens(shown);
    // Falta uma de até duas palavras («salario minimo»), ou mais da metade numa consulta longa
    // (em «chefe recebe hora extra» o parágrafo diz "chefia" e "serviços extraordinários").
    var words = last.words || [];
    var missing = words.filter(function (w, k) {
      return !inForm(w, texts, k === words.length - 1 && !/\s$/.test(last.raw || ""));
    });
    return words.length <= 2 ? missing.length > 0 : missing.length * 2 > words.length;
  }
  // Sob a frase principal, enquanto houver resultados: eles só têm palavras parecidas.
  function similarNote(box, list) {
    var note = box.querySelector(".busca-nao-esta__parecidos");
    var any = !!list.querySelector(".md-search-result__item");
    if (any && !note) {
      note = document.createElement("p");
      note.className = "busca-nao-esta__parecidos";
      note.textContent = "Os resultados abaixo só têm palavras parecidas; não são a resposta.";
      var first = box.firstChild;
      box.insertBefore(note, first ? first.nextSibling : null);
    } else if (!any && note) {
      note.remove();
    }
  }
  function notHere(list) {
    // Decidido de novo a cada mudança da lista (o tema escreve a contagem e a lista em momentos
    // diferentes): a caixa só fica enquanto a lista atual não responde.
    var box = list.parentElement && list.parentElement.querySelector(".busca-nao-esta");
    var key = (last.raw || "") + "\n" + (last.query || "");
    var citation = last.citations && last.citations.length;
    var words = last.words && last.words.length;
    var answered = (!words && !citation) ||
      (citation ? !!list.querySelector(".md-search-result__item") : !weakMatch(list));
    if (answered || (box && box.dataset.consulta !== key)) {
      if (box) box.remove();
      box = null;
    }
    if (answered) return;
    if (box) { similarNote(box, list); return; }
    box = document.createElement("div");
    box.className = "busca-nao-esta";
    box.setAttribute("role", "status");
    box.dataset.consulta = key;
    list.parentElement.insertBefore(box, list);
    var typed = (last.raw || "").trim();
    var p = document.createElement("p");
    var strong = document.createElement("strong");
    strong.textContent = "Não está aqui. ";
    p.appendChild(strong);
    p.appendChild(document.createTextNode(citation
      ? "Nenhum dos " + (ATOS.quantos ? ATOS.quantos + " " : "") + "atos desta edição tem «" + typed + "»."
      : "«" + typed + "» não é assunto " + (ATOS.nomes || "dos atos desta edição")
        + (ATOS.quantos ? ", os " + ATOS.quantos + " atos desta edição." : ".")));
    box.appendChild(p);
    similarNote(box, list);
    loadSubjects(function () {
      if (!box.isConnected) return;
      var mine = tokens(typed).map(stem);
      var subject = null;
      subjects.forEach(function (s) {
        if (subject) return;
        if (s.keys.some(function (k) { return k.every(function (x) { return has(mine, x); }); })) subject = s;
      });
      if (subject) {
        box.dataset.assunto = subject.id;
        var today = document.createElement("p");
        var label = document.createElement("strong");
        label.textContent = "Hoje (" + subject.name + "): ";
        today.appendChild(label);
        today.appendChild(document.createTextNode(subject.statement));
        box.appendChild(today);
        var src = document.createElement("p");
        src.className = "busca-nao-esta__fonte";
        src.appendChild(document.createTextNode("Fonte: "));
        subject.sources.forEach(function (source, k) {
          if (k) src.appendChild(document.createTextNode("; "));
          var a = document.createElement("a");
          a.href = source.url;
          a.rel = "noopener";
          a.textContent = source.act + ", " + source.provision;
          src.appendChild(a);
        });
        var d = subject.verified.split("-");
        src.appendChild(document.createTextNode(". Conferido em " + d[2] + "/" + d[1] + "/" + d[0] + ": " + subject.checked +
          " Informação editorial, não é orientação jurídica."));
        box.appendChild(src);
      } else if (!citation) {
        var more = document.createElement("p");
        var a2 = document.createElement("a");
        a2.href = siteUrl("hoje/");
        a2.textContent = "O que vale hoje";
        more.appendChild(document.createTextNode("Veja o que esta edição sabe sobre as leis de hoje em «"));
        more.appendChild(a2);
        more.appendChild(document.createTextNode("», ou pergunte ao seu sindicato."));
        box.appendChild(more);
      }
      box.dataset.pronto = "1";
    });
  }

  /* Ordem para uma pergunta de trabalhador. Uma consulta só de palavras (sem ato nem citação) é
   * lida como pergunta quando uma resposta em linguagem simples (/perguntas/) tem todas as palavras
   * no título («hora extra» → «Quanto vale a minha hora extra?»), ou quando tem palavra de pergunta
   * («quanto ganho», «tenho direito») e uma resposta tem todas as palavras. Então essa resposta vem
   * primeiro, depois o texto da norma, e as calculadoras depois do primeiro texto de norma. Fora
   * disso fica a ordem das pontuações do índice (macros/build/search_index.py, BOOSTS). */
  function isQuestion(prepared) {
    return !!(prepared && prepared.words && prepared.words.length && !prepared.act &&
      !(prepared.citations && prepared.citations.length));
  }
  function hasAll(text) {
    var found = stemsOfText(text);
    return (last.words || []).every(function (w) {
      return ((last.stems || {})[w] || [w]).some(function (f) {
        return found.some(function (t) { return /^\d+$/.test(f) ? t === f : t.indexOf(f) === 0; });
      });
    });
  }
  function cardKind(li) {
    var a = li.querySelector("a.md-search-result__link");
    var parts = a ? new URL(a.href, location.href).pathname.split("/") : [];
    if (has(parts, "perguntas")) return "answer";
    if (has(parts, "calculadoras")) return "calculator";
    if (parts.some(function (p) { return SLUG_ACTS[p]; })) return "statute";
    return "other";
  }
  function complete(li) {
    var best = null;
    li.querySelectorAll("a.md-search-result__link").forEach(function (a) {
      if (!best || score(a) > score(best)) best = a;
    });
    var art = best && best.querySelector("article");
    return !!art && !art.dataset.ausente;
  }
  /* Uma consulta de uma ou duas palavras: um cartão sem uma delas não é a resposta (ver weakMatch).
   * Se o primeiro não tem todas e outro cartão da lista tem, esse passa à frente («aumento de
   * salario»: o parágrafo de 1941 sobre o aumento do número de trabalhadores não fala de salário; a
   * comparação das tabelas de 1945, com o aumento de cada salário, fala dos dois). */
  function completeFirst(list) {
    if (!last.words || last.words.length > 2) return;
    var cards = [].slice.call(list.children).filter(function (li) { return li.matches(".md-search-result__item"); });
    var whole = function (li) {  // algum trecho achado (pontuação > 0) do cartão tem todas as palavras
      return [].some.call(li.querySelectorAll("a.md-search-result__link"), function (a) {
        var art = a.querySelector("article");
        return score(a) > 0 && !art.dataset.ausente;
      });
    };
    if (!cards.length || whole(cards[0])) return;
    for (var i = 1; i < cards.length; i++) {
      if (whole(cards[i])) { list.insertBefore(cards[i], cards[0]); return; }
    }
  }
  function answersFirst(list) {
    var cards = [].slice.call(list.children).filter(function (li) { return li.matches(".md-search-result__item"); });
    var kinds = cards.map(cardKind);
    var firstLaw = kinds.indexOf("statute");
    // A resposta: a primeira com todas as palavras no título; ou, numa pergunta, a primeira completa.
    var answer = -1, i;
    for (i = 0; i < cards.length && answer === -1; i++) {
      var title = cards[i].querySelector("h1");
      if (kinds[i] === "answer" && title && hasAll(title.textContent)) answer = i;
    }
    var titled = answer !== -1;
    for (i = 0; i < cards.length && answer === -1 && last.asking; i++) {
      if (kinds[i] === "answer" && complete(cards[i])) answer = i;
    }
    var order = cards.slice();
    if (answer > 0) {
      // Resposta pelo título: primeiro. Só pela palavra de pergunta: antes dos textos e das
      // calculadoras (uma tabela que responde, «quanto ganha um conferente», fica à frente).
      var to = 0;
      while (!titled && to < answer && kinds[to] !== "statute" && kinds[to] !== "calculator") to++;
      order.splice(to, 0, order.splice(answer, 1)[0]);
    }
    // Calculadoras depois do primeiro texto de norma.
    if (firstLaw !== -1) {
      var law = order.indexOf(cards[firstLaw]);
      // (não a calculadora pedida pelo nome: «calculadora de horas extras», «producao do terno»)
      var calcs = order.slice(0, law).filter(function (li) {
        var title = li.querySelector("h1");
        return cardKind(li) === "calculator" && !(title && hasAll("calculadora " + title.textContent));
      });
      calcs.forEach(function (li) { order.splice(order.indexOf(li), 1); });
      law = order.indexOf(cards[firstLaw]);
      order.splice.apply(order, [law + 1, 0].concat(calcs));
    }
    var same = order.every(function (li, k) { return li === cards[k]; });
    if (same) return;
    order.forEach(function (li) { list.appendChild(li); });
  }

  function watchResults() {
    var list = document.querySelector(".md-search-result__list");
    if (!list || list.dataset.epBusca) return;
    list.dataset.epBusca = "1";
    var box = list.parentElement || list;  // a lista e a contagem («Nenhum documento…»)
    new MutationObserver(function () { fixResults(list); }).observe(box, { childList: true, subtree: true });
    list.addEventListener("click", onOpenMore, true);
    list.addEventListener("toggle", onOpenMore, true);
  }

  // Página de destino: realce das palavras buscadas (também as acentuadas: "prorrogacao" realça
  // "prorrogação") e do dispositivo aberto.
  var SKIP = { SCRIPT: 1, STYLE: 1, MARK: 1, TEXTAREA: 1, INPUT: 1, BUTTON: 1 };
  // Each word of the texts, read once: its parts as numbers or stems (null: an empty word); and
  // whether it matches, once per set of wanted stems (every snippet of a list has the same).
  var wordParts = new Map();
  function partsOf(word) {
    var known = wordParts.get(word);
    if (known) return known;
    if (wordParts.size >= 20000) wordParts.clear();
    known = tokens(word).map(function (p) { return /^\d+$/.test(p) ? p : has(STOP, p) ? null : stem(p); });
    wordParts.set(word, known);
    return known;
  }
  var matched = { key: null, seen: null };
  function highlight(container, words) {
    var wanted = words.map(function (w) { return /^\d+$/.test(w) ? w : stem(w); });
    if (!wanted.length) return 0;
    if (matched.key !== wanted.join(" ")) matched = { key: wanted.join(" "), seen: new Map() };
    var seen = matched.seen;
    var matches = function (word) {
      var known = seen.get(word);
      if (known !== undefined) return known;
      known = partsOf(word).some(function (s) {
        if (s === null) return false;
        if (/^\d+$/.test(s)) return wanted.indexOf(s) !== -1;
        return wanted.some(function (w) { return !/^\d+$/.test(w) && s.indexOf(w) === 0; });
      });
      seen.set(word, known);
      return known;
    };
    var walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) {
        for (var el = node.parentElement; el && el !== container; el = el.parentElement) {
          if (SKIP[el.tagName] || el.hasAttribute("data-search-exclude")) return NodeFilter.FILTER_REJECT;
        }
        return /\S/.test(node.nodeValue) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT;
      }
    });
    var nodes = [];
    for (var n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n);
    var count = 0;
    nodes.forEach(function (node) {
      var value = node.nodeValue, re = /[\p{L}\p{N}]+/gu, m, pos = 0, frag = null;
      while ((m = re.exec(value))) {
        if (!matches(m[0])) continue;
        frag = frag || document.createDocumentFragment();
        frag.appendChild(document.createTextNode(value.slice(pos, m.index)));
        var mark = document.createElement("mark");
        mark.setAttribute("data-md-highlight", "");
        mark.textContent = m[0];
        frag.appendChild(mark);
        pos = m.index + m[0].length;
        count += 1;
      }
      if (frag) {
        frag.appendChild(document.createTextNode(value.slice(pos)));
        node.parentNode.replaceChild(frag, node);
      }
    });
    return count;
  }

  // O dispositivo aberto já está marcado (.busca-alvo, alvo.js, que roda antes em cada página).
  function onPage() {
    document.querySelectorAll("[data-md-component=search-query]").forEach(patch);
    watchResults();
    var h = new URL(location.href).searchParams.get("h");
    var article = document.querySelector("article.md-content__inner");
    if (h && article && !article.dataset.epRealce) {
      article.dataset.epRealce = "1";
      // Realce só no dispositivo aberto (e no seu corpo), não na página inteira.
      var targets = [].slice.call(article.querySelectorAll(".busca-alvo"));
      var words = tokens(h).filter(function (w) { return !has(STOP, w); });
      (targets.length ? targets : [article]).forEach(function (el) { highlight(el, words); });
    }
  }

  // An answer to a query that a newer one already replaces, while a list is shown: not drawn. At
  // CPU 4× Material's drawing of the list of «p», «pr», «pro»… and its arranging here took most of
  // the wait for the whole word; the newer query's answer comes next. The first results are always
  // drawn. If the box changed since Material read it (the key's keyup still to come), Material
  // reads it now: its query goes out at once (the keyup then reads the same and sends nothing).
  var sobPedido = window.estatutosBuscaSobPedido;
  if (sobPedido) sobPedido.desatualizada = function (newer) {
    var list = document.querySelector(".md-search-result__list");
    if (!list || !list.querySelector(".md-search-result__item")) return false;
    var input = document.querySelector("input[data-md-component=search-query]");
    if (!newer() && input && input.dataset.epBusca && native.get.call(input) !== last.raw) {
      input.dispatchEvent(new KeyboardEvent("keyup"));
    }
    return newer() > 0;
  };

  api.highlight = highlight;
  document.querySelectorAll("[data-md-component=search-query]").forEach(patch);
  window.estatutosACadaPagina(onPage);
  // This script comes once the search started (pacotes.js), with the index: if Material read the
  // box before it came, it reads it again (on keyup), now through patch().
  document.querySelectorAll("[data-md-component=search-query]").forEach(function (input) {
    if (native.get.call(input)) input.dispatchEvent(new KeyboardEvent("keyup"));
  });
})(typeof window !== "undefined" ? window : globalThis);
