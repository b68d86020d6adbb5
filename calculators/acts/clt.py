"""Consolidação das Leis do Trabalho (Decreto-Lei nº 5.452 of 1 May 1943): art. 64, the hourly
wage of a monthly-paid employee (editorial: the provision names its official publication and how
it was checked).

Art. 64: the hourly wage is the monthly salary divided by 30 times the daily hours of the normal
working time. With a week of 6 working days (one day of weekly rest), the daily hours are the
weekly hours ÷ 6, so the divisor is the weekly hours × 30 ÷ 6: 240 for the 48 hours of 1965,
220 for today's 44 (CF/88, art. 7º, XIII), 200 for 40 (the TST's Súmula 431 gives 200 for a
40-hour week), 180 for 36.
"""

from decimal import Decimal

from ..core.parameters import DAYS, Parameter
from ..core.provisions import Provision

SLUG = "clt"
# The CLT's date (Decreto-Lei nº 5.452, 1 May 1943): its numbers apply from it.
DATE = "1943-05-01"
URL = "https://www.planalto.gov.br/ccivil_03/decreto-lei/del5452.htm"
COPY_CHECKED = "2026-12-01"

CLT_64 = Provision(
    SLUG, "art64", "CLT, art. 64", URL, COPY_CHECKED,
    "numa cópia do texto publicada por meudireitotrabalhista.net; a página oficial não pôde ser "
    "aberta",
)

MONTH_DAYS = Parameter(
    "divisor_month_days", 30, DAYS, CLT_64,
    "Dias do mês no divisor do salário mensal (30 vezes as horas do dia)", start=DATE, today=True,
)
WORK_DAYS_A_WEEK = Parameter(
    "divisor_week_days", 6, DAYS, CLT_64,
    "Dias de trabalho da semana, para as horas do dia a partir das da semana (leitura usual: "
    "a semana tem um dia de repouso)", start=DATE, today=True,
)


def monthly_divisor(week_minutes: int | Decimal) -> Decimal:
    """The monthly divisor of a week of ``week_minutes``: weekly hours × 30 ÷ 6 (art. 64)."""
    return Decimal(week_minutes) / 60 * MONTH_DAYS.value / WORK_DAYS_A_WEEK.value
