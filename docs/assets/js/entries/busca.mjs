/* O pacote da busca (assets/pacote-busca.<hash>.js): em página nenhuma; vem quando uma busca
 * começa, ou com ?h= (search/legacy-bridge.mjs). A busca de hoje, clássica (issue 28). */
import "../search/busca.js";
