"""A second, deliberately simple reading of today's floor (issue 26 §1).

Written from the provisions, not from the rules: it imports nothing from ``calculators`` (the
property tests compare it with ``calculators.api`` only). Each number below is the one the
provision prints, typed again here on purpose: if a rule's parameter drifts, the two readings
disagree and the property tests say so.

What the floor is, for a worker the Lei nº 4.860/1965 covers, in values of today:

- **The hour** (CLT, art. 64): monthly salary ÷ (30 × the daily hours of the normal week), the
  daily hours being the weekly ones ÷ 6. The normal week is the contract's, but never more
  than 44 hours (CF/88, art. 7º, XIII): a longer contract week, or a larger divisor than the
  one of that week, cannot lower the hour of the floor. An hourly wage typed as such is taken
  as it is.
- **The overtime hours** (CF/88, art. 7º, XIII and XVI): every hour of prorrogação of 1965
  (beyond the period of at most 8 ordinary hours) and every hour worked in the meal break
  (extraordinary service by art. 7º, § 2º of the 1965 law) is overtime today too; the hours
  typed as «today's» (from the week's calculator) are overtime as well. Both readings are
  lower bounds, so the floor counts the larger of the two, never their sum.
- **The premium** (CF/88, art. 7º, XVI): at least 50% of the normal hour per overtime hour.
- **The night hours** (TST, SBDI-1, E-RR-1260-79.2011.5.08.0002, after OJ nº 97): the night
  additional the worker receives enters the base of the overtime worked at night (at most the
  overtime hours: the form asks how many *of them* were at night).
- **The holiday** worked and not compensated (TST, Súmula nº 146): paid in double, on top of
  the rest day the monthly salary already pays: two hours' pay per hour worked.
- **The week** (CF/88, art. 7º, XIII and XIV): 8 hours a day and 44 a week; in turnos
  ininterruptos de revezamento 6 hours a day and 36 a week (six days of 6), unless collective
  bargaining sets another limit. The site cannot tell whether the limit the worker typed is that
  of a valid collective agreement, so the floor is what is owed in both cases (:func:`limits`).
  Hours compensated within the week by agreement (XIII) count only past the week's limit.
  Periods on a holiday are left out (the holiday pays them).

The floor is what the law guarantees at least; a rule may show more (the 100% of the meal hour
of 1965, which still holds), never less.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal

# CF/88, art. 7º, XIII: 8 hours a day, 44 a week.
DAY_LIMIT = 8 * 60
WEEK_LIMIT = 44 * 60
# CF/88, art. 7º, XIV: 6 hours a day in turnos ininterruptos de revezamento; six such days.
SHIFT_DAY_LIMIT = 6 * 60
SHIFT_WEEK_LIMIT = 6 * SHIFT_DAY_LIMIT
# CF/88, art. 7º, XVI: at least 50% more than the normal hour.
OVERTIME_PREMIUM = Decimal("0.5")
# TST, Súmula nº 146: the holiday worked and not compensated is paid in double.
HOLIDAY_TIMES = Decimal(2)
# CLT, art. 64: 30 days; the day's hours are the week's ÷ 6.
MONTH_DAYS = 30
WEEK_DAYS = 6


def divisor(week_hours: int) -> Decimal:
    """CLT, art. 64: the monthly divisor of a week of ``week_hours``, capped at today's 44."""
    return Decimal(min(week_hours, WEEK_LIMIT // 60)) * MONTH_DAYS / WEEK_DAYS


@dataclass(frozen=True)
class OvertimeInputs:
    """What the worker typed into horas_extras, read as values (minutes, Decimals)."""

    era: str
    hourly: Decimal | None  # typed as an hourly wage
    monthly: Decimal | None
    week_hours: int | None
    typed_divisor: int | None
    chief: bool
    extensions: tuple[int, ...]
    meal: int
    holiday: int
    holiday_compensated: bool
    holiday_past: int  # of the holiday hours, those past the day's limit (typed)
    today_typed: int | None
    night: int
    night_rate: Decimal | None  # a fraction (0.20 for 20%)


@dataclass(frozen=True)
class OvertimeFloor:
    """The floor: the premiums alone and the hours' pay with them (both exact, unrounded)."""

    hour: Decimal
    hours: int  # overtime minutes counted by the floor
    night: int
    premiums: Decimal
    total: Decimal
    lines: int  # how many money lines a faithful rule shows for it (rounding tolerance)


def overtime_floor(typed: OvertimeInputs) -> OvertimeFloor | None:
    """The floor of horas_extras in values of today; ``None`` where the law sets none here
    (the 1965 view; a chief, whose overtime the 1965 law does not pay and the site does not
    figure)."""
    if typed.era != "hoje" or typed.chief:
        return None
    if typed.hourly is not None:
        hour = typed.hourly
    else:
        assert typed.monthly is not None
        hour = typed.monthly / divisor(typed.week_hours or WEEK_LIMIT // 60)
    from_1965 = sum(typed.extensions) + typed.meal
    hours = max(from_1965, typed.today_typed or 0)
    # The night hours the form asks for are «of these overtime hours»: the extensions or the
    # hours typed as today's; the meal hours are a field apart (data/cases/horas_extras.yaml,
    # hoje_noturnas_so_das_horas_extras).
    overtime = max(sum(typed.extensions), typed.today_typed or 0)
    night = min(typed.night, overtime) if typed.night_rate else 0
    night_extra = hour * (typed.night_rate or 0)
    hours_pay = hour * Decimal(hours) / 60 + night_extra * Decimal(night) / 60
    premiums = hours_pay * OVERTIME_PREMIUM
    total = hours_pay + premiums
    # The rule rounds each line it shows once (calculators/rules/today_minimum.py): the hours and
    # their premium, the night additional, the meal hours and their premium, the holiday's two.
    lines = 3 if night else 2
    if typed.meal:
        lines += 2
    if typed.holiday and not typed.holiday_compensated:
        holiday_pay = hour * Decimal(typed.holiday) / 60
        premiums += holiday_pay * (HOLIDAY_TIMES - 1)
        total += holiday_pay * HOLIDAY_TIMES
        lines += 2
    if typed.holiday_compensated and typed.holiday_past:
        # CF/88, art. 7º, XIII and XVI: with another day off the holiday is a working day; its
        # hours past the day's limit are overtime, at least 50% on top of the hour.
        past_pay = hour * Decimal(typed.holiday_past) / 60
        premiums += past_pay * OVERTIME_PREMIUM
        total += past_pay * (1 + OVERTIME_PREMIUM)
        lines += 2
    return OvertimeFloor(hour, hours, night, premiums, total, lines)


@dataclass(frozen=True)
class Period:
    """One period of the week as typed: its start and end, the break, and its marks."""

    start: datetime
    end: datetime
    break_minutes: int = 0
    worked_break: bool = False
    holiday: bool = False

    @property
    def worked(self) -> int:
        minutes = int((self.end - self.start).total_seconds() // 60)
        return minutes if self.worked_break else minutes - self.break_minutes


@dataclass(frozen=True)
class WeekInputs:
    """What the worker typed into jornada."""

    periods: tuple[Period, ...]
    shifts: bool = False
    agreed_shift_limit: int | None = None  # minutes
    compensated: bool = False
    extra: dict[str, object] = field(default_factory=dict)


def limits(week: WeekInputs) -> tuple[int, int]:
    """Today's day and week limits for the floor (CF/88, art. 7º, XIII and XIV; TST, Súmula
    nº 423), read from the provisions alone, in the worker's two possible cases:

    - without turnos, 8 and 44 (XIII);
    - turnos with no agreed limit, or one of 6 hours or less: 6 and 36 (XIV). An agreement that
      gives more is the agreement's (if it is valid, the worker gets more; the floor does not
      count on it);
    - turnos with an agreed limit above 6 hours, whatever its figure: if the agreement is a
      valid collective one, it moves the day at most to 8 hours (Súmula nº 423) and the week
      stays within 44 (XIII); if it is not, 6 and 36 give more. Owed in both cases: past 8
      and 44. The agreement's own figure never enters the floor.
    """
    if not week.shifts:
        return DAY_LIMIT, WEEK_LIMIT
    relaxed = week.agreed_shift_limit is not None and week.agreed_shift_limit > SHIFT_DAY_LIMIT
    if relaxed:
        return DAY_LIMIT, WEEK_LIMIT
    return SHIFT_DAY_LIMIT, SHIFT_WEEK_LIMIT


def without_agreement(week: WeekInputs) -> WeekInputs:
    """The same week with no agreed shift limit: what is owed if the agreement is not a valid
    collective one (the column «sem acordo coletivo válido»)."""
    return WeekInputs(periods=week.periods, shifts=week.shifts, agreed_shift_limit=None,
                      compensated=week.compensated, extra=week.extra)


def week_floor(week: WeekInputs) -> int:
    """Today's overtime minutes of the week, at least: past the day's limit (each day's work
    summed, a period belonging to the day it starts) or past the week's, whichever is more."""
    day_limit, week_limit = limits(week)
    by_day: dict[date, int] = {}
    for period in week.periods:
        if period.holiday:
            continue
        by_day[period.start.date()] = by_day.get(period.start.date(), 0) + period.worked
    total = sum(by_day.values())
    past_week = max(0, total - week_limit)
    if week.compensated:
        return past_week
    past_days = sum(max(0, worked - day_limit) for worked in by_day.values())
    return max(past_days, past_week)



def holiday_past_floor(week: WeekInputs, worked_breaks: bool = True) -> int:
    """With another day off, the holiday is an ordinary working day (CF/88, art. 7º, XIII and
    XIV): its hours past the day's limit are overtime, at least. Minutes of the holiday periods
    of each day (the day a period starts), summed, past the day's limit of :func:`limits`; the
    week's limit is not counted here (a lower bound). ``worked_breaks=False``: without the breaks
    worked, which are paid once, as the break's own hours (at least 50% more too), so that the
    minutes past the limit that only a worked break makes may be on the break's line instead."""
    day_limit, _ = limits(week)
    by_day: dict[date, int] = {}
    for period in week.periods:
        if period.holiday:
            minutes = period.worked if worked_breaks else period.worked - period.worked_break * period.break_minutes
            by_day[period.start.date()] = by_day.get(period.start.date(), 0) + minutes
    return sum(max(0, worked - day_limit) for worked in by_day.values())
