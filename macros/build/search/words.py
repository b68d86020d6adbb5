"""The words of the site's search: folding, tokens, the light stemmer, adjacent pairs.

The browser reads the query with the very same rules (``docs/assets/js/search/words.mjs``;
``tests/test_search_words.py`` runs both on the same generated strings). Stop words come from
``data/busca.yaml``.

The stemmer is light and only ever removes endings, so that what a worker types meets what the
acts say: the plural (``refeições`` → ``refeição``, ``armazéns`` → ``armazém``), then a verb's
ending where the rest is long enough to be the word (``trabalhei``, ``trabalhado``,
``trabalhar`` → ``trabalh``; ``transportar`` → ``transport``; never ``feriado`` or ``lugar``),
else the final vowel (``noturno``, ``noturna`` → ``noturn``). Query and documents go through the
same steps, so a word that is cut too short is still found only by its own forms.
"""

from __future__ import annotations

import itertools
import re

from calculators.core.text import fold

__all__ = ["fold", "pair_stems", "pair_tokens", "stem", "stems", "tokens"]

_THOUSANDS = re.compile(r"(?<=\d)\.(?=\d{3}(?!\d))")
_ACRONYM = re.compile(r"(?<![a-z0-9])(?:[a-z]\.){2,}(?:[a-z](?![a-z0-9]))?")
_TOKEN = re.compile(r"[a-z]+|[0-9]+")
_SPELLED = re.compile(r"(\d)\s*\([^()\d]*\)")


_PLURALS = (("oes", "ao"), ("aes", "ao"), ("ais", "al"), ("eis", "el"), ("ns", "m"))
_PARTICIPLES = ("ado", "ada", "ido", "ida")
_INFINITIVES = ("ar", "er", "ir")
_PAST = ("ei", "ou", "eu")


def stem(word: str) -> str:
    """The light stem of a folded word (see the module's docstring)."""
    if word.isdigit() or len(word) <= 3:
        return word
    for ending, repl in _PLURALS:
        if word.endswith(ending) and len(word) > len(ending) + 1:
            word = word[: -len(ending)] + repl
            break
    else:
        if word.endswith("s"):
            word = word[:-1]
    if word.endswith(_PARTICIPLES) and len(word) - 3 >= 5:
        return word[:-3]
    if word.endswith(_INFINITIVES) and len(word) - 2 >= 5:
        return word[:-2]
    if word.endswith(_PAST) and len(word) - 2 >= 4:
        return word[:-2]
    if len(word) > 4 and word[-1] in "aeo":
        word = word[:-1]
    return word


def tokens(text: str) -> list[str]:
    """Folded words and numbers of ``text``, in order; letters and digits are separate tokens
    (``art7`` → ``art``, ``7``); ``4.860`` → ``4860``; ``A.P.R.J.`` → ``aprj``."""
    folded = _THOUSANDS.sub("", fold(text))
    folded = _ACRONYM.sub(lambda m: m.group(0).replace(".", ""), folded)
    return _TOKEN.findall(folded)


def stems(text: str, stop: frozenset[str]) -> list[str]:
    """The stems of the words of ``text`` that are not stop words, in order."""
    return [stem(t) for t in tokens(text) if t not in stop]


def pair_stems(text: str, stop: frozenset[str]) -> list[str]:
    """The stems for :func:`pair_tokens`: numbers spelled out after the figure ("11 (onze)
    horas") are left out, so "11 horas" stands together."""
    return stems(_SPELLED.sub(r"\1", text), stop)


def pair_tokens(items: list[str]) -> list[str]:
    """``hora_extraordinari`` for each two adjacent stems (never two numbers), without repeats."""
    seen: dict[str, None] = {}
    for first, second in itertools.pairwise(items):
        if first.isdigit() and second.isdigit():
            continue
        seen.setdefault(f"{first}_{second}", None)
    return list(seen)
