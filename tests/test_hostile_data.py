"""Every text from data is text (issue 19): a real build of a copy of ``data/`` whose short title,
ementa and worked-example title carry a ``<script>``, a Markdown ``javascript:`` link, an
apostrophe, ``<!--<script>``, line breaks that look like RIS fields and a trailing backslash
(``tests/hostile_data.py``). The build passes, and each output shows the text as written: the
pages (HTML and Markdown escaped; no ``javascript:`` link; the apostrophe an apostrophe in the
table of contents), the JSON-LD block (``<`` escaped, the article text still there), RIS (one
record per citation), BibTeX (backslash and braces escaped) and Akoma Ntoso.

The spreadsheet side (cells a spreadsheet would run as formulas) is checked on the real data,
which has such a cell (``-\\``), and on the writers."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import bibtexparser
import pytest
import rispy
from hostile_data import CASE_TITLE, EMENTA, SHORT_TITLE, hostile_copy
from lxml import etree
from lxml import html as lhtml
from openpyxl import load_workbook

from macros.build import csp
from macros.build.exports import FORMULA_STARTS, Sheet, as_text
from macros.build.spreadsheets import spreadsheet_csv, xlsx

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("hostil")
    data = hostile_copy(base)
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-q", "-d", str(base / "site")],
        cwd=ROOT, env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "EP_DATA_DIR": str(data)},
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return base / "site"


def _pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


@pytest.mark.site
def test_no_script_or_javascript_link_comes_out_of_data(hostile_site: Path) -> None:
    for page in _pages(hostile_site):
        text = page.read_text(encoding="utf-8")
        assert not any("ep-injetado" in s for s in csp.inline_scripts(text)), page
        tree = lhtml.fromstring(text)
        for element in tree.iter():
            for name in ("href", "src", "action", "formaction"):
                value = (element.get(name) or "").strip().lower()
                assert not value.startswith("javascript:"), f"{page}: {element.tag} {name}={value}"
            handlers = [k for k in element.attrib if k.lower().startswith("on")]
            assert not handlers, f"{page}: {element.tag} {handlers}"


def _heading_text(element: etree._Element) -> str:
    return "".join(t for t in element.itertext()).rstrip("#").strip()


@pytest.mark.site
def test_titles_show_as_written_in_headings_and_table_of_contents(hostile_site: Path) -> None:
    page = lhtml.fromstring((hostile_site / "calculadoras" / "refeicao" / "index.html").read_text(encoding="utf-8"))
    heading = page.get_element_by_id("exemplo-uma_hora_dez_operarios")
    assert _heading_text(heading) == CASE_TITLE
    hoje = lhtml.fromstring((hostile_site / "hoje" / "index.html").read_text(encoding="utf-8"))
    assert _heading_text(hoje.get_element_by_id("lei-4860-1965")) == SHORT_TITLE
    toc = hoje.xpath('//nav[contains(@class, "md-nav--secondary")]//a[@href="#lei-4860-1965"]')
    assert toc and " ".join(toc[0].text_content().split()) == " ".join(SHORT_TITLE.split())
    for page_path in _pages(hostile_site):
        tree = lhtml.fromstring(page_path.read_text(encoding="utf-8"))
        shown = " ".join(tree.xpath("//body//text()"))
        assert "&#39;" not in shown and "&#91;" not in shown and "&amp;" not in shown, page_path


@pytest.mark.site
def test_json_ld_cannot_swallow_the_page(hostile_site: Path) -> None:
    text = (hostile_site / "lei-4860-1965" / "index.html").read_text(encoding="utf-8")
    block = re.search(r'<script type="application/ld\+json">(.*?)</script>', text, re.S)
    assert block is not None
    assert "<" not in block.group(1)
    assert EMENTA in _strings(json.loads(block.group(1)))
    shown = lhtml.fromstring(text).get_element_by_id("art7_cpt").text_content()
    assert "Todos os servidores ou empregados são obrigados à prestação" in shown


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_citation_files_keep_one_record_per_citation(hostile_site: Path, site_dir: Path) -> None:
    name = "dados/citacoes/lei-4860-1965"
    ris = rispy.loads((hostile_site / f"{name}.ris").read_text(encoding="utf-8"))
    plain = rispy.loads((site_dir / f"{name}.ris").read_text(encoding="utf-8"))
    assert len(ris) == len(plain)
    assert "TY  - JOUR" in ris[0]["abstract"] and "\n" not in ris[0]["abstract"]
    for suffix, ementa_field in ((".biblatex.bib", "abstract"), (".bib", "note")):
        bib = bibtexparser.parse_string((hostile_site / f"{name}{suffix}").read_text(encoding="utf-8"))
        assert not bib.failed_blocks
        plain_bib = bibtexparser.parse_string((site_dir / f"{name}{suffix}").read_text(encoding="utf-8"))
        assert len(bib.entries) == len(plain_bib.entries)
        assert "\\textbackslash{}." in bib.entries[0][ementa_field], suffix
    etree.parse(str(hostile_site / "dados" / "akn" / "lei-4860-1965.xml"))  # well-formed XML


def test_formula_like_cells_are_text() -> None:
    for start in FORMULA_STARTS:
        assert as_text(f"{start}1+1") == f"'{start}1+1"
    assert as_text("Servente") == "Servente"
    sheet = Sheet(("funcao_atual_impressa",), (("=HYPERLINK(\"x\")",), ("-\\",), ("@SUM(1)",)))
    rows = spreadsheet_csv(sheet).decode("utf-8-sig").splitlines()[1:]
    assert rows == ['"\'=HYPERLINK(""x"")"', "'-\\", "'@SUM(1)"]
    book = load_workbook(io.BytesIO(xlsx({"escala-padrao.csv": sheet})))
    cells = [row[0] for row in book.active.iter_rows(min_row=2)]
    assert [c.data_type for c in cells] == ["s", "s", "s"]
    assert cells[0].value == '=HYPERLINK("x")'


def test_real_data_cell_is_written_as_text(site_dir: Path) -> None:
    """Today's data has a cell printed «-\\» (an anomaly of the source): the CSVs give it as text."""
    ptbr = (site_dir / "dados" / "planilhas" / "ordinaria-mensalistas-series.csv").read_text(encoding="utf-8-sig")
    machine = (site_dir / "dados" / "ordinaria-mensalistas-series.csv").read_text(encoding="utf-8")
    assert ";'-\\;" in ptbr and ";-\\;" not in ptbr
    assert ",'-\\," in machine and ",-\\," not in machine
    book = load_workbook(site_dir / "dados" / "tabelas-1945.xlsx")
    values = [c for ws in book.worksheets for row in ws.iter_rows() for c in row if c.value == "-\\"]
    assert values and all(c.data_type == "s" for c in values)
