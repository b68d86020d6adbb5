"""The statutes of the site, loaded and validated once per build."""

from __future__ import annotations

from functools import lru_cache

from .loader import DATA
from .model import Statute, load_statute

# Order of presentation on the home page and in the navigation (chronological).
SLUGS = ("decreto-lei-3844-1941", "decreto-17961-1945", "lei-4860-1965")


@lru_cache(maxsize=1)
def all_statutes() -> dict[str, Statute]:
    """Every statute file in ``data/statutes``, validated; a broken file raises DataError."""
    found = {path.stem: load_statute(path) for path in sorted((DATA / "statutes").glob("*.yaml"))}
    return {slug: found[slug] for slug in SLUGS if slug in found} | found


def statute(slug: str) -> Statute:
    """One statute by slug."""
    return all_statutes()[slug]
