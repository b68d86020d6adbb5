// ESLint (pinned in package.json): the site's own JavaScript, run by `bash scripts/run.sh test`.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["site/**", "node_modules/**", ".venv/**", "docs/assets/vendor/**"] },
  js.configs.recommended,
  {
    files: ["docs/assets/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: { ...globals.browser, document$: "readonly", location$: "readonly" },
    },
  },
  {
    // The search's worker (a classic worker script: it imports Material's with importScripts).
    files: ["docs/assets/busca-worker.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...globals.worker } },
  },
  {
    files: ["docs/assets/**/*.mjs"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.worker },
    },
  },
  {
    files: ["scripts/**/*.mjs", "scripts/**/*.js", "benchmarks/**/*.mjs", "macros/**/*.mjs", "eslint.config.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
  {
    // The template of <site>/sw-paginas.js, a classic script imported by the service worker.
    files: ["scripts/sw-paginas.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...globals.serviceworker } },
  },
];
