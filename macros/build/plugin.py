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
  the engine's report (:mod:`macros.build.site_files`), one embeddable page per calculator
  (``embutir/<calc>/``, :mod:`macros.render.calculator_embed`);
- ``on_page_content``: bare tables in scrolling regions; the engine offer on the calculators'
  pages; the own search documents' titles read, and each page's title for the search's section
  documents;
- ``on_page_context`` and ``on_template_context``: what ``overrides/main.html`` puts in
  Material's blocks (``estatutos``, :mod:`macros.build.page_parts`): the tags of every page's
  ``<head>`` and around Material's script, the metadata of statute pages; the content of
  ``404.html`` and of the «Sem internet» page (``overrides/``);
- ``on_post_build``: the feed, the site's search index (:mod:`macros.build.search`: provisions,
  notes, «Hoje» boxes, sections and table rows as documents, split so that a query fetches only
  what it needs; dev/search.md), ``robots.txt``, the Content Security Policy
  (:mod:`macros.build.csp`), ``_headers`` for the hosts that read one
  (:mod:`macros.build.hosting`) and the compressed copies.
"""

from __future__ import annotations

import hashlib
import logging
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url
from mkdocs.utils.templates import TemplateContext

from calculators import api
from macros.build import (
    bundles,
    csp,
    feed,
    hosting,
    offline,
    page_parts,
    precompress,
    public_address,
    report_destination,
    robots,
    search_index,
    search_not_here,
    site_files,
)
from macros.build.search import site_index
from macros.data import build_id, glossario
from macros.data import site as data_site
from macros.data.loader import ROOT, DataError
from macros.render import calculator_embed, calculators, material, not_found, regions

LOG = logging.getLogger("mkdocs.plugins.estatutos")


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
        self.theme_script = ""

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
        try:
            self.theme_script = material.theme_bundle(Path(d) for d in config["theme"].dirs)
        except material.MaterialChangedError as exc:
            raise PluginError(f"Material — {exc}") from exc
        # The «Sem internet» page: a template of overrides/, rendered like 404.html.
        config["theme"].static_templates.add(not_found.OFFLINE_FILE)
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
            self._add_embed_pages(site, files, config)
        except site_files.MissingAssetError as exc:
            raise PluginError(str(exc)) from exc
        except bundles.BundleError as exc:
            raise PluginError(f"Pacotes de scripts e estilos — {exc}") from exc
        return files

    @staticmethod
    def _add_embed_pages(site: data_site.Site, files: Files, config: MkDocsConfig) -> None:
        """One embeddable page per calculator the rules declare (``embutir/<calc>/``, issue 30:
        :mod:`macros.render.calculator_embed`): outside the menus, the sitemap and the search."""
        for name in api.names():
            files.append(File.generated(config, calculator_embed.source_uri(name),
                                        content=calculators.embed_source(site, name),
                                        inclusion=InclusionLevel.NOT_IN_NAV))

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Read the own search documents' titles (``data-search-title``) and the page's title; bare
        (Markdown) tables scroll inside a labelled region, never the page (macros/render/regions.py);
        the engine offer on the calculators' pages (macros/build/offline.py)."""
        site = self._site()
        if not calculator_embed.is_embed_page(page.file.src_uri):  # the full page is the one to find
            search_index.collect_titles(site.products.own_titles, page.url, html)
            site.products.search_pages[page.url] = page.title or ""
        html = offline.add_offer(html, page.file.src_uri, site.products.engine_report)
        return regions.wrap_bare_tables(html)

    # ------------------------------------------------------------------ pages
    def on_page_context(self, context: TemplateContext, *, page: Page, config: MkDocsConfig,
                        nav: Navigation) -> TemplateContext:
        """What overrides/main.html puts in Material's blocks for this page (macros/build/page_parts.py)."""
        root = get_relative_url(".", page.url).rstrip("/") + "/"
        root = "" if root == "./" else root
        context["estatutos"] = page_parts.for_page(  # type: ignore[typeddict-unknown-key]
            self._site(), config, page.file.src_uri, root, page.content or "", self.theme_script)
        return context

    def on_template_context(self, context: TemplateContext, *, template_name: str,
                            config: MkDocsConfig) -> TemplateContext:
        """The same for 404.html and the «Sem internet» page (overrides/), both shown at any
        address: links from the site's root path, like MkDocs gives 404.html."""
        if template_name in ("404.html", not_found.OFFLINE_FILE):
            offline_page = template_name == not_found.OFFLINE_FILE
            if offline_page:
                context["base_url"] = urlsplit(config["site_url"] or "/").path
            context["estatutos"] = page_parts.for_error_page(  # type: ignore[typeddict-unknown-key]
                self._site(), config, offline_page)
        return context

    # ------------------------------------------------------------------ the built site
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        site = self._site()
        site_dir = Path(config["site_dir"])
        feed.write(site, site_dir, config["site_url"] or "/")
        try:
            written = site_index.write(site_dir, site.statutes, list(site.products.search_pages.items()),
                                       site.products.own_titles,
                                       [site.tables.source_file] if site.tables.source_file else [])
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
        except (csp.UnknownScriptError, csp.MissingPolicyError) as exc:
            raise PluginError(f"Política de segurança — {exc}") from exc
        hosting.write_headers_file(site_dir)  # _headers: the same headers for Netlify, Cloudflare
        # After every change to the written files: brotli and gzip copies of the engine and large assets.
        copies = precompress.write_all(site_dir)
        LOG.info("Cópias comprimidas: %d arquivos, %.1f MB → brotli %.1f MB, gzip %.1f MB",
                 copies["files"], copies["raw"] / 1e6, copies["brotli"] / 1e6, copies["gzip"] / 1e6)
