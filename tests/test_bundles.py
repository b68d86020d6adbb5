"""The site's own scripts and styles bundled at build (``macros/build/bundles.py``): every
page links the bundles and none of the bundled files, the calculators' scripts only on their
pages, in the listed order; a file that would change meaning inside a bundle stops the build."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from macros.build import bundles

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
    for page, group in (("lei-4860-1965/index.html", None), ("calculadoras/jornada/index.html", "calculadoras"),
                        ("calculadoras/index.html", "calculadoras"), ("tabelas/diaristas/index.html", "tabelas"),
                        ("tabelas/index.html", "tabelas"), ("404.html", None)):
        html = (site_dir / page).read_text(encoding="utf-8")
        # What the page runs and applies (a calculator page also preloads its scripts from <head>).
        own = re.findall(LINKED, html)
        kinds = [name.split(".")[0] + "." + name.rsplit(".", 1)[1] for name in own]
        # The group's style sheet before the common one (the cascade of extra_css), its script last.
        common = ["pacote-estilo.css", "pacote-antes.js", "pacote-site.js"]
        expected = ([f"pacote-{group}.css"] if group else []) + common + ([f"pacote-{group}.js"] if group else [])
        assert kinds == expected, (page, own)
        assert html.index("pacote-antes") < html.index("javascripts/bundle.") < html.index("pacote-site"), page
        assert ('data-ep-pacote="' in html) == bool(group), page
        # No page carries the search's script: it comes when a search starts (busca-sob-pedido.js).
        assert not re.search(r'<script src="[^"]*pacote-busca\.', html), page
        if group:
            assert f'data-ep-pacote="{group}"' in html, page
        for name in own:
            assert (assets / name).is_file(), name
        # The site's bundle names every group's files, for instant navigation (pacotes.js).
        listed_files = re.search(r'data-pacotes="([^"]*)"', html)
        assert listed_files, page
        for name in listed_files.group(1).split():
            assert (assets / name).is_file(), name
        assert {n.split(".")[0] for n in listed_files.group(1).split()} == {f"pacote-{g.name}" for g in bundles.GROUPS}
    # Each bundle holds its files in the listed order, each group's apart.
    def text(pattern: str) -> str:
        return next(assets.glob(pattern)).read_text(encoding="utf-8")

    grouped = {uri for group in bundles.GROUPS for uri in (*group.scripts, *group.styles)}
    contents = [(text("pacote-site.*.js"), [u for u in scripts if u not in grouped]),
                (text("pacote-estilo.*.css"), [u for u in styles if u not in grouped])]
    for group in bundles.GROUPS:
        contents.append((text(f"pacote-{group.name}.*.js"), [u for u in scripts if u in group.scripts]))
        if group.styles:
            contents.append((text(f"pacote-{group.name}.*.css"), [u for u in styles if u in group.styles]))
        else:
            assert not list(assets.glob(f"pacote-{group.name}.*.css")), group.name
    for content, uris in contents:
        assert uris and re.findall(r"/\* (assets/[^ ]+) \*/", content) == uris


# Classes on pages without the group that its sheets style only inside its own markup
# (table.tabela-dados .num, .notas-tabela aside.nota, .tabela-rolagem:has(> #tabela-aumentos)…);
# site.css styles them everywhere else.
SHARED = {"md-typeset", "md-button", "md-button--primary", "md-top", "post", "nota", "nota-ref", "src", "num",
          "tabela-rolagem"}


def sheet_classes(path: Path) -> set[str]:
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    selectors = [s for s in re.findall(r"([^{}]+)\{", text) if not s.strip().startswith("@")]
    return {c for s in selectors for c in re.findall(r"\.([A-Za-z][\w-]*)", s)}


def test_group_styles_are_used_only_on_their_pages(site_dir: Path) -> None:
    """A page without a group's style sheet (a text page has none) uses none of the classes only
    that sheet styles: it would show them unstyled (issue 22 §4, the styles split by page)."""
    own = {group.name: set().union(*(sheet_classes(ROOT / "docs" / uri) for uri in group.styles)) - SHARED
           for group in bundles.GROUPS if group.styles}
    assert own["calculadoras"] and own["tabelas"]
    checked = 0
    for page in site_dir.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        marked = re.search(r'data-ep-pacote="([^"]*)"', html)
        carried = set(marked.group(1).split()) if marked else set()
        used = {c for value in re.findall(r'class="([^"]*)"', html) for c in value.split()}
        for name, classes in own.items():
            if name not in carried:
                assert not used & classes, (str(page.relative_to(site_dir)), name, sorted(used & classes))
        checked += 1
    assert checked > 30


def test_a_file_that_would_change_meaning_is_refused() -> None:
    ok = "/* x */\n(function () {\n  \"use strict\";\n  var a = 1;\n})();\n"
    assert "(function ()" in bundles.script_part("assets/ok.js", ok)
    with pytest.raises(bundles.BundleError, match="linha 2"):
        bundles.script_part("assets/x.js", "/* x */\nconst a = 1;\n")
    with pytest.raises(bundles.BundleError, match="use strict"):
        bundles.script_part("assets/x.js", "// x\n'use strict';\nvar a = 1;\n")
    # A group's style sheet listed after a common one: its bundle, before the common one in <head>,
    # would change the cascade.
    styles, scripts = listed()
    plain = list(scripts)
    bundles._check_lists(styles, plain)
    late = [u for u in styles if u != "assets/tabelas.css"] + ["assets/tabelas.css"]
    with pytest.raises(bundles.BundleError, match=r"tabelas\.css vem depois"):
        bundles._check_lists(late, plain)
    with pytest.raises(bundles.BundleError, match=r"busca\.js"):
        bundles._check_lists(styles, [u for u in plain if u != "assets/busca.js"])
    with pytest.raises(bundles.BundleError, match="@import"):
        bundles.style_part("assets/x.css", "@import url(y.css);\n")


HEAD_START = re.compile(r'<meta name="ep-versao" content="[^"]*">'
                        r'<script async src="\.\./\.\./assets/(motor-cedo\.[0-9a-f]{8}\.js)" '
                        r'data-motor-gzip="(\d+)" data-motor-arquivos="([^"]*)"></script>')
OFFER = re.compile(r'<div class="motor-oferta"[^>]*\sdata-motor-gzip="(\d+)" data-motor-arquivos="([^"]*)"')


def test_engine_early_start_in_the_head_of_calculator_pages(site_dir: Path) -> None:
    """Issue 22 §2: on a page with a calculator's form, motor-cedo.js alone, async, right after the
    build id, carries the offer's engine files and size (the worker starts while the page is read);
    no other page has it."""
    pages = sorted((site_dir / "calculadoras").glob("*/index.html"))
    assert len(pages) >= 6
    for page in pages:
        html = page.read_text(encoding="utf-8")
        match = HEAD_START.search(html)
        assert match and match.end() < html.index("</head>"), page
        assert html.index("</head>") < html.index('<form class="calc-form"'), page
        offer = OFFER.search(html)
        assert offer and offer.groups() == match.groups()[1:], page
        script = (site_dir / "assets" / match.group(1)).read_text(encoding="utf-8")
        assert "estatutosMotorCedo" in script and "calculadoras-worker.mjs" in script
    for page in ("calculadoras/index.html", "lei-4860-1965/index.html", "tabelas/diaristas/index.html", "index.html"):
        assert "motor-cedo." not in (site_dir / page).read_text(encoding="utf-8"), page
