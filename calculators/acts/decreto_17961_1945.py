"""Decreto nº 17.961 of 5 Mar 1945 (Port of Rio's personnel and salaries): the numbers its
rules use. The act's date and title come from ``data/statutes/decreto-17961-1945.yaml``."""

from ..core.parameters import DAYS, Parameter
from ..core.provisions import DEC_1945, dec1945

SLUG = DEC_1945

# Not printed in a provision's words: every line of the published table of diaristas multiplies
# by it (``data/tables/diaristas.yaml``, ``days_per_year``, which the text test compares with).
DAYS_A_YEAR = Parameter(
    "days_a_year", 300, DAYS, dec1945("art1_par5"),
    "Dias de salário por ano na despesa anual com diaristas (como na tabela de diaristas)",
)
