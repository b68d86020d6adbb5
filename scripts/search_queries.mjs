// Runs the query set (tests/search/queries.yaml, given as JSON on stdin) against a built site's
// search index with the site's search worker (Material's, lunr), in Node, without a browser: the query
// is prepared by docs/assets/js/search/busca.js exactly as in the page. Prints one JSON line per query with
// the first results. A quick tool for tuning the ranking; the browser test is the one that counts.
//
//   node scripts/search_queries.mjs <site_dir> < queries.json
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { fold } from "../docs/assets/js/common/text.mjs";

const site = process.argv[2];
// The site's search worker: Material's, with the index build of docs/assets/busca-worker.js (which
// also makes the "pairs" field from the words the index carries).
const workerPath = path.join(site, "assets/busca-worker.js");
const lunrDir = path.join(site, "assets/javascripts/lunr");

const replies = [];
const context = {
  console,
  setTimeout,
  URL,
  postMessage: (msg) => replies.push(msg),
  addEventListener: (type, fn) => { context.onmessage = fn; },
  importScripts: (...urls) => {
    for (const url of urls) {
      const file = path.join(lunrDir, url.replace(/^\.\.\/lunr\//, ""));
      vm.runInContext(fs.readFileSync(file, "utf8"), context, { filename: file });
    }
  },
};
context.self = context;
context.globalThis = context;
vm.createContext(context);
vm.runInContext(fs.readFileSync(workerPath, "utf8"), context, { filename: workerPath });
// The acts busca.js reads queries with: the build writes them into every page (<meta name="ep-atos">).
const atos = /<meta name="ep-atos" content="([^"]*)">/.exec(fs.readFileSync(path.join(site, "index.html"), "utf8"));
context.estatutosAtos = atos ? JSON.parse(atos[1].replace(/&quot;/g, '"').replace(/&amp;/g, "&")) : {};
context.estatutosDobra = fold; // busca.js uses the site's fold (docs/assets/js/common/text.mjs)
vm.runInContext(fs.readFileSync(new URL("../docs/assets/js/search/busca.js", import.meta.url), "utf8"), context);

async function send(message) {
  const before = replies.length;
  await context.onmessage({ data: message });
  while (replies.length === before) await new Promise((resolve) => setTimeout(resolve, 1));
  return replies[replies.length - 1];
}

const index = JSON.parse(fs.readFileSync(path.join(site, "search/search_index.json"), "utf8"));
const queries = JSON.parse(fs.readFileSync(0, "utf8"));
await send({ type: 0, data: { ...index, options: { suggest: false } } });
for (const item of queries) {
  const prepared = context.estatutosBusca.prepare(item.query, (item.page || "").replace(/\/$/, "") || null);
  const reply = await send({ type: 2, data: prepared.query });
  // The first result as the page shows it: the best-scored document of the first group.
  const groups = reply.data.items.slice(0, 5).map((group) => {
    const best = [...group].sort((a, b) => b.score - a.score)[0];
    return { location: best.location, score: Math.round(best.score * 10) / 10 };
  });
  const all = reply.data.items.flat().sort((a, b) => b.score - a.score);
  const rank = all.findIndex((doc) => doc.location === item.expected);
  const expected = rank < 0 ? null : { rank: rank + 1, score: Math.round(all[rank].score * 10) / 10 };
  console.log(JSON.stringify({
    query: item.query, prepared: prepared.query, expected: item.expected, found: expected, results: groups,
  }));
}
