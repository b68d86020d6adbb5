"""Text keys: the one accent folding of the project.

:func:`fold` is the key every comparison of words uses: the search index and the query
(``macros/build/search/words.py`` and ``docs/assets/js/common/text.mjs``), the
filters and sort keys of the 1945 tables (``docs/assets/js/tables/``) and the lookup of a
function's name by the salary calculators (Decreto nº 17.961/1945, tables annexed to art. 1º).
The page script applies exactly the same steps; ``tests/test_fold.py`` runs both on the same
tricky strings.
"""

import re
import unicodedata

#: Ordinal signs, the degree sign, the section sign and hyphens read as spaces:
#: ``7º`` → ``7``, ``§ 5º`` → ``5``, ``Conferente-Auxiliar`` → ``conferente auxiliar``.
_AS_SPACE = re.compile("[ºª°§-]")
#: The combining diacritical marks (U+0300–U+036F) left by NFD: ``ô`` → ``o`` + U+0302.
_MARKS = re.compile("[\u0300-\u036f]")
#: White space as JavaScript's ``\s`` reads it (Python's ``\s`` differs on a few code points).
_SPACES = re.compile("[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+")


def fold(text: str) -> str:
    """Lower case, without accents, ordinal signs, ``§`` or hyphens, spaces collapsed:
    ``Pôrto, § 5º`` → ``porto, 5``; ``Técnico-Auxiliar`` → ``tecnico auxiliar``."""
    plain = _MARKS.sub("", unicodedata.normalize("NFD", _AS_SPACE.sub(" ", text)))
    return _SPACES.sub(" ", plain.lower()).strip(" ")
