"""LexML provision ids: grammar, printed labels, URNs and permalinks.

The id of a provision (``art7_par5_ali1``) is, at once, its HTML anchor, its permalink fragment
and its URN fragment (``urn:lex:br:federal:lei:1965-11-26;4860!art7_par5_ali1``). URN, permalink
and citation label are derived here, in one place, and stored nowhere else.

Grammar (after the LexML "identificação de dispositivos" conventions, extended for the
non-articulated parts of old acts)::

    id        := part | article | annex
    part      := "epigrafe" | "ementa" | "preambulo" | "formula" | "fecho" | "cons" N
    article   := "art" N ["_cpt" | "_par" (N | "1u")] ["_inc" N] ["_ali" N] ["_ite" N]
    annex     := "anx" N ["_ali" N ["_ite" N]]
    N         := [1-9][0-9]*
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PART_NAMES = {
    "epigrafe": "epígrafe",
    "ementa": "ementa",
    "preambulo": "preâmbulo",
    "formula": "fórmula de promulgação",
    "fecho": "fecho",
}

_N = r"[1-9][0-9]*"
ID_RE = re.compile(
    rf"^(?:(?P<part>epigrafe|ementa|preambulo|formula|fecho)"
    rf"|cons(?P<cons>{_N})"
    rf"|art(?P<art>{_N})(?:_(?P<cpt>cpt)|_par(?P<par>{_N}|1u))?"
    rf"(?:_inc(?P<inc>{_N}))?(?:_ali(?P<ali>{_N}))?(?:_ite(?P<ite>{_N}))?"
    rf"|anx(?P<anx>{_N})(?:_ali(?P<anxali>{_N})(?:_ite(?P<anxite>{_N}))?)?)$"
)


class InvalidIdError(ValueError):
    """An id that does not follow the LexML grammar."""


@dataclass(frozen=True)
class ProvisionId:
    """A parsed provision id."""

    raw: str

    def __post_init__(self) -> None:
        if not ID_RE.match(self.raw):
            raise InvalidIdError(
                f"id {self.raw!r} não segue a gramática LexML "
                "(ex.: art7, art7_cpt, art7_par5, art5_par1u, art1_cpt_inc2, art7_par5_ali1, "
                "…_ite1, cons1, anx1_ali2_ite1)"
            )

    @property
    def groups(self) -> dict[str, str | None]:
        match = ID_RE.match(self.raw)
        assert match is not None
        return match.groupdict()

    @property
    def parent(self) -> str | None:
        """The id of the enclosing provision, or None at the top."""
        if "_" not in self.raw:
            return None
        return self.raw.rsplit("_", 1)[0]


def is_valid(raw: str) -> bool:
    """Whether ``raw`` follows the id grammar."""
    return bool(ID_RE.match(raw))


def ordinal(number: int) -> str:
    """Brazilian ordinal for articles and paragraphs: 1º … 9º, then cardinal: 10, 11."""
    return f"{number}º" if number < 10 else str(number)


def roman(number: int) -> str:
    """Roman numeral for incisos."""
    values = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
              (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
    out = []
    for value, letters in values:
        while number >= value:
            out.append(letters)
            number -= value
    return "".join(out)


def letter(number: int) -> str:
    """Alínea letter: 1 → a, 26 → z, 27 → aa."""
    out = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        out = chr(ord("a") + rest) + out
    return out


def citation_label(raw: str, within: str | None = None) -> str:
    """The label used in citations: ``art7_par5_ali1`` → ``art. 7º, § 5º, alínea a``.

    The caput is named only when it is the cited provision or holds the cited inciso/alínea
    (``art1_cpt_inc2`` → ``art. 1º, caput, inciso II``). ``within`` names a provision the
    sentence has already cited: the parts of the label they share are left out
    (``art2_par3`` within ``art2`` → ``§ 3º``; ``art3_par1u`` within ``art3`` → ``parágrafo único``).
    """
    parts = _label_parts(raw)
    if within is not None:
        context = _label_parts(within)
        shared = 0
        while shared < min(len(parts) - 1, len(context)) and parts[shared] == context[shared]:
            shared += 1
        parts = parts[shared:]
    return ", ".join(parts)


def _label_parts(raw: str) -> list[str]:
    g = ProvisionId(raw).groups
    if g["part"]:
        return [PART_NAMES[g["part"]]]
    if g["cons"]:
        return [f"{g['cons']}º considerando"]
    parts: list[str] = []
    if g["anx"]:
        parts.append("anexo" if g["anx"] == "1" else f"anexo {roman(int(g['anx']))}")
        if g["anxali"]:
            parts.append(f"observação {letter(int(g['anxali']))})")
        if g["anxite"]:
            parts.append(f"item {g['anxite']}")
        return parts
    parts.append(f"art. {ordinal(int(g['art'] or 0))}")
    if g["cpt"]:
        parts.append("caput")
    if g["par"] == "1u":
        parts.append("parágrafo único")
    elif g["par"]:
        parts.append(f"§ {ordinal(int(g['par']))}")
    if g["inc"]:
        parts.append(f"inciso {roman(int(g['inc']))}")
    if g["ali"]:
        parts.append(f"alínea {letter(int(g['ali']))}")
    if g["ite"]:
        parts.append(f"item {g['ite']}")
    return parts


def urn(statute_urn: str, raw: str) -> str:
    """The URN of a provision: the statute's URN, ``!``, the id."""
    ProvisionId(raw)
    return f"{statute_urn}!{raw}"


def permalink(slug: str, raw: str, base: str = "/") -> str:
    """The permalink path of a provision: ``/<slug>/#<id>``."""
    ProvisionId(raw)
    return f"{base}{slug}/#{raw}"
