"""Find the standard-library modules the calculators' engine needs, in real Pyodide.

    .venv/bin/python scripts/engine_modules.py          # rewrite macros/engine_stdlib.txt
    .venv/bin/python scripts/engine_modules.py --check  # exit 1 if the committed list is stale

Runs ``scripts/engine_modules.mjs`` in Node with the pinned npm Pyodide: Pyodide starts, the
calculators archive is unpacked as the browser's worker does, and every case of every
calculator (``data/cases/*.yaml``; those of a calculator that reads tables also with the decree's
tables the site publishes) goes through ``calculators.api.run``, under an import hook. The modules found
in the standard-library zip — start-up's and the calculators' — are the list the build uses to
trim ``python_stdlib.zip`` (``macros/build/engine.py``). ``tests/test_engine.py`` runs the same check.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from calculators import api  # noqa: E402
from macros.build.engine import MODULES_FILE, pyodide_version, read_modules  # noqa: E402
from macros.build.site_files import calculators_archive  # noqa: E402
from macros.data import site  # noqa: E402
from macros.data.cases import load_cases  # noqa: E402

SCRIPT = ROOT / "scripts" / "engine_modules.mjs"


def job_cases() -> list[dict[str, Any]]:
    """Every case as the worker would be asked it (a calculator that reads tables: also with the
    site's tables)."""
    out: list[dict[str, Any]] = []
    for name, cases in load_cases(ROOT / "data").items():
        needs_data = api.describe(name).get("needs_data") is True
        for case in cases:
            item = {"calc": name, "needs_data": needs_data, "inputs": case["inputs"]}
            out.append({**item, "name": case["name"], "data": case.get("data")})
            if needs_data and case.get("data") is not None:
                out.append({**item, "name": case["name"] + "@site", "data": None})
    return out


def run_in_pyodide(stdlib: bytes | None = None) -> dict[str, Any]:
    """Run every case in Node + Pyodide (with ``stdlib`` as the standard library if given)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "calculadoras.zip").write_bytes(calculators_archive())
        job: dict[str, Any] = {
            "archive": str(folder / "calculadoras.zip"),
            "tables": json.dumps(site.load().decree_tables, ensure_ascii=False),
            "cases": job_cases(),
        }
        if stdlib is not None:
            (folder / "stdlib.zip").write_bytes(stdlib)
            job["stdlib"] = str(folder / "stdlib.zip")
        (folder / "job.json").write_text(json.dumps(job, ensure_ascii=False), encoding="utf-8")
        done = subprocess.run(
            ["node", str(SCRIPT), str(folder / "job.json")], cwd=ROOT, capture_output=True, text=True, timeout=300
        )
    if done.returncode != 0:
        raise RuntimeError(f"Pyodide (node) falhou:\n{done.stderr[-3000:]}")
    report: dict[str, Any] = json.loads(done.stdout)
    report["cases"] = job["cases"]
    return report


def render(modules: list[str], python: str) -> str:
    header = [
        "# Módulos da biblioteca padrão que o motor das calculadoras importa (início do Pyodide +",
        "# calculators + o invólucro do worker), achados por scripts/engine_modules.py rodando todos os",
        "# casos de data/cases/ no Pyodide real com um gancho de importação. Não edite à mão: rode",
        "#   .venv/bin/python scripts/engine_modules.py",
        f"# pyodide: {pyodide_version()}",
        f"# python: {python}",
    ]
    return "\n".join(header + modules) + "\n"


def main() -> int:
    report = run_in_pyodide()
    modules = report["modules"]
    if "--check" in sys.argv[1:]:
        current = read_modules()
        if current != modules:
            missing = sorted(set(modules) - set(current))
            extra = sorted(set(current) - set(modules))
            print(f"macros/engine_stdlib.txt desatualizada: faltam {missing}, sobram {extra}.", file=sys.stderr)
            return 1
        print(f"macros/engine_stdlib.txt em dia ({len(modules)} módulos).")
        return 0
    MODULES_FILE.write_text(render(modules, report["python"]), encoding="utf-8")
    print(f"{MODULES_FILE.relative_to(ROOT)}: {len(modules)} módulos (Python {report['python']}).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
