/* Busca sem acentos: a consulta é dobrada (pôrto → porto) antes de chegar à busca do Material.
 * O índice recebe na construção as formas sem acento de cada palavra acentuada
 * (macros/search_fold.py); aqui só se dobra a consulta. O texto digitado continua visível como
 * foi digitado: só a leitura do valor pelo Material é dobrada. */
(function () {
  "use strict";
  var fold = function (s) {
    return String(s).normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  };
  var native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value");
  function patch(input) {
    if (!input || input.dataset.epFold) return;
    input.dataset.epFold = "1";
    Object.defineProperty(input, "value", {
      configurable: true,
      get: function () { return fold(native.get.call(this)); },
      set: function (v) { native.set.call(this, v); }
    });
  }
  function patchAll() {
    document.querySelectorAll("[data-md-component=search-query]").forEach(patch);
  }
  patchAll();
  window.estatutosACadaPagina(patchAll);
})();
