"""Waiting, stoppages and guaranteed minimums: Decreto-Lei of 20 Nov 1941, art. 4º, §§ 2º–6º.

- § 2º (``art4_par2``): time lost because the service did not start at the hour for which the
  workers were called, was interrupted by rain, or waited on rough water: half the current wage.
- § 3º (``art4_par3``): late start or stoppage of *more than* 20 consecutive minutes through no
  fault of the workers and through the fault of third parties: the full wage for the time
  stopped; the port administration, when not itself responsible, may recover the amount from
  whoever caused the stoppage.
- § 4º (``art4_par4``): production pay short of half a day's wage is raised to half a day's
  wage. Reading adopted: half a day is one 4-hour turno of the 8-hour day of art. 7º
  (``art7_cpt``).
- § 5º (``art4_par5``): if that work lasts more than half a day *and* exceeds 30 tonnes, the
  workers are paid by the hours actually worked. Reading adopted (the literal one): «o trabalho
  a que se refere o parágrafo anterior» is the work of § 4º, whose production does not reach
  half a day's wage. It makes a cliff: a production just short of half a day is paid by the
  hours, one of half a day or more is paid as produced, which can be half as much. The other
  reading (§ 5º for every service over half a day and over 30 tonnes) pays the hours in both
  cases; the step and a warning state the cliff and what the other reading gives.
- § 6º (``art4_par6``): a guaranteed monthly minimum tops up the month's piece-rate pay.

All amounts are per worker, in mil-réis.
"""

from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType

from ..acts.decreto_lei_3844_1941 import (
    DAY_HOURS,
    DAY_MINUTES,
    HALF_DAY_MINUTES,
    HOUR_MINUTES,
    SHIPOWNER_SURCHARGE,
    STOPPAGE_THRESHOLD,
    TONNAGE_THRESHOLD,
    WAITING_SHARE,
)
from ..acts.decreto_lei_3844_1941 import SLUG as DL_1941
from ..acts.decreto_lei_3844_1941 import provision as dl1941
from ..core.fields import Choice, Field, ParsedInputs
from ..core.money import Currency, format_plain, round_money
from ..core.parameters import AnyParameter
from ..core.parsing import FieldError, InputError
from ..core.result import ResultBuilder
from ..core.spec import CalculatorSpec, Data

CURRENCY = Currency.MIL_REIS
PARAMETERS: tuple[AnyParameter, ...] = (
    DAY_MINUTES, HOUR_MINUTES, WAITING_SHARE, STOPPAGE_THRESHOLD, HALF_DAY_MINUTES, TONNAGE_THRESHOLD,
)

EVENTS: Mapping[str, str] = MappingProxyType({
    "atraso_inicio": "o serviço não começou na hora para que os operários foram escalados",
    "chuva": "o serviço foi interrompido por chuva",
    "agitacao_aguas": "houve esperas e delongas devidas à agitação das águas",
    "paralisacao": "o serviço foi paralisado",
})
HALF_WAGE_EVENTS = ("atraso_inicio", "chuva", "agitacao_aguas")
THIRD_PARTY_EVENTS = ("atraso_inicio", "paralisacao")

G_WAIT = "Espera ou paralisação (§§ 2º e 3º)"
G_SMALL = "Pouca mercadoria (§§ 4º e 5º)"
G_MONTH = "Mínimo mensal (§ 6º)"

FIELDS: tuple[Field, ...] = (
    Field(
        "salario_dia",
        "Salário-dia vigente",
        "money",
        f"Salário de um dia de trabalho do operário. O dia (ou a noite) tem "
        f"{DAY_MINUTES.formatted} de {HOUR_MINUTES.formatted} em dois turnos de "
        f"{HALF_DAY_MINUTES.formatted} (art. 7º).",
        unit="mil-réis",
        minimum="0",
        maximum="100000",
        currency=CURRENCY,
        plausible_max="500",
        placeholder="ex.: 12 ou 12$000",
    ),
    Field(
        "evento",
        "O que aconteceu",
        "choice",
        "Atraso no início, chuva e agitação das águas: metade do salário pelo tempo perdido "
        "(§ 2º). Atraso ou paralisação de mais de 20 minutos por falta de terceiros: salário "
        "integral (§ 3º).",
        default="nenhum",
        choices=(
            Choice("nenhum", "Nenhuma espera ou paralisação"),
            Choice("atraso_inicio", "O serviço não começou na hora da escala"),
            Choice("chuva", "Interrupção por chuva"),
            Choice("agitacao_aguas", "Esperas pela agitação das águas"),
            Choice("paralisacao", "Paralisação durante o serviço"),
        ),
        group=G_WAIT,
    ),
    Field(
        "minutos",
        "Tempo parado ou de espera",
        "integer",
        "Duração, em minutos consecutivos, da espera ou da paralisação.",
        unit="min",
        default=0,
        minimum="0",
        maximum="1440",
        group=G_WAIT,
        visible_when=("evento", tuple(EVENTS)),
    ),
    Field(
        "falta_de_terceiros",
        "Por falta estranha aos operários, de responsabilidade de terceiros",
        "boolean",
        "Marque quando a causa não é dos operários e cabe a terceiros (ou à própria "
        "administração do porto) — condição do § 3º.",
        default=False,
        group=G_WAIT,
        visible_when=("evento", THIRD_PARTY_EVENTS),
    ),
    Field(
        "administracao_responsavel",
        "A responsável é a própria administração do porto",
        "boolean",
        "Se a administração do porto não for a responsável, ela pode cobrar a quantia paga a "
        "quem motivou a paralisação (§ 3º).",
        default=False,
        group=G_WAIT,
        visible_when=("evento", THIRD_PARTY_EVENTS),
    ),
    Field(
        "producao",
        "Remuneração por produção do operário",
        "money",
        "Quanto coube ao operário pela produção do serviço (deixe em branco para não verificar "
        "o mínimo de meio dia do § 4º).",
        unit="mil-réis",
        required=False,
        minimum="0",
        maximum="1000000",
        currency=CURRENCY,
        plausible_max="5000",
        placeholder="ex.: 6$500",
        group=G_SMALL,
    ),
    Field(
        "duracao_minutos",
        "Duração efetiva do serviço",
        "integer",
        "Minutos de efetiva duração do serviço (para o § 5º: mais de meio dia, isto é, mais "
        "de 240 minutos). Em branco se não souber.",
        unit="min",
        required=False,
        minimum="0",
        maximum="1440",
        group=G_SMALL,
    ),
    Field(
        "toneladas",
        "Quantidade manipulada pela turma",
        "decimal",
        "Toneladas manipuladas (para o § 5º: mais de 30 toneladas). Em branco se não souber.",
        unit="t",
        required=False,
        minimum="0",
        maximum="1000000",
        places=3,
        group=G_SMALL,
    ),
    Field(
        "minimo_mensal",
        "Remuneração mínima mensal assegurada",
        "money",
        "Mínimo mensal a que o operário mensalista ou diarista tinha direito na data do "
        "decreto-lei (§ 6º). Deixe em branco para não verificar.",
        unit="mil-réis",
        required=False,
        minimum="0",
        maximum="10000000",
        currency=CURRENCY,
        plausible_max="20000",
        placeholder="ex.: 300$000",
        group=G_MONTH,
    ),
    Field(
        "producao_mes",
        "Remuneração por unidade recebida no mês",
        "money",
        "Total recebido no mês pela produção (por unidade).",
        unit="mil-réis",
        required=False,
        minimum="0",
        maximum="10000000",
        currency=CURRENCY,
        plausible_max="20000",
        placeholder="ex.: 250$000",
        group=G_MONTH,
    ),
)


def _by_time(wage_day: Decimal, minutes: int) -> Decimal:
    """Exact wage for a number of minutes: salário-dia × minutos ÷ 480."""
    return wage_day * minutes / DAY_MINUTES.value


def _day_step(result: ResultBuilder, wage_day: Decimal) -> None:
    result.step(
        dl1941("art7_cpt"),
        f"O dia de trabalho tem {DAY_MINUTES.formatted} de {HOUR_MINUTES.formatted}, em dois "
        f"turnos de {HALF_DAY_MINUTES.formatted}: o salário de um minuto é o salário-dia ÷ "
        f"{DAY_MINUTES.value}.",
        {"Salário-dia": result.money(wage_day), "Salário-hora": result.money(wage_day / DAY_HOURS)},
    )


def _waiting(values: ParsedInputs, result: ResultBuilder, wage_day: Decimal) -> None:
    """§§ 2º and 3º."""
    event = values.text("evento")
    minutes = values.integer("minutos")
    if minutes <= 0:
        raise InputError([FieldError("minutos", "Tempo parado ou de espera: informe os minutos.")])
    third_party = values.boolean("falta_de_terceiros")
    shown = {"Evento": EVENTS[event], "Tempo": f"{minutes} min"}
    if event in THIRD_PARTY_EVENTS and third_party:
        if minutes > STOPPAGE_THRESHOLD.value:
            pay = round_money(_by_time(wage_day, minutes))
            result.step(
                dl1941("art4_par3"),
                "Mais de 20 minutos consecutivos por falta estranha aos operários, de "
                "responsabilidade de terceiros: salário integral pelo tempo parado.",
                {**shown, "Pagamento": result.money(pay)},
            )
            result.amount("pagamento_paralisacao", "Pagamento da paralisação (§ 3º)", pay)
            if values.boolean("administracao_responsavel"):
                result.warn(
                    "A própria administração do porto é a responsável: ela arca com o "
                    "pagamento e não há de quem cobrá-lo (§ 3º)."
                )
            else:
                result.amount("valor_a_cobrar", "Quantia que a administração pode cobrar", pay)
                result.warn(
                    "A administração do porto tem o direito de cobrar a quantia paga pela "
                    "inatividade à entidade que motivou a paralisação (§ 3º)."
                )
            return
        result.step(
            dl1941("art4_par3"),
            f"{minutes} minutos não passam de 20 minutos consecutivos: o salário integral do "
            "§ 3º não se aplica.",
            shown,
        )
    if event in HALF_WAGE_EVENTS:
        full = _by_time(wage_day, minutes)
        pay = round_money(full * WAITING_SHARE.value)
        result.step(
            dl1941("art4_par2"),
            f"Como {EVENTS[event]}, os operários escalados recebem metade do salário vigente "
            "pelo tempo de paralisação ou de espera.",
            {**shown, "Salário do tempo": result.money(full), "Metade": result.money(pay)},
        )
        result.amount("pagamento_espera", "Pagamento da espera (§ 2º)", pay)
        result.warn(
            "A despesa extraordinária do § 2º é debitada ao armador que requisitou o serviço, "
            f"com acréscimo de {SHIPOWNER_SURCHARGE.formatted} (art. 8º); veja a calculadora de "
            "trabalho na hora da refeição."
        )
        return
    result.amount("pagamento_espera", "Pagamento da paralisação", Decimal("0.00"))
    result.warn(
        "Paralisação que não passa de 20 minutos, ou que não se deve a terceiros: nenhum "
        "pagamento pelos §§ 2º e 3º."
    )


def _small_quantity(values: ParsedInputs, result: ResultBuilder, wage_day: Decimal) -> None:
    """§§ 4º and 5º, with half a day read as one turno."""
    production = values.decimal("producao")
    minutes = values.optional_integer("duracao_minutos")
    tonnes = values.optional_decimal("toneladas")
    half_day = round_money(wage_day * HALF_DAY_MINUTES.value / DAY_MINUTES.value)
    result.warn(
        "Leitura adotada: \"meio dia de salário\" (§ 4º) é o salário de um turno de 4 horas, "
        "metade do dia de 8 horas do art. 7º. É uma interpretação."
    )
    shown = {"Produção": result.money(production), "Meio dia (um turno)": result.money(half_day)}
    over_half = minutes is not None and minutes > HALF_DAY_MINUTES.value
    over_tonnage = tonnes is not None and tonnes > TONNAGE_THRESHOLD.value
    by_hours = round_money(_by_time(wage_day, minutes)) if over_half and minutes is not None else None
    if production >= half_day:
        result.step(dl1941("art4_par4"),
                    "A produção já assegura ao menos meio dia de salário: nada a complementar.", shown)
        if over_tonnage and by_hours is not None and by_hours > round_money(production):
            other = _other_reading(result, minutes, tonnes, by_hours)
            result.step(
                dl1941("art4_par5"),
                "O serviço passou de meio dia e de "
                f"{TONNAGE_THRESHOLD.formatted}, mas, pela leitura adotada, o § 5º só vale para o "
                f"trabalho do § 4º (produção abaixo de meio dia): paga-se a produção. {other}",
                {"Produção": result.money(production), "Pelas horas": result.money(by_hours)},
            )
            result.warn(
                f"Degrau do § 5º (leitura adotada): com a produção de {result.money(production)}, "
                f"igual ou acima de meio dia ({result.money(half_day)}), paga-se a produção; com "
                f"um pouco menos que meio dia, pagar-se-iam as horas, {result.money(by_hours)}. "
                f"{other}"
            )
        result.amount("remuneracao_minima", "Remuneração devida", round_money(production))
        result.amount("complemento", "Complemento", Decimal("0.00"))
        return
    result.step(
        dl1941("art4_par4"),
        "A produção não assegura meio dia de salário (um turno de 4 horas, leitura adotada).",
        shown,
    )
    # Only the facts the user gave are stated (never a duration or a tonnage not informed).
    facts: dict[str, str] = {}
    if minutes is not None:
        facts["Duração"] = f"{minutes} min"
    if tonnes is not None:
        facts["Quantidade"] = f"{format_plain(tonnes)} t"
    if over_half and over_tonnage and minutes is not None:
        due = round_money(_by_time(wage_day, minutes))
        cliff = (
            f"Leitura adotada: o § 5º vale para o trabalho do § 4º, cuja produção não chega a meio "
            f"dia. Isso cria um degrau: se a produção chegasse a meio dia ({result.money(half_day)}), "
            f"o § 5º deixaria de valer e o pagamento cairia para a produção. Na outra leitura (o "
            f"§ 5º para todo serviço de mais de meio dia e de mais de "
            f"{TONNAGE_THRESHOLD.formatted}), as horas ({result.money(due)}) seriam pagas também "
            "então."
        )
        result.step(
            dl1941("art4_par5"),
            f"O serviço durou mais de meio dia e passou de {TONNAGE_THRESHOLD.formatted}: paga-se "
            f"por salário, pelas horas de efetiva duração. {cliff}",
            {**facts, "Salário pelas horas": result.money(due)},
        )
        result.warn(cliff)
    else:
        missing = []
        if minutes is None:
            missing.append("não tem duração informada")
        elif not over_half:
            missing.append("não durou mais de meio dia (4 horas)")
        if tonnes is None:
            missing.append("não tem quantidade informada")
        elif not over_tonnage:
            missing.append("não passou de 30 toneladas")
        due = half_day
        result.step(
            dl1941("art4_par5"),
            f"O pagamento por horas do § 5º não se aplica: o serviço {' e '.join(missing)}. "
            "Vale o meio dia de salário do § 4º.",
            {**facts, "Meio dia de salário": result.money(due)},
        )
    result.amount("remuneracao_minima", "Remuneração devida", due)
    result.amount("complemento", "Complemento sobre a produção", due - round_money(production))


def _other_reading(result: ResultBuilder, minutes: int | None, tonnes: Decimal | None,
                   by_hours: Decimal) -> str:
    """What the other reading of § 5º gives (every service over half a day and the tonnage)."""
    return (f"Na outra leitura (o § 5º para todo serviço de mais de meio dia e de mais de "
            f"{TONNAGE_THRESHOLD.formatted}), este serviço de {minutes} min e "
            f"{format_plain(tonnes or Decimal(0))} t seria pago pelas horas: {result.money(by_hours)}.")


def _monthly(values: ParsedInputs, result: ResultBuilder) -> None:
    """§ 6º."""
    minimum = values.decimal("minimo_mensal")
    month = values.decimal("producao_mes")
    difference = round_money(max(minimum - month, Decimal(0)))
    why = (
        "A remuneração por unidade no mês ficou abaixo do mínimo assegurado: o concessionário "
        "paga a diferença."
        if difference > 0
        else "A remuneração por unidade no mês alcançou o mínimo assegurado: não há diferença."
    )
    result.step(
        dl1941("art4_par6"),
        why,
        {
            "Mínimo mensal": result.money(minimum),
            "Recebido por unidade": result.money(month),
            "Diferença": result.money(difference),
        },
    )
    result.amount("diferenca_minimo_mensal", "Diferença do mínimo mensal (§ 6º)", difference)


def compute(values: ParsedInputs, result: ResultBuilder, data: Data) -> None:
    """Apply §§ 2º–6º of art. 4º to what the user reported."""
    del data
    wage_day = values.decimal("salario_dia")
    has_event = values.text("evento") in EVENTS
    has_production = values.optional_decimal("producao") is not None
    monthly = (values.optional_decimal("minimo_mensal"), values.optional_decimal("producao_mes"))
    errors = []
    if monthly[0] is not None and monthly[1] is None:
        errors.append(FieldError("producao_mes", "Remuneração por unidade recebida no mês: "
                                 "informe-a para comparar com o mínimo."))
    if monthly[1] is not None and monthly[0] is None:
        errors.append(FieldError("minimo_mensal", "Remuneração mínima mensal assegurada: "
                                 "informe-a para comparar com o recebido."))
    if not (has_event or has_production or None not in monthly) and not errors:
        errors.append(FieldError("evento", "O que aconteceu: escolha uma situação, ou informe a "
                                 "produção ou o mínimo mensal."))
    if errors:
        raise InputError(errors)
    if has_event or has_production:
        _day_step(result, wage_day)
    if has_event:
        _waiting(values, result, wage_day)
    if has_production:
        _small_quantity(values, result, wage_day)
    if None not in monthly:
        _monthly(values, result)


SPEC = CalculatorSpec(
    name="paralisacoes",
    order=20,
    title="Esperas, paralisações e mínimos (1941)",
    summary=(
        "Calcula, por operário, o que se paga pelas esperas e paralisações (chuva, agitação das "
        "águas, atraso do início, falta de terceiros), o mínimo de meio dia, o serviço pago por "
        "horas e a diferença do mínimo mensal assegurado. Valores em mil-réis."
    ),
    statute=DL_1941,
    currency=CURRENCY,
    provisions=tuple(
        dl1941(i)
        for i in ("art7_cpt", "art4_par2", "art4_par3", "art4_par4", "art4_par5", "art4_par6")
    ),
    fields=FIELDS,
    compute=compute,
    history=True,
    parameters=PARAMETERS,
)
