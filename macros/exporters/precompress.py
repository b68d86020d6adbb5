"""Pre-compressed copies of the engine and of the large assets, written at build (issue 22 §3).

Next to each file that gains from it the build writes ``<file>.br`` (brotli, quality 11) and
``<file>.gz`` (gzip -9, for hosts that serve only gzip). A host that honours them sends the
``.br`` to a browser whose ``Accept-Encoding`` names ``br``, else the ``.gz``, else the file as
is, with ``Content-Encoding`` and ``Vary: Accept-Encoding`` (``tests/static_server.py`` does;
README «Hospedagem» says how for common hosts). The browser decodes them: the engine's hashes,
the service worker's cache and the progress count see the same bytes as before.

Brotli at quality 11 is slow (about a minute for Pyodide's ``.wasm`` on a busy machine), so each
result is kept in a cache outside the repository, by content hash (``$XDG_CACHE_HOME`` or
``~/.cache``, folder ``estatutos-portuarios/brotli``): a file that did not change is compressed
once per machine. The output depends only on the input bytes (same bytes, same ``.br``).
"""

from __future__ import annotations

import fcntl
import gzip
import hashlib
import os
import tempfile
from pathlib import Path

import brotli

# Files that gain from compression; smaller ones are not worth a second request path.
COMPRESSIBLE = {".wasm", ".mjs", ".js", ".css", ".json", ".html", ".xml", ".txt", ".csv", ".svg", ".zip"}
MIN_BYTES = 10_000
BROTLI_QUALITY = 11
BROTLI_WINDOW = 24  # the largest window: the .wasm is 9.6 MB
# .zip only for the engine's own archives, which the build writes uncompressed for this purpose.
ENGINE_ZIPS = ("python_stdlib.zip", "calculadoras.zip")
# The downloads keep one file each, as listed with its hash on /dados/ (a host may still gzip them).
NOT_COPIED = ("dados", "fontes")


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "estatutos-portuarios" / "brotli"


def brotli_bytes(content: bytes) -> bytes:
    """``content`` compressed with brotli (quality 11), from the cache when it was done before.

    Two builds at once (the test suite's two processes each build the site) compress a file once:
    the first takes the key's lock and compresses, the second waits for it and reads its result."""
    key = hashlib.sha256(content).hexdigest()
    cached = cache_dir() / f"{key}-q{BROTLI_QUALITY}w{BROTLI_WINDOW}.br"
    try:
        return cached.read_bytes()
    except OSError:
        pass
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        lock = open(cached.with_suffix(".lock"), "a+b")  # noqa: SIM115  (held until compressed)
    except OSError:
        return compress_and_keep(content, cached)  # no writable cache: compress here, every time
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            return cached.read_bytes()  # the other build compressed it while this one waited
        except OSError:
            return compress_and_keep(content, cached)


def compress_and_keep(content: bytes, cached: Path) -> bytes:
    packed: bytes = brotli.compress(content, quality=BROTLI_QUALITY, lgwin=BROTLI_WINDOW)
    try:
        with tempfile.NamedTemporaryFile(dir=cached.parent, delete=False) as tmp:
            tmp.write(packed)
        os.replace(tmp.name, cached)  # atomic: parallel builds never read half a file
    except OSError:
        pass  # no writable cache: the next build compresses again
    return packed


def gzip_bytes(content: bytes) -> bytes:
    return gzip.compress(content, compresslevel=9, mtime=0)


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
