"""The site's own scripts and styles bundled at build (``macros/exporters/bundles.py``): every
page links the bundles and none of the bundled files, the calculators' scripts only on their
pages, in the listed order; a file that would change meaning inside a bundle stops the build."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from macros.exporters import bundles

ROOT = Path(__file__).resolve().parent.parent
LINKED = r'(?:<script src|<link rel="stylesheet" href)="[^"]*assets/(pacote-[a-z]+\.[0-9a-f]{8}\.(?:js|css))"'


def listed() -> tuple[list[str], list[str]]:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    return list(config["extra_css"]), list(config["extra_javascript"])


def test_pages_link_the_bundles_in_order(site_dir: Path) -> None:
    styles, scripts = listed()
    assets = site_dir / "assets"
    for uri in [*styles, *scripts, *bundles.BEFORE_THEME]:
        assert not (site_dir / uri).exists(), f"{uri} foi para o pacote e não deveria ser publicado sozinho"
    for page, calculator in (("lei-4860-1965/index.html", False), ("calculadoras/jornada/index.html", True),
                             ("calculadoras/index.html", True), ("404.html", False)):
        html = (site_dir / page).read_text(encoding="utf-8")
        # What the page runs and applies (a calculator page also preloads its scripts from <head>).
        own = re.findall(LINKED, html)
        kinds = [name.split(".")[0] for name in own]
        expected = ["pacote-estilo", "pacote-antes", "pacote-site"] + (["pacote-calculadoras"] if calculator else [])
        assert kinds == expected, (page, own)
        assert html.index("pacote-antes") < html.index("javascripts/bundle.") < html.index("pacote-site"), page
        assert ('data-ep-pacote="calculadoras"' in html) == calculator, page
        for name in own:
            assert (assets / name).is_file(), name
    # Each bundle holds its files in the listed order, the calculators' apart.
    site_js = next(assets.glob("pacote-site.*.js")).read_text(encoding="utf-8")
    calc_js = next(assets.glob("pacote-calculadoras.*.js")).read_text(encoding="utf-8")
    css = next(assets.glob("pacote-estilo.*.css")).read_text(encoding="utf-8")
    for text, uris in ((site_js, [u for u in scripts if u not in bundles.CALCULATOR_ONLY]),
                       (calc_js, [u for u in scripts if u in bundles.CALCULATOR_ONLY]), (css, styles)):
        assert re.findall(r"/\* (assets/[^ ]+) \*/", text) == uris


def test_a_file_that_would_change_meaning_is_refused() -> None:
    ok = "/* x */\n(function () {\n  \"use strict\";\n  var a = 1;\n})();\n"
    assert "(function ()" in bundles.script_part("assets/ok.js", ok)
    with pytest.raises(bundles.BundleError, match="linha 2"):
        bundles.script_part("assets/x.js", "/* x */\nconst a = 1;\n")
    with pytest.raises(bundles.BundleError, match="use strict"):
        bundles.script_part("assets/x.js", "// x\n'use strict';\nvar a = 1;\n")
    with pytest.raises(bundles.BundleError, match="@import"):
        bundles.style_part("assets/x.css", "@import url(y.css);\n")
