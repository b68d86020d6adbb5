"""Salaries of the Administração do Porto do Rio de Janeiro: Decreto nº 17.961/1945.

- Art. 1º (``art1``): the Tabelas Numéricas of mensalistas and diaristas are approved, replacing
  the former ones; § 3º (``art1_par3``): each employee's raised salary must be equivalent to
  the salary of the function he comes to hold; § 5º (``art1_par5``): diaristas form the Tabela
  Numérica de Diaristas.
- Art. 2º (``art2``): the Tabela Ordinária (funções em comissão, séries funcionais); § 1º
  (``art2_par1``): the salary references take the values of the escala-padrão; § 3º
  (``art2_par3``): the excedentes (functions beyond the new table) are suppressed as they fall vacant.
- Art. 3º (``art3``): the Tabela Suplementar (isolated functions, suppressed when vacant).

Queries: a referência's monthly salary; a current function and salary → proposed série,
referência, salary and raise; a série's current and proposed headcount and payroll; the
diaristas' annual expense (count × daily wage × 300, as in the table).
The tables come from the caller: the document published as ``/dados/tabelas-1945.json`` (see
:mod:`.tables` for what is read of it). Each rule is written once, below, and the queries and
the site's comparison page (atual × proposta) both call it: :func:`proposed_salary`,
:func:`salary_raise`, :func:`payroll`, :func:`annual_expense` and :func:`daily_expense`.
"""

from dataclasses import dataclass
from decimal import Decimal

from ...acts.decreto_17961_1945 import DAYS_A_YEAR
from ...acts.decreto_17961_1945 import SLUG as DEC_1945
from ...acts.decreto_17961_1945 import provision as dec1945
from ...core.fields import Choice, Field, ParsedInputs
from ...core.money import HUNDRED, Currency, format_decimal, format_money, round_money, round_percent
from ...core.parameters import AnyParameter
from ...core.parsing import FieldError, InputError
from ...core.result import ResultBuilder
from ...core.spec import CalculatorSpec, Data
from .tables import Line, Tables, normalize, read_tables

CURRENCY = Currency.CRUZEIRO
PARAMETERS: tuple[AnyParameter, ...] = (DAYS_A_YEAR,)

FIELDS: tuple[Field, ...] = (
    Field(
        "consulta",
        "Consulta",
        "choice",
        "O que se quer saber das tabelas do decreto.",
        default="referencia",
        choices=(
            Choice("referencia", "Salário de uma referência (escala-padrão)"),
            Choice("enquadramento", "Nova função e aumento de uma função atual"),
            Choice("serie", "Pessoal e folha de uma série funcional"),
            Choice("diaristas", "Despesa anual com diaristas"),
        ),
    ),
    Field(
        "referencia",
        "Referência de salário",
        "integer",
        "Número da referência na escala-padrão de salários (1 a 54).",
        required=False,
        minimum="1",
        maximum="54",
        visible_when=("consulta", ("referencia",)),
        required_when=("referencia",),
    ),
    Field(
        "funcao_atual",
        "Função atual",
        "text",
        "Nome da função na situação atual, como impresso na tabela (ex.: Auxiliar de "
        "Escritório).",
        required=False,
        visible_when=("consulta", ("enquadramento",)),
        required_when=("enquadramento",),
        extra=(("choices_from", "funcoes_atuais"),),
    ),
    Field(
        "salario_atual",
        "Salário mensal atual",
        "money",
        "Salário mensal da função na situação atual.",
        unit="Cr$",
        required=False,
        minimum="0",
        maximum="1000000",
        currency=CURRENCY,
        visible_when=("consulta", ("enquadramento",)),
        required_when=("enquadramento",),
    ),
    Field(
        "serie",
        "Série funcional",
        "text",
        "Nome da série funcional proposta (ex.: Escriturário). No enquadramento, serve para "
        "escolher entre séries quando a mesma função e salário aparecem em mais de uma.",
        required=False,
        visible_when=("consulta", ("serie", "enquadramento")),
        required_when=("serie",),
        extra=(("choices_from", "series"),),
    ),
    Field(
        "quantidade",
        "Número de diaristas",
        "integer",
        "Número de funções de diarista (em branco para somar a tabela inteira).",
        required=False,
        minimum="0",
        maximum="100000",
        visible_when=("consulta", ("diaristas",)),
    ),
    Field(
        "salario_diario",
        "Salário diário",
        "money",
        "Salário diário do diarista.",
        unit="Cr$",
        required=False,
        minimum="0",
        maximum="100000",
        currency=CURRENCY,
        visible_when=("consulta", ("diaristas",)),
    ),
)


# ------------------------------------------------------------------ the rules (each written once)
@dataclass(frozen=True)
class SalaryRaise:
    """The current and proposed monthly salary of one function and the raise between them."""

    current: Decimal
    proposed: Decimal
    amount: Decimal
    percent: Decimal | None


@dataclass(frozen=True)
class Payroll:
    """Headcount and monthly payroll of a set of printed lines, current and proposed."""

    current_count: int
    proposed_count: int
    excedentes: int
    vacancies: int
    current: Decimal
    proposed: Decimal

    @property
    def difference(self) -> Decimal:
        """Proposed minus current monthly payroll, each rounded to the centavo."""
        return round_money(self.proposed) - round_money(self.current)


def proposed_salary(line: Line, tables: Tables) -> Decimal | None:
    """The proposed monthly salary of a printed line (Decreto nº 17.961/1945, art. 2º, § 1º).

    For a line of a série funcional, the salary of its referência in the escala-padrão; for an
    isolated function (Tabela Ordinária a; Tabela Suplementar, art. 3º), the salary printed for
    it. ``None`` when the line has neither (a garbled referência cell).
    """
    if line.reference is not None:
        return tables.scale[line.reference]
    return line.proposed_salary


def salary_raise(current: Decimal, proposed: Decimal) -> SalaryRaise:
    """Raise from the current to the proposed salary, in cruzeiros and in percent.

    Decreto nº 17.961/1945, art. 1º, § 3º: each employee's salary is compared with the salary of
    the function he comes to hold. The raise is proposed − current; the percentage is raise ÷
    current × 100, rounded to two places by the commercial rule (``None`` when the current
    salary is zero).
    """
    amount = proposed - current
    percent = round_percent(amount / current * HUNDRED) if current else None
    return SalaryRaise(current=current, proposed=proposed, amount=amount, percent=percent)


def payroll(lines: tuple[Line, ...] | list[Line], tables: Tables) -> Payroll:
    """Headcount and monthly payroll of ``lines`` (Decreto nº 17.961/1945, art. 2º, § 1º).

    Current payroll: Σ current count × current salary of every printed function; proposed payroll:
    Σ proposed count × :func:`proposed_salary`. Lines without a salary contribute nothing.
    Counts: functions now and proposed, excedentes (suppressed as they fall vacant, art. 2º, § 3º)
    and vagas. Over any set of lines: a série, a part of a table, all of them.
    """
    current = sum((post.count * (post.salary or Decimal(0)) for line in lines for post in line.current),
                  Decimal(0))
    proposed = sum((line.proposed_count * (proposed_salary(line, tables) or Decimal(0)) for line in lines),
                   Decimal(0))
    return Payroll(
        current_count=sum(line.current_count for line in lines),
        proposed_count=sum(line.proposed_count for line in lines),
        excedentes=sum(line.excedentes for line in lines),
        vacancies=sum(line.vacancies for line in lines),
        current=round_money(current),
        proposed=round_money(proposed),
    )


def annual_expense(count: int, daily_wage: Decimal) -> Decimal:
    """Annual expense of ``count`` diaristas: count × daily wage × 300 (art. 1º, § 5º, as the
    Tabela Numérica de Diaristas computes it), not rounded."""
    return count * daily_wage * DAYS_A_YEAR.value


def daily_expense(tables: Tables, situation: str) -> tuple[int, Decimal]:
    """Number of diaristas and annual expense of one situation ("atual" or "proposta").

    Decreto nº 17.961/1945, art. 1º, § 5º: the Tabela Numérica de Diaristas; the annual expense
    (:func:`annual_expense`) summed over the lines and rounded to the centavo.
    """
    rows = [r for r in tables.daily if r.situation == situation]
    expense = round_money(sum((annual_expense(r.count, r.daily_wage) for r in rows), Decimal(0)))
    return sum(r.count for r in rows), expense


# ------------------------------------------------------------------ the queries
def _tables(data: Data) -> Tables:
    if data is None:
        raise InputError([FieldError("tabelas", "As tabelas do Decreto nº 17.961/1945 não "
                                     "foram fornecidas a esta calculadora.")])
    return read_tables(data)


def _required(values: ParsedInputs, names: dict[str, str]) -> None:
    missing = [FieldError(n, f"{label}: campo obrigatório.") for n, label in names.items()
               if values.raw(n) is None]
    if missing:
        raise InputError(missing)


def _table_provision(line: Line) -> str:
    return "art3" if line.table == "suplementar" else "art2"


def _by_reference(values: ParsedInputs, result: ResultBuilder, data: Data) -> None:
    _required(values, {"referencia": "Referência de salário"})
    tables = _tables(data)
    reference = values.integer("referencia")
    if reference not in tables.scale:
        raise InputError([FieldError("referencia", "Referência de salário: não consta da "
                                     "escala-padrão fornecida.")])
    salary = tables.scale[reference]
    result.step(
        dec1945("art2_par1"),
        "As referências de salário têm os valores da escala-padrão que acompanha o decreto.",
        {"Referência": str(reference), "Salário mensal": result.money(salary)},
    )
    result.amount("salario_mensal", "Salário mensal da referência", round_money(salary))


def _placement(values: ParsedInputs, result: ResultBuilder, data: Data) -> None:
    _required(values, {"funcao_atual": "Função atual", "salario_atual": "Salário mensal atual"})
    tables = _tables(data)
    function = normalize(values.text("funcao_atual"))
    current = values.decimal("salario_atual")
    wanted_serie = normalize(values.text("serie"))
    printed = [(line, post) for line in tables.lines for post in line.current
               if post.function is not None and normalize(post.function) == function]
    found = [(line, post) for line, post in printed
             if post.salary == current and (not wanted_serie or normalize(line.serie) == wanted_serie)]
    if not found:
        salaries = sorted({post.salary for _, post in printed if post.salary is not None})
        if salaries:
            name = next(post.function for _, post in printed if post.salary is not None)
            listed = ", ".join(format_money(v, CURRENCY) for v in salaries)
            raise InputError([FieldError("salario_atual", f"Salário mensal atual: nas tabelas, a "
                                         f"função {name} tem {'o salário' if len(salaries) == 1 else 'os salários'} "
                                         f"{listed}; informe um deles.")])
        raise InputError([FieldError("funcao_atual", "Função atual: nenhuma linha das tabelas "
                                     "tem essa função; escolha um nome da lista de sugestões.")])
    candidates = []
    for line, post in found:
        proposed = proposed_salary(line, tables)
        if proposed is not None:
            candidates.append((line, post, salary_raise(current, proposed)))
    if not candidates:
        raise InputError([FieldError("funcao_atual", "Função atual: a linha encontrada não tem "
                                     "situação proposta nas tabelas.")])
    line, post, raised = candidates[0]
    printed_names = sorted({post.function for _, post in found if post.function})
    if len(printed_names) > 1:
        result.warn(
            "As tabelas escrevem esta função de mais de uma maneira ("
            + " e ".join(f"«{n}»" for n in printed_names)
            + "); foram tratadas como a mesma função."
        )
    result.step(
        dec1945("art1"),
        "As novas Tabelas Numéricas substituem as vigentes; os mensalistas passam a ocupar as "
        "funções das novas tabelas.",
        {"Função atual": post.function or "", "Salário atual": result.money(current)},
    )
    table_name = "Suplementar" if line.table == "suplementar" else "Ordinária"
    where = {"Tabela": table_name, "Série ou função proposta": line.serie}
    if line.reference is not None:
        where["Referência"] = str(line.reference)
    result.step(dec1945(_table_provision(line)),
                f"A função passa à Tabela Numérica {table_name} de Mensalistas.", where)
    if line.reference is not None:
        result.step(
            dec1945("art2_par1"),
            "O salário da referência é o da escala-padrão.",
            {"Referência": str(line.reference), "Salário proposto": result.money(raised.proposed)},
        )
    shown_percent = "—" if raised.percent is None else f"{format_decimal(raised.percent)}%"
    result.step(
        dec1945("art1_par3"),
        "Deve haver equivalência entre o salário majorado (Decreto-Lei nº 5.976/1943) e o da "
        "nova função; aqui se compara o salário atual da tabela com o proposto.",
        {"Salário atual": result.money(current), "Salário proposto": result.money(raised.proposed),
         "Aumento": result.money(raised.amount), "Aumento percentual": shown_percent},
    )
    result.amount("salario_atual", "Salário atual", round_money(current))
    result.amount("salario_proposto", "Salário proposto", round_money(raised.proposed))
    result.amount("aumento", "Aumento", round_money(raised.amount))
    if raised.percent is not None:
        result.quantity("aumento_percentual", "Aumento percentual", format(raised.percent, "f"),
                        f"{format_decimal(raised.percent)}%", "%")
    result.details["enquadramento"] = {"serie": line.serie, "referencia": line.reference,
                                       "tabela": line.table}
    if len(candidates) > 1:
        result.details["candidatos"] = [
            {"serie": c.serie, "referencia": c.reference, "salario_proposto": format(r.proposed, "f")}
            for c, _, r in candidates
        ]
        result.warn(
            f"A mesma função com o mesmo salário aparece em {len(candidates)} linhas das "
            "tabelas; mostra-se a primeira. Escolha a série para ver outra."
        )


def _series(values: ParsedInputs, result: ResultBuilder, data: Data) -> None:
    _required(values, {"serie": "Série funcional"})
    tables = _tables(data)
    wanted = normalize(values.text("serie"))
    lines = [line for line in tables.lines if normalize(line.serie) == wanted]
    if not lines:
        raise InputError([FieldError("serie", "Série funcional: não consta das tabelas "
                                     "fornecidas.")])
    for index, line in enumerate(lines, start=1):
        if proposed_salary(line, tables) is None and line.proposed_count:
            result.warn(f"Linha {index}: há funções propostas sem referência nem salário; "
                        "ficaram fora da folha proposta.")
        if line.proposed_count != line.current_count - line.excedentes + line.vacancies:
            result.warn(f"Linha {index}: proposta ({line.proposed_count}) ≠ atual "
                        f"({line.current_count}) − excedentes ({line.excedentes}) + vagas "
                        f"({line.vacancies}). Confira a tabela.")
    pay = payroll(lines, tables)
    first = lines[0]
    result.step(
        dec1945("art1"),
        "As novas Tabelas Numéricas de Mensalistas substituem as vigentes.",
        {"Série": first.serie, "Funções atuais": str(pay.current_count)},
    )
    result.step(
        dec1945(_table_provision(first)),
        "Série da Tabela Numérica "
        f"{'Suplementar' if first.table == 'suplementar' else 'Ordinária'} de Mensalistas.",
        {"Funções propostas": str(pay.proposed_count),
         "Excedentes": str(pay.excedentes), "Vagas": str(pay.vacancies)},
    )
    result.step(
        dec1945("art2_par1"),
        "Folha proposta: número de funções × salário da referência na escala-padrão.",
        {"Folha atual (mensal)": result.money(pay.current),
         "Folha proposta (mensal)": result.money(pay.proposed)},
    )
    if pay.excedentes:
        result.step(
            dec1945("art2_par3"),
            "As funções excedentes serão suprimidas à medida que vagarem.",
            {"Excedentes": str(pay.excedentes)},
        )
    if pay.proposed_count != pay.current_count - pay.excedentes + pay.vacancies:
        result.warn("Total da série: proposta ≠ atual − excedentes + vagas. Confira a tabela.")
    counts = {
        "funcoes_atuais": ("Funções atuais", pay.current_count),
        "funcoes_propostas": ("Funções propostas", pay.proposed_count),
        "excedentes": ("Excedentes", pay.excedentes),
        "vagas": ("Vagas", pay.vacancies),
    }
    for name, (label, number) in counts.items():
        result.quantity(name, label, str(number), str(number), "funções")
    result.amount("folha_atual", "Folha mensal atual", pay.current)
    result.amount("folha_proposta", "Folha mensal proposta", pay.proposed)
    result.amount("diferenca", "Diferença mensal", pay.difference)


def _daily(values: ParsedInputs, result: ResultBuilder, data: Data) -> None:
    count = values.optional_integer("quantidade")
    wage = values.optional_decimal("salario_diario")
    if (count is None) != (wage is None):
        name, label = (("salario_diario", "Salário diário") if wage is None
                       else ("quantidade", "Número de diaristas"))
        raise InputError([FieldError(name, f"{label}: campo obrigatório.")])
    result.step(
        dec1945("art1"),
        "Aprovada a nova Tabela Numérica de Diaristas; despesa anual = número de funções × "
        "salário diário × 300, como na tabela.",
        {"Dias por ano": str(DAYS_A_YEAR.value)},
    )
    if count is not None and wage is not None:
        expense = round_money(annual_expense(count, wage))
        result.step(
            dec1945("art1_par5"),
            "O pessoal diarista integra a Tabela Numérica de Diaristas.",
            {"Funções": str(count), "Salário diário": result.money(wage),
             "Despesa anual": result.money(expense)},
        )
        result.amount("despesa_anual", "Despesa anual", expense)
        return
    tables = _tables(data)
    if not tables.daily:
        raise InputError([FieldError("quantidade", "Número de diaristas: informe-o, ou forneça "
                                     "a tabela de diaristas.")])
    shown: dict[str, str] = {}
    for situation in ("atual", "proposta"):
        number, expense = daily_expense(tables, situation)
        result.amount(f"despesa_{situation}", f"Despesa anual {situation}", expense)
        result.quantity(f"funcoes_{situation}", f"Funções de diarista ({situation})", str(number),
                        str(number), "funções")
        shown[f"Despesa anual {situation}"] = result.money(expense)
    result.step(dec1945("art1_par5"), "O pessoal diarista integra a Tabela Numérica de "
                "Diaristas; somam-se as linhas da tabela.", shown)


def compute(values: ParsedInputs, result: ResultBuilder, data: Data) -> None:
    """Dispatch the chosen query."""
    query = values.text("consulta")
    if query == "referencia":
        _by_reference(values, result, data)
    elif query == "enquadramento":
        _placement(values, result, data)
    elif query == "serie":
        _series(values, result, data)
    else:
        _daily(values, result, data)


SPEC = CalculatorSpec(
    name="salarios_1945",
    order=60,
    title="Salários da Administração do Porto do Rio de Janeiro (1945)",
    summary=(
        "Consulta as tabelas do Decreto nº 17.961/1945: o salário de cada referência, a nova "
        "função e o aumento de quem ocupa uma função atual, o pessoal e a folha de uma série, e "
        "a despesa anual com diaristas. Valores em cruzeiros."
    ),
    statute=DEC_1945,
    currency=CURRENCY,
    provisions=tuple(
        dec1945(i)
        for i in ("art1", "art1_par3", "art1_par5", "art2", "art2_par1", "art2_par3", "art3")
    ),
    fields=FIELDS,
    compute=compute,
    parameters=PARAMETERS,
    needs_data=True,
    data_help=(
        "Recebe as tabelas do decreto como dados (escala, séries e diaristas); a calculadora "
        "não lê arquivos. A consulta de diaristas com número e salário dispensa as tabelas."
    ),
    history=True,
)
