"""Render the «Hoje» layer: the box after each article, the per-act summaries, the /hoje/ table.

Render only: every sentence comes from ``data/hoje/`` (see :mod:`macros.data.hoje`); nothing here
decides what the law is. The box follows the board's contract 1: ``<details class="hoje"
id="hoje-<article id>" data-search-title="Hoje — <citation label>" data-search-exclude>``.
"""

from __future__ import annotations

import datetime as dt

from markupsafe import Markup

from ..data import ids
from ..data.hoje import APPLIES_LABELS, ArticleToday, Claim, StatuteToday
from ..data.model import Statute
from ..data.site import Site
from . import cite
from .acts import linked
from .links import provision_link

DISCLAIMER = (
    "Informação editorial, não conselho jurídico; o acordo ou a convenção coletiva podem dar mais. "
    "Em caso de dúvida, procure o sindicato, o OGMO ou um advogado."
)


SHORT_DISCLAIMER = "Informação, não conselho jurídico; o acordo coletivo pode dar mais."


def long_date(day: dt.date) -> str:
    return cite.long_date(day.isoformat())


def box_id(article: str) -> str:
    return f"hoje-{article}"


def search_title(statute: Statute, article: str) -> str:
    """``Hoje — Lei nº 4.860/1965, art. 7º`` (the act's ``short_title``, data/statutes/)."""
    return f"Hoje — {statute.short_title}, {ids.citation_label(article)}"


def sources_html(claim: Claim) -> Markup:
    links = Markup("; ").join(
        Markup('<a class="hoje-fonte" href="{}" rel="external noopener">{}</a>').format(s.url, s.label)
        for s in claim.sources
    )
    return Markup('<span class="hoje-fontes">Fonte: {}.</span>').format(links)


def claim_html(slug: str, art: ArticleToday, claim: Claim, skip: str | None = None) -> Markup:
    own = art.own_provisions(claim)
    about = Markup("")
    if own and own != [art.article]:
        about = Markup(' <span class="hoje-sobre">Sobre: {}.</span>').format(
            Markup(", ").join(
                provision_link(slug, p, None) for p in own))
    return Markup(
        '<li class="hoje-afirmacao hoje-afirmacao--{kind}"><span class="hoje-tipo">{label}</span> '
        "{statement}{about} {sources} "
        '<span class="hoje-verificado">Verificado em <time datetime="{iso}">{date}</time>.</span></li>'
    ).format(kind=claim.kind, label=claim.kind_label, statement=linked(claim.statement, "../", skip), about=about,
             sources=sources_html(claim), iso=claim.verified.isoformat(), date=long_date(claim.verified))


def box(statute: Statute, layer: StatuteToday, article: str) -> Markup:
    """The «Hoje» box of one article of ``statute`` (its layer ``layer``), closed by default."""
    art = layer.articles[article]
    items = Markup("").join(claim_html(statute.slug, art, c, skip=statute.slug) for c in art.claims)
    return Markup(
        '<details class="hoje hoje--{applies}" id="{id}" data-search-title="{title}" data-search-exclude>'
        '<summary><span class="hoje-rotulo">Hoje</span> <span class="hoje-situacao">{applies_label}</span> '
        '<span class="hoje-quando">verificado em <time datetime="{iso}">{date}</time></span></summary>'
        '<div class="hoje-corpo">'
        '<p class="hoje-quem"><strong>A quem se aplica hoje:</strong> {who}</p>'
        '<ul class="hoje-afirmacoes">{items}</ul>'
        '<p class="hoje-aviso">{disclaimer} <a href="../hoje/">Tudo o que vale hoje, numa tabela</a>.</p>'
        "</div></details>"
    ).format(applies=art.applies, id=box_id(article), title=search_title(statute, article),
             applies_label=art.applies_label, iso=art.verified.isoformat(), date=long_date(art.verified),
             who=linked(art.who, "../", statute.slug), items=items, disclaimer=DISCLAIMER)


def counts_text(layer: StatuteToday) -> str:
    """``4 artigos: ainda se aplica; 4: aplica-se em parte; 3: situação não confirmada``."""
    parts = []
    for key, n in layer.counts().items():
        noun = "artigo" if n == 1 else "artigos"
        parts.append(f"{n} {noun}: {APPLIES_LABELS[key].lower()}")
    return "; ".join(parts)


def summary_html(layer: StatuteToday, href_hoje: str) -> Markup:
    """The act's «Hoje» summary (its layer ``layer``) for the status banner and the home card."""
    return Markup(
        '<p class="hoje-resumo"><span class="hoje-rotulo">Hoje</span> {summary} '
        '<span class="hoje-contagem">({counts}; verificado em {date}.)</span> '
        '<a href="{href}">Ver o que vale hoje</a> <span class="hoje-aviso-curto">{short}</span></p>'
    ).format(summary=layer.summary, counts=counts_text(layer), date=long_date(layer.verified), href=href_hoje,
             short=SHORT_DISCLAIMER)


def table_page(site: Site) -> str:
    """``/hoje/``: every claim of every act in one table (provision, today, source, verified on)."""
    out: list[str] = []
    for slug, layer in site.today.items():
        statute_title = site.statute(slug).short_title
        rows: list[Markup] = []
        for art in layer.articles.values():
            for claim in art.claims:
                provs = art.own_provisions(claim) or [art.article]
                links = Markup("<br>").join(
                    provision_link(slug, p, "../") for p in provs)
                rows.append(Markup(
                    '<tr><th scope="row">{links}<br><a class="hoje-caixa" href="../{slug}/#{box}">caixa «Hoje»</a></th>'
                    '<td><span class="hoje-situacao-curta">{applies}</span> — <span class="hoje-tipo">{kind}</span> '
                    "{statement}</td><td>{sources}</td>"
                    '<td><time datetime="{iso}">{date}</time></td></tr>'
                ).format(links=links, slug=slug, box=box_id(art.article), applies=art.applies_label,
                         kind=claim.kind_label, statement=linked(claim.statement, "../"),
                         sources=Markup("<br>").join(
                             Markup('<a href="{}" rel="external noopener">{}</a>').format(s.url, s.label)
                             for s in claim.sources),
                         iso=claim.verified.isoformat(), date=claim.verified.strftime("%d/%m/%Y")))
        out.append(f"## {statute_title} {{ #{slug} }}\n")
        out.append(str(Markup('<p class="hoje-resumo">{} <a href="../{}/">Ler o texto</a>.</p>').format(
            layer.summary, slug)))
        out.append(str(Markup(
            '<div class="tabela-rolagem" tabindex="0" role="region" aria-label="O que vale hoje: {title}">'
            '<table class="hoje-tabela"><thead><tr><th scope="col">Dispositivo</th><th scope="col">Hoje</th>'
            '<th scope="col">Fonte</th><th scope="col">Verificado em</th></tr></thead><tbody>{rows}</tbody>'
            "</table></div>").format(title=statute_title, rows=Markup("").join(rows))))
        out.append("")
    return "\n".join(out)

