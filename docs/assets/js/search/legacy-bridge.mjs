/* Estatutos Portuários — a ponte para a busca de hoje (issue 28 a substitui).
 *
 * Os três scripts da busca (busca.js, busca-sob-pedido.js, busca-worker.js) continuam clássicos,
 * como eram, até a busca nova chegar (issue 28): eles falam pelos globais window.estatutos*
 * que este módulo lhes dá (a vida da página, a dobra do texto, a pausa da cópia em segundo plano)
 * e, quando a pessoa começa uma busca (window.estatutosBuscaSobPedido, do pacote que roda antes
 * do Material) ou abre um link com as palavras a realçar (?h=), traz o pacote da busca. São os
 * únicos globais window.estatutos* do site (tests/test_browser_modules.py os isenta por nome). */
import { openGroup } from "../common/groups.mjs";
import { onEachPage } from "../common/page.mjs";
import { fold } from "../common/text.mjs";
import { busyWith } from "../offline/warmup.mjs";

export function start() {
  window.estatutosACadaPagina = onEachPage;
  window.estatutosDobra = fold;
  window.estatutosOffline = { ocupado: busyWith };
  onEachPage(() => {
    // Um link com as palavras buscadas (?h=): a busca as realça no dispositivo aberto.
    if (new URL(window.location.href).searchParams.has("h")) openGroup("busca");
  });
  // A busca: o script dela (a consulta, os resultados) vem quando a pessoa começa uma busca, junto
  // com o índice (busca-sob-pedido.js).
  const onDemand = window.estatutosBuscaSobPedido;
  if (onDemand && onDemand.aoIniciar) onDemand.aoIniciar(() => { openGroup("busca"); });
}
