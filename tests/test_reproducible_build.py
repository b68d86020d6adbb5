"""Two builds of the same commit are byte-identical (downloads, pages, search index, archives),
whatever the day and the time zone of the machine that builds.

Researchers cite the SHA-256 of each download (/dados/); a hash that changed at every build (the
.xlsx used to carry its save time; the "Acesso em" of the references, the day of the build) would
make those citations useless. It is also what lets a refactor be checked by comparing builds
(``scripts/compare_builds.sh``). The second build runs under ``faketime`` (Debian's libfaketime,
installed by ``scripts/run.sh``) 400 days later and in another time zone: every date the build
writes must come from the last commit (``SOURCE_DATE_EPOCH``; ``macros/data/build_id.py``).
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from conftest import build_site


def _digests(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_two_builds_on_different_days_are_identical(site_dir: Path, tmp_path: Path) -> None:
    faketime = shutil.which("faketime")
    assert faketime, "faketime ausente (Debian: apt-get install faketime; scripts/run.sh o instala)"
    again = tmp_path / "site"
    # Without SOURCE_DATE_EPOCH when the session's site had none: the date then comes from git.
    env = {"TZ": "Pacific/Kiritimati"}
    done = build_site(again, env=env, prefix=[faketime, "-f", "+400d"])
    assert done.returncode == 0, done.stderr
    first, second = _digests(site_dir), _digests(again)
    assert sorted(first) == sorted(second)
    differ = [name for name in first if first[name] != second[name]]
    assert not differ, f"arquivos diferentes entre construções em dias diferentes: {differ[:10]}"
