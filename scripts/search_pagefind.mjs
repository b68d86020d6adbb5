/* O índice do Pagefind com os mesmos documentos da busca do site, para a comparação de motores
 * (scripts/search_engines.py; issue 28). Um registro próprio por documento (o dispositivo, a nota,
 * a seção, a linha de tabela), com o endereço e o fragmento dele; as fichas de citação entram no
 * texto (art7par5…), para que uma citação preparada pela consulta também ache no Pagefind.
 *
 *   node scripts/search_pagefind.mjs documentos.json PASTA_DE_SAIDA
 */
import { readFile } from "node:fs/promises";
import * as pagefind from "pagefind";

const [source, output] = process.argv.slice(2);
const docs = JSON.parse(await readFile(source, "utf8"));
const { index, errors } = await pagefind.createIndex({ forceLanguage: "pt" });
if (errors.length) throw new Error(errors.join("; "));
for (const d of docs) {
  const page = d.url.split("#")[0];
  const { errors: bad } = await index.addCustomRecord({
    url: `/${d.url}`,
    content: [d.title, d.content, ...d.refs].join(" "),
    language: "pt",
    meta: { title: d.title, kind: d.kind, page },
    filters: { kind: [d.kind], ...(d.act ? { act: [d.act] } : {}) },
  });
  if (bad.length) throw new Error(bad.join("; "));
}
const { errors: writeErrors } = await index.writeFiles({ outputPath: output });
if (writeErrors.length) throw new Error(writeErrors.join("; "));
await pagefind.close();
console.log(`${docs.length} registros no Pagefind em ${output}`);
