/* Estatutos Portuários — o worker da busca: o do próprio Material, com a montagem do índice mais
 * rápida e com o mesmo resultado.
 *
 * O índice só baixa quando a pessoa começa a buscar (busca-sob-pedido.js); depois de chegar, o
 * worker do Material o monta com o lunr, e essa montagem era a maior parte da espera de quem digita
 * logo depois de tocar na lupa. A construção (macros/exporters/search_worker.py) escreve
 * assets/busca-worker.js: o worker do Material como ele é, seguido deste arquivo (minificado); o
 * busca-sob-pedido.js troca, na configuração que o Material lê, o endereço do worker da busca por
 * esse. Um pedido só, como antes. Aqui se trocam duas funções do lunr que o worker do Material
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
 *
 * A pontuação e a ordem de cada resultado são as do worker original: tests/test_search_index.py
 * roda as consultas de tests/search/queries.yaml nos dois, no Node, e compara os resultados
 * (scripts/search_same_results.mjs). Com outra versão do lunr nada é trocado (só fica mais lento). */
(function () {
  "use strict";

  var lunr = self.lunr;
  if (!lunr || lunr.version !== "2.3.9" || !lunr.Builder || !lunr.FieldRef || !lunr.Vector) return;

  // Fields Material shows (and highlights from the positions); every other field is hidden.
  var SHOWN = { title: true, text: true, tags: true };
  // The positions of a hidden field's words: none (nothing of it is ever highlighted).
  var NO_POSITIONS = Object.freeze([]);

  function hiddenWords(builder, field) {
    // Material's tokenizer on text without markup: split by the separator, lower case, no empties.
    if (typeof field !== "string" || /[<>]/.test(field) || builder.pipeline._stack.length) return null;
    return field.toLowerCase().split(lunr.tokenizer.separator).filter(Boolean);
  }

  lunr.Builder.prototype.add = function (doc, attributes) {
    var docRef = doc[this._ref];
    var fields = Object.keys(this._fields);
    var inverted = this.invertedIndex;
    var whitelist = this.metadataWhitelist;
    var counts = this.epDocumentsWithTerm || (this.epDocumentsWithTerm = Object.create(null));
    this._documents[docRef] = attributes || {};
    this.documentCount += 1;
    for (var i = 0; i < fields.length; i++) {
      var fieldName = fields[i];
      var extractor = this._fields[fieldName].extractor;
      var field = extractor ? extractor(doc) : doc[fieldName];
      var shown = SHOWN[fieldName] === true;
      var terms = shown ? null : hiddenWords(this, field);
      if (!terms) terms = this.pipeline.run(this.tokenizer(field, { fields: [fieldName] }));
      var fieldRef = fieldName + lunr.FieldRef.joiner + docRef;
      var frequencies = Object.create(null);
      this.fieldTermFrequencies[fieldRef] = frequencies;
      this.fieldLengths[fieldRef] = terms.length;
      for (var j = 0; j < terms.length; j++) {
        var term = terms[j];
        var key = String(term);
        frequencies[key] = (frequencies[key] || 0) + 1;
        var posting = inverted[key];
        if (posting === undefined) {
          posting = Object.create(null);
          posting._index = this.termIndex;
          this.termIndex += 1;
          for (var k = 0; k < fields.length; k++) posting[fields[k]] = Object.create(null);
          inverted[key] = posting;
        }
        var entry = posting[fieldName][docRef];
        if (entry === undefined) {
          entry = posting[fieldName][docRef] = Object.create(null);
          counts[key] = (counts[key] || 0) + 1;
        }
        for (var m = 0; m < whitelist.length; m++) {
          var name = whitelist[m];
          if (!shown) {
            entry[name] = NO_POSITIONS;
            continue;
          }
          if (entry[name] === undefined) entry[name] = [];
          entry[name].push(term.metadata[name]);
        }
      }
    }
  };

  lunr.Builder.prototype.createFieldVectors = function () {
    var vectors = {};
    var refs = Object.keys(this.fieldTermFrequencies);
    var idfs = Object.create(null);
    var k1 = this._k1;
    var b = this._b;
    var total = this.documentCount;
    var inverted = this.invertedIndex;
    var counts = this.epDocumentsWithTerm || Object.create(null);
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
