"""Citation tokens of the search: ``_art7par5alia``, ``_de4860`` … for citations typed as queries.

The same without the article (``_par5alia``, ``_alia``) for «alínea a», «§ 5», «inciso II» alone;
:func:`act_key` is an act's key in them (``_ato4860``). The browser's query reader makes the same
tokens (``docs/assets/js/search/query.mjs``). The words of the search (folding, the stemmer, the
adjacent pairs) are :mod:`macros.build.search.words`.
"""

from __future__ import annotations

import re

from ..data import ids
from ..data.model import Statute

_LAST_LEVEL = re.compile(r"(?:parunico|par\d+|inc\d+|ali[a-z]|ite\d+)$")


def act_key(statute: Statute) -> str:
    """The key of an act in the citation tokens (``_ato4860``): its number without the thousands
    dot, from ``identification.number`` in data/statutes/ (the slug when it has no number)."""
    return (statute.identification["number"].value or statute.slug).replace(".", "")


def citation_tokens(act: str, raw: str) -> list[str]:
    """Tokens a citation query produces for the provision ``raw`` of act ``act``.

    ``art7_par5_ali1`` → ``_de4860 _art7par5alia``; ``art1_cpt_inc2`` → ``_art1inc2``;
    ``art7_cpt`` → ``_art7cpt``; ``art5_par1u`` → ``_art5parunico _parunico``. A provision below
    the article is also cited without it: ``art7_par5_ali1`` → ``_par5alia _alia`` besides.
    """
    return ["_" + token for token in _citation_tokens(act, raw)]


def _without_parent(sub: str) -> list[str]:
    """A provision cited without its article or annex ("paragrafo 5", "alinea a", "item 3"): the
    whole chain below the article (``par5alia``) and the provision's own last level (``alia``)."""
    if not sub:
        return []
    last = _LAST_LEVEL.search(sub)
    return [sub] + ([last.group(0)] if last and last.group(0) != sub else [])


def _citation_tokens(act: str, raw: str) -> list[str]:
    g = ids.ProvisionId(raw).groups
    out = [f"de{act}"]
    if g["art"]:
        base = f"art{g['art']}"
        sub = ""
        if g["par"] == "1u":
            sub += "parunico"
        elif g["par"]:
            sub += f"par{g['par']}"
        if g["inc"]:
            sub += f"inc{g['inc']}"
        if g["ali"]:
            sub += f"ali{ids.letter(int(g['ali']))}"
        if g["ite"]:
            sub += f"ite{g['ite']}"
        if g["cpt"] and not sub:
            sub = "cpt"
        out.append(base + sub)
        if sub != "cpt":
            out.extend(_without_parent(sub))
    elif g["anx"]:
        sub = ""
        if g["anxali"]:
            sub += f"ali{ids.letter(int(g['anxali']))}"
        if g["anxite"]:
            sub += f"ite{g['anxite']}"
        out.append(f"anx{g['anx']}{sub}")
        out.extend(_without_parent(sub))
    elif g["cons"]:
        out.append(f"cons{g['cons']}")
    elif g["part"]:
        out.append(g["part"])
    return out
