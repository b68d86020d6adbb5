// ESLint (pinned in package.json): the site's own JavaScript, run by `bash scripts/run.sh test`.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["site/**", "node_modules/**", ".venv/**"] },
  js.configs.recommended,
  {
    // The site's scripts: ES modules, bundled by esbuild (macros/build/bundles.py).
    files: ["docs/assets/js/**/*.mjs"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, document$: "readonly", location$: "readonly" },
    },
  },
  {
    // The engine's worker (a module worker) and what only it imports.
    files: ["docs/assets/js/engine/worker.mjs", "docs/assets/js/engine/download-count.mjs",
      "docs/assets/js/engine/snapshot.mjs", "docs/assets/js/entries/motor-worker.mjs"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    // The service worker's own scripts (bundled as classic scripts that sw.js imports).
    files: ["docs/assets/js/offline/sw/**/*.mjs", "docs/assets/js/entries/sw-*.mjs"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // The search's worker: the query, the index, the order (no page around it).
    files: ["docs/assets/js/search/worker.mjs", "docs/assets/js/search/engine.mjs", "docs/assets/js/search/query.mjs",
      "docs/assets/js/search/ranking.mjs", "docs/assets/js/search/present.mjs", "docs/assets/js/entries/busca-worker.mjs"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ["scripts/**/*.mjs", "scripts/**/*.js", "benchmarks/**/*.mjs", "macros/**/*.mjs", "eslint.config.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
