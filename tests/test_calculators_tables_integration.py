"""The rules of calculators.rules.salarios_1945 (written once; the queries and the comparison page
call them) and the reading of the published tables document, on small hand-made tables in the
document's shape and on the decree's own tables."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from calculators import api
from calculators.core.parsing import InputError
from calculators.rules.salarios_1945 import annual_expense, daily_expense, payroll, proposed_salary, salary_raise
from calculators.rules.salarios_1945.tables import choices, read_tables
from macros.data.site import current
from macros.data.tables import load_tables


def _post(count: int | None, function: str, salary: str | None) -> dict[str, Any]:
    return {"count": {"value": count}, "function": {"printed": function}, "salary": {"value": salary}}


SMALL: dict[str, Any] = {
    "escala": {"rows": [{"id": "ref-11", "reference": {"value": 11}, "salary": {"value": "600.00"}},
                        {"id": "ref-12", "reference": {"value": 12}, "salary": {"value": "650,00"}}]},
    "ordinaria": {"series": {"blocks": [{"id": "escriturario", "title": {"printed": "Escriturário"}, "rows": [
        {"id": "serie-escriturario-ref-12", "reference": {"value": 12},
         "current": [_post(33, "Auxiliar de Escritório", "500.00"), _post(2, "Conferente Auxiliar", "520.00")],
         "proposed_count": {"value": 38}, "excedentes": {"value": None}, "vacancies": {"value": 3}},
        {"id": "serie-escriturario-ref-11", "reference": {"value": 11},
         "current": [_post(24, "Auxiliar de Escritório", "450.00")],
         "proposed_count": {"value": None}, "excedentes": {"value": 24}, "vacancies": {"value": None}},
    ]}]}},
    "suplementar": {"commission": {"rows": [
        {"id": "suplementar-comissao-l1", "current": _post(None, "-", None),
         "proposed": _post(1, "Chefe de Seção", "2700.00"), "vacancies": {"value": 1}},
    ]}},
    "diaristas": {"rows": [
        {"id": "diaristas-l1", "current": {"count": {"value": 4}, "daily_salary": {"value": "24.00"}},
         "proposed": {"count": {"value": 4}, "daily_salary": {"value": "30.00"}}},
        {"id": "diaristas-l2", "current": {"count": {"value": None}, "daily_salary": {"value": None}},
         "proposed": {"count": {"value": 30}, "daily_salary": {"value": "10.00"}}},
    ]},
}


def test_the_document_is_read_line_by_line_with_ids() -> None:
    t = read_tables(SMALL)
    assert t.scale == {11: Decimal("600.00"), 12: Decimal("650.00")}
    assert [line.id for line in t.lines] == ["serie-escriturario-ref-12", "serie-escriturario-ref-11",
                                             "suplementar-comissao-l1"]
    by_id = {line.id: line for line in t.lines}
    two = by_id["serie-escriturario-ref-12"]
    assert [p.function for p in two.current] == ["Auxiliar de Escritório", "Conferente Auxiliar"]
    assert (two.current_count, two.proposed_count, two.excedentes, two.vacancies) == (35, 38, 0, 3)
    isolated = by_id["suplementar-comissao-l1"]
    assert (isolated.serie, isolated.table, isolated.current[0].function) == ("Chefe de Seção", "suplementar", None)
    assert [(d.situation, d.count) for d in t.daily] == [("atual", 4), ("proposta", 4), ("proposta", 30)]


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d["escala"]["rows"][0]["salary"].update(value="abc"), "tabelas.escala.rows[0].salary.value"),
    (lambda d: d["ordinaria"]["series"]["blocks"][0]["rows"][1]["reference"].update(value=40),
     "tabelas.ordinaria.series.blocks[0].rows[1].reference.value"),
    (lambda d: d["diaristas"]["rows"][0]["current"]["count"].update(value=-4),
     "tabelas.diaristas.rows[0].current.count.value"),
    (lambda d: d.pop("escala"), "tabelas.escala"),
])
def test_bad_documents_name_the_place(change: Any, field: str) -> None:
    import copy

    data = copy.deepcopy(SMALL)
    change(data)
    with pytest.raises(InputError) as info:
        read_tables(data)
    assert field in [e.field for e in info.value.errors]


def test_salary_raise_in_cruzeiros_and_percent() -> None:
    r = salary_raise(Decimal("500.00"), Decimal("650.00"))
    assert (r.amount, r.percent) == (Decimal("150.00"), Decimal("30.00"))
    r = salary_raise(Decimal("1700.00"), Decimal("2000.00"))
    assert r.percent == Decimal("17.65")  # 17.647… rounded by the commercial rule
    r = salary_raise(Decimal("650.00"), Decimal("600.00"))
    assert (r.amount, r.percent) == (Decimal("-50.00"), Decimal("-7.69"))  # a cut is shown as such
    assert salary_raise(Decimal("0"), Decimal("100.00")).percent is None


def test_proposed_salary_from_reference_or_printed() -> None:
    t = read_tables(SMALL)
    assert proposed_salary(t.lines[0], t) == Decimal("650.00")  # art. 2º, § 1º: the escala
    assert proposed_salary(t.lines[2], t) == Decimal("2700.00")  # isolated function: printed


def test_payroll_counts_every_function_of_a_line() -> None:
    t = read_tables(SMALL)
    p = payroll(t.lines[:2], t)
    assert (p.current_count, p.proposed_count, p.excedentes, p.vacancies) == (59, 38, 24, 3)
    assert p.current == Decimal("28340.00")  # 33 × 500 + 2 × 520 + 24 × 450
    assert p.proposed == Decimal("24700.00")  # 38 × 650 (the line at ref. 11 proposes none)
    assert p.difference == Decimal("-3640.00")
    assert payroll([], t).current == Decimal("0.00")


def test_the_serie_query_reports_the_payroll() -> None:
    result = api.run("salarios_1945", {"consulta": "serie", "serie": "escriturario"}, SMALL)
    assert result["ok"], result
    assert result["amounts"]["folha_atual"]["value"] == "28340.00"
    assert result["quantities"]["funcoes_atuais"]["value"] == "59"
    assert not result["warnings"]  # 35 − 0 + 3 = 38 and 24 − 24 + 0 = 0


def test_the_placement_query_finds_a_second_function_of_a_line() -> None:
    result = api.run("salarios_1945", {"consulta": "enquadramento", "funcao_atual": "conferente-auxiliar",
                                       "salario_atual": "520"}, SMALL)
    assert result["ok"], result
    assert result["amounts"]["aumento"]["value"] == "130.00"
    assert result["quantities"]["aumento_percentual"]["value"] == "25.00"


def test_daily_expense_per_situation() -> None:
    t = read_tables(SMALL)
    assert annual_expense(4, Decimal("24.00")) == Decimal("28800.00")  # 4 × 24 × 300
    assert daily_expense(t, "atual") == (4, Decimal("28800.00"))
    assert daily_expense(t, "proposta") == (34, Decimal("126000.00"))


def test_daily_expense_of_the_decree_equals_its_printed_totals() -> None:
    t = read_tables(current().decree_tables)
    assert daily_expense(t, "atual") == (2774, Decimal("10060800.00"))
    assert daily_expense(t, "proposta") == (2689, Decimal("14655000.00"))


def test_every_printed_row_of_the_decree_is_one_line_with_its_id() -> None:
    """The join of the comparison page: the calculator's lines carry the printed rows' ids."""
    printed = load_tables()
    rows = [*printed.ordinaria.commission.rows, *(r for b in printed.ordinaria.series.blocks for r in b.rows),
            *printed.suplementar.commission.rows, *printed.suplementar.effective.rows]
    t = read_tables(current().decree_tables)
    assert [line.id for line in t.lines] == [r.id for r in rows]
    assert {r.id: len(r.current) for r in rows if hasattr(r, "reference")} == {
        line.id: len(line.current) for line in t.lines if line.id.startswith("serie-")}


def test_choices_merge_near_duplicate_names() -> None:
    t = read_tables(SMALL)
    assert choices(t, "funcoes_atuais") == ["Auxiliar de Escritório", "Conferente Auxiliar"]
    assert choices(t, "series") == ["Chefe de Seção", "Escriturário"]
    assert choices(t, "outra coisa") == []
