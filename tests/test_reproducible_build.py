"""Two builds of the same commit are byte-identical (downloads, pages, search index, archives).

Researchers cite the SHA-256 of each download (/dados/); a hash that changed at every build (the
.xlsx used to carry its save time) would make those citations useless. It is also what lets a
refactor be checked by comparing builds (``scripts/compare_builds.sh``).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from conftest import build_site


def _digests(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_two_builds_are_identical(site_dir: Path, tmp_path: Path) -> None:
    again = tmp_path / "site"
    done = build_site(again)
    assert done.returncode == 0, done.stderr
    first, second = _digests(site_dir), _digests(again)
    assert sorted(first) == sorted(second)
    differ = [name for name in first if first[name] != second[name]]
    assert not differ, f"arquivos diferentes entre duas construções: {differ[:10]}"
