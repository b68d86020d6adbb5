"""The long run of today's floor (issue 26, «Done when»): every property of
``tests/test_today_floor.py`` over at least 1,000 random inputs that the form accepts (horas_extras,
jornada and the hand-off between them), with a fixed seed, and its result written to a file.

    .venv/bin/python benchmarks/floor.py [--exemplos=1000] [--semente=1]

It runs pytest on that file with ``EP_FLOOR_EXAMPLES`` (each property at least that many
examples; hypothesis counts only inputs the form accepts) and ``EP_FLOOR_SEED``, and writes
``benchmarks/results/<AAAA-MM-DDTHHMMZ>-<commit>-piso.md``: the command, the seed, each
property with the number of examples hypothesis ran, and the verdict («nenhum contraexemplo», or
the failing property with the counterexample hypothesis printed). The exit status is pytest's.
The suite itself runs the same properties with about a hundred examples each (its time holds).
Documents point to the newest file; they never copy its figures.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from report import FOLDER, ROOT, commit, load_average

TESTS = "tests/test_today_floor.py"
# ``--hypothesis-show-statistics``: a header per test (``tests/…py::name:``, ``name[param]:`` for a
# parametrized one), then one block per phase, «  - during generate phase (…):», each with its counts:
# «    - 1000 passing, 0 failing, and 203 invalid test cases» (hypothesis 6.1xx; older releases said
# «- 100 passing examples, 0 failing examples, 0 invalid examples», read as well).
STATS = re.compile(r"^(tests/test_today_floor\.py::\S+):\s*$")
PHASE = re.compile(r"^\s*- during (\w+) phase\b")
PASSING = re.compile(r"^\s*- (\d+) passing(?: examples?)?, (\d+) failing(?: examples?)?, (?:and )?"
                     r"(\d+) invalid(?: examples?| test cases?)?")


def _option(argv: list[str], name: str, default: str) -> str:
    for item in argv:
        if item.startswith(f"--{name}="):
            return item.split("=", 1)[1]
    return default


def statistics(output: str) -> dict[str, list[int]]:
    """Each property's examples from pytest's output: passing, failing and invalid, summed over
    the phases that run examples (explicit, reuse, generate, target); the shrink phase replays a
    failure with smaller inputs, so its tries are not examples of the run (its failure shows in
    the generate phase that found it)."""
    totals: dict[str, list[int]] = {}
    current, phase = "", ""
    for line in output.splitlines():
        head = STATS.match(line)
        if head:
            current, phase = head.group(1).split("::", 1)[1], ""
            continue
        during = PHASE.match(line)
        if during:
            phase = during.group(1)
            continue
        passing = PASSING.match(line)
        if passing and current and phase != "shrink":
            row = totals.setdefault(current, [0, 0, 0])
            for index in range(3):
                row[index] += int(passing.group(index + 1))
    return totals


def main(argv: list[str]) -> int:
    examples = int(_option(argv, "exemplos", "1000"))
    seed = int(_option(argv, "semente", "1"))
    started = dt.datetime.now(dt.UTC).replace(microsecond=0)
    env = {**os.environ, "EP_FLOOR_EXAMPLES": str(examples), "EP_FLOOR_SEED": str(seed)}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
               "--hypothesis-show-statistics", TESTS]
    load = load_average()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    output = done.stdout + done.stderr
    counts = [(name, *row) for name, row in statistics(output).items()]
    finished = dt.datetime.now(dt.UTC).replace(microsecond=0)
    verdict = ("nenhum contraexemplo: nenhum mínimo de hoje abaixo do piso, nenhuma cifra que cai "
               "quando se acrescentam horas" if done.returncode == 0 else
               f"FALHOU (pytest saiu com {done.returncode}): veja a saída abaixo")
    lines = [
        "# O piso de hoje, em muitas entradas (tests/test_today_floor.py)",
        "",
        f"- Comando: `EP_FLOOR_EXAMPLES={examples} EP_FLOOR_SEED={seed} {' '.join(command[1:])}`"
        f" (por `benchmarks/floor.py --exemplos={examples} --semente={seed}`)",
        f"- Commit: {commit()}; início {started.isoformat()}, fim {finished.isoformat()} "
        f"({int((finished - started).total_seconds())} s); carga no início {load}",
        f"- Resultado: {verdict}",
        "",
        "| Propriedade | Exemplos aceitos | Falhas | Inválidos (recusados pelo formulário) |",
        "|---|---|---|---|",
        *(f"| {name} | {ok} | {bad} | {invalid} |" for name, ok, bad, invalid in counts),
        *([] if counts else ["| (nenhuma estatística lida na saída do pytest: veja a saída abaixo) | | | |"]),
        "",
        "## Saída do pytest (final)",
        "",
        "```",
        *output.strip().splitlines()[-40:],
        "```",
        "",
    ]
    FOLDER.mkdir(parents=True, exist_ok=True)
    path = FOLDER / f"{started:%Y-%m-%dT%H%MZ}-{commit()}-piso.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    print(f"{verdict}\n{len(counts)} propriedades; menor número de exemplos aceitos: "
          f"{min((c[1] for c in counts), default=0)}\nResultado em {path.relative_to(ROOT)}")
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
