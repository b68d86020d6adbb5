"""Material only through its extension points, and every reliance on it in one place (issue 27).

``macros/render/material.py`` lists what the site takes from Material's markup (the blocks
``overrides/`` fills, the class names, attributes and style variables the site's styles, scripts and
HTML use, the globals of its script); ``docs/assets/js/common/material.mjs`` is its browser side.
These tests read the installed Material: on an upgrade that drops something, the first fails with
the list of what is missing. None builds the site.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from macros.render import material

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "docs" / "assets"
BROWSER_SIDE = ASSETS / "js" / "common" / "material.mjs"
CODE_SIDE = ROOT / "macros" / "render" / "material.py"


def site_sources() -> dict[Path, str]:
    """Every file of the site that may name something of Material: styles, scripts, templates and
    the build's modules."""
    paths = [*ASSETS.glob("*.css"), *(ASSETS / "js").rglob("*.mjs"), *(ROOT / "overrides").rglob("*.html"),
             *(ROOT / "macros").rglob("*.py")]
    return {p: p.read_text(encoding="utf-8") for p in sorted(paths)
            if p != CODE_SIDE}


def test_the_installed_material_has_everything_the_site_relies_on() -> None:
    missing = material.missing()
    assert missing == [], "O Material instalado não tem mais:\n- " + "\n- ".join(missing)


def test_what_an_upgrade_drops_is_listed(tmp_path: Path) -> None:
    """The check can fail: a copy of Material's templates without a block, a class, the header's
    place for the search and the 404 page's content is reported item by item."""
    copy = tmp_path / "templates"
    shutil.copytree(material.templates_dir(), copy, ignore=shutil.ignore_patterns("*.map", "lunr", "*.svg"))
    base = copy / "base.html"
    base.write_text(base.read_text(encoding="utf-8").replace("{% block extrahead %}{% endblock %}", ""),
                    encoding="utf-8")
    for sheet in copy.glob("assets/stylesheets/*.css"):
        sheet.write_text(sheet.read_text(encoding="utf-8").replace("md-typeset__scrollwrap", "md-x"),
                         encoding="utf-8")
    for script in copy.glob("assets/javascripts/bundle.*.js"):
        script.write_text(script.read_text(encoding="utf-8").replace("md-typeset__scrollwrap", "md-x"),
                          encoding="utf-8")
    (copy / "partials" / "header.html").write_text("<header></header>", encoding="utf-8")
    (copy / "404.html").write_text('{% extends "main.html" %}', encoding="utf-8")
    missing = material.missing(copy)
    assert "bloco {% block extrahead %} em base.html" in missing
    assert "md-typeset__scrollwrap" in missing
    assert any(item.startswith("partials/header.html") for item in missing)
    assert any(item.startswith("404.html") for item in missing)
    assert len(missing) == 4, missing
    assert material.missing(tmp_path / "nada") == ["base.html (o modelo de todas as páginas)"]


def test_every_name_of_material_the_site_uses_is_listed() -> None:
    """A class, attribute or style variable of Material in a style sheet, a script, a template or a
    build module is in material.NAMES: so the first test checks it on an upgrade."""
    unlisted = {f"{path.relative_to(ROOT)}: {name}" for path, text in site_sources().items()
                for name in material.names_in(text) if name not in material.NAMES}
    assert not unlisted, "Nomes do Material fora de macros/render/material.py (NAMES):\n" + "\n".join(sorted(unlisted))
    assert material.names_in(".md-x, [data-md-y], var(--md-z-w), cmd-no, x-md-no") == {"md-x", "data-md-y", "--md-z-w"}


def test_only_the_material_modules_write_its_markup() -> None:
    """The site's scripts and build modules name Material's markup only in common/material.mjs and
    macros/render/material.py (styles cannot import: their names are checked by the test above)."""
    code = {p: t for p, t in site_sources().items() if p.suffix in (".py", ".mjs") and p != BROWSER_SIDE}
    found = {f"{p.relative_to(ROOT)}: {', '.join(sorted(material.names_in(t)))}"
             for p, t in code.items() if material.names_in(t)}
    found |= {f"{p.relative_to(ROOT)}: {name}" for p, t in code.items() for name in material.SCRIPT_GLOBALS
              if re.search(rf"(?<![\w$]){re.escape(name)}", _code_only(t))}
    assert not found, "\n".join(sorted(found))
    browser = BROWSER_SIDE.read_text(encoding="utf-8")
    assert material.names_in(browser) <= material.NAMES and "document$" in browser


def _code_only(text: str) -> str:
    """A script or module without its comments (which may say where a name comes from)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(?m)(^|\s)(//|#).*$", "", text)


def test_the_overrides_fill_only_listed_blocks() -> None:
    """overrides/ fills the blocks material.BLOCKS names, and each keeps Material's own content in
    main.html (super()), so a template extending it (another group's) may fill them again."""
    filled = {name for path in (ROOT / "overrides").rglob("*.html")
              for name in material.BLOCK.findall(path.read_text(encoding="utf-8"))}
    assert filled <= set(material.BLOCKS), sorted(filled - set(material.BLOCKS))
    main = (ROOT / "overrides" / "main.html").read_text(encoding="utf-8")
    for name in material.BLOCK.findall(main):
        body = re.search(rf"\{{% block {name} %\}}(.*?)\{{% endblock %\}}", main, re.S)
        assert body and "super()" in body.group(1), name
