"""The edition as a whole, from the data: how many acts it has and where their sources are.

No page types the number or the names of the acts: «Edição de referência de três normas» is
``{{ quantos_atos(feminino=True) }} normas``, the list of sources on «Sobre» is ``{{ fontes() }}``,
and the search's «não está aqui» counts and names the acts of its index (``search/meta.json``). A
fourth act added to ``data/statutes/`` changes them all (``tests/test_new_act.py``).
"""

from __future__ import annotations

from ..data.site import Site
from .safe import text

# Cardinals in words, as a sentence counts a few things; the feminine differs only in 1 and 2.
_WORDS = ("zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez",
          "onze", "doze", "treze", "catorze", "quinze", "dezesseis", "dezessete", "dezoito", "dezenove", "vinte")
_FEMININE = {1: "uma", 2: "duas"}


def count_in_words(count: int, feminine: bool = False) -> str:
    """``count`` in words («três», «duas» when ``feminine``), or in figures past twenty."""
    if count < 0:
        raise ValueError(f"contagem negativa: {count}")
    if feminine and count in _FEMININE:
        return _FEMININE[count]
    return _WORDS[count] if count < len(_WORDS) else str(count)


def acts_count(site: Site, feminine: bool = False) -> str:
    """How many acts this edition has, in words."""
    return count_in_words(len(site.statutes), feminine)


def sources_list(site: Site) -> str:
    """A Markdown list of the acts' source documents, in the acts' order: each file linked where
    the site serves it, with the act's title."""
    return "\n".join(f"- [`{st.source_file}`](fontes/{st.source_file}) — {text(st.title)};"
                     for st in site.statutes.values()).removesuffix(";") + "."
