// Material's search worker as shipped, and the site's (assets/busca-worker.js: the same worker
// with docs/assets/busca-worker.js appended, a faster index build), on a built site's index, in
// Node: both answer every query of tests/search/queries.yaml (given as JSON on stdin, prepared by
// docs/assets/busca.js as in the page), its first letter and its first three, as a person starts
// typing. Prints one JSON object: how many queries, whether the site's build functions were in
// place, and every difference (location, score, title, text, terms) — the hidden fields are not
// compared: they are never shown, and the site's worker leaves them out of its results (how many
// results still carry one: "hidden"); and the site's worker as if Material carried another lunr
// (Material's own build, the pairs still made: "otherLunr", how many whole queries differ).
//
// The published index carries the adjacent words as words in order ("w", "tw"), which the site's
// worker makes into the "pairs" field; Material's worker is given the index with the pairs already
// made (the file named second, written by tests/test_search_index.py with the same rule,
// macros/build/search_index.py: with_pairs).
//
//   node scripts/search_same_results.mjs <site_dir> <index_with_pairs.json> < queries.json
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { fold } from "../docs/assets/js/common/text.mjs";

const site = process.argv[2];
const root = new URL("../", import.meta.url);
const workers = path.join(site, "assets/javascripts/workers");
const material = path.join(workers, fs.readdirSync(workers).find((f) => /^search\.[0-9a-f]+\.min\.js$/.test(f)));
const ours = path.join(site, "assets/busca-worker.js");

// otherLunr: the site's worker as if Material carried another lunr (its own build, the pairs made).
function worker(file, otherLunr = false) {
  const replies = [];
  const context = { console, setTimeout, URL, postMessage: (msg) => replies.push(msg) };
  context.addEventListener = (type, fn) => { context.onmessage = fn; };
  context.importScripts = (...urls) => { throw new Error(`importScripts ${urls}`); };  // no language scripts
  context.self = context;
  context.globalThis = context;
  vm.createContext(context);
  const code = fs.readFileSync(file, "utf8");
  if (otherLunr) {
    const materials = fs.readFileSync(material, "utf8").replace(/^\/\/# sourceMappingURL=.*$/m, "").trimEnd();
    if (!code.startsWith(materials)) throw new Error("o worker do site não começa pelo do Material");
    vm.runInContext(materials, context);
    context.lunr.version = "0.0.0";
    vm.runInContext(code.slice(materials.length), context, { filename: file });
  } else {
    vm.runInContext(code, context, { filename: file });
  }
  async function send(message) {
    const before = replies.length;
    await context.onmessage({ data: message });
    while (replies.length === before) await new Promise((resolve) => setTimeout(resolve, 1));
    return replies[replies.length - 1];
  }
  return { context, send };
}

// The page's query reader (busca.js, with the site's fold), as search_queries.mjs runs it.
const page = { console, URL };
page.self = page;
page.globalThis = page;
vm.createContext(page);
const atos = /<meta name="ep-atos" content="([^"]*)">/.exec(fs.readFileSync(path.join(site, "index.html"), "utf8"));
page.estatutosAtos = atos ? JSON.parse(atos[1].replace(/&quot;/g, '"').replace(/&amp;/g, "&")) : {};
page.estatutosDobra = fold; // busca.js uses the site's fold (docs/assets/js/common/text.mjs)
vm.runInContext(fs.readFileSync(new URL("docs/assets/js/search/busca.js", root), "utf8"), page);

const index = JSON.parse(fs.readFileSync(path.join(site, "search/search_index.json"), "utf8"));
const withPairs = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const stock = worker(material);
const siteWorker = worker(ours);
await stock.send({ type: 0, data: { ...withPairs, options: { suggest: false } } });
await siteWorker.send({ type: 0, data: { ...index, options: { suggest: false } } });
const fallback = worker(ours, true);
await fallback.send({ type: 0, data: { ...structuredClone(index), options: { suggest: false } } });
// The site's build functions in place (else the comparison would prove nothing).
const patched = ["add", "createFieldVectors", "createTokenSet"].every((name) =>
  siteWorker.context.lunr.Builder.prototype[name] !== stock.context.lunr.Builder.prototype[name]);

const SHOWN = ["location", "score", "title", "text", "terms"];
const shown = (reply) => JSON.stringify(reply.data.items.map((group) => group.map((doc) => SHOWN.map((k) => doc[k]))));
const queries = new Set();
const whole = new Set();  // the whole queries (the other lunr's run: these only)
for (const item of JSON.parse(fs.readFileSync(0, "utf8"))) {
  const slug = (item.page || "").replace(/\/$/, "") || null;
  for (const typed of [item.query, item.query.slice(0, 3), item.query.slice(0, 1)]) {  // whole, and as it starts
    const prepared = page.estatutosBusca.prepare(typed, slug).query;
    if (prepared) queries.add(prepared);
    if (prepared && typed === item.query) whole.add(prepared);
  }
}
const differences = [];
let results = 0;
let hidden = 0;
let otherLunr = 0;  // queries answered otherwise by the site's worker with another lunr  // results of the site's worker that still carry a hidden field (none: the page never shows them)
const HIDDEN = Object.keys(index.config.fields).filter((k) => !["title", "text", "tags"].includes(k));
for (const query of queries) {
  const a = await stock.send({ type: 2, data: query });
  const b = await siteWorker.send({ type: 2, data: query });
  results += a.data.items.length;
  hidden += b.data.items.flat().filter((doc) => HIDDEN.some((k) => k in doc || (doc.parent && k in doc.parent))).length;
  if (shown(a) !== shown(b)) differences.push({ query, stock: shown(a).slice(0, 300), ours: shown(b).slice(0, 300) });
  if (whole.has(query) && shown(a) !== shown(await fallback.send({ type: 2, data: query }))) otherLunr += 1;
}
console.log(JSON.stringify({ queries: queries.size, results, patched, hidden, otherLunr, differences: differences.slice(0, 5), count: differences.length }));
