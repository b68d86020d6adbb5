"""The benchmark's code path runs once, in its quick mode, so that a refactor cannot break it
silently (``bash scripts/run.sh bench`` once died after 7 minutes without printing a figure).

A test of the script, never of speed: no figure is compared with a limit here (speed is measured
by the benchmark's ratios, GUIDE «Honest tests»).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import ROOT


def test_benchmark_quick_mode_prints_every_figure(site_dir: Path, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "calculators.py"), str(site_dir), "--rapido",
         f"--resultados={tmp_path}"],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, f"o benchmark falhou:\n{done.stdout}\n{done.stderr}"
    lines = done.stdout.splitlines()
    for number in "12345679":
        assert any(line.startswith(f"{number}. ") for line in lines), f"falta o item {number}:\n{done.stdout}"
    assert "carga" in lines[1], "a carga da máquina não foi dita"
    # The stage table: each stage measured on the first visit; the second one starts from the
    # saved state (no import), and both compute.
    table = [line for line in lines if line.startswith("| ")]
    assert table[0].startswith("| etapa (ms) |"), done.stdout
    stages = {line.split(" | ")[0][2:]: line.strip(" |").split(" | ")[1:] for line in table[2:]}
    for stage in ("WebAssembly: compilar + instanciar", "importar calculators.api", "1º cálculo (no worker)"):
        assert stage in stages, f"falta a etapa {stage}:\n{done.stdout}"
        assert stages[stage][0] != "nan", f"etapa não medida na 1ª visita: {stage}"
    assert "nan" not in stages["1º cálculo (no worker)"], done.stdout
    # The warm recalculation with its three parts, each measured (where its time goes: issue 27).
    recalc = [line for line in lines if line.startswith("3. ")]
    assert recalc and all("toque → envio ao worker" in line and "resposta → resultado" in line
                          and "nan" not in line for line in recalc), done.stdout
    # The first view against a bare Material page: bytes, requests and paint, each a ratio; the
    # search index not asked for without a search (Material alone asks for it).
    view = [line for line in lines if line.startswith("6. ") and "razão" in line]
    missing = [w for w in ("bytes na rede", "pedidos", "primeira pintura") if not any(w in line for line in view)]
    assert missing == [], done.stdout
    assert "6. índice de busca pedido na 1ª visita, sem busca: 0/1 vezes (Material puro: 1/1)" in done.stdout
    offline = "5. sem rede, depois de uma visita e de «Usar sem internet»: 2/2 páginas abrem, 2/2 calculadoras"
    assert offline in done.stdout
    # What it printed is in the results file, as Markdown and JSON (benchmarks/report.py).
    written = sorted(tmp_path.iterdir())
    assert [p.suffix for p in written] == [".json", ".md"], written
    assert written[0].stem.endswith("-rapido"), written
    data = json.loads(written[0].read_text(encoding="utf-8"))
    assert data["completo"] and data["modo"].startswith("rápido")
    assert {f["item"] for f in data["medidas"]} >= set("12345679"), data["medidas"]
    assert [line for line in data["onde_vai_o_tempo"] if line.startswith("| ")] == table
    assert all(line in data["linhas"] for line in lines if line and not line.startswith("Resultados gravados"))
    markdown = written[1].read_text(encoding="utf-8")
    assert table[0] in markdown and offline in markdown
