/* Estatutos Portuários — os scripts das calculadoras só nas páginas que os usam.
 *
 * A construção junta os scripts do site em poucos arquivos (macros/exporters/bundles.py): um para
 * todas as páginas e um só das calculadoras, que as páginas de calculadora já trazem. A navegação
 * instantânea do Material troca a página sem rodar os scripts da nova; quando ela abre uma página
 * marcada data-ep-pacote="calculadoras" e os scripts das calculadoras ainda não vieram, este
 * trecho os acrescenta (uma vez), e eles se ligam à página aberta (estatutosACadaPagina). */
(function () {
  "use strict";
  var script = document.currentScript;
  var name = script && script.getAttribute("data-pacote-calculadoras");
  if (!name || !window.estatutosACadaPagina) return;
  var url = new URL(name, script.src).href;
  var asked = false;

  function present() {
    return Array.prototype.some.call(document.scripts, function (tag) { return tag.src === url; });
  }

  window.estatutosACadaPagina(function () {
    if (asked || !document.querySelector("[data-ep-pacote~='calculadoras']")) return;
    asked = true;
    if (present()) return;
    var tag = document.createElement("script");
    tag.src = url;
    tag.addEventListener("error", function () {
      // A failed download is tried again on the next page with a calculator.
      asked = false;
      tag.remove();
    });
    document.body.appendChild(tag);
  });
})();
