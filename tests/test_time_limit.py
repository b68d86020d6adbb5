"""The per-test time limit (pytest-timeout, ``timeout`` in pyproject.toml; dev/tests.md
«Tempo-limite»): it is set, generous, and a test that stops fails with it, named."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

from conftest import ROOT


def test_the_suite_has_a_time_limit_per_test() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert 120 <= int(options["timeout"]) <= 600, options.get("timeout")


def test_a_test_that_hangs_fails_with_its_name(tmp_path: Path) -> None:
    (tmp_path / "test_parado.py").write_text(
        "import time\n\ndef test_espera_para_sempre():\n    time.sleep(60)\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--timeout=1", "test_parado.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=50,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Timeout" in done.stdout and "test_espera_para_sempre" in done.stdout, done.stdout
