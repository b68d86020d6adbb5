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
