"""Constituição Federal of 5 Oct 1988, art. 7º: the rules of today the 1965 calculators compare
with (editorial: each provision names its official publication and the date it was checked).

- XIII (:data:`CF_WORKING_TIME`): normal work of at most 8 hours a day and 44 a week;
  compensation of hours by agreement is allowed.
- XIV (:data:`CF_SHIFTS`): 6 hours a day in turnos ininterruptos de revezamento, unless
  collective bargaining sets otherwise (read in a copy: ``checked`` says which).
  Without another agreed limit, the week of such shifts is six days of 6 hours
  (:data:`SHIFT_WEEK_LIMIT_MINUTES`, 36 hours), as the TST reads it for the avulso in two
  consecutive 6-hour shifts.
- XVI (:data:`CF_OVERTIME`): overtime paid at least 50% above the normal hour.
"""

from decimal import Decimal

from ..core.parameters import MINUTES, PERCENT, Parameter
from ..core.provisions import Provision

SLUG = "cf-1988"
# The Constitution's date: its numbers apply from it (the only place it is written).
DATE = "1988-10-05"
URL = "https://www.planalto.gov.br/ccivil_03/constituicao/constituicao.htm"
VERIFIED = "2026-11-30"

CF_WORKING_TIME = Provision(
    SLUG, "art7_inc13", "Constituição Federal de 1988, art. 7º, XIII", URL, VERIFIED,
)
CF_OVERTIME = Provision(
    SLUG, "art7_inc16", "Constituição Federal de 1988, art. 7º, XVI", URL, VERIFIED,
)

MIN_OVERTIME_RATE = Parameter(
    "min_overtime_rate", Decimal("0.50"), PERCENT, CF_OVERTIME,
    "Acréscimo mínimo de hoje sobre a hora normal, por hora extraordinária",
    start=DATE, today=True,
)
DAY_LIMIT_MINUTES = Parameter(
    "day_limit_today", 480, MINUTES, CF_WORKING_TIME,
    "Limite de hoje do trabalho normal por dia", start=DATE, today=True,
)
WEEK_LIMIT_MINUTES = Parameter(
    "week_limit_today", 2640, MINUTES, CF_WORKING_TIME,
    "Limite de hoje do trabalho normal por semana", start=DATE, today=True,
)

# Checked on 01/12/2026 in copies of the text (the official page could not be opened from here).
COPY_CHECKED = "2026-12-01"
CF_SHIFTS = Provision(
    SLUG, "art7_inc14", "Constituição Federal de 1988, art. 7º, XIV", URL, COPY_CHECKED,
    "numa cópia do texto publicada por jurisway.org.br; a página oficial não pôde ser aberta",
)
SHIFT_WEEK_LIMIT_MINUTES = Parameter(
    "shift_week_limit_today", 2160, MINUTES, CF_SHIFTS,
    "Limite de hoje por semana em turnos ininterruptos de revezamento sem outro limite negociado "
    "(seis dias de 6 horas; o TST decide assim para o avulso em dois turnos seguidos de 6 horas)",
    start=DATE, today=True,
)
SHIFT_DAY_LIMIT_MINUTES = Parameter(
    "shift_day_limit_today", 360, MINUTES, CF_SHIFTS,
    "Limite de hoje por dia em turnos ininterruptos de revezamento, salvo negociação coletiva",
    start=DATE, today=True,
)
