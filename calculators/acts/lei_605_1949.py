"""Lei nº 605 of 5 Jan 1949 (weekly rest and the pay of holidays), art. 9º: the rule of today
for a holiday worked (editorial: the provision names its official publication and how it was
checked).

Art. 9º: where the work cannot stop on a civil or religious holiday, its pay is doubled, unless
the employer sets another day off. The TST's Súmula nº 146 (:data:`calculators.acts.tst.SUMULA_146`)
reads it for the monthly-paid worker: the double comes on top of the rest day's pay, which the
monthly salary already holds.
"""

from decimal import Decimal

from ..core.parameters import TIMES, Parameter
from ..core.provisions import Provision

SLUG = "lei-605-1949"
# The law's date (the only place it is written; the registry, data/atos.yaml, says the same).
DATE = "1949-01-05"
URL = "https://www.planalto.gov.br/ccivil_03/leis/l0605.htm"
COPY_CHECKED = "2026-12-02"

LEI_605_HOLIDAY = Provision(
    SLUG, "art9", "Lei nº 605/1949, art. 9º", URL, COPY_CHECKED,
    "em reproduções do texto (brasil.justia.com, cópia da página do Planalto, e "
    "economia.uol.com.br); a página oficial não pôde ser aberta",
)

HOLIDAY_TIMES = Parameter(
    "holiday_times_today", Decimal(2), TIMES, LEI_605_HOLIDAY,
    "Pagamento de hoje do trabalho em feriado sem outro dia de folga, em vezes a hora normal",
    start=DATE, today=True,
)
