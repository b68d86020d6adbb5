/* O cache do motor no service worker (sw-motor.js, importado pelo sw.js do Workbox): os arquivos
 * do motor e o id da construção vêm de scripts/service_worker.mjs. */
import data from "ep:service-worker-data";
import { start } from "../offline/sw/engine-cache.mjs";

start(data);
