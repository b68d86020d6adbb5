"""Links to the provisions of this edition: one function builds every one.

The address is the provision's permalink (:func:`macros.data.ids.permalink`: ``<slug>/#<id>``)
relative to the page the link is on (``root``: ``../`` from a statute page, ``../../`` from a
calculator, question or table page), or the bare anchor (``#<id>``) on the statute's own page.
The text is derived from the id (:func:`macros.data.ids.citation_label`), never written by
hand; ``within`` shortens it after a provision already named (``§ 3º`` after ``art. 2º``).
:func:`provision_label` is the label with the act's short name, for links outside its page.
"""

from __future__ import annotations

from ..data import ids
from ..data.model import Statute
from .safe import Markup


def provision_label(statute: Statute, node_id: str) -> str:
    """``Lei nº 4.860/1965, art. 7º, § 5º, alínea a`` (the act's ``short_title``, data/statutes/)."""
    return f"{statute.short_title}, {ids.citation_label(node_id)}"


def provision_href(slug: str, node_id: str, root: str | None) -> str:
    """``../../lei-4860-1965/#art7_par5``; ``#art7_par5`` when ``root`` is None (same page)."""
    if root is None:
        ids.ProvisionId(node_id)
        return f"#{node_id}"
    return ids.permalink(slug, node_id, base=root)


def provision_link(
    slug: str,
    node_id: str,
    root: str | None,
    *,
    text: str | None = None,
    within: str | None = None,
    css: str | None = None,
    data_ref: bool = False,
) -> Markup:
    """``<a href="../../decreto-17961-1945/#art2_par1">art. 2º, § 1º</a>``; ``text`` replaces
    the derived label (a label with the act's name, or the words of a sentence)."""
    label = text if text is not None else ids.citation_label(node_id, within)
    return Markup('<a{} href="{}"{}>{}</a>').format(
        Markup(' class="{}"').format(css) if css else "",
        provision_href(slug, node_id, root),
        Markup(' data-ref="{}#{}"').format(slug, node_id) if data_ref else "",
        label,
    )
