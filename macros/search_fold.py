"""Accent-insensitive search: add accent-folded forms of words to Material's search index.

Material for MkDocs (lunr) matches words exactly after stemming, so "porto" does not find
"pôrto". The build adds, to each indexed section, the folded form of every word that has an
accent (``pôrto`` → ``porto``, ``salário-família`` → ``salario-familia``); the page's search
box folds the query the same way (``docs/assets/busca.js``), so both directions work.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*", re.UNICODE)
TAG = re.compile(r"<[^>]+>")
FIELD = "folded"  # an extra indexed field: searched, never shown in the results


def fold(text: str) -> str:
    """Remove diacritics: ``sôbre`` → ``sobre``, ``prorrogação`` → ``prorrogacao``."""
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))


def folded_forms(text: str) -> list[str]:
    """Folded forms of the accented words of ``text`` (and of their hyphenated parts), in order."""
    seen: dict[str, None] = {}
    for word in WORD.findall(TAG.sub(" ", text)):
        folded = fold(word)
        if folded != word:
            seen.setdefault(folded.lower(), None)
            for part in folded.split("-"):
                if part and part != folded:
                    seen.setdefault(part.lower(), None)
    return list(seen)


def fold_index(path: Path) -> int:
    """Rewrite Material's ``search_index.json`` in place; return how many sections changed."""
    index = json.loads(path.read_text(encoding="utf-8"))
    index["config"].setdefault("fields", {})[FIELD] = {"boost": 1.0}
    changed = 0
    for doc in index.get("docs", []):
        forms = folded_forms(f"{doc.get('title', '')} {doc.get('text', '')}")
        doc[FIELD] = " ".join(forms)
        changed += bool(forms)
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return changed
