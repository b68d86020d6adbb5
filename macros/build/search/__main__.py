"""``python -m macros.build.search SITE OUT [--vezes=N] [--documentos=ARQ]``: the index of a built
site into OUT; with ``--documentos``, also the documents as JSON (for another engine: the
benchmark's Pagefind index, ``scripts/search_pagefind.mjs``)."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

from . import built, corpus, index


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    times = next((int(a.split("=", 1)[1]) for a in argv if a.startswith("--vezes=")), 1)
    if len(args) != 2:
        print("uso: python -m macros.build.search SITE SAIDA [--vezes=N]", file=sys.stderr)
        return 2
    site, out = Path(args[0]), Path(args[1])
    docs, acts, config = built.collect(site)
    if times > 1:
        docs, acts = corpus.grow(docs, acts, times, config)
    files = index.build(docs, config, acts)
    dump = next((a.split("=", 1)[1] for a in argv if a.startswith("--documentos=")), None)
    if dump:
        Path(dump).write_text(json.dumps([
            {"url": d.location, "title": d.title, "content": d.text, "kind": d.kind, "act": d.act or "",
             "refs": [r.lstrip("_") for r in d.refs]}
            for d in docs
        ], ensure_ascii=False), encoding="utf-8")
    if out.exists():
        shutil.rmtree(out)
    for name, content in files.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(content)
    total = sum(len(c) for c in files.values())
    print(f"{len(docs)} documentos, {len(files)} arquivos, {total / 1024:.0f} KB em {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
