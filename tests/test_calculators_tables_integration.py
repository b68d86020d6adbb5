"""The comparison functions of calculators.salarios_1945 (used by /tabelas/comparacao/), on small
hand-made tables and on the decree's own tables: they agree with the calculator's queries."""

from __future__ import annotations

from decimal import Decimal

from calculators import api
from calculators.rules.salarios_1945 import daily_expense, payroll, proposed_salary, salary_raise
from calculators.rules.salarios_1945.tables import read_tables
from macros.data.calculator_tables import decree_tables

SMALL = {
    "escala": [{"referencia": 11, "salario": "600,00"}, {"referencia": 12, "salario": "650,00"}],
    "series": [
        {"serie": "Escriturário", "funcao_atual": "Auxiliar de Escritório", "quantidade_atual": 33,
         "salario_atual": "500,00", "quantidade_proposta": 36, "referencia": 12, "excedentes": 0, "vagas": 3},
        {"serie": "Escriturário", "funcao_atual": "Auxiliar de Escritório", "quantidade_atual": 24,
         "salario_atual": "450,00", "quantidade_proposta": 0, "referencia": 11, "excedentes": 24, "vagas": 0},
        {"serie": "Chefe de Seção", "funcao_atual": None, "quantidade_atual": 0, "salario_atual": None,
         "quantidade_proposta": 1, "salario_proposto": "2.700,00", "excedentes": 0, "vagas": 1},
    ],
    "diaristas": [
        {"situacao": "atual", "quantidade": 4, "salario_diario": "24,00"},
        {"situacao": "proposta", "quantidade": 4, "salario_diario": "30,00"},
        {"situacao": "proposta", "quantidade": 30, "salario_diario": "10,00"},
    ],
}


def test_salary_raise_in_cruzeiros_and_percent() -> None:
    r = salary_raise(Decimal("500.00"), Decimal("650.00"))
    assert (r.amount, r.percent) == (Decimal("150.00"), Decimal("30.00"))
    r = salary_raise(Decimal("1700.00"), Decimal("2000.00"))
    assert r.percent == Decimal("17.65")  # 17.647… rounded by the commercial rule
    assert salary_raise(Decimal("0"), Decimal("100.00")).percent is None


def test_proposed_salary_from_reference_or_printed() -> None:
    t = read_tables(SMALL)
    assert proposed_salary(t.series[0], t) == Decimal("650.00")  # art. 2º, § 1º: the escala
    assert proposed_salary(t.series[2], t) == Decimal("2700.00")  # isolated function: printed


def test_payroll_of_a_set_of_lines() -> None:
    t = read_tables(SMALL)
    p = payroll(t.series[:2], t)
    assert (p.current_count, p.proposed_count, p.excedentes, p.vacancies) == (57, 36, 24, 3)
    assert p.current == Decimal("27300.00")  # 33 × 500 + 24 × 450
    assert p.proposed == Decimal("23400.00")  # 36 × 650
    assert p.difference == Decimal("-3900.00")


def test_daily_expense_per_situation() -> None:
    t = read_tables(SMALL)
    assert daily_expense(t, "atual") == (4, Decimal("28800.00"))
    assert daily_expense(t, "proposta") == (34, Decimal("126000.00"))


def test_payroll_agrees_with_the_serie_query_on_the_decree() -> None:
    data = decree_tables()
    t = read_tables(data)
    rows = [r for r in t.series if r.serie == "Escriturário"]
    p = payroll(rows, t)
    result = api.run("salarios_1945", {"consulta": "serie", "serie": "Escriturário"}, data)
    assert result["ok"], result
    assert result["amounts"]["folha_atual"]["value"] == format(p.current, "f")
    assert result["amounts"]["folha_proposta"]["value"] == format(p.proposed, "f")
    assert result["amounts"]["diferenca"]["value"] == format(p.difference, "f")


def test_daily_expense_agrees_with_the_diaristas_query_and_the_printed_totals() -> None:
    data = decree_tables()
    t = read_tables(data)
    result = api.run("salarios_1945", {"consulta": "diaristas"}, data)
    assert result["amounts"]["despesa_atual"]["value"] == format(daily_expense(t, "atual")[1], "f")
    assert daily_expense(t, "atual") == (2774, Decimal("10060800.00"))
    assert daily_expense(t, "proposta") == (2689, Decimal("14655000.00"))
