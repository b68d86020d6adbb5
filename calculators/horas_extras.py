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

Each line shows the pay of the hours and the premium separately; amounts in cruzeiros.
"""

from dataclasses import dataclass
from decimal import Decimal

from .durations import SIXTY, format_hours, hours_text
from .fields import Choice, Field, ParsedInputs
from .money import Currency, format_decimal, round_money
from .parsing import FieldError, InputError
from .provisions import LEI_1965, Provision, lei1965
from .result import ResultBuilder
from .spec import CalculatorSpec, Data

CURRENCY = Currency.CRUZEIRO
FIRST_EXTENSION_MINUTES = Decimal(120)
RATE_FIRST = Decimal("0.20")
RATE_BEYOND = Decimal("0.50")
RATE_MEAL = Decimal("1.00")
RATE_HOLIDAY = Decimal("1.00")
DIVISOR_DEFAULT = 240
DIVISOR_OFFICE = 220

G_WAGE = "Salário"
G_HOURS = "Horas extraordinárias"

FIELDS: tuple[Field, ...] = (
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
        "Salário mensal ordinário, sem adicionais de risco ou de produtividade.",
        unit="Cr$",
        required=False,
        minimum="0",
        maximum="1000000000",
        currency=CURRENCY,
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
        "Salário-hora ordinário do período diurno, base dos acréscimos do § 5º.",
        unit="Cr$",
        required=False,
        minimum="0",
        maximum="10000000",
        places=4,
        currency=CURRENCY,
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
        "de cada período têm acréscimo de 20%; as demais, de 50% (art. 7º, § 5º).",
        default=[],
        required=False,
        max_items=14,
        item_fields=(
            Field(
                "horas",
                "Horas de prorrogação no período",
                "duration",
                "Duração da prorrogação, como 2:30 ou 2,5.",
                unit="h",
                minimum="0",
                maximum="24",
            ),
        ),
        group=G_HOURS,
    ),
    Field(
        "horas_refeicao",
        "Horas trabalhadas na refeição",
        "duration",
        "Horas de serviço nas horas destinadas à refeição e descanso: acréscimo de 100% "
        "(art. 7º, § 5º, c).",
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
    divisor = chosen or (DIVISOR_OFFICE if office else DIVISOR_DEFAULT)
    hourly = monthly / divisor
    shown_hourly = result.money(round_money(hourly))
    if hourly != round_money(hourly):
        shown_hourly += f" (exato: {format_decimal(hourly, 6)}…)"
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
    key: str, description: str, provision: Provision, minutes: Decimal, rate: Decimal,
    hourly: Decimal, paid: bool = True,
) -> Line:
    """Pay of the hours and premium, each rounded once."""
    if not paid:
        return Line(key, description, provision, minutes, rate, Decimal("0.00"), Decimal("0.00"))
    pay = hourly * minutes / SIXTY
    return Line(key, description, provision, minutes, rate, round_money(pay),
                round_money(pay * rate))


def _extension_lines(values: ParsedInputs, hourly: Decimal, paid: bool) -> list[Line]:
    """Lines for the extensions of each period (§ 5º, a and b)."""
    lines: list[Line] = []
    for index, item in enumerate(values.items("prorrogacoes"), start=1):
        minutes = item.decimal("horas")
        first = min(minutes, FIRST_EXTENSION_MINUTES)
        beyond = minutes - first
        if first > 0:
            lines.append(_line("prorrogacao_20", f"Período {index}: duas primeiras horas de "
                               "prorrogação", lei1965("art7_par5_ali1"), first, RATE_FIRST,
                               hourly, paid))
        if beyond > 0:
            lines.append(_line("prorrogacao_50", f"Período {index}: demais horas de "
                               "prorrogação", lei1965("art7_par5_ali2"), beyond, RATE_BEYOND,
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


def compute(values: ParsedInputs, result: ResultBuilder, data: Data) -> None:
    """Statement of the extraordinary hours."""
    del data
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
    lines = _extension_lines(values, hourly, not chief)
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
        line = _line("refeicao", "Horas de refeição", lei1965("art7_par5_ali3"), meal,
                     RATE_MEAL, hourly, not chief)
        lines.append(line)
        _explain(line, result, "Serviço nas horas de refeição: acréscimo de 100%."
                 if not chief else "Cargo de direção ou chefia: zero (§ 9º).")
    holiday = values.decimal("horas_feriado")
    if holiday > 0:
        day_off = values.boolean("folga_compensatoria")
        rate = Decimal(0) if day_off else RATE_HOLIDAY
        line = _line("feriado", "Horas em feriado", lei1965("art7_par7"), holiday, rate, hourly)
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


def _totals(lines: list[Line], hourly: Decimal, result: ResultBuilder) -> None:
    """Amounts by kind and overall."""
    result.amount("salario_hora", "Salário-hora (arredondado)", round_money(hourly))
    for key, label in (
        ("prorrogacao_20", "prorrogação a 20%"),
        ("prorrogacao_50", "prorrogação a 50%"),
        ("refeicao", "horas de refeição"),
        ("feriado", "feriado"),
    ):
        chosen = [line for line in lines if line.key == key]
        if chosen:
            result.amount(f"salario_{key}", f"Salário das horas — {label}",
                          sum((line.base for line in chosen), Decimal("0.00")))
            result.amount(f"acrescimo_{key}", f"Acréscimo — {label}",
                          sum((line.premium for line in chosen), Decimal("0.00")))
    base = sum((line.base for line in lines), Decimal("0.00"))
    premium = sum((line.premium for line in lines), Decimal("0.00"))
    result.amount("total_salario_horas", "Total do salário das horas", base)
    result.amount("total_acrescimos", "Total dos acréscimos", premium)
    result.amount("total", "Total", base + premium)
    result.details["linhas"] = [line.to_json(result) for line in lines]
    result.warn(
        "O adicional de riscos de 40% (art. 14 da Lei nº 4.860/1965, capítulo II) não faz parte "
        "desta edição e não foi calculado."
    )
    if not lines:
        result.warn("Nenhuma hora extraordinária informada.")


SPEC = CalculatorSpec(
    name="horas_extras",
    title="Horas extraordinárias (Lei nº 4.860/1965)",
    summary=(
        "Calcula o salário-hora (salário mensal ÷ 240, ou ÷ 220 no Escritório Central) e os "
        "acréscimos das horas extraordinárias: 20% nas duas primeiras horas de prorrogação de "
        "cada período, 50% nas demais, 100% nas horas de refeição e 100% no feriado sem outro "
        "dia de folga. Quem ocupa cargo de direção ou chefia não recebe pelos serviços "
        "extraordinários. Valores em cruzeiros."
    ),
    statute=LEI_1965,
    currency=CURRENCY,
    provisions=tuple(
        lei1965(i)
        for i in (
            "art7_cpt", "art7_par1", "art7_par5", "art7_par9", "art7_par5_ali1",
            "art7_par5_ali2", "art7_par5_ali3", "art7_par7",
        )
    ),
    fields=FIELDS,
    compute=compute,
)
