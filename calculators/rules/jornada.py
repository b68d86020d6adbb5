"""A week of work periods checked against Lei nº 4.860/1965, arts. 4º, 5º and 7º.

- Art. 4º, § 1º (``art4_par1``): the daytime period runs from 07:00 to 19:00 and the night
  period from 19:00 to 07:00 of the next day; every hour, day or night, has 60 minutes.
- Art. 5º (``art5_cpt``): for capatazia, each period has two 4-hour turnos separated by a break
  of up to 2 hours for meal and rest, completed by extensions within the period.
- Art. 7º, caput (``art7_cpt``): up to 8 ordinary hours a day and 48 a week; hours beyond are
  extensions (prorrogações). § 1º (``art7_par1``): 44 a week for the Escritório Central.
  § 2º (``art7_par2``): work in the meal hours is extraordinary service.
- § 3º (``art7_par3``): the technical and administrative staff's Saturday, reduced or
  suppressed and compensated by equivalent hours during the week, is not overtime: the
  compensation hours (up to the Saturday's ordinary hours, the weekly limit minus five days
  of 8 hours: 8 h in a 48-hour week, 4 h in a 44-hour week, less any ordinary hours worked on
  Saturday) count as ordinary on the other days.
- § 4º (``art7_par4``): at least 11 consecutive hours of rest between two periods.
- § 6º (``art7_par6``): one weekly rest day.

Today (:mod:`calculators.acts.cf_1988`): beside the 1965 limits the result shows which hours of
the week would be overtime by today's limits: 8 hours a day and 44 a week (CF/88, art. 7º,
XIII); in turnos ininterruptos de revezamento 6 hours a day and 36 a week (XIV). With a
shift limit typed from an agreement above 6 hours, today's minimum counts past 8 and 44, the
most a collective agreement may fix for the turnos (TST, Súmula nº 423), and beside it stand the
hours past the agreement's limit «if it is a valid collective one» and those past 6 and 36
«without a valid collective agreement». Today's hours, and how many of them fall between 19:00
and 07:00 (the last hours of each period are the overtime ones), are handed to ``horas_extras``
with the 1965 extensions, in today's values.

Reading adopted: the hours of a period count for the day on which it starts; a rest day is a
calendar day of the week without any work; every hour worked in a holiday period (its 1965
extensions too) is passed on to ``horas_extras`` as holiday hours, and left out of today's
week. With them goes how many of them pass today's daily limit (the holiday periods of a day
summed): with another day off the holiday is an ordinary working day and those hours are
overtime; ``horas_extras``, where the day off is told, counts them only then (issue 26).
"""

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from itertools import pairwise
from types import MappingProxyType

from ..acts.cf_1988 import (
    CF_SHIFTS,
    CF_WORKING_TIME,
    DAY_LIMIT_MINUTES,
    SHIFT_DAY_LIMIT_MINUTES,
    SHIFT_WEEK_LIMIT_MINUTES,
    WEEK_LIMIT_MINUTES,
)
from ..acts.lei_605_1949 import LEI_605_HOLIDAY
from ..acts.lei_4860_1965 import (
    DAY_ORDINARY,
    DAY_START_AT,
    HOUR_MINUTES,
    MAX_BREAK,
    MIN_REST,
    NIGHT_START_AT,
    TURNO,
    WEEK_OFFICE,
    WEEK_ORDINARY,
    WEEKDAYS_BEFORE_SATURDAY,
    WEEKLY_REST_DAYS,
)
from ..acts.lei_4860_1965 import SLUG as LEI_1965
from ..acts.lei_4860_1965 import provision as lei1965
from ..acts.tst import SUMULA_423
from ..core.durations import format_hours, hours_text
from ..core.fields import Field, ParsedInputs
from ..core.money import Currency
from ..core.parameters import AnyParameter
from ..core.parsing import FieldError, InputError
from ..core.provisions import Provision
from ..core.result import ResultBuilder
from ..core.spec import CalculatorSpec, Data
from .today import AGREEMENT_NOTE

CURRENCY = Currency.CRUZEIRO
PARAMETERS: tuple[AnyParameter, ...] = (
    DAY_START_AT, NIGHT_START_AT, HOUR_MINUTES, TURNO, MAX_BREAK, DAY_ORDINARY, WEEK_ORDINARY, WEEK_OFFICE,
    WEEKDAYS_BEFORE_SATURDAY, MIN_REST, WEEKLY_REST_DAYS, DAY_LIMIT_MINUTES, WEEK_LIMIT_MINUTES,
    SHIFT_DAY_LIMIT_MINUTES, SHIFT_WEEK_LIMIT_MINUTES,
)
# Python's number of Saturday in ``date.weekday()`` (Monday is 0): a calendar fact, not law.
SATURDAY = 5
# Days of a calendar week: the span of the periods one check takes (not a number of the law).
WEEK_DAYS = 7
DAY_START = time(*divmod(DAY_START_AT.value, 60))
NIGHT_START = time(*divmod(NIGHT_START_AT.value, 60))

PERIOD_FIELDS: tuple[Field, ...] = (
    Field("data", "Data", "date", "Dia em que o período começa: 04/03/2024, 4/3/24 ou 040324.",
          placeholder="ex.: 4/3/24"),
    Field("inicio", "Início", "time", "Hora de início: 07:00, 0700, 7, 7h ou 7h30.",
          placeholder="ex.: 7 ou 07:00"),
    Field(
        "fim",
        "Fim",
        "time",
        "Hora de fim (19h, 1900, 19:00); se for menor que o início, o período termina no dia "
        "seguinte.",
        placeholder="ex.: 17 ou 17:00",
    ),
    Field(
        "intervalo_inicio",
        "Início do intervalo",
        "time",
        "Início do intervalo para refeição e descanso (em branco se não houve).",
        required=False,
        placeholder="ex.: 11",
    ),
    Field(
        "intervalo_fim",
        "Fim do intervalo",
        "time",
        "Fim do intervalo para refeição e descanso.",
        required=False,
        placeholder="ex.: 12",
    ),
    Field(
        "trabalhou_intervalo",
        "Trabalhou durante o intervalo",
        "boolean",
        "Marque se houve serviço nas horas de refeição (serviço extraordinário, art. 7º, § 2º).",
        default=False,
    ),
    Field(
        "feriado",
        "Feriado",
        "boolean",
        "Marque se o período foi num feriado legal (art. 7º, § 7º).",
        default=False,
    ),
)

FIELDS: tuple[Field, ...] = (
    Field(
        "escritorio_central",
        "Lotado no Escritório Central",
        "boolean",
        "O pessoal do Escritório Central tem limite de 44 horas ordinárias por semana "
        "(art. 7º, § 1º).",
        default=False,
    ),
    Field(
        "sabado_compensado",
        "Sábado reduzido ou suprimido e compensado na semana",
        "boolean",
        "Pessoal técnico e administrativo: quando a administração reduz ou suprime o trabalho "
        "do sábado e ele é compensado em horas equivalentes durante a semana, essas horas não "
        "são serviço extraordinário (art. 7º, § 3º).",
        default=False,
    ),
    Field(
        "capatazia",
        "Serviço de capatazia",
        "boolean",
        "Na capatazia cada período tem dois turnos de 4 horas separados por intervalo de até "
        "2 horas (art. 5º).",
        default=True,
    ),
    Field(
        "turnos_revezamento",
        "Trabalho em turnos ininterruptos de revezamento",
        "boolean",
        "Hoje, quem trabalha em turnos que se revezam sem parar (de dia, de tarde, de noite) tem "
        "jornada de 6 horas, salvo negociação coletiva (Constituição, art. 7º, XIV): as horas "
        "além da 6ª contam como extras hoje.",
        default=False,
    ),
    Field(
        "limite_acordo_turnos",
        "Limite por dia fixado no seu acordo para os turnos",
        "duration",
        "Se o seu acordo ou convenção coletiva fixou outro limite diário para os turnos de "
        "revezamento (ex.: 8:00), escreva-o: o resultado mostra, ao lado do mínimo de hoje, as "
        "horas por esse limite, se o acordo for válido, e as horas sem acordo válido. Em branco, "
        "valem as 6 horas da Constituição.",
        unit="h",
        required=False,
        minimum="1",
        maximum="12",
        placeholder="ex.: 8:00",
    ),
    Field(
        "periodos",
        "Períodos de trabalho da semana",
        "list",
        f"Um item por período de serviço, dentro de uma mesma semana ({WEEK_DAYS} dias).",
        min_items=1,
        max_items=14,
        item_fields=PERIOD_FIELDS,
        item_noun="Período",
    ),
)


@dataclass(frozen=True)
class Period:
    """One work period placed in time."""

    number: int
    start: datetime
    end: datetime
    break_start: datetime | None
    break_end: datetime | None
    worked_break: bool
    holiday: bool

    @property
    def day(self) -> date:
        """The day the period counts for (the day it starts)."""
        return self.start.date()

    def segments(self) -> list[tuple[datetime, datetime]]:
        """The stretches of work (the break excluded unless worked)."""
        if self.break_start is None or self.break_end is None or self.worked_break:
            return [(self.start, self.end)]
        return [(self.start, self.break_start), (self.break_end, self.end)]

    def break_minutes(self) -> int:
        """Length of the break."""
        if self.break_start is None or self.break_end is None:
            return 0
        return _minutes(self.break_end - self.break_start)

    def worked_minutes(self) -> int:
        """Work in the period, the meal hours excluded."""
        total = _minutes(self.end - self.start) - self.break_minutes()
        return total


@dataclass
class Classified:
    """The hours of one period once classified."""

    period: Period
    kind: str
    inside: bool
    ordinary: int = 0
    extension: int = 0
    meal: int = 0
    night: int = 0
    compensation: int = 0
    extension_today: int = 0
    night_today: int = 0
    extension_agreed: int = 0
    extension_plain: int = 0  # past 6 h a day and 36 a week: with no valid collective agreement
    holiday_past_today: int = 0


def _minutes(delta: timedelta) -> int:
    return int(delta.total_seconds()) // 60


def _at(day: date, minutes: int) -> datetime:
    return datetime.combine(day, time(minutes // 60, minutes % 60))


def _when(moment: datetime) -> str:
    return moment.strftime("%d/%m/%Y %H:%M")


def _build_period(number: int, item: ParsedInputs) -> Period:
    """Place a period in time, refusing impossible breaks."""
    prefix = f"periodos[{number - 1}]."
    day = item.day("data")
    start = _at(day, item.integer("inicio"))
    end = _at(day, item.integer("fim"))
    if end == start:
        raise InputError([FieldError(prefix + "fim", f"Período {number}: o fim deve ser "
                                     "diferente do início.")])
    if end < start:
        end += timedelta(days=1)
    b_start, b_end = item.optional_integer("intervalo_inicio"), item.optional_integer("intervalo_fim")
    if (b_start is None) != (b_end is None):
        missing = "intervalo_fim" if b_end is None else "intervalo_inicio"
        raise InputError([FieldError(prefix + missing, f"Período {number}: informe o início e o "
                                     "fim do intervalo, ou nenhum dos dois.")])
    break_start = break_end = None
    if b_start is not None and b_end is not None:
        break_start = _at(day, b_start)
        if break_start < start:
            break_start += timedelta(days=1)
        break_end = _at(break_start.date(), b_end)
        if break_end <= break_start:
            break_end += timedelta(days=1)
        if break_start <= start or break_end >= end:
            raise InputError([FieldError(prefix + "intervalo_inicio", f"Período {number}: o "
                                         "intervalo deve ficar dentro do período.")])
    return Period(number, start, end, break_start, break_end,
                  item.boolean("trabalhou_intervalo"), item.boolean("feriado"))


def _periods(values: ParsedInputs) -> list[Period]:
    """All periods, in time order, checked for overlaps and for fitting in one week."""
    periods = [_build_period(i, item) for i, item in enumerate(values.items("periodos"), start=1)]
    periods.sort(key=lambda p: p.start)
    errors: list[FieldError] = []
    first = periods[0].day
    for previous, current in pairwise(periods):
        if current.start < previous.end:
            errors.append(FieldError(f"periodos[{current.number - 1}].inicio",
                                     f"Período {current.number}: sobrepõe-se ao período "
                                     f"{previous.number}."))
    for period in periods:
        if (period.day - first).days >= WEEK_DAYS:
            errors.append(FieldError(f"periodos[{period.number - 1}].data",
                                     f"Período {period.number}: todos os períodos devem caber "
                                     f"numa semana de {WEEK_DAYS} dias."))
    if errors:
        raise InputError(errors)
    return periods


def _overlap(a: datetime, b: datetime, c: datetime, d: datetime) -> int:
    """Minutes common to [a, b) and [c, d)."""
    return max(0, _minutes(min(b, d) - max(a, c)))


def _window(period: Period) -> tuple[str, datetime, datetime]:
    """The service period (art. 4º, § 1º) in which the period starts."""
    day = period.day
    moment = period.start.time()
    if DAY_START <= moment < NIGHT_START:
        return "diurno", datetime.combine(day, DAY_START), datetime.combine(day, NIGHT_START)
    if moment >= NIGHT_START:
        return ("noturno", datetime.combine(day, NIGHT_START),
                datetime.combine(day + timedelta(days=1), DAY_START))
    return ("noturno", datetime.combine(day - timedelta(days=1), NIGHT_START),
            datetime.combine(day, DAY_START))


def _night_minutes(period: Period) -> int:
    """Minutes of work between 19:00 and 07:00."""
    total = 0
    for a, b in period.segments():
        for offset in (-1, 0, 1):
            day = period.day + timedelta(days=offset)
            total += _overlap(a, b, datetime.combine(day, NIGHT_START),
                              datetime.combine(day + timedelta(days=1), DAY_START))
    return total


def _night_tail(period: Period, minutes: int) -> int:
    """Minutes between 19:00 and 07:00 among the last ``minutes`` worked in the period (the hours
    beyond a limit are the last ones of the period)."""
    left = minutes
    total = 0
    for a, b in reversed(period.segments()):
        if left <= 0:
            break
        start = max(a, b - timedelta(minutes=left))
        left -= _minutes(b - start)
        for offset in (-1, 0, 1):
            day = period.day + timedelta(days=offset)
            total += _overlap(start, b, datetime.combine(day, NIGHT_START),
                              datetime.combine(day + timedelta(days=1), DAY_START))
    return total


def saturday_pool(periods: list[Period], week_cap: int) -> int:
    """Minutes of the Saturday that § 3º lets the other days compensate: the Saturday's share of
    the weekly limit (the limit minus five days of 8 hours) less what was worked on Saturday."""
    saturday_share = max(0, week_cap - WEEKDAYS_BEFORE_SATURDAY.value * DAY_ORDINARY.value)
    worked = sum(p.worked_minutes() for p in periods if p.day.weekday() == SATURDAY)
    return max(0, saturday_share - worked)


def classify(periods: list[Period], day_cap: int, week_cap: int,
             pool: int = 0) -> list[tuple[int, int, int]]:
    """(ordinary, extension, compensation) minutes of each period, in time order.

    Up to ``day_cap`` a day and ``week_cap`` a week are ordinary, counted in time order; with a
    compensated Saturday (``pool`` minutes), hours beyond the day's limit on other days are
    ordinary too, while the pool and the weekly limit last."""
    out: list[tuple[int, int, int]] = []
    per_day: dict[date, int] = {}
    week = 0
    for period in periods:
        worked = period.worked_minutes()
        day_room = max(0, day_cap - per_day.get(period.day, 0))
        week_room = max(0, week_cap - week)
        ordinary = min(worked, day_room, week_room)
        compensation = 0
        if pool and period.day.weekday() != SATURDAY:
            compensation = max(0, min(worked - ordinary, pool, week_room - ordinary))
            pool -= compensation
        ordinary += compensation
        per_day[period.day] = per_day.get(period.day, 0) + ordinary - compensation
        week += ordinary
        out.append((ordinary, worked - ordinary, compensation))
    return out


# How each kind of finding is named on the page.
SEVERITY_LABELS = MappingProxyType({
    "infracao": "Descumprimento",
    "prorrogacao": "Horas além do limite (contam como prorrogação)",
    "aviso": "Atenção",
})


class Checker:
    """Runs the checks in order and records steps and breaches."""

    def __init__(self, values: ParsedInputs, result: ResultBuilder) -> None:
        self.values = values
        self.result = result
        self.breaches: list[tuple[str, str]] = []  # (severity, message), in order
        self.periods = _periods(values)
        self.rows: list[Classified] = []

    def breach(self, code: str, severity: str, provision: Provision, message: str,
               period: int | None) -> None:
        """Record a finding: a breach (``infracao``), hours turned into extensions
        (``prorrogacao``) or a note (``aviso``), each named by :data:`SEVERITY_LABELS`."""
        self.result.finding(severity, SEVERITY_LABELS[severity], provision, message, code, period)
        self.breaches.append((severity, message))

    def service_periods(self) -> None:
        """Art. 4º, § 1º."""
        for period in self.periods:
            kind, low, high = _window(period)
            inside = low <= period.start and period.end <= high
            row = Classified(period, kind, inside, night=_night_minutes(period))
            self.rows.append(row)
            if not inside:
                self.breach("fora_do_periodo", "infracao", lei1965("art4_par1"),
                            f"Período {period.number} ({_when(period.start)} a "
                            f"{_when(period.end)}) sai do período {kind} "
                            f"({low.strftime('%H:%M')} às {high.strftime('%H:%M')}).",
                            period.number)
        days = sum(1 for r in self.rows if r.kind == "diurno")
        nights = len(self.rows) - days
        outside = sum(1 for r in self.rows if not r.inside)
        self.result.step(
            lei1965("art4_par1"),
            f"Período diurno das {DAY_START_AT.number} às {NIGHT_START_AT.number} horas e noturno "
            f"das {NIGHT_START_AT.number} às {DAY_START_AT.number} horas; hora de "
            f"{HOUR_MINUTES.formatted} em ambos.",
            {"Períodos diurnos": str(days), "Períodos noturnos": str(nights),
             "Fora dos limites": str(outside)},
        )

    def turnos(self) -> None:
        """Art. 5º (capatazia only)."""
        if not self.values.boolean("capatazia"):
            return
        long_breaks = 0
        for period in self.periods:
            minutes = period.break_minutes()
            if minutes > MAX_BREAK.value:
                long_breaks += 1
                self.breach("intervalo_longo", "infracao", lei1965("art5_cpt"),
                            f"Período {period.number}: intervalo de "
                            f"{format_hours(Decimal(minutes))}, acima do máximo de 2 horas.",
                            period.number)
            elif minutes == 0 and period.worked_minutes() > TURNO.value:
                self.breach("sem_intervalo", "aviso", lei1965("art5_cpt"),
                            f"Período {period.number}: mais de 4 horas sem intervalo entre "
                            "os turnos.", period.number)
        self.result.step(
            lei1965("art5_cpt"),
            "Capatazia: dois turnos de 4 horas separados por intervalo de até 2 horas para "
            "refeição e descanso.",
            {"Intervalos acima de 2 horas": str(long_breaks)},
        )

    def _week_cap(self) -> int:
        """The weekly limit of ordinary minutes: 44 hours in the Escritório Central (§ 1º),
        48 elsewhere (caput)."""
        office = self.values.boolean("escritorio_central")
        return (WEEK_OFFICE if office else WEEK_ORDINARY).value

    def ordinary_hours(self) -> None:
        """Art. 7º, caput and §§ 1º and 3º: 8 a day, 48 (or 44) a week, the compensated
        Saturday; the rest are extensions."""
        office = self.values.boolean("escritorio_central")
        cap = (WEEK_OFFICE if office else WEEK_ORDINARY).value
        week_provision = lei1965("art7_par1" if office else "art7_cpt")
        saturday = self.values.boolean("sabado_compensado")
        pool = saturday_pool(self.periods, cap) if saturday else 0
        per_day: dict[date, int] = {}
        week = 0
        for row, (ordinary, extension, compensation) in zip(
            self.rows, classify(self.periods, DAY_ORDINARY.value, cap, pool), strict=True
        ):
            period = row.period
            worked = period.worked_minutes()
            day_room = max(0, DAY_ORDINARY.value - per_day.get(period.day, 0))
            week_room = max(0, cap - week)
            row.ordinary, row.extension, row.compensation = ordinary, extension, compensation
            if period.worked_break:
                row.meal = period.break_minutes()
            per_day[period.day] = per_day.get(period.day, 0) + ordinary - compensation
            week += ordinary
            day_excess = worked - day_room - compensation
            if day_excess > 0 and day_room <= week_room:
                self.breach("excesso_diario", "prorrogacao", lei1965("art7_cpt"),
                            f"Período {period.number}: "
                            f"{format_hours(Decimal(day_excess))} além das 8 horas "
                            "ordinárias do dia, contadas como prorrogação.", period.number)
            if worked > week_room and week_room < day_room + compensation:
                limit = cap // 60
                self.breach("excesso_semanal", "prorrogacao", week_provision,
                            f"Período {period.number}: "
                            f"{format_hours(Decimal(min(worked, day_room + compensation) - week_room))}"
                            f" além das {limit} horas ordinárias da semana, contadas como "
                            "prorrogação.", period.number)
        ordinary = sum(r.ordinary for r in self.rows)
        extension = sum(r.extension for r in self.rows)
        shown = {"Horas ordinárias": format_hours(Decimal(ordinary)),
                 "Horas de prorrogação": format_hours(Decimal(extension))}
        self.result.step(
            lei1965("art7_cpt"),
            "Até 8 horas ordinárias por dia e 48 por semana; as horas além desses limites são "
            "prorrogações.",
            shown,
        )
        if office:
            self.result.step(
                week_provision,
                "Escritório Central: o limite semanal é de 44 horas ordinárias.",
                shown,
            )
        if saturday:
            compensated = sum(r.compensation for r in self.rows)
            self.result.step(
                lei1965("art7_par3"),
                "Pessoal técnico e administrativo: o sábado reduzido ou suprimido é compensado "
                "em horas equivalentes durante a semana, e essas horas não são serviço "
                "extraordinário.",
                {"Horas do sábado a compensar": format_hours(Decimal(pool)),
                 "Horas de compensação na semana": format_hours(Decimal(compensated))},
            )
        meal = sum(r.meal for r in self.rows)
        if meal:
            self.result.step(
                lei1965("art7_par2"),
                "Serviço nas horas destinadas à refeição e descanso: serviço extraordinário.",
                {"Horas de refeição trabalhadas": format_hours(Decimal(meal))},
            )

    def agreed_shift_limit(self) -> int | None:
        """The daily limit the worker typed from his agreement for the turnos (minutes), or
        ``None`` (no turnos, or none typed)."""
        if not self.values.boolean("turnos_revezamento"):
            return None
        agreed = self.values.optional_decimal("limite_acordo_turnos")
        return None if agreed is None else int(agreed)

    def today_limits(self) -> tuple[int, int, str]:
        """Today's limits for the minimum, from the Constitution's numbers only, never from the
        agreement's figure: 8 hours a day and 44 a week (CF/88, art. 7º, XIII); in turnos
        ininterruptos de revezamento 6 a day (XIV) and 36 a week (six days of 6), also with an
        agreed limit of 6 hours or less (it can only add hours: its own column). With an agreed
        limit above 6 hours, 8 and 44: the most a collective agreement may fix for the turnos
        (TST, Súmula nº 423; XIII), so the count holds whether or not the agreement is a valid
        collective one and whatever its figure (dev/calculators.md, «Turnos com acordo»)."""
        if not self.values.boolean("turnos_revezamento"):
            return (DAY_LIMIT_MINUTES.value, WEEK_LIMIT_MINUTES.value,
                    f"{DAY_LIMIT_MINUTES.short} por dia e {WEEK_LIMIT_MINUTES.short} por semana")
        agreed = self.agreed_shift_limit()
        if agreed is None or agreed <= SHIFT_DAY_LIMIT_MINUTES.value:
            return (SHIFT_DAY_LIMIT_MINUTES.value, SHIFT_WEEK_LIMIT_MINUTES.value,
                    f"{SHIFT_DAY_LIMIT_MINUTES.short} por dia e {SHIFT_WEEK_LIMIT_MINUTES.short} por "
                    "semana (turnos de revezamento)")
        return (DAY_LIMIT_MINUTES.value, WEEK_LIMIT_MINUTES.value,
                f"{DAY_LIMIT_MINUTES.short} por dia e {WEEK_LIMIT_MINUTES.short} por semana, o "
                "máximo que um acordo coletivo pode fixar para os turnos")

    def _classify_today(self, day_limit: int, week_limit: int) -> list[int]:
        """Minutes past ``day_limit``/``week_limit`` of each row; periods on a holiday are left
        out (today every hour of them is paid in double: Lei nº 605/1949, art. 9º)."""
        saturday = self.values.boolean("sabado_compensado")
        working = [r.period for r in self.rows if not r.period.holiday]
        pool = saturday_pool(working, week_limit) if saturday else 0
        past = iter(classify(working, day_limit, week_limit, pool)) if working else iter(())
        return [0 if r.period.holiday else next(past)[1] for r in self.rows]

    def _holiday_past(self, day_limit: int) -> list[int]:
        """Minutes of each row's holiday work past today's daily limit (``day_limit``), the
        holiday periods of a day summed in time order (the last hours are the ones past it):
        with another day off the holiday is an ordinary working day, and these hours are its
        overtime (handed to ``horas_extras``, which counts them only with the day off)."""
        per_day: dict[date, int] = {}
        out: list[int] = []
        for row in self.rows:
            if not row.period.holiday:
                out.append(0)
                continue
            before = per_day.get(row.period.day, 0)
            after = before + row.period.worked_minutes()
            per_day[row.period.day] = after
            out.append(max(0, after - day_limit) - max(0, before - day_limit))
        return out

    def today(self) -> None:
        """CF/88, art. 7º, XIII and XIV: which hours of the week are overtime today, and which
        of them fall at night (19:00 to 07:00); the agreed shift limit in its own column."""
        day_limit, week_limit, limits = self.today_limits()
        for row, extension in zip(self.rows, self._classify_today(day_limit, week_limit), strict=True):
            row.extension_today = extension
            row.night_today = _night_tail(row.period, extension)
        total = sum(r.extension_today for r in self.rows)
        where = "; ".join(f"período {r.period.number}: {format_hours(Decimal(r.extension_today))}"
                          for r in self.rows if r.extension_today) or "nenhum"
        shown = {
            "Limites de hoje": limits,
            "Horas extras pelos limites de hoje": format_hours(Decimal(total)),
            "Em que períodos": where,
        }
        self.result.step(
            CF_WORKING_TIME,
            f"Hoje o trabalho normal vai até {DAY_LIMIT_MINUTES.formatted} por dia e "
            f"{WEEK_LIMIT_MINUTES.formatted} por semana (a Constituição permite compensar horários "
            "por acordo ou convenção coletiva); o que passar disso é hora extraordinária. As "
            "horas de um período contam para o dia em que ele começa.",
            shown,
        )
        for row, past in zip(self.rows, self._holiday_past(day_limit), strict=True):
            row.holiday_past_today = past
        holiday = sum(r.period.worked_minutes() for r in self.rows if r.period.holiday)
        if holiday:
            past = sum(r.holiday_past_today for r in self.rows)
            self.result.step(
                LEI_605_HOLIDAY,
                "Os períodos em feriado ficam fora desta conta: hoje todas as horas trabalhadas "
                "no feriado sem outro dia de folga são pagas em dobro (na calculadora de horas "
                "extraordinárias, onde se diz se houve outra folga).",
                {"Horas em feriado": format_hours(Decimal(holiday))},
            )
            if past:
                self.result.step(
                    CF_WORKING_TIME,
                    f"Com outro dia de folga pelo feriado, o feriado vale como um dia normal de "
                    f"trabalho: as horas dele além do limite do dia ({format_hours(Decimal(day_limit))}) "
                    "são horas extras. Vão em campo próprio para a calculadora de horas "
                    "extraordinárias, que só as conta se houve outra folga (sem ela, todas as horas "
                    "do feriado já são pagas em dobro).",
                    {"Horas em feriado": format_hours(Decimal(holiday)),
                     "Delas, além do limite do dia": format_hours(Decimal(past))},
                )
        old = sum(r.extension for r in self.rows)
        agreed = self.agreed_shift_limit()
        plain = ""
        if agreed is not None and agreed > SHIFT_DAY_LIMIT_MINUTES.value:
            plain_past = self._classify_today(SHIFT_DAY_LIMIT_MINUTES.value, SHIFT_WEEK_LIMIT_MINUTES.value)
            for row, extension in zip(self.rows, plain_past, strict=True):
                row.extension_plain = extension
            plain = (f" Se o seu acordo não for um acordo ou convenção coletiva válida, valem as "
                     f"{SHIFT_DAY_LIMIT_MINUTES.formatted} por dia dos turnos, e seriam "
                     f"{format_hours(Decimal(sum(plain_past)))} de horas extras.")
        self.result.highlight(
            f"Pelos limites de 1965 ({DAY_ORDINARY.short} por dia, {self._week_cap() // 60} "
            f"por semana), esta semana tem {format_hours(Decimal(old))} de prorrogação. Pelos "
            f"limites de hoje ({limits}), seriam {format_hours(Decimal(total))} "
            f"de horas extras ({where}).{plain} {AGREEMENT_NOTE}"
        )
        if self.values.boolean("turnos_revezamento"):
            self._shifts(total)

    def _shifts(self, minimum: int) -> None:
        """CF/88, art. 7º, XIV: the 6-hour day and the 36-hour week; with an agreed limit, the
        agreement's column (hours past it, «if it is a valid collective one», never called
        owed) and, above 6 hours, what holds without a valid collective agreement (TST, Súmula
        nº 423: a collective agreement may fix up to 8 hours)."""
        self.result.step(
            CF_SHIFTS,
            f"Turnos ininterruptos de revezamento: hoje a jornada é de {SHIFT_DAY_LIMIT_MINUTES.formatted}, "
            f"salvo negociação coletiva; sem outro limite negociado, a semana é de "
            f"{SHIFT_WEEK_LIMIT_MINUTES.formatted} (seis dias de {SHIFT_DAY_LIMIT_MINUTES.short}). "
            f"O TST tem decidido assim para o avulso em dois turnos seguidos de "
            f"{SHIFT_DAY_LIMIT_MINUTES.short}: são extras as horas além da "
            f"{SHIFT_DAY_LIMIT_MINUTES.number}ª do dia e da {SHIFT_WEEK_LIMIT_MINUTES.number}ª da "
            "semana.",
            {"Limite do dia": format_hours(Decimal(SHIFT_DAY_LIMIT_MINUTES.value)),
             "Limite da semana": format_hours(Decimal(SHIFT_WEEK_LIMIT_MINUTES.value))},
        )
        self.result.warn(
            "Leitura adotada: somam-se todos os períodos do dia, ainda que para operadores "
            "diferentes, como decide a maior parte do TST; uma turma do TST já decidiu que só se "
            "somam os turnos feitos para o mesmo operador. Pergunte ao sindicato ou ao OGMO."
        )
        agreed = self.agreed_shift_limit()
        if agreed is None:
            return
        text = format_hours(Decimal(agreed))
        if agreed <= DAY_LIMIT_MINUTES.value:
            week = (SHIFT_WEEK_LIMIT_MINUTES if agreed <= SHIFT_DAY_LIMIT_MINUTES.value
                    else WEEK_LIMIT_MINUTES).value
            for row, extension in zip(self.rows, self._classify_today(agreed, week), strict=True):
                row.extension_agreed = extension
        hours = format_hours(Decimal(sum(r.extension_agreed for r in self.rows)))
        plain = format_hours(Decimal(sum(r.extension_plain for r in self.rows)))
        least = format_hours(Decimal(minimum))
        if agreed < SHIFT_DAY_LIMIT_MINUTES.value:
            message = (
                f"O limite de {text} por dia do seu acordo é menor que as "
                f"{SHIFT_DAY_LIMIT_MINUTES.formatted} da Constituição (art. 7º, XIV). As horas "
                f"além dele, {hours}, estão ao lado, como cálculo do seu acordo, se for válido "
                f"(confira no acordo); o mínimo de hoje conta as horas além da "
                f"{SHIFT_DAY_LIMIT_MINUTES.number}ª."
            )
            self.result.step(CF_SHIFTS, message, {"Limite do seu acordo": text,
                                                  "Horas extras por esse limite": hours})
        elif agreed == SHIFT_DAY_LIMIT_MINUTES.value:
            message = (f"O limite de {text} por dia do seu acordo é o mesmo da Constituição "
                       "(art. 7º, XIV): a conta é a mesma.")
            self.result.step(CF_SHIFTS, message, {"Limite do seu acordo": text,
                                                  "Horas extras por esse limite": hours})
        elif agreed <= DAY_LIMIT_MINUTES.value:
            message = (
                f"O seu acordo fixou {text} por dia para os turnos. Se for um acordo ou uma "
                f"convenção coletiva válida, as horas até esse limite não são extras (TST, Súmula "
                f"nº 423): seriam {hours} de horas extras, na coluna do acordo (confira no "
                f"acordo). Se não for — um acordo feito só entre você e o empregador não basta, e "
                f"há decisões do TST que desfazem o acordo quando as horas além do limite dele são "
                f"de quase toda semana —, valem as {SHIFT_DAY_LIMIT_MINUTES.formatted} da "
                f"Constituição: {plain}. O mínimo de hoje, {least}, não depende do acordo: conta "
                f"as horas além de {DAY_LIMIT_MINUTES.formatted} por dia e "
                f"{WEEK_LIMIT_MINUTES.formatted} por semana, o máximo que um acordo coletivo pode "
                "fixar."
            )
            self.result.step(SUMULA_423, message, {
                "Limite do seu acordo": text,
                "Horas extras por esse limite (se o acordo for válido)": hours,
                "Horas extras sem acordo coletivo válido": plain,
                "Mínimo de hoje": least,
            })
        else:
            message = (
                f"O limite de {text} por dia do seu acordo passa das "
                f"{DAY_LIMIT_MINUTES.formatted} que o TST admite para os turnos (Súmula nº 423). O "
                f"TST tem decidido que um acordo assim não vale, e então são extras as horas além "
                f"da {SHIFT_DAY_LIMIT_MINUTES.number}ª: {plain}. Depois da decisão do Supremo de "
                f"2022 sobre acordos coletivos (Tema 1.046), algumas turmas do TST aceitaram mais "
                f"de {DAY_LIMIT_MINUTES.short} para compensar o sábado. O mínimo de hoje, {least}, "
                f"conta as horas além de {DAY_LIMIT_MINUTES.formatted} por dia e "
                f"{WEEK_LIMIT_MINUTES.formatted} por semana."
            )
            self.result.step(SUMULA_423, message, {
                "Limite do seu acordo": text,
                "Horas extras sem acordo coletivo válido": plain,
                "Mínimo de hoje": least,
            })
        self.result.warn(message)

    def rest_between(self) -> None:
        """Art. 7º, § 4º."""
        shortest: timedelta | None = None
        for previous, current in pairwise(self.periods):
            rest = current.start - previous.end
            shortest = rest if shortest is None else min(shortest, rest)
            if rest < timedelta(minutes=MIN_REST.value):
                self.breach("descanso_insuficiente", "infracao", lei1965("art7_par4"),
                            f"Entre o período {previous.number} (fim {_when(previous.end)}) e "
                            f"o período {current.number} (início {_when(current.start)}) há "
                            f"só {format_hours(Decimal(_minutes(rest)))} de descanso; o mínimo "
                            "é de 11 horas consecutivas.", current.number)
        shown = "só um período" if shortest is None else format_hours(Decimal(_minutes(shortest)))
        self.result.step(
            lei1965("art7_par4"),
            "Entre dois períodos de trabalho, no mínimo 11 horas consecutivas de descanso.",
            {"Menor descanso entre períodos": shown},
        )

    def weekly_rest(self) -> None:
        """Art. 7º, § 6º."""
        first = self.periods[0].day
        free: list[date] = []
        for offset in range(WEEK_DAYS):
            day = first + timedelta(days=offset)
            low = datetime.combine(day, time(0, 0))
            high = low + timedelta(days=1)
            if not any(_overlap(p.start, p.end, low, high) for p in self.periods):
                free.append(day)
        if len(free) < WEEKLY_REST_DAYS.value:
            self.breach("sem_descanso_semanal", "infracao", lei1965("art7_par6"),
                        f"Não há dia sem trabalho na semana de {first.strftime('%d/%m/%Y')} a "
                        f"{(first + timedelta(days=WEEK_DAYS - 1)).strftime('%d/%m/%Y')}.", None)
        self.result.step(
            lei1965("art7_par6"),
            "Um dia de descanso semanal remunerado: procura-se um dia da semana sem trabalho.",
            {"Dias sem trabalho": ", ".join(d.strftime("%d/%m/%Y") for d in free) or "nenhum"},
        )


def _report(checker: Checker, result: ResultBuilder) -> None:
    """Quantities, the period table, breaches and the input for ``horas_extras``."""
    rows = checker.rows
    totals = {
        "horas_trabalhadas": ("Horas trabalhadas (sem refeição)",
                              sum(r.ordinary + r.extension for r in rows)),
        "horas_ordinarias": ("Horas ordinárias", sum(r.ordinary for r in rows)),
        "horas_prorrogacao": ("Horas de prorrogação", sum(r.extension for r in rows)),
        "horas_refeicao": ("Horas de refeição trabalhadas", sum(r.meal for r in rows)),
        "horas_noturnas": ("Horas entre 19 e 7 horas", sum(r.night for r in rows)),
        "horas_feriado": ("Horas trabalhadas em feriado",
                          sum(r.period.worked_minutes() for r in rows if r.period.holiday)),
        "horas_extras_hoje": ("Horas extras pelos limites de hoje (CF/88, art. 7º, XIII e XIV)",
                              sum(r.extension_today for r in rows)),
        "horas_feriado_alem_do_limite": (
            "Horas de feriado além do limite do dia de hoje (horas extras se houve outro dia de folga)",
            sum(r.holiday_past_today for r in rows)),
    }
    agreed = checker.agreed_shift_limit()
    if agreed is not None and agreed > SHIFT_DAY_LIMIT_MINUTES.value:
        totals["horas_extras_sem_acordo"] = (
            "Horas extras sem acordo coletivo válido: além de 6 horas por dia e 36 por semana "
            "(CF/88, art. 7º, XIV)", sum(r.extension_plain for r in rows))
    if agreed is not None and agreed <= DAY_LIMIT_MINUTES.value:
        totals["horas_extras_acordo"] = (
            "Horas extras pelo limite diário do seu acordo, se for um acordo coletivo válido "
            "(informado por você: confira no acordo)", sum(r.extension_agreed for r in rows))
    for name, (label, minutes) in totals.items():
        result.quantity(name, label, hours_text(Decimal(minutes)),
                        format_hours(Decimal(minutes)), "h")
    result.details["periodos"] = [
        {
            "period": r.period.number,
            "inicio": r.period.start.isoformat(timespec="minutes"),
            "fim": r.period.end.isoformat(timespec="minutes"),
            "tipo": r.kind,
            "dentro_do_periodo": r.inside,
            "ordinarias": hours_text(Decimal(r.ordinary)),
            "prorrogacao": hours_text(Decimal(r.extension)),
            "refeicao": hours_text(Decimal(r.meal)),
            "noturnas": hours_text(Decimal(r.night)),
            "compensacao_sabado": hours_text(Decimal(r.compensation)),
            "extras_hoje": hours_text(Decimal(r.extension_today)),
            "feriado": r.period.holiday,
            "feriado_alem_do_limite": hours_text(Decimal(r.holiday_past_today)),
        }
        for r in rows
    ]
    result.handoff("horas_extras", "Levar às horas extraordinárias", {
        "era": "hoje",
        "horas_extras_hoje": hours_text(Decimal(sum(r.extension_today for r in rows))),
        "horas_extras_noturnas": hours_text(Decimal(sum(r.night_today for r in rows))),
        "escritorio_central": checker.values.boolean("escritorio_central"),
        "prorrogacoes": [{"horas": hours_text(Decimal(r.extension))} for r in rows
                         if r.extension and not r.period.holiday],
        "horas_refeicao": hours_text(Decimal(totals["horas_refeicao"][1])),
        "horas_feriado": hours_text(Decimal(totals["horas_feriado"][1])),
        "horas_feriado_alem_do_limite": hours_text(Decimal(totals["horas_feriado_alem_do_limite"][1])),
        "folga_compensatoria": False,
    })
    for severity, message in checker.breaches:
        if severity == "infracao":
            result.warn(message)
    result.warn(
        "Para calcular os acréscimos, leve estas horas à calculadora de horas extraordinárias "
        "e informe o salário."
    )


def compute(values: ParsedInputs, result: ResultBuilder, data: Data) -> None:
    """Classify the week's hours and list every breach with its provision."""
    del data
    result.findings_title = "Verificação da jornada"
    checker = Checker(values, result)
    checker.service_periods()
    checker.turnos()
    checker.ordinary_hours()
    checker.rest_between()
    checker.weekly_rest()
    checker.today()
    _report(checker, result)


SPEC = CalculatorSpec(
    name="jornada",
    order=50,
    title="Jornada da semana (Lei nº 4.860/1965)",
    summary=(
        "Confere uma semana de trabalho pela Lei nº 4.860/1965: períodos diurno e noturno, 8 "
        "horas por dia e 48 por semana (44 no Escritório Central), intervalos, 11 horas de "
        "descanso entre períodos e o descanso semanal. Mostra também quais horas seriam extras "
        "pelos limites de hoje (8 por dia, 44 por semana) e leva as horas à calculadora de "
        "horas extraordinárias."
    ),
    statute=LEI_1965,
    currency=CURRENCY,
    provisions=(
        *(
            lei1965(i)
            for i in ("art4_par1", "art5_cpt", "art7_cpt", "art7_par1", "art7_par2", "art7_par3",
                      "art7_par4", "art7_par6")
        ),
        CF_WORKING_TIME,
        CF_SHIFTS,
        SUMULA_423,
        LEI_605_HOLIDAY,
    ),
    fields=FIELDS,
    compute=compute,
    parameters=PARAMETERS,
)
