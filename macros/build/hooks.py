"""MkDocs build hooks: load the data first, then finish the built site.

- ``on_config``: a build for publishing (``EP_PUBLICAR=1``) refuses a local ``site_url``
  (:mod:`macros.build.public_address`); then the build's :class:`macros.data.site.Site` is
  loaded: every data file read and
  validated once (the tables audited) before anything renders; a broken file stops the build
  with the file, the place and the reason. Every later hook takes this Site
  (:func:`macros.data.site.current`), and nothing of a previous build (``mkdocs serve``) survives.
- ``on_files``: the source documents under ``/fontes/`` and the vendored Pyodide under
  ``/assets/pyodide/`` become site files, and so do the calculators archive
  (``/assets/calculadoras.zip``) and the decree's tables for the browser
  (``/assets/calculadoras-dados.json``), and every download under ``/dados/`` (the 1945 tables
  as CSV, spreadsheet CSV, .xlsx and JSON; citations; Akoma Ntoso; the Data Package).
- ``on_page_content``: bare tables in scrolling regions; the own search documents' titles read.
- ``on_files`` ends with the site's own scripts and styles bundled into a few files
  (:mod:`macros.build.bundles`).
- ``on_post_page``: the build id, the bundles' tags (before Material's script:
  ``assets/navegacao.js``, instant navigation wherever the site is served), and the standard
  metadata of statute pages.
- ``on_post_template``: ``404.html`` in Portuguese, links from the site's root; from the same
  template, the «Sem internet» page the service worker shows offline for a page not kept.
- ``on_post_build``: ``feed.xml``, the change log as Atom (:mod:`macros.build.feed`; every
  page's ``<head>`` announces it); the site's search index (:mod:`macros.build.search`: provisions,
  notes, «Hoje» boxes, sections and table rows as documents, split so that a query fetches only
  what it needs; dev/search.md); ``robots.txt``; then the Content Security Policy, with the hashes of
  every inline script, first in the ``<head>`` of every page (``macros/build/csp.py``).
"""

from __future__ import annotations

import hashlib
import html
import logging
import os
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from macros.build import (
    bundles,
    csp,
    feed,
    offline,
    precompress,
    public_address,
    report_destination,
    robots,
    search_index,
    search_not_here,
    site_files,
)
from macros.build.search import built as search_built
from macros.build.search import site_index
from macros.data import build_id, glossario
from macros.data import site as data_site
from macros.data.loader import ROOT, DataError
from macros.render import metadata, not_found, regions


def on_config(config: Any) -> Any:
    try:
        public_address.check(config["site_url"] or "", os.environ)
    except public_address.AddressError as exc:
        raise PluginError(f"Endereço público — {exc}") from exc
    try:
        report_destination.destinations(config["extra"])
    except report_destination.DestinationError as exc:
        raise PluginError(f"Relatos de erro — {exc}") from exc
    try:
        site = data_site.start()
        # Generated, never versioned: one folder per checkout, rewritten at every build.
        folder = Path(tempfile.gettempdir()) / f"ep-glossario-{hashlib.sha1(str(ROOT).encode()).hexdigest()[:10]}"
        glossary_file = glossario.write_abbreviations(site.glossary, folder)
        build_id.pin_epoch()
        site.products.build_id = build_id.build_id()
        site.products.not_here = search_not_here.load(site.data / "fora.yaml", site.acts)
    except DataError as exc:
        raise PluginError(f"Dados inválidos — {exc}") from exc
    except build_id.BuildIdError as exc:
        raise PluginError(str(exc)) from exc
    snippets = config["mdx_configs"].setdefault("pymdownx.snippets", {})
    snippets["base_path"] = [str(glossary_file.parent)]
    snippets["auto_append"] = [glossary_file.name]
    return config


def on_files(files: Any, config: Any) -> Any:
    site = data_site.current()
    site.products.bundles = bundles.Bundles()
    try:
        site_files.add_sources(site, files, config)
        site_files.add_pyodide(files, config)
        site_files.add_vendor(files, config)
        site_files.add_downloads(site, files, config)
        site_files.add_print_css(site, files, config)
        # The site's own scripts and styles in a few bundles (macros/build/bundles.py), the engine's
        # worker among them: before the engine's report, which lists it.
        bundles.bundle(files, config, site.products.bundles)
        site_files.add_calculators(site, files, config)
        site_files.add_engine_report(site, files, config)  # and assets/versao.json
        site_files.add_not_here(site, files, config)
    except site_files.MissingAssetError as exc:
        raise PluginError(str(exc)) from exc
    except bundles.BundleError as exc:
        raise PluginError(f"Pacotes de scripts e estilos — {exc}") from exc
    return files


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """Read the own search documents' titles before Material's search strips them; bare (Markdown)
    tables scroll inside a labelled region, never the page (macros/render/regions.py)."""
    products = data_site.current().products
    search_index.collect_titles(products.own_titles, page.url, html)
    products.search_pages[page.url] = page.title or ""
    return regions.wrap_bare_tables(html)


def _head_scripts(output: str, root: str, config: Any, src_uri: str = "") -> str:
    """The build id (``<meta name="ep-versao">``: the browser never mixes two builds) at the start
    of ``<head>``; the site's bundled scripts around Material's (:mod:`macros.build.bundles`:
    before it, ``assets/navegacao.js``, instant navigation wherever the site is served; after it,
    the site's scripts, and the calculators' or the tables' on their pages, with their styles)."""
    site = data_site.current()
    version = html.escape(site.products.build_id)
    tag = (f'<meta name="ep-versao" content="{version}">'
           f'{bundles.head_tags(site.products.bundles, config["site_url"] or "")}{feed.head_link(root)}')
    changed = csp.insert_in_head(output, tag)
    if changed is None:
        raise PluginError("página sem <head> (tema mudou?)")
    changed = bundles.add_to_page(changed, site.products.bundles, root, bundles.groups_of(src_uri))
    if changed is None:
        raise PluginError("página sem o script do Material (tema mudou?)")
    return changed


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Head scripts; the standard metadata (JSON-LD, DC.*, z.*, og:*) in the head of each statute
    page; where «Informar um erro» may send a report (``extra.relatar_erro``), in every page."""
    site = data_site.current()
    statute = site.statutes.get(page.file.src_uri.removesuffix(".md"))
    if statute is not None:
        output = output.replace("</head>", metadata.head(statute, config["site_url"] or "/") + "</head>", 1)
    destinations = report_destination.head_tags(config["extra"])
    if destinations:
        output = output.replace("</head>", destinations + "</head>", 1)
    root = get_relative_url(".", page.url).rstrip("/") + "/"
    root = "" if root == "./" else root
    output = _head_scripts(output, root, config, page.file.src_uri)
    output = offline.post_page(output, page, site.products.engine_report)
    # With the engine offer in the page: the engine's early start in the <head> of a calculator's page.
    try:
        return bundles.head_start(output, site.products.bundles, root)
    except bundles.BundleError as exc:
        raise PluginError(f"{page.file.src_uri}: {exc}") from exc


def on_post_template(output: str, template_name: str, config: Any) -> str:
    """The same for static templates (404.html), which is also put in Portuguese with links
    from the site's root (``macros/render/not_found.py``)."""
    if template_name != "404.html":
        return output
    statutes = data_site.current().statutes
    sections = SECTIONS | {f"{slug}/" for slug in statutes}
    places = not_found.links(config["nav"], statutes)
    root = not_found.root_path(config["site_url"] or "")
    # The «Sem internet» page, from the same template: precached with 404.html by the service
    # worker, which shows it when a page not kept yet is opened with no connection.
    offline = not_found.offline_page(output, config["site_url"] or "", sections, places)
    if offline is None:
        raise PluginError("404.html do Material mudou: a página «Sem internet» não foi escrita")
    target = Path(config["site_dir"]) / not_found.OFFLINE_FILE
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(_head_scripts(offline, root, config), encoding="utf-8")
    output = not_found.localise(output, config["site_url"] or "", sections, places)
    return _head_scripts(output, root, config)


# Top-level pages the 404 page may link to, besides each statute's (checked against the built site
# by the tests).
SECTIONS = {"perguntas/", "tabelas/", "calculadoras/"}


LOG = logging.getLogger("mkdocs.hooks.busca")


def on_post_build(config: Any) -> None:
    site = data_site.current()
    feed.write(site, Path(config["site_dir"]), config["site_url"] or "/")
    try:
        written = site_index.write(Path(config["site_dir"]), site.statutes, list(site.products.search_pages.items()),
                                   site.products.own_titles, search_built.table_sources())
    except DataError as exc:
        raise PluginError(f"Busca — {exc}") from exc
    LOG.info("Índice da busca: %d documentos em %d arquivos, %.1f KB (%.1f KB brotli; meta.json %.1f KB brotli)",
             written.documents, written.files, written.raw / 1024, written.brotli / 1024, written.meta_brotli / 1024)
    robots.write(Path(config["site_dir"]), config["site_url"] or "")
    # The policy approves only the inline scripts the theme's templates ship.
    try:
        csp.add_to_site(Path(config["site_dir"]), [Path(d) for d in config["theme"].dirs],
                        urlsplit(config["site_url"] or "/").path or "/")
    except csp.UnknownScriptError as exc:
        raise PluginError(f"Política de segurança — {exc}") from exc
    # After every change to the written files: brotli and gzip copies of the engine and large assets.
    copies = precompress.write_all(Path(config["site_dir"]))
    LOG.info("Cópias comprimidas: %d arquivos, %.1f MB → brotli %.1f MB, gzip %.1f MB",
             copies["files"], copies["raw"] / 1e6, copies["brotli"] / 1e6, copies["gzip"] / 1e6)
