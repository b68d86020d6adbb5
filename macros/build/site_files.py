"""Files the site serves itself, added to the build as MkDocs files (so links to them validate
and ``mkdocs serve`` serves them too): the source documents, the vendored Pyodide and
the other pinned browser libraries (``/assets/vendor/``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

from ..data import browser_constants
from ..data.loader import ROOT
from ..data.site import Site
from ..render import material


class MissingAssetError(RuntimeError):
    """A file the site must serve itself is not installed."""


def _add(files: Files, config: Any, uri: str, path: Path) -> None:
    existing = files.get_file_from_path(uri)
    if existing is not None:
        files.remove(existing)
    files.append(File.generated(config, uri, abs_src_path=str(path)))


def add_sources(site: Site, files: Files, config: Any) -> None:
    """The three source documents, as received, under ``/fontes/``."""
    for path in sorted((site.data / "sources").glob("*.txt")):
        _add(files, config, f"fontes/{path.name}", path)


def add_pyodide(files: Files, config: Any) -> None:
    """The engine under ``/assets/pyodide/``: Pyodide's runtime from the pinned npm package, the
    trimmed standard library and a lock file without packages (``macros/build/engine.py``)."""
    from . import engine

    try:
        for name in engine.RUNTIME_FILES:
            source = engine.PYODIDE_DIR / name
            if not source.is_file():
                raise MissingAssetError(
                    f"Pyodide não instalado: falta {source.relative_to(ROOT)}. "
                    "Rode 'npm ci' (ou 'bash scripts/run.sh build')."
                )
            _add(files, config, f"assets/pyodide/{name}", source)
        generated = {engine.STDLIB_NAME: engine.trimmed_stdlib(), engine.LOCK_NAME: engine.lock_contents()}
    except engine.EngineError as exc:
        raise MissingAssetError(str(exc)) from exc
    for name, content in generated.items():
        uri = f"assets/pyodide/{name}"
        existing = files.get_file_from_path(uri)
        if existing is not None:
            files.remove(existing)
        files.append(File.generated(config, uri, content=content))


# Browser libraries the site serves itself, copied at build from their pinned npm packages
# (package.json): site address → file under node_modules. ``qrcode-generator`` draws the QR code of
# a calculation's share link on its receipt (assets/comprovante.js loads it when a receipt opens).
VENDOR_FILES = {
    "assets/vendor/qrcode-generator.js": Path("qrcode-generator") / "dist" / "qrcode.js",
}


def add_vendor(files: Files, config: Any) -> None:
    """The pinned browser libraries of :data:`VENDOR_FILES`, under ``/assets/vendor/``."""
    for uri, relative in VENDOR_FILES.items():
        source = ROOT / "node_modules" / relative
        if not source.is_file():
            raise MissingAssetError(
                f"Biblioteca não instalada: falta {source.relative_to(ROOT)}. "
                "Rode 'npm ci' (ou 'bash scripts/run.sh build')."
            )
        _add(files, config, uri, source)


# The calculators package, zipped for the browser (unpacked in Pyodide with unpackArchive), and
# the decree's tables: the document published as /dados/tabelas-1945.json, compact.
CALCULATORS_DIR = ROOT / "calculators"
CALCULATORS_ARCHIVE = "assets/calculadoras.zip"
CALCULATORS_DATA = "assets/calculadoras-dados.json"


def calculators_archive() -> bytes:
    """A zip of ``calculators/`` (Python sources only, no ``__pycache__``), deterministic."""
    import io
    import zipfile

    buffer = io.BytesIO()
    # Stored, not deflated: brotli/gzip of the whole file send fewer bytes (macros/build/engine.py).
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as archive:
        for path in sorted(CALCULATORS_DIR.rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def add_calculators(site: Site, files: Files, config: Any) -> None:
    """The calculators archive and the decree's tables for the browser."""
    import json

    # The build id rides along: the page computes only with tables of its own build.
    document = {**site.decree_tables, "versao": site.products.build_id}
    tables = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    for uri, content in ((CALCULATORS_ARCHIVE, calculators_archive()), (CALCULATORS_DATA, tables)):
        existing = files.get_file_from_path(uri)
        if existing is not None:
            files.remove(existing)
        files.append(File.generated(config, uri, content=content))


def _put(files: Files, config: Any, uri: str, content: str | bytes) -> None:
    existing = files.get_file_from_path(uri)
    if existing is not None:
        files.remove(existing)
    files.append(File.generated(config, uri, content=content))


def add_downloads(site: Site, files: Files, config: Any) -> None:
    """Everything under ``/dados/`` (see :mod:`macros.build.downloads`): the tables of 1945 as CSV, pt-BR
    spreadsheet CSV, .xlsx and JSON (+ JSON Schema); each act's citations (CSL-JSON, RIS, BibTeX)
    and Akoma Ntoso XML; the Data Package index."""
    from .downloads import generated

    for uri, content in generated(site, config["site_url"] or "/").items():
        _put(files, config, uri, content)


def add_not_here(site: Site, files: Files, config: Any) -> None:
    """``/search/fora.json``: the subjects these acts do not treat, for the search's «não está
    aqui» (:mod:`macros.build.search_not_here`)."""
    from .search_not_here import FILE, content

    _put(files, config, FILE, content(site.products.not_here))


def print_css(site: Site, site_url: str) -> str:
    """``/assets/impressao-atos.css``: per act, a named page whose header is the act's reference
    and whose footer counts pages, and the base of the permalinks printed after each article."""
    from ..render import cite

    def css_string(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

    out = ["/* Gerado na construção (macros/build/site_files.py) a partir de data/statutes/. */", "@media print {"]
    for st in site.statutes.values():
        page = f"ato-{st.slug}"
        out += [
            f'  .{material.CONTENT}:has(.ato-referencia[data-slug="{st.slug}"]) {{',
            f"    page: {page};",
            f"    --ep-link-base: {css_string(cite.act_url(st, site_url) + '#')};",
            "  }",
            f"  @page {page} {{",
            f"    @top-left {{ content: {css_string(f'BRASIL. {cite.title(st)}')}; font-size: 8pt; color: #444; }}",
            f"    @bottom-left {{ content: {css_string(cite.act_url(st, site_url))}; font-size: 7pt; color: #555; }}",
            '    @bottom-right { content: "p. " counter(page) " de " counter(pages); font-size: 8pt; color: #444; }',
            "  }",
        ]
    out.append("}")
    return "\n".join(out) + "\n"


def add_print_css(site: Site, files: Files, config: Any) -> None:
    _put(files, config, "assets/impressao-atos.css", print_css(site, config["site_url"] or "/"))


ENGINE_REPORT = browser_constants.ENGINE_REPORT
BUILD_ID_FILE = browser_constants.BUILD_ID_FILE
# What the page's worker fetches once the person asks for the engine (in this order).
ENGINE_URIS = (
    browser_constants.ENGINE_WORKER,
    "assets/pyodide/pyodide.mjs",
    "assets/pyodide/pyodide.asm.mjs",
    "assets/pyodide/pyodide.asm.wasm",
    "assets/pyodide/python_stdlib.zip",
    "assets/pyodide/pyodide-lock.json",
    CALCULATORS_ARCHIVE,
)


def add_engine_report(site: Site, files: Files, config: Any) -> None:
    """Each engine file's raw and gzip size, printed and published as ``/assets/motor.json`` (and
    kept in the Site for the pages' offline panel, ``products.engine_report``)."""
    import json
    import logging

    from . import engine

    contents = {}
    for uri in ENGINE_URIS:
        file = files.get_file_from_path(uri)
        if file is None:
            raise MissingAssetError(f"arquivo do motor ausente da construção: {uri}")
        contents[uri] = file.content_bytes
    engine_report = site.products.engine_report
    engine_report.clear()
    engine_report.update(engine.engine_report(contents))
    engine_report["versao"] = site.products.build_id
    log = logging.getLogger("mkdocs.plugins.estatutos.engine")
    for line in engine.report_lines(engine_report):
        log.info(line)
    existing = files.get_file_from_path(ENGINE_REPORT)
    if existing is not None:
        files.remove(existing)
    text = json.dumps(engine_report, ensure_ascii=False, indent=1)
    files.append(File.generated(config, ENGINE_REPORT, content=text))
    # The server's current build, asked only when a file of the engine does not match the page's
    # build (a new deploy, or a corrupted copy?); never precached by the service worker.
    _put(files, config, BUILD_ID_FILE, json.dumps({"versao": site.products.build_id}, ensure_ascii=False))
