"""A synthetic corpus N times today's, whose vocabulary grows too (not copies of the same pages).

Each copy of the site is a set of new pages and new acts: every document again, with a third of
its words (chosen by a hash of the word and the copy, the same choice all through the copy)
replaced by a new word made for that copy, so that each copy adds vocabulary the way new acts
would. The acts get new numbers and years; their citation tokens follow. Deterministic: the same
input gives the same corpus. Used by the benchmark only (``scripts/search_engines.py``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Sequence
from typing import Any

from .config import Config
from .documents import Document
from .index import act_info

WORD = re.compile(r"[A-Za-zÀ-ÿ]{4,}")
SYLLABLES = ["ba", "ce", "di", "fo", "gu", "la", "me", "ni", "po", "ru", "sa", "te", "vi", "xo", "za",
             "bra", "cre", "dri", "pla", "tro", "nha", "lho", "que", "gui", "ment"]


def _h(*parts: object) -> int:
    return int.from_bytes(hashlib.sha256("|".join(map(str, parts)).encode()).digest()[:8], "big")


def variant(word: str, copy: int) -> str:
    """The word that stands for ``word`` in copy ``copy``, or the word itself (two thirds)."""
    key = word.lower()
    if _h(key, copy) % 3:
        return word
    n = _h("v", key, copy)
    made = key[: 2 + n % 3] + "".join(SYLLABLES[(n >> (5 * i)) % len(SYLLABLES)] for i in range(2))
    return made.capitalize() if word[:1].isupper() else made


def _rewrite(text: str, copy: int) -> str:
    return WORD.sub(lambda m: variant(m.group(0), copy), text)


def grow(docs: Sequence[Document], acts: Sequence[dict[str, Any]], times: int,
         config: Config) -> tuple[list[Document], list[dict[str, Any]]]:
    """``docs`` and ``acts`` with ``times - 1`` synthetic copies after them."""
    out = list(docs)
    all_acts = list(acts)
    for copy in range(1, times):
        keys = {}
        for act in acts:
            key = str(int(act["key"]) + 1000 * copy) if act["key"].isdigit() else f"{act['key']}{copy}"
            year = str(int(act["year"] or 1950) + copy) if (act["year"] or "").isdigit() else act["year"]
            slug = f"{act['slug']}-c{copy}"
            keys[act["slug"]] = (slug, key)
            all_acts.append(act_info(slug, key, year, act["type"], f"{act['title']} (cópia {copy})",
                                     False, _rewrite(" ".join(act["ementa"]), copy), config))
        for doc in docs:
            page, _, anchor = doc.location.partition("#")
            new_page = (page.rstrip("/") + f"-c{copy}/") if page else f"c{copy}/"
            copied = keys.get(doc.act or "")
            refs = list(doc.refs)
            if copied and doc.act:
                old_key = next(a["key"] for a in acts if a["slug"] == doc.act)
                refs = [r.replace(old_key, copied[1]) for r in refs]
            out.append(dataclasses.replace(
                doc,
                location=new_page + (f"#{anchor}" if anchor else ""),
                title=_rewrite(doc.title, copy),
                text=_rewrite(doc.text, copy),
                words_of=None if doc.words_of is None else _rewrite(doc.words_of, copy),
                act=copied[0] if copied else None,
                in_force=False,
                refs=refs,
            ))
    return out, all_acts
