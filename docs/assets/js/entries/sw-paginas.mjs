/* O site guardado em segundo plano pelo service worker (sw-paginas.js, importado pelo sw.js do
 * Workbox): as listas de arquivos vêm de scripts/service_worker.mjs. */
import data from "ep:service-worker-data";
import { start } from "../offline/sw/site-cache.mjs";

start(data);
