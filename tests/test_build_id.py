"""The build id (``SHA7 AAAA-MM-DD``, ``macros/data/build_id.py``): every page, the engine
manifest, the tables the browser computes with and the service worker carry the same one."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from macros.data import build_id

ROOT = Path(__file__).resolve().parent.parent
META = re.compile(r'<meta name="ep-versao" content="([^"]*)">')


def _expected() -> str:
    sha = subprocess.run(["git", "rev-parse", "--short=7", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.strip()
    epoch = os.environ.get("SOURCE_DATE_EPOCH") or subprocess.run(
        ["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    day = dt.datetime.fromtimestamp(int(epoch), dt.UTC).date().isoformat()
    return f"{sha} {day}"


def test_every_page_and_file_carries_the_build_id(site_dir: Path) -> None:
    want = _expected()
    pages = sorted(site_dir.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        found = META.findall(page.read_text(encoding="utf-8"))
        assert found == [want], f"{page.relative_to(site_dir)}: ep-versao {found}, esperado {want!r}"
    assert json.loads((site_dir / "assets" / "motor.json").read_text(encoding="utf-8"))["versao"] == want
    tables = json.loads((site_dir / "assets" / "calculadoras-dados.json").read_text(encoding="utf-8"))
    assert tables["versao"] == want
    assert f"build:{json.dumps(want)}" in (site_dir / "sw-motor.js").read_text(encoding="utf-8")
    # The server's current build, never precached (asked when an engine file does not match).
    assert json.loads((site_dir / "assets" / "versao.json").read_text(encoding="utf-8")) == {"versao": want}
    assert '"assets/versao.json"' not in (site_dir / "sw.js").read_text(encoding="utf-8")


def test_outside_git_the_id_is_dev(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build_id, "ROOT", tmp_path)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path.parent))
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert build_id.build_id() == "dev"


def test_source_date_epoch_sets_the_date(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    assert build_id.build_date() == dt.date(1970, 1, 1)
    assert build_id.build_id().endswith(" 1970-01-01")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "amanhã")
    with pytest.raises(build_id.BuildIdError, match="SOURCE_DATE_EPOCH"):
        build_id.build_date()
