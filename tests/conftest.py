"""Shared fixtures: the site is built once per test session, strictly, into a temporary folder."""

from __future__ import annotations

import os
import subprocess
import sys
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


def pytest_configure(config: pytest.Config) -> None:
    """Load the Site of the real data once per test session and make it the current one, as the
    hook ``on_config`` does at the start of a build: the tests read it with ``data_site.current()``
    (``current().statutes``, ``current().decree_tables``…) or take the fixture ``site``. Tests of
    broken data load their own copy with ``data_site.load(folder)`` or run the real build."""
    data_site.use(data_site.load())


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


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site (strict build must pass)."""
    out = tmp_path_factory.mktemp("site")
    done = build_site(out)
    assert done.returncode == 0, f"mkdocs build --strict falhou:\n{done.stdout}\n{done.stderr}"
    return out
