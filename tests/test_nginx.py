"""nginx with deploy/nginx.conf (deploy/local_server.py) sends the build's precompressed copies by
``Accept-Encoding`` (``.br``, else ``.gz``, else gzip made on the fly, else the file as is), keeps
connections open (HTTP/1.1), answers a missing address with the site's own 404 page, and the
throttling proxy in front of it passes every header through unchanged."""

from __future__ import annotations

import gzip
import http.client
import shutil
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import brotli
import pytest
from site_server import Throttle, start

from deploy.local_server import listening_ports, nginx

pytestmark = pytest.mark.skipif(shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists(),
                                reason="nginx não instalado (bash scripts/run.sh setup instala)")

WASM = b"\0asm" + b"x" * 20_000


@pytest.fixture()
def tiny_site(tmp_path: Path) -> Path:
    (tmp_path / "motor.wasm").write_bytes(WASM)
    (tmp_path / "motor.wasm.br").write_bytes(brotli.compress(WASM))
    (tmp_path / "motor.wasm.gz").write_bytes(gzip.compress(WASM))
    (tmp_path / "pagina.html").write_text("<p>texto</p>" * 100, encoding="utf-8")
    (tmp_path / "pasta").mkdir()
    (tmp_path / "pasta" / "index.html").write_text("<p>pasta</p>", encoding="utf-8")
    (tmp_path / "404.html").write_text("<p>Página não encontrada</p>", encoding="utf-8")
    return tmp_path


@pytest.fixture()
def served(tiny_site: Path) -> Iterator[str]:
    server, url = start(tiny_site)
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
    assert decoded == WASM
    assert int(headers["Content-Length"]) == len(body)


def test_without_a_copy_gzip_is_made_on_the_fly(served: str) -> None:
    headers, body = get(served + "/pagina.html", "gzip, br")
    assert headers.get("Content-Encoding") == "gzip"
    assert gzip.decompress(body).decode() == "<p>texto</p>" * 100


def test_missing_address_gets_the_sites_404_page(served: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as error:
        get(served + "/nada/aqui/", "")
    assert error.value.code == 404
    assert "Página não encontrada" in error.value.read().decode("utf-8")
    assert error.value.headers["Content-Type"] == "text/html; charset=utf-8"


def test_folder_without_slash_redirects_relative(served: str) -> None:
    host, port = served.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port))
    connection.request("GET", "/pasta")
    response = connection.getresponse()
    assert response.status == 301
    assert response.getheader("Location") == "/pasta/"  # the port the browser used, also behind a proxy


def test_one_connection_serves_many_requests(served: str) -> None:
    """HTTP/1.1 keep-alive: the same connection answers one request after another."""
    host, port = served.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port))
    for _ in range(3):
        connection.request("GET", "/pagina.html")
        response = connection.getresponse()
        assert response.version == 11 and response.status == 200
        assert (response.getheader("Connection") or "keep-alive").lower() == "keep-alive"
        response.read()
    assert connection.sock is not None  # never closed by the server in between


def test_the_proxy_passes_nginx_headers_unchanged(tiny_site: Path) -> None:
    seen: list[str] = []
    direct, direct_url = start(tiny_site)
    proxied, proxied_url = start(tiny_site, throttle=Throttle(80_000_000, 0), before=seen.append)
    try:
        plain, body = get(direct_url + "/motor.wasm", "br")
        relayed, relayed_body = get(proxied_url + "/motor.wasm", "br")
        for name in ("Content-Type", "Content-Encoding", "Vary", "Cache-Control", "Content-Security-Policy",
                     "ETag", "Content-Length"):
            assert relayed.get(name) == plain.get(name), name
        assert relayed_body == body
        assert seen == ["/motor.wasm"]
    finally:
        direct.shutdown()
        proxied.shutdown()


def test_without_compression_the_proxy_asks_for_none(tiny_site: Path) -> None:
    server, url = start(tiny_site, compress=False)
    try:
        headers, body = get(url + "/motor.wasm", "gzip, br")
        assert headers.get("Content-Encoding") is None and body == WASM
    finally:
        server.shutdown()


def test_a_held_request_waits_and_a_refused_one_gets_no_answer(tiny_site: Path) -> None:
    release = threading.Event()

    def before(path: str) -> None:
        if path == "/pagina.html":
            release.wait(30)
        if path == "/motor.wasm":
            raise ConnectionResetError(path)

    server, url = start(tiny_site, before=before)
    try:
        done: list[bytes] = []
        reader = threading.Thread(target=lambda: done.append(get(url + "/pagina.html", "")[1]))
        reader.start()
        reader.join(0.5)
        assert not done, "o pedido segurado foi respondido antes da hora"
        release.set()
        reader.join(10)
        assert done and done[0].startswith(b"<p>texto")
        with pytest.raises((ConnectionError, http.client.RemoteDisconnected, urllib.error.URLError)):
            get(url + "/motor.wasm", "")
    finally:
        server.shutdown()


def test_two_servers_never_share_a_port(tiny_site: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    other = tmp_path_factory.mktemp("outro")
    (other / "pagina.html").write_text("<p>outro</p>", encoding="utf-8")
    with nginx(tiny_site) as first, nginx(other) as second:
        assert first.port != second.port
        assert first.process is not None and first.port in listening_ports(first.process.pid)
        assert get(second.url + "/pagina.html", "")[1] == b"<p>outro</p>"
    assert first.process is None and not first.prefix.exists()
