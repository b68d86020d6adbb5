"""Precedents of the Tribunal Superior do Trabalho the 1965 calculators follow (editorial: each
names its official publication and the date it was checked).

- Orientação Jurisprudencial nº 60 da SBDI-1, item II (:data:`OJ_60`): port workers' overtime
  is computed on the basic salary, without the risk and productivity additionals.
"""

from ..core.provisions import Provision

VERIFIED = "2026-11-30"
OJ_60_URL = "https://www3.tst.jus.br/jurisprudencia/OJ_SDI_1/n_s1_041.htm#TEMA60"

OJ_60 = Provision(
    "tst-oj-sbdi1", "oj60_ite2", "TST, Orientação Jurisprudencial nº 60 da SBDI-1, item II",
    OJ_60_URL, VERIFIED,
)

# The 2016 decision of the SBDI-1: for the port worker, the night additional enters the base of
# overtime worked at night (OJ nº 97 prevails; item II of OJ nº 60 does not reach it). Read in a
# copy of the TST's Informativo nº 131; no official address of the decision was found, so it has
# none (``url`` empty), like its entry in data/atos.yaml.
NIGHT_IN_BASE = Provision(
    "tst-e-rr-1260-79-2011-5-08-0002", "decisao",
    "TST, SBDI-1, E-RR-1260-79.2011.5.08.0002 (julgado em 08/04/2016)",
    "", "2026-12-01",
    "numa cópia do Informativo TST nº 131 publicada por icarrion.com.br; o endereço oficial da "
    "decisão não foi localizado",
)

# Súmula nº 146: the holiday (or Sunday) worked and not compensated is paid in double, over and
# above the pay of the weekly rest (for a monthly-paid worker, the salary already pays the rest
# day: the double is owed on top of it). Its number is that of Lei nº 605/1949, art. 9º
# (:data:`calculators.acts.lei_605_1949.HOLIDAY_TIMES`). No official address was found (like
# its entry in data/atos.yaml).
SUMULA_146 = Provision(
    "tst-sumula-146", "sumula", "TST, Súmula nº 146", "", "2026-12-01",
    "numa cópia do texto publicada por legjur.com; o endereço oficial no site do TST não foi "
    "localizado",
)
