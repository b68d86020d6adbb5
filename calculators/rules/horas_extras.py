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
Today (era ``hoje`` only, never in Cr$): the minimum on today's overtime hours
(``horas_extras_hoje``, which ``jornada`` hands over; else the extensions typed) at no less
than 50% (CF/88, art. 7º, XVI), meal hours at 100%, the holiday as in § 7º, on the basic salary
(TST, OJ nº 60, II); night overtime with the night additional the worker receives in its base
(TST, SBDI-1, E-RR-1260-79.2011.5.08.0002, 2016), or a plain statement that it is left out.
Chiefs: no today's figure, the reason and where to ask. The worker's agreement percentages are
shown side by side with the act's rule and the minimum, never as an amount owed.
"""

from dataclasses import dataclass
from decimal import Decimal

from ..acts.cf_1988 import CF_OVERTIME, CF_WORKING_TIME, MIN_OVERTIME_RATE, WEEK_LIMIT_MINUTES
from ..acts.clt import CLT_64, MONTH_DAYS, WORK_DAYS_A_WEEK, monthly_divisor
from ..acts.lei_4511_1964 import LEI_4511
from ..acts.lei_4860_1965 import (
    FIRST_EXTENSION_MINUTES,
    RATE_BEYOND,
    RATE_FIRST,
    RATE_HOLIDAY,
    RATE_MEAL,
    WEEK_OFFICE,
    WEEK_ORDINARY,
)
from ..acts.lei_4860_1965 import SLUG as LEI_1965
from ..acts.lei_4860_1965 import provision as lei1965
from ..acts.tst import NIGHT_IN_BASE, OJ_60
from ..core.durations import SIXTY, format_hours, hours_text
from ..core.fields import Choice, Field, ParsedInputs
from ..core.money import Currency, allocate, exact_text, format_decimal
from ..core.parameters import AnyParameter
from ..core.parsing import FieldError, InputError
from ..core.provisions import Provision
from ..core.result import ResultBuilder
from ..core.spec import CalculatorSpec, Data
from .today import AGREEMENT_NOTE

CURRENCY = Currency.CRUZEIRO_1965
ERAS: tuple[tuple[str, Currency], ...] = (("1965", Currency.CRUZEIRO_1965), ("hoje", Currency.REAL))
PARAMETERS: tuple[AnyParameter, ...] = (
    WEEK_ORDINARY, WEEK_OFFICE, FIRST_EXTENSION_MINUTES, RATE_FIRST, RATE_BEYOND, RATE_MEAL,
    RATE_HOLIDAY, MIN_OVERTIME_RATE, WEEK_LIMIT_MINUTES, MONTH_DAYS, WORK_DAYS_A_WEEK,
)

G_WAGE = "Salário"
G_HOURS = "Horas extraordinárias"

G_TODAY = "Hoje: horas extras, adicional noturno e o seu acordo"

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
        "Em branco: 44 horas hoje (Constituição, art. 7º, XIII) e 48 em 1965 (44 no Escritório "
        "Central). Se o seu contrato tem semana menor, como 40 ou 36 horas, informe-a. O divisor "
        "do salário mensal vem das horas da semana (CLT, art. 64): horas × 30 ÷ 6, ou seja 220 "
        "para 44 horas, 200 para 40, 180 para 36.",
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
    Field(
        "prorrogacoes",
        "Prorrogações por período",
        "list",
        "Uma linha por período de serviço prorrogado. As duas primeiras horas de prorrogação "
        "de cada período têm acréscimo de 20%; as demais, de 50% (art. 7º, § 5º). Uma linha "
        "em branco é ignorada.",
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
                "Duração da prorrogação: 2:30, 2h30, 2,5 ou 150min.",
                unit="h",
                minimum="0",
                maximum="24",
                placeholder="ex.: 2:30",
            ),
        ),
        group=G_HOURS,
    ),
    Field(
        "horas_refeicao",
        "Horas trabalhadas na refeição",
        "duration",
        "Horas de serviço nas horas destinadas à refeição e descanso: acréscimo de 100% "
        "(art. 7º, § 5º, c). Como 1:00, 1h ou 60min.",
        unit="h",
        default="0",
        minimum="0",
        maximum="744",
        group=G_HOURS,
    ),
    Field(
        "horas_feriado",
        "Horas trabalhadas em feriado",
        "duration",
        "Horas de serviço em feriados legais: acréscimo de 100%, salvo se a administração "
        "determinar outro dia de folga (art. 7º, § 7º).",
        unit="h",
        default="0",
        minimum="0",
        maximum="744",
        group=G_HOURS,
    ),
    Field(
        "folga_compensatoria",
        "A administração determinou outro dia de folga pelo feriado",
        "boolean",
        "Com outro dia de folga, o trabalho no feriado não tem o acréscimo de 100% (§ 7º).",
        default=False,
        group=G_HOURS,
    ),
    Field(
        "horas_extras_hoje",
        "Horas extras pelos limites de hoje",
        "duration",
        "As horas além de 8 por dia e 44 por semana (ou 6 por dia em turnos ininterruptos de "
        "revezamento): a calculadora de jornada as preenche. Em branco, contam as prorrogações "
        "informadas acima.",
        unit="h",
        required=False,
        minimum="0",
        maximum="744",
        placeholder="ex.: 4:00",
        group=G_TODAY,
    ),
    Field(
        "horas_extras_noturnas",
        "Dessas horas extras, quantas foram à noite (19h às 7h)",
        "duration",
        "Horas extras feitas entre 19 horas e 7 horas do dia seguinte.",
        unit="h",
        default="0",
        minimum="0",
        maximum="744",
        group=G_TODAY,
    ),
    Field(
        "adicional_noturno",
        "Adicional noturno que você recebe",
        "decimal",
        "O percentual do adicional noturno do seu contracheque ou do seu acordo (ex.: 20). Com "
        "ele, o mínimo de hoje põe o adicional na base das horas extras noturnas.",
        unit="%",
        required=False,
        placeholder="ex.: 20",
        group=G_TODAY,
        minimum="0",
        maximum="1000",
    ),
    Field(
        "acordo_extra",
        "Percentual de hora extra do seu acordo ou convenção",
        "decimal",
        "Se o seu acordo ou convenção coletiva paga mais que 50%, escreva o percentual (ex.: "
        "100). O resultado mostra esse cálculo ao lado, sem dizer que é devido: confira no "
        "acordo.",
        unit="%",
        required=False,
        placeholder="ex.: 100",
        group=G_TODAY,
        minimum="0",
        maximum="1000",
    ),
    Field(
        "acordo_noturno",
        "Adicional noturno do seu acordo ou convenção",
        "decimal",
        "O percentual do adicional noturno do seu acordo, se for outro (ex.: 50).",
        unit="%",
        required=False,
        placeholder="ex.: 50",
        group=G_TODAY,
        minimum="0",
        maximum="1000",
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
    pay and premium); each line shows its share, so the lines add up to the total."""
    exact = [value for line in lines for value in (line.exact_base, line.exact_premium)]
    total, shown = allocate(exact, result.currency)
    pieces = iter(shown)  # pay, premium, pay, premium…
    for line in lines:
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
    """The daytime ordinary hourly wage (kept exact)."""
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
            f"Divisor pela CLT, art. 64: {format_hours(Decimal(week))} por semana ÷ 6 dias × 30 "
            f"= {format_decimal(divisor.normalize())}. Salário-hora = salário mensal ÷ divisor."
        )
    result.step(CLT_64, explanation, shown)
    if not chosen and week_provision is not CLT_64:
        result.step(
            week_provision,
            "Semana de hoje: até 44 horas de trabalho normal." if era == "hoje"
            else "Semana de 1965: até 48 horas ordinárias (44 no Escritório Central).",
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
    if holiday > 0:
        rate = Decimal(0) if day_off else RATE_HOLIDAY.value
        lines.append(_line("feriado", "Horas em feriado", RATE_HOLIDAY.provision, holiday, rate, hourly))
    _settle(lines, result)
    for line in lines:
        _explain(line, result, _why(line, chief, day_off))
    if holiday > 0:
        result.warn(
            "Para o mensalista, o salário das horas do feriado pode já estar no salário mensal; "
            "nesse caso o que se acrescenta é só o acréscimo."
        )
    _totals(lines, hourly, result, empty=not lines and not values.optional_decimal("horas_extras_hoje"))
    _today(values, lines, hourly, chief, era, result)


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


ASK = ("Para saber o que vale no seu caso, pergunte ao sindicato, ao OGMO ou a um advogado "
       "(informação, não orientação jurídica).")


def _today(values: ParsedInputs, lines: list[Line], hourly: Decimal, chief: bool, era: str,
           result: ResultBuilder) -> None:
    """Today's minimum (in R$ only) and the worker's agreement beside the 1965 rule."""
    old = result.money(sum((line.premium for line in lines), result.round(Decimal(0))))
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
    given = values.optional_decimal("horas_extras_hoje")
    extension = sum((line.minutes for line in lines if line.key.startswith("prorrogacao")), Decimal(0))
    overtime = extension if given is None else given
    night = min(values.decimal("horas_extras_noturnas"), overtime)
    night_rate = values.optional_decimal("adicional_noturno")
    n = (night_rate or Decimal(0)) / 100
    rate = MIN_OVERTIME_RATE.value
    pieces: list[Line] = []
    if overtime - night > 0:
        pieces.append(_line("hoje_dia", "Horas extras diurnas", CF_OVERTIME, overtime - night, rate, hourly))
    if night > 0:
        line = _line("hoje_noite", "Horas extras noturnas", CF_OVERTIME, night, rate, hourly)
        if night_rate is not None:
            line = Line("hoje_noite", "Horas extras noturnas (adicional noturno na base)",
                        NIGHT_IN_BASE, night, rate, hourly * night / SIXTY * (1 + n),
                        hourly * night / SIXTY * (1 + n) * rate)
        pieces.append(line)
    pieces += [Line(f"hoje_{line.key}", line.description, line.provision, line.minutes, line.rate,
                    line.exact_base, line.exact_premium) for line in lines
               if line.key in ("refeicao", "feriado")]
    total = _settle(pieces, result)
    premium = sum((p.premium for p in pieces), result.round(Decimal(0)))
    source = ("as horas extras pelos limites de hoje (calculadora de jornada)" if given is not None
              else "as prorrogações informadas (se a sua semana passou de 44 horas, pode haver "
              "mais horas extras hoje: confira na calculadora de jornada)")
    if given is not None:
        result.step(
            lei1965("art7_cpt"),
            "Em 1965 eram ordinárias até 8 horas por dia e 48 por semana; só o que passava disso "
            "era prorrogação. Hoje o limite da semana é menor, e as horas extras de hoje podem "
            "ser mais que as prorrogações de 1965.",
            {"Prorrogações de 1965": format_hours(extension), "Horas extras de hoje": format_hours(given)},
        )
    result.step(
        CF_WORKING_TIME,
        f"Horas extras de hoje: {source}.",
        {"Horas extras de hoje": format_hours(overtime), "Delas, à noite": format_hours(night)},
    )
    result.step(
        OJ_60,
        "Hoje, os adicionais de risco e de produtividade não entram no cálculo das horas "
        "extras do portuário: a base é o salário básico informado.",
        {"Salário-hora básico": _rounded_and_exact(hourly, result)},
    )
    if night > 0 and night_rate is not None:
        result.step(
            NIGHT_IN_BASE,
            "Para o portuário, o adicional noturno entra na base das horas extras feitas à "
            "noite (a Orientação nº 97 prevalece; o item II da nº 60 não o exclui).",
            {"Adicional noturno informado": f"{format_decimal(night_rate.normalize())}%",
             "Horas extras noturnas": format_hours(night)},
        )
    shown = {p.description: result.money(p.base + p.premium) for p in pieces}
    shown["Total — mínimo de hoje"] = result.money(total)
    result.step(
        CF_OVERTIME,
        "Hoje cada hora extra vale no mínimo 50% a mais que a hora normal; a hora de refeição "
        "trabalhada continua a 100%, o maior dos dois.",
        shown,
    )
    result.amount("total_acrescimos_minimo_hoje",
                  "Total dos acréscimos — mínimo de hoje (CF/88, art. 7º, XVI)", premium)
    result.amount("total_minimo_hoje", "Total com o salário das horas — mínimo de hoje", total)
    result.details["minimo_hoje"] = {"acrescimos": format(premium, "f"), "total": format(total, "f"),
                                     "linhas": [p.to_json(result) for p in pieces]}
    night_note = ""
    if night > 0 and night_rate is None:
        night_note = (" Este mínimo não inclui o adicional noturno das horas extras feitas à "
                      "noite: informe o adicional que você recebe para incluí-lo.")
    result.highlight(
        f"Hoje, o devido é no mínimo {result.money(premium)} de acréscimos "
        f"({result.money(total)} com o salário das horas), e não os {old} da regra de 1965: "
        f"desde 1988 a Constituição garante ao menos 50% por hora extraordinária.{night_note} "
        f"{AGREEMENT_NOTE}"
    )
    if any(p.key == "hoje_feriado" for p in pieces):
        result.warn(
            "O acréscimo do feriado segue o § 7º de 1965 (100%); esta comparação não verifica a "
            "regra de hoje para o trabalho em feriados."
        )
    _side_by_side(values, lines, pieces, overtime, night, hourly, result)


def _side_by_side(values: ParsedInputs, lines: list[Line], pieces: list[Line], overtime: Decimal,
                  night: Decimal, hourly: Decimal, result: ResultBuilder) -> None:
    """The act's rule (history), the Constitution's minimum (today) and the worker's agreement,
    on the overtime hours, in one table. The agreement's figure is only what its percentages
    give: never said to be owed."""
    agreement = values.optional_decimal("acordo_extra")
    agreement_night = values.optional_decimal("acordo_noturno")
    if agreement_night is None:
        agreement_night = values.optional_decimal("adicional_noturno")
    extensions = [line for line in lines if line.key.startswith("prorrogacao")]
    act_total = sum((line.base + line.premium for line in extensions), result.round(Decimal(0)))
    today_total = sum((p.base + p.premium for p in pieces if p.key in ("hoje_dia", "hoje_noite")),
                      result.round(Decimal(0)))
    columns = ["", "Regra da Lei nº 4.860/1965 (história)", "Mínimo da Constituição (hoje)"]
    hours_row = ["Horas extras consideradas",
                 format_hours(sum((line.minutes for line in extensions), Decimal(0))), format_hours(overtime)]
    rate_row = ["Acréscimo por hora", "20% nas duas primeiras, 50% nas demais", "50% no mínimo"]
    money_row = ["Horas extras com o acréscimo", result.money(act_total), result.money(today_total)]
    if agreement is not None:
        a = agreement / 100
        n = (agreement_night or Decimal(0)) / 100
        exact = [hourly * (overtime - night) / SIXTY * (1 + a),
                 hourly * night / SIXTY * (1 + n) * (1 + a)]
        agreed, _ = allocate(exact, result.currency)
        columns.append("Pelo seu acordo (informado por você)")
        hours_row.append(format_hours(overtime))
        rate_row.append(f"{format_decimal(agreement.normalize())}%")
        money_row.append(result.money(agreed))
        result.amount("horas_extras_pelo_acordo",
                      "Horas extras pelos percentuais que você informou do seu acordo (não é um "
                      "valor devido: confira no acordo)", agreed)
    result.table(
        "Lado a lado: a lei de 1965, o mínimo de hoje e o seu acordo", columns,
        [hours_row, rate_row, money_row],
        note=("A coluna do acordo só aplica os percentuais que você escreveu; esta página não "
              "conhece o seu acordo e não diz que esse valor é devido. " + ASK)
        if agreement is not None else
        ("Se o seu acordo ou convenção paga mais, escreva os percentuais dele para vê-los ao "
         "lado. " + ASK),
    )


def _totals(lines: list[Line], hourly: Decimal, result: ResultBuilder, empty: bool) -> None:
    """Amounts by kind and overall (each the sum of the lines shown)."""
    zero = result.round(Decimal(0))
    result.amount("salario_hora", "Salário-hora (arredondado)", result.round(hourly))
    for key, label in (
        ("prorrogacao_20", "prorrogação a 20%"),
        ("prorrogacao_50", "prorrogação a 50%"),
        ("refeicao", "horas de refeição"),
        ("feriado", "feriado"),
    ):
        chosen = [line for line in lines if line.key == key]
        if chosen:
            result.amount(f"salario_{key}", f"Salário das horas — {label}",
                          sum((line.base for line in chosen), zero))
            result.amount(f"acrescimo_{key}", f"Acréscimo — {label}",
                          sum((line.premium for line in chosen), zero))
    base = sum((line.base for line in lines), zero)
    premium = sum((line.premium for line in lines), zero)
    result.amount("total_salario_horas", "Total do salário das horas", base)
    result.amount("total_acrescimos", "Total dos acréscimos (regra de 1965)", premium)
    result.amount("total", "Total (regra de 1965)", base + premium)
    result.details["linhas"] = [line.to_json(result) for line in lines]
    result.warn(
        "O adicional de riscos de 40% (art. 14 da Lei nº 4.860/1965, capítulo II) não faz parte "
        "desta edição e não foi calculado."
    )
    if empty:
        result.highlight("Nenhuma hora extraordinária informada: preencha as horas de "
                         "prorrogação de cada período, as horas de refeição ou as de feriado.")


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
    ),
    fields=FIELDS,
    compute=compute,
    parameters=PARAMETERS,
)
