"""The «Hoje» layer: what applies today to each article, loaded once per build and checked.

One file per statute in ``data/hoje/<slug>.yaml`` (schema ``data/schema/hoje.schema.json``). The
schema requires every claim to have a kind, a statement, at least one source with an official URL,
the date it was verified and the provisions it bears on. This module checks what a schema cannot:
the statute exists, every article and annex of it has an entry (and no entry names a provision it
lacks), every claim bears on at least one provision of its article, and the verified date is a
real date not in the future. A violation raises :class:`macros.data.loader.DataError` with the file,
the place and the reason. Nothing here is a legal rule: the statements are editorial text.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .acts import Registry
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


@dataclass(frozen=True)
class Source:
    """Where a claim is published: the registry's act or precedent (its short name and official
    address, :mod:`macros.data.acts`) and the provision."""

    act: str
    provision: str
    url: str
    act_id: str = ""

    @property
    def label(self) -> str:
        return f"{self.act}, {self.provision}" if self.provision else self.act


@dataclass(frozen=True)
class Claim:
    """One editorial statement about today."""

    kind: str
    statement: str
    sources: tuple[Source, ...]
    verified: dt.date
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
    def verified(self) -> dt.date:
        """The most recent verification among the article's claims."""
        return max(c.verified for c in self.claims)

    def own_provisions(self, claim: Claim) -> list[str]:
        """The claim's provisions that belong to this article, in the claim's order."""
        return [p for p in claim.provisions if p == self.article or p.startswith(self.article + "_")]


@dataclass(frozen=True)
class StatuteToday:
    """The layer for one statute."""

    slug: str
    path: Path
    summary: str
    articles: dict[str, ArticleToday]

    def counts(self) -> dict[str, int]:
        """How many articles fall under each ``applies`` value (order of APPLIES_LABELS)."""
        out = {key: 0 for key in APPLIES_LABELS}
        for art in self.articles.values():
            out[art.applies] += 1
        return {k: v for k, v in out.items() if v}

    @property
    def verified(self) -> dt.date:
        return max(a.verified for a in self.articles.values())


def articles_of(statute: Statute) -> list[str]:
    """Ids of the statute's articles and annexes, in document order."""
    return [node.id for node in statute.body if node.type in ("artigo", "anexo")]


def source(raw: dict[str, Any], acts: Registry, path: Path, place: str) -> Source:
    """A claim's source from the registry: the act's short name and official address."""
    act = acts.entries.get(raw["act"])
    if act is None:
        raise DataError(path, f"{place}.act", f"ato {raw['act']!r} não está no registro (data/atos.yaml)")
    if not act.url:
        raise DataError(path, f"{place}.act", f"{act.short} não tem endereço oficial no registro")
    return Source(act.short, raw.get("provision", ""), act.url, act.id)


def build(raw: dict[str, Any], path: Path, statute: Statute, acts: Registry,
          today: dt.date | None = None) -> StatuteToday:
    """Turn a validated file into :class:`StatuteToday`, checking it against its statute and the
    registry of acts."""
    today = today or dt.date.today()
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
    articles: dict[str, ArticleToday] = {}
    for art_id in wanted:
        entry = raw["articles"][art_id]
        claims: list[Claim] = []
        for i, c in enumerate(entry["claims"]):
            place = f"articles.{art_id}.claims[{i}]"
            try:
                verified = dt.date.fromisoformat(c["verified"])
            except ValueError as exc:
                raise DataError(path, f"{place}.verified", f"data inexistente: {c['verified']!r}") from exc
            if verified > today:
                raise DataError(path, f"{place}.verified", f"data de verificação no futuro: {c['verified']}")
            for j, prov in enumerate(c["provisions"]):
                if prov not in known:
                    raise DataError(path, f"{place}.provisions[{j}]",
                                    f"dispositivo {prov!r} não existe em {statute.slug}")
            if not any(p == art_id or p.startswith(art_id + "_") for p in c["provisions"]):
                raise DataError(path, f"{place}.provisions", f"nenhum dispositivo da afirmação pertence a {art_id}")
            claims.append(
                Claim(
                    kind=c["kind"],
                    statement=" ".join(c["statement"].split()),
                    sources=tuple(source(s, acts, path, f"{place}.sources[{j}]")
                                  for j, s in enumerate(c["sources"])),
                    verified=verified,
                    provisions=tuple(c["provisions"]),
                )
            )
        articles[art_id] = ArticleToday(art_id, entry["applies"], " ".join(entry["who"].split()), tuple(claims))
    return StatuteToday(raw["statute"], path, " ".join(raw["summary"].split()), articles)


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

