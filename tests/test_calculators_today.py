"""The calculators speak about today, in the currency of each era, with the messages a phone user
needs (issue 12, parts 3 and 4; issue 11, item 9).

- horas_extras: the minimum of today (CF/88, art. 7º, XVI) beside the 1965 premiums, on the
  basic salary (OJ nº 60); both eras; a currency sign against the era is refused with a message;
  in 1965 every amount paid is a whole cruzeiro (Lei nº 4.511/1964), half a cruzeiro rounds up;
- the rules of today carry the address of their official publication and the date verified;
- bounds messages: the singular after 1, the money sign before the number;
- the § 5º step states only the facts the user gave; no step prints a long intermediate;
- mil-réis: ``12`` is 12$000; an implausible ``12.000`` is a question, not a result.
"""

from __future__ import annotations

import html
import re
import shutil
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import api
from calculators.core.parsing import FieldError, parse_date, parse_duration, parse_time
from calculators.rules import today


def _run(name: str, inputs: dict[str, Any]) -> dict[str, Any]:
    return api.run(name, inputs)


def _amount(result: dict[str, Any], key: str) -> str:
    return str(result["amounts"][key]["value"])


def test_issue_example_both_eras() -> None:
    """Issue 18: today's era is the default; today's figure is in R$ only (never Cr$)."""
    inputs = {"forma_salario": "hora", "salario_hora": "10,00", "prorrogacoes": [{"horas": "3"}],
              "horas_refeicao": "1"}
    now = _run("horas_extras", inputs)
    then = _run("horas_extras", {**inputs, "era": "1965"})
    assert now["details"]["era"] == "hoje"
    assert _amount(then, "total_acrescimos") == "19" and "total_acrescimos_minimo_hoje" not in then["amounts"]
    assert (_amount(now, "total_acrescimos"), _amount(now, "total_acrescimos_minimo_hoje")) == ("19.00", "25.00")
    assert then["currency"]["symbol"] == "Cr$" and now["currency"]["symbol"] == "R$"
    assert now["amounts"]["total_acrescimos_minimo_hoje"]["formatted"] == "R$ 25,00"
    assert not any(re.search(r"mínimo[^.]*Cr\$", h) for h in then["highlights"]), then["highlights"]
    assert "acordo coletivo" in now["highlights"][0]


def test_every_amount_has_one_written_form() -> None:
    """Issue 18: in today's values a zero is '0.00', like every other amount."""
    result = _run("horas_extras", {"salario_mensal": "2.200,00", "horas_extras_hoje": "0"})
    assert all(re.fullmatch(r"-?\d+\.\d\d", a["value"]) for a in result["amounts"].values()), result["amounts"]


def test_whole_cruzeiro_rule_is_named_and_stated() -> None:
    """Issue 18: the 1965 reading on fractions is editorial; Lei nº 4.511/1964 is cited for what
    it says (the centavo abolished, art. 1º, § 1º; existing fractions dropped, art. 15), and the
    one rounding is applied to the amount paid, the lines adding up to it."""
    result = _run("horas_extras", {"era": "1965", "forma_salario": "hora", "salario_hora": "7",
                                   "horas_refeicao": "0:30"})
    assert result["rounding"]["rule"] == "arredondamento ao cruzeiro inteiro (leitura editorial)"
    assert "art. 15" in result["rounding"]["description"]
    step = result["steps"][0]
    assert step["provision"]["ref"] == "lei-4511-1964#art1_par1"
    assert "Leitura editorial" in step["explanation"] and "cruzeiro inteiro" in step["explanation"]
    assert _amount(result, "total") == "7"  # Cr$ 3,50 + Cr$ 3,50, rounded once
    assert int(_amount(result, "salario_refeicao")) + int(_amount(result, "acrescimo_refeicao")) == 7
    hoje = _run("horas_extras", {"era": "hoje", "forma_salario": "hora", "salario_hora": "7",
                                 "horas_refeicao": "0:30"})
    assert hoje["rounding"]["rule"] == "arredondamento comercial ao centavo"
    assert _amount(hoje, "salario_refeicao") == "3.50"
    assert "lei-4511-1964#art1_par1" not in [p["ref"] for p in hoje["provisions"]]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 24 * 60), min_size=1, max_size=4), st.integers(0, 8 * 60),
       st.decimals(min_value=Decimal("0.01"), max_value=Decimal(500), places=2), st.sampled_from(["1965", "hoje"]))
def test_minimum_of_today_is_never_below_1965(extensions: list[int], meal: int, hourly: Decimal, era: str) -> None:
    """Today's minimum (at least 50% each extension hour, meal at 100%) never pays less than the
    1965 rule; in 1965 values every amount is a whole cruzeiro and no today's figure is shown
    (today's figures only in R$); a total is the sum of the lines shown."""
    result = _run("horas_extras", {
        "era": era, "forma_salario": "hora", "salario_hora": str(hourly).replace(".", ","),
        "prorrogacoes": [{"horas": f"{m // 60}:{m % 60:02d}"} for m in extensions],
        "horas_refeicao": f"{meal // 60}:{meal % 60:02d}",
    })
    assert result["ok"] is True, result
    lines = result["details"]["linhas"]
    shown = sum((Decimal(x["base"]) + Decimal(x["premium"]) for x in lines), Decimal(0))
    assert Decimal(_amount(result, "total")) == shown
    if era == "1965":
        assert all("." not in a["value"] for a in result["amounts"].values()), result["amounts"]
        assert "total_acrescimos_minimo_hoje" not in result["amounts"]
        return
    assert Decimal(_amount(result, "total_acrescimos_minimo_hoje")) >= Decimal(_amount(result, "total_acrescimos"))


@pytest.mark.parametrize(("era", "typed", "words"), [
    ("1965", "R$ 1.200,00", "«R$» indica reais de hoje"),
    ("hoje", "Cr$ 1.200", "«Cr$» indica cruzeiros"),
    ("hoje", "1:200$000", "«$» indica mil-réis"),
])
def test_currency_sign_against_the_era_gets_a_message(era: str, typed: str, words: str) -> None:
    result = _run("horas_extras", {"era": era, "salario_mensal": typed, "prorrogacoes": [{"horas": "1"}]})
    assert result["ok"] is False
    [error] = result["errors"]
    assert error["field"] == "salario_mensal"
    assert error["message"].startswith("Salário mensal: " + words)
    assert "época dos valores" in error["message"]


def test_reais_in_mil_reis_gets_a_message() -> None:
    result = _run("refeicao", {"salario_dia": "R$ 12"})
    assert result["ok"] is False
    assert "mil-réis de 1941" in result["errors"][0]["message"]


def test_rules_of_today_link_their_publication_with_the_date() -> None:
    for provision in (today.CF_OVERTIME, today.CF_WORKING_TIME, today.OJ_60, today.LEI_4511):
        out = provision.to_json()
        assert re.match(r"https://(www\.planalto\.gov\.br/ccivil_03/|www3\.tst\.jus\.br/)", out["url"])
        assert re.fullmatch(r"\d{4}-\d\d-\d\d", out["verified"])
    described = api.describe("horas_extras")
    refs = [p["ref"] for p in described["provisions"]]  # type: ignore[index]
    assert {"cf-1988#art7_inc16", "tst-oj-sbdi1#oj60_ite2", "lei-4511-1964#art1_par1"} <= set(refs)
    jornada = [p["ref"] for p in api.describe("jornada")["provisions"]]  # type: ignore[index]
    assert "cf-1988#art7_inc13" in jornada and "lei-4860-1965#art7_par3" in jornada


def test_every_step_carries_its_provision() -> None:
    result = _run("horas_extras", {"salario_mensal": "1.200", "prorrogacoes": [{"horas": "3"}]})
    for step in result["steps"]:
        assert step["provision"]["ref"], step
        if step["provision"]["ref"].split("#")[0] not in ("lei-4860-1965",):
            assert re.fullmatch(r"\d{4}-\d\d-\d\d", step["provision"]["verified"])
            assert step["provision"]["url"] or "cópia" in step["provision"]["checked"]


@pytest.mark.parametrize(("name", "inputs", "message"), [
    ("refeicao", {"salario_dia": "12", "operarios": "0"}, "deve ser no mínimo 1 operário."),
    ("horas_extras", {"salario_mensal": "1.200", "divisor": "0"}, "deve ser no mínimo 1 hora."),
    ("horas_extras", {"era": "1965", "salario_mensal": "2000000000"}, "deve ser no máximo Cr$ 1.000.000.000."),
    ("refeicao", {"salario_dia": "200000$000"}, "deve ser no máximo 100:000$000."),
    ("refeicao", {"salario_dia": "12", "minutos_refeicao": "200"}, "deve ser no máximo 180 minutos."),
    ("refeicao", {"salario_dia": "12", "minutos_refeicao": "uma hora"},
     "informe os minutos como 60, 60min, 1h, 1h30 ou 1:00."),
    ("refeicao", {"salario_dia": "12", "minutos_refeicao": "4h"}, "deve ser no máximo 180 minutos."),
])
def test_bounds_messages(name: str, inputs: dict[str, Any], message: str) -> None:
    result = _run(name, inputs)
    assert result["ok"] is False
    assert any(e["message"].endswith(message) for e in result["errors"]), result["errors"]


def test_mil_reis_plain_and_implausible() -> None:
    assert _run("refeicao", {"salario_dia": "12"})["inputs"]["salario_dia"] == "12$000"
    asked = _run("refeicao", {"salario_dia": "12.000"})
    assert asked["ok"] is False
    assert asked["errors"][0]["message"].startswith("Salário-dia vigente: 12$000 ou 12:000$000?")
    assert _run("refeicao", {"salario_dia": "12:000$000"})["ok"] is True  # written the period way: confirmed


def test_paragraph_5_states_only_what_was_given() -> None:
    result = _run("paralisacoes", {"salario_dia": "12$000", "producao": "4$000"})
    step = next(s for s in result["steps"] if s["provision"]["id"] == "art4_par5")
    assert "Duração" not in step["values"] and "Quantidade" not in step["values"]
    assert "não tem duração informada" in step["explanation"]
    given_ = _run("paralisacoes", {"salario_dia": "12$000", "producao": "4$000", "duracao_minutos": "300"})
    step = next(s for s in given_["steps"] if s["provision"]["id"] == "art4_par5")
    assert step["values"]["Duração"] == "300 min" and "Quantidade" not in step["values"]


LONG = re.compile(r"[0-9],[0-9]{7,}|[0-9]{12,}")


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 99_999), st.integers(1, 1440), st.sampled_from(["chuva", "paralisacao"]))
def test_steps_never_print_long_intermediates(reis: int, minutes: int, event: str) -> None:
    wage = f"{reis // 1000}${reis % 1000:03d}"
    results = [
        _run("paralisacoes", {"salario_dia": wage, "evento": event, "minutos": minutes, "falta_de_terceiros": True}),
        _run("refeicao", {"salario_dia": wage, "minutos_refeicao": min(minutes, 180)}),
        _run("horas_extras", {"salario_mensal": str(reis), "divisor": "7", "prorrogacoes": [{"horas": "1"}]}),
    ]
    for result in results:
        assert result["ok"] is True, result
        for step in result["steps"]:
            for value in step["values"].values():
                assert not LONG.search(value), value


@pytest.mark.parametrize(("typed", "minutes"), [
    ("07:00", 420), ("0700", 420), ("7", 420), ("7h", 420), ("7h30", 450), ("07.00", 420),
    ("19h", 1140), ("07,00", 420), ("730", 450), ("23:59", 1439),
])
def test_time_forms(typed: str, minutes: int) -> None:
    assert parse_time(typed, "f", "Início") == minutes


@pytest.mark.parametrize("typed", ["24:00", "7:60", "7h5", "abc", "12345"])
def test_time_refused_with_examples(typed: str) -> None:
    with pytest.raises(FieldError) as refused:
        parse_time(typed, "f", "Início")
    assert "07:00, 0700, 7, 7h, 7h30 ou 19h" in refused.value.message


@pytest.mark.parametrize(("typed", "minutes"), [("1:30", 90), ("1,5", 90), ("1h30", 90), ("90min", 90), ("2", 120)])
def test_duration_forms(typed: str, minutes: int) -> None:
    assert parse_duration(typed, "f", "Horas") == minutes


def test_duration_refused_with_a_duration_example() -> None:
    with pytest.raises(FieldError) as refused:
        parse_duration("duas", "f", "Horas")
    assert "1:30, 1h30, 1,5 (horas) ou 90min" in refused.value.message


@pytest.mark.parametrize("typed", ["4/3/24", "04/03/2024", "040324", "04032024", "4.3.24", "2024-03-04"])
def test_date_forms(typed: str) -> None:
    assert parse_date(typed, "f", "Data").isoformat() == "2024-03-04"


def test_blank_row_is_skipped_and_prompted() -> None:
    """The form opens with one prorrogação row: left blank, it is skipped, and a salary alone
    gets a visible prompt instead of a bare zero."""
    spec = next(f for f in api.describe("horas_extras")["inputs"] if f["name"] == "prorrogacoes")  # type: ignore[index]
    assert spec["initial_items"] == 1
    result = _run("horas_extras", {"salario_mensal": "1.200", "prorrogacoes": [{"horas": " "}]})
    assert result["ok"] is True
    assert result["highlights"] and "Nenhuma hora" in result["highlights"][0]


def test_salarios_1945_lists_the_salaries_and_merges_near_duplicates() -> None:
    from macros.data.site import current

    data = current().decree_tables
    wrong = api.run("salarios_1945", {"consulta": "enquadramento", "funcao_atual": "Conferente Auxiliar",
                                      "salario_atual": "510,00"}, data=data)
    assert wrong["ok"] is False
    [error] = wrong["errors"]
    assert error["field"] == "salario_atual"
    assert "Cr$ 500,00" in error["message"] and "informe um deles" in error["message"]
    merged = api.run("salarios_1945", {"consulta": "enquadramento", "funcao_atual": "conferente-auxiliar",
                                       "salario_atual": "500,00"}, data=data)
    assert merged["ok"] is True, merged
    assert any("«Conferente Auxiliar» e «Conferente-Auxiliar»" in w for w in merged["warnings"])


def test_what_holds_today_box_states_only_rules_of_today() -> None:
    """The «O que vale hoje» box lists rules in force today, each in the words of the «Hoje» claim
    its provision names, never the 1964 centavo rule (a rule of the 1965 values), and says whom
    Lei nº 4.860/1965 covers."""
    from macros.data.site import current
    from macros.render.calculators import declaration, today_section

    site = current()
    box = today_section(site, declaration("horas_extras"))
    assert today.LEI_4511.ref not in today.CLAIMS
    for provision in (today.OJ_60, today.CF_OVERTIME):
        assert html.escape(site.claim(today.CLAIMS[provision.ref]).claim.statement, quote=False) in box
    assert today.WHO_NOTE in box and "administrações dos portos" in box
    jornada = today_section(site, declaration("jornada"))
    assert html.escape(site.claim(today.CLAIMS[today.CF_WORKING_TIME.ref]).claim.statement, quote=False) in jornada
    holiday = site.claim(today.CLAIMS[today.SUMULA_146.ref]).claim.statement
    assert box.count(html.escape(holiday, quote=False)) == 1, "uma afirmação para dois dispositivos: uma vez só"


def test_box_cites_claims_by_name_not_place(tmp_path: Path) -> None:
    """A claim inserted first in the list of its article changes nothing the box says: the box
    names claims by id (issue 27: a claim moved in a list silently changed what a page cited)."""
    import yaml

    from macros.data.site import load
    from macros.render.calculators import declaration, today_section

    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    before = today_section(load(data), declaration("horas_extras"))
    path = data / "hoje" / "lei-4860-1965.yaml"
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    article = next(a for a in raw["articles"].values() if any(
        c["id"] == today.CLAIMS[today.CF_OVERTIME.ref] for c in a.get("claims", [])))
    intruder = dict(article["claims"][0], id="intrusa-no-topo", statement="Afirmação intrusa no topo da lista.")
    article["claims"].insert(0, intruder)
    path.write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    after = today_section(load(data), declaration("horas_extras"))
    assert after == before and "intrusa" not in after


def test_a_claim_named_in_code_that_is_gone_stops_the_build(tmp_path: Path) -> None:

    from macros.data.loader import DataError
    from macros.data.site import load

    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    path = data / "hoje" / "lei-4860-1965.yaml"
    gone = today.CLAIMS[today.CLT_64.ref]
    text = path.read_text(encoding="utf-8")
    assert f"id: {gone}\n" in text
    path.write_text(text.replace(f"id: {gone}\n", "id: outro-nome\n"), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load(data)
    message = str(caught.value)
    assert "calculators/rules/today.py" in message and "CLAIMS" in message and gone in message


# ------------------------------------------------------------------ issue 18 §1: floors only
WEEK_48 = [{"data": f"2024-03-0{d}", "inicio": "07:00", "fim": "16:00", "intervalo_inicio": "11:00",
            "intervalo_fim": "12:00"} for d in range(4, 10)]


def test_jornada_hands_todays_overtime_to_horas_extras() -> None:
    """CF/88, art. 7º, XIII (44 hours a week): the site's 48-hour example week has no 1965
    prorrogação but 4 hours of overtime today; horas_extras computes today's minimum on them
    (R$ 2.200,00 ÷ 220 = R$ 10,00; 4 × R$ 10,00 × 1,5 = R$ 60,00), never «no mínimo R$ 0,00»."""
    week = _run("jornada", {"periodos": WEEK_48})
    [handoff] = week["handoffs"]
    assert handoff["inputs"]["horas_extras_hoje"] == "4:00" and handoff["inputs"]["era"] == "hoje"
    paid = _run("horas_extras", {**handoff["inputs"], "salario_mensal": "2.200,00"})
    assert _amount(paid, "total_minimo_hoje") == "60.00"
    assert "R$ 0,00 de acréscimos" not in paid["highlights"][0]


def test_divisor_from_the_weekly_hours() -> None:
    """CLT, art. 64 (weekly hours × 30 ÷ 6): 220 for today's 44 hours (CF/88, art. 7º, XIII),
    240 for 1965's 48 hours (Lei nº 4.860/1965, art. 7º), 200 for a contractual 40-hour week."""
    today = _run("horas_extras", {"salario_mensal": "2.200,00", "prorrogacoes": [{"horas": "2"}]})
    assert (_amount(today, "salario_hora"), _amount(today, "total_minimo_hoje")) == ("10.00", "30.00")
    then = _run("horas_extras", {"era": "1965", "salario_mensal": "2.400", "prorrogacoes": [{"horas": "1"}]})
    assert _amount(then, "salario_hora") == "10"
    forty = _run("horas_extras", {"salario_mensal": "2.000,00", "semana_horas": 40})
    assert _amount(forty, "salario_hora") == "10.00"


def test_turnos_ininterruptos_past_the_sixth_hour() -> None:
    """CF/88, art. 7º, XIV: in turnos ininterruptos de revezamento the 7th and 8th hours are
    overtime today, unless the agreement sets another limit."""
    nights = [{"data": f"2024-03-0{d}", "inicio": "19:00", "fim": "03:00"} for d in range(4, 10)]
    plain = _run("jornada", {"periodos": nights, "capatazia": False})
    shifts = _run("jornada", {"periodos": nights, "capatazia": False, "turnos_revezamento": True})
    agreed = _run("jornada", {"periodos": nights, "capatazia": False, "turnos_revezamento": True,
                              "limite_acordo_turnos": "8:00"})
    beyond = _run("jornada", {"periodos": nights, "capatazia": False, "turnos_revezamento": True,
                              "limite_acordo_turnos": "10:00"})  # never past the 8 hours of XIII
    extra = [r["quantities"]["horas_extras_hoje"]["value"] for r in (plain, shifts, agreed, beyond)]
    assert extra == ["4:00", "12:00", "4:00", "4:00"]
    assert shifts["handoffs"][0]["inputs"]["horas_extras_noturnas"] == "12:00"


def test_night_overtime_takes_the_night_additional() -> None:
    """TST, SBDI-1, E-RR-1260-79.2011.5.08.0002 (2016; OJ nº 97 prevails over OJ nº 60, II): the
    night additional the worker receives enters the base; without it, the figure says so."""
    inputs = {"salario_mensal": "2.200,00", "horas_extras_hoje": "2", "horas_extras_noturnas": "2"}
    without = _run("horas_extras", inputs)
    with_it = _run("horas_extras", {**inputs, "adicional_noturno": "20"})
    assert _amount(without, "total_minimo_hoje") == "30.00"
    assert "não inclui o adicional noturno" in without["highlights"][0]
    assert _amount(with_it, "total_minimo_hoje") == "36.00"
    assert "tst-e-rr-1260-79-2011-5-08-0002#decisao" in [p["ref"] for p in with_it["provisions"]]


def test_no_todays_figure_for_chiefs() -> None:
    """Lei nº 4.860/1965, art. 7º, § 9º: for a chief, today's rule is not established here, so
    no today's figure is shown, only the reason and where to ask."""
    result = _run("horas_extras", {"salario_mensal": "2.200,00", "cargo_direcao_chefia": True,
                                   "horas_extras_hoje": "4", "prorrogacoes": [{"horas": "3"}]})
    assert not {"total_acrescimos_minimo_hoje", "total_minimo_hoje"} & set(result["amounts"])
    assert result["details"]["minimo_hoje"] is None
    [said] = [h for h in result["highlights"] if "mínimo de hoje" in h]
    assert "não mostra um mínimo de hoje" in said and "sindicato" in said
    assert "R$ 0,00 de acréscimos (" not in said


def test_the_agreement_is_beside_never_owed() -> None:
    """The worker's agreement percentages: shown side by side with the act's rule (history) and
    the Constitution's minimum (today), and never called owed."""
    result = _run("horas_extras", {"salario_mensal": "2.200,00", "prorrogacoes": [{"horas": "2"}],
                                   "acordo_extra": "100"})
    [table] = result["tables"]
    assert table["columns"][1:] == ["Regra da Lei nº 4.860/1965 (história)", "Mínimo da Constituição (hoje)",
                                    "Pelo seu acordo (informado por você)"]
    assert table["rows"][2][1:] == ["R$ 24,00", "R$ 30,00", "R$ 40,00"]
    assert "não é um valor devido" in result["amounts"]["horas_extras_pelo_acordo"]["label"]
    assert "não diz que esse valor é devido" in table["note"]


def test_a_total_is_the_sum_of_the_lines_shown() -> None:
    """One rounding, applied once to the amount paid (editorial reading for 1965: Lei nº
    4.511/1964 abolished the centavo; its art. 15 dropped existing fractions): 14 periods of 2:15
    at Cr$ 10/h are Cr$ 388,50 exactly, paid Cr$ 389, not the Cr$ 392 of rounding each line."""
    result = _run("horas_extras", {"era": "1965", "forma_salario": "hora", "salario_hora": "10",
                                   "prorrogacoes": [{"horas": "2:15"}] * 14})
    assert _amount(result, "total") == "389"
    lines = result["details"]["linhas"]
    assert sum(int(x["base"]) + int(x["premium"]) for x in lines) == 389
