"""Tests of the tables of Decreto nº 17.961/1945 (data/tables/*.yaml, macros/data/tables.py).

What is checked:

* every table file validates against data/schema/tables.schema.json, and broken files raise
  DataError naming the file, the place and the reason;
* each printed figure's number agrees with its printed form (or the cell carries a note);
* column sums = printed totals; proposed = current − excedentes + vagas (rows and totals);
  each proposed referência exists in the escala-padrão; diaristas: annual = count × daily × 300 —
  every failure must be explained by a note of the right type on one of the figures involved,
  every such note must explain an actual failure, and its reconciling value must reconcile;
* nothing lost: every numeric token (and every '-' placeholder) of the source table region
  (lines 40–473) appears in the data on the same line, counting multiplicity;
* known anomalies of the source (typos, garbled cells, label mismatches…) are recorded.
"""

from __future__ import annotations

import copy
import re
import sys
from collections import Counter
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # pragma: no cover - depends on how pytest is invoked
    sys.path.insert(0, str(ROOT))

from tables_walk import (  # noqa: E402
    has_note,
    iter_names,
    iter_stray_cells,
    iter_texts,
    parse_count,
    parse_money,
    parse_reference,
)

from calculators.core.money import format_decimal  # noqa: E402
from macros.data.loader import DataError, load_validated  # noqa: E402
from macros.data.tables import (  # noqa: E402
    EXPLAINED_BY,
    TABLES_DIR,
    Diaristas,
    Escala,
    Ordinaria,
    Suplementar,
    Tables,
    audit_problems,
    checks,
    iter_figures,
    load_tables,
    printed_value,
    reconciled_value,
)

SOURCE = ROOT / "data" / "sources" / "004_ab1da87089cd8574.txt"
SOURCE_LINES = ["", *SOURCE.read_text(encoding="utf-8").split("\n")]  # 1-indexed
REGION = range(40, 474)  # the table region, lines 40–473
FIXTURES = ROOT / "tests" / "fixtures" / "tables"
TABLE_FILES = sorted(TABLES_DIR.glob("*.yaml"))
NUMBER_TOKEN = re.compile(r"\d+(?:[.,]\d+)*")


@cache
def _real_tables() -> Tables:
    return load_tables()


@pytest.fixture(scope="module")
def tables() -> Tables:
    return _real_tables()


# ====================================================================== audit (macros/data/tables.py)
def audit(tables: Tables) -> list[str]:
    """All problems the build's audit finds (:func:`macros.data.tables.audit_problems`), as the
    build would show them: failing checks without a note, notes without a failure, bad
    reconciliations. An empty list means the data and its notes agree."""
    return [str(problem) for problem in audit_problems(tables)]


# ====================================================================== schema & loading
@pytest.mark.parametrize("path", TABLE_FILES, ids=lambda p: p.name)
def test_schema_validates_every_table_file(path: Path) -> None:
    data = load_validated(path, "tables")
    assert data["kind"] in {"escala", "ordinaria", "suplementar", "diaristas"}


def test_all_four_tables_present_and_typed(tables: Tables) -> None:
    assert isinstance(tables.escala, Escala)
    assert isinstance(tables.ordinaria, Ordinaria)
    assert isinstance(tables.suplementar, Suplementar)
    assert isinstance(tables.diaristas, Diaristas)
    for fig in iter_figures(tables):
        if fig.value is None:
            continue
        if fig.kind == "money":
            assert isinstance(fig.value, Decimal), fig
        else:
            assert isinstance(fig.value, int) and not isinstance(fig.value, bool), fig
    for t in (tables.escala, tables.ordinaria, tables.suplementar, tables.diaristas):
        assert t.currency == "cruzeiro"


@pytest.mark.parametrize(
    ("fixture", "place", "reason"),
    [
        ("missing_field.yaml", "rows[1].salary", "campo obrigatório ausente ('value')"),
        ("unknown_key.yaml", "rows[0]", "chave desconhecida"),
        ("wrong_type.yaml", "effective.rows[0].current.count.value", "tipo errado"),
    ],
)
def test_broken_fixture_raises_data_error(fixture: str, place: str, reason: str) -> None:
    path = FIXTURES / fixture
    with pytest.raises(DataError) as info:
        load_validated(path, "tables")
    err = info.value
    assert err.file == path
    assert err.place == place
    assert reason in err.reason
    shown = str(err)
    assert fixture in shown and place in shown and reason in shown


@cache
def _raw_document(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _write_copy(tmp_path: Path, mutate=None, name: str = "ordinaria-mensalistas.yaml") -> Path:
    """Copy the real table files to tmp_path, applying ``mutate`` to one parsed document."""
    for p in TABLE_FILES:
        data = copy.deepcopy(_raw_document(p))
        if mutate is not None and p.name == name:
            mutate(data)
        (tmp_path / p.name).write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return tmp_path


def test_broken_file_in_directory_stops_loading(tmp_path: Path) -> None:
    def mutate(d):
        d["series"]["blocks"][2]["rows"][0]["excedentes"]["colour"] = "azul"

    _write_copy(tmp_path, mutate)
    with pytest.raises(DataError) as info:
        load_tables(tmp_path)
    assert info.value.file.name == "ordinaria-mensalistas.yaml"
    assert info.value.place == "series.blocks[2].rows[0].excedentes"
    assert "chave desconhecida" in info.value.reason


def test_mismatch_note_requires_reconciling_value(tmp_path: Path) -> None:
    def mutate(d):
        del d["commission"]["rows"][6]["proposed"]["count"]["notes"][0]["reconciling_value"]

    _write_copy(tmp_path, mutate)
    with pytest.raises(DataError) as info:
        load_tables(tmp_path)
    assert info.value.place == "commission.rows[6].proposed.count.notes[0]"
    assert "reconciling_value" in info.value.reason


def test_unknown_note_type_is_rejected(tmp_path: Path) -> None:
    def mutate(d):
        d["notes"][0]["type"] = "palpite"

    _write_copy(tmp_path, mutate, "diaristas.yaml")
    with pytest.raises(DataError) as info:
        load_tables(tmp_path)
    assert info.value.place == "notes[0].type" and "valor não permitido" in info.value.reason


# ====================================================================== printed vs number
def test_every_value_agrees_with_its_printed_form(tables: Tables) -> None:
    for fig in iter_figures(tables):
        where = f"linha {fig.line} '{fig.printed}'"
        try:
            if fig.kind == "count":
                parsed = parse_count(fig.printed)
            elif fig.kind == "money":
                parsed = parse_money(fig.printed)
            else:
                parsed = parse_reference(fig.printed)
        except ValueError:
            # a malformed printed figure must be explained, and its number must be a reading of it
            assert has_note(fig, "garbled", "not_in_scale"), f"figura mal formada sem nota: {where}"
            digits = fig.printed.replace("CR$", "").replace(" ", "")
            if fig.kind == "money":
                assert fig.value == parse_money(digits), where
            else:
                assert fig.value is None and fig.money_value == parse_money(digits), where
            continue
        assert fig.value == parsed, where


# ====================================================================== the arithmetic checks
def _checks_of(kind: str) -> list:
    return [c for c in checks(_real_tables()) if c.kind == kind]


def _assert_check(c) -> None:
    if c.holds(printed_value):
        return
    notes = c.explaining_notes()
    assert notes, f"{c.place}: não confere e não há nota '{EXPLAINED_BY[c.kind]}'"
    if c.kind != "scale":
        assert c.holds(reconciled_value), f"{c.place}: o valor conciliador da nota não concilia"


@pytest.mark.parametrize("check", _checks_of("column_sum"), ids=lambda c: c.key)
def test_column_sum_equals_printed_total(check) -> None:
    _assert_check(check)


@pytest.mark.parametrize("check", _checks_of("identity"), ids=lambda c: c.key)
def test_proposed_equals_current_minus_excess_plus_vacancies(check) -> None:
    _assert_check(check)


@pytest.mark.parametrize("check", _checks_of("scale"), ids=lambda c: c.key)
def test_proposed_reference_exists_in_escala(check) -> None:
    _assert_check(check)


@pytest.mark.parametrize("check", _checks_of("annual"), ids=lambda c: c.key)
def test_diaristas_annual_is_count_times_daily_times_300(check) -> None:
    _assert_check(check)


def test_inconsistencies_are_exactly_the_noted_ones(tables: Tables) -> None:
    assert audit(tables) == []


def test_the_known_inconsistencies(tables: Tables) -> None:
    """Pin the current set, so that a change in the data is seen."""
    failing = sorted(c.key for c in checks(tables) if not c.holds(printed_value))
    assert failing == [
        "guarda:row4:scale",
        "ordinaria-comissao:row7:identity",
        "ordinaria-comissao:sum:proposed_count",
    ]
    chefe = tables.ordinaria.commission.rows[6].proposed
    assert chefe.function.printed == "Chefe de Seção" and chefe.count.printed == "1"
    assert chefe.count.reconciled == 11


def test_series_identities_recomputed_from_raw_yaml() -> None:
    """Independent of macros/data/tables.py: sums and identities straight from the YAML."""
    raw = _raw_document(TABLES_DIR / "ordinaria-mensalistas.yaml")

    def v(cell):
        return cell["value"] or 0

    assert len(raw["series"]["blocks"]) == 22
    for b in raw["series"]["blocks"]:
        t = b["printed_totals"]
        sums = {
            "current_count": sum(v(p["count"]) for r in b["rows"] for p in r["current"]),
            "proposed_count": sum(v(r["proposed_count"]) for r in b["rows"]),
            "excedentes": sum(v(r["excedentes"]) for r in b["rows"]),
            "vacancies": sum(v(r["vacancies"]) for r in b["rows"]),
        }
        assert sums == {k: v(t[k]) for k in sums}, b["id"]
        assert v(t["current_count"]) - v(t["excedentes"]) + v(t["vacancies"]) == v(t["proposed_count"]), b["id"]
        for r in b["rows"]:
            cur = sum(v(p["count"]) for p in r["current"])
            assert cur - v(r["excedentes"]) + v(r["vacancies"]) == v(r["proposed_count"]), (b["id"], r["reference"])


def test_computed_totals_are_kept_apart_from_printed(tables: Tables) -> None:
    part = tables.ordinaria.commission
    assert part.computed_totals() == {"current_count": 5, "proposed_count": 29, "vacancies": 34}
    assert {k: f.value for k, f in part.printed_totals.items()} == {
        "current_count": 5,
        "proposed_count": 39,
        "vacancies": 34,
    }
    d = tables.diaristas.computed_totals()
    assert d["current"] == {"count": 2774, "annual_expense": Decimal("10060800.00")}
    assert d["proposed"] == {"count": 2689, "annual_expense": Decimal("14655000.00")}
    eng = next(b for b in tables.ordinaria.series.blocks if b.id == "engenheiro")
    assert eng.computed_totals() == {"current_count": 8, "proposed_count": 9, "excedentes": 7, "vacancies": 8}
    raw = _raw_document(TABLES_DIR / "ordinaria-mensalistas.yaml")
    assert "computed_totals" not in yaml.safe_dump(raw)


# ---------------------------------------------------------------------- the audit can fail
def test_new_inconsistency_without_note_is_detected(tmp_path: Path) -> None:
    def mutate(d):  # Desenhista, ref. 14: proposed 1 → 2 (breaks the row and the column total)
        cell = d["series"]["blocks"][1]["rows"][2]["proposed_count"]
        cell["printed"], cell["value"] = "2", 2

    problems = audit(load_tables(_write_copy(tmp_path, mutate)))
    assert any("desenhista:row3:identity" in p for p in problems)
    assert any("desenhista:sum:proposed_count" in p for p in problems)


def test_removed_note_is_detected(tmp_path: Path) -> None:
    def mutate(d):
        del d["commission"]["rows"][6]["proposed"]["count"]["notes"]

    problems = audit(load_tables(_write_copy(tmp_path, mutate)))
    assert any("ordinaria-comissao:sum:proposed_count" in p for p in problems)
    assert any("ordinaria-comissao:row7:identity" in p for p in problems)


def test_stale_note_is_detected(tmp_path: Path) -> None:
    def mutate(d):
        d["series"]["blocks"][0]["printed_totals"]["excedentes"]["notes"] = [
            {"type": "total_mismatch", "text": "nota sem motivo", "reconciling_value": 1}
        ]

    problems = audit(load_tables(_write_copy(tmp_path, mutate)))
    assert any("sem inconsistência correspondente" in p for p in problems)


def test_wrong_reconciling_value_is_detected(tmp_path: Path) -> None:
    def mutate(d):
        for n in d["commission"]["rows"][6]["proposed"]["count"]["notes"]:
            n["reconciling_value"] = 12

    problems = audit(load_tables(_write_copy(tmp_path, mutate)))
    assert any("não concilia" in p for p in problems)


def test_annual_mismatch_is_detected(tmp_path: Path) -> None:
    def mutate(d):
        cell = d["rows"][0]["proposed"]["annual_expense"]
        cell["printed"], cell["value"] = "36.300,00", "36300.00"

    problems = audit(load_tables(_write_copy(tmp_path, mutate, "diaristas.yaml")))
    assert any("diaristas:proposed:row1:annual" in p for p in problems)


# ====================================================================== nothing lost
def _source_numbers(line: int) -> Counter:
    return Counter(NUMBER_TOKEN.findall(SOURCE_LINES[line]))


def _source_dashes(line: int) -> Counter:
    return Counter(t for t in re.split(r"[\s|]+", SOURCE_LINES[line]) if t in ("-", "-\\"))


def _data_strings(tables: Tables) -> list[tuple[str, int]]:
    out = [(f.printed, f.line) for f in iter_figures(tables)]
    out += [(n.printed, n.line) for n in iter_names(tables)]
    out += list(iter_texts(tables))
    return out


def test_nothing_lost_every_numeric_token_is_in_the_data(tables: Tables) -> None:
    data: dict[int, Counter] = {}
    for text, line in _data_strings(tables):
        data.setdefault(line, Counter()).update(NUMBER_TOKEN.findall(text))
    total = 0
    for line in REGION:
        expected = _source_numbers(line)
        total += sum(expected.values())
        got = data.pop(line, Counter())
        assert got == expected, f"linha {line}: faltam {expected - got}, sobram {got - expected}"
    assert not any(data.values()), f"números em linhas fora da região: {data}"
    assert total == 817


def test_nothing_lost_every_dash_placeholder_is_in_the_data(tables: Tables) -> None:
    data: dict[int, Counter] = {}
    for text, line in _data_strings(tables):
        if text in ("-", "-\\"):
            data.setdefault(line, Counter())[text] += 1
    total = 0
    for line in REGION:
        expected = _source_dashes(line)
        total += sum(expected.values())
        assert data.pop(line, Counter()) == expected, f"linha {line}"
    assert not data
    assert total == 292


def test_every_printed_string_is_on_its_source_line(tables: Tables) -> None:
    for text, line in _data_strings(tables):
        assert line in REGION, (text, line)
        assert text in SOURCE_LINES[line], f"'{text}' não está na linha {line}"


def test_source_lines_cover_their_cells(tables: Tables) -> None:
    o = tables.ordinaria
    for part in (o.commission, tables.suplementar.commission, tables.suplementar.effective):
        for r in part.rows:
            lines = [
                r.current.count.line,
                r.current.function.line,
                r.current.salary.line,
                r.proposed.count.line,
                r.proposed.function.line,
                r.proposed.salary.line,
            ]
            if r.vacancies is not None:
                lines.append(r.vacancies.line)
            if r.observation is not None:
                lines.append(r.observation.line)
            assert list(r.source_lines) == [min(lines), max(lines)]
            assert part.source_lines[0] <= r.source_lines[0] <= r.source_lines[1] <= part.source_lines[1]
    for b in o.series.blocks:
        for r in b.rows:
            lines = [r.reference.line, r.proposed_count.line, r.excedentes.line, r.vacancies.line]
            lines += [x.line for p in r.current for x in (p.count, p.function, p.salary)]
            assert list(r.source_lines) == [min(lines), max(lines)], (b.id, r.reference.printed)
            assert b.source_lines[0] <= r.source_lines[0] <= r.source_lines[1] <= b.source_lines[1], b.id
        assert b.title.line in range(*b.source_lines) or b.title.line == b.source_lines[1]
    for r in tables.escala.rows:
        assert list(r.source_lines) == [r.reference.line, r.salary.line]


# ====================================================================== anomalies and names
def test_notes_quote_the_source() -> None:
    region_text = "\n".join(SOURCE_LINES[i] for i in REGION)
    for path in TABLE_FILES:
        for quote in _walk_quotes(_raw_document(path)):
            assert quote in region_text, f"{path.name}: citação '{quote}' não está no fonte"


def _walk_quotes(node):
    if isinstance(node, dict):
        if "type" in node and "text" in node and "quote" in node:
            yield node["quote"]
        for v in node.values():
            yield from _walk_quotes(v)
    elif isinstance(node, list):
        for v in node:
            yield from _walk_quotes(v)


MISSPELLED = [
    "Supeintentedente",
    "Inpestor",
    "Guandasteiro",
    "Escrituário",
    "Trafego",
    "Subinspetor Polícia",
]
#: Printed words whose intended form cannot be determined: noted, never normalized.
UNCERTAIN = ["Massamista", "Prática de Engenharia"]


def test_misspelled_names_are_normalized_with_a_note(tables: Tables) -> None:
    seen = Counter()
    for n in iter_names(tables):
        bad = [w for w in MISSPELLED if w in n.printed]
        if bad:
            seen.update(bad)
            assert n.normalized and n.normalized != n.printed, n.printed
            assert any(note.type in ("typo", "missing") and note.quote == n.printed for note in n.notes), n.printed
        if n.normalized:
            assert n.notes, f"forma normalizada sem nota: {n.printed}"
            assert n.sort_key == n.normalized
    assert set(seen) == set(MISSPELLED)
    norm = {n.printed: n.normalized for n in iter_names(tables) if n.normalized}
    assert norm["Guandasteiro"] == "Guindasteiro"


def test_uncertain_readings_keep_the_printed_form(tables: Tables) -> None:
    found = [n for n in iter_names(tables) if n.printed in UNCERTAIN]
    assert {n.printed for n in found} == set(UNCERTAIN)
    for n in found:
        assert n.normalized is None and n.sort_key == n.printed
        assert [note.type for note in n.notes] == ["uncertain_reading"]


def test_rows_that_break_the_raise_schedule_are_noted(tables: Tables) -> None:
    escala = tables.escala
    noted = set()
    breaking = set()
    for b in tables.ordinaria.series.blocks:
        for sr in b.rows:
            if any(n.type == "placement" for n in sr.notes):
                noted.add((b.id, sr.reference.value))
    # the usual raise: a current salary goes to the same reference in every série
    targets: dict[Decimal, Counter[int]] = {}
    for b in tables.ordinaria.series.blocks:
        for sr in b.rows:
            for post in sr.current:
                if post.salary.value is not None and sr.reference.value in escala.references:
                    targets.setdefault(post.salary.value, Counter())[sr.reference.value] += 1
    for b in tables.ordinaria.series.blocks:
        for sr in b.rows:
            for post in sr.current:
                salary = post.salary.value
                if salary is None or sr.reference.value not in escala.references:
                    continue
                usual = targets[salary].most_common(1)[0][0]
                if sr.reference.value != usual:
                    breaking.add((b.id, sr.reference.value))
    assert breaking == noted == {("desenhista", 11), ("mensageiro", 5)}


def test_garbled_and_stray_cells_are_noted(tables: Tables) -> None:
    strays = list(iter_stray_cells(tables))
    assert [(s.printed, s.line, s.column) for s in strays] == [
        ("-", 60, "proposed_function"),
        ("-", 257, "current_function"),
        ("-", 258, "current_salary"),
    ]
    assert all(any(n.type == "stray" for n in s.notes) for s in strays)
    garbled_name = [n for n in iter_names(tables) if n.printed == "-\\"]
    assert len(garbled_name) == 1 and garbled_name[0].notes[0].type == "garbled"
    figures = {f.printed: f for f in iter_figures(tables)}
    assert has_note(figures["14.655. 000,00"], "garbled")
    assert figures["14.655. 000,00"].value == Decimal("14655000.00")
    assert has_note(figures["CR$510,00"], "garbled")
    assert has_note(figures["CR$510,00"], "not_in_scale") and figures["CR$510,00"].value is None


def test_label_mismatches_are_noted(tables: Tables) -> None:
    o, s = tables.ordinaria, tables.suplementar
    assert o.title.printed == "TABELA NUMÉRICA ORDINÁRIA DE MENSALISTA"
    assert any(n.type == "label_mismatch" for n in o.title.notes)
    assert o.commission.label.printed == "a) Funções em Comissão"
    assert any(n.type == "label_mismatch" for n in o.commission.label.notes)
    assert any(n.type == "label_mismatch" for n in s.title.notes)
    consultor = o.commission.rows[7].observation
    assert "Consultor Jurídico" in consultor.text and consultor.notes[0].type == "cross_reference"


def test_reclassified_blocks_are_noted(tables: Tables) -> None:
    blocks = {b.id: b for b in tables.ordinaria.series.blocks}
    for bid, old in (
        ("engenheiro", "Assistente Técnico"),
        ("contramestre", "Artífice"),
        ("mestre-de-lancha", "Motorista"),
    ):
        b = blocks[bid]
        assert {p.function.printed for r in b.rows for p in r.current} - {"-"} >= {old}
        assert any(n.type == "reclassification" and n.quote == old for n in b.notes), bid


def test_alignment_is_recorded(tables: Tables) -> None:
    for b in tables.ordinaria.series.blocks:
        assert any(n.type == "alignment" for n in b.notes), b.id
        for r in b.rows:
            if len(r.current) > 1:
                assert any(n.type == "alignment" for n in r.notes), (b.id, r.reference.printed)
    for part in (tables.ordinaria.commission, tables.suplementar.commission, tables.suplementar.effective):
        assert any(n.type == "alignment" for n in part.notes)
    # the vagas of the first stretch (lines 64–66) were printed without placeholders
    for r in tables.ordinaria.commission.rows:
        if r.vacancies is not None and r.vacancies.line in (64, 65, 66):
            assert any(n.type == "alignment" for n in r.notes), r.proposed.function.printed
    assert any(n.type == "alignment" for n in tables.diaristas.notes)


# ====================================================================== structure
def test_escala_has_references_1_to_54_increasing(tables: Tables) -> None:
    rows = tables.escala.rows
    assert [r.reference.value for r in rows] == list(range(1, 55))
    salaries = [r.salary.value for r in rows]
    assert salaries == sorted(salaries) and len(set(salaries)) == 54
    assert tables.escala.salary_for(1) == Decimal("100.00")
    assert tables.escala.salary_for(54) == Decimal("3500.00")


def test_series_references_descend(tables: Tables) -> None:
    for b in tables.ordinaria.series.blocks:
        refs = [r.reference.value for r in b.rows if r.reference.value is not None]
        assert refs == sorted(refs, reverse=True) and len(set(refs)) == len(refs), b.id


def test_series_blocks_and_row_counts(tables: Tables) -> None:
    got = [(b.title.sort_key, len(b.rows)) for b in tables.ordinaria.series.blocks]
    assert got == [
        ("Assistente Jurídico", 2),
        ("Desenhista", 5),
        ("Engenheiro", 9),
        ("Escriturário", 6),
        ("Mensageiro", 4),
        ("Oficial Administrativo", 13),
        ("Porteiro", 2),
        ("Prática de Engenharia", 2),
        ("Servente", 6),
        ("Conferente", 8),
        ("Conferente Auxiliar", 7),
        ("Contramestre", 4),
        ("Feitor", 4),
        ("Feitor-Geral", 3),
        ("Fiel", 6),
        ("Guarda", 5),
        ("Guarda-Fiscal", 4),
        ("Guindasteiro", 2),
        ("Marinheiro", 1),
        ("Mestre de Lancha", 3),
        ("Mestre de Oficina", 6),
        ("Motorista", 3),
    ]


def test_current_functions_do_not_exceed_their_reference_salary(tables: Tables) -> None:
    """The old (pre-1945) salary never exceeds the escala salary of the row it was aligned to."""
    for b in tables.ordinaria.series.blocks:
        for r in b.rows:
            if r.reference.value is None:
                target = r.reference.money_value
            else:
                target = tables.escala.salary_for(r.reference.value)
            for p in r.current:
                if p.salary.value is not None:
                    assert p.salary.value <= target, (b.id, r.reference.printed, p.salary.printed)


def test_suplementar_keeps_counts_and_functions(tables: Tables) -> None:
    for part in (tables.suplementar.commission, tables.suplementar.effective):
        for r in part.rows:
            assert r.current.count.value == r.proposed.count.value
            assert r.current.function.printed.strip(".") == r.proposed.function.printed.strip(".")
            assert r.proposed.salary.value > r.current.salary.value


@given(st.decimals(min_value=0, max_value=10**9, places=2, allow_nan=False, allow_infinity=False))
def test_money_format_roundtrip(value: Decimal) -> None:
    assert parse_money(format_decimal(value, 2)) == value  # the calculators' formatter
