"""How the search index grows with the corpus (a script, not a test).

``.venv/bin/python benchmarks/search_index.py [site]`` (default: builds the site into a temporary
folder). It reads the built ``search/search_index.json`` and makes a synthetic corpus N times
larger (N = 1, 5, 10, 20): every document is copied N times; in each copy a third of the words
(chosen per copy and per word) get a copy-specific variant, and the numbers change, so the copies
add vocabulary and do not compress like exact repeats. It prints, for each N, the documents, the
bytes and the gzip bytes, and the ratio to N = 1.
"""

from __future__ import annotations

import gzip
import json
import os
import random
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

WORD = re.compile(r"[^\W\d_]{4,}|\d+")


def variant(word: str, copy: int, rng: random.Random) -> str:
    if word.isdigit():
        return str(int(word) + copy)
    return f"{word}{'abcdefghijklmnopqrstuvwxyz'[copy % 26]}{copy}" if rng.random() < 1 / 3 else word


def vary(value: Any, copy: int, rng: random.Random) -> Any:
    if isinstance(value, str):
        return WORD.sub(lambda m: variant(m.group(0), copy, rng), value)
    return value


def synthetic(index: dict[str, Any], times: int) -> dict[str, Any]:
    rng = random.Random(times)
    docs = []
    for copy in range(times):
        for doc in index["docs"]:
            if copy == 0:
                docs.append(doc)
                continue
            new = {key: vary(value, copy, rng) if key not in ("location", "boost") else value
                   for key, value in doc.items()}
            path, _, anchor = doc["location"].partition("#")
            new["location"] = f"copia{copy}/{path}" + (f"#{anchor}" if anchor else "")
            docs.append(new)
    return {**index, "docs": docs}


def main() -> None:
    if len(sys.argv) > 1:
        site = Path(sys.argv[1])
    else:
        from conftest import build_site

        site = Path(tempfile.mkdtemp(prefix="busca-"))
        done = build_site(site)
        if done.returncode:
            sys.exit(done.stderr)
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    base = None
    print(f"{'corpus':>7} {'documentos':>11} {'KB':>9} {'KB gzip':>9} {'× gzip':>7}")
    for times in (1, 5, 10, 20):
        data = json.dumps(synthetic(index, times), ensure_ascii=False, separators=(",", ":"))
        raw = data.encode()
        packed = len(gzip.compress(raw, 9))
        base = base or packed
        print(f"{times:>6}× {len(json.loads(data)['docs']):>11} {len(raw) / 1024:>9.1f} {packed / 1024:>9.1f} "
              f"{packed / base:>7.2f}")
    if len(sys.argv) == 1 and os.environ.get("KEEP_SITE") is None:
        shutil.rmtree(site, ignore_errors=True)


if __name__ == "__main__":
    main()
