"""Subjects these three acts do not treat (``data/fora.yaml``), for the search's «não está aqui».

When a query finds nothing that answers it (``docs/assets/busca.js`` decides from the scores and
the words of the first results), the search says plainly that the subject is not in the Lei nº
4.860/1965, the Decreto nº 17.961/1945 or the Decreto-Lei of 1941. When the query names a subject
of this list, it also says where the subject is today: an editorial statement with its sources
(act of the registry ``data/atos.yaml`` and provision, official link), the date it was verified
and how it was checked. The browser reads ``search/fora.json``, written here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..data.acts import Registry
from ..data.loader import DataError, load_validated
from .search import config as search_config
from .search import words as search_words

FILE = "search/fora.json"


def load(path: Path, acts: Registry) -> list[dict[str, Any]]:
    """Read and check ``data/fora.yaml``; return the subjects as the browser reads them.

    Every source must name an act of the registry that has an official address; the names of a
    subject are stemmed like the search's index (:mod:`macros.build.search.words`), so the search
    compares them with the query's own stems."""
    raw = load_validated(path, "fora")
    stop = search_config.load().stop_words
    seen: set[str] = set()
    out = []
    for i, item in enumerate(raw["assuntos"]):
        place = f"assuntos[{i}]"
        if item["id"] in seen:
            raise DataError(path, f"{place}.id", f"assunto repetido: {item['id']!r}")
        seen.add(item["id"])
        keys = []
        for j, name in enumerate(item["names"]):
            stems = search_words.stems(name, stop)
            if not stems:
                raise DataError(path, f"{place}.names[{j}]", f"só palavras vazias: {name!r}")
            keys.append(stems)
        sources = []
        for j, source in enumerate(item["sources"]):
            try:
                act = acts[source["act"]]
            except KeyError:
                raise DataError(path, f"{place}.sources[{j}].act",
                                f"ato {source['act']!r} não está no registro (data/atos.yaml)") from None
            if not act.url:
                raise DataError(path, f"{place}.sources[{j}].act",
                                f"o ato {source['act']!r} não tem endereço oficial no registro")
            sources.append({"act": act.short, "provision": source["provision"], "url": act.url})
        out.append({
            "id": item["id"],
            "name": item["name"],
            "keys": keys,
            "statement": " ".join(item["statement"].split()),
            "sources": sources,
            "verified": item["verified"],
            "checked": " ".join(item["checked"]["note"].split()),
        })
    return out


def content(subjects: list[dict[str, Any]]) -> str:
    """The JSON the page reads (``search/fora.json``)."""
    return json.dumps({"assuntos": subjects}, ensure_ascii=False, separators=(",", ":"))
