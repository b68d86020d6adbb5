"""Shared fixtures: the site is built once per test session, strictly, into a temporary folder."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import settings

# No time limit per generated example: on a busy machine (2 cores shared by many processes) a
# 200 ms deadline fails correct code. Speed is measured by the benchmarks, never by a timed assert.
settings.register_profile("sem-prazo", deadline=None)
settings.load_profile("sem-prazo")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from macros.data import site as data_site  # noqa: E402

# The fast loop (``bash scripts/run.sh test --rapido``, CONTRIBUTING «O ciclo rápido») runs what is
# neither ``browser`` (tests/browser/, marked here) nor ``site`` (a test that builds the site: the
# ``site_dir`` fixture, marked here, or a module or function that runs ``mkdocs`` itself and says so
# with ``pytest.mark.site``). So that a mark cannot be forgotten, the fast loop refuses to start a
# build or Chromium at all: such a test then fails and names the mark it lacks.
RAPIDO = bool(os.environ.get("EP_RAPIDO"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "browser" in Path(str(item.path)).parts:
            item.add_marker(pytest.mark.browser)
        if "site_dir" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.site)


def _guard_fast_loop() -> None:
    """In the fast loop, a process that builds the site or starts Chromium is refused."""
    real_init = subprocess.Popen.__init__

    def guarded(self: subprocess.Popen[bytes], args: object, *rest: object, **kwargs: object) -> None:
        words = " ".join(map(str, args)) if isinstance(args, list | tuple) else str(args)
        if " mkdocs" in f" {words}" or "chromium" in words:
            raise RuntimeError("este teste constrói o site ou abre o Chromium: marque-o com "
                               "@pytest.mark.site (ou ponha-o em tests/browser/) — o ciclo rápido não o roda")
        real_init(self, args, *rest, **kwargs)  # type: ignore[arg-type]

    subprocess.Popen.__init__ = guarded  # type: ignore[assignment, method-assign]


def pytest_configure(config: pytest.Config) -> None:
    """Load the Site of the real data once per test session and make it the current one, as the
    hook ``on_config`` does at the start of a build: the tests read it with ``data_site.current()``
    (``current().statutes``, ``current().decree_tables``…) or take the fixture ``site``. Tests of
    broken data load their own copy with ``data_site.load(folder)`` or run the real build."""
    data_site.use(data_site.load())
    if RAPIDO:
        _guard_fast_loop()


@pytest.fixture(scope="session")
def site() -> data_site.Site:
    """The Site of the real data (``data/``), loaded once per test session."""
    return data_site.current()


def build_site(out: Path, env: dict[str, str] | None = None, offline: bool = True,
               prefix: list[str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``mkdocs build --strict`` into ``out`` and then, as ``scripts/run.sh build`` does, the
    service worker generation (``offline``); return the first process that failed, or the last.
    ``prefix`` runs both under a wrapper (``faketime``)."""
    pre = list(prefix or [])
    done = subprocess.run(
        [*pre, sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-q", "-d", str(out)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **(env or {})},
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode != 0 or not offline:
        return done
    return subprocess.run(
        [*pre, "node", str(ROOT / "scripts" / "service_worker.mjs"), str(out)],
        cwd=ROOT, env={**os.environ, **(env or {})}, capture_output=True, text=True, timeout=300,
    )


def site_files(folder: Path) -> dict[str, list[int]]:
    """Every file under ``folder``: its path → [size, modification time in ns]."""
    out = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() or path.is_symlink():
            info = path.lstat()
            out[path.relative_to(folder).as_posix()] = [info.st_size, info.st_mtime_ns]
    return out


def changed_files(before: dict[str, list[int]], folder: Path) -> list[str]:
    """What changed in ``folder`` since ``before`` (:func:`site_files`): added, removed, rewritten."""
    now = site_files(folder) if folder.is_dir() else {}
    return sorted(f"{name} ({'novo' if name not in before else 'apagado' if name not in now else 'reescrito'})"
                  for name in set(before) | set(now) if before.get(name) != now.get(name))


class SessionSite:
    """The session's site, built once for the whole run and started as soon as the tests are
    collected, in the background (``pytest_collection_finish``): while ``mkdocs build`` runs in
    its own process, the tests that do not need the site go on. With several test processes
    (pytest-xdist) the first one to take the lock builds into the run's shared temporary folder
    and the others read its result; nothing writes into that folder afterwards (tests that change
    a site copy it first)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.out = root / "site-da-sessao"
        # Each file of the built site (size, modification time), read again when the run ends.
        self.files = root / "site-da-sessao.arquivos.json"
        self.thread = threading.Thread(target=self.build_once, name="site-da-sessao", daemon=True)
        self.result: dict[str, object] = {}

    def build_once(self) -> None:
        status = self.root / "site-da-sessao.json"
        with open(self.root / "site-da-sessao.lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not status.exists():
                done = build_site(self.out)
                if done.returncode == 0:
                    self.files.write_text(json.dumps(site_files(self.out)), encoding="utf-8")
                status.write_text(json.dumps({"returncode": done.returncode, "stdout": done.stdout[-20_000:],
                                              "stderr": done.stderr[-20_000:]}), encoding="utf-8")
            self.result = json.loads(status.read_text(encoding="utf-8"))

    def wait(self) -> Path:
        self.thread.join()
        result = self.result
        assert result.get("returncode") == 0, (
            f"mkdocs build --strict falhou:\n{result.get('stdout', '')}\n{result.get('stderr', '')}")
        return self.out


SESSION_SITE = pytest.StashKey[SessionSite]()


def session_site(config: pytest.Config) -> SessionSite:
    """The run's site builder: its folder is shared by the run's test processes (pytest-xdist
    gives each a folder inside the run's own), or the session's own folder without xdist."""
    if SESSION_SITE not in config.stash:
        factory: pytest.TempPathFactory = config._tmp_path_factory  # type: ignore[attr-defined]
        base = factory.getbasetemp()
        root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
        config.stash[SESSION_SITE] = SessionSite(root)
    return config.stash[SESSION_SITE]


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start building the site at once when a collected test needs it."""
    if any("site_dir" in getattr(item, "fixturenames", ()) for item in session.items):
        session_site(session.config).thread.start()


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A build still running when the session ends is waited for (no stray process). When the
    run ends (in the main process, after every test process), the session's site must be as it
    was built: a test that wrote into it (instead of into a copy) would change what the tests
    after it read, so the run fails, naming the files."""
    site = session.config.stash.get(SESSION_SITE, None)
    if site is not None and site.thread.is_alive():
        site.thread.join()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    built = session_site(session.config)
    if not built.files.exists():
        return
    changed = changed_files(json.loads(built.files.read_text(encoding="utf-8")), built.out)
    if changed:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        text = ("Um teste escreveu no site da sessão (use uma cópia; dev/tests.md, «Um site por rodada»): "
                + ", ".join(changed[:20]) + (f" e mais {len(changed) - 20}" if len(changed) > 20 else ""))
        if reporter is not None:
            reporter.ensure_newline()
            reporter.write_line(text, red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(scope="session")
def site_dir(request: pytest.FixtureRequest) -> Path:
    """The built site (strict build must pass), one per test run."""
    site = session_site(request.config)
    if site.thread.ident is None:  # not started at collection (a test asked for it another way)
        site.thread.start()
    return site.wait()
