"""What the law says today on the subjects of the 1965 calculators (editorial layer), by name.

Lei nº 4.860/1965 is compared with the rules that later law and the courts fixed. Each rule of
today that a calculator declares (its provision, in :mod:`calculators.acts`) names the «Hoje» claim
that states it (:data:`CLAIMS`: its ``id`` in ``data/hoje/``, never its place in a list). The words,
the sources and the check of each claim live there once; the calculators' «O que vale hoje» box
shows them by that id, and the build stops if an id is missing (``macros/data/references.py``).
Nothing here is statute text of this edition, and none of it is legal advice: a collective
agreement may give more.

- Constituição Federal de 1988, art. 7º, XIII (:data:`CF_WORKING_TIME`), XIV (:data:`CF_SHIFTS`)
  and XVI (:data:`CF_OVERTIME`);
- CLT, art. 64 (:data:`CLT_64`): the monthly divisor;
- TST, Orientação Jurisprudencial nº 60 da SBDI-1, item II (:data:`OJ_60`), and the night
  additional in the base of night overtime (:data:`NIGHT_IN_BASE`);
- Lei nº 605/1949, art. 9º (:data:`LEI_605_HOLIDAY`) and TST, Súmula nº 146 (:data:`SUMULA_146`):
  the holiday worked without another day off, one claim for both;
- TST, Súmula nº 423 (:data:`SUMULA_423`): in turnos ininterruptos de revezamento, collective
  bargaining may fix a day above 6 hours and up to 8; then the 7th and 8th are not overtime.

Lei nº 4.511/1964, art. 1º, § 1º (:data:`LEI_4511`, the abolished centavo) is a rule of the 1965
values, not of today: it names no claim and is never shown under «O que vale hoje».
"""

from collections.abc import Mapping
from types import MappingProxyType

from ..acts.cf_1988 import CF_OVERTIME, CF_SHIFTS, CF_WORKING_TIME
from ..acts.clt import CLT_64
from ..acts.lei_605_1949 import LEI_605_HOLIDAY
from ..acts.lei_4511_1964 import LEI_4511
from ..acts.tst import NIGHT_IN_BASE, OJ_60, SUMULA_146, SUMULA_423

__all__ = (
    "AGREEMENT_NOTE",
    "CF_OVERTIME",
    "CF_SHIFTS",
    "CF_WORKING_TIME",
    "CLAIMS",
    "CLT_64",
    "LEI_605_HOLIDAY",
    "LEI_4511",
    "NIGHT_IN_BASE",
    "OJ_60",
    "SUMULA_146",
    "SUMULA_423",
    "TODAY_REFS",
    "WHO_NOTE",
)

# The «Hoje» claim (data/hoje/) that states each rule of today the calculators declare.
CLAIMS: Mapping[str, str] = MappingProxyType({
    CF_WORKING_TIME.ref: "cf-art7-xiii-jornada",
    CF_OVERTIME.ref: "cf-art7-xvi-hora-extra",
    CF_SHIFTS.ref: "cf-art7-xiv-turnos",
    CLT_64.ref: "clt-art64-divisor",
    OJ_60.ref: "tst-oj60-ii-salario-basico",
    NIGHT_IN_BASE.ref: "tst-e-rr-1260-noturno-na-base",
    LEI_605_HOLIDAY.ref: "tst-sumula-146-feriado-em-dobro",
    SUMULA_146.ref: "tst-sumula-146-feriado-em-dobro",
    SUMULA_423.ref: "tst-sumula-423-turnos-ate-8-horas",
})

# The declared provisions that are law today (LEI_4511, a rule of the 1965 values, is not).
TODAY_REFS = frozenset(CLAIMS)

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
