"""The pt-BR spreadsheet downloads, opened as a spreadsheet set to Portuguese (Brazil) opens them
(BOM, ';', decimal comma), every number compared with /dados/tabelas-1945.json; the .xlsx read
back with openpyxl."""

from __future__ import annotations

import csv
import io
import json
import re
from collections import defaultdict
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from macros.build.spreadsheets import COLUMNS, MAX_WIDTH, MIN_WIDTH, SHEET_TITLES
from macros.data.notes import note_labels

NAMES = list(SHEET_TITLES)
#: value column → the column with the same figure as printed.
PAIRS = {COLUMNS[m]: COLUMNS[m + suffix]
         for m in COLUMNS for suffix in ("_impresso", "_impressa") if m + suffix in COLUMNS}
NUMBER = re.compile(r"^-?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$")


def as_spreadsheet(cell: str) -> Decimal | str:
    """What a pt-BR spreadsheet makes of a cell: '1900,00', '1.900,00', '12' are numbers."""
    if NUMBER.match(cell):
        return Decimal(cell.replace(".", "").replace(",", "."))
    return cell


def read_ptbr(site_dir: Path, name: str, parse: bool = True) -> tuple[list[str], list[dict[str, Decimal | str]]]:
    raw = (site_dir / "dados" / "planilhas" / name).read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf"), f"{name}: sem BOM"
    assert b"\r\n" in raw
    text = raw.decode("utf-8-sig")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=";")
    header = next(reader)
    convert = as_spreadsheet if parse else str
    rows = [dict(zip(header, (convert(c) for c in row), strict=True)) for row in reader]
    return header, rows


@pytest.fixture(scope="module")
def figures(site_dir: Path) -> dict[str, list[tuple[int, Decimal | None]]]:
    """printed string → [(line, value)] of every figure in the JSON of the tables."""
    doc = json.loads((site_dir / "dados" / "tabelas-1945.json").read_text(encoding="utf-8"))
    found: dict[str, list[tuple[int, Decimal | None]]] = defaultdict(list)

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if {"printed", "value", "line"} <= node.keys():
                value = node["value"]
                found[node["printed"]].append((node["line"], None if value is None else Decimal(str(value))))
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(doc)
    return found


@pytest.fixture(scope="module")
def escala(site_dir: Path) -> dict[int, Decimal]:
    doc = json.loads((site_dir / "dados" / "tabelas-1945.json").read_text(encoding="utf-8"))
    return {r["reference"]["value"]: Decimal(r["salary"]["value"]) for r in doc["escala"]["rows"]}


def lines_of(row: dict[str, Decimal | str]) -> range:
    for key in ("Linhas do documento-fonte", "Linha do documento-fonte"):
        if key in row:
            cell = str(row[key])
            first, _, last = cell.partition("-")
            return range(int(first), int(last or first) + (1 if last else 60))
    raise AssertionError("linha do documento-fonte ausente")


@pytest.mark.parametrize("name", [n for n in NAMES if n != "comparacao.csv"])
def test_spreadsheet_csv_reads_as_ptbr(site_dir: Path, name: str, figures, escala) -> None:  # type: ignore[no-untyped-def]
    header, rows = read_ptbr(site_dir, name)
    _, printed_rows = read_ptbr(site_dir, name, parse=False)
    assert rows, name
    assert all("_" not in h and h[0].isupper() for h in header), header  # Portuguese names, not machine names
    checked = 0
    for row, printed_row in zip(rows, printed_rows, strict=True):
        notes = str(row["Notas editoriais"])
        for part in filter(None, notes.split(" | ")):
            assert part.split(":")[0] in note_labels("tables").values(), part  # labels, never codes
        span = lines_of(row)
        for column, partner in PAIRS.items():
            if column not in row or partner not in row:
                continue
            cell = row[column]
            printed = str(printed_row[partner])
            if not printed:
                continue
            candidates = [v for line, v in figures[printed] if line in span]
            assert candidates, (name, column, printed)
            expected = candidates[0]
            if expected is None:
                assert cell == "", (name, column, printed, cell)
            else:
                assert cell == expected, (name, column, printed, cell, expected)
            checked += 1
        if "Salário da referência (Cr$, escala-padrão)" in row and row["Referência"] in escala:
            assert row["Salário da referência (Cr$, escala-padrão)"] == escala[int(row["Referência"])]
            checked += 1
    assert checked > len(rows), name


def test_comparison_csv(site_dir: Path, figures, escala) -> None:  # type: ignore[no-untyped-def]
    header, rows = read_ptbr(site_dir, "comparacao.csv")
    assert header[:11] == [
        "Tabela", "Série ou parte", "Função atual (como impressa)", "Função atual (forma corrigida pela edição)",
        "Referência ou função proposta", "Nº atual", "Nº proposto", "Salário atual (Cr$)", "Salário proposto (Cr$)",
        "Aumento (Cr$)", "Aumento (%)",
    ]
    assert {r["Tabela"] for r in rows} == {"Ordinária", "Suplementar"}
    for row in rows:
        span = lines_of(row)
        current, proposed = row["Salário atual (Cr$)"], row["Salário proposto (Cr$)"]
        values_here = {v for vals in figures.values() for line, v in vals if line in span}
        assert current in values_here, row
        target = str(row["Referência ou função proposta"])
        if target.startswith("ref. "):
            ref = int(target[5:]) if target[5:].isdigit() else None
            assert proposed == escala.get(ref or 0, ""), row
        else:
            assert proposed in values_here, row
        if isinstance(current, Decimal) and isinstance(proposed, Decimal):
            assert row["Aumento (Cr$)"] == proposed - current
            assert row["Aumento (%)"] == round((proposed - current) / current * 100, 2)
        assert isinstance(row["Nº atual"], Decimal)
    # the Massamista reading stays as printed
    assert any(r["Função atual (como impressa)"] == "Massamista" and r["Função atual (forma corrigida pela edição)"]
               == "" for r in rows)


def test_xlsx_matches_the_csvs(site_dir: Path) -> None:
    book = load_workbook(site_dir / "dados" / "tabelas-1945.xlsx", read_only=True)
    assert book.sheetnames == list(SHEET_TITLES.values())
    for name, title in SHEET_TITLES.items():
        header, rows = read_ptbr(site_dir, name)
        sheet = list(book[title].iter_rows(values_only=True))
        assert list(sheet[0]) == header
        assert len(sheet) - 1 == len(rows)
        for got, row in zip(sheet[1:], rows, strict=True):
            for value, column in zip(got, header, strict=True):
                cell = row[column]
                if isinstance(cell, Decimal) and isinstance(value, int | float):
                    assert Decimal(str(value)) == cell, (name, column)


def test_xlsx_columns_fit_their_content_and_the_header_stays(site_dir: Path) -> None:
    """Issue 30: every column as wide as its longest value or the longest word of its header
    (within the limits; what is longer wraps), the header row frozen, filtered and printed on
    every page. Checked against the texts the cells actually hold."""
    book = load_workbook(site_dir / "dados" / "tabelas-1945.xlsx")
    for title in SHEET_TITLES.values():
        ws = book[title]
        assert ws.freeze_panes == "A2", title
        assert ws.auto_filter.ref == ws.dimensions, title
        assert ws.print_title_rows == "$1:$1", title
        for column in ws.iter_cols():
            letter = column[0].column_letter
            width = ws.column_dimensions[letter].width
            header = str(column[0].value)
            assert column[0].font.bold and column[0].alignment.wrap_text, (title, header)
            texts = [f"{c.value:,.2f}" if c.number_format == "#,##0.00" and isinstance(c.value, int | float)
                     else str(c.value) for c in column[1:] if c.value is not None]
            need = max([len(w) for w in header.split()] + [len(t) for t in texts])
            assert MIN_WIDTH <= width <= MAX_WIDTH, (title, header, width)
            assert width >= min(need, MAX_WIDTH - 2), (title, header, width, need)
            for cell in column[1:]:
                if cell.value is not None and len(str(cell.value)) > width:
                    assert cell.alignment.wrap_text, (title, header, cell.coordinate)
