"""The statutes of the site (``data/statutes/*.yaml``), loaded and validated once per build.

The loaded statutes live in the build's :class:`macros.data.site.Site` (``site.statutes``); the
renderers receive the Site from the macro that a page calls.
"""

from __future__ import annotations

from pathlib import Path

from .loader import DATA
from .model import Statute, load_statute


def load_statutes(folder: Path = DATA / "statutes") -> dict[str, Statute]:
    """Every statute file in ``folder``, validated (a broken file raises DataError), in the order
    of presentation (home page, «Hoje», downloads): chronological, by the act's date."""
    statutes = [load_statute(path) for path in sorted(folder.glob("*.yaml"))]
    statutes.sort(key=lambda st: (st.identification["date"].value or "9999", st.slug))
    return {st.slug: st for st in statutes}

