"""Today's minimum of the extraordinary hours, beside the 1965 rule (issue 18: a figure called
today's minimum is a floor for whatever was entered, or it is not shown; issue 26: proven for
every input by ``tests/test_today_floor.py``).

In values of today (R$), for a worker who does not hold a chief post, this module applies (each
one the provision of a step of the result):

- **The hours** (CF/88, art. 7º, XIII, ``CF_WORKING_TIME``): today's overtime hours are the larger
  of the hours typed as today's (``horas_extras_hoje``, which ``jornada`` counts and hands over:
  the limits of CF/88, art. 7º, XIII and XIV, and TST Súmula nº 423 are applied there, not here)
  and the 1965 extensions: every hour past the 1965 limits (8 a day, 48 a week: Lei nº
  4.860/1965, art. 7º, caput) is past today's too, so a smaller figure typed as today's never
  lowers the minimum; the result says which was taken.
- **The premium** (CF/88, art. 7º, XVI, ``CF_OVERTIME``): at least 50% of the hour, on the basic
  salary (TST, OJ nº 60, II, da SBDI-1); at night with the night additional the worker receives
  in the base (TST, SBDI-1, E-RR-1260-79.2011.5.08.0002, 2016, ``NIGHT_IN_BASE``). The meal hours
  keep the 100% of the 1965 law (art. 7º, § 5º, c), the larger of the two.
- **The holiday** worked without another day off: paid in double (Lei nº 605/1949, art. 9º), and
  for the monthly-paid worker the double comes on top of the salary, which already pays the
  rest day (TST, Súmula nº 146): two hours' pay per hour, not only the premium.
- **The holiday with another day off**: an ordinary working day, so no double; its hours past
  the day's limit (``horas_feriado_alem_do_limite``, which ``jornada`` fills by that day's limit)
  are overtime at no less than 50% (CF/88, art. 7º, XIII and XVI), in lines of their own. Only
  the day's limit counts, not the week's. Without a day off that field is not used, and a
  warning says why (a reading: the double already pays more than 1.5 hours).
- **Lines and totals**: every component is a line of its own (the hours' pay, the night
  additional, the premium, the meal hours, the holiday's hours and its double, the holiday's
  hours past the limit and their premium), each rounded once to the centavo; every total is the
  sum of the lines it names (``ResultBuilder.total``), so the page and the receipt add up and a
  total only grows as hours are added.
- **The agreement**: the percentages the worker typed from his agreement give a column of their
  own (``column="acordo"``), never said to be owed; when it comes out below today's minimum,
  the result says so.

The hourly wage it receives is ``horas_extras``' (CLT, art. 64, with the week clamped to 44
hours by CF/88, art. 7º, XIII).
"""

from dataclasses import dataclass
from decimal import Decimal

from ..acts.cf_1988 import CF_OVERTIME, CF_WORKING_TIME, MIN_OVERTIME_RATE, WEEK_LIMIT_MINUTES
from ..acts.lei_605_1949 import HOLIDAY_TIMES, LEI_605_HOLIDAY
from ..acts.lei_4860_1965 import DAY_ORDINARY, RATE_BEYOND, RATE_FIRST, RATE_MEAL, WEEK_ORDINARY
from ..acts.lei_4860_1965 import provision as lei1965
from ..acts.tst import NIGHT_IN_BASE, OJ_60, SUMULA_146
from ..core.durations import SIXTY, format_hours, hours_text
from ..core.fields import ParsedInputs
from ..core.money import exact_text, format_decimal
from ..core.result import ResultBuilder
from .today import AGREEMENT_NOTE

ASK = ("Para saber o que vale no seu caso, pergunte ao sindicato, ao OGMO ou a um advogado "
       "(informação, não orientação jurídica).")
TODAY = "hoje"
AGREEMENT = "acordo"


@dataclass(frozen=True)
class Hours:
    """What the 1965 statement found, passed to today's minimum (minutes, exact)."""

    extensions: Decimal
    meal: Decimal
    holiday: Decimal
    day_off: bool
    old_premiums: str  # the 1965 premiums, as shown
    old_total: str  # amount name of the 1965 extensions' pay with premiums ("" if none)
    holiday_past: Decimal = Decimal(0)  # holiday hours past today's daily limit (as typed)


def _rounded_and_exact(value: Decimal, result: ResultBuilder) -> str:
    rounded = result.round(value)
    shown = result.money(rounded)
    return shown if value == rounded else f"{shown} (exato: {exact_text(value)})"


def _percent(value: Decimal) -> str:
    return f"{format_decimal((value * 100).normalize())}%"


def _sum(result: ResultBuilder, name: str, label: str, parts: list[str]) -> Decimal:
    """A total of today's lines (zero, with no lines, when there are none)."""
    if parts:
        return result.total(name, label, parts, TODAY)
    zero = result.round(Decimal(0))
    result.amount(name, label, zero, TODAY)
    return zero


def _line(result: ResultBuilder, name: str, label: str, exact: Decimal, column: str = TODAY) -> str:
    """Record one line, rounded once to the centavo; return its name (for the totals)."""
    result.amount(name, label, result.round(exact), column)
    return name


def today_minimum(values: ParsedInputs, hours: Hours, hourly: Decimal, result: ResultBuilder) -> None:
    """Today's minimum (in R$, no chief post) and the worker's agreement beside the 1965 rule."""
    given = values.optional_decimal("horas_extras_hoje")
    overtime = hours.extensions if given is None else max(given, hours.extensions)
    typed_night = values.decimal("horas_extras_noturnas")
    night = min(typed_night, overtime)
    if typed_night > night:
        result.warn(
            f"Você informou {format_hours(typed_night)} de horas extras noturnas, mais que as "
            f"{format_hours(overtime)} de horas extras: contam {format_hours(night)}. As horas de "
            "refeição e as de feriado têm campos próprios."
        )
    night_rate = values.optional_decimal("adicional_noturno")
    n = (night_rate or Decimal(0)) / 100
    rate = MIN_OVERTIME_RATE.value
    _hours_steps(given, hours.extensions, overtime, night, result)
    result.step(
        OJ_60,
        "Hoje, os adicionais de risco e de produtividade não entram no cálculo das horas "
        "extras do portuário: a base é o salário básico informado.",
        {"Salário-hora básico": _rounded_and_exact(hourly, result)},
    )
    pay = hourly * overtime / SIXTY
    night_extra = hourly * n * night / SIXTY if night_rate is not None else Decimal(0)
    overtime_lines: list[str] = []
    premium_lines: list[str] = []
    if night > 0 and night_rate is not None:
        loaded = hourly * (1 + n)
        result.amount("salario_hora_noturno", "Salário-hora noturno (com o adicional noturno)",
                      result.round(loaded), TODAY)
        result.step(
            NIGHT_IN_BASE,
            "Para o portuário, o adicional noturno entra na base das horas extras feitas à "
            "noite (a Orientação nº 97 prevalece; o item II da nº 60 não o exclui): a hora "
            "noturna é o salário-hora com o adicional.",
            {"Adicional noturno informado": _percent(n),
             "Salário-hora noturno": _rounded_and_exact(loaded, result),
             "Horas extras noturnas": format_hours(night)},
        )
    if overtime > 0:
        overtime_lines.append(_line(result, "hoje_salario_horas_extras",
                                    f"Hoje: salário das {format_hours(overtime)} de horas extras (hora "
                                    "normal)", pay))
        if night_extra:
            overtime_lines.append(_line(
                result, "hoje_adicional_noturno",
                f"Hoje: adicional noturno de {_percent(n)} nas {format_hours(night)} extras noturnas",
                night_extra))
        premium_lines.append(_line(result, "hoje_acrescimo_horas_extras",
                                   f"Hoje: acréscimo de {MIN_OVERTIME_RATE.formatted} sobre essas horas"
                                   + (" (com o adicional noturno na base)" if night_extra else ""),
                                   (pay + night_extra) * rate))
        overtime_lines.append(premium_lines[0])
        subtotal = result.total("minimo_hoje_horas_extras", "Hoje: horas extras com o acréscimo",
                                overtime_lines, TODAY)
    else:
        subtotal = result.round(Decimal(0))
        result.amount("minimo_hoje_horas_extras", "Hoje: horas extras com o acréscimo", subtotal, TODAY)
    if overtime_lines:
        result.step(
            CF_OVERTIME,
            f"Hoje cada hora extra vale no mínimo {MIN_OVERTIME_RATE.formatted} a mais que a hora "
            "normal.",
            {str(result.amounts[name]["label"]): str(result.amounts[name]["formatted"])
             for name in overtime_lines} | {"Horas extras com o acréscimo": result.money(subtotal)},
        )
    lines = list(overtime_lines)
    if hours.meal > 0:
        meal_rate = max(RATE_MEAL.value, rate)
        meal_pay = hourly * hours.meal / SIXTY
        lines.append(_line(result, "hoje_salario_refeicao",
                           f"Hoje: salário das {format_hours(hours.meal)} de refeição trabalhadas", meal_pay))
        meal_premium = _line(result, "hoje_acrescimo_refeicao",
                             f"Hoje: acréscimo de {_percent(meal_rate)} nas horas de refeição",
                             meal_pay * meal_rate)
        lines.append(meal_premium)
        premium_lines.append(meal_premium)
        result.step(
            RATE_MEAL.provision,
            f"As horas de refeição trabalhadas têm acréscimo de {RATE_MEAL.formatted} pela Lei nº "
            f"4.860/1965, que continua valendo: é mais que os {MIN_OVERTIME_RATE.formatted} da "
            "Constituição.",
            {"Horas de refeição": format_hours(hours.meal),
             "Acréscimo": str(result.amounts[meal_premium]["formatted"])},
        )
    holiday_double = _holiday(hours, hourly, values.text("forma_salario") == "mensal", result, lines)
    if holiday_double:
        premium_lines.append(holiday_double)
    holiday_overtime = _holiday_overtime(hours, hourly, result, lines)
    if holiday_overtime:
        premium_lines.append(holiday_overtime)
    premium = _sum(result, "total_acrescimos_minimo_hoje", "Hoje: total dos acréscimos — mínimo de hoje",
                   premium_lines)
    monthly = values.text("forma_salario") == "mensal"
    total = _sum(result, "total_minimo_hoje",
                 "Total com o salário das horas — mínimo de hoje"
                 + (" (a mais que o salário mensal)" if monthly else ""), lines)
    result.details["minimo_hoje"] = {
        "acrescimos": format(premium, "f"), "total": format(total, "f"),
        "horas_extras": hours_text(overtime),
        "horas_feriado_alem_do_limite": hours_text(hours.holiday_past if holiday_overtime else Decimal(0)),
        "linhas": lines,
    }
    night_note = ""
    if night > 0 and night_rate is None:
        night_note = (" Este mínimo não inclui o adicional noturno das horas extras feitas à "
                      "noite: informe o adicional que você recebe para incluí-lo.")
    holiday_note = ""
    if holiday_double:
        holiday_note = (" O feriado trabalhado sem outra folga vale em dobro (Lei nº 605/1949, art. "
                        "9º; TST, Súmula nº 146).")
    elif holiday_overtime:
        holiday_note = (" Com outro dia de folga, o feriado vale como dia normal: as horas dele além "
                        "do limite do dia são horas extras.")
    on_top = ", a mais que o salário mensal" if monthly else ""
    result.highlight(
        f"Hoje, o devido é no mínimo {result.money(premium)} de acréscimos "
        f"({result.money(total)} com o salário das horas{on_top}), e não os {hours.old_premiums} "
        f"da regra de 1965: desde 1988 a Constituição garante ao menos "
        f"{MIN_OVERTIME_RATE.formatted} por hora extraordinária.{holiday_note}{night_note} "
        f"{AGREEMENT_NOTE}"
    )
    _side_by_side(values, hours, overtime, night, hourly, subtotal, result)


def _hours_steps(given: Decimal | None, extensions: Decimal, overtime: Decimal, night: Decimal,
                 result: ResultBuilder) -> None:
    """Which hours count today, and why (the larger of today's and the 1965 extensions)."""
    if given is None:
        source = (f"as prorrogações informadas (se a sua semana passou de "
                  f"{WEEK_LIMIT_MINUTES.formatted}, pode haver mais horas extras hoje: confira na "
                  "calculadora de jornada)")
    elif given >= extensions:
        source = "as horas extras pelos limites de hoje que você informou (calculadora de jornada)"
        result.step(
            lei1965("art7_cpt"),
            f"Em 1965 eram ordinárias até {DAY_ORDINARY.formatted} por dia e {WEEK_ORDINARY.number} "
            "por semana; só o que passava disso era prorrogação. Hoje o limite da semana é menor, "
            "e as horas extras de hoje podem ser mais que as prorrogações de 1965.",
            {"Prorrogações de 1965": format_hours(extensions), "Horas extras de hoje": format_hours(given)},
        )
    else:
        source = (f"as prorrogações, {format_hours(extensions)}, e não as {format_hours(given)} "
                  "informadas como horas extras de hoje: toda hora de prorrogação de 1965 passa "
                  "também dos limites de hoje, então conta o maior dos dois números")
        result.warn(
            f"Você informou {format_hours(given)} em «Horas extras», menos que as "
            f"{format_hours(extensions)} de «Prorrogações por período (regra de 1965)». Toda prorrogação "
            f"passa também dos limites de hoje: o mínimo conta {format_hours(extensions)}."
        )
    result.step(
        CF_WORKING_TIME,
        f"Horas extras de hoje: {source}.",
        {"Horas extras de hoje": format_hours(overtime), "Delas, à noite": format_hours(night)},
    )


def _holiday(hours: Hours, hourly: Decimal, monthly: bool, result: ResultBuilder,
             lines: list[str]) -> str:
    """The holiday worked: in double without another day off (Lei nº 605/1949, art. 9º; TST,
    Súmula nº 146); the name of the double's line, or ``""``."""
    if hours.holiday <= 0:
        return ""
    if hours.day_off:
        result.step(
            LEI_605_HOLIDAY,
            "Com outro dia de folga pelo feriado, o trabalho nele não é pago em dobro.",
            {"Horas em feriado": format_hours(hours.holiday)},
        )
        return ""
    pay = hourly * hours.holiday / SIXTY
    lines.append(_line(result, "hoje_salario_feriado",
                       f"Hoje: salário das {format_hours(hours.holiday)} trabalhadas no feriado", pay))
    double = _line(result, "hoje_dobra_feriado", "Hoje: a dobra do feriado (Súmula nº 146 do TST)",
                   pay * (HOLIDAY_TIMES.value - 1))
    lines.append(double)
    on_top = result.round(pay) + result.round(pay * (HOLIDAY_TIMES.value - 1))
    result.step(
        LEI_605_HOLIDAY,
        f"Feriado trabalhado sem outro dia de folga: as horas são pagas em dobro "
        f"({HOLIDAY_TIMES.formatted} a hora normal).",
        {"Horas em feriado": format_hours(hours.holiday), "Em dobro": result.money(on_top)},
    )
    result.step(
        SUMULA_146,
        ("O salário mensal já paga o dia de descanso do feriado; o trabalho nele, não compensado, "
         f"é pago em dobro além disso: {result.money(on_top)} a mais que o salário, e não só o "
         "acréscimo.") if monthly else
        ("O trabalho no feriado, não compensado, é pago em dobro, sem prejuízo da remuneração do "
         "dia de descanso."),
        {"A mais que o salário": result.money(on_top)} if monthly else
        {"Em dobro": result.money(on_top)},
    )
    return double


def _holiday_overtime(hours: Hours, hourly: Decimal, result: ResultBuilder, lines: list[str]) -> str:
    """The holiday worked with another day off is an ordinary working day: its hours past
    today's daily limit are overtime at no less than 50% (CF/88, art. 7º, XIII and XVI), in
    lines of their own; the name of the premium's line, or ``""``. Without another day off the
    field is not used: every holiday hour is already paid in double (:func:`_holiday`)."""
    if hours.holiday_past <= 0:
        return ""
    if not hours.day_off:
        result.warn(
            f"Sem outro dia de folga, todas as horas do feriado, também as "
            f"{format_hours(hours.holiday_past)} além do limite do dia, são pagas em dobro: o campo "
            "«Dessas horas de feriado, quantas passaram do limite do dia» só conta quando há outro "
            "dia de folga. Leitura adotada: a dobra (duas vezes a hora) já é mais que a hora extra "
            f"com {MIN_OVERTIME_RATE.formatted}, e a página não soma as duas; não conferimos se a "
            f"lei de hoje manda somá-las. {ASK}"
        )
        return ""
    rate = MIN_OVERTIME_RATE.value
    pay = hourly * hours.holiday_past / SIXTY
    salary = _line(result, "hoje_salario_feriado_alem_do_limite",
                   f"Hoje: salário das {format_hours(hours.holiday_past)} do feriado além do limite "
                   "do dia (hora normal)", pay)
    lines.append(salary)
    premium = _line(result, "hoje_acrescimo_feriado_alem_do_limite",
                    f"Hoje: acréscimo de {MIN_OVERTIME_RATE.formatted} sobre essas horas do feriado",
                    pay * rate)
    lines.append(premium)
    result.step(
        CF_OVERTIME,
        "Com outro dia de folga pelo feriado, o feriado vale como um dia normal de trabalho: as "
        f"horas dele além do limite do dia são horas extras, com ao menos {MIN_OVERTIME_RATE.formatted} "
        "a mais que a hora normal.",
        {"Horas do feriado além do limite do dia": format_hours(hours.holiday_past),
         "Salário dessas horas": str(result.amounts[salary]["formatted"]),
         "Acréscimo": str(result.amounts[premium]["formatted"])},
    )
    return premium


def _side_by_side(values: ParsedInputs, hours: Hours, overtime: Decimal, night: Decimal,
                  hourly: Decimal, today_total: Decimal, result: ResultBuilder) -> None:
    """The act's rule (history), the Constitution's minimum (today) and the worker's agreement,
    on the overtime hours, in one table; the agreement's figure is only what its percentages
    give, never said to be owed, and it says so when it is below today's minimum."""
    agreement = values.optional_decimal("acordo_extra")
    agreement_night = values.optional_decimal("acordo_noturno")
    columns = ["", "Regra da Lei nº 4.860/1965 (história)", "Mínimo da Constituição (hoje)"]
    old = result.amounts[hours.old_total]["formatted"] if hours.old_total else result.money(
        result.round(Decimal(0)))
    hours_row = ["Horas extras consideradas", format_hours(hours.extensions), format_hours(overtime)]
    rate_row = ["Acréscimo por hora",
                f"{RATE_FIRST.formatted} nas duas primeiras, {RATE_BEYOND.formatted} nas demais",
                f"{MIN_OVERTIME_RATE.formatted} no mínimo"]
    money_row = ["Horas extras com o acréscimo", str(old), result.money(today_total)]
    note = ("Se o seu acordo ou convenção paga mais, escreva os percentuais dele para vê-los ao "
            "lado. " + ASK)
    if agreement is not None or agreement_night is not None:
        agreed = _agreement(values, agreement, agreement_night, overtime, night, hourly, today_total, result)
        columns.append("Pelo seu acordo (informado por você)")
        hours_row.append(format_hours(overtime))
        rate_row.append(_percent((agreement if agreement is not None else MIN_OVERTIME_RATE.value * 100) / 100))
        money_row.append(result.money(agreed))
        note = ("A coluna do acordo só aplica os percentuais que você escreveu; esta página não "
                "conhece o seu acordo e não diz que esse valor é devido. " + ASK)
    result.table("Lado a lado: a lei de 1965, o mínimo de hoje e o seu acordo", columns,
                 [hours_row, rate_row, money_row], note=note)


def _agreement(values: ParsedInputs, agreement: Decimal | None, agreement_night: Decimal | None,
               overtime: Decimal, night: Decimal, hourly: Decimal, today_total: Decimal,
               result: ResultBuilder) -> Decimal:
    """The agreement's column: its lines and their total (column ``acordo``)."""
    a = (agreement / 100) if agreement is not None else MIN_OVERTIME_RATE.value
    if agreement_night is None:
        agreement_night = values.optional_decimal("adicional_noturno")
    n = (agreement_night or Decimal(0)) / 100
    pay = hourly * overtime / SIXTY
    night_extra = hourly * n * night / SIXTY
    names = [_line(result, "acordo_salario_horas", f"Pelo acordo: salário das {format_hours(overtime)} "
                   "de horas extras (hora normal)", pay, AGREEMENT)]
    if night > 0 and n:
        names.append(_line(result, "acordo_adicional_noturno",
                           f"Pelo acordo: adicional noturno de {_percent(n)} nas {format_hours(night)} "
                           "noturnas", night_extra, AGREEMENT))
    names.append(_line(result, "acordo_acrescimo", f"Pelo acordo: acréscimo de {_percent(a)} sobre "
                       "essas horas", (pay + night_extra) * a, AGREEMENT))
    agreed = result.total("horas_extras_pelo_acordo",
                          "Horas extras pelos percentuais que você informou do seu acordo (não é um "
                          "valor devido: confira no acordo)", names, AGREEMENT)
    if agreement is None:
        result.warn(f"A coluna do acordo usa o acréscimo mínimo de hoje, {MIN_OVERTIME_RATE.formatted}, "
                    "porque você informou só o adicional noturno do acordo.")
    if agreed < today_total:
        result.warn(
            f"Pelos percentuais que você informou, o acordo daria {result.money(agreed)}, abaixo do "
            f"mínimo de hoje ({result.money(today_total)}) para as mesmas horas: a Constituição "
            "garante o mínimo, qualquer que seja o acordo."
        )
    return agreed
