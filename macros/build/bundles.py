"""The site's own scripts and styles in few requests: bundled at build (issue 22 §4).

The lists in ``mkdocs.yml`` stay the source of truth (``extra_css``, ``extra_javascript``, files
in ``docs/assets/``); the bundles are build output, never committed. ``on_files``
(:func:`bundle`) reads every listed file, in order, and writes, each named by its content's hash
(``static_server.py`` and a host serve such names as ``immutable``):

- ``assets/pacote-estilo.<hash>.css``: the style sheets of ``extra_css`` every page uses, one
  ``<link>`` in the ``<head>`` of every page (Material writes it, from ``config.extra_css``);
- ``assets/pacote-site.<hash>.js``: the scripts of ``extra_javascript`` every page runs, right
  after Material's own script;
- for each :data:`GROUPS` entry (the calculators, the 1945 tables), ``assets/pacote-<name>.<hash>.js``
  and ``.css``: the scripts and style sheets only its pages use (the pages under ``calculadoras/``,
  under ``tabelas/``), linked only there: the style sheet right before the common one (the group's
  sheets are listed first in ``extra_css``, so the cascade keeps the listed order), the script
  right after the site's. A text page never downloads them. Material's instant navigation does
  not run a new page's scripts, and copies its ``<head>`` links after the others, so when it
  opens a page whose article carries ``data-ep-pacote="<name>"`` the site's bundle puts the
  group's style sheet back before the common one, the article hidden until it is in, and adds the
  group's scripts (``docs/assets/pacotes.js``). The search's group (``busca.js``) is linked by no
  page: ``pacotes.js`` adds it when a search starts (with the index, ``busca-sob-pedido.js``) or
  when a page opens with words to highlight (``?h=``);
- ``assets/pacote-antes.<hash>.js``: what must run before Material's script (:data:`BEFORE_THEME`:
  the sitemap for instant navigation wherever the site is served, the search index held until a
  search starts), right before it at the end of ``<body>``, so that nothing blocks the first paint.
  A calculator page gets its own copy (also ``pacote-antes.<hash>.js``, no extra request) with
  :data:`BEFORE_THEME_CALCULATORS` at the end: the engine's worker created before Material's
  script runs, on a return with the engine kept (``docs/assets/motor-cedo.js``);
- ``assets/motor-cedo.<hash>.js``: the same file alone, linked ``async`` in the ``<head>`` of a page
  with a calculator's form, right after the build id (``<meta name="ep-versao">``), with the engine
  files and size copied from the page's engine offer (``data-motor-arquivos``, ``data-motor-gzip``):
  on a return with the engine kept, the worker starts while the page's HTML is still being read
  (most of a calculator page is its worked examples), not after it. ``async`` never blocks the
  first paint; when it runs late, the copy before Material's script has already started the worker,
  and the later copy does nothing.

The scripts are minified by Terser (npm, pinned; ``macros/build/minify.mjs``), the styles
lose their comments and indentation; each file's marker comment (``/* assets/x.js */``) stays.
Order and semantics are kept: scripts run in the listed order (the calculators' after the site's,
which they use); each file runs in its own ``try`` so that an error in one does not stop the next
(it is thrown again, asynchronously, as a separate script's would be); ``document.currentScript``
is the bundle, in the same folder as the files were. A listed script with a ``type`` (a module),
``defer`` or ``async`` is not bundled: it keeps its own tag after the bundle, where it ran anyway.
The bundled files themselves leave the site (nothing links them; the service worker would
precache them twice). The strict Content Security Policy is unchanged: ``script-src 'self'``.
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

from . import build_cache

# Scripts only the calculator pages (and the calculators' index) run.
CALCULATOR_ONLY = (
    "assets/motor-cedo.js",
    "assets/motor.js",
    "assets/calculadoras-motor.js",
    "assets/calculadoras-resultado.js",
    "assets/comprovante.js",
    "assets/calculadoras.js",
)


@dataclass(frozen=True)
class Group:
    """Scripts and style sheets only some pages use: those whose source is under ``pages`` (None:
    no page links them; ``docs/assets/pacotes.js`` adds them when they are needed)."""

    name: str
    pages: str | None
    scripts: tuple[str, ...]
    styles: tuple[str, ...]


# The pages that carry a group's bundles, and what the group holds. Classes styled only by a group's
# sheets are used on no other page (tests/test_bundles.py checks the built site).
GROUPS = (
    Group("calculadoras", "calculadoras/", CALCULATOR_ONLY,
          ("assets/calculadoras.css", "assets/calculadoras-hoje.css", "assets/comprovante.css")),
    Group("tabelas", "tabelas/", ("assets/tabelas.js",), ("assets/tabelas.css",)),
    # The search's query and results: asked for when a search starts (the index waits for it:
    # busca-sob-pedido.js) or when a page opens with the words to highlight (?h=).
    Group("busca", None, ("assets/busca.js",), ()),
)
# Scripts that must run before Material's bundle (they wrap its requests); not in mkdocs.yml,
# which can only place scripts after it.
BEFORE_THEME = ("assets/navegacao.js", "assets/busca-sob-pedido.js")
# On a calculator page (full load), also before Material's bundle: the engine's worker starts as
# soon as the page is read when the person returns with the engine kept (issue 22 §2). The same
# file is in the calculators' bundle too (instant navigation); its second copy does nothing.
BEFORE_THEME_CALCULATORS = ("assets/motor-cedo.js",)
# ... and, alone and async, in the <head> of a page with a calculator's form (see the docstring).
HEAD_CALCULATORS = "assets/motor-cedo.js"
BUILD_ID_META = re.compile(r'<meta name="ep-versao" content="[^"]*">')
CALCULATOR_FORM = re.compile(r'<form class="calc-form[ "]')
OFFER_DATA = re.compile(r'\sdata-motor-gzip="(\d+)" data-motor-arquivos="([^"]*)"')

ROOT = Path(__file__).resolve().parents[2]
# Terser (npm, pinned), run by Node: the script bundles minified (comments out, local names short).
MINIFIER = Path(__file__).with_name("minify.mjs")
THEME_SCRIPT = re.compile(r'<script src="([^"]*)assets/javascripts/bundle\.[0-9a-f]{8}\.min\.js"></script>')
# Top-level declarations would be scoped to the file's block in a bundle: every file is one
# function expression (IIFE) instead, as all of docs/assets/ are.
TOP_LEVEL_DECLARATION = re.compile(r"^(?:let|const|class|function|async function)\b", re.M)
USE_STRICT_FIRST = re.compile(r'\A(?:\s|/\*.*?\*/|//[^\n]*\n)*["\']use strict["\']', re.S)


class BundleError(ValueError):
    """A listed file cannot be bundled without changing what it does."""


@dataclass
class Bundles:
    """The bundles' site paths (``assets/pacote-….<hash>.js``); empty before ``on_files``."""

    style: str = ""
    site: str = ""
    before: str = ""
    before_calculators: str = ""
    head_calculators: str = ""
    """``assets/motor-cedo.<hash>.js``, linked async in the head of a page with a calculator's form."""
    groups: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Each group's (script, style sheet) bundle, by the group's name."""
    separate: list[Any] = field(default_factory=list)
    """Listed scripts that keep their own tag (modules, ``defer``, ``async``)."""


def _path(item: Any) -> str:
    return str(getattr(item, "path", item))


def _plain(item: Any) -> bool:
    return not (getattr(item, "type", "") or getattr(item, "defer", False) or getattr(item, "async_", False))


def _read(files: Files, uri: str) -> str:
    file = files.get_file_from_path(uri)
    if file is None:
        raise BundleError(f"{uri}: listado para o pacote, mas não existe em docs/")
    return file.content_string


def script_part(uri: str, text: str) -> str:
    """One file of a script bundle: its own ``try`` (an error does not stop the next file; it is
    thrown again on its own, as a separate script's would be)."""
    if USE_STRICT_FIRST.match(text):
        raise BundleError(f"docs/{uri}: \"use strict\" no topo valeria para o pacote inteiro; "
                          "ponha-o dentro da função do arquivo")
    declared = TOP_LEVEL_DECLARATION.search(text)
    if declared:
        line = text.count("\n", 0, declared.start()) + 1
        raise BundleError(f"docs/{uri}, linha {line}: declaração no nível de cima ({declared.group(0)}); "
                          "no pacote ela ficaria presa ao arquivo — escreva o arquivo dentro de uma função")
    return (f"/* {uri} */\ntry {{\n{text.rstrip()}\n;\n}} catch (erro) {{ "
            "setTimeout(function () { throw erro; }, 0); }\n")


def style_part(uri: str, text: str) -> str:
    if re.search(r"@import\b|@charset\b", text):
        raise BundleError(f"docs/{uri}: @import/@charset não podem ir para o meio do pacote de estilos")
    return f"/* {uri} */\n{minify_style(text)}"


def minify_scripts(sources: dict[str, str]) -> dict[str, str]:
    """Each script bundle minified by Terser (``macros/build/minify.mjs``), in one Node run."""
    node = shutil.which("node")
    if node is None:
        raise BundleError("o Node não está instalado (bash scripts/run.sh setup): ele minifica os pacotes")
    request = json.dumps(sources, sort_keys=True)

    def run_terser() -> bytes:
        done = subprocess.run([node, str(MINIFIER)], input=request, capture_output=True, text=True,
                              timeout=300, check=False)
        if done.returncode != 0:
            raise BundleError("a minificação dos scripts (Terser) falhou: " + done.stderr.strip()[-600:])
        return done.stdout.encode("utf-8")

    # The same sources, the same minifier script and the same Terser: the same output (kept
    # between builds, macros/build/build_cache.py).
    key = b"\0".join((request.encode("utf-8"), MINIFIER.read_bytes(), terser_version().encode("utf-8")))
    minified: dict[str, str] = json.loads(build_cache.cached("terser", key, "min.json", run_terser))
    return {name: code + "\n" for name, code in minified.items()}


def terser_version() -> str:
    """The installed Terser's version (``package-lock.json`` pins it); part of the cache key."""
    try:
        meta = json.loads((ROOT / "node_modules" / "terser" / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "desconhecida"
    return str(meta.get("version", "desconhecida"))


def minify_style(text: str) -> str:
    """A style sheet without comments and indentation (no string in them holds ``/*``)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line.strip() for line in text.splitlines() if line.strip()) + "\n"


def _named(stem: str, suffix: str, content: str) -> tuple[str, str]:
    digest = hashlib.sha256(content.encode("utf-8")).hexdigest()[:8]
    return f"assets/{stem}.{digest}.{suffix}", content


def _put(files: Files, config: Any, uri: str, content: str) -> None:
    files.append(File.generated(config, uri, content=content))


def _drop(files: Files, uris: Iterable[str]) -> None:
    for uri in uris:
        file = files.get_file_from_path(uri)
        if file is not None:
            files.remove(file)


def groups_of(src_uri: str) -> list[Group]:
    """The groups whose bundles the page of this source (``calculadoras/<nome>.md``) carries."""
    return [group for group in GROUPS if group.pages is not None and src_uri.startswith(group.pages)]


def _check_lists(styles: list[str], plain: list[str]) -> None:
    for group in GROUPS:
        missing = [uri for uri in group.scripts if uri not in plain]
        missing += [uri for uri in group.styles if uri not in styles]
        if missing:
            raise BundleError(f"mkdocs.yml: extra_javascript/extra_css não listam {', '.join(missing)} "
                              f"(macros/build/bundles.py, GROUPS, {group.name})")
    grouped = {uri for group in GROUPS for uri in group.styles}
    common = [k for k, uri in enumerate(styles) if uri not in grouped]
    late = [uri for k, uri in enumerate(styles) if uri in grouped and common and k > common[0]]
    if late:
        raise BundleError(f"mkdocs.yml: {', '.join(late)} vem depois de {styles[common[0]]} em extra_css; os estilos "
                          "de só algumas páginas vão antes dos outros (o pacote deles vem antes no <head>)")


def bundle(files: Files, config: Any, out: Bundles) -> None:
    """Write the bundles from the listed files (``on_files``, after every generated asset) and
    point ``config.extra_css``/``config.extra_javascript`` at what every page links."""
    styles = [_path(item) for item in config["extra_css"]]
    scripts = [item for item in config["extra_javascript"]]
    plain = [_path(item) for item in scripts if _plain(item)]
    _check_lists(styles, plain)
    grouped_js = {uri for group in GROUPS for uri in group.scripts}
    grouped_css = {uri for group in GROUPS for uri in group.styles}
    texts = {uri: _read(files, uri) for uri in [*styles, *plain, *BEFORE_THEME]}
    sources = {group.name: "".join(script_part(uri, texts[uri]) for uri in plain if uri in group.scripts)
               for group in GROUPS}
    sources["site"] = "".join(script_part(uri, texts[uri]) for uri in plain if uri not in grouped_js)
    sources["antes"] = "".join(script_part(uri, texts[uri]) for uri in BEFORE_THEME)
    sources["antes-calculadoras"] = "".join(script_part(uri, texts[uri])
                                            for uri in (*BEFORE_THEME, *BEFORE_THEME_CALCULATORS))
    sources["motor-cedo"] = script_part(HEAD_CALCULATORS, texts[HEAD_CALCULATORS])
    minified = minify_scripts(sources)
    written: list[tuple[str, str]] = []
    for group in GROUPS:
        script = _named(f"pacote-{group.name}", "js", minified[group.name])
        written.append(script)
        sheet = ""
        if group.styles:
            sheet, content = _named(f"pacote-{group.name}", "css",
                                    "".join(style_part(uri, texts[uri]) for uri in styles if uri in group.styles))
            written.append((sheet, content))
        out.groups[group.name] = (script[0], sheet)
    out.site, site = _named("pacote-site", "js", minified["site"])
    out.before, before = _named("pacote-antes", "js", minified["antes"])
    written.append(_named("pacote-antes", "js", minified["antes-calculadoras"]))
    out.before_calculators = written[-1][0]
    written.append(_named("motor-cedo", "js", minified["motor-cedo"]))
    out.head_calculators = written[-1][0]
    out.style, common = _named("pacote-estilo", "css",
                               "".join(style_part(uri, texts[uri]) for uri in styles if uri not in grouped_css))
    _drop(files, texts)
    for uri, text in [*written, (out.site, site), (out.before, before), (out.style, common)]:
        _put(files, config, uri, text)
    out.separate = [item for item in scripts if not _plain(item)]
    config["extra_css"] = [out.style]
    config["extra_javascript"] = list(out.separate)


def tags(out: Bundles, root: str, groups: list[Group], site_url: str) -> tuple[str, str]:
    """(before Material's script, after it): the bundles' tags for a page whose root is ``root``
    and that carries ``groups``. The site's bundle names every group's files (``data-pacotes``),
    for instant navigation (``docs/assets/pacotes.js``)."""
    first = out.before_calculators if any(group.name == "calculadoras" for group in groups) else out.before
    before = f'<script src="{root}{first}" data-site-url="{html.escape(site_url)}"></script>'
    names = " ".join(uri.removeprefix("assets/") for pair in out.groups.values() for uri in pair if uri)
    after = f'<script src="{root}{out.site}" data-pacotes="{names}"></script>'
    for group in groups:
        after += f'<script src="{root}{out.groups[group.name][0]}"></script>'
    return before, after


def add_to_page(output: str, out: Bundles, root: str, groups: list[Group], site_url: str) -> str | None:
    """The page with the bundles around Material's script (None: that script is not there), its
    groups' style sheets right before the common one, and its article marked for instant
    navigation (``data-ep-pacote``)."""
    match = THEME_SCRIPT.search(output)
    if match is None:
        return None
    before, after = tags(out, root, groups, site_url)
    output = output[: match.start()] + before + match.group(0) + after + output[match.end():]
    if groups:
        common = f'<link rel="stylesheet" href="{root}{out.style}">'
        if common not in output:
            return None
        links = "".join(f'<link rel="stylesheet" href="{root}{out.groups[group.name][1]}">' for group in groups)
        output = output.replace(common, links + common, 1)
        names = " ".join(group.name for group in groups)
        output = output.replace('<article class="md-content__inner md-typeset"',
                                f'<article class="md-content__inner md-typeset" data-ep-pacote="{names}"', 1)
    return output


def head_start(output: str, out: Bundles, root: str) -> str:
    """A page with a calculator's form: motor-cedo.js, async, right after the build id in the
    ``<head>``, with the offer's engine files and size (run after the offer is in the page)."""
    if not CALCULATOR_FORM.search(output):
        return output
    meta, offer = BUILD_ID_META.search(output), OFFER_DATA.search(output)
    if meta is None or offer is None:
        missing = "o id da construção (ep-versao)" if meta is None else "a oferta do motor (data-motor-arquivos)"
        raise BundleError(f"página de calculadora sem {missing}: o motor não pode começar cedo")
    tag = (f'<script async src="{root}{out.head_calculators}" data-motor-gzip="{offer.group(1)}" '
           f'data-motor-arquivos="{offer.group(2)}"></script>')
    return output[: meta.end()] + tag + output[meta.end():]
