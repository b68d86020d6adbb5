"""Decreto-Lei nº 3.844 of 20 Nov 1941 (capatazias): the numbers its rules use.

Each number carries the provision that fixes it and, in ``words``, the provision's own words
that state it (checked against the statute's text by ``tests/test_parameters_text.py``). A
number the text does not print (a reading) says so in its description. The act's date and
title come from ``data/statutes/decreto-lei-3844-1941.yaml``, never from here.
"""

from decimal import Decimal

from ..core.parameters import MINUTES, PERCENT, QUOTAS, TIMES, TONNES, Parameter
from ..core.provisions import Provision

SLUG = "decreto-lei-3844-1941"  # the act's page, its data files and its provisions' statute


def provision(provision_id: str) -> Provision:
    """A provision of this act, by its LexML id."""
    return Provision(SLUG, provision_id)


# Art. 4º, caput: the quotas of the product of a terno.
QUOTA_TRABALHADOR = Parameter(
    "quota_trabalhador", Decimal("1"), QUOTAS, provision("art4_cpt"),
    "Quota de cada trabalhador", words="uma quota, para cada trabalhador",
)
QUOTA_MOTORISTA_INTERNO = Parameter(
    "quota_motorista_interno", Decimal("1"), QUOTAS, provision("art4_cpt"),
    "Quota de cada motorista interno do armazém",
    words="uma para cada motorista interno do armazem",
)
QUOTA_FEITOR = Parameter(
    "quota_feitor", Decimal("1.5"), QUOTAS, provision("art4_cpt"),
    "Quota de cada feitor", words="uma e meia para o feitor",
)
QUOTA_AJUDANTE_FEITOR = Parameter(
    "quota_ajudante_feitor", Decimal("1.25"), QUOTAS, provision("art4_cpt"),
    "Quota de cada ajudante de feitor", words="uma e um quarto para o ajudante de feitor",
)
QUOTA_MOTORISTA_GUINDASTE = Parameter(
    "quota_motorista_guindaste", Decimal("1.5"), QUOTAS, provision("art4_cpt"),
    "Quota de cada motorista de guindaste de cais",
    words="uma e meia para cada motorista de guindaste de cais",
)
QUOTA_CONFERENTE = Parameter(
    "quota_conferente", Decimal("1.5"), QUOTAS, provision("art4_cpt"),
    "Quota de cada conferente", words="uma e meia para cada conferente",
)

# The model table's observations d), e) and f): surcharges on rate nº 2.
SURCHARGE_D = Parameter(
    "surcharge_d", Decimal("0.25"), PERCENT, provision("anx1_ali4"),
    "Majoração da taxa: explosivos ou carga deteriorada com mau cheiro (observação d)",
    words="com a majoração de 25%",
)
SURCHARGE_E = Parameter(
    "surcharge_e", Decimal("0.25"), PERCENT, provision("anx1_ali5"),
    "Majoração da taxa: cal, cimento, couros secos, enxofre, potassa, sangue, chifres, ossos, "
    "trilhos e ferro (observação e)",
    words="com a majoração de 25 %",
)
SURCHARGE_F = Parameter(
    "surcharge_f", Decimal("0.50"), PERCENT, provision("anx1_ali6"),
    "Majoração da taxa: couros verdes em salmoura (observação f)",
    words="com a majoração de 50 %",
)

# Art. 4º, §§ 2º–5º: waiting, stoppages, the half day and the tonnage.
WAITING_SHARE = Parameter(
    "waiting_share", Decimal("0.5"), PERCENT, provision("art4_par2"),
    "Parte do salário paga pelo tempo de espera (atraso no início, chuva, agitação das águas)",
    words="a metade dos salários",
)
STOPPAGE_THRESHOLD = Parameter(
    "stoppage_threshold_minutes", 20, MINUTES, provision("art4_par3"),
    "Paralisação por falta de terceiros: salário integral só quando passa deste tempo seguido",
    words="por mais de vinte minutos consecutivos",
)
HALF_DAY_MINUTES = Parameter(
    "half_day_minutes", 240, MINUTES, provision("art4_par4"),
    "Meio dia de trabalho (leitura adotada: um turno de 4 horas do art. 7º)",
)
TONNAGE_THRESHOLD = Parameter(
    "tonnage_threshold", Decimal(30), TONNES, provision("art4_par5"),
    "Com mais de meio dia de serviço, paga-se por horas quando a turma passa desta quantidade",
    words="a 30 toneladas",
)

# Art. 7º, caput and § 2º; art. 8º: the day, the meal break, its pay and the shipowner's charge.
DAY_MINUTES = Parameter(
    "day_minutes", 480, MINUTES, provision("art7_cpt"),
    "Duração do dia (ou da noite) de trabalho, em horas de 60 minutos",
    words="a duração de oito horas",
)
HOUR_MINUTES = Parameter(
    "hour_minutes_1941", 60, MINUTES, provision("art7_cpt"),
    "Duração de cada hora do dia (ou da noite) de trabalho", words="de sessenta minutos",
)
# The day's hours, for the hourly wage shown beside the daily one.
DAY_HOURS = DAY_MINUTES.value // 60
MEAL_BREAK_MIN = Parameter(
    "meal_break_min_minutes", 60, MINUTES, provision("art7_cpt"),
    "Intervalo mínimo para refeição e repouso", words="intervalo de uma a uma e meia hora",
)
MEAL_BREAK_MAX = Parameter(
    "meal_break_max_minutes", 90, MINUTES, provision("art7_cpt"),
    "Intervalo máximo para refeição e repouso", words="intervalo de uma a uma e meia hora",
)
MEAL_SUPPLEMENT = Parameter(
    "meal_supplement_times", 2, TIMES, provision("art7_par2"),
    "Suplemento pelo trabalho na refeição, sobre o salário da duração da refeição",
    words="o dobro do salário correspondente à duração da refeição",
)
SHIPOWNER_SURCHARGE = Parameter(
    "shipowner_surcharge", Decimal("0.10"), PERCENT, provision("art8_cpt"),
    "Acréscimo sobre as despesas extraordinárias debitadas ao armador",
    words="acrescida de dez por cento a despesa",
)
