/* O pacote da busca (assets/pacote-busca.<hash>.js): em página nenhuma; vem quando a pessoa começa
 * uma busca ou abre um link com as palavras a realçar (search/start.mjs). A caixa e os resultados
 * (search/ui.mjs), o realce na página aberta (search/highlight.mjs); a consulta roda no worker da
 * busca (assets/busca-worker.mjs, search/worker.mjs). */
import { start } from "../search/bind.mjs";

start();
