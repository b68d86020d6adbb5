"""Property-based tests of the calculators (hypothesis)."""

from decimal import Decimal
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import api
from calculators.core.money import round_money, split_by_quotas
from calculators.core.parsing import FieldError, parse_number

CENTS = st.integers(min_value=0, max_value=10**12).map(lambda c: Decimal(c) / 100)
QUOTAS = st.decimals(min_value=Decimal("0.25"), max_value=Decimal(5), places=2)
MINUTES = st.integers(min_value=0, max_value=24 * 60)


def _walk(value: Any) -> Any:
    yield value
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _walk(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _walk(item)


def _no_float(value: Any) -> None:
    bad = [v for v in _walk(value) if isinstance(v, float)]
    assert not bad, bad


@given(CENTS, st.lists(QUOTAS, min_size=1, max_size=40))
def test_shares_plus_residue_is_the_total(total: Decimal, quotas: list[Decimal]) -> None:
    allocation = split_by_quotas(total, quotas)
    assert sum(allocation.shares, Decimal(0)) + allocation.residue == total
    assert all(share == round_money(share) for share in allocation.shares)
    # Art. 4º divides the product: the shares never add up to more (residue never negative).
    assert Decimal(0) <= allocation.residue < Decimal("0.01") * len(quotas)


@given(CENTS, QUOTAS, st.lists(QUOTAS, max_size=20), st.integers(min_value=2, max_value=10))
def test_equal_quotas_equal_shares(total: Decimal, quota: Decimal, others: list[Decimal], n: int) -> None:
    allocation = split_by_quotas(total, [quota] * n + others)
    assert len(set(allocation.shares[:n])) == 1


TEAM = st.fixed_dictionaries(
    {
        "taxa": st.integers(min_value=0, max_value=10**7).map(lambda r: f"{r // 1000}${r % 1000:03d}"),
        "quantidade": st.decimals(min_value=0, max_value=10**5, places=3).map(lambda d: str(d).replace(".", ",")),
        "quantidade_trabalhador": st.integers(0, 30),
        "quantidade_motorista_interno": st.integers(0, 5),
        "quantidade_feitor": st.integers(1, 3),
        "quantidade_ajudante_feitor": st.integers(0, 3),
        "quantidade_motorista_guindaste": st.integers(0, 3),
        "quantidade_conferente": st.integers(0, 3),
        "quota_trabalhador": QUOTAS.map(str),
        "majoracao": st.sampled_from(["nenhuma", "explosivos", "poeira_odores", "couros_verdes",
                                      "granel_obs_e", "chifres_ossos_ferro"]),
    }
)
ROLES = ("trabalhador", "motorista_interno", "feitor", "ajudante_feitor", "motorista_guindaste", "conferente")
ANY_TEAM = st.fixed_dictionaries(
    {
        "taxa": st.integers(min_value=1, max_value=10**6).map(lambda r: f"{r // 1000}${r % 1000:03d}"),
        "quantidade": st.decimals(min_value=Decimal("0.001"), max_value=10**4, places=3).map(
            lambda d: str(d).replace(".", ",")),
        **{f"quantidade_{r}": st.integers(0, 40) for r in ROLES},
        **{f"quota_{r}": st.decimals(min_value=Decimal("0.0001"), max_value=100, places=4).map(str)
           for r in ROLES},
    }
)


@settings(max_examples=300)
@given(ANY_TEAM)
def test_terno_never_pays_more_than_the_product(inputs: dict[str, Any]) -> None:
    """Decreto-Lei de 1941, art. 4º: over any team and any quotas (§ 1º), the shares never add
    up to more than the product; the residue is never negative and below 10 réis a person."""
    if all(inputs[f"quantidade_{r}"] == 0 for r in ROLES):
        inputs["quantidade_trabalhador"] = 1
    result = api.run("producao_terno", inputs)
    assert result["ok"] is True, result
    product = Decimal(result["amounts"]["produto"]["value"])
    paid = sum((Decimal(row["share"]) * row["count"] for row in result["details"]["partes"]), Decimal(0))
    residue = Decimal(result["amounts"]["residuo"]["value"])
    people = sum(row["count"] for row in result["details"]["partes"])
    assert paid <= product
    assert paid + residue == product
    assert Decimal(0) <= residue < Decimal("0.01") * people


OBS_E = ("poeira_odores", "granel_obs_e", "chifres_ossos_ferro")


@settings(max_examples=100)
@given(st.sampled_from(OBS_E), st.integers(min_value=1, max_value=10**6), st.integers(1, 500))
def test_obs_e_goods_pay_25_percent(choice: str, reis: int, tonnes: int) -> None:
    """Observation e): every one of its goods pays the rate nº 2 plus 25%, cited to anx1_ali5;
    only the packaged goods carry the dust-or-odour condition in the step's words."""
    result = api.run("producao_terno", {"taxa": f"{reis // 1000}${reis % 1000:03d}",
                                        "quantidade": str(tonnes), "majoracao": choice})
    assert result["ok"] is True, result
    rate = Decimal(reis) / 1000
    assert Decimal(result["amounts"]["produto"]["value"]) == round_money(rate * Decimal("1.25") * tonnes)
    step = next(s for s in result["steps"] if s["provision"]["id"] == "anx1_ali5")
    conditional = "não impedem o desprendimento de poeira ou odores" in step["explanation"]
    assert conditional is (choice == "poeira_odores"), step["explanation"]


def _office_week(day_minutes: int, saturday: bool, office: bool) -> dict[str, Any]:
    start = 8 * 60
    end = start + day_minutes
    return {
        "escritorio_central": office, "capatazia": False, "sabado_compensado": saturday,
        "periodos": [{"data": f"2024-03-0{d}", "inicio": f"{start // 60:02d}:{start % 60:02d}",
                      "fim": f"{end // 60:02d}:{end % 60:02d}"} for d in range(4, 9)],  # Mon–Fri
    }


@settings(max_examples=100)
@given(st.integers(min_value=8 * 60, max_value=10 * 60), st.booleans())
def test_compensated_saturday_is_not_overtime(day_minutes: int, office: bool) -> None:
    """Lei nº 4.860/1965, art. 7º, § 3º: five weekdays of equal length with the Saturday
    compensated: the hours up to the Saturday's share of the week (4 h in 44, 8 h in 48) are
    not prorrogação; beyond it they are, exactly as without § 3º minus that share."""
    share = 4 * 60 if office else 8 * 60
    weekly_excess = 5 * (day_minutes - 8 * 60)
    without = api.run("jornada", _office_week(day_minutes, False, office))
    with_saturday = api.run("jornada", _office_week(day_minutes, True, office))
    assert without["ok"] and with_saturday["ok"], (without, with_saturday)

    def minutes(result: dict[str, Any]) -> int:
        hours, _, rest = result["quantities"]["horas_prorrogacao"]["value"].partition(":")
        return int(hours) * 60 + int(rest)

    assert minutes(without) == weekly_excess
    assert minutes(with_saturday) == max(0, weekly_excess - share)
    if weekly_excess <= share:
        assert not [b for b in with_saturday["findings"]["items"] if b["code"].startswith("excesso")]
        assert "lei-4860-1965#art7_par3" in [p["ref"] for p in with_saturday["provisions"]]


@settings(max_examples=150)
@given(TEAM)
def test_terno_shares_add_up(inputs: dict[str, Any]) -> None:
    result = api.run("producao_terno", inputs)
    assert result["ok"] is True, result
    _no_float(result)
    product = Decimal(result["amounts"]["produto"]["value"])
    paid = Decimal(0)
    for row in result["details"]["partes"]:
        paid += Decimal(row["share"]) * row["count"]
        assert Decimal(row["subtotal"]) == Decimal(row["share"]) * row["count"]
    assert paid + Decimal(result["amounts"]["residuo"]["value"]) == product


def _premiums(minutes: list[int], meal: int, holiday: int, hourly: str) -> Decimal:
    result = api.run(
        "horas_extras",
        {
            "forma_salario": "hora",
            "salario_hora": hourly,
            "prorrogacoes": [{"horas": f"{m // 60}:{m % 60:02d}"} for m in minutes],
            "horas_refeicao": f"{meal // 60}:{meal % 60:02d}",
            "horas_feriado": f"{holiday // 60}:{holiday % 60:02d}",
        },
    )
    assert result["ok"] is True, result
    _no_float(result)
    return Decimal(result["amounts"]["total_acrescimos"]["value"])


@settings(max_examples=150)
@given(
    st.lists(st.tuples(MINUTES, MINUTES), min_size=1, max_size=5),
    st.tuples(MINUTES, MINUTES),
    st.tuples(MINUTES, MINUTES),
    st.decimals(min_value=Decimal("0.01"), max_value=Decimal(1000), places=4).map(str),
)
def test_premiums_never_decrease_as_hours_grow(
    periods: list[tuple[int, int]], meal: tuple[int, int], holiday: tuple[int, int], hourly: str
) -> None:
    less = [min(a, b) for a, b in periods]
    more = [max(a, b) for a, b in periods]
    low = _premiums(less, min(meal), min(holiday), hourly)
    high = _premiums(more, max(meal), max(holiday), hourly)
    assert low <= high


@given(MINUTES, MINUTES)
def test_more_extension_hours_in_one_period_never_pay_less(a: int, b: int) -> None:
    low, high = sorted((a, b))
    assert _premiums([low], 0, 0, "7,77") <= _premiums([high], 0, 0, "7,77")


@given(st.floats(allow_nan=True, allow_infinity=True))
def test_float_inputs_are_exact_or_refused(value: float) -> None:
    result = api.run("horas_extras", {"salario_mensal": value})
    _no_float(result)
    if result["ok"]:
        assert Decimal(result["inputs"]["salario_mensal"].replace(",", ".")) == Decimal(repr(value))


@given(st.text(max_size=60))
def test_parse_number_is_finite_or_refused(text: str) -> None:
    try:
        value = parse_number(text, "campo", "Campo", mil_reis=True)
    except FieldError as error:
        assert error.field == "campo" and error.message.startswith("Campo:")
    else:
        assert value.is_finite()


JSON_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=40),
    st.sampled_from(["1.234,56", "-1", "1e309", "NaN", "Infinity", "9" * 10_000, "<b>x</b>", "25:00"]),
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=10), children, max_size=3),
    max_leaves=8,
)


def _declared_names(name: str) -> list[str]:
    return [f["name"] for f in api.describe(name)["inputs"]]  # type: ignore[union-attr]


@settings(max_examples=300)
@given(st.sampled_from(api.names()), st.data())
def test_run_never_raises(name: str, data: st.DataObject) -> None:
    keys = st.sampled_from(_declared_names(name)) | st.text(max_size=12)
    inputs = data.draw(st.dictionaries(keys, JSON_VALUES, max_size=6))
    tables = data.draw(st.none() | st.dictionaries(st.sampled_from(["escala", "series", "diaristas"]),
                                                   JSON_VALUES, max_size=3))
    result = api.run(name, inputs, data=tables)
    assert isinstance(result["ok"], bool)
    _no_float(result)
    if not result["ok"]:
        assert result["errors"]
        for error in result["errors"]:
            assert set(error) == {"field", "message"}
            assert error["field"], "erro interno: nenhum campo nomeado"
            assert error["message"].strip()
            assert "<" not in error["message"] and "<" not in error["field"]


@settings(max_examples=100)
@given(st.sampled_from(api.names()), st.data())
def test_run_never_raises_on_text_fields(name: str, data: st.DataObject) -> None:
    fields = _declared_names(name)
    inputs = {field: data.draw(st.text(max_size=30)) for field in fields if data.draw(st.booleans())}
    result = api.run(name, inputs)
    assert isinstance(result["ok"], bool)
    if not result["ok"]:
        assert all(e["field"] for e in result["errors"])


@settings(max_examples=100)
@given(TEAM)
def test_echoed_inputs_give_the_same_result(inputs: dict[str, Any]) -> None:
    first = api.run("producao_terno", inputs)
    assert api.run("producao_terno", first["inputs"]) == first
