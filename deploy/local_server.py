"""Run ``deploy/nginx.conf`` (or ``deploy/Caddyfile``) on 127.0.0.1 for a built site.

Used by ``bash scripts/run.sh serve``, the test suite and the benchmark, so that what is tested and
measured is what a host configured from ``deploy/`` sends (dev/server.md). Each server runs from a
temporary prefix of its own (nginx ``-p``), unprivileged-friendly: a copy of ``deploy/nginx.conf``
byte for byte, the ``listen`` line written next to it, a link to the site, nginx's temporary
folders. Several run at once (worktrees, test processes): each takes a free port, and is known to
be listening only when the port is held by its own process (``/proc``), never by a neighbour that
took the port first.

Run directly to serve ``site/``: ``python deploy/local_server.py site 8000``.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType

DEPLOY = Path(__file__).resolve().parent
NGINX = "/usr/sbin/nginx"
CADDY = "caddy"
START_TIMEOUT = 30.0
LISTEN = "0A"  # TCP_LISTEN in /proc/net/tcp


class ServerError(RuntimeError):
    """The server did not start (its own words are in the message)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def listening_ports(pid: int) -> set[int]:
    """The TCP ports on which process ``pid`` (or a child holding the same sockets) listens."""
    inodes = set()
    with contextlib.suppress(OSError):
        for fd in os.listdir(f"/proc/{pid}/fd"):
            with contextlib.suppress(OSError):
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
                if target.startswith("socket:["):
                    inodes.add(target[8:-1])
    ports = set()
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError), open(name, encoding="ascii") as table:
            next(table)
            for line in table:
                fields = line.split()
                if fields[3] == LISTEN and fields[9] in inodes:
                    ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


def _die_with_parent() -> None:
    """In the child: end (SIGTERM) when the process that started it dies, even by SIGKILL."""
    with contextlib.suppress(Exception):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class LocalServer:
    """One server process for one site, from its own prefix; ``url`` without a trailing slash."""

    def __init__(self, kind: str, root: Path, port: int = 0, config: Path | None = None) -> None:
        self.kind = kind
        self.root = Path(root).resolve()
        # nginx only: another configuration than deploy/nginx.conf (benchmarks/search_engines.py
        # serves its measuring page, which is not the site, with a policy of its own).
        self.config = config or DEPLOY / "nginx.conf"
        self.prefix = Path(tempfile.mkdtemp(prefix=f"ep-{kind}-"))
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0
        tries = 1 if port else 5
        for _ in range(tries):
            try:
                self._start(port or free_port())
                break
            except ServerError:
                self.stop(remove=False)
                if port or _ == tries - 1:
                    self.stop()
                    raise
        self.url = f"http://127.0.0.1:{self.port}"

    def _command(self, port: int) -> tuple[list[str], dict[str, str]]:
        env = dict(os.environ)
        if self.kind == "nginx":
            (self.prefix / "tmp").mkdir(exist_ok=True)
            shutil.copyfile(self.config, self.prefix / "nginx.conf")
            (self.prefix / "listen.conf").write_text(f"listen 127.0.0.1:{port};\n", encoding="ascii")
            site = self.prefix / "site"
            if not site.is_symlink():
                site.symlink_to(self.root, target_is_directory=True)
            # As root, nginx's workers would become "nobody", who cannot read a private
            # temporary folder; unprivileged, the directive is not needed (nor allowed).
            directives = "daemon off;" + (" user root;" if os.geteuid() == 0 else "")
            return [NGINX, "-p", f"{self.prefix}/", "-c", str(self.prefix / "nginx.conf"), "-e", "stderr",
                    "-g", directives], env
        env.update({"EP_ENDERECO": f"http://127.0.0.1:{port}", "EP_ESCUTA": "127.0.0.1", "EP_SITE": str(self.root),
                    "HOME": str(self.prefix), "XDG_DATA_HOME": str(self.prefix), "XDG_CONFIG_HOME": str(self.prefix)})
        return [CADDY, "run", "--config", str(DEPLOY / "Caddyfile"), "--adapter", "caddyfile"], env

    def _start(self, port: int) -> None:
        command, env = self._command(port)
        log = open(self.prefix / "server.log", "wb")  # noqa: SIM115 (kept open by the child)
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env,
                                        preexec_fn=_die_with_parent, cwd=self.prefix)
        log.close()
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServerError(f"{self.kind} terminou ao iniciar: {self.log()[-2000:]}")
            if port in listening_ports(self.process.pid):
                self.port = port
                return
            time.sleep(0.02)
        raise ServerError(f"{self.kind} não escutou em {START_TIMEOUT:.0f} s: {self.log()[-2000:]}")

    def log(self) -> str:
        path = self.prefix / "server.log"
        return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""

    def stop(self, remove: bool = True) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.process = None
        if remove:
            shutil.rmtree(self.prefix, ignore_errors=True)

    # The name the Python test server had: tests and the benchmark call it.
    shutdown = stop

    def __enter__(self) -> LocalServer:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.stop()


def nginx(root: Path, port: int = 0, config: Path | None = None) -> LocalServer:
    """``root`` served by nginx with ``deploy/nginx.conf`` (or ``config``, a file of the same shape)."""
    return LocalServer("nginx", root, port, config)


def caddy(root: Path, port: int = 0) -> LocalServer:
    """``root`` served by Caddy with ``deploy/Caddyfile`` (tests/test_hosting.py, when installed)."""
    return LocalServer("caddy", root, port)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str]) -> int:
    root = Path(argv[0] if argv else "site")
    port = int(argv[1]) if len(argv) > 1 else 8000
    if not (root / "index.html").is_file():
        print(f"{root}/index.html não existe: construa o site antes (bash scripts/run.sh build).", file=sys.stderr)
        return 1
    try:
        server = nginx(root, port)
    except ServerError as exc:
        print(f"O nginx não iniciou na porta {port}: {exc}", file=sys.stderr)
        return 1
    print(f"Servindo {root} com o nginx (deploy/nginx.conf) em {server.url}/ (Ctrl+C para parar)", flush=True)
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        while server.process is not None and server.process.poll() is None:
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        print(server.log()[-2000:], end="", file=sys.stderr)
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
