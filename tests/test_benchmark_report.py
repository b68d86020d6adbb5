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


def _bench(name: str) -> ModuleType:
    """``benchmarks/<name>.py``, loaded as the scripts run (they are not a package)."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "benchmarks" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


report = _bench("report")
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


# Captured from `pytest --hypothesis-show-statistics` with hypothesis 6.170 (the first block as
# benchmarks/results/2026-12-03T1215Z-0f283a1-piso.md printed it, whose table came out empty; the
# failing and parametrized blocks from a run of the same release on a small file).
STATISTICS_SAMPLE = """\
============================ Hypothesis Statistics =============================
tests/test_today_floor.py::test_the_holiday_is_paid_in_double_today:

  - during generate phase (45.25 seconds):
    - Typical runtimes: ~ 5-125 ms, of which ~ 3-84 ms in data generation
    - 1000 passing, 0 failing, and 203 invalid test cases
    - Events:
      * 8.40%, gave up because: failed to satisfy assume() in _run (line 66)

  - Stopped because settings.max_examples=1000


tests/test_today_floor.py::test_overtime_minimum_is_never_below_the_floor:

  - during generate phase (0.02 seconds):
    - Typical runtimes: ~ 0-4 ms, of which < 1ms in data generation
    - 6 passing, 4 failing, and 0 invalid test cases
    - Found 1 distinct error in this phase

  - during shrink phase (0.03 seconds):
    - Typical runtimes: ~ 0-6 ms, of which ~ 0-4 ms in data generation
    - 7 passing, 9 failing, and 0 invalid test cases
    - Tried 16 shrinks of which 9 were successful

  - Stopped because nothing left to do


tests/test_today_floor.py::test_the_generator_reaches_every_declared_field[jornada]:

  - during generate phase (0.00 seconds):
    - Typical runtimes: ~ 0-2 ms, of which < 1ms in data generation
    - 1 passing, 0 failing, and 0 invalid test cases

  - Stopped because settings.max_examples=1


=========================== short test summary info ============================
"""


def test_the_floor_run_reads_hypothesis_statistics() -> None:
    """benchmarks/floor.py's table of examples per property, from the output format of the
    hypothesis installed (the 1215Z results file had an empty table: the parser expected
    «passing examples»): the examples of the phases that run them, not the shrinker's tries."""
    floor = _bench("floor")
    assert floor.statistics(STATISTICS_SAMPLE) == {
        "test_the_holiday_is_paid_in_double_today": [1000, 0, 203],
        "test_overtime_minimum_is_never_below_the_floor": [6, 4, 0],
        "test_the_generator_reaches_every_declared_field[jornada]": [1, 0, 0],
    }
    older = ("tests/test_today_floor.py::test_x:\n\n  - during generate phase (1.00 seconds):\n"
             "    - 100 passing examples, 0 failing examples, 3 invalid examples\n")
    assert floor.statistics(older) == {"test_x": [100, 0, 3]}
    assert floor.statistics("1 passed in 0.3s\n") == {}


def test_the_suite_timing_reads_pytest_and_writes_ratios() -> None:
    """benchmarks/suite.py: pytest's closing line (the last one, with or without the «=» rule),
    each time as a ratio of its target, and the load beside it."""
    suite = _bench("suite")
    output = ("==> pytest\n....\n1 failed, 10 passed in 3.00s\n"
              "=================== 1689 passed, 2 skipped in 148.82s (0:02:28) ===================\n")
    assert suite.pytest_summary(output) == "1689 passed, 2 skipped in 148.82s (0:02:28)"
    assert suite.pytest_summary("no tests here") == ""
    assert suite.ratio(450, 600) == "0.750 × 600 s"
    runs = [suite.Timed("rapido", "bash scripts/run.sh test --rapido", 48.2, 0, "9 passed in 40.00s", 0.5, 1.5),
            suite.Timed("setup", "bash scripts/run.sh setup", 12.0, 0, "", 0.1, 0.2)]
    text = suite.render(runs, "abc1234", dt.datetime(2026, 12, 3, tzinfo=dt.UTC))
    assert ("| rapido | `bash scripts/run.sh test --rapido` | 48 | 0.803 × 60 s | 0.5 → 1.5 | 0 | "
            "9 passed in 40.00s |") in text
    assert "| setup | `bash scripts/run.sh setup` | 12 | — | 0.1 → 0.2 | 0 | — |" in text
    assert "abc1234" in text
    assert "Falharam" not in text
    output = "....F\nFAILED tests/browser/test_x.py::test_y[a] - AssertionError: 1 != 2\n1 failed, 3 passed in 2.00s\n"
    assert suite.failures(output) == ("tests/browser/test_x.py::test_y[a] - AssertionError: 1 != 2",)
    failed = suite.Timed("ci", "bash .ci/run", 600.5, 1, "1 failed, 3 passed in 2.00s", 0.1, 0.2,
                         suite.failures(output))
    text = suite.render([failed], "abc1234", dt.datetime(2026, 12, 4, tzinfo=dt.UTC))
    assert "Falharam em «ci»:\n- `tests/browser/test_x.py::test_y[a] - AssertionError: 1 != 2`" in text


def test_the_suite_cpu_part_adds_up_tests_and_files() -> None:
    """benchmarks/suite.py --cpu: each file's processor time is the sum of its tests', the largest
    first, and the total is the sum of every test's."""
    suite = _bench("suite")
    lines = ['{"id": "tests/a.py::t1", "cpu": 1.5, "parede": 2.0}',
             '{"id": "tests/b.py::t[x]", "cpu": 4.0, "parede": 1.0}', "",
             '{"id": "tests/a.py::t2", "cpu": 3.0, "parede": 5.0}']
    tests, files = suite.spent(lines)
    assert [test.name for test in tests] == ["tests/b.py::t[x]", "tests/a.py::t2", "tests/a.py::t1"]
    assert [(item.name, item.cpu, item.wall) for item in files] == [("tests/a.py", 4.5, 7.0), ("tests/b.py", 4.0, 1.0)]
    runs = [suite.Timed("cpu", "bash scripts/run.sh test -p cpu_profile", 5.0, 0, "3 passed in 4.00s", 0.1, 0.2)]
    text = suite.render(runs, "abc1234", dt.datetime(2026, 12, 4, tzinfo=dt.UTC), lines)
    assert "3 testes, 8 s de processador em 5 s de parede (1.70 núcleos ocupados em média)" in text
    assert "| 4.5 | 7.0 | 0.529 | `tests/a.py` |" in text
    assert "| 1.5 | 2.0 | 0.176 | `tests/a.py::t1` |" in text


def test_the_cpu_plugin_counts_a_child_once() -> None:
    """tests/cpu_profile.py: a child process that runs during the watch and is collected by its
    parent counts once: its own time, seen while it ran, not again when the parent collects it."""
    import os
    import subprocess
    import sys

    import cpu_profile

    busy = "import time\nend = time.process_time() + 0.6\nwhile time.process_time() < end: pass"
    watch = cpu_profile.Watch(os.getpid(), every=0.05)
    subprocess.run([sys.executable, "-c", busy], check=True)
    spent = watch.stop()
    assert 0.4 <= spent <= 0.95, spent  # counted twice, it would be about 1.3


def test_the_cpu_plugin_counts_a_child_that_its_parent_does_not_collect() -> None:
    """tests/cpu_profile.py: a process whose parent does not collect it (SIGCHLD ignored, as
    Chromium's renderers are never added to the zygote's time) adds nothing to the parent's time
    when it ends: the watch still counts it, from its last reading."""
    import os
    import subprocess
    import sys

    import cpu_profile

    busy = "import time\nend = time.process_time() + 0.8\nwhile time.process_time() < end: pass"
    parent = ("import os, signal, subprocess, sys, time\nsignal.signal(signal.SIGCHLD, signal.SIG_IGN)\n"
              f"child = subprocess.Popen([sys.executable, '-c', {busy!r}])\n"
              "while os.path.exists(f'/proc/{child.pid}'): time.sleep(0.05)\ntime.sleep(0.2)")
    before = cpu_profile.tree_seconds(os.getpid())
    watch = cpu_profile.Watch(os.getpid(), every=0.05)
    subprocess.run([sys.executable, "-c", parent], check=True)
    assert watch.stop() >= 0.6
    assert cpu_profile.tree_seconds(os.getpid()) - before < 0.6  # what a reading at the end alone would say
