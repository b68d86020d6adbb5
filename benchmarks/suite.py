"""How long the tests take (issue 27, «Done when»): the fast loop and the whole suite, each in a
fresh clone of the current commit, as a newcomer and CI run them, and the result written to a
file.

    .venv/bin/python benchmarks/suite.py [--so-rapido] [--cpu]

In a temporary ``git clone`` of HEAD (only what is committed), it times first ``bash .ci/run``
(exactly CI's command, in the new clone: its set-up installs everything), unless ``--so-rapido``,
and then ``bash scripts/run.sh test --rapido`` as a person runs it at every change, with the
set-up done and mypy's and ruff's caches in place (with ``--so-rapido``, a first run makes them
and is written too). It
writes ``benchmarks/results/<AAAA-MM-DDTHHMMZ>-<commit>-suite.md``: the commit, the machine's
cores and its load at the start and at the end of each run, each time as a ratio of its target
(60 s for the fast loop, 600 s for CI's command, on 2 cores: CONTRIBUTING.md), pytest's last
line, and the exit status. A ratio measured under load says so (the load is in the file): the
target is for a machine that runs nothing else. With ``--cpu``, a third run (the whole suite
again, with the plugin ``tests/cpu_profile.py``) adds the processor time of each test and of each
file, largest first: on a machine whose cores are all busy the suite lasts about that sum divided
by the cores, so that list, not the tests' wall times, says what to make cheaper. No test compares a time with a limit
(«Honest tests»); documents point to the newest file and never copy its figures.
"""

from __future__ import annotations

import datetime as dt
import json
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
    failed: tuple[str, ...] = ()


def failures(output: str) -> tuple[str, ...]:
    """The tests pytest names as failed in ``output`` (its «FAILED <id> - <reason>» lines)."""
    return tuple(line.strip()[len("FAILED "):] for line in output.splitlines() if line.startswith("FAILED "))


def pytest_summary(output: str) -> str:
    """pytest's last summary line in ``output`` (``""`` if there is none)."""
    found = [m.group(1) for line in output.splitlines() if (m := SUMMARY.match(line.strip()))]
    return found[-1] if found else ""


def ratio(seconds: float, target: float) -> str:
    """``seconds`` as a fraction of ``target``, with three decimals («0.812 × 600 s»)."""
    return f"{seconds / target:.3f} × {target:.0f} s"


def run(name: str, command: list[str], where: Path, extra: dict[str, str] | None = None) -> Timed:
    load = load_average()
    start = time.monotonic()
    env = {k: v for k, v in os.environ.items() if not k.startswith("EP_")}
    done = subprocess.run(command, cwd=where, capture_output=True, text=True, env={**env, **(extra or {})})
    seconds = time.monotonic() - start
    output = done.stdout + done.stderr
    return Timed(name, " ".join(command), seconds, done.returncode,
                 pytest_summary(output), load, load_average(), failures(output))


class Spent(NamedTuple):
    """Processor and wall seconds of one test or file (``tests/cpu_profile.py``)."""

    name: str
    cpu: float
    wall: float


def spent(lines: list[str]) -> tuple[list[Spent], list[Spent]]:
    """The tests and the files (by the part of a test id before ``::``), largest processor time first."""
    tests = [Spent(item["id"], float(item["cpu"]), float(item["parede"]))
             for item in (json.loads(line) for line in lines if line.strip())]
    files: dict[str, list[float]] = {}
    for test in tests:
        total = files.setdefault(test.name.split("::")[0], [0.0, 0.0])
        total[0] += test.cpu
        total[1] += test.wall
    by_file = [Spent(name, cpu, wall) for name, (cpu, wall) in files.items()]
    return (sorted(tests, key=lambda item: -item.cpu), sorted(by_file, key=lambda item: -item.cpu))


def render_cpu(lines: list[str], seconds: float, top: int = 30) -> list[str]:
    """The ``--cpu`` part of the file: the sum, the largest tests and files."""
    tests, files = spent(lines)
    total = sum(test.cpu for test in tests)
    out = ["", "## Processador por teste (--cpu)", "",
           f"- {len(tests)} testes, {total:.0f} s de processador em {seconds:.0f} s de parede "
           f"({total / seconds if seconds else 0:.2f} núcleos ocupados em média)", ""]
    for title, items in (("Arquivos", files), ("Testes", tests[:top])):
        out += [f"### {title} que mais gastam", "", "| Processador (s) | Parede (s) | Parte da soma | Nome |",
                "|---|---|---|---|"]
        out += [f"| {item.cpu:.1f} | {item.wall:.1f} | {item.cpu / total if total else 0:.3f} | `{item.name}` |"
                for item in items[:top]]
        out.append("")
    return out


def render(runs: list[Timed], revision: str, started: dt.datetime, cpu: list[str] | None = None) -> str:
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
    for item in runs:
        if item.failed:
            lines += ["", f"Falharam em «{item.name}»:", *[f"- `{failed}`" for failed in item.failed]]
    if cpu is not None:
        lines += render_cpu(cpu, next((item.seconds for item in runs if item.name == "cpu"), 0.0))
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
        cpu = None
        if "--cpu" in argv:
            out = Path(folder) / "cpu.jsonl"
            runs.append(run("cpu", ["bash", "scripts/run.sh", "test", "-p", "cpu_profile"], clone,
                            {"EP_CPU_POR_TESTE": str(out), "PYTHONPATH": "tests"}))
            cpu = out.read_text(encoding="utf-8").splitlines() if out.exists() else []
    FOLDER.mkdir(parents=True, exist_ok=True)
    path = FOLDER / f"{started:%Y-%m-%dT%H%MZ}-{revision}-suite.md"
    path.write_text(render(runs, revision, started, cpu), encoding="utf-8")
    for item in runs:
        target = TARGETS.get(item.name)
        print(f"{item.name}: {item.seconds:.0f} s" + (f" ({ratio(item.seconds, target)})" if target else "")
              + f", saída {item.returncode}, carga {item.load_before} → {item.load_after}")
    print(f"Resultado em {path.relative_to(ROOT)}")
    return max(item.returncode for item in runs)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
