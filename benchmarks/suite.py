"""How long the tests take (issue 27, «Done when»): the fast loop and the whole suite, each in a
fresh clone of the current commit, as a newcomer and CI run them, and the result written to a
file.

    .venv/bin/python benchmarks/suite.py [--so-rapido]

In a temporary ``git clone`` of HEAD (only what is committed), it times first ``bash .ci/run``
(exactly CI's command, in the new clone: its set-up installs everything), unless ``--so-rapido``,
and then ``bash scripts/run.sh test --rapido`` as a person runs it at every change, with the
set-up done and mypy's and ruff's caches in place (with ``--so-rapido``, a first run makes them
and is written too). It
writes ``benchmarks/results/<AAAA-MM-DDTHHMMZ>-<commit>-suite.md``: the commit, the machine's
cores and its load at the start and at the end of each run, each time as a ratio of its target
(60 s for the fast loop, 600 s for CI's command, on 2 cores: CONTRIBUTING.md), pytest's last
line, and the exit status. A ratio measured under load says so (the load is in the file): the
target is for a machine that runs nothing else. No test compares a time with a limit
(«Honest tests»); documents point to the newest file and never copy its figures.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))
from report import FOLDER, ROOT, commit, load_average

TARGETS = {"rapido": 60.0, "ci": 600.0}
# pytest's closing line: «1689 passed, 2 skipped in 148.82s (0:02:28)».
SUMMARY = re.compile(r"^=*\s*(\d+ (?:passed|failed)\b.*? in [\d.]+s\b.*?)\s*=*$")


class Timed(NamedTuple):
    """One command, timed."""

    name: str
    command: str
    seconds: float
    returncode: int
    summary: str
    load_before: float
    load_after: float


def pytest_summary(output: str) -> str:
    """pytest's last summary line in ``output`` (``""`` if there is none)."""
    found = [m.group(1) for line in output.splitlines() if (m := SUMMARY.match(line.strip()))]
    return found[-1] if found else ""


def ratio(seconds: float, target: float) -> str:
    """``seconds`` as a fraction of ``target``, with three decimals («0.812 × 600 s»)."""
    return f"{seconds / target:.3f} × {target:.0f} s"


def run(name: str, command: list[str], where: Path) -> Timed:
    load = load_average()
    start = time.monotonic()
    done = subprocess.run(command, cwd=where, capture_output=True, text=True,
                          env={k: v for k, v in os.environ.items() if not k.startswith("EP_")})
    seconds = time.monotonic() - start
    return Timed(name, " ".join(command), seconds, done.returncode,
                 pytest_summary(done.stdout + done.stderr), load, load_average())


def render(runs: list[Timed], revision: str, started: dt.datetime) -> str:
    lines = [
        "# O tempo dos testes, num clone novo (benchmarks/suite.py)",
        "",
        f"- Commit: {revision}; início {started.isoformat()}; núcleos: {os.cpu_count()}",
        "- Meta: ciclo rápido em menos de 60 s, `.ci/run` em menos de 600 s, em 2 núcleos, numa "
        "máquina que não roda mais nada (a carga de cada medida está ao lado)",
        "",
        "| Medida | Comando | Tempo (s) | Razão da meta | Carga antes → depois | Saída | pytest |",
        "|---|---|---|---|---|---|---|",
    ]
    for item in runs:
        target = TARGETS.get(item.name)
        shown = ratio(item.seconds, target) if target else "—"
        lines.append(f"| {item.name} | `{item.command}` | {item.seconds:.0f} | {shown} | "
                     f"{item.load_before} → {item.load_after} | {item.returncode} | {item.summary or '—'} |")
    return "\n".join([*lines, ""])


def main(argv: list[str]) -> int:
    started = dt.datetime.now(dt.UTC).replace(microsecond=0)
    # The clone holds only what is committed: changes not committed are not measured.
    revision = commit().removesuffix("+alteracoes")
    if revision != commit():
        print("Atenção: há alterações não commitadas; a medida é do commit, sem elas.")
    with tempfile.TemporaryDirectory(prefix="ep-suite-") as folder:
        clone = Path(folder) / "clone"
        subprocess.run(["git", "clone", "-q", "--no-checkout", str(ROOT), str(clone)], check=True)
        subprocess.run(["git", "checkout", "-q", revision], cwd=clone, check=True)
        fast = ["bash", "scripts/run.sh", "test", "--rapido"]
        # CI's command first: only in a clone where nothing is installed yet is its time CI's.
        first = (run("rapido-primeira-vez", fast, clone) if "--so-rapido" in argv
                 else run("ci", ["bash", ".ci/run"], clone))
        runs = [first, run("rapido", fast, clone)]
    FOLDER.mkdir(parents=True, exist_ok=True)
    path = FOLDER / f"{started:%Y-%m-%dT%H%MZ}-{revision}-suite.md"
    path.write_text(render(runs, revision, started), encoding="utf-8")
    for item in runs:
        target = TARGETS.get(item.name)
        print(f"{item.name}: {item.seconds:.0f} s" + (f" ({ratio(item.seconds, target)})" if target else "")
              + f", saída {item.returncode}, carga {item.load_before} → {item.load_after}")
    print(f"Resultado em {path.relative_to(ROOT)}")
    return max(item.returncode for item in runs)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
