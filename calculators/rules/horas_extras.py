"""Extraordinary hours: Lei nº 4.860/1965, art. 7º, caput and §§ 1º, 2º, 5º, 7º and 9º.

- Hourly wage: monthly salary ÷ divisor, 240 by default (30 days × 8 hours, an inference from
  CLT art. 64 and the 8-hour day of art. 7º, caput) or 220 for the Escritório Central's
  44-hour week (§ 1º); a direct hourly wage is also accepted.
- § 5º: premiums on the *daytime* ordinary hourly wage, night hours included: a) 20% for the
  first two extension hours of a period (``art7_par5_ali1``); b) 50% for the others
  (``art7_par5_ali2``); c) 100% for the meal hours (``art7_par5_ali3``).
- § 7º (``art7_par7``): holiday work +100%, unless the administration grants another day off.
- § 9º (``art7_par9``): holders of direction or chief posts get no pay for extraordinary
  services (meal hours and extensions, § 2º): shown as zero.

Each line shows the pay of the hours and the premium separately.

Era and currency (input ``era``): ``1965`` (default) for values of November 1965, in whole
cruzeiros: Lei nº 4.511/1964, art. 1º, § 1º, abolished the centavo, so every amount paid is
rounded to the whole cruzeiro; ``hoje`` for values of today, in reais with centavos. A
currency sign that contradicts the era is refused with a message.

Today (:mod:`calculators.rules.today`): beside the 1965 premiums the result always gives the minimum
owed today (``total_acrescimos_minimo_hoje``): each extension hour at no less than 50% (CF/88,
art. 7º, XVI), the meal hour at 100% (the higher of the two), the holiday as in § 7º, all on
the basic salary only (TST, OJ nº 60, II, of the SBDI-1).
"""

from dataclasses import dataclass
from decimal import Decimal

from ..acts.cf_1988 import CF_OVERTIME, MIN_OVERTIME_RATE
from ..acts.lei_4511_1964 import LEI_4511
from ..acts.lei_4860_1965 import (
    DIVISOR_DEFAULT,
    DIVISOR_OFFICE,
    FIRST_EXTENSION_MINUTES,
    RATE_BEYOND,
    RATE_FIRST,
    RATE_HOLIDAY,
    RATE_MEAL,
)
from ..acts.tst import OJ_60
from ..core.durations import SIXTY, format_hours, hours_text
from ..core.fields import Choice, Field, ParsedInputs
from ..core.money import Currency, exact_text, format_decimal
from ..core.parameters import AnyParameter
from ..core.parsing import FieldError, InputError
from ..core.provisions import LEI_1965, Provision, lei1965
from ..core.result import ResultBuilder
from ..core.spec import CalculatorSpec, Data
from .today import AGREEMENT_NOTE

CURRENCY = Currency.CRUZEIRO_1965
ERAS: tuple[tuple[str, Currency], ...] = (("1965", Currency.CRUZEIRO_1965), ("hoje", Currency.REAL))
PARAMETERS: tuple[AnyParameter, ...] = (
    DIVISOR_DEFAULT, DIVISOR_OFFICE, FIRST_EXTENSION_MINUTES, RATE_FIRST, RATE_BEYOND, RATE_MEAL,
    RATE_HOLIDAY, MIN_OVERTIME_RATE,
)

G_WAGE = "Salário"
G_HOURS = "Horas extraordinárias"

FIELDS: tuple[Field, ...] = (
    Field(
        "era",
        "Valores de",
        "choice",
        "Em valores de 1965 cada quantia paga é arredondada ao cruzeiro inteiro (não havia "
        "centavos: Lei nº 4.511/1964, art. 1º, § 1º). Em valores de hoje, o resultado sai em "
        "reais, com centavos.",
        default="1965",
        choices=(Choice("1965", "valores de 1965 (Cr$)"), Choice("hoje", "valores de hoje (R$)")),
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
        "extras do portuário: TST, OJ nº 60, II, da SBDI-1). Em cruzeiros ou em reais, conforme "
        "a época escolhida.",
        required=False,
        minimum="0",
        maximum="1000000000",
        currency=CURRENCY,
        currency_from=("era", ERAS),
        placeholder="ex.: 1.200,00",
        group=G_WAGE,
        visible_when=("forma_salario", ("mensal",)),
        required_when=("mensal",),
    ),
    Field(
        "divisor",
        "Divisor do salário mensal",
        "integer",
        "Salário-hora = salário mensal ÷ divisor. Em branco: 240 (30 dias × 8 horas — é uma "
        "inferência, pela regra da CLT, art. 64, aplicada à jornada de 8 horas do art. 7º) ou "
        "220 para o pessoal do Escritório Central, com semana de 44 horas (art. 7º, § 1º).",
        unit="horas",
        required=False,
        minimum="1",
        maximum="720",
        placeholder="240",
        group=G_WAGE,
        visible_when=("forma_salario", ("mensal",)),
    ),
    Field(
        "salario_hora",
        "Salário-hora ordinário diurno",
        "money",
        "Salário-hora ordinário do período diurno, base dos acréscimos do § 5º. Em cruzeiros "
        "ou em reais, conforme a época escolhida.",
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
        "O pessoal do Escritório Central tem limite de 44 horas semanais (art. 7º, § 1º).",
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
)


@dataclass(frozen=True)
class Line:
    """One line of the statement: hours, rate, pay of the hours and premium."""

    key: str
    description: str
    provision: Provision
    minutes: Decimal
    rate: Decimal
    base: Decimal
    premium: Decimal

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


def _rounded_and_exact(value: Decimal, result: ResultBuilder) -> str:
    """An intermediate shown rounded by the era's rule, with the exact value (six places at most)."""
    rounded = result.round(value)
    shown = result.money(rounded)
    return shown if value == rounded else f"{shown} (exato: {exact_text(value)})"


def _hourly_wage(values: ParsedInputs, result: ResultBuilder) -> Decimal:
    """The daytime ordinary hourly wage (kept exact)."""
    office = values.boolean("escritorio_central")
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
    chosen = values.optional_integer("divisor")
    divisor = chosen or (DIVISOR_OFFICE if office else DIVISOR_DEFAULT).value
    hourly = monthly / divisor
    shown_hourly = _rounded_and_exact(hourly, result)
    shown = {
        "Salário mensal": result.money(monthly),
        "Divisor": str(divisor),
        "Salário-hora": shown_hourly,
    }
    if office:
        result.step(
            lei1965("art7_par1"),
            "Pessoal do Escritório Central: limite de 44 horas semanais; divisor 220 salvo "
            "outro informado. Salário-hora = salário mensal ÷ divisor.",
            shown,
        )
    else:
        result.step(
            lei1965("art7_cpt"),
            "Até 8 horas ordinárias por dia: salário-hora = salário mensal ÷ divisor (240 = "
            "30 dias × 8 horas, inferência pela CLT, art. 64).",
            shown,
        )
    return hourly


def _line(
    result: ResultBuilder, key: str, description: str, provision: Provision, minutes: Decimal,
    rate: Decimal, hourly: Decimal, paid: bool = True,
) -> Line:
    """Pay of the hours and premium, each rounded once by the era's rule."""
    if not paid:
        zero = result.round(Decimal(0))
        return Line(key, description, provision, minutes, rate, zero, zero)
    pay = hourly * minutes / SIXTY
    return Line(key, description, provision, minutes, rate, result.round(pay),
                result.round(pay * rate))


def _extension_lines(values: ParsedInputs, hourly: Decimal, paid: bool,
                     result: ResultBuilder) -> list[Line]:
    """Lines for the extensions of each period (§ 5º, a and b)."""
    lines: list[Line] = []
    for index, item in enumerate(values.items("prorrogacoes"), start=1):
        minutes = item.decimal("horas")
        first = min(minutes, FIRST_EXTENSION_MINUTES.value)
        beyond = minutes - first
        if first > 0:
            lines.append(_line(result, "prorrogacao_20", f"Período {index}: duas primeiras horas de "
                               "prorrogação", RATE_FIRST.provision, first, RATE_FIRST.value,
                               hourly, paid))
        if beyond > 0:
            lines.append(_line(result, "prorrogacao_50", f"Período {index}: demais horas de "
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


def _era(values: ParsedInputs, result: ResultBuilder) -> None:
    """The currency of the chosen era; in 1965, the whole-cruzeiro rule of Lei nº 4.511/1964."""
    era = values.text("era") or "1965"
    result.use_currency(dict(ERAS)[era])
    result.details["era"] = era
    if era != "1965":
        return
    given = [values.optional_decimal(n) for n in ("salario_mensal", "salario_hora")]
    result.step(
        LEI_4511,
        "Valores de novembro de 1965: o centavo fora extinto em 1964, e cada quantia paga é "
        "arredondada uma única vez ao cruzeiro inteiro (meio cruzeiro ou mais, para cima). O "
        "salário-hora não é arredondado.",
        {"Regra de arredondamento": "ao cruzeiro inteiro"},
    )
    if any(v is not None and v != v.to_integral_value() for v in given):
        result.warn(
            "O salário informado tem centavos, que não existiam em novembro de 1965 (Lei nº "
            "4.511/1964): o cálculo usa o valor como informado e arredonda ao cruzeiro inteiro "
            "só as quantias pagas."
        )


def compute(values: ParsedInputs, result: ResultBuilder, data: Data) -> None:
    """Statement of the extraordinary hours, then the minimum owed today."""
    del data
    _era(values, result)
    hourly = _hourly_wage(values, result)
    chief = values.boolean("cargo_direcao_chefia")
    if chief:
        result.step(
            lei1965("art7_par9"),
            "Cargo de direção ou chefia: é vedada a remuneração dos serviços extraordinários "
            "(prorrogações e horas de refeição); o valor é zero, embora o serviço seja devido.",
            {"Remuneração das horas extraordinárias": result.money(Decimal("0.00"))},
        )
        result.warn(
            "Leitura adotada: o § 9º alcança os serviços extraordinários do § 2º (prorrogações "
            "e horas de refeição); o acréscimo de feriado do § 7º continua calculado."
        )
    lines = _extension_lines(values, hourly, not chief, result)
    for line in lines:
        why = (
            "Duas primeiras horas de prorrogação do período: acréscimo de 20% sobre o salário-"
            "hora ordinário diurno (também em horas noturnas)."
            if line.key == "prorrogacao_20"
            else "Demais horas de prorrogação do período: acréscimo de 50% sobre o salário-hora "
            "ordinário diurno (também em horas noturnas)."
        )
        _explain(line, result, why if not chief else "Cargo de direção ou chefia: zero (§ 9º).")
    meal = values.decimal("horas_refeicao")
    if meal > 0:
        line = _line(result, "refeicao", "Horas de refeição", RATE_MEAL.provision, meal,
                     RATE_MEAL.value, hourly, not chief)
        lines.append(line)
        _explain(line, result, "Serviço nas horas de refeição: acréscimo de 100%."
                 if not chief else "Cargo de direção ou chefia: zero (§ 9º).")
    holiday = values.decimal("horas_feriado")
    if holiday > 0:
        day_off = values.boolean("folga_compensatoria")
        rate = Decimal(0) if day_off else RATE_HOLIDAY.value
        line = _line(result, "feriado", "Horas em feriado", RATE_HOLIDAY.provision, holiday, rate, hourly)
        lines.append(line)
        _explain(
            line,
            result,
            "Feriado com outro dia de folga determinado: sem acréscimo."
            if day_off
            else "Serviço em feriado legal sem outro dia de folga: acréscimo de 100%.",
        )
        result.warn(
            "Para o mensalista, o salário das horas do feriado pode já estar no salário mensal; "
            "nesse caso o que se acrescenta é só o acréscimo."
        )
    _totals(lines, hourly, result)
    _today(lines, hourly, chief, result)


def _today(lines: list[Line], hourly: Decimal, chief: bool, result: ResultBuilder) -> None:
    """The minimum owed today: CF/88, art. 7º, XVI, on the basic salary (OJ nº 60, II)."""
    result.step(
        OJ_60,
        "Hoje, os adicionais de risco e de produtividade não entram no cálculo das horas "
        "extras do portuário: a comparação usa o salário básico informado (a orientação não "
        "trata do adicional noturno).",
        {"Salário-hora básico": _rounded_and_exact(hourly, result)},
    )
    today_premium = Decimal(0)
    extension = [line for line in lines if line.key.startswith("prorrogacao")]
    extension_today = Decimal(0)
    for line in lines:
        if line.key.startswith("prorrogacao") and line.base:
            premium = result.round(hourly * line.minutes / SIXTY * max(line.rate, MIN_OVERTIME_RATE.value))
            extension_today += premium
        else:
            premium = line.premium
        today_premium += premium
    meal = sum((line.premium for line in lines if line.key == "refeicao"), Decimal(0))
    holiday = sum((line.premium for line in lines if line.key == "feriado"), Decimal(0))
    base = sum((line.base for line in lines), Decimal(0))
    shown = {
        "Horas de prorrogação": format_hours(sum((line.minutes for line in extension), Decimal(0))),
        "Acréscimo das prorrogações (no mínimo 50%)": result.money(extension_today),
    }
    if meal:
        shown["Acréscimo das horas de refeição (100%, maior que 50%)"] = result.money(meal)
    if holiday:
        shown["Acréscimo do feriado (§ 7º, como em 1965)"] = result.money(holiday)
    shown["Total dos acréscimos — mínimo de hoje"] = result.money(today_premium)
    result.step(
        CF_OVERTIME,
        "Hoje cada hora de prorrogação vale no mínimo 50% a mais que a hora normal; a hora de "
        "refeição trabalhada continua a 100%, o maior dos dois.",
        shown,
    )
    result.amount("total_acrescimos_minimo_hoje",
                  "Total dos acréscimos — mínimo de hoje (CF/88, art. 7º, XVI)", today_premium)
    result.amount("total_minimo_hoje", "Total com o salário das horas — mínimo de hoje",
                  base + today_premium)
    result.details["minimo_hoje"] = {
        "acrescimos": format(today_premium, "f"),
        "total": format(base + today_premium, "f"),
    }
    owed = result.money(today_premium)
    old = result.money(sum((line.premium for line in lines), Decimal(0)))
    if result.currency is Currency.REAL:
        result.highlight(
            f"Hoje, o devido é no mínimo {owed} de acréscimos ({result.money(base + today_premium)} "
            f"com o salário das horas), e não os {old} da regra de 1965: desde 1988 a "
            f"Constituição garante ao menos 50% por hora extraordinária. {AGREEMENT_NOTE}"
        )
    else:
        result.highlight(
            f"Pela Lei nº 4.860/1965 os acréscimos seriam {old}. Hoje, com os mesmos valores, o "
            f"mínimo seria {owed}: desde 1988 a Constituição garante ao menos 50% por hora "
            f"extraordinária. Para um cálculo de hoje, escolha «valores de hoje (R$)». "
            f"{AGREEMENT_NOTE}"
        )
    if chief:
        result.warn(
            "Cargo de direção ou chefia: a comparação com hoje mantém o zero do § 9º de 1965; "
            "esta página não verifica como a lei de hoje trata esses cargos."
        )
    if holiday:
        result.warn(
            "O acréscimo do feriado segue o § 7º de 1965; esta comparação não verifica a regra "
            "de hoje para o trabalho em feriados."
        )


def _totals(lines: list[Line], hourly: Decimal, result: ResultBuilder) -> None:
    """Amounts by kind and overall."""
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
                          sum((line.base for line in chosen), result.round(Decimal(0))))
            result.amount(f"acrescimo_{key}", f"Acréscimo — {label}",
                          sum((line.premium for line in chosen), result.round(Decimal(0))))
    base = sum((line.base for line in lines), result.round(Decimal(0)))
    premium = sum((line.premium for line in lines), result.round(Decimal(0)))
    result.amount("total_salario_horas", "Total do salário das horas", base)
    result.amount("total_acrescimos", "Total dos acréscimos (regra de 1965)", premium)
    result.amount("total", "Total (regra de 1965)", base + premium)
    result.details["linhas"] = [line.to_json(result) for line in lines]
    result.warn(
        "O adicional de riscos de 40% (art. 14 da Lei nº 4.860/1965, capítulo II) não faz parte "
        "desta edição e não foi calculado."
    )
    if not lines:
        result.highlight("Nenhuma hora extraordinária informada: preencha as horas de "
                         "prorrogação de cada período, as horas de refeição ou as de feriado.")


SPEC = CalculatorSpec(
    name="horas_extras",
    order=40,
    title="Horas extraordinárias (Lei nº 4.860/1965)",
    summary=(
        "Calcula as horas extraordinárias pela Lei nº 4.860/1965 (20% nas duas primeiras horas "
        "de prorrogação, 50% nas demais, 100% na hora de refeição e no feriado) e, ao lado, o "
        "mínimo de hoje: ao menos 50% por hora extraordinária (Constituição de 1988). Em "
        "valores de 1965 (Cr$) ou de hoje (R$)."
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
        OJ_60,
        CF_OVERTIME,
    ),
    fields=FIELDS,
    compute=compute,
    parameters=PARAMETERS,
)
