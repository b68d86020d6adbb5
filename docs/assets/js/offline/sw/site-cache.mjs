/* Estatutos Portuários — o site guardado para uso sem internet, em segundo plano, no service worker
 * (importado pelo sw.js que o Workbox escreve: scripts/service_worker.mjs, que passa as duas listas).
 *
 * Nothing here runs at install: on a slow link it would compete with the engine the person
 * asked for. The page (offline/warmup.mjs) asks for the warm-up (MESSAGES.warmUp) when it has no
 * engine download in progress, and says MESSAGES.pause when one starts. The warm-up then stores
 * the files one at a time, at low priority, in the list's order, and stops before the next file
 * as long as some open page has paused it.
 *
 * files: every file of the site but the engine and the downloads of /dados/ (address → sha256).
 * downloads: the downloads of /dados/: kept when opened, or all of them when the page asks for the
 * whole site offline (MESSAGES.warmUp with tudo, after «Usar sem internet»).
 *
 * Each file is kept under address + "?v=" + the first 20 hex digits of its hash, and only if its
 * bytes have the hash of this build: an old worker never keeps a newer build's file under its own
 * key. A kept file is served from the cache (query ignored: a shared calculator link opens the
 * kept page); a file not kept yet comes from the network, and is kept on the way. With no
 * connection, a page not kept yet opens the site's «Sem internet» page (FILES.offlinePage,
 * precached at install), never the browser's error page; other requests fail as before.
 * MESSAGES.keptCount answers how much is kept ({guardados, total, downloads, totalDownloads}).
 */
import { CACHES, FILES, MESSAGES } from "../../common/constants.mjs";

export function start({ files, downloads: downloadFiles, titles = {} }) {
  var CACHE = CACHES.site;
  var scope = self.registration.scope;
  var entries = {}; // address → {href, key, sha256}
  var site = [];
  var downloads = [];

  function add(table, list) {
    Object.keys(table).forEach(function (rel) {
      var href = new URL(rel, scope).href;
      var entry = { href: href, key: href + "?v=" + table[rel].slice(0, 20), sha256: table[rel], rel: rel };
      entries[href] = entry;
      list.push(entry);
    });
  }
  add(files, site);
  add(downloadFiles, downloads);

  function entryFor(request) {
    var url = new URL(request.url);
    url.search = "";
    url.hash = "";
    if (url.pathname.slice(-1) === "/") url.pathname += "index.html";
    return entries[url.href];
  }

  function hex(buffer) {
    return Array.from(new Uint8Array(buffer), function (b) { return b.toString(16).padStart(2, "0"); }).join("");
  }

  /* Keeps a response under the entry's key if its bytes are this build's; true when kept. */
  function keep(cache, entry, response) {
    if (!response || !response.ok || response.type !== "basic") return Promise.resolve(false);
    return response.arrayBuffer().then(function (bytes) {
      return crypto.subtle.digest("SHA-256", bytes).then(function (digest) {
        if (hex(digest) !== entry.sha256) return false;
        var headers = new Headers(response.headers);
        headers.delete("Content-Encoding"); // the bytes are already decoded
        headers.delete("Content-Length");
        return cache.put(entry.key, new Response(bytes, { status: 200, headers: headers })).then(function () {
          return true;
        });
      });
    });
  }

  self.addEventListener("fetch", function (event) {
    var request = event.request;
    if (request.method !== "GET") return;
    var entry = entryFor(request);
    if (!entry) return;
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(entry.key).then(function (hit) {
        if (hit) return hit;
        return fetch(request).then(function (response) {
          event.waitUntil(keep(cache, entry, response.clone()).catch(function () { return false; }));
          return response;
        }, function (error) {
          // No connection: a page opened (a navigation) gets the site's «Sem internet» page;
          // anything else (a script, a style, a download fetched by a page) fails as it did.
          if (request.mode !== "navigate") throw error;
          return offlinePage().then(function (page) {
            if (!page) throw error;
            return page;
          });
        });
      });
    }));
  });

  /* The «Sem internet» page (precached by Workbox at install, with 404.html), answered with
   * status 503 at the address that was asked: «Tentar de novo» opens that address again. */
  function offlinePage() {
    return caches.match(new URL(FILES.offlinePage, scope).href, { ignoreSearch: true }).then(function (hit) {
      if (!hit) return null;
      return hit.blob().then(function (body) {
        return new Response(body, {
          status: 503, statusText: "Sem internet",
          headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
        });
      });
    });
  }

  self.addEventListener("activate", function (event) {
    var wanted = {};
    site.concat(downloads).forEach(function (entry) { wanted[entry.key] = true; });
    event.waitUntil(caches.open(CACHE).then(function (cache) {
      return cache.keys().then(function (requests) {
        return Promise.all(requests.filter(function (r) { return !wanted[r.url]; })
          .map(function (r) { return cache.delete(r); }));
      });
    }));
  });

  // ---------------------------------------------------------------- the warm-up
  var paused = {}; // id of a page with an engine download in progress → true
  var everything = false; // the downloads of /dados/ too («Usar sem internet»)
  var running = null;
  var watchers = []; // ports told of each file kept and of the end

  function wanted() {
    return everything ? site.concat(downloads) : site;
  }

  /* True while some open page has paused the warm-up (closed pages no longer count). */
  function isPaused() {
    var ids = Object.keys(paused);
    if (!ids.length) return Promise.resolve(false);
    return Promise.all(ids.map(function (id) {
      return self.clients.get(id).then(function (client) {
        if (!client) delete paused[id];
        return Boolean(client);
      });
    })).then(function (open) { return open.some(Boolean); });
  }

  // The counts of the last status, moved on by each file the warm-up keeps: every message to the
  // page carries them («Usar sem internet» shows «N de M arquivos» from them).
  var counts = { guardados: 0, downloads: 0 };

  /* What is kept: the counts and, when the whole site was asked for, what is still missing
   * (faltam: each with its address, the page's name for a page, and its kind). */
  function status(cache) {
    return cache.keys().then(function (requests) {
      var kept = {};
      requests.forEach(function (r) { kept[r.url] = true; });
      var count = function (list) { return list.filter(function (e) { return kept[e.key]; }).length; };
      counts = { guardados: count(site), downloads: count(downloads) };
      var missing = wanted().filter(function (e) { return !kept[e.key]; });
      return {
        tipo: "situacao", guardados: counts.guardados, total: site.length,
        downloads: counts.downloads, totalDownloads: downloads.length, tudo: everything,
        faltam: missing.slice(0, 50).map(function (e) {
          var page = Object.prototype.hasOwnProperty.call(titles, e.rel);
          return { endereco: e.href, titulo: page ? titles[e.rel] : "",
            tipo: page ? "pagina" : downloads.indexOf(e) >= 0 ? "download" : "arquivo" };
        }),
        quantasFaltam: missing.length,
      };
    });
  }

  function progress(extra) {
    var message = { guardados: counts.guardados, total: site.length, downloads: counts.downloads,
      totalDownloads: downloads.length };
    Object.keys(extra).forEach(function (name) { message[name] = extra[name]; });
    return message;
  }

  function tell(message) {
    watchers.forEach(function (port) { port.postMessage(message); });
  }

  /* One file: from the HTTP cache when it is fresh, else from the network, at low priority; a
   * copy with other bytes (another build) is asked once more straight from the network. */
  function fetchOne(cache, entry) {
    var get = function (mode) {
      return fetch(entry.href, { credentials: "same-origin", cache: mode, priority: "low" })
        .then(function (response) { return keep(cache, entry, response); });
    };
    return get("default").then(function (kept) { return kept || get("reload"); }).catch(function (error) {
      // Storage full: no later file would fit either; the warm-up stops and says so (warm()).
      if (error && error.name === "QuotaExceededError") throw error;
      return false;
    });
  }

  function warm() {
    if (running) return running;
    running = caches.open(CACHE).then(function (cache) {
      // The counts before the first file: the page shows them at once.
      return status(cache).then(function () {
        tell(progress({ tipo: "situacao", tudo: everything }));
        return cache;
      });
    }).then(function (cache) {
      var index = 0;
      var next = function () {
        var list = wanted();
        if (index >= list.length) return true;
        return isPaused().then(function (stop) {
          if (stop) return false;
          var entry = list[index++];
          return cache.match(entry.key).then(function (hit) {
            return hit || fetchOne(cache, entry).then(function (kept) {
              if (!kept) return;
              if (downloads.indexOf(entry) >= 0) counts.downloads += 1;
              else counts.guardados += 1;
              tell(progress({ tipo: "guardado", endereco: entry.href }));
            });
          }).then(next);
        });
      };
      return next().then(function (complete) {
        return status(cache).then(function (result) {
          result.tipo = "fim";
          result.completo = complete;
          return result;
        });
      });
    }).then(function (result) {
      running = null;
      tell(result);
      if (result.completo) watchers = [];
      return result;
    }, function (error) {
      running = null;
      // The page that asked for the whole site is told why it stopped (never a silent «Pronto»).
      if (error && error.name === "QuotaExceededError") {
        tell({ tipo: "fim", completo: false, erro: "espaco" });
        watchers = [];
      }
      return null;
    });
    return running;
  }

  self.addEventListener("message", function (event) {
    var data = event.data || {};
    var source = event.source && event.source.id;
    var ports = event.ports || [];
    if (data.type === MESSAGES.pause) {
      if (source) paused[source] = true;
    } else if (data.type === MESSAGES.warmUp) {
      if (source) delete paused[source];
      if (data.tudo) everything = true;
      watchers = watchers.concat(Array.from(ports));
      // A warm-up already under way: the new page gets the counts now, not at the next file.
      if (running) ports.forEach(function (port) { port.postMessage(progress({ tipo: "situacao", tudo: everything })); });
      event.waitUntil(warm());
    } else if (data.type === MESSAGES.keptCount && ports.length) {
      event.waitUntil(caches.open(CACHE).then(status).then(function (result) { ports[0].postMessage(result); }));
    }
  });
}
