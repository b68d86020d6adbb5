"""The statutes of the site (``data/statutes/*.yaml``), loaded and validated once per build.

The loaded statutes live in the build's :class:`macros.data.site.Site`; :func:`all_statutes` and
:func:`statute` read them from the Site of the build in progress.
"""

from __future__ import annotations

from pathlib import Path

from .loader import DATA
from .model import Statute, load_statute

# Order of presentation on the home page and in the navigation (chronological).
SLUGS = ("decreto-lei-3844-1941", "decreto-17961-1945", "lei-4860-1965")


def load_statutes(folder: Path = DATA / "statutes") -> dict[str, Statute]:
    """Every statute file in ``folder``, validated; a broken file raises DataError."""
    found = {path.stem: load_statute(path) for path in sorted(folder.glob("*.yaml"))}
    return {slug: found[slug] for slug in SLUGS if slug in found} | found


def all_statutes() -> dict[str, Statute]:
    """The statutes of the build in progress (see :func:`macros.data.site.current`)."""
    from .site import current

    return dict(current().statutes)


def statute(slug: str) -> Statute:
    """One statute by slug."""
    from .site import current

    return current().statute(slug)
