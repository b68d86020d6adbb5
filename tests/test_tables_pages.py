"""The "Tabelas" pages of the built site (no browser): rows, totals, downloads, links, charts,
fidelity to the source and agreement with the calculators.

Fidelity normalisation (also stated on /tabelas/#fidelidade): whitespace only; fill leaders —
runs of four or more dots (tests/fidelity.tokens) and runs of two or more dots right after a
letter ("Engenharia..") — are separators; the vertical bar "|", which in the flattened text only
separates columns, is not shown and is the one printed sign left out. Order is not required: the
columns of each table were serialized one after another, and the pages put them back in rows, so
the check is that the multiset of source tokens is contained in the multiset of page tokens.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path

import htmlscan
import jsonschema
import pytest
from conftest import ROOT
from fidelity import VOID, page_source_text, tokens

from calculators import api
from calculators.rules.salarios_1945.tables import read_tables
from macros.build.exports import FORMULA_STARTS, json_document
from macros.data.site import current
from macros.data.tables import Figure, FunctionsPart, Tables, load_tables

PAGES = {
    "indice": "/tabelas/",
    "escala": "/tabelas/escala-padrao/",
    "ordinaria": "/tabelas/ordinaria-mensalistas/",
    "suplementar": "/tabelas/suplementar-mensalistas/",
    "diaristas": "/tabelas/diaristas/",
    "comparacao": "/tabelas/comparacao/",
}
SOURCE = ROOT / "data" / "sources" / "004_ab1da87089cd8574.txt"
REGION = (40, 473)
LETTER_LEADERS = re.compile(r"(?<=[^\W\d_])\.{2,}")
COLUMN_BAR = re.compile(r"^\|+$")


def fidelity_tokens(text: str) -> list[str]:
    """tests/fidelity.tokens, plus runs of 2+ dots after a letter as leaders."""
    return tokens(LETTER_LEADERS.sub(" ", text))


@pytest.fixture(scope="module")
def tables() -> Tables:
    return load_tables()


@pytest.fixture(scope="module")
def html(site_dir: Path) -> dict[str, str]:
    return {k: htmlscan.page(site_dir, p).read_text(encoding="utf-8") for k, p in PAGES.items()}


class ElementText(HTMLParser):
    """For each element with an id: its source text (class src) and its attributes; plus, per id,
    the attributes of descendant cells keyed by data-chave."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str | None, bool, bool]] = []  # tag, id, src, nosrc
        self.src: dict[str, list[str]] = {}
        self.attrs: dict[str, dict[str, str | None]] = {}
        self.cells: dict[str, dict[str, dict[str, str | None]]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        a = dict(attrs)
        ident = a.get("id")
        classes = (a.get("class") or "").split()
        if ident:
            self.attrs[ident] = a
            self.src.setdefault(ident, [])
        key = a.get("data-chave")
        if key:
            for _, oid, _, _ in reversed(self.stack):
                if oid:
                    self.cells.setdefault(oid, {}).setdefault(key, a)
                    break
        self.stack.append((tag, ident, "src" in classes, "data-nosrc" in a))
        if "src" in classes:
            self._add(" ")

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                was_src = self.stack[i][2]
                del self.stack[i:]
                if was_src:
                    self._add(" ")
                return

    def _add(self, text: str) -> None:
        for _, ident, _, _ in self.stack:
            if ident:
                self.src[ident].append(text)

    def handle_data(self, data: str) -> None:
        inside = any(s for _, _, s, _ in self.stack) and not any(n for _, _, _, n in self.stack)
        if inside:
            self._add(data)


def parse(text: str) -> ElementText:
    parser = ElementText()
    parser.feed(text)
    parser.close()
    return parser


@pytest.fixture(scope="module")
def parsed(html: dict[str, str]) -> dict[str, ElementText]:
    return {k: parse(v) for k, v in html.items()}


def row_tokens(p: ElementText, ident: str) -> Counter[str]:
    assert ident in p.src, f"linha {ident} ausente da página"
    return Counter(fidelity_tokens("".join(p.src[ident])))


def expect(p: ElementText, ident: str, printed: list[str]) -> None:
    want = Counter(t for s in printed for t in fidelity_tokens(s))
    got = row_tokens(p, ident)
    assert not (want - got), f"{ident}: faltam {want - got} (página: {got})"


def functions_part(p: ElementText, part: FunctionsPart) -> None:
    for i, r in enumerate(part.rows, 1):
        printed = [
            r.current.count.printed, r.current.function.printed, r.current.salary.printed,
            r.proposed.count.printed, r.proposed.function.printed, r.proposed.salary.printed,
        ]
        if r.vacancies is not None:
            printed.append(r.vacancies.printed)
        if r.observation is not None:
            printed.append(r.observation.text)
        expect(p, f"{part.id}-l{i}", printed)
        cells = p.cells[f"{part.id}-l{i}"]
        assert cells["proposed_salary"]["data-value"] == plain(r.proposed.salary.value)
        assert cells["proposed_count"]["data-value"] == plain(r.proposed.count.value)
    expect(p, f"{part.id}-total", [f.printed for f in part.printed_totals.values()])
    computed = part.computed_totals()
    differs = {k for k, v in computed.items() if part.printed_totals[k].amount != v}
    if differs:
        cells = p.cells[f"{part.id}-calculado"]
        for k in differs:
            assert cells[k]["data-value"] == str(computed[k])
    else:
        assert f"{part.id}-calculado" not in p.attrs


# ====================================================================== rows and totals
def test_escala_rows(parsed: dict[str, ElementText], tables: Tables) -> None:
    p = parsed["escala"]
    for r in tables.escala.rows:
        ident = f"ref-{r.reference.value}"
        expect(p, ident, [r.reference.printed, r.salary.printed])
        assert p.cells[ident]["salary"]["data-value"] == format(r.salary.value, "f")


def test_ordinaria_commission_rows_and_totals(parsed: dict[str, ElementText], tables: Tables) -> None:
    functions_part(parsed["ordinaria"], tables.ordinaria.commission)
    # the printed '1' of the Chefe de Seção row stays, with the computed total 29 ≠ printed 39 beside it
    cells = parsed["ordinaria"].cells["ordinaria-comissao-calculado"]
    assert cells["proposed_count"]["data-value"] == "29"


def test_ordinaria_series_rows_and_totals(parsed: dict[str, ElementText], tables: Tables) -> None:
    p = parsed["ordinaria"]
    for b in tables.ordinaria.series.blocks:
        assert f"serie-{b.id}" in p.attrs
        expect(p, f"serie-{b.id}-titulo", [b.title.printed])
        for sr in b.rows:
            ident = (f"serie-{b.id}-ref-{sr.reference.value}" if sr.reference.value is not None
                     else f"serie-{b.id}-l{sr.source_lines[0]}")
            printed = [sr.reference.printed, sr.proposed_count.printed, sr.excedentes.printed, sr.vacancies.printed]
            for post in sr.current:
                printed += [post.count.printed, post.function.printed, post.salary.printed]
            expect(p, ident, printed)
            assert p.cells[ident]["current_count"]["data-value"] == str(sr.current_count)
        expect(p, f"serie-{b.id}-total", [f.printed for f in b.printed_totals.values()])
        differs = any(b.printed_totals[k].amount != v for k, v in b.computed_totals().items())
        assert (f"serie-{b.id}-calculado" in p.attrs) == differs


def test_suplementar_rows_and_totals(parsed: dict[str, ElementText], tables: Tables) -> None:
    functions_part(parsed["suplementar"], tables.suplementar.commission)
    functions_part(parsed["suplementar"], tables.suplementar.effective)


def test_diaristas_rows_and_totals(parsed: dict[str, ElementText], tables: Tables) -> None:
    p = parsed["diaristas"]
    d = tables.diaristas
    for i, r in enumerate(d.rows, 1):
        figs: list[Figure] = [r.current.count, r.current.daily_salary, r.current.annual_expense,
                              r.proposed.count, r.proposed.daily_salary, r.proposed.annual_expense]
        expect(p, f"diaristas-l{i}", [f.printed for f in figs])
    totals = [f.printed for side in d.printed_totals.values() for f in side.values()]
    expect(p, "diaristas-total", totals)
    assert "14.655. 000,00" in "".join(p.src["diaristas-total"])  # shown as printed


def test_garbled_figures_are_shown_as_printed_with_their_note(html: dict[str, str]) -> None:
    assert "14.655. 000,00" in html["diaristas"] and "(lido como 14.655.000,00)" in html["diaristas"]
    assert "CR$510,00" in html["ordinaria"] and "e não uma referência" in html["ordinaria"]
    assert "Supeintentedente" in html["ordinaria"] and "(lê-se: Superintendente)" in html["ordinaria"]
    assert "Alinhamento escolhido e por quê" in html["ordinaria"]
    assert "Valor que concilia: <strong>11</strong>" in html["ordinaria"]


def test_every_note_is_on_the_page(parsed: dict[str, ElementText], html: dict[str, str], tables: Tables) -> None:
    """Each note text of the data appears on the page of its table (escaped as HTML and Markdown:
    ``macros/render/safe.py``)."""
    import yaml

    from macros.render.safe import escape

    files = {"escala-padrao": "escala", "ordinaria-mensalistas": "ordinaria",
             "suplementar-mensalistas": "suplementar", "diaristas": "diaristas"}
    for stem, key in files.items():
        raw = yaml.safe_load((ROOT / "data" / "tables" / f"{stem}.yaml").read_text(encoding="utf-8"))
        texts: list[str] = []

        def walk(node: object, out: list[str] = texts) -> None:
            if isinstance(node, dict):
                for n in node.get("notes", []) or []:
                    out.append(n["text"])
                for v in node.values():
                    walk(v)
            elif isinstance(node, list):
                for v in node:
                    walk(v)

        walk(raw)
        # The acts a note names are links (the registry): compare the words, without the tags.
        words = re.sub(r"<[^>]+>", "", html[key])
        missing = [t for t in texts if str(escape(t)) not in words]
        assert not missing, f"{key}: notas ausentes: {missing[:3]}"


def test_source_lines_are_visible_and_linked(html: dict[str, str]) -> None:
    for key in ("escala", "ordinaria", "suplementar", "diaristas"):
        assert "do documento-fonte</a>" in html[key]
        assert 'href="../../fontes/004_ab1da87089cd8574.txt"' in html[key]
    assert "linhas 130–140 do documento-fonte" in html["ordinaria"]


def test_pages_link_to_the_decree_articles(html: dict[str, str]) -> None:
    wanted = {
        "escala": ["#art2_par1"],
        "ordinaria": ["#art1", "#art2", "#art2_par1"],
        "suplementar": ["#art1", "#art3"],
        "diaristas": ["#art1_par5"],
    }
    for key, anchors in wanted.items():
        for anchor in anchors:
            assert f'href="../../decreto-17961-1945/{anchor}"' in html[key], (key, anchor)


# ====================================================================== links to the escala
def test_every_series_row_links_to_an_existing_escala_anchor(site_dir: Path, parsed: dict[str, ElementText],
                                                             tables: Tables) -> None:
    escala_ids = htmlscan.ids(htmlscan.page(site_dir, PAGES["escala"]))
    links = [a["href"] for tag, a in htmlscan.tags(htmlscan.page(site_dir, PAGES["ordinaria"]))
             if tag == "a" and "ref-link" in (a.get("class") or "")]
    expected = [sr.reference.value for b in tables.ordinaria.series.blocks for sr in b.rows
                if sr.reference.value is not None]
    assert len(links) == len(expected)
    for href, ref in zip(links, expected, strict=True):
        assert href == f"../../tabelas/escala-padrao/#ref-{ref}"
        assert f"ref-{ref}" in escala_ids


# ====================================================================== downloads
def read_csv(site: Path, name: str) -> list[dict[str, str]]:
    """The rows, each text cell as in the data: the apostrophe that marks a formula-like cell as
    text (``exports.as_text``) taken off."""
    text = (site / "dados" / name).read_text(encoding="utf-8")
    return [{k: v[1:] if v.startswith("'") and v[1:].startswith(FORMULA_STARTS) else v for k, v in row.items()}
            for row in csv.DictReader(io.StringIO(text))]


def plain(value: object) -> str:
    if value is None:
        return ""
    return format(value, "f") if isinstance(value, Decimal) else str(value)


def test_csv_downloads_match_the_data(site_dir: Path, tables: Tables) -> None:
    rows = read_csv(site_dir, "escala-padrao.csv")
    assert [(r["referencia"], r["salario_mensal"], r["salario_mensal_impresso"]) for r in rows] == [
        (plain(r.reference.value), plain(r.salary.value), r.salary.printed) for r in tables.escala.rows
    ]
    rows = read_csv(site_dir, "ordinaria-mensalistas-comissao.csv")
    part = tables.ordinaria.commission
    assert len(rows) == len(part.rows)
    for got, r in zip(rows, part.rows, strict=True):
        assert got["quantidade_proposta"] == plain(r.proposed.count.value)
        assert got["funcao_proposta_impressa"] == r.proposed.function.printed
        assert got["funcao_proposta_normalizada"] == (r.proposed.function.normalized or "")
        assert got["salario_proposto"] == plain(r.proposed.salary.value)
        assert got["vagas"] == plain(r.vacancies.value if r.vacancies else None)
    rows = read_csv(site_dir, "ordinaria-mensalistas-series.csv")
    posts = [(b, sr, i, p) for b in tables.ordinaria.series.blocks for sr in b.rows
             for i, p in enumerate(sr.current, 1)]
    assert len(rows) == len(posts)
    for got, (b, sr, i, post) in zip(rows, posts, strict=True):
        assert got["serie_id"] == b.id and got["referencia_impressa"] == sr.reference.printed
        assert got["quantidade_atual"] == plain(post.count.value)
        assert got["funcao_atual_impressa"] == post.function.printed
        assert got["salario_atual"] == plain(post.salary.value)
        assert got["quantidade_proposta"] == (plain(sr.proposed_count.value) if i == 1 else "")
    assert any(r["referencia_impressa"] == "CR$510,00" and r["referencia"] == "" for r in rows)
    # summing the CSV columns gives the computed totals of each série
    for b in tables.ordinaria.series.blocks:
        mine = [r for r in rows if r["serie_id"] == b.id]
        assert sum(int(r["quantidade_atual"] or 0) for r in mine) == b.computed_totals()["current_count"]
        assert sum(int(r["quantidade_proposta"] or 0) for r in mine) == b.computed_totals()["proposed_count"]
    rows = read_csv(site_dir, "suplementar-mensalistas.csv")
    parts = [tables.suplementar.commission, tables.suplementar.effective]
    assert len(rows) == sum(len(p.rows) for p in parts)
    assert {r["funcao_atual_normalizada"] for r in rows if r["funcao_atual_impressa"] == "Massamista"} == {""}
    rows = read_csv(site_dir, "diaristas.csv")
    assert len(rows) == len(tables.diaristas.rows)
    for got, r in zip(rows, tables.diaristas.rows, strict=True):
        assert got["salario_diario_atual"] == plain(r.current.daily_salary.value)
        assert got["despesa_anual_proposta_impressa"] == r.proposed.annual_expense.printed
        assert got["quantidade_proposta"] == plain(r.proposed.count.value)


def test_json_download_validates_against_its_schema_and_matches_the_data(site_dir: Path, tables: Tables) -> None:
    data = json.loads((site_dir / "dados" / "tabelas-1945.json").read_text(encoding="utf-8"))
    schema = json.loads((site_dir / "dados" / "tabelas-1945.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(data)
    assert data == json.loads(json.dumps(json_document(tables), ensure_ascii=False))
    assert data["diaristas"]["printed_totals"]["proposed"]["annual_expense"]["printed"] == "14.655. 000,00"
    totals = data["totais_calculados"]
    assert totals["ordinaria-comissao"]["proposed_count"] == 29
    assert totals["series"]["escriturario"] == tables.ordinaria.series.blocks[3].computed_totals()
    broken = json.loads(json.dumps(data))
    broken["escala"]["rows"][0]["salary"]["value"] = 100.0
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(schema).validate(broken)


def test_each_table_page_links_its_downloads(html: dict[str, str]) -> None:
    wanted = {
        "escala": ["escala-padrao.csv"],
        "ordinaria": ["ordinaria-mensalistas-comissao.csv", "ordinaria-mensalistas-series.csv"],
        "suplementar": ["suplementar-mensalistas.csv"],
        "diaristas": ["diaristas.csv"],
    }
    for key, names in wanted.items():
        for name in [*names, "tabelas-1945.json", "tabelas-1945.schema.json"]:
            assert f'href="../../dados/{name}"' in html[key], (key, name)


# ====================================================================== charts
class SvgReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.svgs: list[dict[str, str | None]] = []
        self.texts: dict[str, str] = {}
        self.rect_titles: list[str] = []
        self._id: str | None = None
        self._in_rect_title = False
        self._tag_stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "svg":
            self.svgs.append(a)
        if tag in ("title", "desc") and a.get("id"):
            self._id = a["id"]
            self.texts[self._id] = ""
        if tag == "title" and self._tag_stack and self._tag_stack[-1] == "rect":
            self._in_rect_title = True
            self.rect_titles.append("")
        self._tag_stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("title", "desc"):
            self._id = None
            self._in_rect_title = False
        if self._tag_stack:
            self._tag_stack.pop()

    def handle_data(self, data: str) -> None:
        if self._id:
            self.texts[self._id] += data
        if self._in_rect_title:
            self.rect_titles[-1] += data


def read_svgs(text: str) -> SvgReader:
    reader = SvgReader()
    reader.feed(text)
    return reader


@pytest.mark.parametrize("key", ["escala", "comparacao"])
def test_charts_are_inline_svg_with_accessible_names_and_a_table_beside(
    key: str, html: dict[str, str], parsed: dict[str, ElementText]
) -> None:
    reader = read_svgs(html[key])
    charts = [s for s in reader.svgs if "grafico" in (s.get("class") or "")]
    assert charts, f"{key}: nenhum gráfico"
    for svg in charts:
        assert svg.get("role") == "img"
        labelled = (svg.get("aria-labelledby") or "").split()
        assert len(labelled) == 2
        for ident in labelled:
            assert reader.texts.get(ident, "").strip(), f"{ident}: título ou descrição vazios"
        table = svg.get("data-tabela")
        assert table and table in parsed[key].attrs, "o gráfico não aponta para uma tabela da página"
        # the chart is immediately followed by its caption, which links to the table
        start = html[key].index(f'id="{svg["id"]}"')
        assert f'href="#{table}"' in html[key][start: start + 60_000]
    assert "<img" not in html[key] or "grafico" not in html[key].split("<img", 1)[1][:200]


def test_escala_chart_equals_its_table(html: dict[str, str], tables: Tables) -> None:
    text = html["escala"]
    start = text.index('id="grafico-escala"')
    svg = text[start: text.index("</svg>", start)]
    points = re.findall(r"<circle [^>]*><title>(\d+): ([\d.]+)</title>", svg)
    assert [(int(r), v) for r, v in points] == [
        (int(r.reference.value), f"{int(r.salary.amount):,}".replace(",", ".")) for r in tables.escala.rows
        if r.reference.value is not None
    ]


def test_headcount_chart_equals_its_table(html: dict[str, str], parsed: dict[str, ElementText]) -> None:
    reader = read_svgs(html["comparacao"])
    values: dict[str, dict[str, int]] = {}
    for t in reader.rect_titles:
        label, _, rest = t.rpartition(" — ")
        side, _, number = rest.partition(": ")
        values.setdefault(label, {})[side] = int(number)
    groups = [g for g in current().comparison.groups if g.is_series]
    assert set(values) == {g.label for g in groups}
    for g in groups:
        cells = parsed["comparacao"].cells[f"comp-{g.key}"]
        assert values[g.label]["Situação atual"] == int(cells["current_count"]["data-value"] or 0)
        assert values[g.label]["Situação proposta"] == int(cells["proposed_count"]["data-value"] or 0)


# ====================================================================== fidelity
def test_fidelity_table_region_is_fully_on_the_tables_pages(html: dict[str, str]) -> None:
    """Every token of lines 40–473 (multiset) is in the source text (class src) of the Tabelas
    pages, in any order; only the column bars '|' are left out (declared on /tabelas/#fidelidade)."""
    lines = SOURCE.read_text(encoding="utf-8").split("\n")
    source = Counter(t for t in fidelity_tokens("\n".join(lines[REGION[0] - 1: REGION[1]]))
                     if not COLUMN_BAR.match(t))
    page: Counter[str] = Counter()
    for text in html.values():
        page += Counter(fidelity_tokens(page_source_text(text)))
    missing = source - page
    assert not missing, f"tokens do fonte ausentes das páginas: {missing.most_common(20)}"
    assert "|" in html["indice"] and "não é exibida" in html["indice"]


def test_fidelity_normalisation() -> None:
    assert fidelity_tokens("Chefe da Seção de Engenharia.. Secretário......") == [
        "Chefe", "da", "Seção", "de", "Engenharia", "Secretário"]
    assert fidelity_tokens("Chefe do Serviço de Adm. ........... -") == ["Chefe", "do", "Serviço", "de", "Adm.", "-"]
    assert fidelity_tokens("14.655. 000,00") == ["14.655.", "000,00"]


# ====================================================================== comparison = calculators
def _data_value(cells: dict[str, dict[str, str | None]], key: str) -> str:
    return cells[key]["data-value"] or ""


def test_comparison_payroll_equals_the_calculator(parsed: dict[str, ElementText], tables: Tables) -> None:
    data = json_document(tables)
    c = current().comparison
    lines = read_tables(data).lines
    names = Counter(line.serie for line in lines)
    blocks = {b.id: b for b in tables.ordinaria.series.blocks}
    checked = 0
    for g in c.groups:
        cells = parsed["comparacao"].cells[f"comp-{g.key}"]
        assert _data_value(cells, "current_pay") == format(g.payroll.current, "f")
        assert _data_value(cells, "proposed_pay") == format(g.payroll.proposed, "f")
        assert _data_value(cells, "current_count") == str(g.payroll.current_count)
        if not g.is_series:
            continue
        # the calculator's "serie" query groups by name over both tables; compare where the
        # name belongs to this série only
        rows = {r.id for r in blocks[g.key].rows}
        own = [line for line in lines if line.serie == g.label and line.id in rows]
        if names[g.label] != len(own):
            continue
        result = api.run("salarios_1945", {"consulta": "serie", "serie": g.label}, data)
        assert result["ok"], result
        amounts, quantities = result["amounts"], result["quantities"]
        assert amounts["folha_atual"]["value"] == _data_value(cells, "current_pay")
        assert amounts["folha_proposta"]["value"] == _data_value(cells, "proposed_pay")
        assert amounts["diferenca"]["value"] == _data_value(cells, "difference")
        assert quantities["funcoes_atuais"]["value"] == _data_value(cells, "current_count")
        assert quantities["funcoes_propostas"]["value"] == _data_value(cells, "proposed_count")
        checked += 1
    assert checked >= 20
    assert c.total.current_count == sum(g.payroll.current_count for g in c.groups)


def test_comparison_raises_equal_the_calculator(parsed: dict[str, ElementText], tables: Tables) -> None:
    data = json_document(tables)
    c = current().comparison
    checked = 0
    for g in c.groups:
        for i, line in enumerate(g.lines, 1):
            cells = parsed["comparacao"].cells[f"aumento-{g.key}-{i}"]
            salary = line.current_salary.value
            assert isinstance(salary, Decimal)
            serie = g.label if g.is_series else (line.proposed_name.sort_key if line.proposed_name else "")
            result = api.run("salarios_1945", {
                "consulta": "enquadramento", "funcao_atual": line.current_name.sort_key,
                "salario_atual": format(salary, "f"), "serie": serie,
            }, data)
            if line.proposed is None:
                assert _data_value(cells, "proposed") == "" and _data_value(cells, "raise") == ""
                continue
            assert result["ok"], result
            candidates = result["details"].get("candidatos")
            if candidates:  # the same function and salary on several lines: ours is one of them
                assert format(line.proposed, "f") in {cand["salario_proposto"] for cand in candidates}
                continue
            amounts = result["amounts"]
            assert amounts["salario_proposto"]["value"] == _data_value(cells, "proposed")
            assert amounts["aumento"]["value"] == _data_value(cells, "raise")
            assert result["quantities"]["aumento_percentual"]["value"] == _data_value(cells, "percent")
            checked += 1
    assert checked >= 60


def test_comparison_daily_totals_equal_the_calculator(html: dict[str, str], tables: Tables) -> None:
    data = json_document(tables)
    result = api.run("salarios_1945", {"consulta": "diaristas"}, data)
    assert result["ok"], result
    c = current().comparison
    assert result["amounts"]["despesa_atual"]["value"] == format(c.daily_current[1], "f")
    assert result["amounts"]["despesa_proposta"]["value"] == format(c.daily_proposed[1], "f")
    assert "Cr$ 14.655.000,00" in html["comparacao"] and "Cr$ 10.060.800,00" in html["comparacao"]
