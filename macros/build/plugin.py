"""The site's build as a typed MkDocs plugin (``estatutos`` in ``mkdocs.yml``).

Registered by an entry point (``pyproject.toml``, ``[project.entry-points."mkdocs.plugins"]``):
``bash scripts/run.sh setup`` installs this checkout into its ``.venv`` as an editable package,
without dependencies and without a build environment of its own (``pip install --no-deps
--no-build-isolation -e .``, with the venv's setuptools): a fresh clone finds the plugin, and the
hashed install of ``requirements.txt`` is left as it is.

Its options (:class:`EstatutosConfig`), checked by MkDocs before anything is built:

- ``publicar`` (``!ENV [EP_PUBLICAR, '']``): a build for publishing, which refuses a local
  ``site_url`` (:mod:`macros.build.public_address`) and one without a destination for
  «Informar um erro» (:mod:`macros.build.report_destination`);
- ``relatar_erro``: ``rastreador`` and ``email``, where «Informar um erro» may also send a report
  (:mod:`macros.build.report_destination`; given to the pages' macros as ``extra.relatar_erro``).

The plugin holds the build's :class:`macros.data.site.Site` (``self.site``), loaded once in
``on_config``: every data file read and validated once before anything renders; a broken file
stops the build with the file, the place and the reason; nothing of a previous build (``mkdocs
serve``) survives. The macros read the same Site (:func:`macros.data.site.current`).

- ``on_config``: the options checked, the Site loaded, the glossary's abbreviations file;
- ``on_files``: the source documents, Pyodide, the downloads of ``/dados/``, the site's own
  scripts and styles in a few bundles (:mod:`macros.build.bundles`), the calculators' archive and
  the engine's report (:mod:`macros.build.site_files`);
- ``on_page_content``: bare tables in scrolling regions; the own search documents' titles read,
  and each page's title for the search's section documents;
- ``on_post_page`` and ``on_post_template``: the tags of every page's ``<head>`` and around
  Material's script, the metadata of statute pages; ``404.html`` and the «Sem internet» page;
- ``on_post_build``: the feed, the site's search index (:mod:`macros.build.search`: provisions,
  notes, «Hoje» boxes, sections and table rows as documents, split so that a query fetches only
  what it needs; dev/search.md), ``robots.txt``, the Content Security Policy
  (:mod:`macros.build.csp`) and the compressed copies.
"""

from __future__ import annotations

import hashlib
import html
import logging
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

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

LOG = logging.getLogger("mkdocs.plugins.estatutos")
# Top-level pages the 404 page may link to, besides each statute's (checked against the built site
# by the tests).
SECTIONS = {"perguntas/", "tabelas/", "calculadoras/"}


class Publishing(base.BaseConfigOption[bool]):
    """A yes or a no, as ``EP_PUBLICAR`` gives it (``1``, ``sim``, ``true``; empty is no)."""

    def __init__(self, default: bool = False) -> None:
        super().__init__()
        self.default = default

    def run_validation(self, value: object) -> bool:
        if isinstance(value, bool):
            return value
        if value is None:
            return False
        return public_address.publishing({public_address.PUBLISH_VARIABLE: str(value)})


class ReportConfig(base.Config):  # type: ignore[no-untyped-call]
    rastreador = c.Type(str, default="")
    email = c.Type(str, default="")


class EstatutosConfig(base.Config):  # type: ignore[no-untyped-call]
    publicar = Publishing(default=False)
    relatar_erro = c.SubConfig(ReportConfig)


class EstatutosPlugin(BasePlugin[EstatutosConfig]):  # type: ignore[no-untyped-call]
    """The build of Estatutos Portuários (see the module's docstring)."""

    def __init__(self) -> None:
        self.site: data_site.Site | None = None

    def _site(self) -> data_site.Site:
        if self.site is None:
            raise PluginError("o Site não foi carregado (on_config não rodou)")
        return self.site

    # ------------------------------------------------------------------ config
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        environ = {public_address.PUBLISH_VARIABLE: "1" if self.config.publicar else ""}
        try:
            public_address.check(config["site_url"] or "", environ)
        except public_address.AddressError as exc:
            raise PluginError(f"Endereço público — {exc}") from exc
        config["extra"]["relatar_erro"] = {"rastreador": self.config.relatar_erro.rastreador,
                                           "email": self.config.relatar_erro.email}
        try:
            # A build for publishing also needs somewhere for «Informar um erro» to send a report.
            report_destination.check(config["extra"], environ)
        except report_destination.DestinationError as exc:
            raise PluginError(f"Relatos de erro — {exc}") from exc
        try:
            site = self.site = data_site.start()
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

    # ------------------------------------------------------------------ files
    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        site = self._site()
        site.products.bundles = bundles.Bundles()
        try:
            site_files.add_sources(site, files, config)
            site_files.add_pyodide(files, config)
            site_files.add_vendor(files, config)
            site_files.add_downloads(site, files, config)
            site_files.add_print_css(site, files, config)
            # The site's own scripts and styles in a few bundles (macros/build/bundles.py), the
            # engine's worker among them: before the engine's report, which lists it.
            bundles.bundle(files, config, site.products.bundles)
            site_files.add_calculators(site, files, config)
            site_files.add_engine_report(site, files, config)  # and assets/versao.json
            site_files.add_not_here(site, files, config)
        except site_files.MissingAssetError as exc:
            raise PluginError(str(exc)) from exc
        except bundles.BundleError as exc:
            raise PluginError(f"Pacotes de scripts e estilos — {exc}") from exc
        return files

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Read the own search documents' titles before Material's search strips them; bare
        (Markdown) tables scroll inside a labelled region, never the page (macros/render/regions.py)."""
        products = self._site().products
        search_index.collect_titles(products.own_titles, page.url, html)
        products.search_pages[page.url] = page.title or ""
        return regions.wrap_bare_tables(html)

    # ------------------------------------------------------------------ pages
    def _head_scripts(self, output: str, root: str, config: MkDocsConfig, src_uri: str = "") -> str:
        """The build id (``<meta name="ep-versao">``: the browser never mixes two builds) at the
        start of ``<head>``; the site's bundles around Material's script (:mod:`macros.build.bundles`)."""
        site = self._site()
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

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        """Head scripts; the standard metadata (JSON-LD, DC.*, z.*, og:*) in the head of each
        statute page; where «Informar um erro» may send a report (``extra.relatar_erro``), in every
        page."""
        site = self._site()
        statute = site.statutes.get(page.file.src_uri.removesuffix(".md"))
        if statute is not None:
            output = output.replace("</head>", metadata.head(statute, config["site_url"] or "/") + "</head>", 1)
        destinations = report_destination.head_tags(config["extra"])
        if destinations:
            output = output.replace("</head>", destinations + "</head>", 1)
        root = get_relative_url(".", page.url).rstrip("/") + "/"
        root = "" if root == "./" else root
        output = self._head_scripts(output, root, config, page.file.src_uri)
        output = offline.post_page(output, page, site.products.engine_report)
        # With the engine offer in the page: the engine's early start in the <head> of a calculator's page.
        try:
            return bundles.head_start(output, site.products.bundles, root)
        except bundles.BundleError as exc:
            raise PluginError(f"{page.file.src_uri}: {exc}") from exc

    def on_post_template(self, output_content: str, *, template_name: str, config: MkDocsConfig) -> str:
        """The same for static templates (404.html), which is also put in Portuguese with links
        from the site's root (``macros/render/not_found.py``)."""
        output = output_content
        if template_name != "404.html":
            return output
        statutes = self._site().statutes
        sections = SECTIONS | {f"{slug}/" for slug in statutes}
        places = not_found.links(config["nav"], statutes)
        root = not_found.root_path(config["site_url"] or "")
        # The «Sem internet» page, from the same template: precached with 404.html by the service
        # worker, which shows it when a page not kept yet is opened with no connection.
        offline_page = not_found.offline_page(output, config["site_url"] or "", sections, places)
        if offline_page is None:
            raise PluginError("404.html do Material mudou: a página «Sem internet» não foi escrita")
        target = Path(config["site_dir"]) / not_found.OFFLINE_FILE
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(self._head_scripts(offline_page, root, config), encoding="utf-8")
        output = not_found.localise(output, config["site_url"] or "", sections, places)
        return self._head_scripts(output, root, config)

    # ------------------------------------------------------------------ the built site
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        site = self._site()
        site_dir = Path(config["site_dir"])
        feed.write(site, site_dir, config["site_url"] or "/")
        try:
            written = site_index.write(site_dir, site.statutes, list(site.products.search_pages.items()),
                                       site.products.own_titles, search_built.table_sources())
        except DataError as exc:
            raise PluginError(f"Busca — {exc}") from exc
        LOG.info("Índice da busca: %d documentos em %d arquivos, %.1f KB (%.1f KB brotli; meta.json %.1f KB brotli)",
                 written.documents, written.files, written.raw / 1024, written.brotli / 1024,
                 written.meta_brotli / 1024)
        robots.write(site_dir, config["site_url"] or "")
        # The policy approves only the inline scripts the theme's templates ship.
        try:
            csp.add_to_site(site_dir, [Path(d) for d in config["theme"].dirs],
                            urlsplit(config["site_url"] or "/").path or "/")
        except csp.UnknownScriptError as exc:
            raise PluginError(f"Política de segurança — {exc}") from exc
        # After every change to the written files: brotli and gzip copies of the engine and large assets.
        copies = precompress.write_all(site_dir)
        LOG.info("Cópias comprimidas: %d arquivos, %.1f MB → brotli %.1f MB, gzip %.1f MB",
                 copies["files"], copies["raw"] / 1e6, copies["brotli"] / 1e6, copies["gzip"] / 1e6)
