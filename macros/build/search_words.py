"""Words of the search index: folding, stop words, a light Portuguese stemmer, citation tokens.

The page script (``docs/assets/busca.js``, with the fold of ``docs/assets/pagina.js``) prepares
the query with the very same rules; a test runs both on the same words and compares them. Keep
the two in step.

- ``fold`` (the project's one folding, :mod:`calculators.core.text`): accents, ``º ª °``, ``§`` and
  hyphens are folded away (``7º`` → ``7``, ``sôbre`` → ``sobre``); thousands dots in numbers go
  (``4.860`` → ``4860``).
- ``STOP_WORDS``: Portuguese function words that never decide a match; they are left out of the
  index's word fields and out of the query.
- ``stem``: a light stemmer (plural, then final vowel): ``refeições`` and ``refeição`` →
  ``refeica``; ``noturno``/``noturnas`` → ``noturn``. The query matches stems by prefix, so
  ``extra`` still finds ``extraordinárias``.
- ``pair_tokens``: adjacent words, so that a query whose words stand together in a document
  ranks that document higher.
- ``citation_tokens``: ``_art7par5alia``, ``_de4860`` … for citations typed as queries, and the
  same without the article (``_par5alia``, ``_alia``) for «alínea a», «§ 5», «inciso II» alone.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Mapping

from calculators.core.text import fold

from ..data import ids
from ..data.model import Statute
from ..render.edition import count_in_words

STOP_WORDS = frozenset(
    {
        "a", "o", "as", "os", "e", "de", "da", "do", "das", "dos", "em", "no", "na", "nos", "nas",
        "para", "por", "pelo", "pela", "pelos", "pelas", "um", "uma", "uns", "umas", "com", "que", "se",
        "ao", "aos", "ou", "quanto", "quanta", "quantos", "quantas", "qual", "quais", "como", "onde",
        "quando",
    }
)


def act_key(statute: Statute) -> str:
    """The key of an act in the citation tokens (``_ato4860``): its number without the thousands
    dot, from ``identification.number`` in data/statutes/ (the slug when it has no number)."""
    return (statute.identification["number"].value or statute.slug).replace(".", "")


def browser_acts(statutes: Mapping[str, Statute]) -> dict[str, object]:
    """What ``docs/assets/busca.js`` knows of the acts, from the statutes' data: each act's key by
    its number (``4860``), by its year (``1965``) and by its page (``lei-4860-1965``), and the key
    of the one decreto-lei (a query "decreto-lei" with no number). The build writes it into every
    page (``<meta name="ep-atos">``)."""
    keys = {slug: act_key(st) for slug, st in statutes.items()}
    years = {slug: (st.identification["date"].value or "")[:4] for slug, st in statutes.items()}
    decree_laws = [keys[slug] for slug, st in statutes.items()
                   if (st.identification["type"].value or "").lower() == "decreto-lei"]
    # «da Lei nº 4.860/1965, do Decreto nº 17.961/1945 nem do Decreto-Lei de 1941»: the acts by their
    # short titles, newest first, for the sentence a search with no answer shows.
    named = [("da " if st.short_title.startswith("Lei") else "do ") + st.short_title
             for st in reversed(list(statutes.values()))]
    return {
        "numeros": {key: key for key in keys.values()},
        "anos": {years[slug]: key for slug, key in keys.items() if years[slug]},
        "paginas": keys,
        "decreto_lei": decree_laws[0] if len(decree_laws) == 1 else None,
        "nomes": ", ".join(named[:-1]) + " nem " + named[-1] if len(named) > 1 else "".join(named),
        # «os três atos desta edição»: the count in words, from the data.
        "quantos": count_in_words(len(statutes)),
    }


def browser_acts_json(statutes: Mapping[str, Statute]) -> str:
    """:func:`browser_acts` as compact JSON (the content of ``<meta name="ep-atos">``)."""
    return json.dumps(browser_acts(statutes), ensure_ascii=False, separators=(",", ":"))

_THOUSANDS = re.compile(r"(?<=\d)\.(?=\d{3}(?!\d))")
_TOKEN = re.compile(r"[a-z]+|[0-9]+")
_ENDINGS = (("oes", "ao"), ("aes", "ao"), ("ais", "al"), ("eis", "el"))
_LAST_LEVEL = re.compile(r"(?:parunico|par\d+|inc\d+|ali[a-z]|ite\d+)$")


def tokens(text: str) -> list[str]:
    """Folded words and numbers of ``text``, in order (stop words included); letters and digits
    are separate tokens (``art7`` → ``art``, ``7``)."""
    return _TOKEN.findall(_THOUSANDS.sub("", fold(text)))


def stem(word: str) -> str:
    """Light stem of a folded word: plural first, then a final a/e/o (words of 5+ letters)."""
    if word.isdigit() or len(word) <= 3:
        return word
    for ending, repl in _ENDINGS:
        if word.endswith(ending) and len(word) > len(ending) + 1:
            word = word[: -len(ending)] + repl
            break
    else:
        if word.endswith("s"):
            word = word[:-1]
    if len(word) > 4 and word[-1] in "aeo":
        word = word[:-1]
    return word


def words(text: str) -> list[str]:
    """Stems of the words of ``text`` that are not stop words, in order."""
    return [stem(t) for t in tokens(text) if t not in STOP_WORDS]


_SPELLED = re.compile(r"(\d)\s*\([^()\d]*\)")


def pair_words(text: str) -> list[str]:
    """The stems for :func:`pair_tokens`: numbers spelled out after the figure ("11 (onze)
    horas") are left out, so "11 horas" stands together."""
    return words(_SPELLED.sub(r"\1", text))


def pair_tokens(stems: list[str]) -> list[str]:
    """``_hora_extraordinari`` for each two adjacent stems, without repeats (the query matches the
    second by prefix: ``_hora_extr*``). The leading ``_`` keeps a word's prefix query (``hora*``)
    from matching pair and citation tokens."""
    seen: dict[str, None] = {}
    for first, second in itertools.pairwise(stems):
        if first.isdigit() and second.isdigit():
            continue
        seen.setdefault(f"_{first}_{second}", None)
    return list(seen)


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
