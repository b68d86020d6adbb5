"""The site's own scripts and styles in few requests: bundled at build (issue 22 §4).

The lists in ``mkdocs.yml`` stay the source of truth (``extra_css``, ``extra_javascript``, files
in ``docs/assets/``); the bundles are build output, never committed. ``on_files``
(:func:`bundle`) reads every listed file, in order, and writes, each named by its content's hash
(``static_server.py`` and a host serve such names as ``immutable``):

- ``assets/pacote-estilo.<hash>.css``: every style sheet of ``extra_css``, one ``<link>`` in the
  ``<head>`` of every page (Material writes it, from ``config.extra_css``);
- ``assets/pacote-site.<hash>.js``: the scripts of ``extra_javascript`` every page runs, right
  after Material's own script;
- ``assets/pacote-calculadoras.<hash>.js``: the calculators' scripts (:data:`CALCULATOR_ONLY`),
  only on the pages under ``calculadoras/``, right after the site's; a text page never downloads
  them. Material's instant navigation does not run a new page's scripts, so when it opens a page
  that carries ``data-ep-pacote="calculadoras"`` the site's bundle adds this one
  (``docs/assets/pacotes.js``);
- ``assets/pacote-antes.<hash>.js``: what must run before Material's script (:data:`BEFORE_THEME`:
  the sitemap for instant navigation wherever the site is served, the search index held until a
  search starts), right before it at the end of ``<body>``, so that nothing blocks the first paint.

The scripts are minified by Terser (npm, pinned; ``macros/exporters/minify.mjs``), the styles
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
    "assets/motor.js",
    "assets/calculadoras-motor.js",
    "assets/calculadoras-resultado.js",
    "assets/comprovante.js",
    "assets/calculadoras.js",
)
# Scripts that must run before Material's bundle (they wrap its requests); not in mkdocs.yml,
# which can only place scripts after it.
BEFORE_THEME = ("assets/navegacao.js", "assets/busca-sob-pedido.js")
# The pages that carry the calculators' bundle.
CALCULATOR_PAGES = "calculadoras/"

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
    calculators: str = ""
    before: str = ""
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
    """Each script bundle minified by Terser (``macros/exporters/minify.mjs``), in one Node run."""
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
    # between builds, macros/exporters/build_cache.py).
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


def bundle(files: Files, config: Any, out: Bundles) -> None:
    """Write the bundles from the listed files (``on_files``, after every generated asset) and
    point ``config.extra_css``/``config.extra_javascript`` at what the pages link."""
    styles = [_path(item) for item in config["extra_css"]]
    scripts = [item for item in config["extra_javascript"]]
    plain = [_path(item) for item in scripts if _plain(item)]
    missing = [uri for uri in CALCULATOR_ONLY if uri not in plain]
    if missing:
        raise BundleError(f"mkdocs.yml: extra_javascript não lista {', '.join(missing)} "
                          "(macros/exporters/bundles.py, CALCULATOR_ONLY)")
    texts = {uri: _read(files, uri) for uri in [*styles, *plain, *BEFORE_THEME]}
    minified = minify_scripts({
        "calculadoras": "".join(script_part(uri, texts[uri]) for uri in plain if uri in CALCULATOR_ONLY),
        "site": "".join(script_part(uri, texts[uri]) for uri in plain if uri not in CALCULATOR_ONLY),
        "antes": "".join(script_part(uri, texts[uri]) for uri in BEFORE_THEME),
    })
    out.calculators, calculators = _named("pacote-calculadoras", "js", minified["calculadoras"])
    out.site, site = _named("pacote-site", "js", minified["site"])
    out.before, before = _named("pacote-antes", "js", minified["antes"])
    out.style, style = _named("pacote-estilo", "css", "".join(style_part(uri, texts[uri]) for uri in styles))
    _drop(files, texts)
    for uri, content in ((out.calculators, calculators), (out.site, site), (out.before, before), (out.style, style)):
        _put(files, config, uri, content)
    out.separate = [item for item in scripts if not _plain(item)]
    config["extra_css"] = [out.style]
    config["extra_javascript"] = list(out.separate)


def tags(out: Bundles, root: str, calculator_page: bool, site_url: str) -> tuple[str, str]:
    """(before Material's script, after it): the bundles' tags for a page whose root is ``root``."""
    before = f'<script src="{root}{out.before}" data-site-url="{html.escape(site_url)}"></script>'
    calculators = out.calculators.removeprefix("assets/")
    after = f'<script src="{root}{out.site}" data-pacote-calculadoras="{calculators}"></script>'
    if calculator_page:
        after += f'<script src="{root}{out.calculators}"></script>'
    return before, after


def add_to_page(output: str, out: Bundles, root: str, calculator_page: bool, site_url: str) -> str | None:
    """The page with the bundles around Material's script (None: that script is not there), and
    a calculator page's article marked for instant navigation (``data-ep-pacote``)."""
    match = THEME_SCRIPT.search(output)
    if match is None:
        return None
    before, after = tags(out, root, calculator_page, site_url)
    output = output[: match.start()] + before + match.group(0) + after + output[match.end():]
    if calculator_page:
        output = output.replace('<article class="md-content__inner md-typeset"',
                                '<article class="md-content__inner md-typeset" data-ep-pacote="calculadoras"', 1)
    return output
