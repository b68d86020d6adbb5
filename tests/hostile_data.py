"""A copy of ``data/`` whose free-text fields carry markup, Markdown links, line breaks and
backslashes (what a careless contributor or an attacker could write): the build must show every
one as text (``tests/test_hostile_data.py``)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = '<script>alert("ep-injetado")</script>'
LINK = "[x](javascript:alert(1))"
# Within the short title's length limit (80; macros/data/ checks it), so the build goes on
# and the test sees how the markup comes out.
SHORT_TITLE = f"Lei 4.860 d'água {SCRIPT} {LINK}"
EMENTA = "Dispõe <!--<script> sôbre o regime\nTY  - JOUR\nER  - \\"
CASE_TITLE = f"Uma hora d'água {SCRIPT} {LINK}"


def _replace(path: Path, pattern: str, value: str) -> None:
    """Replace the first YAML scalar matching ``pattern`` (``key: "…"``) by ``value`` (quoted)."""
    text = path.read_text(encoding="utf-8")
    quoted = '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    changed, count = re.subn(pattern, lambda m: m.group(1) + quoted, text, count=1, flags=re.M)
    assert count == 1, f"{path.name}: {pattern} não encontrado"
    path.write_text(changed, encoding="utf-8")


def hostile_copy(target: Path) -> Path:
    data = target / "data"
    shutil.copytree(ROOT / "data", data)
    statute = data / "statutes" / "lei-4860-1965.yaml"
    _replace(statute, r'^(short_title: ).*$', SHORT_TITLE)
    _replace(statute, r'^(  ementa:\n    value: ).*$', EMENTA)
    _replace(data / "cases" / "refeicao.yaml", r'^(  title: )"Uma hora de refeição.*$', CASE_TITLE)
    return data
