"""Statute slugs and provision references.

A provision of this edition is named by its statute's slug and its LexML id (``art4_par2``,
``anx1_ali4``); labels, URNs and permalinks are derived from the id elsewhere
(``macros/data/ids.py`` and the browser), never stored here.

A provision of a later act or a precedent (the rules of today the calculators compare with,
see :mod:`calculators.rules.today`) is outside this edition: it carries its own printed label, the
address of its official publication and the date that publication was last checked; where the
official page could not be opened, ``checked`` says which copy was read instead.

The statutes' titles are data (``data/statutes/*.yaml``): the site's pages take them from there;
a calculator names its statute by slug only.
"""

from dataclasses import dataclass

DL_1941 = "decreto-lei-3844-1941"
LEI_1965 = "lei-4860-1965"
DEC_1945 = "decreto-17961-1945"


@dataclass(frozen=True)
class Provision:
    """A provision of a statute: the statute's slug and the LexML id."""

    statute: str
    id: str
    label: str = ""
    url: str = ""
    verified: str = ""
    checked: str = ""

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
        return out


def dl1941(provision_id: str) -> Provision:
    """A provision of the Decreto-Lei of 20 Nov 1941."""
    return Provision(DL_1941, provision_id)


def lei1965(provision_id: str) -> Provision:
    """A provision of Lei nº 4.860/1965."""
    return Provision(LEI_1965, provision_id)


def dec1945(provision_id: str) -> Provision:
    """A provision of Decreto nº 17.961/1945."""
    return Provision(DEC_1945, provision_id)
