"""A cache of slow, deterministic build steps, kept outside the repository between builds.

Brotli at quality 11 (about a minute for Pyodide's ``.wasm``), gzip -9 of the engine's large files
and esbuild's bundles of the site's scripts give the same bytes for the same input, so each
result is kept by the SHA-256 of its input (``$XDG_CACHE_HOME`` or ``~/.cache``, folder
``estatutos-portuarios/<kind>``) and computed once per machine. Two builds at once (the test
suite's two processes each build the site) compute a result once: the first takes the key's lock
and computes, the second waits for it and reads its result. Without a writable cache, every build
computes again; the output is the same.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path


def cache_dir(kind: str) -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "estatutos-portuarios" / kind


def cached(kind: str, key: bytes, suffix: str, compute: Callable[[], bytes]) -> bytes:
    """``compute()``, or its earlier result for the same ``key`` (the input's bytes, with anything
    else the result depends on) and ``suffix`` (the settings, e.g. ``q11w24.br``)."""
    path = cache_dir(kind) / f"{hashlib.sha256(key).hexdigest()}-{suffix}"
    try:
        return path.read_bytes()
    except OSError:
        pass
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = open(path.with_name(path.name + ".lock"), "a+b")  # noqa: SIM115  (held until computed)
    except OSError:
        return compute()  # no writable cache: computed here, every time
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            return path.read_bytes()  # the other build computed it while this one waited
        except OSError:
            pass
        result = compute()
        try:
            with tempfile.NamedTemporaryFile(dir=path.parent, delete=False) as tmp:
                tmp.write(result)
            os.replace(tmp.name, path)  # atomic: a parallel build never reads half a file
        except OSError:
            pass  # no writable cache: the next build computes again
        return result
