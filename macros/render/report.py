"""«Informar um erro»: the closed box next to «Citar» on every provision and after every «Hoje»
claim.

Render only. The box carries what identifies what is reported (the citation in words, the LexML
URN, the anchor on the page); the page script (``docs/assets/relatar.js``) opens it into a report
already filled in (those, the page's real address and the site's version, plus an empty «o que
está errado» field), always copyable, and, where ``mkdocs.yml`` names a destination
(``extra.relatar_erro``: an issue tracker's address template and/or an e-mail address, read by
:mod:`macros.build.report_destination`), a link that opens it there filled in. Without
JavaScript the box says what to cite in a report.
"""

from __future__ import annotations

from .safe import Markup


def report_box(citation: str, urn: str, anchor: str, inside_excluded: bool = False) -> Markup:
    """The «Informar um erro» box of one provision or claim: ``citation`` in words (``Lei nº
    4.860/1965, art. 7º, § 5º``), its ``urn`` and the ``anchor`` (element id) it is under on the
    page. For a «Hoje» claim the script quotes the claim itself (the text of its ``<li>``).

    A ``<details>`` out of the search index; ``inside_excluded`` (inside a «Hoje» box, itself a
    ``<details>`` out of the index): a ``<div>`` whose button the page script shows and wires,
    because Material's search parser tells nested elements apart by their tag only, and a
    ``<details>`` closing inside another would end the outer one's exclusion."""
    data = Markup('data-citacao="{}" data-urn="{}" data-ancora="{}"').format(citation, urn, anchor)
    body = Markup(
        '<div class="relatar-corpo"{hidden}><p class="relatar-sem-js">Para informar um erro, diga o que está '
        "errado e cite: {citation}.</p></div>")
    if inside_excluded:
        return Markup(
            '<div class="relatar relatar--botao" {data}><button type="button" class="relatar-abrir" '
            'aria-expanded="false" aria-label="Informar um erro: {citation}" hidden>Informar um erro</button>'
            "{body}</div>"
        ).format(data=data, citation=citation, body=body.format(hidden=Markup(" hidden"), citation=citation))
    return Markup(
        '<details class="relatar" data-search-exclude {data}>'
        '<summary aria-label="Informar um erro: {citation}">Informar um erro</summary>{body}</details>'
    ).format(data=data, citation=citation, body=body.format(hidden=Markup(""), citation=citation))
