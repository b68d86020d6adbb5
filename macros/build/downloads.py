"""Every file under ``/dados/``, generated once per build from the build's Site, and their index: the ``/dados/`` page
(format, size, SHA-256 of each file) and the Frictionless Data Package ``/dados/datapackage.json``
(every file with its size and hash; the tables' CSVs with their Table Schema).

Sources of the files: :mod:`macros.build.exports` (machine CSVs, JSON, JSON Schema),
:mod:`macros.build.spreadsheets` (pt-BR CSVs, .xlsx), :mod:`macros.build.citation_formats` (CSL-JSON, RIS,
BibTeX), :mod:`macros.build.akn` (Akoma Ntoso). Nothing here holds a rule or a fact of its own.
"""

from __future__ import annotations

import hashlib
import json
from decimal import Decimal
from typing import Any

from calculators.core.money import format_decimal

from ..data.site import Site
from ..render import cite
from ..render.safe import escape
from . import akn, citation_formats, spreadsheets
from .exports import Sheet, all_files, sheets

FORMATS = {
    ".csv": ("CSV", "text/csv"),
    ".json": ("JSON", "application/json"),
    ".ris": ("RIS", "application/x-research-info-systems"),
    ".bib": ("BibTeX clássico (@misc)", "application/x-bibtex"),
    ".biblatex.bib": ("biblatex (@legislation)", "application/x-bibtex"),
    ".xml": ("Akoma Ntoso 3.0 (XML)", "application/akn+xml"),
    ".xlsx": ("Planilha Excel (.xlsx)", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    ".txt": ("Texto (UTF-8)", "text/plain"),
}


def suffix_of(name: str) -> str:
    """The longest ending of :data:`FORMATS` (``.biblatex.bib`` before ``.bib``)."""
    return max((s for s in FORMATS if name.endswith(s)), key=len)


def format_of(uri: str) -> str:
    """The format as shown on the /dados/ page."""
    name = uri.rsplit("/", 1)[-1]
    if uri.startswith("dados/planilhas/"):
        return "CSV para planilha em português (UTF-8 com BOM, ponto e vírgula, vírgula decimal)"
    if uri.startswith("dados/citacoes/") and name.endswith(".json"):
        return "CSL-JSON (citação)"
    if name == "datapackage.json":
        return "Frictionless Data Package (índice dos dados)"
    if name.endswith(".schema.json"):
        return "JSON Schema 2020-12"
    if name.endswith(".csv"):
        return "CSV de dados (RFC 4180, UTF-8, ponto decimal)"
    if uri.startswith("fontes/"):
        return "Texto do documento-fonte, como recebido (UTF-8)"
    return FORMATS[suffix_of(name)][0]


def _bytes(content: str | bytes) -> bytes:
    return content.encode("utf-8") if isinstance(content, str) else content


def generated(site: Site, site_url: str) -> dict[str, bytes]:
    """uri (under the site root) → content, for every generated download, datapackage included.

    Generated once per build and site URL: kept in the Site (``products.downloads``), so that the
    files served and the hashes on the /dados/ page are of the same bytes."""
    done = site.products.downloads.get(site_url)
    if done is not None:
        return done
    statutes = list(site.statutes.values())
    built = cite.build_date()
    out: dict[str, bytes] = {}
    for uri, text in all_files(site.tables).items():
        out[uri] = _bytes(text)
    out.update(spreadsheets.files(site.tables, site.comparison))
    for uri, text in citation_formats.files(statutes, site_url, built).items():
        out[uri] = _bytes(text)
    for uri, text in akn.files(statutes, site_url, built).items():
        out[uri] = _bytes(text)
    out["dados/datapackage.json"] = _bytes(json.dumps(datapackage(site, out, built.isoformat()), ensure_ascii=False,
                                                      indent=1) + "\n")
    site.products.downloads[site_url] = out
    return out


def sources(site: Site) -> dict[str, bytes]:
    return {f"fontes/{p.name}": p.read_bytes() for p in sorted((site.data / "sources").glob("*.txt"))}


def sha256(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


# ------------------------------------------------------------------ Frictionless
def _field_type(sheet: Sheet, i: int) -> str:
    values = [row[i] for row in sheet.rows if row[i] is not None and row[i] != ""]
    if values and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return "integer"
    if values and all(isinstance(v, int | Decimal) for v in values):
        return "number"
    return "string"


def table_schema(sheet: Sheet, ptbr: bool) -> dict[str, Any]:
    fields = []
    for i, name in enumerate(sheet.header):
        kind = _field_type(sheet, i)
        field: dict[str, Any] = {
            "name": spreadsheets.COLUMNS[name] if ptbr else name,
            "title": spreadsheets.COLUMNS[name],
            "type": kind,
        }
        if ptbr and kind == "number":
            field["decimalChar"] = ","
        fields.append(field)
    return {"fields": fields, "missingValues": [""]}


def datapackage(site: Site, files: dict[str, bytes], created: str) -> dict[str, Any]:
    """The Data Package of everything under /dados/ (paths relative to /dados/)."""
    machine = sheets(site.tables)
    ptbr = spreadsheets.all_sheets(site.tables, site.comparison)
    resources = []
    for uri, content in sorted(files.items()):
        path = uri.removeprefix("dados/")
        ext = "." + path.rsplit(".", 1)[-1]
        resource: dict[str, Any] = {
            "name": path.replace("/", "-").lower(),
            "path": path,
            "title": format_of(uri),
            "format": ext[1:],
            "mediatype": FORMATS[ext][1],
            "bytes": len(content),
            "hash": f"sha256:{sha256(content)}",
        }
        if ext != ".xlsx":
            resource["encoding"] = "utf-8-sig" if path.startswith("planilhas/") else "utf-8"
        if path in machine:
            resource["type"] = "table"
            resource["schema"] = table_schema(machine[path], ptbr=False)
        elif path.startswith("planilhas/"):
            resource["type"] = "table"
            resource["dialect"] = {"delimiter": ";", "lineTerminator": "\r\n"}
            resource["schema"] = table_schema(ptbr[path.removeprefix("planilhas/")], ptbr=True)
        resources.append(resource)
    return {
        "$schema": "https://datapackage.org/profiles/2.0/datapackage.json",
        "name": "estatutos-portuarios",
        "title": "Estatutos Portuários — dados para baixar",
        "description": "Tabelas do Decreto nº 17.961/1945 (CSV, planilhas, JSON), citações dos atos (CSL-JSON, "
        "RIS, BibTeX) e os atos em Akoma Ntoso 3.0. Valores em dinheiro: cruzeiros (Cr$) de 1945.",
        "created": created,
        "resources": resources,
    }


# ------------------------------------------------------------------ the /dados/ page
GROUPS = [
    ("Tabelas de 1945 para planilha (português)", "dados/planilhas/"),
    ("Tabelas de 1945: dados", "dados/"),
    ("Citações dos atos", "dados/citacoes/"),
    ("Os atos em Akoma Ntoso 3.0", "dados/akn/"),
    ("Documentos-fonte", "fontes/"),
]


def _size(n: int) -> str:
    if n < 1024:
        return f"{n} bytes"
    return f"{format_decimal(Decimal(n) / 1024, 1)} kB"


def _group_of(uri: str) -> str:
    for _, prefix in GROUPS:
        rest = uri.removeprefix(prefix)
        if uri.startswith(prefix) and "/" not in rest:
            return prefix
    raise KeyError(uri)


def index_page(site: Site, site_url: str) -> str:
    """The /dados/ page: every download with format, size and SHA-256."""
    every = {**generated(site, site_url), **sources(site)}
    out = []
    for title, prefix in GROUPS:
        rows = []
        for uri in sorted(u for u in every if _group_of(u) == prefix):
            content = every[uri]
            rows.append(
                f'<tr><th scope="row"><a href="../{escape(uri)}" download>{escape(uri.rsplit("/", 1)[-1])}</a></th>'
                f"<td>{escape(format_of(uri))}</td><td class=\"num\">{escape(_size(len(content)))}</td>"
                f'<td><code class="sha256">{sha256(content)}</code></td></tr>'
            )
        out.append(
            f'<h2 id="{escape(prefix.strip("/").replace("/", "-"))}">{escape(title)}</h2>'
            f'<div class="tabela-rolagem" tabindex="0" role="region" aria-label="{escape(title)}">'
            f'<table class="tabela-downloads"><thead><tr><th scope="col">Arquivo</th><th scope="col">Formato</th>'
            f'<th scope="col">Tamanho</th><th scope="col">SHA-256</th></tr></thead><tbody>{"".join(rows)}</tbody>'
            f"</table></div>"
        )
    return "\n".join(out)
