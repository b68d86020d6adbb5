"""The build cache (macros/build/build_cache.py): brotli, gzip -9 of large files and esbuild's
minification computed once per input, even when two builds ask at once (the suite's two
processes each build the site), and again when the input changes."""

from __future__ import annotations

import gzip
import threading
from pathlib import Path

import brotli
import pytest

from macros.build import bundles, precompress


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


def test_large_gzip_copies_are_kept_and_equal_to_gzip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    content = bytes(range(256)) * 2000  # over GZIP_CACHED_FROM
    expected = gzip.compress(content, compresslevel=9, mtime=0)
    assert precompress.gzip_bytes(content) == expected
    assert len(list((tmp_path / "estatutos-portuarios" / "gzip").glob("*.gz"))) == 1
    monkeypatch.setattr(precompress.gzip, "compress", lambda *a, **k: b"recomprimido")
    assert precompress.gzip_bytes(content) == expected  # from the cache
    assert precompress.gzip_bytes(content[:1000]) == b"recomprimido"  # a small file: never cached


def test_minified_bundles_come_from_the_cache_until_a_source_changes(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    sources = {"pacote": "(function () { var longName = 1; window.x = longName; })();\n"}
    first = bundles.minify_scripts(sources)
    assert "window.x" in first["pacote"] and "longName" not in first["pacote"]

    def no_node(*args: object, **kwargs: object) -> None:
        raise AssertionError("o esbuild rodou de novo")

    monkeypatch.setattr(bundles.subprocess, "run", no_node)
    assert bundles.minify_scripts(sources) == first
    with pytest.raises(AssertionError, match="o esbuild rodou de novo"):
        bundles.minify_scripts({"pacote": sources["pacote"].replace("= 1", "= 2")})
