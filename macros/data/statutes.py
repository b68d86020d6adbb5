"""The statutes of the site (``data/statutes/*.yaml``), loaded and validated once per build.

The loaded statutes live in the build's :class:`macros.data.site.Site` (``site.statutes``); the
renderers receive the Site from the macro that a page calls.
"""

from __future__ import annotations

from pathlib import Path

from .fidelity import check_source_hash, check_statute_text
from .loader import DATA, DataError
from .model import Statute, load_statute


def load_statutes(folder: Path = DATA / "statutes") -> dict[str, Statute]:
    """Every statute file in ``folder``, validated (a broken file raises DataError), in the order
    of presentation (home page, «Hoje», downloads): chronological, by the act's date.

    Each statute's source document must be the one it was transcribed from, and its text must be
    the source's (:mod:`macros.data.fidelity`); the sources are ``folder``'s sibling ``sources/``."""
    statutes = [load_statute(path) for path in sorted(folder.glob("*.yaml"))]
    sources = folder.parent / "sources"
    for statute in statutes:
        check_source_hash(statute.path, "source.sha256", sources / statute.source_file, statute.source_sha256)
        check_statute_text(statute, sources)
    statutes.sort(key=lambda st: (st.identification["date"].value or "9999", st.slug))
    by_slug = {st.slug: st for st in statutes}
    check_cross_references(by_slug)
    return by_slug


def check_cross_references(statutes: dict[str, Statute]) -> None:
    """A citation to a provision of another act of this edition (``lei-4860-1965/#art7``) must
    name one that exists: a dead anchor would publish a link to nowhere."""
    for st in statutes.values():
        for node in st.walk():
            for i, cit in enumerate(node.citations):
                target = cit.target
                if target.startswith("#") or "#" not in target or ":" in target.split("#", 1)[0]:
                    continue
                page, anchor = target.split("#", 1)
                other = statutes.get(page.strip("/").split("/")[-1])
                if other is None:
                    continue
                if anchor not in {n.id for n in other.walk()}:
                    raise DataError(st.path, f"{node.id}.citations[{i}].target",
                                    f"remissão para {target!r}: {other.slug} não tem o dispositivo {anchor!r}")

