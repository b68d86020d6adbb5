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


#: Numbers written in words, read as figures («vinte minutos» = «20 minutos»; «quarenta e oito»
#: = «48»). «um», «uma» stay words (they are articles far more often).
NUMBER_WORDS = {
    "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8,
    "nove": 9, "dez": 10, "onze": 11, "doze": 12, "treze": 13, "quatorze": 14, "catorze": 14,
    "quinze": 15, "dezesseis": 16, "dezessete": 17, "dezoito": 18, "dezenove": 19, "vinte": 20,
    "trinta": 30, "quarenta": 40, "cinquenta": 50, "sessenta": 60, "setenta": 70, "oitenta": 80,
    "noventa": 90, "cem": 100,
}


def _numbers(items: list[str]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(items):
        value = NUMBER_WORDS.get(items[i])
        if value is None:
            out.append(items[i])
            i += 1
            continue
        unit = NUMBER_WORDS.get(items[i + 2], 0) if i + 2 < len(items) and items[i + 1] == "e" else 0
        if value >= 20 and value % 10 == 0 and 0 < unit < 10:
            out.append(str(value + unit))
            i += 3
        else:
            out.append(str(value))
            i += 1
    return out


def tokens(text: str) -> list[str]:
    """Folded words and numbers of ``text``, in order; letters and digits are separate tokens
    (``art7`` → ``art``, ``7``); ``4.860`` → ``4860``; ``A.P.R.J.`` → ``aprj``; numbers in
    words as figures (:data:`NUMBER_WORDS`)."""
    folded = _THOUSANDS.sub("", fold(text))
    folded = _ACRONYM.sub(lambda m: m.group(0).replace(".", ""), folded)
    return _numbers(_TOKEN.findall(folded))


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
