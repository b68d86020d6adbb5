"""Lei nº 4.860 of 26 Nov 1965, Chapter I (working periods and overtime): the numbers its rules
use. Each carries its provision and, in ``words``, the provision's own words that state it
(checked against the statute's text by ``tests/test_parameters_text.py``); a reading says so in
its description. The act's date and title come from ``data/statutes/lei-4860-1965.yaml``."""

from decimal import Decimal

from ..core.parameters import CLOCK, DAYS, MINUTES, PERCENT, Parameter
from ..core.provisions import Provision

SLUG = "lei-4860-1965"  # the act's page, its data files and its provisions' statute


def provision(provision_id: str) -> Provision:
    """A provision of this act, by its LexML id."""
    return Provision(SLUG, provision_id)


# Art. 4º, § 1º: the service periods.
DAY_START_AT = Parameter(
    "day_period_start", 420, CLOCK, provision("art4_par1"),
    "Início do período diurno (e fim do noturno)", words="diurno, entre 7 (sete)",
)
NIGHT_START_AT = Parameter(
    "night_period_start", 1140, CLOCK, provision("art4_par1"),
    "Início do período noturno (e fim do diurno)", words="e noturno, entre 19 (dezenove)",
)

HOUR_MINUTES = Parameter(
    "hour_minutes", 60, MINUTES, provision("art4_par1"),
    "Duração da hora de trabalho, de dia ou de noite (sem hora noturna reduzida)",
    words="é de 60 (sessenta) minutos",
)

# Art. 5º: the two turnos of capatazia.
TURNO = Parameter(
    "turno_minutes", 240, MINUTES, provision("art5_cpt"),
    "Duração de cada um dos dois turnos de um período (capatazia)",
    words="2 (dois) turnos de 4 (quatro) horas",
)
MAX_BREAK = Parameter(
    "max_break_minutes", 120, MINUTES, provision("art5_cpt"),
    "Intervalo máximo entre os dois turnos, para refeição e descanso (capatazia)",
    words="um intervalo de até 2 (duas) horas",
)

# Art. 7º: ordinary hours, rest, overtime premiums.
DAY_ORDINARY = Parameter(
    "day_ordinary_minutes", 480, MINUTES, provision("art7_cpt"),
    "Horas ordinárias por dia", words="até 8 (oito) horas ordinárias por dia",
)
WEEK_ORDINARY = Parameter(
    "week_ordinary_minutes", 2880, MINUTES, provision("art7_cpt"),
    "Horas ordinárias por semana",
    words="até 48 (quarenta e oito) horas de trabalho ordinário por semana",
)
WEEK_OFFICE = Parameter(
    "week_office_minutes", 2640, MINUTES, provision("art7_par1"),
    "Horas ordinárias por semana no Escritório Central",
    words="reduzido para até 44 (quarenta e quatro) horas",
)
WEEKDAYS_BEFORE_SATURDAY = Parameter(
    "weekdays_before_saturday", 5, DAYS, provision("art7_par3"),
    "Dias de 8 horas antes do sábado (leitura adotada: a parte do sábado é o limite da semana "
    "menos esses dias)",
)
MIN_REST = Parameter(
    "min_rest_minutes", 660, MINUTES, provision("art7_par4"),
    "Descanso mínimo, em horas seguidas, entre dois períodos de trabalho",
    words="11 (onze) horas consecutivas para descanso",
)
FIRST_EXTENSION_MINUTES = Parameter(
    "first_extension_minutes", Decimal(120), MINUTES, provision("art7_par5_ali1"),
    "Horas de prorrogação de cada período com o acréscimo menor",
    words="para as duas primeiras horas de prorrogação",
)
RATE_FIRST = Parameter(
    "rate_first_extension", Decimal("0.20"), PERCENT, provision("art7_par5_ali1"),
    "Acréscimo das duas primeiras horas de prorrogação de cada período",
    words="20% (vinte por cento)",
)
RATE_BEYOND = Parameter(
    "rate_other_extension", Decimal("0.50"), PERCENT, provision("art7_par5_ali2"),
    "Acréscimo das demais horas de prorrogação", words="50% (cinqüenta por cento)",
)
RATE_MEAL = Parameter(
    "rate_meal", Decimal("1.00"), PERCENT, provision("art7_par5_ali3"),
    "Acréscimo das horas trabalhadas na refeição", words="100% (cem por cento)",
)
WEEKLY_REST_DAYS = Parameter(
    "weekly_rest_days", 1, DAYS, provision("art7_par6"),
    "Dias de descanso por semana", words="1 (um) dia de descanso semanal remunerado",
)
RATE_HOLIDAY = Parameter(
    "rate_holiday", Decimal("1.00"), PERCENT, provision("art7_par7"),
    "Acréscimo do trabalho em feriado sem outro dia de folga",
    words="um acréscimo salarial de 100% (cem por cento)",
)

