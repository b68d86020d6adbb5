"""Render the «Hoje» layer: the box after each article, the per-act summaries, the status banner's
sources and check, the /hoje/ table, and the references of the answers in /perguntas/.

Render only: every sentence comes from ``data/hoje/`` (see :mod:`macros.data.hoje`); nothing here
decides what the law is. Each claim says how it was checked, in plain words, from its check record
(:func:`check_html`): «Conferido em 01/12/2026 numa cópia arquivada da página oficial (…); a página
oficial não pôde ser aberta» or «Não conferido: …». Nothing is said of a check that the
record does not show. The box follows the board's contract 1: ``<details class="hoje"
id="hoje-<article id>" data-search-title="Hoje — <citation label>" data-search-exclude>``.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from ..data import ids
from ..data.acts import Registry
from ..data.hoje import APPLIES_LABELS, ArticleToday, Check, Claim, Reading, Source, StatuteToday, UnknownClaimError
from ..data.loader import DataError
from ..data.model import Statute
from ..data.site import Site
from .acts import linked, not_opened_html
from .links import provision_link
from .report import report_box
from .safe import HEADING, Markup

DISCLAIMER = (
    "Informação editorial, não conselho jurídico; o acordo ou a convenção coletiva podem dar mais. "
    "Em caso de dúvida, procure o sindicato, o OGMO ou um advogado."
)


SHORT_DISCLAIMER = "Informação, não conselho jurídico; o acordo coletivo pode dar mais."


def box_id(article: str) -> str:
    return f"hoje-{article}"


def search_title(statute: Statute, article: str) -> str:
    """``Hoje — Lei nº 4.860/1965, art. 7º`` (the act's ``short_title``, data/statutes/)."""
    return f"Hoje — {statute.short_title}, {ids.citation_label(article)}"


def source_html(source: Source, css: str = "hoje-fonte") -> Markup:
    """The source as a link to its official publication, or its name and why there is no link."""
    if source.url:
        link = Markup('<a class="{}" href="{}" rel="external noopener">{}</a>').format(css, source.url, source.label)
        return link + not_opened_html() if source.url_not_opened else link
    return Markup('{} <span class="hoje-sem-endereco">({})</span>').format(source.label, source.url_note)


def sources_html(sources: tuple[Source, ...]) -> Markup:
    links = Markup("; ").join(source_html(s) for s in sources)
    return Markup('<span class="hoje-fontes">Fonte: {}.</span>').format(links)


def short_date(day: dt.date) -> Markup:
    return Markup('<time datetime="{}">{}</time>').format(day.isoformat(), day.strftime("%d/%m/%Y"))


def _link(reading: Reading) -> Markup:
    return Markup('<a class="hoje-lido" href="{}" rel="external noopener">{}</a>').format(
        reading.url, reading.publisher)


def _words(links: list[Markup]) -> Markup:
    """``A``, ``A e B``, ``A, B e C``."""
    if len(links) == 1:
        return links[0]
    return Markup(", ").join(links[:-1]) + Markup(" e ") + links[-1]


def readings_html(read: tuple[Reading, ...]) -> Markup:
    """Where the pages were read, grouped in plain words: the official page itself, stored copies
    of official pages, copies published by others; and where the provision was not found."""
    found = [r for r in read if r.provision_found]
    groups: list[Markup] = []
    live = [_link(r) for r in found if r.official and not r.stored_copy]
    archived = [_link(r) for r in found if r.official and r.stored_copy]
    mirrors = [_link(r) for r in found if not r.official and r.copy_of]
    others = [_link(r) for r in found if not r.official and not r.copy_of]
    if live:
        groups.append(Markup("na página oficial ({})").format(_words(live)))
    if archived:
        groups.append(Markup("numa cópia arquivada da página oficial ({})" if len(archived) == 1 else
                             "em cópias arquivadas das páginas oficiais ({})").format(_words(archived)))
    if mirrors:
        groups.append(Markup("numa cópia do texto oficial publicada por {}" if len(mirrors) == 1 else
                             "em cópias do texto oficial publicadas por {}").format(_words(mirrors)))
    if others:
        groups.append(Markup("numa cópia publicada por {}" if len(others) == 1 else
                             "em cópias publicadas por {}").format(_words(others)))
    text = Markup("; ").join(groups)
    missing = [_link(r) for r in read if not r.provision_found]
    if missing:
        text += Markup("{}o dispositivo não foi encontrado em {}").format(
            Markup("; ") if text else Markup(""), _words(missing))
    return text


def check_html(check: Check) -> Markup:
    """How a claim (or a banner) was checked, as its record shows it, and nothing more."""
    who = " por uma segunda leitura independente" if check.by == "segunda_leitura" else ""
    note = Markup(" {}").format(check.note) if check.note else Markup("")
    if not check.confirmed:
        read = Markup("")
        if check.read:
            read = Markup(" Lido{} em {}: {}.").format(who, short_date(check.on), readings_html(check.read))
        return Markup('<span class="hoje-conferencia hoje-conferencia--nao">Não conferido (registro de {}):'
                      "{}{}</span>").format(short_date(check.on), note, read)
    text = Markup("Conferido{} em {} {}").format(who, short_date(check.on), readings_html(check.read))
    if not check.official_page_read:
        text += Markup("; a página oficial não pôde ser aberta")
    return Markup('<span class="hoje-conferencia">{}.{}</span>').format(text, note)


def claim_report(statute: Statute, article: str, number: int) -> Markup:
    """«Informar um erro» on the ``number``-th claim of an article's «Hoje» box."""
    return report_box(f"{search_title(statute, article)}, afirmação {number}", ids.urn(statute.urn, article),
                      box_id(article), inside_excluded=True)


def claim_html(acts: Registry, slug: str, art: ArticleToday, claim: Claim, skip: str | None = None,
               report: Markup | None = None) -> Markup:
    own = art.own_provisions(claim)
    about = Markup("")
    if own and own != [art.article]:
        about = Markup(' <span class="hoje-sobre">Sobre: {}.</span>').format(
            Markup(", ").join(
                provision_link(slug, p, None) for p in own))
    return Markup(
        '<li class="hoje-afirmacao hoje-afirmacao--{kind}"><span class="hoje-tipo">{label}</span> '
        "{statement}{about} {sources} {check}{report}</li>"
    ).format(kind=claim.kind, label=claim.kind_label, statement=linked(claim.statement, acts, "../", skip),
             about=about, sources=sources_html(claim.sources), check=check_html(claim.check),
             report=Markup(" ") + report if report else Markup(""))


def checked_summary(checked_on: dt.date | None, unconfirmed: int, total: int) -> Markup:
    """``conferido em 01/12/2026`` or ``1 de 3 afirmações não conferida``: the box's summary line."""
    if unconfirmed == 0 and checked_on is not None:
        return Markup("conferido em {}").format(short_date(checked_on))
    if unconfirmed == total:
        return Markup("não conferido")
    verb = "não foi conferida" if unconfirmed == 1 else "não foram conferidas"
    return Markup("{} de {} afirmações {}").format(unconfirmed, total, verb)


def box(statute: Statute, layer: StatuteToday, article: str, acts: Registry,
        updated: Markup | None = None) -> Markup:
    """The «Hoje» box of one article of ``statute`` (its layer ``layer``), closed by default; the
    acts its claims name link to the registry ``acts``; ``updated``: the «Atualizado em» mark of
    the change log's latest entry for this box."""
    art = layer.articles[article]
    items = Markup("").join(
        claim_html(acts, statute.slug, art, c, skip=statute.slug, report=claim_report(statute, article, n))
        for n, c in enumerate(art.claims, 1))
    return Markup(
        '<details class="hoje hoje--{applies}" id="{id}" data-search-title="{title}" data-search-exclude>'
        '<summary><span class="hoje-rotulo">Hoje</span> <span class="hoje-situacao">{applies_label}</span> '
        '<span class="hoje-quando">{checked}</span></summary>'
        '<div class="hoje-corpo">'
        '{updated}<p class="hoje-quem"><strong>A quem se aplica hoje:</strong> {who}</p>'
        '<ul class="hoje-afirmacoes">{items}</ul>'
        '<p class="hoje-aviso">{disclaimer} <a href="../hoje/">Tudo o que vale hoje, numa tabela</a>.</p>'
        "</div></details>"
    ).format(applies=art.applies, id=box_id(article), title=search_title(statute, article),
             applies_label=art.applies_label,
             checked=checked_summary(art.checked_on, art.unconfirmed, len(art.claims)),
             who=linked(art.who, acts, "../", statute.slug), updated=updated or Markup(""), items=items,
             disclaimer=DISCLAIMER)


def status_html(layer: StatuteToday) -> Markup:
    """The sources and the check of the status banner's sentence (after «Vigência»)."""
    status = layer.status
    return Markup('<p class="situacao-fonte">{} {}</p>').format(sources_html(status.sources), check_html(status.check))


def check_short(check: Check) -> Markup:
    """The check in a few words, for the answers in /perguntas/ (the box has the whole sentence):
    the same date, and whether the official page itself was read."""
    day = short_date(check.on)
    if not check.confirmed:
        return Markup('<span class="hoje-conferencia hoje-conferencia--nao">não conferido '
                      "(registro de {})</span>").format(day)
    found = [r for r in check.read if r.provision_found]
    if check.official_page_read:
        where = Markup("na página oficial")
    elif any(r.official for r in found):
        where = Markup("numa cópia arquivada da página oficial, que não pôde ser aberta")
    elif any(r.copy_of for r in found):
        where = Markup("numa cópia do texto oficial publicada por terceiros; a página oficial não pôde ser aberta")
    else:
        where = Markup("em cópia publicada por terceiros; a página oficial não pôde ser aberta")
    return Markup('<span class="hoje-conferencia">conferido em {} {}</span>').format(day, where)


def answer_ref(site: Site, claim_id: str) -> Markup:
    """What an answer in /perguntas/ says about today, referenced to its claim by id: the claim's
    sources, its check in a few words with the same date as the «Hoje» box, and a link to the box
    (or to the /hoje/ table for a provision outside this edition), where the whole check is told.
    An unknown id raises :class:`macros.data.hoje.UnknownClaimError`."""
    cited = site.claim(claim_id)
    claim = cited.claim
    where = f"../../hoje/#{cited.anchor}" if cited.outside else f"../../{cited.slug}/#{cited.anchor}"
    sources = Markup("; ").join(source_html(s) if s.url else Markup("{}").format(s.label) for s in claim.sources)
    return Markup('<small class="pergunta-fonte">({}; {} — <a class="pergunta-conferencia" href="{}">como foi '
                  "conferido</a>)</small>").format(sources, check_short(claim.check), where)


# A call of the answers' macro as the pages must write it: one claim id, in double quotes.
CLAIM_CALL = re.compile(r'hoje_fonte\(\s*"([^"\n]*)"\s*\)')
ANY_CALL = re.compile(r"\bhoje_fonte\b")


def check_claim_refs(site: Site, page: Path, markdown: str) -> None:
    """Stop the build before a page is rendered if it cites a claim that does not exist, or calls
    ``hoje_fonte`` other than with one id in double quotes (a position, a variable): the file, the
    line and the reason, as :class:`macros.data.loader.DataError`."""
    for found in ANY_CALL.finditer(markdown):
        line = markdown.count("\n", 0, found.start()) + 1
        call = CLAIM_CALL.match(markdown, found.start())
        if call is None:
            end = markdown.find("\n", found.start())
            text = markdown[found.start(): end if end >= 0 else len(markdown)].strip()
            raise DataError(page, f"linha {line}", f"{text!r}: cite a afirmação só pelo id, entre aspas: "
                                                  'hoje_fonte("<id>") (ids em data/hoje/)')
        try:
            site.claim(call.group(1))
        except UnknownClaimError as exc:
            raise DataError(page, f"linha {line}", f"{call.group(0)}: {exc.reason}") from None


def counts_text(layer: StatuteToday) -> str:
    """``4 artigos: ainda se aplica; 4: aplica-se em parte; 3: situação não confirmada``."""
    parts = []
    for key, n in layer.counts().items():
        noun = "artigo" if n == 1 else "artigos"
        parts.append(f"{n} {noun}: {APPLIES_LABELS[key].lower()}")
    return "; ".join(parts)


def summary_html(layer: StatuteToday, href_hoje: str, acts: Registry | None = None,
                 root: str = "../") -> Markup:
    """The act's «Hoje» summary (its layer ``layer``) for the status banner and the home card; the
    acts it names linked from the registry ``acts`` (``root``: the site root from the page)."""
    summary = linked(layer.summary, acts, root, layer.slug) if acts else Markup("{}").format(layer.summary)
    claims = layer.all_claims()
    unconfirmed = sum(1 for c in claims if not c.check.confirmed)
    days = [c.check.on for c in claims if c.check.confirmed]
    checked = checked_summary(max(days) if days else None, unconfirmed, len(claims))
    return Markup(
        '<p class="hoje-resumo"><span class="hoje-rotulo">Hoje</span> {summary} '
        '<span class="hoje-contagem">({counts}; {checked}.)</span> '
        '<a href="{href}">Ver o que vale hoje</a> <span class="hoje-aviso-curto">{short}</span></p>'
    ).format(summary=summary, counts=counts_text(layer), checked=checked, href=href_hoje,
             short=SHORT_DISCLAIMER)


def _row(acts: Registry, links: Markup, applies: str, claim: Claim, report: Markup, row_id: str = "") -> Markup:
    return Markup(
        '<tr{row_id}><th scope="row">{links}</th>'
        '<td class="hoje-afirmacao"><span class="hoje-situacao-curta">{applies}</span> — '
        '<span class="hoje-tipo">{kind}</span> {statement} {report}</td><td>{sources}</td><td>{check}</td></tr>'
    ).format(row_id=Markup(' id="{}"').format(row_id) if row_id else Markup(""),
             links=links, applies=applies, kind=claim.kind_label, statement=linked(claim.statement, acts, "../"),
             sources=Markup("<br>").join(source_html(s, "hoje-fonte") for s in claim.sources),
             check=check_html(claim.check), report=report)


def _row_report(citation: str, urn: str, anchor: str) -> Markup:
    """«Informar um erro» on a row of /hoje/ (the table's own anchor: the report names this page)."""
    return report_box(citation, urn, anchor)


def _table(title: str, rows: list[Markup]) -> str:
    return str(Markup(
        '<div class="tabela-rolagem" tabindex="0" role="region" aria-label="O que vale hoje: {title}">'
        '<table class="hoje-tabela"><thead><tr><th scope="col">Dispositivo</th><th scope="col">Hoje</th>'
        '<th scope="col">Fonte</th><th scope="col">Como foi conferido</th></tr></thead><tbody>{rows}</tbody>'
        "</table></div>").format(title=title, rows=Markup("").join(rows)))


def table_page(site: Site) -> str:
    """``/hoje/``: every claim of every act in one table (provision, today, source, how checked)."""
    out: list[str] = []
    for slug, layer in site.today.items():
        statute_title = site.statute(slug).short_title
        rows: list[Markup] = []
        statute = site.statute(slug)
        for art in layer.articles.values():
            for n, claim in enumerate(art.claims, 1):
                provs = art.own_provisions(claim) or [art.article]
                links = Markup("<br>").join(provision_link(slug, p, "../") for p in provs)
                links += Markup('<br><a class="hoje-caixa" href="../{}/#{}">caixa «Hoje»</a>').format(
                    slug, box_id(art.article))
                report = _row_report(f"{search_title(statute, art.article)}, afirmação {n}",
                                     ids.urn(statute.urn, art.article), slug)
                rows.append(_row(site.acts, links, art.applies_label, claim, report))
        for part, extras, applies in (("outside", layer.outside, "Fora desta edição"),
                                      ("topics", layer.topics, "Assunto de hoje")):
            for extra in extras.values():
                for n, claim in enumerate(extra.claims, 1):
                    urn = ids.urn(statute.urn, extra.article) if part == "outside" else statute.urn
                    report = _row_report(f"Hoje — {extra.label}, afirmação {n}", urn, slug)
                    anchor = f"{slug}-{part}-{extra.article}" if n == 1 else ""
                    rows.append(_row(site.acts, Markup("{}").format(extra.label), applies, claim, report, anchor))
        out.append(f"## {statute_title.translate(HEADING)} {{ #{slug} }}\n")  # as statute.md_heading_text
        out.append(str(Markup('<p class="hoje-resumo">{} <a href="../{}/">Ler o texto</a>.</p>').format(
            linked(layer.summary, site.acts, "../"), slug)))
        out.append(str(Markup('<p class="hoje-situacao-fonte"><strong>Situação do ato:</strong> {} {}</p>').format(
            sources_html(layer.status.sources), check_html(layer.status.check))))
        out.append(_table(statute_title, rows))
        out.append("")
    return "\n".join(out)
