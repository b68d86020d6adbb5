"""What the law says today on the subjects of the 1965 calculators (editorial layer).

Lei nº 4.860/1965 is compared with the rules that later law and the courts fixed. Each rule is
stated in the project's own words; its provision points to the official publication and says
when that publication was last checked. The provisions and their numbers live with their acts
(:mod:`calculators.acts`); this module holds the sentences. Nothing here is statute text of
this edition, and none of it is legal advice: a collective agreement may give more.

- Constituição Federal de 1988, art. 7º, XIII (:data:`CF_WORKING_TIME`): normal work of at
  most 8 hours a day and 44 a week; compensation of hours by agreement is allowed.
- Constituição Federal de 1988, art. 7º, XVI (:data:`CF_OVERTIME`): overtime paid at least
  50% above the normal hour.
- Constituição Federal de 1988, art. 7º, XIV (:data:`CF_SHIFTS`): 6 hours a day in turnos
  ininterruptos de revezamento, unless collective bargaining sets otherwise.
- CLT, art. 64 (:data:`CLT_64`): the monthly divisor from the weekly hours (220 for 44 hours).
- TST, Orientação Jurisprudencial nº 60 da SBDI-1, item II (:data:`OJ_60`): port workers'
  overtime is computed on the basic salary, without the risk and productivity additionals;
  the night additional does enter the base of night overtime (:data:`NIGHT_IN_BASE`: TST,
  SBDI-1, E-RR-1260-79.2011.5.08.0002, 2016; OJ nº 97 prevails).
- Lei nº 605/1949, art. 9º (:data:`LEI_605_HOLIDAY`): the holiday worked without another day off
  is paid in double; TST, Súmula nº 146 (:data:`SUMULA_146`): on top of the rest day's pay.
- TST, Súmula nº 423 (:data:`SUMULA_423`): in turnos ininterruptos de revezamento, collective
  bargaining may fix a day above 6 hours and up to 8; then the 7th and 8th are not overtime.
- Lei nº 4.511/1964, art. 1º, § 1º (:data:`LEI_4511`): the centavo was abolished, so the
  cruzeiros of November 1965 were whole cruzeiros.
"""

from collections.abc import Mapping
from types import MappingProxyType

from ..acts.cf_1988 import (
    CF_OVERTIME,
    CF_SHIFTS,
    CF_WORKING_TIME,
    DAY_LIMIT_MINUTES,
    MIN_OVERTIME_RATE,
    SHIFT_DAY_LIMIT_MINUTES,
    SHIFT_WEEK_LIMIT_MINUTES,
    WEEK_LIMIT_MINUTES,
)
from ..acts.clt import CLT_64, MONTH_DAYS
from ..acts.lei_605_1949 import LEI_605_HOLIDAY
from ..acts.lei_4511_1964 import LEI_4511
from ..acts.lei_4860_1965 import RATE_FIRST
from ..acts.tst import NIGHT_IN_BASE, OJ_60, SUMULA_146, SUMULA_423
from ..core.parameters import example

__all__ = (
    "AGREEMENT_NOTE",
    "CF_OVERTIME",
    "CF_SHIFTS",
    "CF_WORKING_TIME",
    "CLT_64",
    "DAY_LIMIT_MINUTES",
    "LEI_605_HOLIDAY",
    "LEI_4511",
    "MIN_OVERTIME_RATE",
    "NIGHT_IN_BASE",
    "OJ_60",
    "STATEMENTS",
    "SUMULA_146",
    "SUMULA_423",
    "TODAY_REFS",
    "WEEK_LIMIT_MINUTES",
    "WHO_NOTE",
)

# One sentence each, in the project's own words (shown on the pages with link and date).
STATEMENTS: Mapping[str, str] = MappingProxyType({
    CF_WORKING_TIME.ref: (
        "Desde 5 de outubro de 1988, a Constituição limita o trabalho normal a 8 horas por dia "
        "e 44 por semana; a compensação de horários é permitida por acordo ou convenção "
        "coletiva."
    ),
    CF_OVERTIME.ref: (
        f"Desde 5 de outubro de 1988, a hora extraordinária vale no mínimo "
        f"{MIN_OVERTIME_RATE.formatted} a mais que a hora normal; os {RATE_FIRST.formatted} da Lei "
        "nº 4.860/1965 para as duas primeiras horas de prorrogação ficaram abaixo desse mínimo."
    ),
    OJ_60.ref: (
        "Para o portuário, os adicionais de risco e de produtividade não entram no cálculo das "
        "horas extras: conta o salário básico."
    ),
    NIGHT_IN_BASE.ref: (
        "O adicional noturno, porém, entra na base das horas extras feitas à noite: foi o que "
        "decidiu em 2016, por maioria, a seção do TST que uniformiza a jurisprudência, para um "
        "trabalhador portuário (vale a Orientação nº 97, e não o item II da nº 60)."
    ),
    CF_SHIFTS.ref: (
        f"Desde 5 de outubro de 1988, quem trabalha em turnos ininterruptos de revezamento tem "
        f"jornada de {SHIFT_DAY_LIMIT_MINUTES.formatted}, salvo negociação coletiva; sem outro "
        f"limite negociado, a semana desses turnos é de {SHIFT_WEEK_LIMIT_MINUTES.formatted}."
    ),
    SUMULA_423.ref: (
        f"Para o TST, nos turnos ininterruptos de revezamento a negociação coletiva pode fixar a "
        f"jornada acima de {SHIFT_DAY_LIMIT_MINUTES.formatted} e até {DAY_LIMIT_MINUTES.formatted} "
        "por dia; então a 7ª e a 8ª hora não são pagas como extras (Súmula nº 423). Um acordo "
        "individual não basta: a Constituição fala em negociação coletiva."
    ),
    CLT_64.ref: (
        f"O salário-hora do mensalista é o salário do mês dividido por {MONTH_DAYS.number} vezes "
        f"as horas do dia de trabalho normal; com a semana de {WEEK_LIMIT_MINUTES.formatted}, o "
        "divisor usual é 220 " + example("(200 para 40 horas).")
    ),
    LEI_605_HOLIDAY.ref: (
        "Desde 1949, o trabalho num feriado em que a atividade não pode parar é pago em dobro, "
        "salvo se o empregador der outro dia de folga."
    ),
    SUMULA_146.ref: (
        "Para o TST, o trabalho em domingo ou feriado, não compensado, é pago em dobro, além do "
        "pagamento do dia de descanso: para quem recebe por mês, o dobro vem a mais que o "
        "salário, e não só o acréscimo."
    ),
    LEI_4511.ref: (
        "Em 1964 o centavo deixou de existir: os valores em cruzeiros de novembro de 1965 eram "
        "números inteiros de cruzeiros."
    ),
})

# The rules above that are law today. LEI_4511 is a rule of 1964 (the currency of the 1965
# values): it is stated where the 1965 values are explained, never under «O que vale hoje».
TODAY_REFS = frozenset({CF_WORKING_TIME.ref, CF_OVERTIME.ref, CF_SHIFTS.ref, CLT_64.ref, OJ_60.ref,
                        NIGHT_IN_BASE.ref, LEI_605_HOLIDAY.ref, SUMULA_146.ref, SUMULA_423.ref})

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
