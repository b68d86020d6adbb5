"""The documents of a built site's search index, read back (for tests and tools): each one's
location (page and anchor), title, shown text and kind, and the acts the index knows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

KINDS = {"s": "statute", "n": "note", "h": "hoje", "a": "answer", "t": "table", "r": "row", "c": "calculator",
         "o": "other"}


def meta(site_dir: Path) -> dict[str, Any]:
    return json.loads((site_dir / "search" / "meta.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def documents(site_dir: Path) -> list[dict[str, str]]:
    """Every document of ``site_dir/search/``, in the index's order."""
    info = meta(site_dir)
    folder = site_dir / "search" / info["version"]
    shown: list[list[str]] = []
    n = 0
    while (folder / f"d{n}.json").is_file():
        shown += json.loads((folder / f"d{n}.json").read_text(encoding="utf-8"))
        n += 1
    out = []
    starts = info["starts"] + [len(shown)]
    for p, (path, _title, _act) in enumerate(info["pages"]):
        for doc in range(starts[p], starts[p + 1]):
            anchor, title, text = shown[doc]
            out.append({"location": path + (f"#{anchor}" if anchor else ""), "title": title, "text": text,
                        "kind": KINDS[info["kinds"][doc].lower()]})
    return out
