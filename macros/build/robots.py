"""``/robots.txt``: everything may be indexed except the vendored Python engine (13 MB of binaries
that no search result needs); the sitemap's address comes from ``site_url``."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit


def robots_txt(site_url: str) -> str:
    """The text of ``robots.txt`` for a site published at ``site_url``."""
    root = urlsplit(site_url or "/").path.rstrip("/") + "/"
    lines = [
        "# Estatutos Portuários — normas do trabalho portuário: pode indexar tudo,",
        "# menos o motor das calculadoras (Pyodide, arquivos binários).",
        "User-agent: *",
        f"Disallow: {root}assets/pyodide/",
        f"Allow: {root}",
    ]
    if site_url:
        lines += ["", f"Sitemap: {site_url.rstrip('/')}/sitemap.xml"]
    return "\n".join(lines) + "\n"


def write(site_dir: Path, site_url: str) -> None:
    (site_dir / "robots.txt").write_text(robots_txt(site_url), encoding="utf-8")
