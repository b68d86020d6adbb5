"""A static file server for the built site, with explicit content types.

Used by the browser tests and the benchmark: ``.wasm`` must be ``application/wasm`` and ``.mjs``
a JavaScript type, or ``loadPyodide()`` never settles. Run directly to serve ``site/``:
``python tests/static_server.py site 8000``.
"""

from __future__ import annotations

import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

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
}


class Handler(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}

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


def start(root: Path, port: int = 0) -> tuple[ThreadingHTTPServer, str]:
    """Serve ``root`` on 127.0.0.1 in a daemon thread; return the server and its base URL."""
    handler = functools.partial(Handler, directory=str(root))
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


if __name__ == "__main__":
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "site")
    port = int(sys.argv[2]) if len(sys.argv) > 2 else 8000
    server, url = start(root, port)
    print(f"Servindo {root} em {url}/", flush=True)
    threading.Event().wait()
