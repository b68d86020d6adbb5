"""ABNT-style references for a statute and its provisions (NBR 6023, legislação).

Facts marked ``attributed`` (an editorial attribution not confirmed against an official
publication, such as the number of the 1941 decree-law) are put between brackets, as NBR 6023
does for information taken from outside the document.
"""

from __future__ import annotations

from .model import Fact, Statute

MONTHS = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
          "setembro", "outubro", "novembro", "dezembro"]


def long_date(iso: str) -> str:
    """``1965-11-26`` → ``26 de novembro de 1965``."""
    year, month, day = (int(x) for x in iso.split("-"))
    return f"{day} de {MONTHS[month - 1]} de {year}"


def _shown(fact: Fact, text: str) -> str:
    return f"[{text}]" if fact.attributed else text


def title(statute: Statute) -> str:
    """``Lei nº 4.860, de 26 de novembro de 1965`` (attributed parts bracketed)."""
    ident = statute.identification
    kind = ident["type"].value or ""
    number = ident["number"]
    date = ident["date"].value or ""
    return f"{kind} {_shown(number, f'nº {number.value}')}, de {long_date(date)}"


def reference(statute: Statute) -> str:
    """The statute's reference, without the provision: ``BRASIL. Lei nº … . Ementa.``."""
    ementa = statute.identification["ementa"]
    parts = [f"BRASIL. {title(statute)}."]
    if ementa.value:
        text = ementa.value.rstrip(".")
        parts.append(_shown(ementa, text) + ".")
    publication = statute.identification["publication"]
    if publication.value:
        parts.append(_shown(publication, publication.value.rstrip(".")) + ".")
    return " ".join(parts)


def provision_reference(statute: Statute, label: str) -> str:
    """The reference naming a provision: ``BRASIL. Lei nº 4.860 … art. 7º, § 5º.``."""
    return f"{reference(statute)} {label}."
