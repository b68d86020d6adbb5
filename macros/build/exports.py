"""Downloadable files of the tables, generated at build time under ``/dados/`` (never committed).

- one CSV per table (UTF-8, comma-separated, header row): plain numbers with a dot decimal
  (``1900.00``; empty for a printed '-'), and the printed string in its own ``*_impresso``
  column, so that nothing printed is lost ("14.655. 000,00", "CR$510,00", "Supeintentedente");
- ``tabelas-1945.json``: the four tables as validated from ``data/tables/*.yaml`` (every figure
  printed and as a number, source lines, notes, printed totals, each row's stable id) plus the
  column sums computed from the printed figures; money is decimal text (``"1900.00"``), never a
  binary float. The document is :func:`macros.data.calculator_tables.json_document`, the same one
  the calculators read;
- ``tabelas-1945.schema.json``: its JSON Schema, built from ``data/schema/tables.schema.json``.

The column sums are data verification (:mod:`macros.data.tables`), not pay rules.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

# The published document lives in the tables binding (the calculators read it too).
from ..data.calculator_tables import json_document as json_document
from ..data.loader import DATA
from ..data.notes import Note
from ..data.tables import Figure, FunctionsPart, Name, Tables

JSON_NAME = "tabelas-1945.json"
SCHEMA_NAME = "tabelas-1945.schema.json"



def plain(value: int | Decimal | None) -> str:
    """A number for a CSV cell: ``1900.00``, ``12``; empty for a printed '-'."""
    if value is None:
        return ""
    return format(value, "f") if isinstance(value, Decimal) else str(value)


@dataclass(frozen=True)
class NoteCell:
    """The notes of a row: codes in the machine CSV, labels and texts in the spreadsheet CSV."""

    notes: tuple[Note, ...]

    def codes(self) -> str:
        return "; ".join(dict.fromkeys(n.type for n in self.notes))


#: A cell before formatting: text, a number (int or Decimal; None for a printed '-'), or notes.
Cell = str | int | Decimal | None | NoteCell


def _notes(*note_groups: Iterable[Note]) -> NoteCell:
    seen: list[Note] = []
    for notes in note_groups:
        for n in notes:
            if n not in seen:
                seen.append(n)
    return NoteCell(tuple(seen))


def _fig(f: Figure | None) -> list[Cell]:
    if f is None:
        return [None, ""]
    return [f.value, f.printed]


def _name(n: Name) -> list[Cell]:
    return [n.printed, n.normalized or ""]


@dataclass(frozen=True)
class Sheet:
    """One table as columns (machine names) and typed rows; written as machine CSV or pt-BR."""

    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]


def machine_cell(cell: Cell) -> str:
    if isinstance(cell, NoteCell):
        return cell.codes()
    if cell is None or isinstance(cell, int | Decimal):
        return plain(cell)
    return cell


# A text cell starting with one of these is read by spreadsheets as a formula (OWASP, "CSV
# injection"): «=», «+», «-», «@», a tab, a carriage return. Today's data has «-\\» (a printed
# table cell).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def as_text(value: str) -> str:
    """A text cell for a CSV: one that a spreadsheet would read as a formula gets a leading
    apostrophe, which spreadsheets take as «this is text» (the JSON keeps the value as printed)."""
    if value == "-":  # the printed empty-cell marker alone is text to every spreadsheet
        return value
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def _text_cell(value: object) -> object:
    return as_text(value) if isinstance(value, str) else value


def _csv(header: Sequence[str], rows: Iterable[Sequence[Cell]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows([_text_cell(machine_cell(c)) for c in row] for row in rows)
    return out.getvalue()


def _sheet(header: Sequence[str], rows: Iterable[Sequence[Cell]]) -> Sheet:
    return Sheet(tuple(header), tuple(tuple(r) for r in rows))


def escala_sheet(tables: Tables) -> Sheet:
    rows = (
        [*_fig(r.reference), *_fig(r.salary), r.source_lines[0], _notes(r.notes, r.reference.notes, r.salary.notes)]
        for r in tables.escala.rows
    )
    return _sheet(["referencia", "referencia_impressa", "salario_mensal", "salario_mensal_impresso", "linha_fonte",
                   "notas"], rows)


FUNCTIONS_HEADER = [
    "linha", "quantidade_atual", "quantidade_atual_impressa", "funcao_atual_impressa", "funcao_atual_normalizada",
    "salario_atual", "salario_atual_impresso", "quantidade_proposta", "quantidade_proposta_impressa",
    "funcao_proposta_impressa", "funcao_proposta_normalizada", "salario_proposto", "salario_proposto_impresso",
]


def _functions_rows(part: FunctionsPart, with_vacancies: bool) -> list[list[Cell]]:
    out = []
    for i, r in enumerate(part.rows, 1):
        row: list[Cell] = [
            i, *_fig(r.current.count), *_name(r.current.function), *_fig(r.current.salary),
            *_fig(r.proposed.count), *_name(r.proposed.function), *_fig(r.proposed.salary),
        ]
        if with_vacancies:
            row += [*_fig(r.vacancies), r.observation.text if r.observation else ""]
        notes = [r.notes, r.current.count.notes, r.current.function.notes, r.current.salary.notes,
                 r.proposed.count.notes, r.proposed.function.notes, r.proposed.salary.notes]
        if r.vacancies is not None:
            notes.append(r.vacancies.notes)
        if r.observation is not None:
            notes.append(r.observation.notes)
        row += [f"{r.source_lines[0]}-{r.source_lines[1]}", _notes(*notes)]
        out.append(row)
    return out


def commission_sheet(tables: Tables) -> Sheet:
    header = [*FUNCTIONS_HEADER, "vagas", "vagas_impresso", "observacao", "linhas_fonte", "notas"]
    return _sheet(header, _functions_rows(tables.ordinaria.commission, True))


def suplementar_sheet(tables: Tables) -> Sheet:
    header = ["parte", *FUNCTIONS_HEADER, "linhas_fonte", "notas"]
    rows: list[list[Cell]] = []
    for label, part in (("a", tables.suplementar.commission), ("b", tables.suplementar.effective)):
        rows += [[label, *r] for r in _functions_rows(part, False)]
    return _sheet(header, rows)


def series_sheet(tables: Tables) -> Sheet:
    """One row per printed current function; a referência line with two current functions
    gives two rows, and its proposed count, excedentes and vagas are on the first of them only
    (so that every column can be summed)."""
    header = [
        "serie_id", "serie_impressa", "serie_normalizada", "referencia", "referencia_impressa",
        "salario_referencia", "funcao_na_linha", "quantidade_atual", "quantidade_atual_impressa",
        "funcao_atual_impressa", "funcao_atual_normalizada", "salario_atual", "salario_atual_impresso",
        "quantidade_proposta", "quantidade_proposta_impressa", "excedentes", "excedentes_impresso", "vagas",
        "vagas_impresso", "linhas_fonte", "notas",
    ]
    escala = tables.escala
    rows: list[list[Cell]] = []
    for b in tables.ordinaria.series.blocks:
        for sr in b.rows:
            ref = sr.reference.value
            ref_salary = escala.salary_for(int(ref)) if ref in escala.references else None
            for i, post in enumerate(sr.current, 1):
                first = i == 1
                line_figs: list[Cell] = (
                    [*_fig(sr.proposed_count), *_fig(sr.excedentes), *_fig(sr.vacancies)] if first else [None, ""] * 3
                )
                notes = [post.count.notes, post.function.notes, post.salary.notes]
                if first:
                    notes += [sr.notes, sr.reference.notes, sr.proposed_count.notes, sr.excedentes.notes,
                              sr.vacancies.notes]
                rows.append([
                    b.id, *_name(b.title), *_fig(sr.reference), ref_salary, i, *_fig(post.count),
                    *_name(post.function), *_fig(post.salary), *line_figs,
                    f"{sr.source_lines[0]}-{sr.source_lines[1]}", _notes(*notes),
                ])
    return _sheet(header, rows)


def diaristas_sheet(tables: Tables) -> Sheet:
    header = ["linha"]
    for side in ("atual", "proposta"):
        header += [f"quantidade_{side}", f"quantidade_{side}_impressa", f"salario_diario_{side}",
                   f"salario_diario_{side}_impresso", f"despesa_anual_{side}", f"despesa_anual_{side}_impressa"]
    header += ["linha_fonte", "notas"]
    rows: list[list[Cell]] = []
    for i, r in enumerate(tables.diaristas.rows, 1):
        row: list[Cell] = [i]
        figs: list[Figure] = []
        for half in (r.current, r.proposed):
            row += [*_fig(half.count), *_fig(half.daily_salary), *_fig(half.annual_expense)]
            figs += [half.count, half.daily_salary, half.annual_expense]
        row += [r.source_lines[0], _notes(r.notes, *(f.notes for f in figs))]
        rows.append(row)
    return _sheet(header, rows)


def sheets(tables: Tables) -> dict[str, Sheet]:
    """File name → sheet, for every table (the machine CSVs and the spreadsheet CSVs share them)."""
    return {
        "escala-padrao.csv": escala_sheet(tables),
        "ordinaria-mensalistas-comissao.csv": commission_sheet(tables),
        "ordinaria-mensalistas-series.csv": series_sheet(tables),
        "suplementar-mensalistas.csv": suplementar_sheet(tables),
        "diaristas.csv": diaristas_sheet(tables),
    }


def csv_texts(tables: Tables) -> dict[str, str]:
    """File name → machine CSV text (RFC 4180, UTF-8, dot decimal, note codes), for every table."""
    return {name: _csv(sheet.header, sheet.rows) for name, sheet in sheets(tables).items()}


# ------------------------------------------------------------------ JSON
def json_schema() -> dict[str, Any]:
    """The JSON Schema of :func:`json_document`, reusing the data schema's definitions."""
    base = json.loads((DATA / "schema" / "tables.schema.json").read_text(encoding="utf-8"))
    count_map = {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"/dados/{SCHEMA_NAME}",
        "title": "Tabelas do Decreto nº 17.961/1945 (Estatutos Portuários)",
        "description": "Arquivo /dados/tabelas-1945.json: as quatro tabelas anexas ao decreto, como reconstruídas "
        "e verificadas pela edição, e as somas das colunas calculadas a partir dos valores impressos.",
        "type": "object",
        "additionalProperties": False,
        "required": ["titulo", "fonte", "decreto", "formato", "escala", "ordinaria", "suplementar", "diaristas",
                     "totais_calculados"],
        "properties": {
            "titulo": {"type": "string"},
            "fonte": {
                "type": "object",
                "additionalProperties": False,
                "required": ["arquivo", "url", "linhas"],
                "properties": {
                    "arquivo": {"type": "string"},
                    "url": {"type": "string"},
                    "linhas": {"$ref": "#/$defs/sourceLines"},
                },
            },
            "decreto": {"type": "string"},
            "formato": {"type": "string"},
            "escala": {"$ref": "#/$defs/escalaTable"},
            "ordinaria": {"$ref": "#/$defs/ordinariaTable"},
            "suplementar": {"$ref": "#/$defs/suplementarTable"},
            "diaristas": {"$ref": "#/$defs/diaristasTable"},
            "totais_calculados": {
                "type": "object",
                "additionalProperties": False,
                "required": ["ordinaria-comissao", "series", "suplementar-comissao", "suplementar-efetivo",
                             "diaristas"],
                "properties": {
                    "ordinaria-comissao": count_map,
                    "series": {"type": "object", "additionalProperties": count_map},
                    "suplementar-comissao": count_map,
                    "suplementar-efetivo": count_map,
                    "diaristas": {
                        "type": "object",
                        "additionalProperties": False,
                        "required": ["current", "proposed"],
                        "properties": {
                            side: {
                                "type": "object",
                                "additionalProperties": False,
                                "required": ["count", "annual_expense"],
                                "properties": {
                                    "count": {"type": "integer", "minimum": 0},
                                    "annual_expense": {"$ref": "#/$defs/decimal"},
                                },
                            }
                            for side in ("current", "proposed")
                        },
                    },
                },
            },
        },
        "$defs": base["$defs"],
    }


def json_text(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def all_files(tables: Tables) -> dict[str, str]:
    """Every download: path under ``dados/`` → text."""
    files = {f"dados/{name}": text for name, text in csv_texts(tables).items()}
    files[f"dados/{JSON_NAME}"] = json_text(json_document(tables))
    files[f"dados/{SCHEMA_NAME}"] = json_text(json_schema())
    return files
