"""What the site's templates add to Material's blocks, page by page (issue 27: Material through
its extension points, nothing spliced into a built page).

``overrides/main.html`` fills Material's blocks (:data:`macros.render.material.BLOCKS`) with the
fields of :class:`Parts`, given to every template as ``estatutos`` by the build plugin
(``on_page_context`` for a page of ``docs/``, ``on_template_context`` for ``404.html`` and
the «Sem internet» page):

- ``site_meta`` (after Material's, before any style or script): the page's Content Security
  Policy tag, first, its value filled once every page is written (:mod:`macros.build.csp`), the build id
  (``<meta name="ep-versao">``: the browser never mixes two builds), on a page with a
  calculator's form the engine's early start right after it (:func:`bundles.early_start`), the
  address the build wrote and every group's files (:func:`bundles.head_tags`), the feed's link;
- ``styles``: the page's groups' style sheets, right before the common one;
- ``extrahead``: a statute's standard metadata (JSON-LD, DC.*, z.*, og:*), where «Informar um
  erro» may send a report, the web app manifest, the calculators' scripts preloaded, ``noindex``
  on the error pages and on the embeddable pages (with their mark, :data:`EMBED_HEAD`);
- ``header`` (before Material's header, right after its «Pular para conteúdo»): «Ir para o
  formulário», on every page, shown only on a page with a calculator's form (:func:`skip_to_form`);
- ``content``: the mark of the page's groups (``data-ep-pacote``) or the content of an error page;
- ``scripts``: the site's bundles before and after Material's script.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from ..data import site as data_site
from ..render import calculator_embed, material, metadata, not_found
from . import bundles, csp, feed, offline, report_destination


@dataclass(frozen=True)
class Parts:
    """The HTML of each block ``overrides/main.html`` fills (empty: nothing)."""

    site_meta: str = ""
    styles: str = ""
    extrahead: str = ""
    header: str = ""
    content: str = ""
    scripts_before: str = ""
    scripts_after: str = ""


def _common(site: data_site.Site, config: Any, root: str, early: str = "") -> str:
    out = site.products.bundles
    version = html.escape(site.products.build_id)
    return (f'{csp.placeholder_tag()}<meta name="ep-versao" content="{version}">{early}'
            f'{bundles.head_tags(out, config["site_url"] or "")}{feed.head_link(root)}')


# An embeddable page (macros/render/calculator_embed.py) is never a search result (the full page
# is), and its scripts know it is one (common/page.mjs, embedded: no service worker, no
# «Meus cálculos», every link opens the full site in a new tab).
EMBED_HEAD = f'{not_found.NOINDEX}<meta name="ep-embutida" content="sim" class="ep-embutida">'

FORM_ID = re.compile(r'<form class="calc-form[^"]*" id="([^"]+)"')


def skip_to_form(content: str) -> str:
    """«Ir para o formulário»: a second skip link, styled as Material's own (``material.SKIP``: seen only
    when focused), to the page's calculator form; on a page without one it is there but hidden, so
    that the page's script (``docs/assets/js/common/skip-to-form.mjs``) can show it when Material's
    instant navigation opens a calculator (the header is not replaced). Tab, Tab, Enter from the
    top of a calculator lands in its first field (issue 30: it took 77 Tabs)."""
    found = FORM_ID.search(content)
    if found is None:
        return f'<a class="{material.SKIP} ep-ir-formulario" href="#" hidden>Ir para o formulário</a>'
    return (f'<a class="{material.SKIP} ep-ir-formulario" href="#{html.escape(found.group(1))}">'
            'Ir para o formulário</a>')


def for_page(site: data_site.Site, config: Any, src_uri: str, root: str, content: str,
             theme_script: str) -> Parts:
    """The parts of the page of ``src_uri`` (``root``: its way back to the site's root;
    ``content``: its rendered content; ``theme_script``: Material's script, from the site's root)."""
    out = site.products.bundles
    report = site.products.engine_report
    groups = bundles.groups_of(src_uri)
    early = ""
    if offline.CALCULATOR_FORM in content and offline.has_offer(src_uri, report):
        early = bundles.early_start(out, root, *offline.offer_data(report))
    head = []
    statute = site.statutes.get(src_uri.removesuffix(".md"))
    if statute is not None:
        head.append(metadata.head(statute, config["site_url"] or "/"))
    head.append(report_destination.head_tags(config["extra"]))
    if calculator_embed.is_embed_page(src_uri):
        head.append(EMBED_HEAD)
    head.append(offline.head_links(root))
    if offline.has_offer(src_uri, report):
        head.append(offline.preloads(bundles.scripts_in_order(out, root, groups, theme_script)))
    before, after = bundles.tags(out, root, groups)
    return Parts(site_meta=Markup(_common(site, config, root, early)),
                 styles=Markup(bundles.group_styles(out, root, groups)),
                 extrahead=Markup("".join(head)), header=Markup(skip_to_form(content)),
                 content=Markup(bundles.group_mark(groups)),
                 scripts_before=Markup(before), scripts_after=Markup(after))


def for_error_page(site: data_site.Site, config: Any, offline_page: bool) -> Parts:
    """The parts of ``404.html`` (``offline_page``: of the «Sem internet» page, made from the same
    layout): both are shown at any address, so every link starts at the site's root path."""
    out = site.products.bundles
    root = not_found.root_path(config["site_url"] or "")
    sections = not_found.SECTIONS | {f"{slug}/" for slug in site.statutes}
    places = not_found.links(config["nav"], site.statutes)
    body = (not_found.offline_body if offline_page else not_found.body)(root, sections, places)
    before, after = bundles.tags(out, root, [])
    return Parts(site_meta=Markup(_common(site, config, root)),
                 extrahead=Markup(not_found.NOINDEX),
                 content=Markup(body), scripts_before=Markup(before), scripts_after=Markup(after))
