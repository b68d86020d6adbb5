// The site's own scripts bundled by esbuild (npm, pinned in package.json), called by
// macros/build/bundles.py with one JSON request on stdin; prints one JSON answer on stdout.
//
// Request: {"root": <repository>, "bundles": [{name, entry, format, stem | file, uses, external}],
//           "minify": {name: code}}
// - each bundle is built from its entry module (docs/assets/js/entries/), minified, and named
//   assets/<stem>.<8 hex digits of the SHA-256 of its code>.js (or the fixed `file`);
// - a bundle that `uses` others (the calculators' uses the site's and the engine's early start)
//   never holds a second copy of their modules: an import of a module that one of them holds
//   becomes an import of that bundle (the same address, so the browser runs it once), and that
//   bundle exports what the others import from it (`export *` of each such module);
// - `external`: a bare name kept as an import of the given address (the engine's worker imports
//   "pyodide", served by the site under assets/pyodide/);
// - `minify`: code minified alone (the search's worker).
// Answer: {"bundles": {name: {file, code}}, "minified": {name: code}}.
import { createHash } from "node:crypto";
import path from "node:path";
import * as esbuild from "esbuild";

const TARGET = "es2020"; // import.meta.url (modules) needs it; every browser with module workers has it

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString("utf-8"));
}

const named = (stem, code) => `assets/${stem}.${createHash("sha256").update(code).digest("hex").slice(0, 8)}.js`;

/* Imports of bare names kept as imports of the given addresses. */
function externals(map) {
  return {
    name: "externos",
    setup(build) {
      const names = Object.keys(map || {});
      if (!names.length) return;
      const filter = new RegExp(`^(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})$`);
      build.onResolve({ filter }, (args) => ({ path: map[args.path], external: true }));
    },
  };
}

/* Modules held by the bundles this one uses: imported from them (recorded in `needed`). */
function hosts(owners, needed, address) {
  return {
    name: "hospedeiros",
    setup(build) {
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.pluginData && args.pluginData.resolving) return undefined;
        const found = await build.resolve(args.path, {
          kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { resolving: true },
        });
        if (found.errors.length) return undefined;
        const owner = owners.find((host) => host.inputs.has(found.path));
        if (!owner) return undefined;
        needed.get(owner.name).add(found.path);
        return { path: address(owner.name), external: true };
      });
    },
  };
}

async function inputsOf(root, bundle) {
  const result = await esbuild.build({
    entryPoints: [path.join(root, bundle.entry)], bundle: true, write: false, metafile: true,
    format: bundle.format, target: TARGET, logLevel: "silent", absWorkingDir: root,
    plugins: [externals(bundle.external)],
  });
  return new Set(Object.keys(result.metafile.inputs).map((input) => path.resolve(root, input)));
}

async function build(root, bundle, plugins, stdin) {
  const options = {
    bundle: true, write: false, minify: true, format: bundle.format, target: TARGET, charset: "utf8",
    legalComments: "none", logLevel: "silent", absWorkingDir: root,
    plugins: [externals(bundle.external), ...plugins],
  };
  // (its own name: the entry it imports must stay another module)
  if (stdin) options.stdin = { contents: stdin, resolveDir: root, sourcefile: `${bundle.entry}+exportado.mjs`, loader: "js" };
  else options.entryPoints = [path.join(root, bundle.entry)];
  const result = await esbuild.build(options);
  return result.outputFiles[0].text;
}

async function bundleAll(root, bundles) {
  const byName = new Map(bundles.map((b) => [b.name, b]));
  const hostNames = [...new Set(bundles.flatMap((b) => b.uses || []))];
  const owners = [];
  for (const name of hostNames) owners.push({ name, inputs: await inputsOf(root, byName.get(name)) });
  // First pass: what each bundle imports from the bundles it uses (the addresses do not matter yet).
  const needed = new Map(hostNames.map((name) => [name, new Set()]));
  for (const bundle of bundles) {
    if (!(bundle.uses || []).length) continue;
    const mine = owners.filter((owner) => bundle.uses.includes(owner.name))
      .sort((a, b) => bundle.uses.indexOf(a.name) - bundle.uses.indexOf(b.name));
    await build(root, bundle, [hosts(mine, needed, (name) => `./${name}.js`)]);
  }
  const out = {};
  // The bundles others use, with what those import from them exported.
  for (const name of hostNames) {
    const bundle = byName.get(name);
    const modules = [...needed.get(name)].sort();
    const entry = JSON.stringify(path.join(root, bundle.entry));
    const source = [`import ${entry};`, ...modules.map((m) => `export * from ${JSON.stringify(m)};`)].join("\n");
    const code = await build(root, bundle, [], source);
    out[name] = { file: bundle.file || named(bundle.stem, code), code };
  }
  // The rest, importing the others by their final addresses (each bundle lies in assets/).
  for (const bundle of bundles) {
    if (out[bundle.name]) continue;
    const mine = owners.filter((owner) => (bundle.uses || []).includes(owner.name))
      .sort((a, b) => bundle.uses.indexOf(a.name) - bundle.uses.indexOf(b.name));
    const address = (name) => "./" + path.posix.basename(out[name].file);
    const code = await build(root, bundle, [hosts(mine, new Map(mine.map((o) => [o.name, new Set()])), address)]);
    out[bundle.name] = { file: bundle.file || named(bundle.stem, code), code };
  }
  return out;
}

const request = await readStdin();
const answer = { bundles: {}, minified: {} };
try {
  answer.bundles = await bundleAll(request.root, request.bundles || []);
  for (const [name, code] of Object.entries(request.minify || {})) {
    answer.minified[name] = (await esbuild.transform(code, {
      minify: true, target: TARGET, charset: "utf8", legalComments: "none",
    })).code;
  }
} catch (error) {
  const messages = (error.errors || [{ text: String(error) }]).map((e) =>
    (e.location ? `${e.location.file}:${e.location.line}: ` : "") + e.text);
  process.stderr.write(messages.join("\n") + "\n");
  process.exit(1);
}
process.stdout.write(JSON.stringify(answer));
