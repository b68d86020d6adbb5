"""tests/static_server.py serves the build's pre-compressed copies by ``Accept-Encoding``
(``.br``, else ``.gz``, else gzip made on the fly, else the file as is), as dev/server.md
asks of a host."""

from __future__ import annotations

import gzip
import os
import urllib.request
from pathlib import Path

import brotli
import pytest
from static_server import accepted, start


@pytest.fixture()
def served(tmp_path: Path) -> str:
    (tmp_path / "motor.wasm").write_bytes(b"\0asm" + b"x" * 20_000)
    (tmp_path / "motor.wasm.br").write_bytes(brotli.compress((tmp_path / "motor.wasm").read_bytes()))
    (tmp_path / "motor.wasm.gz").write_bytes(gzip.compress((tmp_path / "motor.wasm").read_bytes()))
    (tmp_path / "pagina.html").write_text("<p>texto</p>" * 100, encoding="utf-8")
    server, url = start(tmp_path)
    yield url
    server.shutdown()


def get(url: str, encoding: str) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    with urllib.request.urlopen(request) as response:
        return dict(response.headers), response.read()


@pytest.mark.parametrize(("accept", "sent"), [
    ("gzip, deflate, br, zstd", "br"),
    ("gzip, deflate", "gzip"),
    ("br;q=0, gzip", "gzip"),
    ("", None),
])
def test_precompressed_copy_by_accept_encoding(served: str, accept: str, sent: str | None) -> None:
    headers, body = get(served + "/motor.wasm", accept)
    assert headers.get("Content-Encoding") == sent
    assert headers["Content-Type"] == "application/wasm"
    assert headers["Vary"] == "Accept-Encoding"
    decoded = {"br": brotli.decompress, "gzip": gzip.decompress, None: lambda b: b}[sent](body)
    assert decoded == b"\0asm" + b"x" * 20_000
    assert int(headers["Content-Length"]) == len(body)


def test_without_a_copy_gzip_is_made_on_the_fly(served: str) -> None:
    headers, body = get(served + "/pagina.html", "gzip, br")
    assert headers.get("Content-Encoding") == "gzip"
    assert gzip.decompress(body).decode() == "<p>texto</p>" * 100


def test_a_copy_older_than_its_file_is_not_served(served: str, tmp_path: Path) -> None:
    wasm = tmp_path / "motor.wasm"
    wasm.write_bytes(b"\0asm novo" + b"y" * 20_000)
    os.utime(wasm, (wasm.stat().st_atime, (tmp_path / "motor.wasm.br").stat().st_mtime + 10))
    headers, body = get(served + "/motor.wasm", "gzip, br")
    assert headers.get("Content-Encoding") == "gzip"
    assert gzip.decompress(body) == wasm.read_bytes()


def test_accepted_reads_q_values() -> None:
    assert accepted("gzip, deflate, br") == {"gzip", "deflate", "br"}
    assert accepted("br;q=0, gzip;q=0.5") == {"gzip"}
