"""``data/busca.yaml``: how the search reads a query and orders its results, read by the build.

The schema (``data/schema/busca.schema.json``) checks the shape and refuses unknown keys; this
module checks what a schema cannot (a synonym whose typed word is a stop word would never be
read) and gives the browser its part, with every word as the index stores it (a stem).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...data.loader import DataError, load_validated
from . import words

PATH = Path(__file__).resolve().parents[3] / "data" / "busca.yaml"


@dataclass(frozen=True)
class Config:
    """The validated settings."""

    raw: dict[str, Any]

    @property
    def stop_words(self) -> frozenset[str]:
        return frozenset(self.raw["stop_words"])

    def for_browser(self) -> dict[str, Any]:
        """What the browser needs, with the synonyms' words as stems."""
        out = {k: v for k, v in self.raw.items() if k != "synonyms"}
        out["synonyms"] = {
            words.stem(typed): sorted({words.stem(t) for phrase in entry["finds"] for t in words.tokens(phrase)
                                       if t not in self.stop_words} - {words.stem(typed)})
            for entry in self.raw["synonyms"] for typed in entry["typed"]
        }
        out["kind_words"] = {kind: sorted({words.stem(w) for w in items})
                             for kind, items in self.raw["kind_words"].items()}
        return out


def load(path: Path = PATH) -> Config:
    """Read and check ``path``; a :class:`DataError` names the place and the reason."""
    data = load_validated(path, "busca")
    stop = set(data["stop_words"])
    for i, entry in enumerate(data["synonyms"]):
        for typed in entry["typed"]:
            if typed in stop:
                raise DataError(path, f"synonyms[{i}].typed", f"{typed!r} é palavra vazia: nunca seria lida")
        for phrase in entry["finds"]:
            if all(t in stop for t in words.tokens(phrase)):
                raise DataError(path, f"synonyms[{i}].finds", f"{phrase!r} só tem palavras vazias")
    seen: dict[str, int] = {}
    for i, entry in enumerate(data["synonyms"]):
        for typed in entry["typed"]:
            if typed in seen:
                raise DataError(path, f"synonyms[{i}].typed",
                                f"{typed!r} já está em synonyms[{seen[typed]}]: junte os dois")
            seen[typed] = i
    return Config(data)
