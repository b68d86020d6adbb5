"""Render the change log (``data/novidades.yaml``): the ``/novidades/`` page, the «Atualizado em»
marks on provisions and «Hoje» boxes, and the «Atos citados» page of the registry.

Render only: every sentence comes from the data files (:mod:`macros.data.novidades`,
:mod:`macros.data.acts`); the acts an entry names link through the registry.
"""

from __future__ import annotations

from ..data.novidades import Change
from ..data.site import Site
from . import cite
from .acts import linked, not_opened_html
from .links import provision_link
from .safe import Markup

FEED_PATH = "feed.xml"


def change_href(change: Change, root: str) -> str:
    """``../novidades/#atos-citados-com-link`` from a page ``root`` away from the site root."""
    return f"{root}novidades/#{change.anchor}"


def mark(change: Change | None, root: str, css: str = "atualizado") -> Markup:
    """«Atualizado em 1 de dezembro de 2026», linked to the entry; empty without an entry. Outside
    the source text (``data-nosrc``) and out of the search index."""
    if change is None:
        return Markup("")
    return Markup(
        '<a class="{css}" href="{href}" data-nosrc data-search-exclude title="{title}">Atualizado em '
        '<time datetime="{iso}">{date}</time></a>'
    ).format(css=css, href=change_href(change, root), title=change.title, iso=change.date.isoformat(),
             date=cite.long_date(change.date.isoformat()))


def entry_html(site: Site, change: Change) -> Markup:
    """One entry of ``/novidades/``: title, date and kind, summary, the provisions it touched."""
    touched: list[Markup] = []
    for slug, ids in change.provisions.items():
        statute = site.statute(slug)
        if ids:
            links = Markup(", ").join(provision_link(slug, p, "../") for p in ids)
            touched.append(Markup("{}: {}").format(statute.short_title, links))
        else:
            touched.append(Markup('<a href="../{}/">{}</a> (o ato como um todo)').format(slug, statute.short_title))
    corrected = Markup("")
    later = site.changes.corrections(change)
    if later:
        corrected = Markup('<p class="novidade-corrigida"><strong>Corrigida depois:</strong> {}.</p>').format(
            Markup("; ").join(Markup('<a href="#{}">{}</a> (<time datetime="{}">{}</time>)').format(
                c.anchor, c.title, c.date.isoformat(), cite.long_date(c.date.isoformat())) for c in later))
    where = Markup("")
    if touched:
        where = Markup('<p class="novidade-onde"><strong>Onde:</strong> {}.</p>').format(Markup("; ").join(touched))
    return Markup(
        '<article class="novidade novidade--{kind}" id="{id}">'
        '<h2 class="novidade-titulo">{title}</h2>'
        '<p class="novidade-quando"><time datetime="{iso}">{date}</time> · <span class="novidade-tipo">{label}</span>'
        ' · <a class="novidade-link" href="#{id}" aria-label="Link permanente para esta novidade">#</a></p>'
        '<p class="novidade-resumo">{summary}</p>{corrected}{where}</article>'
    ).format(kind=change.kind, id=change.anchor, title=change.title, iso=change.date.isoformat(),
             date=cite.long_date(change.date.isoformat()), label=change.kind_label,
             summary=linked(change.summary, site.acts, "../"), corrected=corrected, where=where)


def page(site: Site) -> str:
    """``/novidades/``: every entry, newest first, and the feed."""
    entries = Markup("").join(entry_html(site, c) for c in site.changes)
    return str(Markup(
        '<p class="novidades-feed">Para ser avisado: assine o <a href="../{feed}" type="application/atom+xml">'
        "feed de novidades (Atom)</a> num leitor de feeds, ou volte a esta página.</p>"
        '<div class="novidades">{entries}</div>'
    ).format(feed=FEED_PATH, entries=entries))


def acts_page(site: Site) -> str:
    """``/atos/``: every act and precedent the site cites, with its official address and how it
    was checked (the registry, ``data/atos.yaml``)."""
    rows: list[Markup] = []
    for act in site.acts:
        href = act.href("../")
        name = (Markup('<a href="{}"{}>{}</a>').format(href, Markup(' rel="external noopener"') if act.page is None
                                                        else Markup(""), act.short)
                if href else Markup("{}").format(act.short))
        where = Markup("")
        if act.page and act.url:
            where = Markup(' <a href="{}" rel="external noopener">publicação oficial</a>').format(act.url)
        if act.url_not_opened:
            where += not_opened_html()
        read = Markup("")
        if act.checked_read:
            read = Markup(' Cópia lida: <span class="ato-copia">{}</span>.').format(act.checked_read)
        urn = Markup("<br><code>{}</code>").format(act.urn) if act.urn else Markup("")
        rows.append(Markup(
            '<tr id="{id}"><th scope="row">{name}{where}{urn}</th><td>{label}<br><small>{subject}</small></td>'
            '<td><small>{note}{read} Em <time datetime="{iso}">{date}</time>.</small></td></tr>'
        ).format(id=act.id, name=name, where=where, urn=urn, label=act.label, subject=act.subject,
                 note=act.checked_note, read=read, iso=act.checked_date,
                 date=cite.long_date(act.checked_date)))
    return str(Markup(
        '<div class="tabela-rolagem" tabindex="0" role="region" aria-label="Atos e precedentes citados">'
        '<table class="atos-tabela"><thead><tr><th scope="col">Ato</th><th scope="col">O que é</th>'
        '<th scope="col">Como o endereço foi conferido</th></tr></thead><tbody>{}</tbody></table></div>'
    ).format(Markup("").join(rows)))
