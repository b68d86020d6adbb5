/* Estatutos Portuários — o que os outros scripts da página compartilham, carregado antes deles.
 *
 * estatutosACadaPagina: roda uma função a cada página mostrada. Com a navegação instantânea do
 * Material, a página troca sem recarregar: document$ avisa cada troca (e a primeira página). Sem
 * ele (o tema não carregou), roda quando o documento estiver pronto. Usado por busca.js,
 * citar.js, calculadoras.js e tabelas.js.
 *
 * estatutosEndereco: troca, num texto, o endereço do site escrito na construção pelo endereço de
 * onde o site está de fato sendo lido (citações, links permanentes, arquivos de citação).
 *
 * estatutosDobra: a única dobra de texto dos scripts (busca.js, tabelas.js), igual à da construção
 * (calculators/core/text.py; um teste roda as duas nas mesmas frases): minúsculas, sem acentos
 * (NFD sem as marcas U+0300–U+036F), º ª ° § e hífen como espaço, espaços juntados
 * («Pôrto, § 5º» → «porto, 5»; «Técnico-Auxiliar» → «tecnico auxiliar»). */
(function (root) {
  "use strict";

  root.estatutosACadaPagina = function (fn) {
    if (root.document$ && typeof root.document$.subscribe === "function") {
      root.document$.subscribe(fn);
    } else if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", fn);
    } else {
      fn();
    }
  };

  // estatutosEndereco(texto): the addresses written at build (site_url, which the head script
  // assets/navegacao.js carries in data-site-url) replaced by the address the site is actually read
  // from, so that what a reader copies (citations, «Link permanente», CSL-JSON/RIS/BibTeX, share
  // links) points where he really is. Where they are the same, the text is unchanged.
  function readAddresses() {
    if (typeof document === "undefined") return null;
    var tag = document.querySelector("script[data-site-url]");
    var written = tag ? String(tag.getAttribute("data-site-url") || "") : "";
    if (!written || !tag.src) return null;
    var real = new URL("../", tag.src).href;
    if (written.slice(-1) !== "/") written += "/";
    return written === real ? null : { escrito: written, real: real };
  }

  root.estatutosEndereco = function (text) {
    var where = readAddresses();
    var value = String(text);
    return where ? value.split(where.escrito).join(where.real) : value;
  };

  var SPACES = /[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+/g;
  root.estatutosDobra = function (text) {
    return String(text).replace(/[ºª°§-]/g, " ").normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .toLowerCase().replace(SPACES, " ").replace(/^ | $/g, "");
  };
})(typeof window !== "undefined" ? window : globalThis);
