/* Estatutos Portuários — roda uma função a cada página mostrada.
 * Com a navegação instantânea do Material, a página troca sem recarregar: document$ avisa cada
 * troca (e a primeira página). Sem ele (o tema não carregou), roda quando o documento estiver
 * pronto. Usado por busca.js, citar.js, calculadoras.js e tabelas.js, carregado antes deles. */
window.estatutosACadaPagina = function (fn) {
  "use strict";
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(fn);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", fn);
  } else {
    fn();
  }
};
