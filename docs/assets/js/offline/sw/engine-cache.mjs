/* Estatutos Portuários — o cache do motor das calculadoras, no service worker (importado pelo
 * sw.js que o Workbox escreve: scripts/service_worker.mjs).
 *
 * Cada arquivo do motor (assets/motor.json) é guardado no primeiro uso sob o hash do seu
 * conteúdo, depois que os bytes conferem com esse hash (um arquivo de outra construção nunca é
 * guardado); uma construção nova guarda só os arquivos que mudaram. Responde MESSAGES.buildId
 * com o id da sua construção (uma página só calcula sob um service worker da sua construção) e
 * MESSAGES.engineStatus com quantos arquivos do motor estão guardados. */
import { CACHES, FILES, MESSAGES } from "../../common/constants.mjs";

/* files: address relative to the site → SHA-256 of its bytes; build: this build's id. */
export function start({ files, build }) {
  const scope = self.registration.scope;
  const keys = {};
  const hashes = {};
  Object.keys(files).forEach((rel) => {
    const href = new URL(rel, scope).href;
    keys[href] = new URL(rel + "?v=" + files[rel].slice(0, 20), scope).href;
    hashes[href] = files[rel];
  });

  function hex(buffer) {
    return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // Under the same label (the same commit built again with another engine), the server's
  // assets/motor.json with another hash for the file tells the new build.
  function otherEngine(href) {
    return fetch(new URL(FILES.engineReport, scope).href, { cache: "no-store" }).then((response) => response.json())
      .then((report) => (report && Array.isArray(report.files) ? report.files : []).some((entry) => entry &&
        typeof entry.url === "string" && new URL(entry.url, scope).href === href &&
        typeof entry.sha256 === "string" && entry.sha256 !== hashes[href]), () => false);
  }

  // A file that is not this build's reached this worker. If the server has a new build (another
  // label in assets/versao.json, or another hash in assets/motor.json), the pages offer it and the
  // new worker is looked for; else the copy was corrupted on the way (or is a captive portal's
  // page): nothing is said here.
  function tellPages(href) {
    return fetch(new URL(FILES.buildId, scope).href, { cache: "no-store" }).then((response) => response.json())
      .then((server) => {
        if (!server || typeof server.versao !== "string") return false;
        return server.versao !== build || otherEngine(href);
      })
      .then((other) => {
        if (!other) return undefined;
        self.registration.update().catch(() => { /* offline */ });
        return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((pages) => {
          pages.forEach((page) => { page.postMessage({ type: MESSAGES.otherBuild, arquivo: href }); });
        });
      }).catch(() => { /* no answer: nothing to tell */ });
  }

  // Kept under this build's hash only if the bytes are this build's.
  function keep(cache, href, response) {
    const type = response.headers.get("Content-Type") || "application/octet-stream";
    return response.arrayBuffer().then((bytes) => crypto.subtle.digest("SHA-256", bytes).then((digest) => {
      if (hex(digest) !== hashes[href]) return tellPages(href);
      return cache.put(keys[href], new Response(bytes, { status: 200, headers: { "Content-Type": type } }));
    })).catch(() => { /* no storage (quota, private mode): served, not kept */ });
  }

  self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") return;
    const url = new URL(request.url);
    url.search = "";
    url.hash = "";
    const key = keys[url.href];
    if (!key) return;
    event.respondWith(caches.open(CACHES.engine).then((cache) => cache.match(key).then((hit) => {
      if (hit) return hit;
      return fetch(url.href, { credentials: "same-origin" }).then((response) => {
        // The page gets the bytes as they come; the copy is hashed before it is kept (the
        // page's engine checks them too, engine/worker.mjs, and never computes with them).
        if (response.ok) event.waitUntil(keep(cache, url.href, response.clone()));
        return response;
      });
    })));
  });

  self.addEventListener("activate", (event) => {
    const wanted = {};
    Object.keys(keys).forEach((href) => { wanted[keys[href]] = true; });
    event.waitUntil(caches.open(CACHES.engine).then((cache) => cache.keys().then((requests) =>
      // The engine's saved state is the worker's: it checks the build itself (engine/snapshot.mjs).
      Promise.all(requests.filter((r) => !wanted[r.url] && r.url.indexOf(FILES.engineSnapshot) < 0)
        .map((r) => cache.delete(r))))));
  });

  self.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type === MESSAGES.buildId && event.ports && event.ports[0]) {
      event.ports[0].postMessage({ versao: build });
      return;
    }
    if (data.type !== MESSAGES.engineStatus || !event.ports || !event.ports[0]) return;
    caches.open(CACHES.engine).then((cache) => Promise.all(Object.keys(keys).map((href) => cache.match(keys[href]))))
      .then((hits) => {
        event.ports[0].postMessage({ cached: hits.filter(Boolean).length, total: hits.length });
      });
  });
}
