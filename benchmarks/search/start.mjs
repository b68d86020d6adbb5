/* global window */
/* A página de medida (index.html) sem script embutido: a política dela só permite scripts dos
 * próprios arquivos (benchmarks/search_engines.py, HARNESS_POLICY). */
import * as harness from "./harness.mjs";

window.busca = harness;
window.pronto = true;
