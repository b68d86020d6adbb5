"""Statute slugs and provision references.

A provision of this edition is named by its statute's slug and its LexML id (``art4_par2``,
``anx1_ali4``); labels, URNs and permalinks are derived from the id elsewhere
(``macros/data/ids.py`` and the browser), never stored here.

A provision of a later act or a precedent (the rules of today the calculators compare with,
see :mod:`calculators.rules.today`) is outside this edition: it carries its own printed label, the
address of its official publication and the date that publication was last checked; where the
official page could not be opened, ``checked`` says which copy was read instead.

An act is a unit: its slug is declared once, in its own module of :mod:`calculators.acts`
(``SLUG``, with ``provision(id)`` for its provisions), and nothing here names an act. The
statutes' titles are data (``data/statutes/*.yaml``): the site's pages take them from there; a
calculator names its statute by slug only.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Provision:
    """A provision of a statute: the statute's slug and the LexML id."""

    statute: str
    id: str
    label: str = ""
    url: str = ""
    verified: str = ""
    checked: str = ""
    # How a step names it, where the printed label carries a case number: the number, with the
    # check record, goes to the result's «Fontes» (issue 26 §4).
    short: str = ""

    @property
    def ref(self) -> str:
        """Compact reference ``<slug>#<id>`` (the page path and the anchor)."""
        return f"{self.statute}#{self.id}"

    @property
    def external(self) -> bool:
        """True for a provision outside this edition (a later act or a precedent): it carries
        its printed label, and the address of its official publication where one is known (a
        precedent read only in a copy has none, and ``checked`` names the copy)."""
        return bool(self.url or self.label)

    def to_json(self) -> dict[str, str | bool]:
        """JSON form (``external``, ``label``, ``url``, ``verified`` and ``checked`` only for
        provisions outside the edition; ``url`` is empty where no official address is known)."""
        out: dict[str, str | bool] = {"statute": self.statute, "id": self.id, "ref": self.ref}
        if self.external:
            out.update(external=True, label=self.label, url=self.url, verified=self.verified)
            if self.checked:
                out["checked"] = self.checked
            if self.short:
                out["short"] = self.short
        return out
