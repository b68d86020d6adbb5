"""The site's own scripts and styles bundled at build (``macros/build/bundles.py``): every page
links the bundles, in order, and no source module; the groups' bundles only on their pages; a
module that keeps the page's state is in one bundle only (the others import it); what would
change the cascade stops the build."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from macros.build import bundles

ROOT = Path(__file__).resolve().parent.parent
OWN = (r'(?:<script src|<script type="module" src|<link rel="stylesheet" href)="[^"]*assets/'
       r'(pacote-[a-z]+\.[0-9a-f]{8}\.(?:js|css))"')


def listed_styles() -> list[str]:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    assert "extra_javascript" not in config, "os scripts são módulos de docs/assets/js/ (bundles.BUNDLES)"
    return list(config["extra_css"])


def test_pages_link_the_bundles_in_order(site_dir: Path) -> None:
    styles = listed_styles()
    assets = site_dir / "assets"
    assert not (assets / "js").exists(), "os módulos de docs/assets/js/ não são publicados: só os pacotes"
    for uri in styles:
        assert not (site_dir / uri).exists(), f"{uri} foi para o pacote e não deveria ser publicado sozinho"
    for page, group in (("lei-4860-1965/index.html", None), ("calculadoras/jornada/index.html", "calculadoras"),
                        ("calculadoras/index.html", "calculadoras"), ("tabelas/diaristas/index.html", "tabelas"),
                        ("tabelas/index.html", "tabelas"), ("404.html", None)):
        html = (site_dir / page).read_text(encoding="utf-8")
        own = re.findall(OWN, html)
        kinds = [name.split(".")[0] + "." + name.rsplit(".", 1)[1] for name in own]
        # The group's style sheet before the common one (the cascade of extra_css), its module last.
        common = ["pacote-estilo.css", "pacote-antes.js", "pacote-site.js"]
        expected = ([f"pacote-{group}.css"] if group else []) + common + ([f"pacote-{group}.js"] if group else [])
        assert kinds == expected, (page, own)
        assert html.index("pacote-antes") < html.index("javascripts/bundle.") < html.index("pacote-site"), page
        # Before Material's script: a classic script; the site's and the groups': modules.
        assert re.search(r'<script src="[^"]*assets/pacote-antes\.', html), page
        assert re.search(r'<script type="module" src="[^"]*assets/pacote-site\.', html), page
        # No page carries the search's bundle: it comes when a search starts.
        assert "pacote-busca." not in html.split("</head>", 1)[1], page
        assert ('data-ep-pacote="' in html) == bool(group), page
        if group:
            assert f'data-ep-pacote="{group}"' in html, page
        for name in own:
            assert (assets / name).is_file(), name
        # Every group's files, for instant navigation (common/groups.mjs).
        listed_files = re.search(r'<meta name="ep-pacotes" content="([^"]*)">', html)
        assert listed_files, page
        for name in listed_files.group(1).split():
            assert (assets / name).is_file(), name
        assert {n.split(".")[0] for n in listed_files.group(1).split()} == {f"pacote-{g.name}" for g in bundles.GROUPS}


def bundle_text(site_dir: Path, stem: str) -> str:
    found = list((site_dir / "assets").glob(f"{stem}.*.js"))
    assert len(found) == 1, (stem, found)
    return found[0].read_text(encoding="utf-8")


def test_a_module_that_keeps_state_is_in_one_bundle(site_dir: Path) -> None:
    """The calculators' bundle imports the site's and the early start's bundles by their addresses
    (the browser runs a module once per address): one warm-up, one version offer, one early worker
    on the page, never a copy in each bundle."""
    site = bundle_text(site_dir, "pacote-site")
    early = bundle_text(site_dir, "motor-cedo")
    site_name = next((site_dir / "assets").glob("pacote-site.*.js")).name
    early_name = next((site_dir / "assets").glob("motor-cedo.*.js")).name
    for stem, hosts in (("pacote-calculadoras", (site_name, early_name)), ("pacote-tabelas", (site_name,))):
        text = bundle_text(site_dir, stem)
        imported = set(re.findall(r'from"\./([^"]+)"', text))
        assert imported == set(hosts), (stem, imported)
    # Markers of the modules that keep state: each in its bundle only.
    markers = {
        "Nova versão disponível — recarregar": "pacote-site",  # offline/registration.mjs
        "script[data-motor-arquivos]": "motor-cedo",  # engine/early.mjs
    }
    texts = {stem: bundle_text(site_dir, stem) for stem in
             ("pacote-site", "motor-cedo", "pacote-calculadoras", "pacote-tabelas", "pacote-busca", "pacote-antes")}
    for marker, stem in markers.items():
        assert [s for s, text in texts.items() if marker in text] == [stem], marker
    assert "export{" in site and "export{" in early


# Classes on pages without the group that its sheets style only inside its own markup
# (table.tabela-dados .num, .notas-tabela aside.nota, .tabela-rolagem:has(> #tabela-aumentos),
# .md-main__inner:has(form.calc-form) + .md-top…);
# site.css styles them everywhere else.
SHARED = {"md-typeset", "md-button", "md-button--primary", "md-top", "md-main__inner", "post", "nota", "nota-ref",
          "src", "num", "tabela-rolagem"}


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


def test_what_would_change_the_cascade_is_refused() -> None:
    styles = listed_styles()
    bundles._check_styles(styles)
    # A group's style sheet listed after a common one: its bundle, before the common one in <head>,
    # would change the cascade.
    late = [u for u in styles if u != "assets/tabelas.css"] + ["assets/tabelas.css"]
    with pytest.raises(bundles.BundleError, match=r"tabelas\.css vem depois"):
        bundles._check_styles(late)
    with pytest.raises(bundles.BundleError, match=r"tabelas\.css"):
        bundles._check_styles([u for u in styles if u != "assets/tabelas.css"])
    with pytest.raises(bundles.BundleError, match="@import"):
        bundles.style_part("assets/x.css", "@import url(y.css);\n")


def test_every_entry_module_is_a_bundle() -> None:
    """One entry module per bundle (docs/assets/js/entries/), and each bundle has its entry: the
    build's two service worker scripts are the only entries outside BUNDLES
    (scripts/service_worker.mjs)."""
    entries = {p.name for p in (ROOT / bundles.ENTRIES).glob("*.mjs")}
    assert {b.entry for b in bundles.BUNDLES} == entries - {"sw-motor.mjs", "sw-paginas.mjs"}


HEAD_START = re.compile(r'<meta name="ep-versao" content="[^"]*">'
                        r'<script type="module" async src="\.\./\.\./assets/(motor-cedo\.[0-9a-f]{8}\.js)" '
                        r'data-motor-gzip="(\d+)" data-motor-arquivos="([^"]*)"></script>')
OFFER = re.compile(r'<div class="motor-oferta"[^>]*\sdata-motor-gzip="(\d+)" data-motor-arquivos="([^"]*)"')


def test_engine_early_start_in_the_head_of_calculator_pages(site_dir: Path) -> None:
    """Issue 22 §2: on a page with a calculator's form, the early start (an async module) right
    after the build id carries the offer's engine files and size (the worker starts while the page
    is read); no other page has it."""
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
        assert "as createWorker" in script and "calculadoras-worker.mjs" in script
    for page in ("calculadoras/index.html", "lei-4860-1965/index.html", "tabelas/diaristas/index.html", "index.html"):
        assert "motor-cedo." not in (site_dir / page).read_text(encoding="utf-8"), page
