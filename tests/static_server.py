"""A static file server for the built site, with the headers a host should send.

Used by ``bash scripts/run.sh serve``, the browser tests and the benchmark, so that what is
measured locally is what a host gives (README, «Hospedagem»):

- content types: ``.wasm`` is ``application/wasm`` and ``.mjs`` a JavaScript type, or
  ``loadPyodide()`` never settles; ``.webmanifest`` is ``application/manifest+json``;
- compression: the build's pre-compressed copy (``<file>.br`` when the browser's
  ``Accept-Encoding`` names ``br``, else ``<file>.gz``; macros/build/precompress.py), else
  gzip made on the fly, for every type that gains from it (``Vary: Accept-Encoding``);
  ``compress=False`` serves everything as is;
- caching: files whose name carries a content hash (the theme's bundles, Workbox's runtime) are
  ``immutable`` for a year; everything else (pages, ``sw.js``, the engine) is ``no-cache``:
  kept, but revalidated with ``ETag``/``Last-Modified`` (a ``304`` costs no body).

Run directly to serve ``site/``: ``python tests/static_server.py site 8000``.
"""

from __future__ import annotations

import contextlib
import email.utils
import functools
import gzip
import os
import re
import sys
import threading
import time
from collections.abc import Callable
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

CONTENT_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
    ".txt": "text/plain; charset=utf-8",
    ".csv": "text/csv; charset=utf-8",
    ".svg": "image/svg+xml",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
    ".xml": "application/xml",
}
# Already compressed: gzip would only add bytes.
NO_GZIP = {".png", ".jpg", ".ico", ".woff2", ".gz"}
HASHED = re.compile(r"[.-][0-9a-f]{8}(\.min)?\.(js|css)$")
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


def accepted(header: str) -> set[str]:
    """The encodings an ``Accept-Encoding`` header accepts (``q=0`` refuses one)."""
    out = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        if name and params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000"):
            out.add(name.strip().lower())
    return out


def cache_control(path: str) -> str:
    """The Cache-Control a host should send for a path of the site."""
    name = path.rsplit("/", 1)[-1]
    if HASHED.search(name) and name not in ("sw.js", "sw-motor.js"):
        return IMMUTABLE
    return REVALIDATE


class Throttle:
    """A slow link shared by every request of one server: ``bits_per_second`` in total (one
    token bucket) and ``latency`` seconds before each response (used by the benchmark)."""

    def __init__(self, bits_per_second: float, latency: float) -> None:
        self.rate = bits_per_second / 8
        self.latency = latency
        self.lock = threading.Lock()
        self.free_at = time.monotonic()

    def send(self, count: int) -> None:
        with self.lock:
            now = time.monotonic()
            self.free_at = max(now, self.free_at) + count / self.rate
            delay = self.free_at - now
        time.sleep(delay)


class Handler(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}
    compress: ClassVar[bool] = True
    throttle: ClassVar[Throttle | None] = None
    # Called with each request's path before it is answered: tests record requests with it, or
    # hold one (e.g. the engine) until they release it.
    before: ClassVar[Callable[[str], None] | None] = None
    _gzipped: ClassVar[dict[tuple[str, float], bytes]] = {}
    _lock: ClassVar[threading.Lock] = threading.Lock()

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A missing address gets the site's own ``404.html`` (with status 404), as static hosts
        do; any other error, the standard page."""
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file() or self.command != "GET":
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def handle(self) -> None:
        # The browser may close the page (or a test its context) mid-download.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().handle()

    def _compressed(self, path: str, stat: os.stat_result) -> bytes:
        key = (path, stat.st_mtime)
        with self._lock:
            cached = self._gzipped.get(key)
        if cached is None:
            cached = gzip.compress(Path(path).read_bytes(), compresslevel=9, mtime=0)
            with self._lock:
                self._gzipped[key] = cached
        return cached

    def copyfile(self, source: Any, outputfile: Any) -> None:
        if self.throttle is None:
            super().copyfile(source, outputfile)
            return
        while chunk := source.read(16 * 1024):
            self.throttle.send(len(chunk))
            outputfile.write(chunk)

    def send_head(self) -> Any:
        if self.before is not None:
            self.before(self.path)
        if self.throttle is not None:
            time.sleep(self.throttle.latency)
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].endswith("/"):
                return super().send_head()  # redirect to the slash form
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return super().send_head()  # 404 (or a directory listing)
        suffix = os.path.splitext(path)[1].lower()
        encodings = accepted(self.headers.get("Accept-Encoding", "")) if self.compress else set()
        # The build's pre-compressed copy, brotli first; else gzip made here.
        encoding, served = "", path
        # A copy older than its file (the file edited after the build) is never served.
        for name, ext in (("br", ".br"), ("gzip", ".gz")):
            fresh = os.path.isfile(path + ext) and os.path.getmtime(path + ext) >= os.path.getmtime(path)
            if name in encodings and fresh:
                encoding, served = name, path + ext
                break
        gzip_ok = not encoding and self.compress and suffix not in NO_GZIP and "gzip" in encodings
        if gzip_ok:
            encoding = "gzip"
        stat = os.stat(served)
        etag = f'"{int(stat.st_mtime_ns):x}-{stat.st_size:x}"'
        tag = etag[:-1] + f'-{encoding}"' if encoding else etag
        if self.headers.get("If-None-Match") == tag:
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.send_header("ETag", tag)
            self.send_header("Cache-Control", cache_control(path))
            self.end_headers()
            return None
        body = self._compressed(path, stat) if gzip_ok else None
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Length", str(len(body) if body is not None else stat.st_size))
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        self.send_header("ETag", tag)
        self.send_header("Cache-Control", cache_control(path))
        if self.compress and (suffix not in NO_GZIP or served != path):
            self.send_header("Vary", "Accept-Encoding")
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.end_headers()
        if body is not None:
            import io

            return io.BytesIO(body)
        return open(served, "rb")


def start(
    root: Path, port: int = 0, compress: bool = True, throttle: Throttle | None = None,
    before: Callable[[str], None] | None = None,
) -> tuple[ThreadingHTTPServer, str]:
    """Serve ``root`` on 127.0.0.1 in a daemon thread; return the server and its base URL.
    ``before(path)`` is called before each request is answered (see ``Handler.before``)."""
    handler_class = type("SiteHandler", (Handler,), {"compress": compress, "throttle": throttle,
                                                     "before": staticmethod(before) if before else None})
    handler = functools.partial(handler_class, directory=str(root))
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


if __name__ == "__main__":
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "site")
    port = int(sys.argv[2]) if len(sys.argv) > 2 else 8000
    server, url = start(root, port)
    print(f"Servindo {root} em {url}/ (gzip, cabeçalhos de cache; Ctrl+C para parar)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()
