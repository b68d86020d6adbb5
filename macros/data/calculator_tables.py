"""The tables binding: the one document of the Decreto nº 17.961/1945 tables that everyone reads.

:func:`json_document` is the document published as ``/dados/tabelas-1945.json`` (validated by
``/dados/tabelas-1945.schema.json``): the four tables as validated from ``data/tables/*.yaml``
(every printed figure, its notes, the rows' stable ids) and the column sums computed from the
printed figures. That same document is

- written to ``/dados/tabelas-1945.json`` (:mod:`macros.build.exports`);
- served to the browser's calculator as ``/assets/calculadoras-dados.json`` (same structure,
  compact: :mod:`macros.build.site_files`);
- passed to ``salarios_1945`` for the worked examples and the questions pages
  (``Site.decree_tables``, :func:`calculator_data`), and read by the comparison page (:mod:`macros.data.table_compare`).

The calculator reads it with :func:`calculators.rules.salarios_1945.tables.read_tables`; no other
shape of the tables exists. Nothing here computes a pay rule; the column sums are data
verification, as in :mod:`macros.data.tables`.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from calculators import api
from calculators.rules.salarios_1945.tables import choices as table_choices
from calculators.rules.salarios_1945.tables import read_tables

from .tables import Tables


def _plain(value: int | Decimal) -> int | str:
    return format(value, "f") if isinstance(value, Decimal) else value


def computed_totals(tables: Tables) -> dict[str, Any]:
    """Column sums of the printed figures ('-' = 0), per part and per série."""
    o, s, d = tables.ordinaria, tables.suplementar, tables.diaristas
    return {
        o.commission.id: dict(o.commission.computed_totals()),
        "series": {b.id: dict(b.computed_totals()) for b in o.series.blocks},
        s.commission.id: dict(s.commission.computed_totals()),
        s.effective.id: dict(s.effective.computed_totals()),
        d.id: {side: {k: _plain(v) for k, v in sums.items()} for side, sums in d.computed_totals().items()},
    }


def json_document(tables: Tables) -> dict[str, Any]:
    """All four tables, as validated, with the computed column sums apart."""
    raw = tables.documents  # the validated documents, as read once by the Site
    return {
        "titulo": "Tabelas anexas ao Decreto nº 17.961, de 5 de março de 1945 "
        "(Administração do Porto do Rio de Janeiro)",
        "fonte": {"arquivo": tables.source_file, "url": f"/fontes/{tables.source_file}",
                  "linhas": list(tables.source_lines)},
        "decreto": "/decreto-17961-1945/",
        "formato": (
            "Cada número impresso tem 'printed' (como impresso) e 'value' (número; nulo para '-'); quantias em "
            "cruzeiros são texto decimal com ponto ('1900.00'). 'line' é a linha do documento-fonte. Os totais "
            "impressos ficam em 'printed_totals'; as somas das colunas calculadas dos valores impressos, em "
            "'totais_calculados'. Notas: 'notes' (tipos descritos no esquema). Cada linha de tabela tem 'id', a âncora "
            "da linha nas páginas de tabelas do site (ex.: /tabelas/escala-padrao/#ref-17)."
        ),
        "escala": raw["escala"],
        "ordinaria": raw["ordinaria"],
        "suplementar": raw["suplementar"],
        "diaristas": raw["diaristas"],
        "totais_calculados": computed_totals(tables),
    }


def choices(document: dict[str, Any], source: str) -> list[str]:
    """Suggestions for a calculator field that declares ``choices_from`` (names in the tables of
    ``document``, the Site's ``decree_tables``)."""
    return table_choices(read_tables(document), source)


def cut_size(data: Any) -> tuple[int, int]:
    """Referências and lines of a (partial) document of the tables: the size of an example's cut."""
    tables = read_tables(data)
    return len(tables.scale), len(tables.lines)


# ------------------------------------------------------------------ what the calculator pages need
# The renderers name no calculator: what they need of the decree's tables comes from here.

# Worked examples on the full tables (inputs only; the result is computed at build).
FULL_TABLE_EXAMPLES: dict[str, list[tuple[str, str, dict[str, Any]]]] = {
    "salarios_1945": [
        ("completa-referencia-25", "Salário da referência 25", {"consulta": "referencia", "referencia": 25}),
        ("completa-escriturario", "Pessoal e folha da série Escriturário (tabela completa)",
         {"consulta": "serie", "serie": "Escriturário"}),
        ("completa-diaristas", "Despesa anual da Tabela Numérica de Diaristas (completa)",
         {"consulta": "diaristas"}),
    ],
}


def full_table_examples(name: str) -> list[tuple[str, str, dict[str, Any]]]:
    """The worked examples of calculator ``name`` computed on the full tables (ident, title,
    inputs)."""
    return FULL_TABLE_EXAMPLES.get(name, [])


def calculator_data(name: str, document: dict[str, Any]) -> dict[str, Any] | None:
    """The data calculator ``name`` runs on at build: ``document`` (the Site's ``decree_tables``)
    if it needs data."""
    return document if api.describe(name).get("needs_data") else None
