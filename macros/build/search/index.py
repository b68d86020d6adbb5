"""The search index, split so that a query fetches only what it needs.

Written into ``search/`` of the site:

- ``search/meta.json`` (the one file without a hash in its name; revalidated): the settings of
  ``data/busca.yaml`` the browser needs, the acts (number, year, type, in force, the stems of the
  ementa), the pages (path, title, act), and one character per document for its kind (upper case
  for the head of its page: the page's own entry and its main heading), its length and its
  title's length; the list of term shards (the first term of each), of vocabulary files
  and of document chunks.
- ``search/<version>/t<n>.json``: the terms, sorted and cut into shards of about :data:`SHARD_BYTES`;
  each term's postings are the documents that have it, as ``[doc delta, fields, …]`` (fields:
  1 title, 2 text, 4 citation token, 8 adjacent pair). A query fetches the shard of each word
  (the last word's beginning may span two).
- ``search/<version>/f<letter>.json`` and ``l<letter>.json``: the stems and their document
  counts by first letter and by last letter, fetched only to correct a typo: a single wrong,
  missing, extra or swapped letter never changes both the first and the last letter of a word of
  three letters or more, so the two files of a word hold every candidate.
- ``search/<version>/d<n>.json``: what a result shows (anchor, title, text), :data:`CHUNK_DOCS`
  documents per file (document ``i`` is in file ``i // CHUNK_DOCS``), fetched for the results
  drawn.

``<version>`` is a hash of all those files: a new build gives new names (cached for good), and
``meta.json`` says which.

Terms: word stems (letters or digits), pairs ``stem_stem``, citation tokens ``_art7par5``.
Scores are not stored: the browser's ranking function (``docs/assets/js/search/ranking.mjs``)
computes them from the postings, the document counts and the settings.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from .config import Config
from .documents import KINDS, Document

SHARD_BYTES = 6000
CHUNK_DOCS = 16
TEXT_CHARS = 480
KIND_CHARS = {kind: kind[0] for kind in KINDS}
BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
TITLE, TEXT, REF, PAIR = 1, 2, 4, 8
FORMAT = 1
#: Hex digits of ``<version>`` (the folder's name; a host caches what is under it for good:
#: macros/build/hosting.py).
VERSION_DIGITS = 12
# An inciso's number (``viii``, ``xiv``): a term of the index, never a word to correct a typo into.
ROMAN = re.compile(r"m{0,4}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})")

assert len(set(KIND_CHARS.values())) == len(KIND_CHARS)


def dumps(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def length_code(n: int) -> str:
    """A document's length in words, as one base-36 character (a log scale: 4 per doubling)."""
    return BASE36[min(35, round(math.log2(1 + n) * 4))]


def code_length(code: str) -> float:
    """The length :func:`length_code` stands for (the browser reads it the same way)."""
    return float(2 ** (BASE36.index(code) / 4) - 1)


def build(documents: Sequence[Document], config: Config, acts: Sequence[dict[str, Any]]) -> dict[str, bytes]:
    """The files of ``search/`` for ``documents`` (pages contiguous, in order): name → content."""
    stop = config.stop_words
    files: dict[str, bytes] = {}
    pages: list[list[Any]] = []
    starts: list[int] = []
    act_index = {a["slug"]: i for i, a in enumerate(acts)}
    postings: dict[str, list[tuple[int, int]]] = defaultdict(list)
    kinds, lengths, title_lengths = [], [], []
    for doc_id, doc in enumerate(documents):
        if not pages or pages[-1][0] != doc.page:
            pages.append([doc.page, doc.title if not doc.anchor else "", act_index.get(doc.act or "", -1)])
            starts.append(doc_id)
        elif not doc.anchor and not pages[-1][1]:
            pages[-1][1] = doc.title
        title = doc.title_stems(stop)
        text = doc.text_stems(stop)
        bits: dict[str, int] = defaultdict(int)
        for s in title:
            bits[s] |= TITLE
        for s in text:
            bits[s] |= TEXT
        for r in doc.refs:
            bits[r] |= REF
        for p in doc.pairs(stop):
            bits[p] |= PAIR
        for term, b in bits.items():
            postings[term].append((doc_id, b))
        # Upper case: the head of its page (the page's own entry, or the page's main heading).
        head = not doc.anchor or (doc.title == pages[-1][1] and doc_id <= starts[-1] + 1)
        kinds.append(KIND_CHARS[doc.kind].upper() if head else KIND_CHARS[doc.kind])
        lengths.append(length_code(len(text) + len(title)))
        title_lengths.append(BASE36[min(35, len(title))])
    for page in pages:
        if not page[1]:
            page[1] = next(d.title for d in documents if d.page == page[0])

    # Term shards: sorted terms cut at about SHARD_BYTES.
    shard_list: list[str] = []
    current: dict[str, list[int]] = {}
    size = 0

    def flush() -> None:
        nonlocal current, size
        if current:
            files[f"t{len(shard_list)}.json"] = dumps(current)
            shard_list.append(next(iter(current)))
        current, size = {}, 0

    for term in sorted(postings):
        flat: list[int] = []
        last = 0
        for doc_id, b in postings[term]:
            flat += [doc_id - last, b]
            last = doc_id
        entry = len(term) + 4 + sum(len(str(x)) + 1 for x in flat)
        if size and size + entry > SHARD_BYTES:
            flush()
        current[term] = flat
        size += entry
    flush()

    # Vocabulary for typos: stems of four letters or more, with their document counts; no Roman
    # numeral (an inciso's number is typed as it is, never reached by correcting a word).
    first: dict[str, dict[str, int]] = defaultdict(dict)
    final: dict[str, dict[str, int]] = defaultdict(dict)
    for term, plist in postings.items():
        if len(term) >= 4 and term.isalpha() and not ROMAN.fullmatch(term):
            df = len(plist)
            first[term[0]][term] = df
            final[term[-1]][term] = df
    vocab: dict[str, str] = {}
    for side, groups in (("f", first), ("l", final)):
        for letter in sorted(groups):
            files[f"{side}{letter}.json"] = dumps(dict(sorted(groups[letter].items())))
        vocab[side] = "".join(sorted(groups))

    # What results show, a few documents per file.
    for start in range(0, len(documents), CHUNK_DOCS):
        part = [[d.anchor, d.title, _shown(d.text)] for d in documents[start:start + CHUNK_DOCS]]
        files[f"d{start // CHUNK_DOCS}.json"] = dumps(part)
    version = hashlib.sha256(b"".join(k.encode() + v for k, v in sorted(files.items()))).hexdigest()[:VERSION_DIGITS]

    meta = {
        "format": FORMAT,
        "config": config.for_browser(),
        "acts": list(acts),
        "pages": pages,
        "starts": starts,
        "kinds": "".join(kinds),
        "lengths": "".join(lengths),
        "titles": "".join(title_lengths),
        "terms": shard_list,
        "vocab": vocab,
        "chunk": CHUNK_DOCS,
        "version": version,
    }
    out = {f"{version}/{name}": content for name, content in files.items()}
    out["meta.json"] = dumps(meta)
    return out


def _shown(text: str) -> str:
    if len(text) <= TEXT_CHARS:
        return text
    cut = text.rfind(" ", 0, TEXT_CHARS)
    return text[: cut if cut > 0 else TEXT_CHARS] + " …"


def act_info(slug: str, key: str, year: str, kind: str, title: str, in_force: bool, ementa: str,
             config: Config) -> dict[str, Any]:
    """One act as the browser knows it (its number, year and type read a query; the ementa's
    stems say which act institutes a subject)."""
    from . import words

    return {
        "slug": slug, "key": key, "year": year, "type": kind, "title": title, "in_force": in_force,
        "ementa": sorted(set(words.stems(ementa, config.stop_words))),
    }


def statute_acts(statutes: Iterable[Any], config: Config) -> list[dict[str, Any]]:
    """:func:`act_info` of each statute of the edition."""
    from ..search_words import act_key

    return [
        act_info(st.slug, act_key(st), (st.identification["date"].value or "")[:4],
                 (st.identification["type"].value or "").lower(), st.short_title,
                 st.status.get("code") == "vigente", st.identification["ementa"].value or "", config)
        for st in statutes
    ]
