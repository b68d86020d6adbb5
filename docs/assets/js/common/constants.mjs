/* Estatutos Portuários — os nomes que as páginas, o worker do motor e o service worker
 * compartilham: caches, chaves do localStorage, tipos de mensagem, arquivos. Escritos uma vez, em
 * constants.json (a construção lê o mesmo arquivo: macros/data/browser_constants.py). */
import names from "./constants.json";

/* Cache Storage: the engine's files and its saved state; every other file of the site. */
export const CACHES = Object.freeze({ ...names.caches });
/* localStorage: the consent to the engine, the engine kept on this device, the whole site asked for. */
export const STORAGE = Object.freeze({ ...names.storage });
/* What a yes is stored as (the consent, the whole site offline). */
export const YES = names.yes;
/* Message types between the pages and the service worker (SKIP_WAITING is Workbox's). */
export const MESSAGES = Object.freeze({ ...names.messages });
/* Files by name: the engine's worker and saved state, the «Sem internet» page, the server's build id. */
export const FILES = Object.freeze({ ...names.files });
