"""Spreadsheet downloads of the 1945 tables, for a spreadsheet set to Portuguese (Brazil):
``/dados/planilhas/<tabela>.csv`` (UTF-8 with BOM, ``;`` separator, decimal comma, CRLF, column
names and notes in Portuguese) and ``/dados/tabelas-1945.xlsx`` (one sheet per table, numbers as
numbers), besides the machine CSVs of :mod:`macros.build.exports`.

The comparison (``comparacao.csv``) gives, per current function: table, série or part, the
function as printed, referência or proposed function, current and proposed headcount, current
and proposed salary, raise in Cr$ and in %. Its figures come from :mod:`macros.data.table_compare`,
which asks the calculators; nothing is computed here.
"""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from ..data.table_compare import Comparison
from ..data.tables import Tables
from .exports import Cell, NoteCell, Sheet, _notes, as_text, sheets

#: machine column name → column name in the spreadsheet.
COLUMNS = {
    "referencia": "Referência",
    "referencia_impressa": "Referência (como impressa)",
    "salario_mensal": "Salário mensal (Cr$)",
    "salario_mensal_impresso": "Salário mensal (como impresso)",
    "linha_fonte": "Linha do documento-fonte",
    "linhas_fonte": "Linhas do documento-fonte",
    "notas": "Notas editoriais",
    "linha": "Linha da tabela",
    "parte": "Parte",
    "quantidade_atual": "Nº atual",
    "quantidade_atual_impressa": "Nº atual (como impresso)",
    "funcao_atual_impressa": "Função atual (como impressa)",
    "funcao_atual_normalizada": "Função atual (forma corrigida pela edição)",
    "salario_atual": "Salário atual (Cr$)",
    "salario_atual_impresso": "Salário atual (como impresso)",
    "quantidade_proposta": "Nº proposto",
    "quantidade_proposta_impressa": "Nº proposto (como impresso)",
    "funcao_proposta_impressa": "Função proposta (como impressa)",
    "funcao_proposta_normalizada": "Função proposta (forma corrigida pela edição)",
    "salario_proposto": "Salário proposto (Cr$)",
    "salario_proposto_impresso": "Salário proposto (como impresso)",
    "vagas": "Vagas",
    "vagas_impresso": "Vagas (como impresso)",
    "observacao": "Observação",
    "serie_id": "Série (identificador)",
    "serie_impressa": "Série (como impressa)",
    "serie_normalizada": "Série (forma corrigida pela edição)",
    "salario_referencia": "Salário da referência (Cr$, escala-padrão)",
    "funcao_na_linha": "Função na linha",
    "excedentes": "Excedentes",
    "excedentes_impresso": "Excedentes (como impresso)",
    "tabela": "Tabela",
    "grupo": "Série ou parte",
    "referencia_ou_funcao_proposta": "Referência ou função proposta",
    "aumento": "Aumento (Cr$)",
    "aumento_percentual": "Aumento (%)",
}
for _side, _word in (("atual", "atual"), ("proposta", "proposto")):
    COLUMNS |= {
        f"quantidade_{_side}": f"Nº {_word}",
        f"quantidade_{_side}_impressa": f"Nº {_word} (como impresso)",
        f"salario_diario_{_side}": f"Salário diário {_word} (Cr$)",
        f"salario_diario_{_side}_impresso": f"Salário diário {_word} (como impresso)",
        f"despesa_anual_{_side}": f"Despesa anual {_word} (Cr$)",
        f"despesa_anual_{_side}_impressa": f"Despesa anual {_word} (como impressa)",
    }

TABLE_NAMES = {"ordinaria": "Ordinária", "suplementar": "Suplementar"}


def number(value: int | Decimal) -> str:
    """``1900.00`` → ``1900,00`` (decimal comma, no thousands separator: every spreadsheet set to
    pt-BR reads it as a number)."""
    return format(value, "f").replace(".", ",") if isinstance(value, Decimal) else str(value)


def notes_text(cell: NoteCell) -> str:
    """``Erro tipográfico: … | Leitura incerta: …`` — labels and texts, no codes."""
    return " | ".join(f"{n.label}: {n.text}" for n in cell.notes)


def spreadsheet_cell(cell: Cell) -> str:
    if isinstance(cell, NoteCell):
        return as_text(notes_text(cell))
    if cell is None:
        return ""
    if isinstance(cell, int | Decimal):
        return number(cell)
    return as_text(cell)


def spreadsheet_csv(sheet: Sheet) -> bytes:
    """UTF-8 with BOM, ``;``, CRLF, Portuguese header."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow([COLUMNS[c] for c in sheet.header])
    writer.writerows([spreadsheet_cell(c) for c in row] for row in sheet.rows)
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def comparison_sheet(c: Comparison) -> Sheet:
    """Per current function: table, série or part, function, referência or proposed function,
    headcounts, salaries, raise (from the calculators, via :mod:`macros.data.table_compare`)."""
    header = [
        "tabela", "grupo", "funcao_atual_impressa", "funcao_atual_normalizada", "referencia_ou_funcao_proposta",
        "quantidade_atual", "quantidade_proposta", "salario_atual", "salario_proposto", "aumento",
        "aumento_percentual", "linhas_fonte", "notas",
    ]
    rows: list[list[Cell]] = []
    for g in c.groups:
        for line in g.lines:
            if line.reference is not None:
                target = f"ref. {line.reference.printed}"
            else:
                target = line.proposed_name.sort_key if line.proposed_name else ""
            raised = line.raise_
            notes = [line.current_name.notes, line.current_count.notes, line.current_salary.notes]
            if line.reference is not None:
                notes.append(line.reference.notes)
            rows.append([
                TABLE_NAMES[g.table], g.label, line.current_name.printed, line.current_name.normalized or "", target,
                line.post.count, line.line.proposed_count if line.first else 0, line.post.salary, line.proposed,
                raised.amount if raised else None, raised.percent if raised else None,
                f"{line.source_lines[0]}-{line.source_lines[1]}", _notes(*notes),
            ])
    return Sheet(tuple(header), tuple(tuple(r) for r in rows))


def all_sheets(tables: Tables, c: Comparison) -> dict[str, Sheet]:
    return {**sheets(tables), "comparacao.csv": comparison_sheet(c)}


SHEET_TITLES = {
    "escala-padrao.csv": "Escala-padrão",
    "ordinaria-mensalistas-comissao.csv": "Ordinária a) comissão",
    "ordinaria-mensalistas-series.csv": "Ordinária b) séries",
    "suplementar-mensalistas.csv": "Suplementar",
    "diaristas.csv": "Diaristas",
    "comparacao.csv": "Atual x proposta",
}


MIN_WIDTH = 6
MAX_WIDTH = 48
"""Column widths, in characters of the default font: at least a short number, at most about a
third of a laptop's screen; longer texts (notes, observations) wrap."""


def shown_text(cell: Cell) -> str:
    """The text a cell shows in the workbook (money with two decimals and thousands separators)."""
    if isinstance(cell, NoteCell):
        return notes_text(cell)
    if isinstance(cell, Decimal):
        return f"{cell:,.2f}"
    return "" if cell is None else str(cell)


def column_width(header: str, cells: list[Cell]) -> int:
    """Wide enough for the longest value and the header's longest word (the header wraps), within
    :data:`MIN_WIDTH` and :data:`MAX_WIDTH`."""
    longest_word = max((len(w) for w in header.split()), default=0)
    longest_value = max((len(line) for c in cells for line in shown_text(c).splitlines()), default=0)
    return max(MIN_WIDTH, min(MAX_WIDTH, max(longest_word, longest_value) + 2))


def xlsx(all_: dict[str, Sheet]) -> bytes:
    """One worksheet per table: numbers as numbers (two decimals for money), the header in bold,
    wrapped and frozen (it stays in sight while scrolling down), a filter on it, each column as
    wide as its content (within limits; longer texts wrap), the header repeated on every printed
    page."""
    import datetime as dt

    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font
    from openpyxl.utils import get_column_letter

    book = Workbook()
    book.remove(book.active)
    book.properties.creator = "Estatutos Portuários"
    book.properties.created = book.properties.modified = dt.datetime(2000, 1, 1)
    for name, sheet in all_.items():
        ws = book.create_sheet(SHEET_TITLES[name])
        ws.append([COLUMNS[c] for c in sheet.header])
        for cell in ws[1]:
            cell.font = Font(bold=True)
            cell.alignment = Alignment(wrap_text=True, vertical="top")
        for row in sheet.rows:
            ws.append([_xlsx_value(c) for c in row])
        for cells in ws.iter_rows(min_row=2):
            for cell in cells:
                if cell.data_type == "f":  # openpyxl takes any text starting with "=" for a formula
                    cell.data_type = "s"
        for col, key in enumerate(sheet.header, 1):
            values = [r[col - 1] for r in sheet.rows]
            width = column_width(COLUMNS[key], values)
            ws.column_dimensions[get_column_letter(col)].width = width
            if any(isinstance(v, Decimal) for v in values):
                for (cell,) in ws.iter_rows(min_row=2, min_col=col, max_col=col):
                    cell.number_format = "#,##0.00"
            if any(len(shown_text(v)) > width for v in values):
                for (cell,) in ws.iter_rows(min_row=2, min_col=col, max_col=col):
                    cell.alignment = Alignment(wrap_text=True, vertical="top")
        ws.freeze_panes = "A2"
        ws.auto_filter.ref = ws.dimensions
        ws.print_title_rows = "1:1"
    out = io.BytesIO()
    book.save(out)
    return _reproducible(out.getvalue())


FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def _reproducible(packed: bytes) -> bytes:
    """The same workbook bytes at every build: openpyxl stamps the save time into
    ``docProps/core.xml`` (``dcterms:modified``) and into every zip entry; both are replaced by
    fixed values (the modified date becomes the fixed creation date)."""
    import re
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(packed)) as source, \
            zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as target:
        for entry in source.infolist():
            content = source.read(entry)
            if entry.filename == "docProps/core.xml":
                text = content.decode("utf-8")
                created = re.search(r"<dcterms:created[^>]*>([^<]*)<", text)
                if created:
                    text = re.sub(r"(<dcterms:modified[^>]*>)[^<]*(<)", rf"\g<1>{created.group(1)}\2", text)
                content = text.encode("utf-8")
            info = zipfile.ZipInfo(entry.filename, date_time=FIXED_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = entry.external_attr
            target.writestr(info, content)
    return out.getvalue()


def _xlsx_value(cell: Cell) -> str | int | Decimal | None:
    if isinstance(cell, NoteCell):
        return notes_text(cell) or None
    if cell == "":
        return None
    return cell


def files(tables: Tables, c: Comparison) -> dict[str, bytes]:
    """``dados/planilhas/<name>.csv`` and ``dados/tabelas-1945.xlsx`` → bytes."""
    all_ = all_sheets(tables, c)
    out = {f"dados/planilhas/{name}": spreadsheet_csv(sheet) for name, sheet in all_.items()}
    out["dados/tabelas-1945.xlsx"] = xlsx(all_)
    return out
