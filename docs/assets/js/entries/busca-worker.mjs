/* O worker da busca (assets/busca-worker.mjs): lê a consulta, busca os pedaços do índice em
 * search/, ordena e prepara os cartões (search/worker.mjs). */
import "../search/worker.mjs";
