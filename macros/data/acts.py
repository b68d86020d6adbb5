"""The registry of acts and precedents the site cites (``data/atos.yaml``), loaded once per build.

Every act or court precedent named anywhere — in the statutes' text and notes, in «Hoje», in
the answers, in the calculators' provisions — is written once in the registry, with the address
of its official publication; everything else names it by ``id`` (``lei-12815-2013``, ``cf-1988``,
``tst-oj-60-sbdi1``). The three acts of this edition have a ``page`` and take their number, date,
names and URN from ``data/statutes/<id>.yaml`` (never repeated in the registry).

This module also finds the acts a text names («Decreto nº 24.447, de 22 de junho de 1934»,
«Lei nº 12.815/2013», «OJ nº 60»): :meth:`Registry.mentions` gives each mention with the entry it
names, or ``None`` when the registry lacks it (the tests refuse such a page). Nothing here is a
legal rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .loader import DataError, load_validated
from .model import Statute

KIND_LABELS = {
    "constituicao": "Constituição",
    "lei": "Lei",
    "decreto-lei": "Decreto-Lei",
    "decreto": "Decreto",
    "mensagem-veto": "Mensagem de veto",
    "oj": "Orientação Jurisprudencial",
    "sumula": "Súmula",
    "tema": "Tema de repercussão geral",
    "acordao": "Acórdão",
}


@dataclass(frozen=True)
class Act:
    """One act or precedent of the registry."""

    id: str
    kind: str
    number: str | None
    date: str | None
    short: str
    label: str
    subject: str
    url: str | None
    urn: str | None
    page: str | None
    names: tuple[str, ...]
    checked_date: str
    checked_read: str | None
    checked_note: str
    court: str | None = None
    """``TST`` or ``STF`` for a precedent; ``None`` for an act."""
    url_not_opened: bool = False
    """The official address (``url``) was never opened here, nor read in a stored copy of that
    same page (formed by a pattern, or only used): the pages say «endereço não aberto aqui»."""

    @property
    def precedent(self) -> bool:
        return self.court is not None

    @property
    def year(self) -> str | None:
        return self.date[:4] if self.date else None

    def href(self, root: str | None) -> str | None:
        """Where a mention links: the site page of an edition act (relative to ``root``; ``None``
        when the page's place is unknown), else the official publication (``None`` if unknown)."""
        if self.page is not None:
            return None if root is None else f"{root}{self.page}"
        return self.url


@dataclass(frozen=True)
class Mention:
    """Where a text names an act: ``text[start:end]``, and the entry (``None``: not registered)."""

    start: int
    end: int
    text: str
    act: Act | None


_NUMBER = r"\d{1,3}(?:\.\s?\d{3})*(?!\d|\.\d)"
_NO = r"(?:n\.?\s?[º°o]\.?|n\.|nº|n°)\s*"
_MONTHS = r"janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro"
_YEAR = rf"(?:/(?P<y1>\d{{4}})|,?\s+de\s+\d{{1,2}}º?\s+de\s+(?:{_MONTHS})\s+de\s+(?P<y2>\d{{4}}))"
ACT_PATTERN = re.compile(
    rf"\b(?P<kind>decretos?-leis?|decretos?|leis?|mensagem(?:\s+de\s+veto)?)\s+(?:{_NO})?"
    rf"(?P<number>{_NUMBER})(?:\s+e\s+(?:{_NO})?(?P<number2>{_NUMBER}))?{_YEAR}?",
    re.IGNORECASE,
)
PRECEDENT_PATTERN = re.compile(
    rf"\b(?:(?P<oj>Orientação\s+Jurisprudencial|OJ)|(?P<sumula>Súmula)|(?P<tema>Tema))\s+(?:{_NO})?"
    rf"(?P<number>{_NUMBER})\b"
)
_KINDS = {"decreto-lei": "decreto-lei", "decretos-leis": "decreto-lei", "decretos-lei": "decreto-lei",
          "decreto": "decreto", "decretos": "decreto", "lei": "lei", "leis": "lei"}


def _kind(word: str) -> str:
    word = word.lower()
    if word.startswith("mensagem"):
        return "mensagem-veto"
    return _KINDS[word]


def _digits(number: str) -> str:
    return re.sub(r"\D", "", number)


@dataclass(frozen=True)
class Registry:
    """Every entry by id (acts first, then precedents, in file order)."""

    path: Path
    entries: Mapping[str, Act]

    def __getitem__(self, act_id: str) -> Act:
        return self.entries[act_id]

    def __contains__(self, act_id: object) -> bool:
        return act_id in self.entries

    def __iter__(self) -> Iterator[Act]:
        return iter(self.entries.values())

    @property
    def acts(self) -> list[Act]:
        return [a for a in self if not a.precedent]

    @property
    def precedents(self) -> list[Act]:
        return [a for a in self if a.precedent]

    def urls(self) -> set[str]:
        """Every official address the registry holds."""
        return {a.url for a in self if a.url}

    def addresses(self) -> set[str]:
        """Every address the registry holds: the official ones and the copies read to check them
        (shown on the «Atos citados» page)."""
        return self.urls() | {a.checked_read for a in self if a.checked_read}

    def find(self, kind: str, number: str, year: str | None = None) -> Act | None:
        """The act of ``kind`` and ``number`` (and ``year`` when given); ``None`` if none or if the
        number without a year names more than one act."""
        hits = [a for a in self if a.kind == kind and a.number and _digits(a.number) == _digits(number)
                and (year is None or a.year == year)]
        return hits[0] if len(hits) == 1 else None

    def mentions(self, text: str) -> list[Mention]:
        """Every act or precedent ``text`` names, in order (numbered forms and each entry's
        ``names``); overlapping finds keep the earliest, then the longest."""
        found: list[Mention] = []
        for m in ACT_PATTERN.finditer(text):
            kind = _kind(m["kind"])
            year = m["y1"] or m["y2"]
            if m["number2"]:
                first_end = m.start("number2")
                cut = text.rfind(" e ", m.start(), first_end)
                found.append(Mention(m.start(), cut, text[m.start():cut], self.find(kind, m["number"], year)))
                start2 = cut + 3
                found.append(Mention(start2, m.end(), text[start2:m.end()], self.find(kind, m["number2"], year)))
            else:
                found.append(Mention(m.start(), m.end(), m[0], self.find(kind, m["number"], year)))
        for m in PRECEDENT_PATTERN.finditer(text):
            kind = "oj" if m["oj"] else "sumula" if m["sumula"] else "tema"
            found.append(Mention(m.start(), m.end(), m[0], self.find(kind, m["number"])))
        for act in self:
            for name in act.names:
                for m in re.finditer(re.escape(name), text):
                    found.append(Mention(m.start(), m.end(), name, act))
        found.sort(key=lambda x: (x.start, -x.end))
        out: list[Mention] = []
        for mention in found:
            if out and mention.start < out[-1].end:
                continue
            out.append(mention)
        return out


def _checked(raw: dict[str, Any]) -> tuple[str, str | None, str]:
    return raw["date"], raw.get("read"), " ".join(raw["note"].split())


def _page_key(url: str) -> str:
    """``planalto.gov.br/ccivil_03/leis/l9719.htm``: host without ``www.``, path, query; no
    scheme, no fragment, lower case (the official sites ignore case in paths)."""
    url = url.split("#", 1)[0].lower()
    url = re.sub(r"^https?://", "", url)
    return re.sub(r"^www\d?\.", "", url)


def same_page(url: str, read: str | None) -> bool:
    """Whether ``read`` is a stored copy of the page at ``url`` (the same host and path, maybe
    behind an archive's address: ``https://blue-sea-697d.quartiers047.workers.dev/https/www.planalto.gov.br/…``)."""
    return read is not None and _page_key(url) in read.lower()


def _opened_check(item: dict[str, Any], path: Path, place: str) -> None:
    """Refuse an address of which the record does not say how it was checked: either a stored copy
    of that very page was read (``checked.read``), or the entry says the address was not opened
    (``url_not_opened: true``, and the note says so)."""
    checked = item["checked"]
    not_opened = bool(checked.get("url_not_opened", False))
    if item["url"] is None:
        if not_opened:
            raise DataError(path, f"{place}.checked.url_not_opened", "não há endereço (url: null): nada a marcar")
        return
    if not_opened:
        if not re.search(r"não (?:foi|foram) abert[oa]s?", checked["note"]):
            raise DataError(path, f"{place}.checked.note",
                            "com url_not_opened, a nota diz que o endereço não foi aberto")
        return
    if not same_page(item["url"], checked.get("read")):
        raise DataError(path, f"{place}.checked", f"o endereço {item['url']} não foi conferido: ponha em read a cópia "
                                                  "guardada dessa mesma página, ou marque url_not_opened: true")


def _edition_act(raw: dict[str, Any], statute: Statute) -> Act:
    number = statute.identification.get("number")
    date = statute.identification.get("date")
    urn = statute.identification.get("urn")
    names = [statute.title.split(" (")[0], statute.short_title, *raw.get("names", [])]
    return Act(
        id=raw["id"], kind=raw["kind"],
        number=str(number.value) if number is not None and number.value else None,
        date=str(date.value) if date is not None and date.value else None,
        short=statute.short_title, label=statute.title, subject=" ".join(raw["subject"].split()),
        url=raw["url"], urn=str(urn.value) if urn is not None and urn.value else None, page=raw["page"],
        names=tuple(dict.fromkeys(names)), checked_date=raw["checked"]["date"],
        checked_read=raw["checked"].get("read"), checked_note=" ".join(raw["checked"]["note"].split()),
        url_not_opened=bool(raw["checked"].get("url_not_opened", False)),
    )


def build(raw: dict[str, Any], path: Path, statutes: Mapping[str, Statute]) -> Registry:
    """Turn a validated file into a :class:`Registry`, checking what the schema cannot: ids and
    official addresses are unique, no two acts share kind, number and year, every edition act is
    a statute of ``data/statutes/`` with its own page, and every statute is in the registry."""
    entries: dict[str, Act] = {}
    places: dict[str, str] = {}
    items: dict[str, dict[str, Any]] = {}
    for group in ("atos", "precedentes"):
        for i, item in enumerate(raw[group]):
            place = f"{group}[{i}]"
            if item["id"] in entries:
                raise DataError(path, f"{place}.id", f"id {item['id']!r} repetido no registro")
            if "page" in item:
                statute = statutes.get(item["id"])
                if statute is None:
                    raise DataError(path, f"{place}.page", f"{item['id']!r} tem página, mas não é ato desta edição")
                if item["page"] != f"{item['id']}/":
                    raise DataError(path, f"{place}.page", f"a página de {item['id']!r} é {item['id']}/")
                act = _edition_act(item, statute)
            else:
                if group == "atos" and item["kind"] != "mensagem-veto" and "urn" not in item:
                    raise DataError(path, f"{place}.urn", "campo obrigatório ausente (urn)")
                checked_date, read, note = _checked(item["checked"])
                act = Act(
                    id=item["id"], kind=item["kind"], number=item.get("number"), date=item.get("date"),
                    short=item["short"], label=item["label"], subject=" ".join(item["subject"].split()),
                    url=item["url"], urn=item.get("urn"), page=None, names=tuple(item.get("names", [])),
                    checked_date=checked_date, checked_read=read, checked_note=note,
                    court=item.get("court"), url_not_opened=bool(item["checked"].get("url_not_opened", False)),
                )
            entries[act.id] = act
            places[act.id] = place
            items[act.id] = item
    seen_urls: dict[str, str] = {}
    seen_keys: dict[tuple[str, str, str | None], str] = {}
    for act in entries.values():
        if act.url:
            if act.url in seen_urls:
                raise DataError(path, f"{places[act.id]}.url",
                                f"endereço {act.url} repetido (também em {seen_urls[act.url]!r})")
            seen_urls[act.url] = act.id
        if act.number:
            key = (act.kind, _digits(act.number), act.year)
            if key in seen_keys:
                raise DataError(path, f"{places[act.id]}.number", f"mesmo tipo, número e ano de {seen_keys[key]!r}")
            seen_keys[key] = act.id
    for act_id, item in items.items():
        _opened_check(item, path, places[act_id])
    for slug in statutes:
        if slug not in entries:
            raise DataError(path, "atos", f"falta no registro o ato desta edição {slug!r} (com page: {slug}/)")
    return Registry(path, entries)


def load_registry(path: Path, statutes: Mapping[str, Statute]) -> Registry:
    """Read, validate and check ``data/atos.yaml``."""
    return build(load_validated(path, "atos"), path, statutes)

