"""The statutes of the site (``data/statutes/*.yaml``), loaded and validated once per build.

The loaded statutes live in the build's :class:`macros.data.site.Site`; :func:`all_statutes` and
:func:`statute` read them from the Site of the build in progress.
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


def all_statutes() -> dict[str, Statute]:
    """The statutes of the build in progress (see :func:`macros.data.site.current`)."""
    from .site import current

    return dict(current().statutes)


def statute(slug: str) -> Statute:
    """One statute by slug."""
    from .site import current

    return current().statute(slug)
