"""The «Hoje» layer: what applies today to each article, loaded once per build and checked.

One file per statute in ``data/hoje/<slug>.yaml`` (schema ``data/schema/hoje.schema.json``). The
schema requires every claim to have a kind, a statement, at least one source, the provisions it
bears on and its check record (:class:`Check`: what was read, when and where: the official page,
or the stored copy read instead, and whether the provision was found). The status banner's
sentence has sources and a check record too (``status``), and so have the claims about provisions
outside this edition (``outside``, cited by the answers in /perguntas/), and the claims on subjects
of today that no provision of the act treats (``topics``: the avulso and the OGMO).

This module checks what a schema cannot: the statute exists, every article and annex of it has an
entry (and no entry names a provision it lacks), every claim bears on at least one provision of its
article, a source has an official address or says why not (never both), a check dated in the past
on a real date, a «conferido» check names at least one page where the provision was found, and a
«nao_conferido» check says what could not be checked. A violation raises
:class:`macros.data.loader.DataError` with the file, the place and the reason. Nothing here is a
legal rule: the statements are editorial text.
"""

from __future__ import annotations

import datetime as dt
import difflib
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .acts import Registry
from .build_id import latest_date
from .loader import DataError, load_validated
from .model import Statute

KIND_LABELS = {
    "lei_posterior": "Lei posterior",
    "constitucional": "Constituição",
    "precedente": "Jurisprudência",
    "situacao": "Situação",
    "sem_mudanca": "Nenhuma mudança conhecida",
}

APPLIES_LABELS = {
    "sim": "Ainda se aplica",
    "em_parte": "Aplica-se em parte",
    "nao": "Não se aplica mais",
    "historico": "Só história",
    "incerto": "Situação não confirmada",
}


CHECK_RESULTS = ("conferido", "nao_conferido")


@dataclass(frozen=True)
class Source:
    """Where a claim is published: the registry's act or precedent (its short name and official
    address, :mod:`macros.data.acts`) and the provision; when the registry has no official address,
    ``url_note`` says why."""

    act: str
    provision: str
    url: str | None
    act_id: str = ""
    url_note: str | None = None
    url_not_opened: bool = False
    """The registry says this address was never opened here (:attr:`macros.data.acts.Act.url_not_opened`)."""

    @property
    def label(self) -> str:
        return f"{self.act}, {self.provision}" if self.provision else self.act


@dataclass(frozen=True)
class Reading:
    """One page read to check a claim: its address and publisher, whether it is the official
    publisher's page, whether it was a stored copy (not the live page) and whether the cited
    provision was found on it; ``copy_of``: for a copy of the official text kept by others (a
    public mirror of the Planalto's files), the official page it says it reproduces."""

    url: str
    publisher: str
    official: bool
    stored_copy: bool
    provision_found: bool
    marker: str | None = None
    copy_of: str | None = None


@dataclass(frozen=True)
class Check:
    """How a claim was checked: the result, the date, who checked, the pages read, a note."""

    result: str
    on: dt.date
    by: str
    read: tuple[Reading, ...]
    note: str | None = None

    @property
    def confirmed(self) -> bool:
        return self.result == "conferido"

    @property
    def official_page_read(self) -> bool:
        """Was the official page itself (live, not a stored copy) read?"""
        return any(r.official and not r.stored_copy for r in self.read)


@dataclass(frozen=True)
class Claim:
    """One editorial statement about today, named by its stable ``id`` (unique in
    ``data/hoje/``): the answers and the calculators cite it by that name, never by its place."""

    id: str
    kind: str
    statement: str
    sources: tuple[Source, ...]
    check: Check
    provisions: tuple[str, ...]

    @property
    def kind_label(self) -> str:
        return KIND_LABELS[self.kind]


@dataclass(frozen=True)
class ArticleToday:
    """The layer for one article (or annex)."""

    article: str
    applies: str
    who: str
    claims: tuple[Claim, ...]

    @property
    def applies_label(self) -> str:
        return APPLIES_LABELS[self.applies]

    @property
    def checked_on(self) -> dt.date | None:
        """The most recent date among the article's confirmed claims (None if none is)."""
        return latest_confirmed(self.claims)

    @property
    def unconfirmed(self) -> int:
        """How many of the article's claims are not confirmed."""
        return sum(1 for c in self.claims if not c.check.confirmed)

    def own_provisions(self, claim: Claim) -> list[str]:
        """The claim's provisions that belong to this article, in the claim's order."""
        return [p for p in claim.provisions if p == self.article or p.startswith(self.article + "_")]


def latest_confirmed(claims: tuple[Claim, ...]) -> dt.date | None:
    days = [c.check.on for c in claims if c.check.confirmed]
    return max(days) if days else None


@dataclass(frozen=True)
class StatusToday:
    """Sources and check of the statute's status banner (its «Vigência» sentence and summary)."""

    sources: tuple[Source, ...]
    check: Check


@dataclass(frozen=True)
class OutsideToday:
    """Claims about a provision of the act outside this edition (``art14``)."""

    article: str
    label: str
    claims: tuple[Claim, ...]


@dataclass(frozen=True)
class StatuteToday:
    """The layer for one statute."""

    slug: str
    path: Path
    summary: str
    articles: dict[str, ArticleToday]
    status: StatusToday
    outside: dict[str, OutsideToday] = field(default_factory=dict)
    topics: dict[str, OutsideToday] = field(default_factory=dict)
    """Subjects of today that no provision of the act treats (``topics``: the avulso's pay through
    the OGMO, the time limit to claim…), each with its label and claims; shown on /hoje/."""

    def counts(self) -> dict[str, int]:
        """How many articles fall under each ``applies`` value (order of APPLIES_LABELS)."""
        out = {key: 0 for key in APPLIES_LABELS}
        for art in self.articles.values():
            out[art.applies] += 1
        return {k: v for k, v in out.items() if v}

    def all_claims(self) -> list[Claim]:
        """Every claim once (a claim shared by several articles counts once), outside ones too."""
        out: dict[int, Claim] = {}
        for art in self.articles.values():
            for claim in art.claims:
                out.setdefault(id(claim), claim)
        for extra in (*self.outside.values(), *self.topics.values()):
            for claim in extra.claims:
                out.setdefault(id(claim), claim)
        return list(out.values())

    def claims_by_id(self) -> dict[str, CitedClaim]:
        """Every claim of this layer by id, with the box that holds it (the first article, in
        document order, whose box carries it; or the provision outside the edition, or the
        subject of ``topics``)."""
        out: dict[str, CitedClaim] = {}
        for art in self.articles.values():
            for claim in art.claims:
                out.setdefault(claim.id, CitedClaim(claim, self.slug, art.article, "articles", self.path))
        for part, extras in (("outside", self.outside), ("topics", self.topics)):
            for extra in extras.values():
                for claim in extra.claims:
                    out.setdefault(claim.id, CitedClaim(claim, self.slug, extra.article, part, self.path))
        return out


@dataclass(frozen=True)
class CitedClaim:
    """A claim and where a reader finds it: the act's slug, the part of its file (``articles``:
    the «Hoje» box of ``article``; ``outside``: a provision outside this edition; ``topics``: a
    subject no provision treats, ``article`` being its key) and ``path``, the file."""

    claim: Claim
    slug: str
    article: str
    part: str
    path: Path

    @property
    def outside(self) -> bool:
        """Shown only on /hoje/ (no box on the act's page)."""
        return self.part != "articles"

    @property
    def anchor(self) -> str:
        """The claim's place on /hoje/ (its row group) or on the act's page (its box)."""
        return f"hoje-{self.article}" if self.part == "articles" else f"{self.slug}-{self.part}-{self.article}"


class UnknownClaimError(KeyError):
    """An answer or a calculator names a claim id that ``data/hoje/`` does not have."""

    def __init__(self, claim_id: str, known: Collection[str]) -> None:
        near = difflib.get_close_matches(claim_id, list(known), n=3, cutoff=0.6)
        hint = f" (parecidos: {', '.join(near)})" if near else ""
        super().__init__(claim_id)
        self.claim_id = claim_id
        self.reason = f"não há afirmação «Hoje» com o id {claim_id!r} em data/hoje/{hint}"

    def __str__(self) -> str:
        return self.reason


def index_claims(layers: Mapping[str, StatuteToday]) -> dict[str, CitedClaim]:
    """Every claim of every layer by id; the same id in two files stops the build (file, place
    and reason, with the other file named)."""
    out: dict[str, CitedClaim] = {}
    for layer in layers.values():
        for claim_id, cited in layer.claims_by_id().items():
            other = out.get(claim_id)
            if other is not None:
                raise DataError(layer.path, f"afirmação {claim_id}",
                                f"id {claim_id!r} repetido (já usado em {other.path.name}, "
                                f"{other.part}.{other.article})")
            out[claim_id] = cited
    return out


def articles_of(statute: Statute) -> list[str]:
    """Ids of the statute's articles and annexes, in document order."""
    return [node.id for node in statute.body if node.type in ("artigo", "anexo")]


def source(raw: dict[str, Any], acts: Registry, path: Path, place: str) -> Source:
    """A claim's source from the registry: the act's short name and official address. An act the
    registry has no address for needs ``url_note`` (what the reader is told instead of a link);
    ``url_note`` beside an address is refused."""
    act = acts.entries.get(raw["act"])
    if act is None:
        raise DataError(path, f"{place}.act", f"ato {raw['act']!r} não está no registro (data/atos.yaml)")
    note = raw.get("url_note")
    if not act.url and not note:
        raise DataError(path, f"{place}.act", f"{act.short} não tem endereço oficial no registro "
                                              "(diga por quê em url_note)")
    if act.url and note:
        raise DataError(path, f"{place}.url_note", f"{act.short} tem endereço oficial no registro: "
                                                   "url_note não cabe")
    return Source(act.short, raw.get("provision", ""), act.url, act.id, note, act.url_not_opened)


def _check(path: Path, place: str, c: dict[str, Any], today: dt.date) -> Check:
    """A check record, refusing one that claims what it does not show."""
    try:
        on = dt.date.fromisoformat(c["date"])
    except ValueError as exc:
        raise DataError(path, f"{place}.date", f"data inexistente: {c['date']!r}") from exc
    if on > today:
        raise DataError(path, f"{place}.date", f"data de conferência no futuro: {c['date']}")
    read = tuple(Reading(r["url"], r["publisher"], r["official"], r["stored_copy"], r["provision_found"],
                         r.get("marker"), r.get("copy_of")) for r in c["read"])
    for j, r in enumerate(read):
        if r.copy_of and r.official:
            raise DataError(path, f"{place}.read[{j}].copy_of", "copy_of é só para a cópia feita por terceiros "
                                                                "(official: false)")
    note = " ".join(c["note"].split()) if c.get("note") else None
    if c["result"] == "conferido" and not any(r.provision_found for r in read):
        raise DataError(path, f"{place}.read", "«conferido» exige ao menos uma página lida em que o "
                                              "dispositivo foi encontrado (provision_found: true)")
    if c["result"] == "nao_conferido" and not note:
        raise DataError(path, place, "«nao_conferido» exige a nota (note) que diz o que não pôde ser conferido")
    return Check(c["result"], on, c["by"], read, note)


def _claim(path: Path, place: str, c: dict[str, Any], acts: Registry, today: dt.date) -> Claim:
    return Claim(
        id=c["id"],
        kind=c["kind"],
        statement=" ".join(c["statement"].split()),
        sources=tuple(source(s, acts, path, f"{place}.sources[{j}]") for j, s in enumerate(c["sources"])),
        check=_check(path, f"{place}.check", c["check"], today),
        provisions=tuple(c.get("provisions", ())),
    )


class _Names:
    """The claim ids of one file: an id names one claim. The same id again is the same claim only
    if it is written the same (a YAML alias, or its expanded copy); otherwise the build stops."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.seen: dict[str, tuple[str, dict[str, Any], Claim]] = {}

    def one(self, place: str, raw: dict[str, Any], claim: Claim) -> Claim:
        earlier = self.seen.get(raw["id"])
        if earlier is None:
            self.seen[raw["id"]] = (place, raw, claim)
            return claim
        if earlier[1] != raw:
            raise DataError(self.path, f"{place}.id", f"id {raw['id']!r} repetido (já usado em {earlier[0]}, "
                                                      "com outra afirmação)")
        return earlier[2]


def build(raw: dict[str, Any], path: Path, statute: Statute, acts: Registry,
          today: dt.date | None = None) -> StatuteToday:
    """Turn a validated file into :class:`StatuteToday`, checking it against its statute and the
    registry of acts."""
    today = today or latest_date()
    if raw["statute"] != path.stem:
        raise DataError(path, "statute", f"ato {raw['statute']!r} difere do nome do arquivo ({path.stem!r})")
    known = {node.id for node in statute.walk()}
    wanted = articles_of(statute)
    for art_id in raw["articles"]:
        if art_id not in wanted:
            raise DataError(path, f"articles.{art_id}", f"{art_id!r} não é artigo nem anexo de {statute.slug}")
    missing = [a for a in wanted if a not in raw["articles"]]
    if missing:
        raise DataError(path, "articles", f"faltam artigos sem caixa «Hoje»: {', '.join(missing)}")
    # One Claim object per YAML node: a claim shared by several boxes (an alias) stays one claim.
    made: dict[int, Claim] = {}
    named = _Names(path)
    articles: dict[str, ArticleToday] = {}
    for art_id in wanted:
        entry = raw["articles"][art_id]
        claims: list[Claim] = []
        for i, c in enumerate(entry["claims"]):
            place = f"articles.{art_id}.claims[{i}]"
            for j, prov in enumerate(c["provisions"]):
                if prov not in known:
                    raise DataError(path, f"{place}.provisions[{j}]",
                                    f"dispositivo {prov!r} não existe em {statute.slug}")
            if not any(p == art_id or p.startswith(art_id + "_") for p in c["provisions"]):
                raise DataError(path, f"{place}.provisions", f"nenhum dispositivo da afirmação pertence a {art_id}")
            if id(c) not in made:
                made[id(c)] = named.one(place, c, _claim(path, place, c, acts, today))
            claims.append(made[id(c)])
        articles[art_id] = ArticleToday(art_id, entry["applies"], " ".join(entry["who"].split()), tuple(claims))
    outside: dict[str, OutsideToday] = {}
    for art_id, entry in (raw.get("outside") or {}).items():
        if art_id in known:
            raise DataError(path, f"outside.{art_id}", f"{art_id!r} está nesta edição: use articles.{art_id}")
        outside[art_id] = OutsideToday(art_id, entry["label"], tuple(
            named.one(f"outside.{art_id}.claims[{i}]", c,
                      _claim(path, f"outside.{art_id}.claims[{i}]", c, acts, today))
            for i, c in enumerate(entry["claims"])))
    topics: dict[str, OutsideToday] = {}
    for key, entry in (raw.get("topics") or {}).items():
        claims = []
        for i, c in enumerate(entry["claims"]):
            place = f"topics.{key}.claims[{i}]"
            for j, prov in enumerate(c.get("provisions", [])):
                if prov not in known:
                    raise DataError(path, f"{place}.provisions[{j}]",
                                    f"dispositivo {prov!r} não existe em {statute.slug}")
            claims.append(named.one(place, c, _claim(path, place, c, acts, today)))
        topics[key] = OutsideToday(key, entry["label"], tuple(claims))
    status = StatusToday(
        tuple(source(s, acts, path, f"status.sources[{j}]") for j, s in enumerate(raw["status"]["sources"])),
        _check(path, "status.check", raw["status"]["check"], today))
    return StatuteToday(raw["statute"], path, " ".join(raw["summary"].split()), articles, status, outside, topics)


def load_today(path: Path, statute: Statute, acts: Registry) -> StatuteToday:
    """Read, validate and check one «Hoje» file."""
    return build(load_validated(path, "hoje"), path, statute, acts)


def load_all_today(folder: Path, statutes: Mapping[str, Statute], acts: Registry) -> dict[str, StatuteToday]:
    """The layer of every statute; a statute without its file is a data error."""
    out: dict[str, StatuteToday] = {}
    for slug, statute in statutes.items():
        path = folder / f"{slug}.yaml"
        if not path.exists():
            raise DataError(path, "(arquivo)", f"falta a camada «Hoje» de {slug}")
        out[slug] = load_today(path, statute, acts)
    for path in sorted(folder.glob("*.yaml")):
        if path.stem not in out:
            raise DataError(path, "statute", f"não há ato {path.stem!r} em data/statutes")
    return out

