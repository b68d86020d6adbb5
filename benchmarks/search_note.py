"""Writes the figures of one run of ``benchmarks/search_engines.py`` into the decision note.

    .venv/bin/python benchmarks/search_note.py benchmarks/results/<run>.json

The table of ``dev/decisions/003-search-engine.md`` between its two marker comments is replaced
by the figures of that run, both engines side by side, with the file it came from: the note never
carries a figure typed by hand (GUIDE: measurements go into the files the benchmark writes).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NOTE = ROOT / "dev" / "decisions" / "003-search-engine.md"
BEGIN = "<!-- figuras: benchmarks/search_note.py -->"
END = "<!-- fim das figuras -->"
ENGINES = {"own": "índice dividido (do site)", "pagefind": "Pagefind 1.6.0"}


def figure(data: dict[str, Any], item: str, engine: str, what: str) -> dict[str, Any]:
    for f in data["medidas"]:
        if f["item"] == item and f["perfil"] == engine and what in f["medida"]:
            return f
    raise KeyError((item, engine, what))


def kb(value: float) -> str:
    return f"{value / 1024:.1f} KB".replace(".", ",")


def seconds(value: float) -> str:
    return f"{value / 1000:.2f} s".replace(".", ",")


def table(data: dict[str, Any], source: str) -> list[str]:
    rows = ["| medida | " + " | ".join(ENGINES.values()) + " | meta |", "|---|---|---|---|"]
    cells = []
    for engine in ENGINES:
        q = figure(data, "1", engine, "consultas")
        cells.append(f"{q['valor']:.0f} de {q['de']}")
    rows.append("| consultas do conjunto do projeto com o 1º cartão onde esperado | " + " | ".join(cells) + " | — |")
    for times in (1, 20):
        cells = []
        for engine in ENGINES:
            f = figure(data, "2", engine, f"{times}×")
            cells.append(f"{kb(f['valor'])} (máx. {kb(f['maximo'])})")
        rows.append(f"| bytes na rede da 1ª consulta, brotli, corpus {times}× (mediana de 10) | "
                    + " | ".join(cells) + " | ≤ 120 KB |")
    for times in (1, 20):
        cells = []
        for engine in ENGINES:
            f = figure(data, "3", engine, f"{times}×")
            cells.append(f"{seconds(f['valor'])} (máx. {seconds(f['maximo'])})")
        rows.append(f"| 1ª tecla → 1º resultado, 400 kbit/s e 400 ms, corpus {times}× (mediana) | "
                    + " | ".join(cells) + " | ≤ 4 s |")
    files = figure(data, "0", "—", "20×").get("arquivos", {})
    if files:
        rows.append(f"| arquivos do índice, corpus 20× | {files.get('own', '—')} | {files.get('pagefind', '—')} | — |")
    for times in (1, 20):  # the site itself, as built (its script, worker and index)
        site = [g for g in data["medidas"] if g["item"] == "4" and f", {times}×" in g["medida"]]
        for f in site:
            bytes_ = "bytes" in f["medida"]
            unit, label, target = ((kb, "bytes na rede da 1ª consulta, brotli", "≤ 120 KB") if bytes_
                                   else (seconds, "1ª tecla → 1º resultado, 400 kbit/s e 400 ms", "≤ 4 s"))
            rows.append(f"| o site como construído: {label}, corpus {times}× (mediana) | "
                        f"{unit(f['valor'])} (máx. {unit(f['maximo'])}) | — | {target} |")
    load = data["maquina"]
    return [
        f"Da execução `{source}` (commit {data['commit']}, {data['inicio']}; carga da máquina de "
        f"{load['carga_min']:.1f} a {load['carga_max']:.1f} em 2 núcleos):",
        "",
        *rows,
    ]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    path = Path(argv[0])
    data = json.loads(path.read_text(encoding="utf-8"))
    text = NOTE.read_text(encoding="utf-8")
    before, rest = text.split(BEGIN, 1)
    _, after = rest.split(END, 1)
    source = path.resolve().relative_to(ROOT).as_posix() if path.resolve().is_relative_to(ROOT) else path.name
    NOTE.write_text(before + BEGIN + "\n" + "\n".join(table(data, source)) + "\n" + END + after, encoding="utf-8")
    print(f"{NOTE.relative_to(ROOT)}: figuras de {source}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
