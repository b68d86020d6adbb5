"""The benchmark's results file: every run writes what it printed into ``benchmarks/results/``.

Two files per run, named by the UTC start and the commit measured, so that they sort by date and
the newest is the last one listed: ``<AAAA-MM-DDTHHMMZ>-<commit>.md`` (for a person: the command,
the machine, the figures as printed and the stage table) and ``.json`` (the same, structured: each
figure with its item, profile, value, ratio and target; the load average sampled at every figure).
A commit with uncommitted changes is marked ``+alteracoes``; the quick mode's files end in
``-rapido``. Both files are rewritten after every figure, so a run that dies midway still leaves
what it measured, marked incomplete.

Documents never copy these figures: they point to the newest file (GUIDE «Documents are for
readers»; dev/benchmark.md).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "benchmarks" / "results"
# The environment that changes what a run measures.
SETTINGS = ("EP_BENCH_RODADAS", "EP_BENCH_RAPIDO", "EP_BENCH_ANTES")


def _git(*args: str) -> str:
    try:
        done = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def commit() -> str:
    """The short commit measured, ``+alteracoes`` when the tree has changes besides results files
    (``dev`` outside git)."""
    head = _git("rev-parse", "--short=7", "HEAD")
    if not head:
        return "dev"
    changes = [line for line in _git("status", "--porcelain").splitlines()
               if not line[3:].startswith("benchmarks/results/")]
    return head + ("+alteracoes" if changes else "")


def load_average() -> float:
    return round(os.getloadavg()[0], 2)


class Report:
    """What one run printed, written to ``folder`` as it goes."""

    def __init__(self, argv: list[str], mode: str, stages: list[str], folder: Path = FOLDER,
                 quick: bool = False, now: dt.datetime | None = None) -> None:
        self.started = (now or dt.datetime.now(dt.UTC)).replace(microsecond=0)
        self.commit = commit()
        self.command = os.environ.get("EP_BENCH_COMANDO") or shlex.join([Path(sys.executable).name, *argv])
        self.argv = argv
        self.mode = mode
        self.stages = stages
        self.settings = {k: os.environ[k] for k in SETTINGS if os.environ.get(k)}
        self.lines: list[str] = []
        self.figures: list[dict[str, Any]] = []
        self.loads: list[dict[str, Any]] = [{"quando": self.started.isoformat(), "carga": load_average()}]
        self.table: list[str] = []
        self.finished: dt.datetime | None = None
        stem = f"{self.started:%Y-%m-%dT%H%MZ}-{self.commit}" + ("-rapido" if quick else "")
        folder.mkdir(parents=True, exist_ok=True)
        self.markdown = folder / f"{stem}.md"
        self.json = folder / f"{stem}.json"
        self.write()

    def add(self, line: str, figure: dict[str, Any] | None = None) -> None:
        """A printed line and, when it is a figure, the figure itself."""
        self.lines.append(line)
        now = dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()
        if figure is not None:
            self.figures.append({**figure, "carga": load_average(), "quando": now})
            self.loads.append({"quando": now, "carga": load_average()})
        self.write()

    def stage_table(self, lines: list[str]) -> None:
        """The Markdown table of where the start-up time goes (as printed)."""
        self.table = list(lines)
        self.write()

    def finish(self) -> None:
        self.finished = dt.datetime.now(dt.UTC).replace(microsecond=0)
        self.loads.append({"quando": self.finished.isoformat(), "carga": load_average()})
        self.write()

    def data(self) -> dict[str, Any]:
        loads = [entry["carga"] for entry in self.loads]
        return {
            "inicio": self.started.isoformat(),
            "fim": self.finished.isoformat() if self.finished else None,
            "completo": self.finished is not None,
            "commit": self.commit,
            "comando": self.command,
            "argumentos": self.argv,
            "ambiente": self.settings,
            "modo": self.mode,
            "etapas": self.stages,
            "maquina": {"nucleos": os.cpu_count(), "carga_min": min(loads), "carga_max": max(loads),
                        "carga": self.loads},
            "medidas": self.figures,
            "onde_vai_o_tempo": self.table,
            "linhas": self.lines,
        }

    def write(self) -> None:
        data = self.data()
        self.json.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        self.markdown.write_text(render_markdown(data), encoding="utf-8")


def render_markdown(data: dict[str, Any]) -> str:
    machine = data["maquina"]
    state = "completa" if data["completo"] else "incompleta (a execução parou antes do fim, ou ainda roda)"
    out = [
        f"# Benchmark — {data['inicio']} — {data['commit']}",
        "",
        f"- execução: {state}; início {data['inicio']}, fim {data['fim'] or '—'} (UTC)",
        f"- comando: `{data['comando']}`",
        f"- modo: {data['modo']}; etapas: {', '.join(data['etapas'])}",
        f"- ambiente: {', '.join(f'{k}={v}' for k, v in data['ambiente'].items()) or '—'}",
        f"- máquina: {machine['nucleos']} núcleos; carga (média de 1 minuto) de "
        f"{machine['carga_min']:.1f} a {machine['carga_max']:.1f} durante a execução",
        "",
        "Numa máquina dividida só valem as razões medidas lado a lado na mesma execução "
        "(dev/benchmark.md).",
        "",
        "## Medidas, como impressas",
        "",
        "```text",
        *[line for line in data["linhas"] if not line.startswith("|")],
        "```",
    ]
    if data["onde_vai_o_tempo"]:
        out += ["", "## Onde vai o tempo de início (medianas, ms)", "", *data["onde_vai_o_tempo"]]
    return "\n".join(out) + "\n"
