/* Estatutos Portuários — which standard-library modules does the engine really import?
 *
 * Runs in Node with the pinned npm Pyodide (node_modules/pyodide), the way the site's worker
 * does: start Pyodide, unpack the calculators archive with unpackArchive, then call
 * calculators.api.run for every case of every calculator (and the worker's own wrapper, with
 * good and broken JSON), under an import hook that records every module Python asks for.
 *
 *   node scripts/engine_modules.mjs <job.json>
 *
 * job.json (written by scripts/engine_modules.py): {"archive": "<calculadoras.zip>",
 *   "stdlib": "<python_stdlib.zip to use, optional>", "tables": "<JSON of the decree's tables>",
 *   "cases": [{"calc", "needs_data", "name", "inputs", "data"}]} (needs_data: the site's tables when
 *   the case brings none)
 * Prints JSON: {"modules": [names found in the standard-library zip], "results": [json text of
 *   each case's answer, in order], "python": "3.14.x"}.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const { loadPyodide } = require(path.join(ROOT, "node_modules", "pyodide", "pyodide.js"));

const EXTRACT_DIR = "/home/pyodide/calculadoras";
const job = JSON.parse(readFileSync(process.argv[2], "utf-8"));

// The hook goes in before anything else runs after start-up; what start-up itself imported is
// read from sys.modules at the end (those modules stay loaded).
const HOOK = `
import sys
class _EpRecorder:
    seen = set()
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        cls.seen.add(name)
        return None
sys.meta_path.insert(0, _EpRecorder)
`;

// Same Python as the worker runs (docs/assets/calculadoras-worker.mjs): calculators.api.run_json
// when the package has it, else this wrapper of older versions of the worker.
const WRAPPER = `
import json
def _ep_run(name, inputs_json, data_json):
    try:
        inputs = json.loads(inputs_json)
        data = json.loads(data_json) if data_json else None
    except ValueError:
        return json.dumps({"ok": False, "errors": [{"field": "", "message": "Entradas em formato inválido."}]})
    return json.dumps(_ep_api.run(name, inputs, data), ensure_ascii=False)
`;

const REPORT = `
import json, sys
def _ep_modules():
    stdlib = next(p for p in sys.path if p.endswith(".zip") and p.startswith("/lib/"))
    names = set(sys.modules) | _EpRecorder.seen
    found = []
    for name in sorted(names):
        module = sys.modules.get(name)
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None) or ""
        if origin.startswith(stdlib + "/"):
            found.append(name)
    import os
    return json.dumps({"modules": found, "python": sys.version.split()[0], "stdlib_bytes": os.path.getsize(stdlib)})
_ep_modules()
`;

async function main() {
  const options = { indexURL: path.join(ROOT, "node_modules", "pyodide") + path.sep, stdout: () => {}, stderr: () => {} };
  if (job.stdlib) options.stdLibURL = job.stdlib;
  const pyodide = await loadPyodide(options);
  pyodide.runPython(HOOK);
  pyodide.unpackArchive(new Uint8Array(readFileSync(job.archive)), "zip", { extractDir: EXTRACT_DIR });
  pyodide.runPython(`import sys\nif ${JSON.stringify(EXTRACT_DIR)} not in sys.path:\n    sys.path.insert(0, ${JSON.stringify(EXTRACT_DIR)})`);
  const api = pyodide.pyimport("calculators.api");
  let run;
  if (pyodide.runPython("hasattr(__import__('calculators.api').api, 'run_json')")) {
    run = (name, inputs, data) => api.run_json(name, inputs, data);
  } else {
    pyodide.globals.set("_ep_api", api);
    pyodide.runPython(WRAPPER);
    run = pyodide.globals.get("_ep_run");
  }
  const results = [];
  for (const item of job.cases) {
    const data = item.data === undefined || item.data === null ? (item.needs_data ? job.tables : "") : JSON.stringify(item.data);
    results.push(String(run(item.calc, JSON.stringify(item.inputs), data)));
  }
  results.push(String(run("horas_extras", "{not json", "")));
  results.push(String(run("nenhuma", "{}", "")));
  const report = JSON.parse(pyodide.runPython(REPORT));
  process.stdout.write(JSON.stringify({ ...report, results }));
}

main().catch((error) => {
  process.stderr.write(String((error && error.stack) || error) + "\n");
  process.exit(1);
});
