/* Estatutos Portuários — o estado salvo do motor, dentro do worker das calculadoras.
 *
 * Na primeira vez, depois de importar as calculadoras e de mandar a primeira resposta (o
 * primeiro cálculo nunca espera por ela), o worker tira uma fotografia da memória
 * do Pyodide (API privada do Pyodide, fixado em package.json: loadPyodide({_makeSnapshot}),
 * pyodide.makeMemorySnapshot(), loadPyodide({_loadSnapshot})) e a guarda comprimida (gzip) no
 * mesmo cache do motor (CACHES.engine). Nas vezes seguintes o Python começa dessa fotografia, sem
 * refazer o início do interpretador nem as importações.
 *
 * A fotografia vale só para a construção que a fez: a chave é o hash dos arquivos do motor (o
 * mesmo do service worker) e o id da construção, quando a página o tem. Ela é jogada fora, e o
 * início normal segue sem aviso nenhum, quando:
 * - é de outra construção (chave diferente);
 * - está corrompida (o gzip confere o CRC e o tamanho de tudo o que descomprime);
 * - é maior que a memória inicial do Pyodide: o 314.0.x não aumenta a memória antes de restaurar
 *   e a restauração falharia (pyodide issue 6254);
 * - o Pyodide não consegue restaurá-la, ou as calculadoras não respondem depois.
 */

import { CACHES, FILES } from "../common/constants.mjs";

const CACHE = CACHES.engine;
// Pyodide 314.0.x creates its memory inside the .wasm with this size (INITIAL_MEMORY, PR 6255)
// and ignores the INITIAL_MEMORY its loader sets for a snapshot: a larger heap cannot be restored.
export const MAX_HEAP = 31457280;
const HEADER_OFFSET_INDEX = 1; // Uint32 index of the offset of the heap in a Pyodide snapshot

/* The cache key of this build's snapshot: the engine files' content hashes and the build id. */
export async function snapshotKey(files, buildId) {
  const text = JSON.stringify({ files: files.map((file) => file.sha256 || file.href), build: buildId || "" });
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest).slice(0, 10), (b) => b.toString(16).padStart(2, "0")).join("");
}

function address(base, key) {
  return new URL(`${FILES.engineSnapshot}?v=${key}`, base).href;
}

async function store() {
  return self.caches ? self.caches.open(CACHE) : null;
}

/* The heap size a snapshot would restore (its length less the header). */
export function heapSize(bytes) {
  if (bytes.byteLength < 64) return Infinity;
  const offset = new Uint32Array(bytes.buffer, bytes.byteOffset, 2)[HEADER_OFFSET_INDEX];
  return bytes.byteLength - offset;
}

async function gunzip(blob) {
  const stream = blob.stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function gzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Response(stream).blob();
}

/* The snapshot's bytes from a cache hit, checked: a rejected promise when it is corrupt or too large. */
async function checked(hit) {
  const bytes = await gunzip(await hit.blob());
  if (heapSize(bytes) > MAX_HEAP) throw new Error("grande demais");
  return bytes;
}

/* This build's snapshot, or null: the bytes come as a promise, so that Pyodide fetches and
 * compiles the engine while they are read and unpacked (loadPyodide awaits _loadSnapshot only
 * before it instantiates the WebAssembly). The promise rejects when the snapshot is unusable
 * (corrupt, too large); the caller then drops it (dropSnapshot) and starts normally. Snapshots of
 * other builds are deleted in the background. */
export async function openSnapshot(base, key) {
  try {
    const cache = await store();
    if (!cache) return null;
    const url = address(base, key);
    const hit = await cache.match(url);
    // Snapshots of other builds are deleted here too (the service worker's activation also clears them).
    cache.keys().then(async (requests) => {
      for (const request of requests) {
        if (request.url.includes(FILES.engineSnapshot) && request.url !== url) await cache.delete(request);
      }
    }).catch(() => {});
    if (!hit) return null;
    const bytes = checked(hit);
    bytes.catch(() => {}); // awaited by Pyodide; the caller drops the snapshot when it rejects
    return { bytes };
  } catch {
    return null; // no Cache Storage (private mode, quota): the normal start
  }
}

export async function dropSnapshot(base, key) {
  try {
    const cache = await store();
    if (cache) await cache.delete(address(base, key));
  } catch {
    /* nothing to drop */
  }
}

/* Keep a snapshot (Uint8Array from pyodide.makeMemorySnapshot()); false if it is not kept. */
export async function saveSnapshot(base, key, bytes) {
  if (heapSize(bytes) > MAX_HEAP) return false;
  try {
    const cache = await store();
    if (!cache) return false;
    const body = await gzip(bytes);
    await cache.put(address(base, key), new Response(body, { headers: { "Content-Type": "application/octet-stream" } }));
    return true;
  } catch {
    return false; // quota exceeded or no storage: next time starts normally
  }
}
