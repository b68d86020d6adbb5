"""What the law says today on the subjects of the 1965 calculators (editorial layer).

Lei nº 4.860/1965 is compared with the rules that later law and the courts fixed. Each rule is
stated in the project's own words; its provision points to the official publication and says
when that publication was last checked (:data:`VERIFIED`). Nothing here is statute text of
this edition, and none of it is legal advice: a collective agreement may give more.

- Constituição Federal de 1988, art. 7º, XIII (:data:`CF_WORKING_TIME`): normal work of at
  most 8 hours a day and 44 a week; compensation of hours by agreement is allowed.
- Constituição Federal de 1988, art. 7º, XVI (:data:`CF_OVERTIME`): overtime paid at least
  50% above the normal hour.
- TST, Orientação Jurisprudencial nº 60 da SBDI-1, item II (:data:`OJ_60`): port workers'
  overtime is computed on the basic salary, without the risk and productivity additionals (the
  OJ is silent on the night additional).
- Lei nº 4.511/1964, art. 1º, § 1º (:data:`LEI_4511`): the centavo was abolished, so the
  cruzeiros of November 1965 were whole cruzeiros.
"""

from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType

from ..core.parameters import MINUTES, PERCENT, Parameter
from ..core.provisions import Provision

VERIFIED = "2026-11-30"
VERIFIED_TEXT = "30/11/2026"

CONSTITUTION_URL = "https://www.planalto.gov.br/ccivil_03/constituicao/constituicao.htm"
TST_OJ_60_URL = "https://www3.tst.jus.br/jurisprudencia/OJ_SDI_1/n_s1_041.htm#TEMA60"
LEI_4511_URL = "https://www.planalto.gov.br/ccivil_03/leis/1950-1969/L4511.htm"

CF_WORKING_TIME = Provision(
    "cf-1988", "art7_inc13", "Constituição Federal de 1988, art. 7º, XIII", CONSTITUTION_URL,
    VERIFIED,
)
CF_OVERTIME = Provision(
    "cf-1988", "art7_inc16", "Constituição Federal de 1988, art. 7º, XVI", CONSTITUTION_URL,
    VERIFIED,
)
OJ_60 = Provision(
    "tst-oj-sbdi1", "oj60_ite2", "TST, Orientação Jurisprudencial nº 60 da SBDI-1, item II",
    TST_OJ_60_URL, VERIFIED,
)
LEI_4511 = Provision(
    "lei-4511-1964", "art1_par1", "Lei nº 4.511/1964, art. 1º, § 1º", LEI_4511_URL, VERIFIED,
)

# The rules, as numbers (each declared once with its provision; the rules use ``.value``).
CONSTITUTION_DATE = "1988-10-05"
MIN_OVERTIME_RATE = Parameter(
    "min_overtime_rate", Decimal("0.50"), PERCENT, CF_OVERTIME,
    "Acréscimo mínimo de hoje sobre a hora normal, por hora extraordinária",
    start=CONSTITUTION_DATE, today=True,
)
DAY_LIMIT_MINUTES = Parameter(
    "day_limit_today", 480, MINUTES, CF_WORKING_TIME,
    "Limite de hoje do trabalho normal por dia", start=CONSTITUTION_DATE, today=True,
)
WEEK_LIMIT_MINUTES = Parameter(
    "week_limit_today", 2640, MINUTES, CF_WORKING_TIME,
    "Limite de hoje do trabalho normal por semana", start=CONSTITUTION_DATE, today=True,
)

# One sentence each, in the project's own words (shown on the pages with link and date).
STATEMENTS: Mapping[str, str] = MappingProxyType({
    CF_WORKING_TIME.ref: (
        "Desde 5 de outubro de 1988, a Constituição limita o trabalho normal a 8 horas por dia "
        "e 44 por semana; a compensação de horários é permitida por acordo ou convenção "
        "coletiva."
    ),
    CF_OVERTIME.ref: (
        "Desde 5 de outubro de 1988, a hora extraordinária vale no mínimo 50% a mais que a "
        "hora normal; os 20% da Lei nº 4.860/1965 para as duas primeiras horas de prorrogação "
        "ficaram abaixo desse mínimo."
    ),
    OJ_60.ref: (
        "Para o portuário, os adicionais de risco e de produtividade não entram no cálculo das "
        "horas extras: conta o salário básico. A orientação não trata do adicional noturno."
    ),
    LEI_4511.ref: (
        "Em 1964 o centavo deixou de existir: os valores em cruzeiros de novembro de 1965 eram "
        "números inteiros de cruzeiros."
    ),
})

# The rules above that are law today. LEI_4511 is a rule of 1964 (the currency of the 1965
# values): it is stated where the 1965 values are explained, never under «O que vale hoje».
TODAY_REFS = frozenset({CF_WORKING_TIME.ref, CF_OVERTIME.ref, OJ_60.ref})

# Lei nº 4.860/1965, art. 19: its rules are for the staff of the organised ports' administrations.
WHO_NOTE = (
    "A Lei nº 4.860/1965 vale para os empregados das administrações dos portos organizados. "
    "Para o avulso escalado pelo OGMO ou para quem trabalha num terminal privado, a resposta "
    "pode ser outra."
)

AGREEMENT_NOTE = (
    "Informação, não orientação jurídica: a convenção ou o acordo coletivo da sua categoria "
    "pode garantir mais; na dúvida, procure o sindicato, o OGMO ou um advogado."
)
