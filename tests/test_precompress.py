"""The build's brotli cache (macros/exporters/precompress.py): one compression per content, even
when two builds ask for it at once (the suite's two processes each build the site)."""

from __future__ import annotations

import threading
from pathlib import Path

import brotli
import pytest

from macros.exporters import precompress


def test_two_builds_at_once_compress_a_file_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    calls: list[int] = []
    inside = threading.Event()
    release = threading.Event()
    real = brotli.compress

    def slow_compress(content: bytes, **options: int) -> bytes:
        calls.append(1)
        inside.set()
        release.wait(30)  # the second build asks while the first is still compressing
        return real(content, **options)

    monkeypatch.setattr(precompress.brotli, "compress", slow_compress)
    content = b"capatazia " * 5000
    results: list[bytes] = []
    first = threading.Thread(target=lambda: results.append(precompress.brotli_bytes(content)))
    second = threading.Thread(target=lambda: results.append(precompress.brotli_bytes(content)))
    first.start()
    assert inside.wait(30)
    second.start()
    second.join(0.5)
    assert second.is_alive()  # waiting for the first, not compressing too
    release.set()
    first.join(30)
    second.join(30)
    assert len(calls) == 1
    assert len(results) == 2 and results[0] == results[1]
    assert brotli.decompress(results[0]) == content
    # A third build reads the cache without compressing.
    assert precompress.brotli_bytes(content) == results[0] and len(calls) == 1


def test_without_a_writable_cache_it_still_compresses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    content = b"terno " * 3000
    assert brotli.decompress(precompress.brotli_bytes(content)) == content
