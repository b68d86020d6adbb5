"""The site's own scripts and styles in few requests, bundled at build (issue 22 §4, issue 27).

Where each script loads is decided here, in :data:`BUNDLES`, and nowhere else; the tags are put in
Material's template blocks by ``overrides/main.html`` (:mod:`macros.build.page_parts`). The scripts are ES
modules in ``docs/assets/js/`` (by feature: ``common/``, ``calculators/``, ``engine/``,
``offline/``, ``tables/``, ``citations/``, ``search/``; ``dev/browser-code.md``), never published
raw; each bundle is built by esbuild (npm, pinned; ``macros/build/esbuild.mjs``) from one entry
module in ``docs/assets/js/entries/``, minified and named by its content's hash
(``static_server.py`` and a host serve such names as ``immutable``):

- ``assets/pacote-antes.<hash>.js`` (a classic script): what must run before Material's script
  (it wraps two of Material's requests: the sitemap for instant navigation wherever the site is
  served, the search index held until a search starts), right before it at the end of ``<body>``;
- ``assets/pacote-site.<hash>.js`` (a module): what every page runs, right after Material's script;
- for each :data:`GROUPS` entry (the calculators, the 1945 tables, the search), the group's
  module ``assets/pacote-<name>.<hash>.js`` and style sheet ``.css``, linked only on its pages
  (under ``calculadoras/``, under ``tabelas/``; the search's on none: it comes when a search
  starts): the style sheet right before the common one (the group's sheets are listed first in
  ``extra_css``, so the cascade keeps the listed order), the module after the site's. Material's
  instant navigation does not run a new page's scripts, and copies its ``<head>`` links after the
  others, so when it opens a page whose article starts with the mark ``data-ep-pacote="<name>"``
  (:func:`group_mark`, in the block ``content`` of ``overrides/main.html``) the site's
  bundle puts the group's style sheet back before the common one, the article hidden until it is
  in, and imports the group's module (``docs/assets/js/common/groups.mjs``; the files of every
  group in ``<meta name="ep-pacotes">``);
- ``assets/motor-cedo.<hash>.js`` (a module), ``async`` in the ``<head>`` of a page with a
  calculator's form, right after the build id (``<meta name="ep-versao">``), with the engine files
  and size the page's engine offer carries (``data-motor-arquivos``, ``data-motor-gzip``): on
  a return with the engine kept, the worker starts while the page's HTML is still being read
  (``docs/assets/js/engine/early.mjs``);
- ``assets/calculadoras-worker.mjs``: the engine's worker (a module; Pyodide stays apart, in
  ``assets/pyodide/``).

A bundle never holds a second copy of a module another bundle of its page holds (``uses``): the
calculators' imports the site's modules from ``pacote-site`` and the early start from
``motor-cedo``, by their addresses, so each runs once (one warm-up, one engine). The service
worker's two scripts are bundled the same way after the build, by ``scripts/service_worker.mjs``.
The styles lose their comments and indentation. The strict Content Security Policy is unchanged:
``script-src 'self'``.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

from ..data.browser_constants import ENGINE_WORKER
from . import build_cache

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "docs" / "assets" / "js"
ENTRIES = "docs/assets/js/entries"
BUNDLER = Path(__file__).with_name("esbuild.mjs")


@dataclass(frozen=True)
class Bundle:
    """One script bundle: built from ``entries/<entry>``; ``stem`` names the file
    (``assets/<stem>.<hash>.js``) unless ``file`` fixes it; ``uses``: the bundles of the same page
    whose modules it imports instead of holding copies; ``external``: bare names left as imports."""

    name: str
    entry: str
    stem: str = ""
    file: str = ""
    module: bool = True
    uses: tuple[str, ...] = ()
    external: tuple[tuple[str, str], ...] = ()


# Every script bundle, in the order a page runs them.
BUNDLES = (
    Bundle("motor-cedo", "motor-cedo.mjs", stem="motor-cedo"),
    Bundle("antes", "antes.mjs", stem="pacote-antes", module=False),
    Bundle("site", "site.mjs", stem="pacote-site"),
    Bundle("calculadoras", "calculadoras.mjs", stem="pacote-calculadoras", uses=("site", "motor-cedo")),
    Bundle("tabelas", "tabelas.mjs", stem="pacote-tabelas", uses=("site",)),
    Bundle("busca", "busca.mjs", stem="pacote-busca", uses=("site",)),
    Bundle("busca-worker", "busca-worker.mjs", file="assets/busca-worker.mjs"),
    Bundle("motor-worker", "motor-worker.mjs", file=ENGINE_WORKER,
           external=(("pyodide", "./pyodide/pyodide.mjs"),)),
)


@dataclass(frozen=True)
class Group:
    """A script bundle and style sheets only some pages use: those whose source is under ``pages``
    (None: no page links them; ``common/groups.mjs`` imports them when they are needed)."""

    name: str
    pages: str | tuple[str, ...] | None
    styles: tuple[str, ...]


# The pages that carry a group's bundles, and the group's style sheets. Classes styled only by a
# group's sheets are used on no other page (tests/test_bundles.py checks the built site).
GROUPS = (
    # «Meus cálculos» (docs/meus-calculos.md) lists the kept calculations with the calculators' module;
    # the embeddable pages (embutir/, macros/render/calculator_embed.py) hold a calculator's form.
    Group("calculadoras", ("calculadoras/", "meus-calculos.md", "embutir/"),
          ("assets/calculadoras.css", "assets/calculadoras-hoje.css", "assets/comprovante.css")),
    Group("tabelas", "tabelas/", ("assets/tabelas.css",)),
    # The search's box and results: imported when a search starts or when a page opens with the
    # words to highlight (?h=; docs/assets/js/search/start.mjs).
    Group("busca", None, ()),
)


class BundleError(ValueError):
    """The scripts or styles cannot be bundled (esbuild failed, a style sheet out of order)."""


@dataclass
class Bundles:
    """The bundles' site paths (``assets/pacote-….<hash>.js``); empty before ``on_files``."""

    style: str = ""
    scripts: dict[str, str] = field(default_factory=dict)
    """Each script bundle's site path, by the bundle's name."""
    groups: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Each group's (script, style sheet) bundle, by the group's name."""

    @property
    def site(self) -> str:
        return self.scripts.get("site", "")

    @property
    def before(self) -> str:
        return self.scripts.get("antes", "")

    @property
    def head_calculators(self) -> str:
        """``assets/motor-cedo.<hash>.js``, linked async in the head of a page with a calculator's form."""
        return self.scripts.get("motor-cedo", "")


def _path(item: Any) -> str:
    return str(getattr(item, "path", item))


def _read(files: Files, uri: str) -> str:
    file = files.get_file_from_path(uri)
    if file is None:
        raise BundleError(f"{uri}: listado para o pacote, mas não existe em docs/")
    return file.content_string


def style_part(uri: str, text: str) -> str:
    if re.search(r"@import\b|@charset\b", text):
        raise BundleError(f"docs/{uri}: @import/@charset não podem ir para o meio do pacote de estilos")
    return f"/* {uri} */\n{minify_style(text)}"


def minify_style(text: str) -> str:
    """A style sheet without comments and indentation (no string in them holds ``/*``)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line.strip() for line in text.splitlines() if line.strip()) + "\n"


def esbuild_version() -> str:
    """The installed esbuild's version (``package-lock.json`` pins it); part of the cache key."""
    try:
        meta = json.loads((ROOT / "node_modules" / "esbuild" / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "desconhecida"
    return str(meta.get("version", "desconhecida"))


def sources_digest() -> bytes:
    """Every source module's path and bytes (the bundles depend on nothing else of the site)."""
    digest = hashlib.sha256()
    for path in sorted(SOURCES.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(ROOT).as_posix().encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def run_esbuild(request: dict[str, Any]) -> dict[str, Any]:
    """One run of ``macros/build/esbuild.mjs`` (kept between builds: the same sources, request,
    script and esbuild give the same bundles, macros/build/build_cache.py)."""
    node = shutil.which("node")
    if node is None:
        raise BundleError("o Node não está instalado (bash scripts/run.sh setup): ele junta os scripts")
    text = json.dumps({**request, "root": str(ROOT)}, sort_keys=True)

    def run() -> bytes:
        done = subprocess.run([node, str(BUNDLER)], input=text, capture_output=True, text=True, cwd=ROOT,
                              timeout=300, check=False)
        if done.returncode != 0:
            raise BundleError("o esbuild não juntou os scripts: " + done.stderr.strip()[-800:])
        return done.stdout.encode("utf-8")

    key = b"\0".join((text.encode("utf-8"), sources_digest(), BUNDLER.read_bytes(), esbuild_version().encode()))
    answer: dict[str, Any] = json.loads(build_cache.cached("esbuild", key, "bundles.json", run))
    return answer


def bundle_request() -> dict[str, Any]:
    return {"bundles": [
        {"name": b.name, "entry": f"{ENTRIES}/{b.entry}", "format": "esm" if b.module else "iife",
         "stem": b.stem, "file": b.file, "uses": list(b.uses), "external": dict(b.external)}
        for b in BUNDLES
    ]}


def minify_scripts(sources: dict[str, str]) -> dict[str, str]:
    """Classic scripts minified alone by esbuild (the search's worker)."""
    minified: dict[str, str] = run_esbuild({"minify": sources})["minified"]
    return minified


def _named(stem: str, suffix: str, content: str) -> tuple[str, str]:
    digest = hashlib.sha256(content.encode("utf-8")).hexdigest()[:8]
    return f"assets/{stem}.{digest}.{suffix}", content


def _put(files: Files, config: Any, uri: str, content: str) -> None:
    existing = files.get_file_from_path(uri)
    if existing is not None:
        files.remove(existing)
    files.append(File.generated(config, uri, content=content))


def _drop(files: Files, uris: Iterable[str]) -> None:
    for uri in uris:
        file = files.get_file_from_path(uri)
        if file is not None:
            files.remove(file)


def groups_of(src_uri: str) -> list[Group]:
    """The groups whose bundles the page of this source (``calculadoras/<nome>.md``) carries."""
    return [group for group in GROUPS if group.pages is not None and src_uri.startswith(group.pages)]


def _check_styles(styles: list[str]) -> None:
    for group in GROUPS:
        missing = [uri for uri in group.styles if uri not in styles]
        if missing:
            raise BundleError(f"mkdocs.yml: extra_css não lista {', '.join(missing)} "
                              f"(macros/build/bundles.py, GROUPS, {group.name})")
    grouped = {uri for group in GROUPS for uri in group.styles}
    common = [k for k, uri in enumerate(styles) if uri not in grouped]
    late = [uri for k, uri in enumerate(styles) if uri in grouped and common and k > common[0]]
    if late:
        raise BundleError(f"mkdocs.yml: {', '.join(late)} vem depois de {styles[common[0]]} em extra_css; os estilos "
                          "de só algumas páginas vão antes dos outros (o pacote deles vem antes no <head>)")
    names = {b.name for b in BUNDLES}
    for group in GROUPS:
        if group.name not in names:
            raise BundleError(f"macros/build/bundles.py: o grupo {group.name} não tem pacote em BUNDLES")


def bundle(files: Files, config: Any, out: Bundles) -> None:
    """Write the bundles (``on_files``, after every generated asset) and point
    ``config.extra_css`` at the style sheet every page links."""
    styles = [_path(item) for item in config["extra_css"]]
    if config["extra_javascript"]:
        listed = ", ".join(_path(item) for item in config["extra_javascript"])
        raise BundleError(f"mkdocs.yml: extra_javascript lista {listed}; os scripts do site são módulos em "
                          "docs/assets/js/, e onde cada um carrega está em macros/build/bundles.py (BUNDLES)")
    _check_styles(styles)
    grouped_css = {uri for group in GROUPS for uri in group.styles}
    texts = {uri: _read(files, uri) for uri in styles}
    built = run_esbuild(bundle_request())["bundles"]
    written: list[tuple[str, str]] = []
    for b in BUNDLES:
        file, code = built[b.name]["file"], built[b.name]["code"]
        out.scripts[b.name] = file
        written.append((file, code))
    for group in GROUPS:
        sheet = ""
        if group.styles:
            sheet, content = _named(f"pacote-{group.name}", "css",
                                    "".join(style_part(uri, texts[uri]) for uri in styles if uri in group.styles))
            written.append((sheet, content))
        out.groups[group.name] = (out.scripts[group.name], sheet)
    out.style, common = _named("pacote-estilo", "css",
                               "".join(style_part(uri, texts[uri]) for uri in styles if uri not in grouped_css))
    written.append((out.style, common))
    _drop(files, texts)
    for uri, text in written:
        _put(files, config, uri, text)
    config["extra_css"] = [out.style]


def tags(out: Bundles, root: str, groups: list[Group]) -> tuple[str, str]:
    """(before Material's script, after it), for ``overrides/main.html``'s block ``scripts``: the
    bundles' tags for a page whose root is ``root`` and that carries ``groups``."""
    before = f'<script src="{root}{out.before}"></script>'
    after = f'<script type="module" src="{root}{out.site}"></script>'
    for group in groups:
        after += f'<script type="module" src="{root}{out.groups[group.name][0]}"></script>'
    return before, after


def scripts_in_order(out: Bundles, root: str, groups: list[Group], theme_script: str) -> list[tuple[bool, str]]:
    """Every script the page's body loads, in order, with Material's (``theme_script``, from the
    site's root): (is it a module, its address)."""
    return [(False, root + out.before), (False, root + theme_script), (True, root + out.site),
            *[(True, root + out.groups[group.name][0]) for group in groups]]


def head_tags(out: Bundles, site_url: str) -> str:
    """What the site's scripts read from every page's ``<head>``: the address the build wrote
    (``common/address.mjs``, ``common/sitemap.mjs``) and every group's files (``common/groups.mjs``)."""
    names = " ".join(uri.removeprefix("assets/") for pair in out.groups.values() for uri in pair if uri)
    return (f'<meta name="ep-site-url" content="{html.escape(site_url)}">'
            f'<meta name="ep-pacotes" content="{html.escape(names)}">')


def group_styles(out: Bundles, root: str, groups: list[Group]) -> str:
    """The groups' style sheets, at the end of the block ``styles``: right before the common one
    (``extra_css``), the cascade of the listed order."""
    return "".join(f'<link rel="stylesheet" href="{root}{out.groups[group.name][1]}">'
                   for group in groups if out.groups[group.name][1])


def group_mark(groups: list[Group]) -> str:
    """The mark at the start of the article of a page that carries groups, read by
    ``common/groups.mjs`` after Material's instant navigation opens it."""
    if not groups:
        return ""
    return f'<div hidden class="ep-pacote" data-ep-pacote="{" ".join(group.name for group in groups)}"></div>'


def early_start(out: Bundles, root: str, gzip: str, files: str) -> str:
    """motor-cedo, an async module in the ``<head>`` of a page with a calculator's form, with the
    engine offer's files and size (``offline.offer_data``, already escaped)."""
    return (f'<script type="module" async src="{root}{out.head_calculators}" data-motor-gzip="{gzip}" '
            f'data-motor-arquivos="{files}"></script>')
