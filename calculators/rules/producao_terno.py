"""Production pay of a terno (team): Decreto-Lei of 20 Nov 1941, art. 4º, caput and § 1º,
and the model table's observations a), d), e) and f).

- Observation a) (``anx1_ali1``): rates per tonne apply to the tonne *or fraction*: any
  fraction counts as a whole tonne.
- Observations d) (``anx1_ali4``), e) (``anx1_ali5``) and f) (``anx1_ali6``): surcharges of
  25% (explosives; spoiled cargo giving off a bad smell; the goods of observation e), and 50%
  (couros verdes em salmoura) on the rate (the table's rate nº 2). Observation e) is read as
  printed: the dust-or-odour condition applies only to *packages* of lime, cement, dry-salted
  hides, sulphur, potash and blood whose wrapping lets dust or odour out; the same goods in
  bulk, and horns, bones, socata, rails, hoofs and iron bars, pay the 25% unconditionally.
- Art. 4º, caput (``art4_cpt``): product = rate × quantity, divided in quotas: trabalhador 1,
  motorista interno 1, feitor 1½, ajudante de feitor 1¼, motorista de guindaste 1½,
  conferente 1½; § 1º (``art4_par1``) allows adapting the quotas. Art. 4º divides the
  product: each share is rounded *down* to 10 réis, so the shares never add up to more than
  the product, and the residue (never negative) is shown.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal
from types import MappingProxyType

from ..acts.decreto_lei_3844_1941 import (
    QUOTA_AJUDANTE_FEITOR,
    QUOTA_CONFERENTE,
    QUOTA_FEITOR,
    QUOTA_MOTORISTA_GUINDASTE,
    QUOTA_MOTORISTA_INTERNO,
    QUOTA_TRABALHADOR,
    SURCHARGE_D,
    SURCHARGE_E,
    SURCHARGE_F,
)
from ..acts.decreto_lei_3844_1941 import SLUG as DL_1941
from ..acts.decreto_lei_3844_1941 import provision as dl1941
from ..core.fields import Choice, Field, ParsedInputs
from ..core.money import Currency, format_decimal, format_plain, round_money, split_by_quotas
from ..core.parameters import AnyParameter, Parameter
from ..core.parsing import FieldError, InputError
from ..core.result import ResultBuilder
from ..core.spec import CalculatorSpec, Data

CURRENCY = Currency.MIL_REIS
# Headings of the shares table (art. 4º: each role, its people, quotas and shares).
SHARE_COLUMNS = ("Função", "Pessoas", "Quotas", "Parte de cada", "Subtotal")


@dataclass(frozen=True)
class Role:
    """A member of the terno and the quota the law gives it. The count is only the form's
    example team: the list of members announced by observação h) is not printed."""

    key: str
    label: str
    plural: str
    default_count: int
    quota: Parameter[Decimal]

    @property
    def default_quota(self) -> str:
        """The quota as the form shows it (``1,5``)."""
        return format_plain(self.quota.value)


# The form's example team (8 workers, a feitor, a crane driver, a conferente) is not law.
ROLES: tuple[Role, ...] = (
    Role("trabalhador", "Trabalhador", "Trabalhadores", 8, QUOTA_TRABALHADOR),
    Role("motorista_interno", "Motorista interno do armazém", "Motoristas internos", 0,
         QUOTA_MOTORISTA_INTERNO),
    Role("feitor", "Feitor", "Feitores", 1, QUOTA_FEITOR),
    Role("ajudante_feitor", "Ajudante de feitor", "Ajudantes de feitor", 0, QUOTA_AJUDANTE_FEITOR),
    Role("motorista_guindaste", "Motorista de guindaste de cais", "Motoristas de guindaste", 1,
         QUOTA_MOTORISTA_GUINDASTE),
    Role("conferente", "Conferente", "Conferentes", 1, QUOTA_CONFERENTE),
)

SURCHARGES: Mapping[str, tuple[str, Parameter[Decimal]]] = MappingProxyType({
    "explosivos": ("volumes contendo explosivos (observação d)", SURCHARGE_D),
    "carga_deteriorada": ("carga deteriorada exalando mau cheiro (observação d)", SURCHARGE_D),
    "poeira_odores": (
        "volumes de cal, cimento, couros secos salgados, enxofre, potassa ou sangue cujos "
        "envoltórios não impedem o desprendimento de poeira ou odores (observação e)",
        SURCHARGE_E,
    ),
    "granel_obs_e": (
        "cal, cimento, couros secos salgados, enxofre, potassa ou sangue a granel, com ou sem "
        "poeira ou odores (observação e)",
        SURCHARGE_E,
    ),
    "chifres_ossos_ferro": (
        "chifres, ossos, socata, trilhos, unhas ou vergalhões de ferro, com ou sem poeira ou "
        "odores (observação e)",
        SURCHARGE_E,
    ),
    "couros_verdes": ("couros verdes em salmoura (observação f)", SURCHARGE_F),
})

PARAMETERS: tuple[AnyParameter, ...] = (
    SURCHARGE_D, SURCHARGE_E, SURCHARGE_F, *(role.quota for role in ROLES),
)

UNITS: Mapping[str, str] = MappingProxyType({"tonelada": "t", "metro_cubico": "m³", "volume": "volumes"})

TEAM = "Composição do terno (art. 3º e observação h)"
QUOTAS = "Quotas (art. 4º; o § 1º permite adaptá-las)"

FIELDS: tuple[Field, ...] = (
    Field(
        "taxa",
        "Taxa por unidade",
        "money",
        "Taxa aprovada na tabela do porto para a operação, por unidade (tonelada, metro cúbico "
        "ou volume). Nas majorações das observações d, e, f informe a taxa nº 2 da tabela.",
        unit="mil-réis",
        minimum="0",
        maximum="1000000",
        currency=CURRENCY,
        plausible_max="100",
        placeholder="ex.: 1$200 ou 1,2",
    ),
    Field(
        "unidade",
        "Unidade de cobrança",
        "choice",
        "Art. 1º: tonelagem, cubagem ou quantidade de volumes. Na tonelagem, fração de "
        "tonelada conta como tonelada inteira (observação a).",
        default="tonelada",
        choices=(
            Choice("tonelada", "Tonelada (ou fração)"),
            Choice("metro_cubico", "Metro cúbico (cubagem)"),
            Choice("volume", "Volume"),
        ),
    ),
    Field(
        "quantidade",
        "Quantidade movimentada pela turma",
        "decimal",
        "Peso manifestado ou despachado, cubagem ou número de volumes movimentados pela turma.",
        unit="unidades",
        minimum="0",
        maximum="1000000",
        places=3,
    ),
    Field(
        "majoracao",
        "Majoração da taxa",
        "choice",
        "Observações d, e, f da tabela-modelo: +25% para explosivos ou carga deteriorada com "
        "mau cheiro (d); +25% para volumes de cal, cimento, couros secos salgados, enxofre, "
        "potassa ou sangue cujo envoltório deixa sair poeira ou odores, e sempre, sem essa "
        "condição, para essas mercadorias a granel e para chifres, ossos, socata, trilhos, unhas "
        "e vergalhões de ferro (e); +50% para couros verdes em salmoura (f).",
        default="nenhuma",
        choices=(
            Choice("nenhuma", "Nenhuma"),
            Choice("explosivos", "Explosivos (+25%, obs. d)"),
            Choice("carga_deteriorada", "Carga deteriorada com mau cheiro (+25%, obs. d)"),
            Choice("poeira_odores", "Volumes de cal, cimento, couros secos, enxofre, potassa ou "
                   "sangue que deixam sair poeira ou odores (+25%, obs. e)"),
            Choice("granel_obs_e", "Essas mesmas mercadorias a granel (+25%, obs. e)"),
            Choice("chifres_ossos_ferro", "Chifres, ossos, socata, trilhos, unhas ou vergalhões "
                   "de ferro (+25%, obs. e)"),
            Choice("couros_verdes", "Couros verdes em salmoura (+50%, obs. f)"),
        ),
    ),
    *(
        Field(
            f"quantidade_{role.key}",
            role.plural,
            "integer",
            f"Quantos {role.plural.lower()} compõem a turma.",
            unit="pessoas",
            default=role.default_count,
            minimum="0",
            maximum="200",
            group=TEAM,
        )
        for role in ROLES
    ),
    *(
        Field(
            f"quota_{role.key}",
            f"Quota de cada {role.label.lower()}",
            "decimal",
            "Quotas do art. 4º, caput; o § 1º permite modificá-las para adaptá-las à "
            "composição das turmas do porto.",
            unit="quotas",
            default=role.default_quota,
            minimum="0",
            maximum="100",
            places=4,
            group=QUOTAS,
        )
        for role in ROLES
    ),
)


def _charged_quantity(values: ParsedInputs, result: ResultBuilder) -> Decimal:
    """The quantity on which the rate is charged (observation a for tonnes)."""
    unit = values.text("unidade")
    quantity = values.decimal("quantidade")
    symbol = UNITS[unit]
    if unit == "volume":
        if quantity != quantity.to_integral_value():
            raise InputError(
                [FieldError("quantidade", "Quantidade movimentada pela turma: volumes se contam "
                            "em números inteiros.")]
            )
        return quantity
    if unit != "tonelada":
        return quantity
    charged = quantity.to_integral_value(rounding=ROUND_CEILING)
    if charged == quantity:
        why = "Quantidade em toneladas inteiras: nada a arredondar (observação a)."
    else:
        why = "A fração de tonelada conta como tonelada inteira (observação a)."
    result.step(
        dl1941("anx1_ali1"),
        why,
        {
            "Quantidade movimentada": f"{format_plain(quantity)} {symbol}",
            "Quantidade cobrada": f"{format_plain(charged)} {symbol}",
        },
    )
    return charged


def _applied_rate(values: ParsedInputs, result: ResultBuilder) -> Decimal:
    """The rate after the surcharge of observations d), e) or f), kept exact."""
    rate = values.decimal("taxa")
    choice = values.text("majoracao")
    if choice not in SURCHARGES:
        return rate
    what, surcharge = SURCHARGES[choice]
    percent = surcharge.value
    applied = rate * (1 + percent)
    result.step(
        surcharge.provision,
        f"Taxa majorada em {format_decimal((percent * 100).normalize())}% para {what}.",
        {
            "Taxa informada": result.money(rate),
            "Majoração": f"{format_decimal((percent * 100).normalize())}%",
            "Taxa aplicada": result.money(applied),
        },
    )
    result.warn(
        "As observações d, e, f mandam aplicar a majoração sobre a taxa nº 2 da tabela do "
        "porto: confira se a taxa informada é essa."
    )
    return applied


def compute(values: ParsedInputs, result: ResultBuilder, data: Data) -> None:
    """Product of the terno and its division in quotas (art. 4º, caput and § 1º)."""
    del data
    counts = {role.key: values.integer(f"quantidade_{role.key}") for role in ROLES}
    quotas = {role.key: values.decimal(f"quota_{role.key}") for role in ROLES}
    if sum(counts[r.key] * quotas[r.key] for r in ROLES) <= 0:
        raise InputError(
            [FieldError("quantidade_trabalhador", "Composição do terno: a turma precisa de ao "
                        "menos uma pessoa com quota maior que zero.")]
        )
    quantity = _charged_quantity(values, result)
    rate = _applied_rate(values, result)
    product = round_money(rate * quantity)
    symbol = UNITS[values.text("unidade")]
    result.step(
        dl1941("art4_cpt"),
        "A taxa aplica-se à quantidade movimentada pela turma: produto = taxa × quantidade.",
        {
            "Taxa aplicada": result.money(rate),
            "Quantidade cobrada": f"{format_plain(quantity)} {symbol}",
            "Produto": result.money(product),
        },
    )
    changed = [r for r in ROLES if quotas[r.key] != r.quota.value]
    if changed:
        result.step(
            dl1941("art4_par1"),
            "Quotas modificadas para adaptá-las à composição da turma (§ 1º).",
            {
                f"Quota de {r.label.lower()}": format_plain(quotas[r.key]) for r in changed
            },
        )
    members = [r for r in ROLES if counts[r.key] > 0]
    person_quotas = [quotas[r.key] for r in members for _ in range(counts[r.key])]
    allocation = split_by_quotas(product, person_quotas)
    total_quotas = sum(person_quotas, Decimal(0))
    shares: dict[str, Decimal] = {}
    position = 0
    for role in members:
        shares[role.key] = allocation.shares[position]
        position += counts[role.key]
    result.amount("produto", "Produto do terno", product)
    result.amount("valor_quota", "Valor de uma quota (arredondado)", round_money(allocation.per_quota))
    rows: list[dict[str, object]] = []
    for role in members:
        share = shares[role.key]
        subtotal = share * counts[role.key]
        result.amount(f"parte_{role.key}", f"Parte de cada {role.label.lower()}", share)
        rows.append(
            {
                "role": role.key,
                "label": role.label,
                "count": counts[role.key],
                "quota": format(quotas[role.key].normalize(), "f"),
                "share": format(share, "f"),
                "share_formatted": result.money(share),
                "subtotal": format(subtotal, "f"),
                "subtotal_formatted": result.money(subtotal),
            }
        )
    result.amount("residuo", "Resíduo de arredondamento", allocation.residue)
    result.step(
        dl1941("art4_cpt"),
        "O produto é dividido na razão das quotas; cada parte é arredondada para baixo (a 10 "
        "réis), para que as partes nunca somem mais que o produto, e a diferença fica como "
        "resíduo de arredondamento.",
        {
            "Total de quotas": format_plain(total_quotas),
            "Valor de uma quota": result.money(round_money(allocation.per_quota)),
            **{
                f"Parte de cada {r.label.lower()} ({format_plain(quotas[r.key])} quota(s))":
                result.money(shares[r.key])
                for r in members
            },
            "Resíduo de arredondamento": result.money(allocation.residue),
        },
    )
    result.details["partes"] = rows
    result.details["total_quotas"] = format(total_quotas.normalize(), "f")
    # The division as a table (on a phone each row becomes a card, each value with its heading).
    result.table(
        f"Divisão do produto ({result.money(product)}; uma quota vale "
        f"{result.money(round_money(allocation.per_quota))})",
        SHARE_COLUMNS,
        [[r.label, str(counts[r.key]), format_decimal(quotas[r.key].normalize()), result.money(shares[r.key]),
          result.money(shares[r.key] * counts[r.key])] for r in members],
        footer=[("Resíduo de arredondamento", result.money(allocation.residue), "Valor")],
        note="Soma das partes + resíduo = produto do terno.",
    )


SPEC = CalculatorSpec(
    name="producao_terno",
    order=10,
    title="Produção do terno e divisão em quotas (1941)",
    summary=(
        "Calcula quanto rende a tonelagem (ou cubagem, ou volumes) movimentada por uma turma de "
        "capatazia pela taxa da tabela do porto, com as majorações das observações da "
        "tabela-modelo, e divide esse produto entre os membros da turma na razão das quotas "
        "do art. 4º do Decreto-Lei de 1941. Valores em mil-réis."
    ),
    statute=DL_1941,
    currency=CURRENCY,
    provisions=tuple(
        dl1941(i)
        for i in ("anx1_ali1", "anx1_ali4", "anx1_ali5", "anx1_ali6", "art4_cpt", "art4_par1")
    ),
    fields=FIELDS,
    compute=compute,
    history=True,
    parameters=PARAMETERS,
)
