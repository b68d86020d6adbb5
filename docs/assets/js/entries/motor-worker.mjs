/* O worker do motor das calculadoras (assets/calculadoras-worker.mjs, um módulo; o Pyodide fica
 * fora do pacote, em assets/pyodide/). */
import "../engine/worker.mjs";
