"""Decreto nº 17.961 of 5 Mar 1945 (Port of Rio's personnel and salaries): the numbers its
rules use. The act's date and title come from ``data/statutes/decreto-17961-1945.yaml``."""

from ..core.parameters import DAYS, Parameter
from ..core.provisions import Provision

SLUG = "decreto-17961-1945"  # the act's page, its data files and its provisions' statute


def provision(provision_id: str) -> Provision:
    """A provision of this act, by its LexML id."""
    return Provision(SLUG, provision_id)


# Not printed in a provision's words: every line of the published table of diaristas multiplies
# by it (``data/tables/diaristas.yaml``, ``days_per_year``, which the text test compares with).
DAYS_A_YEAR = Parameter(
    "days_a_year", 300, DAYS, provision("art1_par5"),
    "Dias de salário por ano na despesa anual com diaristas (como na tabela de diaristas)",
)
