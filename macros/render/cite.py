"""ABNT references of a statute (NBR 6023:2018, 7.11 "documento jurídico", legislação) and
in-text citations of its provisions (NBR 10520, autor-data).

Reference of the act (one per act, whatever provision is cited)::

    BRASIL. Lei nº 4.860, de 26 de novembro de 1965. Dispõe sôbre … providências.
    Diário Oficial da União: seção 1, Brasília, DF, 29 nov. 1965. Disponível em:
    http://…/lei-4860-1965/. Acesso em: 30 nov. 2026.

In-text citation of a provision: ``(BRASIL, 1965, art. 7º, § 5º)``.

- Facts marked ``attributed`` (an editorial attribution not confirmed against an official
  publication, such as the number of the 1941 decree-law) go between brackets, as NBR 6023 does
  for information taken from outside the document.
- A missing element is marked the ABNT way, never invented: an act without ementa gets
  ``[Sem ementa]`` (as ``[Sem título]``), one without known publication data ``[S. l.: s. n.]``.
- "Disponível em" is an absolute URL built from ``site_url`` (so it keeps a sub-path);
  "Acesso em" is the build date, which the page script replaces with the reader's today.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from urllib.parse import urljoin

from ..data import build_id
from ..data.model import Fact, Statute
from .safe import Markup

MONTHS = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
          "setembro", "outubro", "novembro", "dezembro"]
#: NBR 6023:2018, Anexo A (abreviatura dos meses em português).
MONTHS_ABNT = ["jan.", "fev.", "mar.", "abr.", "maio", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."]
NO_EMENTA = "[Sem ementa]"
NO_PUBLICATION = "[S. l.: s. n.]"


def long_date(iso: str) -> str:
    """``1965-11-26`` → ``26 de novembro de 1965``."""
    year, month, day = (int(x) for x in iso.split("-"))
    return f"{day} de {MONTHS[month - 1]} de {year}"


@dataclass(frozen=True)
class FileFormat:
    """One citation file of an act (``/dados/citacoes/``): its key (``data-formato`` of «Citar»),
    the file name's ending and the name a reader sees. :mod:`macros.build.citation_formats`
    writes each."""

    key: str
    suffix: str
    name: str

    def file(self, slug: str) -> str:
        return f"dados/citacoes/{slug}{self.suffix}"


FILE_FORMATS = (
    FileFormat("json", ".json", "CSL-JSON"),
    FileFormat("ris", ".ris", "RIS"),
    FileFormat("bib", ".bib", "BibTeX"),
    FileFormat("biblatex", ".biblatex.bib", "biblatex"),
)


def abnt_date(day: dt.date | str) -> str:
    """``1965-11-29`` → ``29 nov. 1965`` (NBR 6023: abbreviated month)."""
    if isinstance(day, str):
        day = dt.date.fromisoformat(day)
    return f"{day.day} {MONTHS_ABNT[day.month - 1]} {day.year}"


def _shown(fact: Fact, text: str) -> str:
    return f"[{text}]" if fact.attributed else text


def title(statute: Statute) -> str:
    """``Lei nº 4.860, de 26 de novembro de 1965`` (attributed parts bracketed)."""
    ident = statute.identification
    kind = ident["type"].value or ""
    number = ident["number"]
    date = ident["date"].value or ""
    return f"{kind} {_shown(number, f'nº {number.value}')}, de {long_date(date)}"


def year(statute: Statute) -> str:
    return (statute.identification["date"].value or "")[:4]


def ementa(statute: Statute) -> str:
    """The ementa as published, or ``[Sem ementa]`` when the act has none (an editorial
    description of the content is never passed off as an ementa)."""
    fact = statute.identification["ementa"]
    if not has_ementa(statute):
        return NO_EMENTA + "."
    return (fact.value or "").rstrip(".") + "."


def has_ementa(statute: Statute) -> bool:
    fact = statute.identification["ementa"]
    return bool(fact.value) and not fact.attributed


def publication(statute: Statute) -> tuple[str, str]:
    """The publication element as (journal, rest): ``("Diário Oficial da União", ": seção 1,
    Brasília, DF, 29 nov. 1965")``; without known data, ``("", "[S. l.: s. n.], 1941")``."""
    details = statute.identification["publication"].details
    if not details:
        return "", f"{NO_PUBLICATION}, {year(statute)}"
    parts = [details["section"], details["place"]]
    if details.get("page"):
        parts.append(f"p. {details['page']}")
    parts.append(abnt_date(details["date"]))
    return details["journal"], ": " + ", ".join(parts)


def act_url(statute: Statute, site_url: str) -> str:
    """The absolute address of the act's page, from ``site_url`` (keeps a sub-path)."""
    base = site_url if site_url.endswith("/") else site_url + "/"
    return urljoin(base, f"{statute.slug}/")


def provision_url(statute: Statute, site_url: str, node_id: str) -> str:
    return f"{act_url(statute, site_url)}#{node_id}"


def reference_head(statute: Statute) -> str:
    """Jurisdiction, title and ementa: ``BRASIL. Lei nº … . Dispõe … .``."""
    return f"BRASIL. {title(statute)}. {ementa(statute)}"


def reference(statute: Statute, site_url: str, accessed: dt.date) -> str:
    """The full ABNT reference of the act, as plain text."""
    journal, rest = publication(statute)
    return (f"{reference_head(statute)} {journal}{rest}. Disponível em: {act_url(statute, site_url)}. "
            f"Acesso em: {abnt_date(accessed)}.")


def reference_html(statute: Statute, site_url: str, accessed: dt.date) -> Markup:
    """The same reference with the journal in italics (NBR 6023: destaque) and the access date in
    a ``.citar-acesso`` span that the page script updates."""
    journal, rest = publication(statute)
    journal_html = Markup("<em>{}</em>").format(journal) if journal else Markup("")
    url = act_url(statute, site_url)
    return Markup(
        "{head} {journal}{rest}. Disponível em: {url}. Acesso em: "
        '<span class="citar-acesso" data-data="{iso}">{accessed}</span>.'
    ).format(head=reference_head(statute), journal=journal_html, rest=rest, url=url,
             iso=accessed.isoformat(), accessed=abnt_date(accessed))


def in_text(statute: Statute, label: str | None = None) -> str:
    """NBR 10520 author-date citation: ``(BRASIL, 1965, art. 7º, § 5º)``; the act alone:
    ``(BRASIL, 1965)``."""
    pin = f", {label}" if label else ""
    return f"(BRASIL, {year(statute)}{pin})"


def build_date() -> dt.date:
    """The date the site is built (``SOURCE_DATE_EPOCH``, else the last commit's date:
    :mod:`macros.data.build_id`): the "Acesso em" of the static references."""
    return build_id.build_date()
