/* Estatutos Portuários — the site's script bundles minified at build (macros/build/bundles.py).
 *
 *   node macros/build/minify.mjs < {"name": "code", …} > {"name": "minified code", …}
 *
 * Terser (pinned in package.json) removes the comments and shortens local names; the bundles
 * stay classic scripts (no top-level name is renamed: the files share what they put on window).
 * Each file's marker comment (/* assets/x.js *\/) is kept, to tell where a part came from.
 */
import { minify } from "terser";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const sources = JSON.parse(Buffer.concat(chunks).toString("utf-8"));
const out = {};
for (const [name, code] of Object.entries(sources)) {
  const result = await minify(code, {
    ecma: 2020,
    compress: { passes: 1 },
    mangle: true,
    toplevel: false,
    format: { comments: /^ assets\//, max_line_len: 500 },
  });
  out[name] = result.code;
}
process.stdout.write(JSON.stringify(out));
