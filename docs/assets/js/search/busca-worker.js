/* Estatutos Portuários — o worker da busca: o do próprio Material, com a montagem do índice mais
 * rápida e com o mesmo resultado.
 *
 * O índice só baixa quando a pessoa começa a buscar (busca-sob-pedido.js); depois de chegar, o
 * worker do Material o monta com o lunr, e essa montagem era a maior parte da espera de quem digita
 * logo depois de tocar na lupa. A construção (macros/build/search_worker.py) escreve
 * assets/busca-worker.js: o worker do Material como ele é, seguido deste arquivo (minificado); o
 * busca-sob-pedido.js troca, na configuração que o Material lê, o endereço do worker da busca por
 * esse. Um pedido só, como antes. Aqui se trocam três funções do lunr que o worker do Material
 * traz (a versão 2.3.9, conferida abaixo) por outras que dão exatamente o mesmo índice:
 *
 * - Builder.add: cada documento entra nos mesmos dicionários, na mesma ordem (os mesmos números de
 *   termo), sem converter o termo em texto várias vezes; quantos documentos têm cada termo (o idf)
 *   é contado ao entrar, não recontado depois. Os campos ocultos (folded, pairs, ref…: só palavras
 *   separadas por espaço, nunca mostradas) são divididos direto pelo separador do Material, sem as
 *   posições, que só servem para realçar o que é mostrado: o realce do título e do trecho continua
 *   o do Material.
 * - Builder.createFieldVectors: os mesmos pesos (a mesma conta, arredondada como no lunr), cada
 *   vetor ordenado uma vez, em vez de uma inserção ordenada por termo.
 * - Builder.createTokenSet: em vez do autômato de todas as palavras (para expandir «prorrogaca*»),
 *   uma lista ordenada, com as mesmas palavras na mesma ordem para uma palavra ou um começo de
 *   palavra; qualquer outra consulta usa o autômato do lunr, montado só então.
 *
 * E mais: faz o campo «pairs» (pares de palavras vizinhas) a partir das palavras em ordem que o
 * índice traz (menos bytes na rede), e manda os resultados à página sem os campos ocultos.
 *
 * A pontuação e a ordem de cada resultado são as do worker original: tests/test_search_index.py
 * roda as consultas de tests/search/queries.yaml (e os seus começos) nos dois, no Node, e compara
 * os resultados (scripts/search_same_results.mjs). Com outra versão do lunr a montagem é a do Material (só fica
 * mais lenta); os pares continuam feitos aqui. */
(function () {
  "use strict";

  var lunr = self.lunr;
  if (!lunr || !lunr.Builder) return;
  // The faster build is the lunr this file was checked against; with another, only the pairs are
  // made and the results sent without the hidden fields (Material's own build does the rest).
  var SAME_LUNR = lunr.version === "2.3.9" && Boolean(lunr.FieldRef && lunr.Vector && lunr.TokenSet);

  // Fields Material shows (and highlights from the positions); every other field is hidden.
  var SHOWN = { title: true, text: true, tags: true };
  // The positions of a hidden field's words: none (nothing of it is ever highlighted).
  var NO_POSITIONS = Object.freeze([]);
  // A term's documents in a field where it never occurs (most fields of most terms): one object.
  var NO_DOCUMENTS = Object.freeze(Object.create(null));
  var stockAdd = lunr.Builder.prototype.add;
  var stockVectors = lunr.Builder.prototype.createFieldVectors;

  // The words of a field as Material's tokenizer gives them (integrations/search/internal:
  // tokenize, extract, split) for a string without markup: lower case, split by the separator;
  // for a shown field, each word's position (its number in the one block of text) and its place
  // in Material's table of the field (start << 12 | length << 2 | 1), read by the highlighting.
  // Anything else (markup, a list, a segmenter): null, and Material's tokenizer does it.
  function plainWords(field, shown) {
    if (typeof field !== "string" || field.indexOf("<") !== -1 || field.indexOf(">") !== -1 ||
        typeof lunr.segmenter !== "undefined") return null;
    var words = [];
    var positions = shown ? [] : null;
    var block = null;
    if (shown) {  // the field's table, new and empty (Material's extractor has just made it)
      var table = lunr.tokenizer.table;
      if (!Array.isArray(table) || table.length !== 0) return null;
      if (!field.length) return { words: words, positions: positions };
      block = table[0] = [];
    }
    var separator = new RegExp(lunr.tokenizer.separator, "g");
    var index = 0;
    var match;
    do {
      match = separator.exec(field);
      var until = match ? match.index : field.length;
      if (index < until) {
        words.push(field.slice(index, until).toLowerCase());
        if (shown) {
          block.push(index << 12 | until - index << 2 | 1);
          positions.push(block.length - 1);
        }
      }
      if (match) {
        index = match.index + match[0].length;
        if (match[0].length === 0) separator.lastIndex = match.index + 1;
      }
    } while (match);
    return { words: words, positions: positions };
  }

  // The "pairs" field (adjacent words: _hora_extraordinari) from the words in order the index
  // carries instead, "w" (the text's) and "tw" (the title's): the text's pairs, then the title's
  // not already there; never two numbers (macros/build/search_index.py, with_pairs, and
  // search_words.py, pair_tokens: the same rule).
  var NUMBER = /^[0-9]+$/;
  function withPairs(doc) {
    if (doc.w === undefined && doc.tw === undefined) return;
    var pairs = [];
    var seen = Object.create(null);
    [doc.w, doc.tw].forEach(function (text) {
      var words = typeof text === "string" ? text.split(" ") : [];
      for (var i = 1; i < words.length; i++) {
        if (NUMBER.test(words[i - 1]) && NUMBER.test(words[i])) continue;
        var pair = "_" + words[i - 1] + "_" + words[i];
        if (seen[pair] !== true) {
          seen[pair] = true;
          pairs.push(pair);
        }
      }
    });
    delete doc.w;
    delete doc.tw;
    if (pairs.length) doc.pairs = pairs.join(" ");
  }

  // The results go to the page without the hidden fields (the page shows only the title, the
  // text, the score and the words found): about half the bytes the page copies from the worker.
  var hiddenFields = [];
  function withoutHidden(doc) {
    var out = {};
    Object.keys(doc).forEach(function (key) {
      if (hiddenFields.indexOf(key) === -1) out[key] = key === "parent" && doc.parent ? withoutHidden(doc.parent) : doc[key];
    });
    return out;
  }
  var post = self.postMessage;
  self.postMessage = function (message) {
    var items = message && message.type === 3 && message.data && message.data.items;  // Material's RESULT
    if (Array.isArray(items) && hiddenFields.length) {
      message = { type: message.type, data: Object.assign({}, message.data, {
        items: items.map(function (group) { return group.map(withoutHidden); })
      }) };
    }
    return post.apply(self, [message].concat(Array.prototype.slice.call(arguments, 1)));
  };

  lunr.Builder.prototype.add = function (doc, attributes) {
    withPairs(doc);
    if (!hiddenFields.length) {
      hiddenFields = Object.keys(this._fields).filter(function (name) { return SHOWN[name] !== true; });
    }
    if (this.epFast === undefined) {
      this.epFast = SAME_LUNR && this.metadataWhitelist.length === 1 && this.metadataWhitelist[0] === "position" &&
        this.pipeline._stack.length === 0;
    }
    if (!this.epFast) return stockAdd.call(this, doc, attributes);
    var docRef = doc[this._ref];
    var fields = Object.keys(this._fields);
    var inverted = this.invertedIndex;
    var counts = this.epDocumentsWithTerm || (this.epDocumentsWithTerm = Object.create(null));
    this._documents[docRef] = attributes || {};
    this.documentCount += 1;
    for (var i = 0; i < fields.length; i++) {
      var fieldName = fields[i];
      var extractor = this._fields[fieldName].extractor;
      var field = extractor ? extractor(doc) : doc[fieldName];
      var shown = SHOWN[fieldName] === true;
      var words = plainWords(field, shown);
      if (!words) {
        var tokens = this.tokenizer(field, { fields: [fieldName] });
        words = { words: tokens.map(String), positions: tokens.map(function (t) { return t.metadata.position; }) };
      }
      var terms = words.words;
      var fieldRef = fieldName + lunr.FieldRef.joiner + docRef;
      var frequencies = Object.create(null);
      this.fieldTermFrequencies[fieldRef] = frequencies;
      this.fieldLengths[fieldRef] = terms.length;
      for (var j = 0; j < terms.length; j++) {
        var key = terms[j];
        frequencies[key] = (frequencies[key] || 0) + 1;
        var posting = inverted[key];
        if (posting === undefined) {
          posting = Object.create(null);
          posting._index = this.termIndex;
          this.termIndex += 1;
          for (var k = 0; k < fields.length; k++) posting[fields[k]] = NO_DOCUMENTS;
          inverted[key] = posting;
        }
        var documents = posting[fieldName];
        if (documents === NO_DOCUMENTS) documents = posting[fieldName] = Object.create(null);
        var entry = documents[docRef];
        if (entry === undefined) {
          entry = documents[docRef] = Object.create(null);
          entry.position = shown ? [] : NO_POSITIONS;
          counts[key] = (counts[key] || 0) + 1;
        }
        if (shown) entry.position.push(words.positions[j]);
      }
    }
  };

  // The index's words for the query's expansion (Index.query: tokenSet.intersect(clause).toArray()),
  // without building lunr's TokenSet (a minimal automaton of all the words, most of a build's
  // last tenth): a sorted list. A word (prorrogaca^3) or a word's beginning (prorrogaca*), what
  // the site's queries hold, is found by binary search, and the words come in the automaton's
  // order (its edges in the order JavaScript lists an object's keys: digits first, then the other
  // characters as inserted, in sorted order; read backwards, each word before the words it begins).
  // Anything else (a wildcard inside, a fuzzy term): lunr's TokenSet, built then, once.
  function rank(code) { return code >= 48 && code <= 57 ? code - 48 : 10 + code; }
  function automatonOrder(a, b) {
    for (var i = 0; i < a.length && i < b.length; i++) {
      var x = a.charCodeAt(i);
      var y = b.charCodeAt(i);
      if (x !== y) return rank(y) - rank(x);
    }
    return a.length - b.length;
  }
  function Words(sorted) {
    this.sorted = sorted;
    this.automaton = null;
  }
  Words.prototype.from = function (word) {  // the first index at or after word
    var lo = 0;
    var hi = this.sorted.length;
    while (lo < hi) {
      var mid = (lo + hi) >>> 1;
      if (this.sorted[mid] < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  // The clause's automaton (lunr.TokenSet.fromString): a chain of characters, ending in a final
  // node (a word) or in a final node looping on "*" (a beginning); else null.
  function simpleClause(set) {
    var word = "";
    for (var node = set, steps = 0; steps < 1000; steps++) {
      var keys = Object.keys(node.edges);
      if (!keys.length) return node.final ? { word: word, beginning: false } : null;
      if (keys.length !== 1) return null;
      if (keys[0] === "*") return node.edges["*"] === node && node.final ? { word: word, beginning: true } : null;
      word += keys[0];
      node = node.edges[keys[0]];
    }
    return null;
  }
  Words.prototype.intersect = function (clause) {
    var simple = simpleClause(clause);
    if (!simple) {
      if (!this.automaton) this.automaton = lunr.TokenSet.fromArray(this.sorted);
      return this.automaton.intersect(clause);
    }
    var found = [];
    var i = this.from(simple.word);
    if (!simple.beginning) {
      if (this.sorted[i] === simple.word) found.push(simple.word);
    } else {
      while (i < this.sorted.length && this.sorted[i].lastIndexOf(simple.word, 0) === 0) found.push(this.sorted[i++]);
      found.sort(automatonOrder);
    }
    return { toArray: function () { return found; } };
  };

  var stockTokenSet = lunr.Builder.prototype.createTokenSet;
  if (SAME_LUNR) lunr.Builder.prototype.createTokenSet = function () {
    if (!this.epFast) return stockTokenSet.call(this);
    this.tokenSet = new Words(Object.keys(this.invertedIndex).sort());
  };

  if (SAME_LUNR) lunr.Builder.prototype.createFieldVectors = function () {
    if (!this.epFast) return stockVectors.call(this);
    var vectors = {};
    var refs = Object.keys(this.fieldTermFrequencies);
    var idfs = Object.create(null);
    var k1 = this._k1;
    var b = this._b;
    var total = this.documentCount;
    var inverted = this.invertedIndex;
    var counts = this.epDocumentsWithTerm;
    var scores = new Float64Array(this.termIndex);
    for (var i = 0; i < refs.length; i++) {
      var ref = lunr.FieldRef.fromString(refs[i]);
      var fieldName = ref.fieldName;
      var fieldLength = this.fieldLengths[refs[i]];
      var frequencies = this.fieldTermFrequencies[refs[i]];
      var terms = Object.keys(frequencies);
      var fieldBoost = this._fields[fieldName].boost || 1;
      var docBoost = this._documents[ref.docRef].boost || 1;
      var average = this.averageFieldLength[fieldName];
      var order = new Array(terms.length);
      for (var j = 0; j < terms.length; j++) {
        var term = terms[j];
        var tf = frequencies[term];
        var idf = idfs[term];
        if (idf === undefined) {
          // lunr.idf, with the count of (field, document) entries kept by add
          var x = (total - counts[term] + 0.5) / (counts[term] + 0.5);
          idf = idfs[term] = Math.log(1 + Math.abs(x));
        }
        var score = idf * ((k1 + 1) * tf) / (k1 * (1 - b + b * (fieldLength / average)) + tf);
        score *= fieldBoost;
        score *= docBoost;
        order[j] = inverted[term]._index;
        scores[order[j]] = Math.round(score * 1000) / 1000;
      }
      order.sort(function (p, q) { return p - q; });
      var elements = new Array(2 * order.length);
      for (var n = 0; n < order.length; n++) {
        elements[2 * n] = order[n];
        elements[2 * n + 1] = scores[order[n]];
      }
      vectors[refs[i]] = new lunr.Vector(elements);
    }
    this.fieldVectors = vectors;
  };
})();
