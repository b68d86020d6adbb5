/* Estatutos Portuários — scripts e estilos de só algumas páginas, só nas páginas que os usam.
 *
 * A construção junta os scripts e estilos do site em poucos arquivos (macros/build/bundles.py):
 * os de todas as páginas, e, à parte, os das calculadoras e os das tabelas de 1945, que só as
 * páginas deles trazem (o estilo no <head>, antes do estilo comum; o script no fim). A navegação
 * instantânea do Material troca a página sem rodar os scripts da nova, e copia os links do <head>
 * dela, mas depois dos outros: quando ela abre uma página marcada data-ep-pacote="calculadoras" (ou
 * "tabelas"), este trecho põe o estilo do grupo no mesmo lugar de uma página carregada inteira
 * (antes do estilo comum: a mesma cascata), com o artigo escondido até ele chegar (nunca uma
 * página sem estilo; no máximo alguns segundos, e um erro mostra a página assim mesmo), e
 * acrescenta os scripts, uma vez, que se ligam à página aberta (estatutosACadaPagina). O script da busca (busca.js) não vem com página nenhuma: vem quando a
 * pessoa começa uma busca (junto com o índice) ou abre um link com as palavras buscadas. */
(function () {
  "use strict";
  var script = document.currentScript;
  var names = ((script && script.getAttribute("data-pacotes")) || "").split(" ").filter(Boolean);
  if (!names.length || !window.estatutosACadaPagina) return;
  var base = script.src;
  var WAITING = "ep-estilo-chegando";
  // O conteúdo reaparece no máximo depois disto, mesmo que o estilo não tenha chegado.
  var PATIENCE = 4000;
  var pending = 0;  // estilos pedidos que ainda não chegaram

  function filesOf(group) {
    return names.filter(function (name) { return name.indexOf("pacote-" + group + ".") === 0; })
      .map(function (name) { return new URL(name, base).href; });
  }

  function present(url) {
    return Array.prototype.some.call(document.scripts, function (tag) { return tag.src === url; });
  }

  function findStyle(url) {
    return Array.prototype.find.call(document.querySelectorAll("link[rel='stylesheet']"),
      function (tag) { return tag.href === url; });
  }

  // The group's style sheet right before the common one, as on a full load (the cascade of
  // extra_css). Material's instant navigation copies the new page's <head> links, but appends
  // them after the others: the link is moved (or made, if it is not there). Until it is in, the
  // article waits hidden.
  function placeStyle(url) {
    var link = findStyle(url);
    if (!link) {
      link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = url;
    }
    var common = document.querySelector("link[rel='stylesheet'][href*='assets/pacote-estilo.']");
    var placed = link.parentNode === document.head && (!common || link.compareDocumentPosition(common) & Node.DOCUMENT_POSITION_FOLLOWING);
    if (placed && link.sheet) return;
    var root = document.documentElement;
    var finished = false;
    function finish() {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      pending -= 1;
      if (!pending) root.classList.remove(WAITING);
    }
    pending += 1;
    root.classList.add(WAITING);
    var timer = setTimeout(finish, PATIENCE);
    link.addEventListener("load", finish);
    link.addEventListener("error", function () {
      link.remove();  // made again on the next page of the group
      finish();
    });
    if (!placed) document.head.insertBefore(link, common);
    if (link.sheet) finish();  // already in (moved from the cache)
  }

  function addScript(url, finished) {
    var tag = document.createElement("script");
    tag.src = url;
    tag.addEventListener("load", function () { finished(true); });
    tag.addEventListener("error", function () {
      tag.remove();
      finished(false);
    });
    document.body.appendChild(tag);
  }

  function isStyle(url) { return url.slice(-4) === ".css"; }

  // open(grupo): traz os scripts do grupo que faltam, uma vez (um download que falhou é tentado de
  // novo na próxima vez).
  var asked = {};
  function open(name) {
    if (asked[name]) return;
    asked[name] = true;
    filesOf(name).filter(function (url) { return !isStyle(url) && !present(url); }).forEach(function (url) {
      addScript(url, function (ok) { if (!ok) asked[name] = false; });
    });
  }

  window.estatutosACadaPagina(function () {
    var article = document.querySelector("[data-ep-pacote]");
    var groups = article ? article.getAttribute("data-ep-pacote").split(" ").filter(Boolean) : [];
    groups.forEach(function (name) {
      // At every page of the group: Material's instant navigation adds and removes <head> links.
      filesOf(name).filter(isStyle).forEach(function (url) { placeStyle(url); });
      open(name);
    });
    // Um link com as palavras buscadas (?h=): a busca as realça no dispositivo aberto.
    if (new URL(window.location.href).searchParams.has("h")) open("busca");
  });
  // A busca: o script dela (a consulta, os resultados) vem quando a pessoa começa uma busca, junto
  // com o índice (busca-sob-pedido.js).
  var onDemand = window.estatutosBuscaSobPedido;
  if (onDemand && onDemand.aoIniciar) onDemand.aoIniciar(function () { open("busca"); });
})();
