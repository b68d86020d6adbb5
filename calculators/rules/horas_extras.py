"""Extraordinary hours: Lei nº 4.860/1965, art. 7º, caput and §§ 1º, 2º, 5º, 7º and 9º, and
today's minimum beside it (issue 18: a today's figure is a floor, or it is not shown).

- Hourly wage: monthly salary ÷ divisor. The divisor follows the weekly hours the salary pays
  (CLT, art. 64, :mod:`calculators.acts.clt`: weekly hours × 30 ÷ 6): today 44 hours (CF/88,
  art. 7º, XIII) → 220; in 1965 48 hours (art. 7º, caput) → 240, 44 in the Escritório Central
  (§ 1º) → 220; the contract's week (``semana_horas``: 40 → 200, 36 → 180) or a divisor the
  worker gives (``divisor``) take precedence. A direct hourly wage is also accepted.
- § 5º: premiums on the *daytime* ordinary hourly wage, night hours included: a) 20% for the
  first two extension hours of a period (``art7_par5_ali1``); b) 50% for the others
  (``art7_par5_ali2``); c) 100% for the meal hours (``art7_par5_ali3``).
- § 7º (``art7_par7``): holiday work +100%, unless the administration grants another day off.
- § 9º (``art7_par9``): holders of direction or chief posts get no pay for extraordinary
  services (meal hours and extensions, § 2º): shown as zero.

Money: the one rounding rule is applied once, to the amount paid (the total); the lines shown
are the total's shares (:func:`calculators.core.money.allocate`), so they add up to it. In 1965
values the unit is the whole cruzeiro: an editorial reading (Lei nº 4.511/1964 abolished the
centavo, art. 1º, § 1º, and dropped the fractions then recorded, art. 15; it says nothing of
amounts computed later).

Era (input ``era``): ``hoje`` (default) in reais; ``1965`` in cruzeiros, the act's rule only.
Today (era ``hoje`` only, never in Cr$; :mod:`calculators.rules.today_minimum`, which names each
provision it applies): the minimum on today's overtime hours (the larger of
``horas_extras_hoje``, which ``jornada`` hands over, and the extensions typed) at no less than
50% (CF/88, art. 7º, XVI), meal hours at 100% (§ 5º, c), on the basic salary (TST, OJ nº 60, II);
night overtime with the night additional the worker receives in its base (TST, SBDI-1,
E-RR-1260-79.2011.5.08.0002, 2016), or a plain statement that it is left out; the holiday
without another day off in double (Lei nº 605/1949, art. 9º; TST, Súmula nº 146, on top of a
monthly salary); with another day off, its hours past the day's limit
(``horas_feriado_alem_do_limite``) as overtime (CF/88, art. 7º, XIII and XVI). More of those
hours than holiday hours is refused, naming both fields, in either era. Here, in the hourly
wage: the divisor of CLT, art. 64, and today's week of at most 44 hours (CF/88, art. 7º, XIII):
a longer contract week or a larger divisor is brought down to it, with a line that says so.
The limits of the day and the week (CF/88, art. 7º, XIII and XIV; TST, Súmula nº 423) are
``jornada``'s: this module takes its hours as typed. Chiefs: no today's figure, the reason and
where to ask. The worker's agreement percentages are shown side by side with the act's rule
and the minimum, never as an amount owed.
"""

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..acts.cf_1988 import (
    CF_OVERTIME,
    CF_WORKING_TIME,
    DAY_LIMIT_MINUTES,
    MIN_OVERTIME_RATE,
    SHIFT_DAY_LIMIT_MINUTES,
    SHIFT_WEEK_LIMIT_MINUTES,
    WEEK_LIMIT_MINUTES,
)
from ..acts.clt import CLT_64, MONTH_DAYS, WORK_DAYS_A_WEEK, monthly_divisor
from ..acts.lei_605_1949 import HOLIDAY_TIMES, LEI_605_HOLIDAY
from ..acts.lei_4511_1964 import LEI_4511
from ..acts.lei_4860_1965 import (
    DAY_START_AT,
    FIRST_EXTENSION_MINUTES,
    NIGHT_START_AT,
    RATE_BEYOND,
    RATE_FIRST,
    RATE_HOLIDAY,
    RATE_MEAL,
    WEEK_OFFICE,
    WEEK_ORDINARY,
)
from ..acts.lei_4860_1965 import SLUG as LEI_1965
from ..acts.lei_4860_1965 import provision as lei1965
from ..acts.tst import NIGHT_IN_BASE, OJ_60, SUMULA_146
from ..core.durations import SIXTY, format_hours, hours_text
from ..core.fields import Choice, Field, ParsedInputs
from ..core.money import Currency, allocate, exact_text, format_decimal
from ..core.parameters import AnyParameter, example
from ..core.parsing import FieldError, InputError
from ..core.provisions import Provision
from ..core.result import ResultBuilder
from ..core.spec import CalculatorSpec, Data
from .today import AGREEMENT_NOTE
from .today_minimum import ASK, Hours, today_minimum

CURRENCY = Currency.CRUZEIRO_1965
OLD = "1965"  # the column of the act's rule (history)
ERAS: tuple[tuple[str, Currency], ...] = (("1965", Currency.CRUZEIRO_1965), ("hoje", Currency.REAL))
PARAMETERS: tuple[AnyParameter, ...] = (
    WEEK_ORDINARY, WEEK_OFFICE, FIRST_EXTENSION_MINUTES, RATE_FIRST, RATE_BEYOND, RATE_MEAL,
    RATE_HOLIDAY, MIN_OVERTIME_RATE, WEEK_LIMIT_MINUTES, MONTH_DAYS, WORK_DAYS_A_WEEK,
    HOLIDAY_TIMES,
)

G_WAGE = "Salário"
# In today's values the form speaks of «horas extras» first (issue 26 §3); the 1965 word
# «prorrogação» has its own group, after them (and first of the hours in the 1965 view, where
# today's groups are hidden).
G_TODAY = "Horas extras"
G_HOURS = "Refeição e feriado"
G_1965 = "Prorrogações (a hora extra da lei de 1965)"
G_AGREEMENT = "O seu acordo ou convenção"
TODAY_ONLY = ("era", ("hoje",))
HOLIDAY_LABEL = "Horas trabalhadas em feriado"
HOLIDAY_PAST_LABEL = "Dessas horas de feriado, quantas passaram do limite do dia"


def _hours_field(name: str, label: str, help_text: str, **more: Any) -> Field:
    """Hours of one kind, at most a month's (744: 31 days of 24 hours, the form's bound, not law)."""
    return Field(name, label, "duration", help_text, unit="h", minimum="0", maximum="744", **more)


def _percent_field(name: str, label: str, help_text: str, placeholder: str, group: str) -> Field:
    """A percentage from the payslip or the agreement, optional, in today's values only."""
    return Field(name, label, "decimal", help_text, unit="%", required=False, placeholder=placeholder,
                 group=group, visible_when=TODAY_ONLY, minimum="0", maximum="1000")


FIELDS: tuple[Field, ...] = (
    Field(
        "era",
        "Valores de",
        "choice",
        "Em valores de hoje, o resultado sai em reais, com centavos, e mostra o mínimo de hoje. "
        "Em valores de 1965, sai em cruzeiros inteiros (não havia centavos) e mostra só a regra "
        "da lei, como história.",
        default="hoje",
        choices=(Choice("hoje", "valores de hoje (R$)"), Choice("1965", "valores de 1965 (Cr$)")),
        group=G_WAGE,
    ),
    Field(
        "forma_salario",
        "Como informar o salário",
        "choice",
        "Salário mensal (dividido pelo divisor) ou salário-hora ordinário do período diurno.",
        default="mensal",
        choices=(Choice("mensal", "Salário mensal"), Choice("hora", "Salário-hora")),
        group=G_WAGE,
    ),
    Field(
        "salario_mensal",
        "Salário mensal",
        "money",
        "Salário mensal básico, sem adicionais de risco ou de produtividade (é a base das horas "
        "extras do portuário: TST, OJ nº 60, II, da SBDI-1). Em reais ou em cruzeiros, conforme "
        "a época escolhida.",
        required=False,
        minimum="0",
        maximum="1000000000",
        currency=CURRENCY,
        currency_from=("era", ERAS),
        placeholder="ex.: 2.200,00",
        group=G_WAGE,
        visible_when=("forma_salario", ("mensal",)),
        required_when=("mensal",),
    ),
    Field(
        "semana_horas",
        "Horas por semana do seu contrato",
        "integer",
        f"Em branco: {WEEK_LIMIT_MINUTES.formatted} hoje (Constituição, art. 7º, XIII) e "
        f"{WEEK_ORDINARY.number} em 1965 ({WEEK_OFFICE.number} no Escritório Central). Hoje a "
        f"semana normal não passa de {WEEK_LIMIT_MINUTES.formatted}: uma semana maior conta como "
        f"{WEEK_LIMIT_MINUTES.number} no mínimo de hoje. "
        + example("Se o seu contrato tem semana menor, como 40 ou 36 horas, informe-a. ")
        + f"O divisor do salário mensal vem das horas da semana (CLT, art. 64): horas × "
        f"{MONTH_DAYS.number} ÷ {WORK_DAYS_A_WEEK.number}, "
        + example("ou seja 220 para 44 horas, 200 para 40, 180 para 36."),
        unit="horas",
        required=False,
        minimum="1",
        maximum="48",
        placeholder="44",
        group=G_WAGE,
        visible_when=("forma_salario", ("mensal",)),
    ),
    Field(
        "divisor",
        "Divisor do salário mensal (se o seu contracheque usa outro)",
        "integer",
        "Em branco, o divisor vem das horas da semana (220 para 44 horas). Informe outro só se "
        "o seu contracheque ou o seu acordo usa outro número.",
        unit="horas",
        required=False,
        minimum="1",
        maximum="720",
        placeholder="220",
        group=G_WAGE,
        visible_when=("forma_salario", ("mensal",)),
    ),
    Field(
        "salario_hora",
        "Salário-hora ordinário diurno",
        "money",
        "Salário-hora ordinário do período diurno, base dos acréscimos. Em reais ou em "
        "cruzeiros, conforme a época escolhida.",
        required=False,
        minimum="0",
        maximum="10000000",
        places=4,
        currency=CURRENCY,
        currency_from=("era", ERAS),
        placeholder="ex.: 10,00",
        group=G_WAGE,
        visible_when=("forma_salario", ("hora",)),
        required_when=("hora",),
    ),
    Field(
        "escritorio_central",
        "Lotado no Escritório Central",
        "boolean",
        "Em 1965, o pessoal do Escritório Central tinha limite de 44 horas semanais (art. 7º, "
        "§ 1º).",
        default=False,
        group=G_WAGE,
    ),
    Field(
        "cargo_direcao_chefia",
        "Ocupa cargo de direção ou chefia",
        "boolean",
        "Art. 7º, § 9º: é vedado a quem ocupa cargo de direção ou chefia receber pelos "
        "serviços extraordinários.",
        default=False,
        group=G_WAGE,
    ),
    _hours_field(
        "horas_extras_hoje",
        "Horas extras",
        f"As horas além de {DAY_LIMIT_MINUTES.number} por dia e {WEEK_LIMIT_MINUTES.number} por "
        f"semana (ou {SHIFT_DAY_LIMIT_MINUTES.number} por dia e {SHIFT_WEEK_LIMIT_MINUTES.number} por "
        "semana em turnos ininterruptos de revezamento; com limite de acordo acima de "
        f"{SHIFT_DAY_LIMIT_MINUTES.number} horas nos turnos, as além de {DAY_LIMIT_MINUTES.number} e "
        f"{WEEK_LIMIT_MINUTES.number}, o mínimo com ou sem acordo coletivo válido), somadas: a "
        "calculadora de jornada as preenche. Se você também informar as prorrogações da lei de "
        "1965, mais abaixo, conta o que for maior.",
        required=False,
        placeholder="ex.: 4:00",
        group=G_TODAY,
        visible_when=TODAY_ONLY,
    ),
    _hours_field(
        "horas_extras_noturnas",
        f"Dessas horas extras, quantas foram à noite ({NIGHT_START_AT.number}h às "
        f"{DAY_START_AT.number}h)",
        f"Horas extras feitas entre {NIGHT_START_AT.number} horas e {DAY_START_AT.number} horas do "
        "dia seguinte.",
        default="0",
        group=G_TODAY,
        visible_when=TODAY_ONLY,
    ),
    _percent_field(
        "adicional_noturno",
        "Adicional noturno que você recebe",
        "O percentual do adicional noturno do seu contracheque ou do seu acordo (ex.: 20). Com "
        "ele, o mínimo de hoje põe o adicional na base das horas extras noturnas.",
        "ex.: 20",
        G_TODAY,
    ),
    _hours_field(
        "horas_refeicao",
        "Horas trabalhadas na refeição",
        f"Horas de serviço nas horas destinadas à refeição e descanso: acréscimo de "
        f"{RATE_MEAL.formatted} (art. 7º, § 5º, c). " + example("Como 1:00, 1h ou 60min."),
        default="0",
        group=G_HOURS,
    ),
    _hours_field(
        "horas_feriado",
        HOLIDAY_LABEL,
        f"Horas de serviço em feriados legais: acréscimo de {RATE_HOLIDAY.formatted}, salvo se a "
        f"administração determinar outro dia de folga (art. 7º, § 7º). Hoje, sem outra folga, "
        f"são pagas em dobro (Lei nº 605/1949, art. 9º).",
        default="0",
        group=G_HOURS,
    ),
    Field(
        "folga_compensatoria",
        "A administração determinou outro dia de folga pelo feriado",
        "boolean",
        f"Com outro dia de folga, o trabalho no feriado não tem o acréscimo de "
        f"{RATE_HOLIDAY.formatted} (§ 7º), nem hoje a dobra.",
        default=False,
        group=G_HOURS,
    ),
    _hours_field(
        "horas_feriado_alem_do_limite",
        HOLIDAY_PAST_LABEL,
        f"Só conta com outro dia de folga: então o feriado vale como um dia normal de trabalho, e "
        f"as horas além do limite do dia ({DAY_LIMIT_MINUTES.short}; "
        f"{SHIFT_DAY_LIMIT_MINUTES.short} em turnos ininterruptos de revezamento) são horas "
        f"extras, com acréscimo de ao menos {MIN_OVERTIME_RATE.formatted} (Constituição, art. 7º, "
        "XIII e XVI). A calculadora de jornada preenche. Sem outra folga, todas as horas do "
        "feriado já são pagas em dobro.",
        required=False,
        placeholder="ex.: 4:00",
        group=G_HOURS,
        visible_when=TODAY_ONLY,
    ),
    Field(
        "prorrogacoes",
        "Prorrogações por período (regra de 1965)",
        "list",
        "Prorrogação é o nome que a lei de 1965 dá à hora extra. Uma linha por período de "
        "serviço prorrogado. As duas primeiras horas de prorrogação de cada período têm "
        "acréscimo de 20%; as demais, de 50% (art. 7º, § 5º). Em valores de hoje, servem para "
        "comparar com a regra de 1965. Uma linha em branco é ignorada.",
        default=[],
        required=False,
        max_items=14,
        initial_items=1,
        item_noun="Período prorrogado",
        item_fields=(
            Field(
                "horas",
                "Horas de prorrogação no período",
                "duration",
                example("Duração da prorrogação: 2:30, 2h30, 2,5 ou 150min."),
                unit="h",
                minimum="0",
                maximum="24",
                placeholder="ex.: 2:30",
            ),
        ),
        group=G_1965,
    ),
    _percent_field(
        "acordo_extra",
        "Percentual de hora extra do seu acordo ou convenção",
        "Se o seu acordo ou convenção coletiva paga mais que 50%, escreva o percentual (ex.: "
        "100). O resultado mostra esse cálculo ao lado, sem dizer que é devido: confira no "
        "acordo.",
        "ex.: 100",
        G_AGREEMENT,
    ),
    _percent_field(
        "acordo_noturno",
        "Adicional noturno do seu acordo ou convenção",
        "O percentual do adicional noturno do seu acordo, se for outro (ex.: 50).",
        "ex.: 50",
        G_AGREEMENT,
    ),
)


@dataclass
class Line:
    """One line of the statement: hours, rate, and the exact pay of the hours and premium; the
    amounts shown (``base``, ``premium``) are set once the amount paid is rounded."""

    key: str
    description: str
    provision: Provision
    minutes: Decimal
    rate: Decimal
    exact_base: Decimal
    exact_premium: Decimal
    base: Decimal = Decimal(0)
    premium: Decimal = Decimal(0)

    def to_json(self, result: ResultBuilder) -> dict[str, object]:
        """JSON form."""
        return {
            "key": self.key,
            "description": self.description,
            "provision": self.provision.to_json(),
            "hours": hours_text(self.minutes),
            "hours_formatted": format_hours(self.minutes),
            "rate": f"{format_decimal((self.rate * 100).normalize())}%",
            "base": format(self.base, "f"),
            "base_formatted": result.money(self.base),
            "premium": format(self.premium, "f"),
            "premium_formatted": result.money(self.premium),
            "total": format(self.base + self.premium, "f"),
            "total_formatted": result.money(self.base + self.premium),
        }


def _settle(lines: list[Line], result: ResultBuilder) -> Decimal:
    """The one rounding rule, applied once to the amount paid (the sum of every line's exact
    pay and premium); each line shows its share, so the lines add up to the total.

    The extensions are settled first, as their own amount (rounded once: the 1965 column of the
    side-by-side table), and the meal and holiday lines share the rest of the total: so the
    extensions' amount, like the total, only grows as hours are added."""
    total = result.round(sum((line.exact_base + line.exact_premium for line in lines), Decimal(0)))
    extensions = [line for line in lines if line.key.startswith("prorrogacao")]
    others = [line for line in lines if not line.key.startswith("prorrogacao")]
    settled = Decimal(0)
    for group, target in ((extensions, None), (others, None)):
        if not group:
            continue
        exact = [value for line in group for value in (line.exact_base, line.exact_premium)]
        if group is others:
            target = total - settled
        amount, shown = allocate(exact, result.currency, target)
        settled += amount
        pieces = iter(shown)  # pay, premium, pay, premium…
        for line in group:
            line.base, line.premium = next(pieces), next(pieces)
    return total


def _rounded_and_exact(value: Decimal, result: ResultBuilder) -> str:
    """An intermediate shown rounded by the era's rule, with the exact value (six places at most)."""
    rounded = result.round(value)
    shown = result.money(rounded)
    return shown if value == rounded else f"{shown} (exato: {exact_text(value)})"


def _week_minutes(values: ParsedInputs, era: str) -> tuple[int, Provision]:
    """The weekly hours the monthly salary pays: the contract's, if given; else 44 today (CF/88,
    art. 7º, XIII) and 48 in 1965 (44 in the Escritório Central, art. 7º, § 1º)."""
    hours = values.optional_integer("semana_horas")
    if hours:
        return hours * 60, CLT_64
    if era == "hoje":
        return WEEK_LIMIT_MINUTES.value, CF_WORKING_TIME
    office = values.boolean("escritorio_central")
    return (WEEK_OFFICE if office else WEEK_ORDINARY).value, lei1965("art7_par1" if office else "art7_cpt")


def _hourly_wage(values: ParsedInputs, era: str, result: ResultBuilder) -> Decimal:
    """The daytime ordinary hourly wage (kept exact). In today's values the normal week never
    passes 44 hours (CF/88, art. 7º, XIII): a longer contract week, or a divisor larger than
    the one of the week, is brought down to it, with a line that says so."""
    if values.text("forma_salario") == "hora":
        hourly = values.optional_decimal("salario_hora")
        if hourly is None:
            raise InputError([FieldError("salario_hora", "Salário-hora ordinário diurno: "
                                         "campo obrigatório.")])
        result.step(
            lei1965("art7_par5"),
            "Os acréscimos incidem sobre o salário-hora ordinário do período diurno, informado "
            "diretamente.",
            {"Salário-hora": result.money(hourly)},
        )
        return hourly
    monthly = values.optional_decimal("salario_mensal")
    if monthly is None:
        raise InputError([FieldError("salario_mensal", "Salário mensal: campo obrigatório.")])
    week, week_provision = _week_minutes(values, era)
    chosen = values.optional_integer("divisor")
    divisor = Decimal(chosen) if chosen else monthly_divisor(week)
    typed = divisor
    if era == "hoje":
        legal = monthly_divisor(min(week, WEEK_LIMIT_MINUTES.value))
        if divisor > legal:
            divisor = legal
    hourly = monthly / divisor
    shown = {
        "Salário mensal": result.money(monthly),
        "Horas por semana": format_hours(Decimal(week)),
        "Divisor": format_decimal(divisor.normalize()),
        "Salário-hora": _rounded_and_exact(hourly, result),
    }
    if chosen:
        explanation = "Divisor informado por você. Salário-hora = salário mensal ÷ divisor."
    else:
        explanation = (
            f"Divisor pela CLT, art. 64: {format_hours(Decimal(week))} por semana ÷ "
            f"{WORK_DAYS_A_WEEK.formatted} × {MONTH_DAYS.number} = "
            f"{format_decimal(monthly_divisor(week).normalize())}. Salário-hora = salário mensal "
            f"÷ divisor."
        )
    result.step(CLT_64, explanation, {**shown, "Divisor": format_decimal(typed.normalize())})
    if divisor != typed:
        why = (f"o divisor informado, {format_decimal(typed.normalize())}," if chosen else
               f"a semana do contrato, de {format_hours(Decimal(week))},")
        clamp = (
            f"Hoje a semana normal não passa de {WEEK_LIMIT_MINUTES.formatted} (Constituição, art. "
            f"7º, XIII): {why} daria um salário-hora menor que o da semana de hoje. O mínimo "
            f"de hoje usa o divisor {format_decimal(divisor.normalize())} "
            f"({format_hours(Decimal(min(week, WEEK_LIMIT_MINUTES.value)))} por semana)."
        )
        result.step(CF_WORKING_TIME, clamp, shown)
        result.warn(clamp)
    elif not chosen and week_provision is not CLT_64:
        result.step(
            week_provision,
            f"Semana de hoje: até {WEEK_LIMIT_MINUTES.formatted} de trabalho normal." if era == "hoje"
            else f"Semana de 1965: até {WEEK_ORDINARY.formatted} ordinárias "
                 f"({WEEK_OFFICE.number} no Escritório Central).",
            {"Horas por semana": format_hours(Decimal(week))},
        )
    return hourly


def _line(key: str, description: str, provision: Provision, minutes: Decimal, rate: Decimal,
          hourly: Decimal, paid: bool = True) -> Line:
    """Exact pay of the hours and premium (rounded later, once, with the whole)."""
    if not paid:
        return Line(key, description, provision, minutes, rate, Decimal(0), Decimal(0))
    pay = hourly * minutes / SIXTY
    return Line(key, description, provision, minutes, rate, pay, pay * rate)


def _extension_lines(values: ParsedInputs, hourly: Decimal, paid: bool) -> list[Line]:
    """Lines for the extensions of each period (§ 5º, a and b)."""
    lines: list[Line] = []
    for index, item in enumerate(values.items("prorrogacoes"), start=1):
        minutes = item.decimal("horas")
        first = min(minutes, FIRST_EXTENSION_MINUTES.value)
        beyond = minutes - first
        if first > 0:
            lines.append(_line("prorrogacao_20", f"Período {index}: duas primeiras horas de "
                               "prorrogação", RATE_FIRST.provision, first, RATE_FIRST.value,
                               hourly, paid))
        if beyond > 0:
            lines.append(_line("prorrogacao_50", f"Período {index}: demais horas de "
                               "prorrogação", RATE_BEYOND.provision, beyond, RATE_BEYOND.value,
                               hourly, paid))
    return lines


def _explain(line: Line, result: ResultBuilder, why: str) -> None:
    result.step(
        line.provision,
        why,
        {
            "Horas": format_hours(line.minutes),
            "Acréscimo": f"{format_decimal((line.rate * 100).normalize())}%",
            "Salário das horas": result.money(line.base),
            "Valor do acréscimo": result.money(line.premium),
        },
    )


def _era(values: ParsedInputs, result: ResultBuilder) -> str:
    """The currency of the chosen era; in 1965, the whole cruzeiro (an editorial reading)."""
    era = values.text("era") or "hoje"
    result.use_currency(dict(ERAS)[era])
    result.details["era"] = era
    if era != "1965":
        return era
    given = [values.optional_decimal(n) for n in ("salario_mensal", "salario_hora")]
    result.step(
        LEI_4511,
        "Valores de novembro de 1965: a Lei nº 4.511/1964 extinguiu o centavo e mandou "
        "desprezar as frações então existentes; não diz como arredondar valores calculados "
        "depois. Leitura editorial: o total pago é arredondado uma única vez ao cruzeiro "
        "inteiro (meio cruzeiro ou mais, para cima), e as linhas somam esse total.",
        {"Regra de arredondamento": "ao cruzeiro inteiro (leitura editorial)"},
    )
    if any(v is not None and v != v.to_integral_value() for v in given):
        result.warn(
            "O salário informado tem centavos, que não existiam em novembro de 1965 (Lei nº "
            "4.511/1964): o cálculo usa o valor como informado e arredonda ao cruzeiro inteiro "
            "só o total pago."
        )
    return era


def compute(values: ParsedInputs, result: ResultBuilder, data: Data) -> None:
    """Statement of the extraordinary hours by the 1965 rule, then, in today's values, the
    minimum of today and the worker's agreement side by side."""
    del data
    era = _era(values, result)
    hourly = _hourly_wage(values, era, result)
    chief = values.boolean("cargo_direcao_chefia")
    if chief:
        result.step(
            lei1965("art7_par9"),
            "Cargo de direção ou chefia: é vedada a remuneração dos serviços extraordinários "
            "(prorrogações e horas de refeição); o valor é zero, embora o serviço seja devido.",
            {"Remuneração das horas extraordinárias": result.money(result.round(Decimal(0)))},
        )
        result.warn(
            "Leitura adotada: o § 9º alcança os serviços extraordinários do § 2º (prorrogações "
            "e horas de refeição); o acréscimo de feriado do § 7º continua calculado."
        )
    lines = _extension_lines(values, hourly, not chief)
    meal = values.decimal("horas_refeicao")
    if meal > 0:
        lines.append(_line("refeicao", "Horas de refeição", RATE_MEAL.provision, meal,
                           RATE_MEAL.value, hourly, not chief))
    holiday = values.decimal("horas_feriado")
    day_off = values.boolean("folga_compensatoria")
    holiday_past = _holiday_past(values, holiday)
    if holiday > 0:
        rate = Decimal(0) if day_off else RATE_HOLIDAY.value
        lines.append(_line("feriado", "Horas em feriado", RATE_HOLIDAY.provision, holiday, rate, hourly))
    _settle(lines, result)
    for line in lines:
        _explain(line, result, _why(line, chief, day_off))
    if holiday > 0 and era == "1965":
        result.warn(
            "Leitura da regra de 1965: para o mensalista, o salário das horas do feriado pode já "
            "estar no salário mensal; nesse caso, por essa regra, o que se acrescenta é só o "
            "acréscimo. Hoje é diferente: veja o cálculo em valores de hoje (R$)."
        )
    old_total = _totals(lines, hourly, result,
                        empty=not lines and not values.optional_decimal("horas_extras_hoje"))
    old = result.amounts["total_acrescimos"]["formatted"]
    if chief:
        result.details["minimo_hoje"] = None
        result.highlight(
            f"Pela Lei nº 4.860/1965, quem ocupa cargo de direção ou chefia não recebia pelas "
            f"horas extraordinárias (art. 7º, § 9º): {old} de acréscimos. Para esses cargos, "
            f"esta página não mostra um mínimo de hoje: não conferimos como a lei de hoje trata "
            f"as horas extras de quem dirige ou chefia, e um número sem regra conferida poderia "
            f"enganar. {ASK}"
        )
        return
    if era != "hoje":
        result.details["minimo_hoje"] = None
        result.highlight(
            f"Pela Lei nº 4.860/1965 os acréscimos seriam {old}, em cruzeiros de 1965. O mínimo "
            f"de hoje só é calculado em reais, com o salário de hoje: escolha «valores de hoje "
            f"(R$)». {AGREEMENT_NOTE}"
        )
        return
    extensions = sum((line.minutes for line in lines if line.key.startswith("prorrogacao")), Decimal(0))
    today_minimum(values, Hours(extensions, meal, holiday, day_off, str(old), old_total, holiday_past),
                  hourly, result)


def _holiday_past(values: ParsedInputs, holiday: Decimal) -> Decimal:
    """The holiday hours past today's daily limit (``horas_feriado_alem_do_limite``): never more
    than the holiday hours (a clear message naming both fields, whatever the era or the day off,
    since no hand-off sends such a pair)."""
    past = values.optional_decimal("horas_feriado_alem_do_limite") or Decimal(0)
    if past > holiday:
        raise InputError([FieldError(
            "horas_feriado_alem_do_limite",
            f"«{HOLIDAY_PAST_LABEL}» ({format_hours(past)}) não pode ser mais que «{HOLIDAY_LABEL}» "
            f"({format_hours(holiday)}): são parte delas.",
        )])
    return past


def _why(line: Line, chief: bool, day_off: bool) -> str:
    if chief and line.key != "feriado":
        return "Cargo de direção ou chefia: zero (§ 9º)."
    return {
        "prorrogacao_20": "Duas primeiras horas de prorrogação do período: acréscimo de 20% sobre "
                          "o salário-hora ordinário diurno (também em horas noturnas).",
        "prorrogacao_50": "Demais horas de prorrogação do período: acréscimo de 50% sobre o "
                          "salário-hora ordinário diurno (também em horas noturnas).",
        "refeicao": "Serviço nas horas de refeição: acréscimo de 100%.",
        "feriado": "Feriado com outro dia de folga determinado: sem acréscimo." if day_off
        else "Serviço em feriado legal sem outro dia de folga: acréscimo de 100%.",
    }[line.key]


def _totals(lines: list[Line], hourly: Decimal, result: ResultBuilder, empty: bool) -> str:
    """Amounts by kind and overall, each total the sum of the lines it names; returns the name
    of the extensions' pay with premiums (the 1965 column of the side-by-side table), or ""."""
    zero = result.round(Decimal(0))
    result.amount("salario_hora", "Salário-hora (arredondado)", result.round(hourly))
    pay: list[str] = []
    premiums: list[str] = []
    for key, label in (
        ("prorrogacao_20", "prorrogação a 20%"),
        ("prorrogacao_50", "prorrogação a 50%"),
        ("refeicao", "horas de refeição"),
        ("feriado", "feriado"),
    ):
        chosen = [line for line in lines if line.key == key]
        if chosen:
            result.amount(f"salario_{key}", f"Salário das horas — {label}",
                          sum((line.base for line in chosen), zero), OLD)
            result.amount(f"acrescimo_{key}", f"Acréscimo — {label}",
                          sum((line.premium for line in chosen), zero), OLD)
            pay.append(f"salario_{key}")
            premiums.append(f"acrescimo_{key}")
    extensions = [name for name in pay + premiums if "prorrogacao" in name]
    old_total = ""
    if extensions:
        old_total = "total_prorrogacoes"
        result.total(old_total, "Prorrogações com o acréscimo (regra de 1965)",
                     sorted(extensions, key=(pay + premiums).index), OLD)
    if lines:
        result.total("total_salario_horas", "Total do salário das horas", pay, OLD)
        result.total("total_acrescimos", "Total dos acréscimos (regra de 1965)", premiums, OLD)
        result.total("total", "Total (regra de 1965)", ["total_salario_horas", "total_acrescimos"], OLD)
    else:
        for name, label in (("total_salario_horas", "Total do salário das horas"),
                            ("total_acrescimos", "Total dos acréscimos (regra de 1965)"),
                            ("total", "Total (regra de 1965)")):
            result.amount(name, label, zero, OLD)
    result.details["linhas"] = [line.to_json(result) for line in lines]
    result.warn(
        "O adicional de riscos (art. 14 da Lei nº 4.860/1965, capítulo II) não faz parte desta "
        "edição e não foi calculado."
    )
    if empty:
        result.highlight("Nenhuma hora extraordinária informada: preencha as horas de "
                         "prorrogação de cada período, as horas de refeição ou as de feriado.")
    return old_total


SPEC = CalculatorSpec(
    name="horas_extras",
    order=40,
    title="Horas extraordinárias (Lei nº 4.860/1965)",
    summary=(
        "Calcula o mínimo de hoje das suas horas extras (ao menos 50% por hora, Constituição "
        "de 1988, com o adicional noturno na base quando você o informa) e mostra ao lado a "
        "regra da Lei nº 4.860/1965 (20% nas duas primeiras horas de prorrogação, 50% nas "
        "demais, 100% na hora de refeição e no feriado) e, se você quiser, o seu acordo. Em "
        "valores de hoje (R$) ou de 1965 (Cr$)."
    ),
    statute=LEI_1965,
    currency=CURRENCY,
    provisions=(
        LEI_4511,
        *(
            lei1965(i)
            for i in (
                "art7_cpt", "art7_par1", "art7_par5", "art7_par9", "art7_par5_ali1",
                "art7_par5_ali2", "art7_par5_ali3", "art7_par7",
            )
        ),
        CLT_64,
        CF_WORKING_TIME,
        OJ_60,
        NIGHT_IN_BASE,
        CF_OVERTIME,
        LEI_605_HOLIDAY,
        SUMULA_146,
    ),
    fields=FIELDS,
    compute=compute,
    parameters=PARAMETERS,
    # A question's link: today's values, the monthly salary, the week of today (CF/88, art. 7º,
    # XIII); the salary and the hours stay empty, for the worker's own figures.
    preset=(("era", "hoje"), ("forma_salario", "mensal"), ("semana_horas", WEEK_LIMIT_MINUTES.number)),
)
