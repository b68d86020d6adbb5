/* Estatutos Portuários — the offline service worker, generated after `mkdocs build`.
 *
 *   node scripts/service_worker.mjs <site dir>
 *
 * Workbox (workbox-build, pinned in package.json) writes <site>/sw.js and its runtime
 * (workbox-<hash>.js, next to it: nothing comes from a CDN). Its install precaches only the
 * «page not found» page (the fallback of an unknown address) and the «Sem internet» page (shown
 * with no connection for a page not kept yet, sw-paginas.js); a new build installs a new worker
 * that keeps serving the old build until the page asks it to take over (the «Nova versão
 * disponível — recarregar» banner, docs/assets/js/offline/registration.mjs).
 *
 * Nothing else is downloaded at install: on a slow link a precache of the whole site (5 MB, 115
 * requests) would compete with the engine the person just asked for. Two small scripts of ours,
 * imported by sw.js, keep the rest (ES modules in docs/assets/js/offline/sw/, bundled here):
 * - <site>/sw-motor.js (engine-cache.mjs): the engine of the calculators (assets/motor.json), never precached, cached
 *   on first use under its content hash (the 2 MiB precache limit does not apply), once its bytes
 *   match that hash: a new deploy's file fetched by an old worker is never kept under the old
 *   hash; if the server has a new build (assets/versao.json, never kept) the pages are told
 *   (EP_OUTRA_VERSAO: they offer the new version) and the new worker is looked for. It answers
 *   EP_VERSAO with its build id (a page computes only under a worker of its own build);
 * - <site>/sw-paginas.js (site-cache.mjs): every other file of the site, by its content hash (sha256). The page
 *   asks for the background warm-up (EP_AQUECER) once it has no engine download in progress
 *   (docs/assets/js/offline/warmup.mjs); the worker then stores the files one at a time, at low priority, in the
 *   order of the list (the site's scripts and styles, the pages, the search index, the rest) and
 *   stops at once when a page says an engine download started (EP_PAUSAR). The downloads of
 *   /dados/ (CSV, planilhas, JSON, citações) are not warmed: each one is kept when it is opened,
 *   or all of them when the person asked for the whole site offline («Usar sem internet»).
 *   A file is kept only if its bytes have this build's hash, so an old worker never keeps a newer
 *   build's file under its own key.
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { generateSW, getManifest } from "workbox-build";

const site = path.resolve(process.argv[2] || "site");
// The names the pages and the service worker share (the «Sem internet» page, written by the build
// next to 404.html: macros/render/not_found.py).
const names = JSON.parse(readFileSync(new URL("../docs/assets/js/common/constants.json", import.meta.url), "utf-8"));
const OFFLINE_PAGE = names.files.offlinePage;
const motor = JSON.parse(readFileSync(path.join(site, names.files.engineReport), "utf-8"));
const engineFiles = motor.files.map((file) => file.url);
const engineKeys = Object.fromEntries(motor.files.map((file) => [file.url, file.sha256.slice(0, 20)]));
const engineHashes = Object.fromEntries(motor.files.map((file) => [file.url, file.sha256]));
const engineVersion = createHash("sha256").update(JSON.stringify(engineKeys)).digest("hex").slice(0, 12);
// The build id (macros/data/build_id.py), as every page's <meta name="ep-versao"> carries it.
const buildId = typeof motor.versao === "string" ? motor.versao : "dev";

// The service worker's own scripts: ES modules in docs/assets/js/offline/sw/ (ESLint reads them),
// bundled by esbuild as classic scripts (sw.js imports them with importScripts), with this build's
// lists given as the module "ep:service-worker-data".
async function bundleWorkerScript(entry, data) {
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL(`../docs/assets/js/entries/${entry}`, import.meta.url))],
    bundle: true, write: false, minify: true, format: "iife", target: "es2020", charset: "utf8",
    legalComments: "none", logLevel: "silent",
    plugins: [{
      name: "dados-do-service-worker",
      setup(build) {
        build.onResolve({ filter: /^ep:service-worker-data$/ }, () => ({ path: "dados", namespace: "ep" }));
        build.onLoad({ filter: /.*/, namespace: "ep" }, () => ({ contents: JSON.stringify(data), loader: "json" }));
      },
    }],
  });
  return result.outputFiles[0].text;
}

// Every file the site keeps offline (Workbox's own glob, the same patterns as before).
const globbing = {
  globDirectory: site,
  globPatterns: ["**/*.{html,css,js,mjs,json,txt,csv,xml,svg,png,ico,webmanifest,ris,bib,xlsx}"],
  globIgnores: [
    "sw.js",
    "sw-motor.js",
    "sw-paginas.js",
    "workbox-*.js",
    // The server's current build id (assets/versao.json): always asked of the server.
    names.files.buildId,
    "**/*.map",
    ...engineFiles,
    "assets/pyodide/**",
    // Material's lunr language scripts: nothing asks for them (Material's search is off; the
    // site's own search folds words itself, macros/build/search/words.py).
    "assets/javascripts/lunr/**",
    // Precached by Workbox at install: the fallback of an unknown address, and the page shown
    // offline for a page not kept yet (sw-paginas.js).
    "404.html",
    OFFLINE_PAGE,
    // The embeddable pages (issue 30): for other sites' frames, where nothing is kept offline;
    // left out of the sitemap too (overrides/sitemap.xml), so every page of it is kept.
    "embutir/**",
  ],
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
};
const { manifestEntries } = await getManifest(globbing);
const all = manifestEntries.map((entry) => entry.url);

// The order of the warm-up: what every page needs (scripts, styles, icons), the pages (home,
// calculators, answers first), the search index and the rest. /dados/ apart (only on demand).
function rank(url) {
  if (url.startsWith("assets/") && !url.endsWith(".json")) return 0;
  if (url === "index.html") return 1;
  if (url.startsWith("calculadoras/") && url.endsWith(".html")) return 2;
  if (url.startsWith("perguntas/") && url.endsWith(".html")) return 3;
  if (url.endsWith(".html")) return 4;
  return 5;
}
const isDownload = (url) => url.startsWith("dados/") && !url.endsWith(".html");
const hashOf = (url) => createHash("sha256").update(readFileSync(path.join(site, url))).digest("hex");
const ordered = (urls) => urls.slice().sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
const siteFiles = Object.fromEntries(ordered(all.filter((url) => !isDownload(url))).map((url) => [url, hashOf(url)]));
const downloads = Object.fromEntries(ordered(all.filter(isDownload)).map((url) => [url, hashOf(url)]));
// Each page's name, so that «Usar sem internet» can say which page did not come: its <title>
// without the site's name, entities decoded.
function decoded(text) {
  const named = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name) => {
    if (name[0] !== "#") return named[name.toLowerCase()] ?? whole;
    return String.fromCodePoint(name[1].toLowerCase() === "x" ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
  }).replace(/\s+/g, " ").trim();
}
const titleOf = (url) => {
  const found = /<title>([^<]*)<\/title>/.exec(readFileSync(path.join(site, url), "utf-8"));
  return found ? decoded(found[1]) : "";
};
// Material writes «<page> - <site name>»; the site's name, as the manifest gives it.
const siteName = JSON.parse(readFileSync(path.join(site, "manifest.webmanifest"), "utf-8")).name;
const titles = Object.fromEntries(Object.keys(siteFiles).filter((url) => url.endsWith(".html")).map((url) => {
  const title = titleOf(url);
  return [url, title.endsWith(` - ${siteName}`) ? title.slice(0, -(siteName.length + 3)) : title];
}));
const SW_MOTOR = await bundleWorkerScript("sw-motor.mjs", { files: engineHashes, build: buildId });
writeFileSync(path.join(site, "sw-motor.js"), SW_MOTOR);
// sw.js imports it under its own content hash: a new build id or engine is a new import.
const swMotorVersion = createHash("sha256").update(SW_MOTOR).digest("hex").slice(0, 12);
const swPaginas = await bundleWorkerScript("sw-paginas.mjs", { files: siteFiles, downloads, titles });
writeFileSync(path.join(site, "sw-paginas.js"), swPaginas);
const swPaginasVersion = createHash("sha256").update(swPaginas).digest("hex").slice(0, 12);

const { count, size, warnings } = await generateSW({
  globDirectory: site,
  swDest: path.join(site, "sw.js"),
  globPatterns: ["404.html", OFFLINE_PAGE],
  // A shared calculator link (?campo=valor) opens the kept page (sw-paginas.js ignores the query).
  ignoreURLParametersMatching: [/.*/],
  directoryIndex: "index.html",
  navigateFallback: "404.html",
  navigateFallbackDenylist: [/\.[a-z0-9]+$/i],
  importScripts: [`sw-motor.js?v=${swMotorVersion}`, `sw-paginas.js?v=${swPaginasVersion}`],
  cleanupOutdatedCaches: true,
  clientsClaim: true, // first install: this very visit is already served (and cached) by it
  skipWaiting: false, // the page asks (SKIP_WAITING) when the person accepts the new version
  inlineWorkboxRuntime: false,
  sourcemap: false,
  mode: "production",
});
for (const warning of warnings) process.stderr.write(`workbox: ${warning}\n`);
const megabytes = (urls) => (urls.reduce((sum, url) => sum + statSync(path.join(site, url)).size, 0) / 1e6).toFixed(2);
process.stdout.write(
  `Service worker (${buildId}): ${count} ${count === 1 ? "arquivo pré-armazenado" : "arquivos pré-armazenados"} (${(size / 1e3).toFixed(0)} kB); ` +
    `${Object.keys(siteFiles).length} guardados em segundo plano (${megabytes(Object.keys(siteFiles))} MB), ` +
    `${Object.keys(downloads).length} downloads de /dados/ só quando abertos (${megabytes(Object.keys(downloads))} MB); ` +
    `motor ${engineVersion} (${engineFiles.length} arquivos, sob pedido)\n`,
);
