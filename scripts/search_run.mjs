/* Roda consultas no índice da busca do site, no Node, como o navegador (issue 28).
 *
 *   node scripts/search_run.mjs PASTA_DO_INDICE < consultas.json > resultados.json
 *
 * PASTA_DO_INDICE: a pasta search/ de um site construído (ou a de `python -m macros.build.search`).
 * Entrada: [{query, page?}], page = o caminho da página onde se digita (o ato dela vale para uma
 * citação sem ato). Saída: para cada consulta, os cartões (o link principal e as seções), o
 * «Não está aqui», a cobertura do primeiro e as correções. Usado por scripts/search_set.py. */
import { readFile } from "node:fs/promises";
import path from "node:path";

import { SplitIndex } from "../docs/assets/js/search/engine.mjs";
import { prepare, readRules } from "../docs/assets/js/search/query.mjs";
import { rank } from "../docs/assets/js/search/ranking.mjs";

const folder = process.argv[2];
const index = new SplitIndex(async (name) => JSON.parse(await readFile(path.join(folder, name), "utf8")));
const meta = await index.open();
const rules = readRules(meta);
let input = "";
for await (const chunk of process.stdin) input += chunk;
const out = [];
for (const item of JSON.parse(input)) {
  const context = item.page ? (meta.acts.find((a) => `${a.slug}/` === item.page) || {}).slug || null : null;
  // As typed into the box: the last word may still be a beginning (nothing after it).
  const query = prepare(item.query, rules, context);
  const found = await index.lookup(query);
  const result = rank(query, found, meta, item.options || {});
  const ids = result.cards.flatMap((c) => [c.main, ...c.sections]);
  const shown = await index.documents(ids);
  const where = (id, card) => card.path + (shown.get(id)[0] ? `#${shown.get(id)[0]}` : "");
  out.push({
    query: item.query,
    page: item.page || "",
    cards: result.cards.map((c) => ({ main: where(c.main, c), sections: c.sections.map((s) => where(s, c)), score: c.score, coverage: c.coverage })),
    not_here: result.notHere,
    coverage: result.coverage,
    question: result.question,
    corrections: result.corrections,
  });
}
process.stdout.write(JSON.stringify(out));
