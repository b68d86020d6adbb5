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
    short="TST, decisão da SBDI-1 de 2016",
)

# Súmula nº 146: the holiday (or Sunday) worked and not compensated is paid in double, over and
# above the pay of the weekly rest (for a monthly-paid worker, the salary already pays the rest
# day: the double is owed on top of it). Its number is that of Lei nº 605/1949, art. 9º
# (:data:`calculators.acts.lei_605_1949.HOLIDAY_TIMES`). Its address is the registry's
# (data/atos.yaml, tst-sumula-146): formed by the pattern of the TST's pages of súmulas, never
# opened from here; the text was read in copies kept by others.
SUMULA_146_URL = "https://www3.tst.jus.br/jurisprudencia/Sumulas_com_indice/Sumulas_Ind_101_150.html#SUM-146"
SUMULA_146 = Provision(
    "tst-sumula-146", "sumula", "TST, Súmula nº 146", SUMULA_146_URL, "2026-12-02",
    "na ementa de um acórdão do TST que a transcreve, numa cópia publicada por jusbrasil.com.br; "
    "a página do TST não pôde ser aberta",
)

# Súmula nº 423: in turnos ininterruptos de revezamento, a day longer than 6 hours and no longer
# than 8, fixed by regular collective bargaining, makes the 7th and 8th hours not overtime. The
# site reads it as the cap of what an agreement may do to the 6 hours of CF/88, art. 7º, XIV:
# today's minimum never counts from a shift limit above 8 hours (dev/calculators.md, «Turnos
# com acordo»). Its address is the registry's (data/atos.yaml, tst-sumula-423), formed by the
# pattern of the TST's pages of súmulas and never opened from here.
SUMULA_423_URL = "https://www3.tst.jus.br/jurisprudencia/Sumulas_com_indice/Sumulas_Ind_401_450.html#SUM-423"
SUMULA_423 = Provision(
    "tst-sumula-423", "sumula", "TST, Súmula nº 423", SUMULA_423_URL, "2026-12-03",
    "numa cópia do texto publicada por jurishand.com; a página do TST não pôde ser aberta",
)
