"""Pre-compressed copies of the engine and of the large assets, written at build (issue 22 §3).

Next to each file that gains from it the build writes ``<file>.br`` (brotli, quality 11) and
``<file>.gz`` (gzip -9, for hosts that serve only gzip). A host that honours them sends the
``.br`` to a browser whose ``Accept-Encoding`` names ``br``, else the ``.gz``, else the file as
is, with ``Content-Encoding`` and ``Vary: Accept-Encoding`` (``deploy/nginx.conf`` does;
dev/server.md says how for common hosts). The browser decodes them: the engine's hashes,
the service worker's cache and the progress count see the same bytes as before.

Brotli at quality 11 is slow (about a minute for Pyodide's ``.wasm`` on a busy machine), so each
result, and gzip's for the large files, is kept in the build cache (``build_cache.py``, outside the
repository, by content hash): a file that did not change is compressed once per machine. The
output depends only on the input bytes (same bytes, same ``.br``).
"""

from __future__ import annotations

import gzip
from pathlib import Path

import brotli

from . import build_cache

# Files that gain from compression; smaller ones are not worth a second request path.
COMPRESSIBLE = {".wasm", ".mjs", ".js", ".css", ".json", ".html", ".xml", ".txt", ".csv", ".svg", ".zip"}
MIN_BYTES = 10_000
BROTLI_QUALITY = 11
BROTLI_WINDOW = 24  # the largest window: the .wasm is 9.6 MB
# .zip only for the engine's own archives, which the build writes uncompressed for this purpose.
ENGINE_ZIPS = ("python_stdlib.zip", "calculadoras.zip")
# The downloads keep one file each, as listed with its hash on /dados/ (a host may still gzip them).
NOT_COPIED = ("dados", "fontes")
# gzip -9 of a file this large is worth keeping between builds (the engine's files).
GZIP_CACHED_FROM = 256_000


def brotli_bytes(content: bytes) -> bytes:
    """``content`` compressed with brotli (quality 11), from the build cache when done before."""
    return build_cache.cached("brotli", content, f"q{BROTLI_QUALITY}w{BROTLI_WINDOW}.br",
                              lambda: brotli.compress(content, quality=BROTLI_QUALITY, lgwin=BROTLI_WINDOW))


def gzip_bytes(content: bytes) -> bytes:
    """``content`` compressed with gzip -9 (no time stamp: the same bytes every build); a large one
    from the build cache when done before."""
    if len(content) < GZIP_CACHED_FROM:
        return gzip.compress(content, compresslevel=9, mtime=0)
    return build_cache.cached("gzip", content, "9.gz", lambda: gzip.compress(content, compresslevel=9, mtime=0))


def wanted(path: Path, site_dir: Path) -> bool:
    """Whether the build writes compressed copies of ``path``."""
    if path.relative_to(site_dir).parts[0] in NOT_COPIED:
        return False
    suffix = path.suffix.lower()
    if suffix not in COMPRESSIBLE:
        return False
    if suffix == ".zip" and path.name not in ENGINE_ZIPS:
        return False
    return path.stat().st_size >= MIN_BYTES


def write_all(site_dir: Path) -> dict[str, int]:
    """Write ``.br`` and ``.gz`` beside every file that gains from them; return the counts and
    bytes (``files``, ``raw``, ``gzip``, ``brotli``)."""
    totals = {"files": 0, "raw": 0, "gzip": 0, "brotli": 0}
    for path in sorted(site_dir.rglob("*")):
        if not path.is_file() or not wanted(path, site_dir):
            continue
        content = path.read_bytes()
        packed_br = brotli_bytes(content)
        packed_gz = gzip_bytes(content)
        if len(packed_gz) >= len(content):
            continue
        path.with_name(path.name + ".gz").write_bytes(packed_gz)
        if len(packed_br) < len(packed_gz):
            path.with_name(path.name + ".br").write_bytes(packed_br)
        totals["files"] += 1
        totals["raw"] += len(content)
        totals["gzip"] += len(packed_gz)
        totals["brotli"] += min(len(packed_br), len(packed_gz))
    return totals
