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
    // The search of today, classic scripts until issue 28 replaces it (search/legacy-bridge.mjs).
    files: ["docs/assets/js/search/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: { ...globals.browser, document$: "readonly", location$: "readonly" },
    },
  },
  {
    // The search's worker (a classic worker script: it imports Material's with importScripts).
    files: ["docs/assets/js/search/busca-worker.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...globals.worker } },
  },
  {
    files: ["scripts/**/*.mjs", "scripts/**/*.js", "benchmarks/**/*.mjs", "macros/**/*.mjs", "eslint.config.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
