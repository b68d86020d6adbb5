"""A calculator's result, drawn from its parts: the worked examples' HTML at build.

A calculator writes no HTML: its result is made of parts (highlights, values, tables, steps with
their provisions, findings, hand-offs, warnings, the rounding rule), and this module draws each
part as it comes, escaped, with no calculator known. The browser draws the same parts with
``textContent`` (``docs/assets/calculadoras-resultado.js``); ``tests/browser/test_result_parts.py``
compares the two. The provisions' labels carry the act's short title, from the Site.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..data.site import Site
from . import links, material
from .safe import Markup

DATE_FORMAT = "{2}/{1}/{0}"


def label_of(site: Site, provision: Mapping[str, Any]) -> str:
    """The label of a provision part: the printed label of a later act or precedent, or this
    edition's act short title and the provision (``Lei nº 4.860/1965, art. 7º``)."""
    if provision.get("external"):
        return str(provision["label"])
    return links.provision_label(site.statute(str(provision["statute"])), str(provision["id"]))


def verified_text(iso: str) -> str:
    """``2026-11-30`` → ``30/11/2026``."""
    return DATE_FORMAT.format(*iso.split("-"))


def provision_link(site: Site, provision: Mapping[str, Any]) -> Markup:
    """A link to the provision: its anchor in this edition, or the official publication of a
    later act or precedent, with the date it was registered and, plainly, that the official page
    was not opened (no machine of this project opens it; how each claim about today was checked
    is told in the «Hoje» boxes and on /hoje/)."""
    slug, node_id = str(provision["statute"]), str(provision["id"])
    if provision.get("external"):
        # How it was checked, as it was: the official page, or the copy read when the official
        # page could not be opened or is not known (``checked``), never a check that was not made.
        day = verified_text(str(provision["verified"]))
        how = (f"conferido em {day} {provision['checked']}" if provision.get("checked")
               else f"registrado em {day}, sem abrir a página oficial")
        if not provision.get("url"):
            return Markup(
                '<span class="calc-dispositivo calc-dispositivo--hoje" data-ref="{}">{}</span> '
                '<span class="calc-verificado">({})</span>'
            ).format(f"{slug}#{node_id}", provision["label"], how)
        return Markup(
            '<a class="calc-dispositivo calc-dispositivo--hoje" href="{}" data-ref="{}" '
            'rel="noopener">{}</a> <span class="calc-verificado">({})</span>'
        ).format(provision["url"], f"{slug}#{node_id}", provision["label"], how)
    return links.provision_link(slug, node_id, "../../", text=label_of(site, provision),
                                css="calc-dispositivo", data_ref=True)


def _input_value(value: Any) -> str:
    if isinstance(value, bool):
        return "sim" if value else "não"
    return str(value)


def _choice_label(field: Mapping[str, Any], value: Any) -> str:
    for choice in field.get("choices", []):
        if choice["value"] == value:
            return f"{choice['label']}"
    return _input_value(value)


def inputs_table(spec: Mapping[str, Any], inputs: Mapping[str, Any]) -> Markup:
    """The inputs of a case as a table of label → value (lists as numbered lists)."""
    fields = {f["name"]: f for f in spec["inputs"]}
    rows: list[Markup] = []
    for key, value in inputs.items():
        field = fields.get(key, {"name": key, "label": key, "type": "text"})
        unit = f" {field['unit']}" if field.get("unit") and field["type"] not in ("choice", "boolean") else ""
        if isinstance(value, list):
            subs = {f["name"]: f for f in field.get("item_fields", [])}
            items = Markup("").join(
                Markup("<li>{}</li>").format("; ".join(
                    f"{subs.get(k, {'label': k})['label']}: {_input_value(v)}" for k, v in item.items()
                )) if isinstance(item, Mapping) else Markup("<li>{}</li>").format(_input_value(item))
                for item in value
            )
            cell = Markup("<ol>{}</ol>").format(items) if value else Markup("nenhum")
        elif field["type"] == "choice":
            cell = Markup("{}").format(_choice_label(field, value))
        else:
            cell = Markup("{}{}").format(_input_value(value), unit)
        rows.append(Markup('<tr><th scope="row">{}</th><td>{}</td></tr>').format(field["label"], cell))
    if not rows:
        rows.append(Markup('<tr><td colspan="2">Nenhum dado informado (valores padrão).</td></tr>'))
    return Markup('<table class="calc-entradas"><caption>Dados informados</caption>{}</table>').format(
        Markup("").join(rows)
    )


def _values_list(values: Mapping[str, Any]) -> Markup:
    if not values:
        return Markup("")
    return Markup('<dl class="calc-valores">{}</dl>').format(
        Markup("").join(Markup("<dt>{}</dt><dd>{}</dd>").format(k, v) for k, v in values.items())
    )


def calculator_href(name: str, root: str = "../../") -> str:
    """The one place a calculator's address is built: ``calculadoras/<name>/`` under the site's
    root, ``root`` being the way up from the linking page (``../../`` from a calculator page)."""
    return f"{root}calculadoras/{name}/"


# Characters URLSearchParams leaves as they are (application/x-www-form-urlencoded), so the link
# built here is the one docs/assets/calculadoras-resultado.js builds.
_FORM_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789*-._")


def _form_encode(text: str) -> str:
    return "".join(ch if ch in _FORM_SAFE else "+" if ch == " " else
                   "".join(f"%{b:02X}" for b in ch.encode("utf-8")) for ch in text)


def share_query(inputs: Mapping[str, Any]) -> str:
    """Inputs as a calculator's share-link query, as the browser writes it (lists and objects
    as compact JSON, yes/no as ``sim``/``nao``): hand-offs and the answers' examples use it."""
    pairs = []
    for key, value in inputs.items():
        if isinstance(value, (list, dict)):
            text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        elif isinstance(value, bool):
            text = "sim" if value else "nao"
        elif value is None:
            continue
        else:
            text = str(value)
        pairs.append(f"{_form_encode(str(key))}={_form_encode(text)}")
    return "&".join(pairs)


def table_html(table: Mapping[str, Any]) -> Markup:
    """A table part: caption, headed columns, rows (the first cell heads its row), footer rows
    (label across the columns, then the value) and a note.

    On a narrow screen the table reflows (one card per row, each value with its column name from
    ``data-rotulo``), so no column is cut off; the explicit ARIA roles keep it a table for screen
    readers when the CSS turns its rows into blocks."""
    columns = list(table["columns"])
    cell = Markup('<td role="cell" data-rotulo="{}">{}</td>')
    rows = Markup("").join(
        Markup('<tr role="row"><th scope="row" role="rowheader">{}</th>{}</tr>').format(
            row[0], Markup("").join(cell.format(col, value) for col, value in zip(columns[1:], row[1:], strict=True)))
        for row in table["rows"]
    )
    head = Markup("").join(Markup('<th scope="col" role="columnheader">{}</th>').format(c) for c in columns)
    foot = Markup("").join(
        Markup('<tr role="row"><th scope="row" role="rowheader" colspan="{}">{}</th>{}</tr>').format(
            len(columns) - 1, f["label"], cell.format(f["value_label"], f["value"]))
        for f in table.get("footer", [])
    )
    footer = Markup('<tfoot role="rowgroup">{}</tfoot>').format(foot) if foot else Markup("")
    note = Markup('<p class="calc-nota-partes">{}</p>').format(table["note"]) if table.get("note") else ""
    return Markup(
        '<div class="calc-partes-quadro"><table class="calc-partes" role="table"><caption>{caption}</caption>'
        '<thead role="rowgroup"><tr role="row">{head}</tr></thead><tbody role="rowgroup">{rows}</tbody>'
        '{footer}</table>{note}</div>'
    ).format(caption=table["caption"], head=head, rows=rows, footer=footer, note=note)


def handoff_html(handoff: Mapping[str, Any]) -> Markup:
    """A "continue with another calculator" part: a link to it carrying the inputs."""
    href = calculator_href(str(handoff["calculator"])) + "?" + share_query(handoff["inputs"])
    return Markup('<a class="' + material.PRIMARY + ' calc-levar" data-acao="levar" href="{}">{}</a>').format(
        href, handoff["label"])


def findings_html(site: Site, findings: Mapping[str, Any]) -> Markup:
    """The findings part: each with the word of its severity, its provision and its message."""
    item = Markup('<li class="calc-ocorrencia calc-ocorrencia--{sev}"><strong>{kind}</strong> — {link}: {msg}</li>')
    items = Markup("").join(
        item.format(sev=f["severity"], kind=f["label"], link=provision_link(site, f["provision"]), msg=f["message"])
        for f in findings["items"]
    )
    return Markup('<p class="calc-subtitulo">{}</p><ul class="calc-ocorrencias">{}</ul>').format(
        findings["title"], items)


def result_html(site: Site, result: Mapping[str, Any], actions: bool = False) -> Markup:
    """A successful result, drawn from its parts (nothing recomputed, no calculator known):
    highlights, the values, the tables, (with ``actions``) the hand-offs to other calculators,
    the steps, the findings, the warnings and the rounding rule. The worked examples show no
    actions; the browser's renderer (``docs/assets/calculadoras-resultado.js``) draws the same
    parts (tests/browser/test_result_parts.py compares the two)."""
    out: list[Markup] = []
    amounts = result.get("amounts", {})
    quantities = result.get("quantities", {})
    for text in result.get("highlights", []):
        out.append(Markup('<p class="calc-destaque">{}</p>').format(text))
    if amounts or quantities:
        rows = [
            Markup('<tr data-valor="{}"><th scope="row">{}</th><td class="calc-quantia">{}</td></tr>').format(
                key, item["label"], item["formatted"])
            for key, item in amounts.items()
        ] + [
            Markup('<tr data-quantidade="{}"><th scope="row">{}</th><td class="calc-quantia">{}</td></tr>').format(
                key, item["label"], item["formatted"])
            for key, item in quantities.items()
        ]
        out.append(Markup('<table class="calc-valores-tabela"><caption>Valores calculados</caption>{}</table>').format(
            Markup("").join(rows)))
    out.extend(table_html(table) for table in result.get("tables", []))
    if actions:
        out.extend(handoff_html(handoff) for handoff in result.get("handoffs", []))
    steps = Markup("").join(
        Markup('<li>{link}: {why}{values}</li>').format(
            link=provision_link(site, step["provision"]), why=step["explanation"], values=_values_list(step["values"])
        )
        for step in result.get("steps", [])
    )
    out.append(Markup('<p class="calc-subtitulo">Passo a passo</p><ol class="calc-passos">{}</ol>').format(steps))
    findings = result.get("findings", {})
    if findings.get("items"):
        out.append(findings_html(site, findings))
    warnings = result.get("warnings", [])
    if warnings:
        out.append(Markup('<p class="calc-subtitulo">Avisos</p><ul class="calc-avisos">{}</ul>').format(
            Markup("").join(Markup("<li>{}</li>").format(w) for w in warnings)))
    rounding = result.get("rounding")
    if rounding and amounts:
        out.append(Markup('<p class="calc-arredondamento"><strong>Arredondamento:</strong> {}. {}</p>').format(
            rounding["rule"], rounding["description"]))
    return Markup("").join(out)


def errors_html(result: Mapping[str, Any]) -> Markup:
    items = Markup("").join(
        Markup('<li data-campo-erro="{}">{}</li>').format(e["field"], e["message"]) for e in result["errors"]
    )
    return Markup('<p class="calc-subtitulo">A calculadora recusa estes dados:</p>'
                  '<ul class="calc-recusas">{}</ul>').format(items)
