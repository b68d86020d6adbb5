"""The built site as the browser tests and the benchmark get it: served by nginx with
``deploy/nginx.conf`` (``deploy/local_server.py``), and, for a test that needs a slow link, to see
or hold requests, or a host that compresses nothing, through the small proxy in front
(``tests/throttle_proxy.py``). Nothing here imitates a host: every header is nginx's."""

from __future__ import annotations

import gzip
from collections.abc import Callable
from pathlib import Path

import brotli
from throttle_proxy import Proxy, Throttle

from deploy.local_server import LocalServer, nginx

__all__ = ["Served", "Throttle", "republish", "start"]


class Served:
    """nginx for one site, maybe behind the proxy; ``shutdown()`` stops both."""

    def __init__(self, server: LocalServer, proxy: Proxy | None) -> None:
        self.server = server
        self.proxy = proxy
        self.url = proxy.url if proxy is not None else server.url

    def shutdown(self) -> None:
        if self.proxy is not None:
            self.proxy.shutdown()
        self.server.stop()


def start(root: Path, compress: bool = True, throttle: Throttle | None = None,
          before: Callable[[str], None] | None = None, config: Path | None = None) -> tuple[Served, str]:
    """Serve ``root`` on 127.0.0.1; return the server and its base URL (no trailing slash).
    ``compress=False``: every file as it is (the proxy drops ``Accept-Encoding``); ``throttle``:
    a slow link; ``before(path)``: called before each request reaches nginx (it may block, or
    raise to drop the connection); ``config``: another nginx configuration than deploy/nginx.conf
    (only the engines benchmark's measuring page, which is not the site)."""
    server = nginx(root, config=config)
    proxy = None
    if throttle is not None or before is not None or not compress:
        proxy = Proxy(server.port, throttle=throttle, before=before, identity=not compress)
    served = Served(server, proxy)
    return served, served.url


def republish(path: Path, data: bytes) -> None:
    """Write a file of a site being served as a new build would: its ``.br``/``.gz`` copies
    too, when the build made them (nginx sends a copy as it finds it, as any host does)."""
    path.write_bytes(data)
    for suffix, pack in ((".br", brotli.compress), (".gz", lambda b: gzip.compress(b, mtime=0))):
        copy = path.with_name(path.name + suffix)
        if copy.exists():
            copy.write_bytes(pack(data))
