"""The benchmark's results file (``benchmarks/report.py``): every run leaves a dated pair of files
with the command, the machine's load, every line it printed and the figures, and a run that dies
midway leaves what it measured, marked incomplete. The benchmark itself runs in
tests/browser/test_benchmark.py; this checks the file without a browser.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType

import pytest
from conftest import ROOT


def _report() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_report", ROOT / "benchmarks" / "report.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


report = _report()
WHEN = dt.datetime(2026, 12, 2, 13, 5, 9, tzinfo=dt.UTC)


def test_a_run_writes_a_dated_pair_named_by_its_commit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EP_BENCH_COMANDO", "bash scripts/run.sh bench main~3 --etapa=busca")
    monkeypatch.setenv("EP_BENCH_RODADAS", "2")
    run = report.Report(["benchmarks/calculators.py", "site", "--etapa=busca"], "completo", ["busca"],
                        folder=tmp_path, now=WHEN)
    head = report.commit()
    assert re.fullmatch(r"[0-9a-f]{7}(\+alteracoes)?|dev", head)
    assert run.markdown.name == f"2026-12-02T1305Z-{head}.md"
    assert run.json.name == f"2026-12-02T1305Z-{head}.json"
    # Written from the start: a run that dies leaves a file that says it is incomplete.
    first = json.loads(run.json.read_text(encoding="utf-8"))
    assert first["completo"] is False and "incompleta" in run.markdown.read_text(encoding="utf-8")

    run.add("Benchmark — cabeçalho")
    run.add("9. [sem limitação] busca: 180 ms", {"item": "9", "perfil": "sem limitação", "valor": 180.0})
    table = ["| etapa (ms) | sem limitação, 1ª visita |", "|---|---:|", "| 1º cálculo (no worker) | 6 |"]
    run.stage_table(table)
    run.finish()

    data = json.loads(run.json.read_text(encoding="utf-8"))
    assert data["completo"] is True and data["fim"] and data["inicio"] == "2026-12-02T13:05:09+00:00"
    assert data["comando"] == "bash scripts/run.sh bench main~3 --etapa=busca"
    assert data["ambiente"] == {"EP_BENCH_RODADAS": "2"}
    assert data["linhas"] == ["Benchmark — cabeçalho", "9. [sem limitação] busca: 180 ms"]
    [figure] = data["medidas"]
    assert figure["item"] == "9" and figure["valor"] == 180.0 and isinstance(figure["carga"], float)
    assert data["maquina"]["nucleos"] >= 1 and len(data["maquina"]["carga"]) >= 3
    assert data["onde_vai_o_tempo"] == table

    markdown = run.markdown.read_text(encoding="utf-8")
    assert "completa;" in markdown and "`bash scripts/run.sh bench main~3 --etapa=busca`" in markdown
    assert "9. [sem limitação] busca: 180 ms" in markdown
    assert "\n".join(table) in markdown, "a tabela das etapas, como impressa"


def test_the_quick_mode_is_marked_in_the_name(tmp_path: Path) -> None:
    run = report.Report(["x"], "rápido", ["motor"], folder=tmp_path, quick=True, now=WHEN)
    assert run.json.stem.endswith("-rapido") and run.markdown.stem == run.json.stem


def test_names_sort_by_date(tmp_path: Path) -> None:
    """The newest results file is the last one listed: what the documents point to."""
    names = [report.Report(["x"], "completo", [], folder=tmp_path / str(i), now=WHEN + dt.timedelta(hours=h)).json.name
             for i, h in enumerate((30, 1, 2000))]
    assert sorted(names, key=lambda n: n[:16]) == [names[1], names[0], names[2]]
    assert sorted(names) == sorted(names, key=lambda n: n[:16])
