"""Work during the meal time and the charge to the shipowner: Decreto-Lei of 20 Nov 1941,
art. 7º, caput and § 2º, and art. 8º.

- Art. 7º, caput (``art7_cpt``): the day has 8 hours of 60 minutes in two 4-hour turnos
  separated by a break of one to one and a half hours for meal and rest.
- § 2º (``art7_par2``): work during the meal hours is paid with a supplement of *double* the
  wage corresponding to the meal's duration (reading: the supplement is 2 × that wage).
- Art. 8º (``art8_cpt``): the extraordinary expenses paid by the port concessionaire under
  art. 4º, § 2º, and art. 7º, § 2º, are charged to the shipowner who asked for the service,
  plus 10%.
"""


from ..acts.decreto_lei_3844_1941 import (
    DAY_HOURS,
    DAY_MINUTES,
    MEAL_BREAK_MAX,
    MEAL_BREAK_MIN,
    MEAL_SUPPLEMENT,
    SHIPOWNER_SURCHARGE,
)
from ..acts.decreto_lei_3844_1941 import SLUG as DL_1941
from ..acts.decreto_lei_3844_1941 import provision as dl1941
from ..core.fields import Field, ParsedInputs
from ..core.money import Currency, round_money
from ..core.parameters import AnyParameter
from ..core.result import ResultBuilder
from ..core.spec import CalculatorSpec, Data

CURRENCY = Currency.MIL_REIS
PARAMETERS: tuple[AnyParameter, ...] = (
    DAY_MINUTES, MEAL_BREAK_MIN, MEAL_BREAK_MAX, MEAL_SUPPLEMENT, SHIPOWNER_SURCHARGE,
)

FIELDS: tuple[Field, ...] = (
    Field(
        "salario_dia",
        "Salário-dia vigente",
        "money",
        "Salário de um dia de 8 horas de 60 minutos (art. 7º).",
        unit="mil-réis",
        minimum="0",
        maximum="100000",
        currency=CURRENCY,
        plausible_max="500",
        placeholder="ex.: 12 ou 12$000",
    ),
    Field(
        "minutos_refeicao",
        "Duração da refeição trabalhada",
        "integer",
        "Minutos do intervalo de refeição em que se trabalhou. O art. 7º prevê intervalo de uma "
        "a uma hora e meia (60 a 90 minutos).",
        unit="min",
        default=MEAL_BREAK_MIN.value,
        minimum="1",
        maximum="180",
    ),
    Field(
        "operarios",
        "Operários que trabalharam na refeição",
        "integer",
        "Quantos operários trabalharam durante a refeição.",
        unit="operários",
        default=1,
        minimum="1",
        maximum="1000",
    ),
    Field(
        "despesa_espera",
        "Despesa com esperas do art. 4º, § 2º",
        "money",
        "Quantia já paga pelo concessionário por esperas e paralisações do art. 4º, § 2º, no "
        "mesmo serviço (veja a calculadora de esperas). Também é debitada ao armador.",
        unit="mil-réis",
        default="0",
        minimum="0",
        maximum="100000000",
        currency=CURRENCY,
    ),
    Field(
        "requisitado_por_armador",
        "O serviço foi requisitado por armador",
        "boolean",
        "Art. 8º: a despesa extraordinária é debitada ao armador que requisitou o serviço.",
        default=True,
    ),
)


def compute(values: ParsedInputs, result: ResultBuilder, data: Data) -> None:
    """Meal-time supplement (art. 7º, § 2º) and the shipowner's debit (art. 8º)."""
    del data
    wage_day = values.decimal("salario_dia")
    minutes = values.integer("minutos_refeicao")
    workers = values.integer("operarios")
    waiting = values.decimal("despesa_espera")
    result.step(
        dl1941("art7_cpt"),
        "O dia de trabalho tem 8 horas de 60 minutos: o salário da duração da refeição é o "
        "salário-dia × minutos ÷ 480.",
        {"Salário-dia": result.money(wage_day), "Salário-hora": result.money(wage_day / DAY_HOURS)},
    )
    if not MEAL_BREAK_MIN.value <= minutes <= MEAL_BREAK_MAX.value:
        result.warn(
            "O art. 7º prevê intervalo de refeição e repouso de uma a uma hora e meia; a "
            "duração informada está fora desse intervalo."
        )
    meal_wage = wage_day * minutes / DAY_MINUTES.value
    supplement = round_money(MEAL_SUPPLEMENT.value * meal_wage)
    total = supplement * workers
    result.step(
        dl1941("art7_par2"),
        "Trabalho nas horas de refeição: suplemento de remuneração igual ao dobro do salário "
        "correspondente à duração da refeição.",
        {
            "Duração": f"{minutes} min",
            "Salário da duração": result.money(meal_wage),
            "Suplemento por operário (dobro)": result.money(supplement),
            "Operários": str(workers),
            "Suplemento total": result.money(total),
        },
    )
    result.amount("suplemento_por_operario", "Suplemento por operário", supplement)
    result.amount("suplemento_total", "Suplemento de todos os operários", total)
    parts = ["suplemento_total"]
    if round_money(waiting):
        result.amount("esperas", "Esperas (art. 4º, § 2º)", round_money(waiting))
        parts.append("esperas")
    expense = result.total("despesa_extraordinaria", "Despesa extraordinária", parts)
    if not values.boolean("requisitado_por_armador"):
        result.warn(
            "Sem armador requisitante, o art. 8º não tem a quem debitar a despesa "
            "extraordinária: nada foi calculado para o armador."
        )
        return
    surcharge = round_money(expense * SHIPOWNER_SURCHARGE.value)
    debit = expense + surcharge  # recorded below as the sum of its two lines
    result.step(
        dl1941("art8_cpt"),
        "Os dispêndios extraordinários (art. 4º, § 2º, e art. 7º, § 2º) são debitados ao "
        "armador que requisitou o serviço, acrescidos de dez por cento.",
        {
            "Suplemento de refeição": result.money(total),
            "Esperas (art. 4º, § 2º)": result.money(round_money(waiting)),
            "Despesa": result.money(expense),
            "Acréscimo de 10%": result.money(surcharge),
            "Débito ao armador": result.money(debit),
        },
    )
    result.amount("acrescimo_armador", f"Acréscimo de {SHIPOWNER_SURCHARGE.formatted} (art. 8º)", surcharge)
    result.total("debito_armador", "Débito ao armador", ["despesa_extraordinaria", "acrescimo_armador"])


SPEC = CalculatorSpec(
    name="refeicao",
    order=30,
    title="Trabalho na hora da refeição e débito ao armador (1941)",
    summary=(
        "Calcula o suplemento de quem trabalha na hora da refeição e quanto se debita ao armador "
        "que requisitou o serviço. Valores em mil-réis."
    ),
    statute=DL_1941,
    currency=CURRENCY,
    provisions=tuple(dl1941(i) for i in ("art7_cpt", "art7_par2", "art8_cpt")),
    fields=FIELDS,
    compute=compute,
    history=True,
    parameters=PARAMETERS,
)
