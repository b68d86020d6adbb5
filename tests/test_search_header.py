"""The header is Material's, with the site's own search in the place of Material's (issue 28).

``overrides/partials/header.html`` overrides Material's partial of the same name (its documented
extension point, ``custom_dir``): a copy of the installed Material's ``partials/header.html`` in
which the block that draws Material's search (shown only with its ``search`` plugin on) is the
include of the site's search box (``overrides/partials/busca.html``). The test reads the installed
Material, so that an upgrade that changes its header fails here, with the difference, instead of
leaving a stale copy in the site.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import material
import yaml

ROOT = Path(__file__).resolve().parent.parent
OURS = ROOT / "overrides" / "partials" / "header.html"
THEIRS = Path(material.__file__).resolve().parent / "templates" / "partials" / "header.html"
INCLUDE = '{% include "partials/busca.html" %}'
# Material's search in its header: the magnifier and partials/search.html, when its plugin is on.
MATERIAL_SEARCH = re.compile(
    r'^( *)\{% if "material/search" in config\.plugins %\}\n.*?\{% include "partials/search\.html" %\}\n'
    r"(?: *\{% endif %\}\n){2}",
    re.S | re.M,
)
LEADING_COMMENT = re.compile(r"\A\{#-.*?-#\}\n", re.S)
OWN_COMMENT = re.compile(r"^ *\{#-.*?-#\}\n", re.S | re.M)


def _ours() -> str:
    return OWN_COMMENT.sub("", LEADING_COMMENT.sub("", OURS.read_text(encoding="utf-8")))


def _theirs_with_the_include() -> str:
    text = LEADING_COMMENT.sub("", THEIRS.read_text(encoding="utf-8"))
    found = MATERIAL_SEARCH.search(text)
    assert found, f"{THEIRS}: o bloco da busca do Material mudou; copie o header.html de novo"
    return text[: found.start()] + found.group(1) + INCLUDE + "\n" + text[found.end():]


def test_the_header_is_materials_but_for_the_search() -> None:
    ours, theirs = _ours(), _theirs_with_the_include()
    diff = "\n".join(difflib.unified_diff(theirs.splitlines(), ours.splitlines(), "material", "overrides", lineterm=""))
    assert ours == theirs, f"overrides/partials/header.html difere do header.html do Material instalado:\n{diff}"


def test_the_search_box_is_included_once_and_materials_is_gone() -> None:
    text = OURS.read_text(encoding="utf-8")
    assert text.count(INCLUDE) == 1
    assert "partials/search.html" not in text and "__search" not in text


def test_materials_search_plugin_is_off() -> None:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    names = [next(iter(p)) if isinstance(p, dict) else p for p in config["plugins"]]
    assert not {"search", "material/search"} & set(names), names
    assert config["theme"]["custom_dir"] == "overrides"
