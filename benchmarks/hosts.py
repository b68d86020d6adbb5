"""What each kind of host sends the engine's worker: bytes on the wire, and the headers.

Run with ``bash scripts/run.sh bench --etapa=hospedagem`` or
``.venv/bin/python benchmarks/hosts.py [site] [--saida=PASTA]``. For every file the engine's worker
downloads (``assets/motor.json``), and for the worker's own script, it measures:

- **nginx com as cópias** (``deploy/nginx.conf``; Caddy with ``deploy/Caddyfile`` sends the same
  copies): real nginx, asked as Chromium asks (``Accept-Encoding: gzip, deflate, br, zstd``): the
  build's brotli copies; and asked as a browser without brotli: the ``.gz`` copies;
- **host que comprime na hora** (GitHub Pages sends gzip; Cloudflare Pages compresses with brotli at
  a low level and ignores the copies; Netlify compresses on the fly too): the same bytes compressed
  here at the levels such hosts use (gzip 6, brotli 4: an emulation, said so in the results; the
  levels of those hosts are not published), and nothing for a type a host may not compress;
- **sem compressão**: the files as they are.

It also asks nginx for the headers the worker's script gets (its Content-Security-Policy, with
``'wasm-unsafe-eval'``): a host that cannot send headers (GitHub Pages) runs the worker under no
policy at all. The results go to ``benchmarks/results/<AAAA-MM-DDTHHMMZ>-<commit>-hospedagem.md``
and ``.json``; dev/server.md points to them and never copies a figure.
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
import sys
import urllib.request
from pathlib import Path
from typing import Any

import brotli

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "benchmarks"))

from report import FOLDER, commit, load_average  # noqa: E402  (benchmarks/report.py)

from deploy.local_server import nginx  # noqa: E402
from macros.build import hosting  # noqa: E402

CHROMIUM = "gzip, deflate, br, zstd"
GZIP_ONLY = "gzip, deflate"
# The engine's archives are written uncompressed (stored) for the build's copies; a host that
# compresses on the fly by type usually leaves application/zip as it is: both cases are measured.
ARCHIVES = (".zip",)

PROFILES = (
    ("nginx_br", "nginx ou Caddy com as cópias da construção (brotli 11)", "medido (nginx)"),
    ("nginx_gz", "nginx ou Caddy, navegador sem brotli (cópias gzip 9)", "medido (nginx)"),
    ("na_hora_brotli", "host que comprime na hora com brotli baixo (Cloudflare Pages), .zip também",
     "emulado: brotli 4"),
    ("na_hora_brotli_sem_zip", "o mesmo, deixando os .zip como são", "emulado: brotli 4"),
    ("na_hora_gzip", "host que comprime na hora com gzip (GitHub Pages, Netlify), .zip também", "emulado: gzip 6"),
    ("na_hora_gzip_sem_zip", "o mesmo, deixando os .zip como são", "emulado: gzip 6"),
    ("sem_compressao", "host que não comprime", "os arquivos como são"),
)


def wire_bytes(url: str, accept: str) -> tuple[int, dict[str, str]]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept})
    with urllib.request.urlopen(request, timeout=60) as response:
        return len(response.read()), dict(response.headers)


def on_the_fly(raw: bytes, name: str, method: str, archives: bool = True) -> int:
    if not archives and name.endswith(ARCHIVES):
        return len(raw)
    if method == "gzip":
        return len(gzip.compress(raw, compresslevel=6, mtime=0))
    return len(brotli.compress(raw, quality=4, lgwin=22))


def measure(site: Path) -> dict[str, Any]:
    report = json.loads((site / "assets" / "motor.json").read_text(encoding="utf-8"))
    files = [entry["url"] for entry in report["files"]]
    if hosting.ENGINE_WORKER.lstrip("/") not in files:
        files.insert(0, hosting.ENGINE_WORKER.lstrip("/"))
    totals = {key: 0 for key, _, _ in PROFILES}
    rows = []
    with nginx(site) as server:
        _, worker = wire_bytes(server.url + hosting.ENGINE_WORKER, CHROMIUM)
        for name in files:
            raw = (site / name).read_bytes()
            sent_br, _ = wire_bytes(f"{server.url}/{name}", CHROMIUM)
            sent_gz, _ = wire_bytes(f"{server.url}/{name}", GZIP_ONLY)
            row = {"arquivo": name, "nginx_br": sent_br, "nginx_gz": sent_gz,
                   "na_hora_brotli": on_the_fly(raw, name, "brotli"),
                   "na_hora_brotli_sem_zip": on_the_fly(raw, name, "brotli", archives=False),
                   "na_hora_gzip": on_the_fly(raw, name, "gzip"),
                   "na_hora_gzip_sem_zip": on_the_fly(raw, name, "gzip", archives=False),
                   "sem_compressao": len(raw)}
            rows.append(row)
            for key in totals:
                totals[key] += row[key]
    return {
        "quando": dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat(),
        "commit": commit(),
        "carga": load_average(),
        "perfis": [{"chave": k, "host": h, "como": c, "bytes": totals[k],
                    "razao_ao_melhor": round(totals[k] / totals["nginx_br"], 3)} for k, h, c in PROFILES],
        "arquivos": rows,
        "cabecalhos_do_worker": {name: worker.get(name) for name in
                                 ("Content-Security-Policy", "Content-Type", "Content-Encoding", "Cache-Control",
                                  "X-Content-Type-Options")},
    }


def _n(number: int) -> str:
    return f"{number:,}".replace(",", ".")


def markdown(result: dict[str, Any]) -> str:
    lines = [f"# Hospedagem: o que o worker do motor recebe ({result['quando']}, {result['commit']})", "",
             "Gerado por `benchmarks/hosts.py` (não edite). Carga da máquina: "
             f"{result['carga']}. Bytes na rede de todos os arquivos que o worker baixa.", "",
             "| host | como | bytes | × o melhor |", "|---|---|---:|---:|"]
    for p in result["perfis"]:
        lines.append(f"| {p['host']} | {p['como']} | {_n(p['bytes'])} | {p['razao_ao_melhor']:.2f} |")
    lines += ["", "Cabeçalhos que o nginx (`deploy/nginx.conf`) manda com o script do worker; um host sem "
              "cabeçalhos (GitHub Pages) não manda nenhum, e o worker roda sem política:", ""]
    lines += [f"- `{name}: {value}`" for name, value in result["cabecalhos_do_worker"].items()]
    lines += ["", "| arquivo | " + " | ".join(k for k, _, _ in PROFILES) + " |",
              "|---|" + "---:|" * len(PROFILES)]
    for row in result["arquivos"]:
        lines.append(f"| {row['arquivo']} | " + " | ".join(_n(row[k]) for k, _, _ in PROFILES) + " |")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    site = Path(next((a for a in argv if not a.startswith("--")), "site"))
    out = Path(next((a.split("=", 1)[1] for a in argv if a.startswith("--saida=")), FOLDER))
    result = measure(site)
    out.mkdir(parents=True, exist_ok=True)
    stem = f"{dt.datetime.fromisoformat(result['quando']):%Y-%m-%dT%H%MZ}-{result['commit']}-hospedagem"
    (out / f"{stem}.json").write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    (out / f"{stem}.md").write_text(markdown(result), encoding="utf-8")
    print(markdown(result))
    print(f"Resultados: {out / stem}.md e .json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
