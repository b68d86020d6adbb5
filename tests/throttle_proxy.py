"""A small TCP proxy in front of nginx, for the tests that need a slow link or to see requests.

It relays bytes both ways unchanged (HTTP/1.1, keep-alive, every header nginx sends), and reads
only the head of each request the browser sends, to:

- ``throttle``: slow every answer down to a shared rate, with a latency before each request
  (the benchmark's profiles, the engine kept while the precache is still downloading);
- ``before(path)``: be told of each request before nginx sees it; it may block (a test holds a
  request until it releases it) or raise (the connection is dropped: the browser gets no answer);
- ``identity``: take ``Accept-Encoding`` out of each request, so nginx sends every file as it is
  (a host that compresses nothing).
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable

CHUNK = 16 * 1024
HEAD_LIMIT = 64 * 1024


class Throttle:
    """A slow link shared by every connection of one proxy: ``bits_per_second`` in total (one
    token bucket) and ``latency`` seconds before each request is passed on."""

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


def _without_accept_encoding(head: bytes) -> bytes:
    lines = head.split(b"\r\n")
    return b"\r\n".join(line for line in lines if not line.lower().startswith(b"accept-encoding:"))


def _body_length(head: bytes) -> int:
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            with contextlib.suppress(ValueError):
                return int(value.strip())
    return 0


class Proxy:
    """Listens on 127.0.0.1 (a free port) and relays each connection to ``upstream``'s port."""

    def __init__(self, upstream: int, throttle: Throttle | None = None,
                 before: Callable[[str], None] | None = None, identity: bool = False) -> None:
        self.upstream = upstream
        self.throttle = throttle
        self.before = before
        self.identity = identity
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self.closed = threading.Event()
        self.sockets: set[socket.socket] = set()
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, name="proxy-accept", daemon=True).start()

    def _accept(self) -> None:
        while not self.closed.is_set():
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _track(self, *socks: socket.socket) -> None:
        with self.lock:
            self.sockets.update(socks)

    def _close(self, *socks: socket.socket) -> None:
        for sock in socks:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(OSError):
                sock.close()
            with self.lock:
                self.sockets.discard(sock)

    def _serve(self, client: socket.socket) -> None:
        try:
            server = socket.create_connection(("127.0.0.1", self.upstream))
        except OSError:
            self._close(client)
            return
        self._track(client, server)
        threading.Thread(target=self._answers, args=(server, client), daemon=True).start()
        pending = b""
        try:
            while True:
                while b"\r\n\r\n" not in pending:
                    data = client.recv(CHUNK)
                    if not data or len(pending) > HEAD_LIMIT:
                        return
                    pending += data
                head, _, pending = pending.partition(b"\r\n\r\n")
                target = head.split(b"\r\n", 1)[0].split(b" ")
                path = target[1].decode("latin-1") if len(target) > 1 else "/"
                if self.before is not None:
                    self.before(path)  # may block, or raise to drop the connection
                if self.throttle is not None and self.throttle.latency:
                    time.sleep(self.throttle.latency)
                if self.identity:
                    head = _without_accept_encoding(head)
                server.sendall(head + b"\r\n\r\n")
                body = _body_length(head)
                while body > 0:
                    if not pending:
                        pending = client.recv(min(CHUNK, body))
                        if not pending:
                            return
                    piece, pending = pending[:body], pending[body:]
                    server.sendall(piece)
                    body -= len(piece)
        except Exception:  # a dropped request, a closed browser: the connection ends
            return
        finally:
            self._close(client, server)

    def _answers(self, server: socket.socket, client: socket.socket) -> None:
        try:
            while data := server.recv(CHUNK):
                if self.throttle is not None:
                    self.throttle.send(len(data))
                client.sendall(data)
        except OSError:
            pass
        finally:
            self._close(client, server)

    def shutdown(self) -> None:
        self.closed.set()
        with contextlib.suppress(OSError):
            self.listener.close()
        with self.lock:
            socks = list(self.sockets)
        self._close(*socks)
