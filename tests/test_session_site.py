"""The check that ends a run (``tests/conftest.py``, ``pytest_sessionfinish``): the session's site
must be as it was built; a file written, added or removed there is named."""

from __future__ import annotations

import os
from pathlib import Path

from conftest import changed_files, site_files


def test_a_file_written_added_or_removed_in_the_site_is_named(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "assets").mkdir(parents=True)
    (site / "index.html").write_text("<p>a</p>", encoding="utf-8")
    (site / "assets" / "x.js").write_text("1", encoding="utf-8")
    (site / "velho.txt").write_text("v", encoding="utf-8")
    before = site_files(site)
    assert changed_files(before, site) == []
    (site / "index.html").write_text("<p>b</p>", encoding="utf-8")  # same size, later time
    os.utime(site / "index.html", ns=(before["index.html"][1] + 1_000_000, before["index.html"][1] + 1_000_000))
    (site / "assets" / "novo.js").write_text("2", encoding="utf-8")
    (site / "velho.txt").unlink()
    assert changed_files(before, site) == ["assets/novo.js (novo)", "index.html (reescrito)", "velho.txt (apagado)"]


def test_a_link_put_into_the_site_is_named_too(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "a.html").write_text("a", encoding="utf-8")
    before = site_files(site)
    (site / "ligado.html").symlink_to(site / "a.html")
    assert changed_files(before, site) == ["ligado.html (novo)"]
