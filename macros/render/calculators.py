"""Render the calculator pages: provisions quoted from the statutes, the form and the worked
examples.

Nothing here decides anything legal. The form is generated from ``calculators.api.describe``
(labels, help, units, defaults, bounds, choices, list inputs); the worked examples are the cases
of ``data/cases/<name>.yaml`` run through ``calculators.api.run`` at build time and drawn from
the result's parts as they come (the ``formatted`` amounts, tables, steps with their
provisions, findings, warnings); no calculator is named here.
The quoted provisions come from the statute data (``macros.data.statutes``). Every piece of text is
escaped; the browser side (``docs/assets/calculadoras-resultado.js``) draws the same result parts
with ``textContent``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from calculators import api
from calculators.core.money import Currency, amount_text
from calculators.rules import today

from ..data import ids
from ..data import site as data_site
from ..data.calculator_tables import calculator_data, choices, cut_size, full_table_examples
from ..data.statutes import statute
from . import links
from .safe import Markup
from .statute import md_heading_text

# The keypad a phone opens: digits with a separator (",", "."), which types every accepted form
# of a number, a time (0700, 7, 07.00), a duration (1,5) and a date (040324, 4.3.24).
INPUT_MODES = {"money": "decimal", "decimal": "decimal", "integer": "numeric", "duration": "decimal",
               "time": "decimal", "date": "decimal"}
# A statute whose status (data/statutes/<slug>.yaml, status.code) is this is in force; the
# calculators of the others apply rules no longer in force (the index groups them under «História»).
IN_FORCE = "vigente"
HISTORY_NOTES = {
    "decreto-lei-3844-1941": (
        "Regra histórica: esta calculadora aplica o Decreto-Lei de 1941, que não está mais em "
        "vigor; serve para história e pesquisa."
    ),
    "decreto-17961-1945": (
        "Regra histórica: estas tabelas eram da Administração do Porto do Rio de Janeiro, "
        "extinta em 1967, e não valem mais; a consulta serve para história e pesquisa."
    ),
}
DATE_FORMAT = "{2}/{1}/{0}"



# ------------------------------------------------------------------ helpers
def provision_label(slug: str, node_id: str) -> str:
    """``Lei nº 4.860/1965, art. 7º, § 5º, alínea a`` (the act's ``short_title``, data/statutes/)."""
    return f"{statute(slug).short_title}, {ids.citation_label(node_id)}"


def _label_of(provision: Mapping[str, Any]) -> str:
    if provision.get("url"):
        return str(provision["label"])
    return provision_label(str(provision["statute"]), str(provision["id"]))


def verified_text(iso: str) -> str:
    """``2026-11-30`` → ``30/11/2026``."""
    return DATE_FORMAT.format(*iso.split("-"))


def provision_link(provision: Mapping[str, Any]) -> Markup:
    """A link to the provision: its anchor in this edition, or the official publication of a
    later act or precedent (with the date it was verified)."""
    slug, node_id = str(provision["statute"]), str(provision["id"])
    if provision.get("url"):
        return Markup(
            '<a class="calc-dispositivo calc-dispositivo--hoje" href="{}" data-ref="{}" '
            'rel="noopener">{}</a> <span class="calc-verificado">(verificado em {})</span>'
        ).format(provision["url"], f"{slug}#{node_id}", provision["label"],
                 verified_text(str(provision["verified"])))
    return links.provision_link(slug, node_id, "../../", text=provision_label(slug, node_id),
                                css="calc-dispositivo", data_ref=True)


def cases(name: str) -> list[dict[str, Any]]:
    """The validated cases of ``data/cases/<name>.yaml`` (the worked examples)."""
    return data_site.current().cases[name]


def declaration(name: str) -> dict[str, Any]:
    described = api.describe(name)
    if described.get("ok") is not True:
        raise KeyError(name)
    return described


def _quote_node(slug: str, node_id: str) -> tuple[str, str]:
    """The provision's printed label and text (the caput's text for an article without one)."""
    node = statute(slug).node(node_id)
    text_node = node
    if not node.text:
        text_node = next((c for c in node.walk() if c.text), node)
    label = node.label or ""
    if text_node is not node and text_node.label and not label:
        label = text_node.label
    return label, text_node.text or ""


# ------------------------------------------------------------------ provisions section
def today_section(spec: Mapping[str, Any]) -> str:
    """The rules of today this calculator compares with: each in the project's words, with the
    link to the official publication and the date it was verified (editorial, not statute)."""
    items = [
        Markup('<li>{statement} {link}</li>').format(
            statement=today.STATEMENTS[p["ref"]], link=provision_link(p))
        for p in spec["provisions"] if p.get("url") and p["ref"] in today.TODAY_REFS
    ]
    if not items:
        return ""
    return str(Markup(
        '<aside class="calc-hoje" aria-label="O que vale hoje" data-search-exclude>'
        '<p class="calc-hoje-titulo"><strong>O que vale hoje</strong> '
        '<span class="calc-editorial">(informação editorial)</span></p><ul>{}</ul>'
        '<p>{} {}</p></aside>'
    ).format(Markup("").join(items), today.WHO_NOTE, today.AGREEMENT_NOTE))


def provisions_section(spec: Mapping[str, Any]) -> str:
    items = []
    for provision in spec["provisions"]:
        if provision.get("url"):
            continue  # a later act or precedent: in the «O que vale hoje» box, never quoted
        slug, node_id = provision["statute"], provision["id"]
        label, text = _quote_node(slug, node_id)
        printed = Markup('<strong class="calc-rotulo">{}</strong> ').format(label) if label else Markup("")
        items.append(
            Markup(
                '<li id="dispositivo-{id}"><p class="calc-ref">{link}</p>'
                '<blockquote class="calc-citacao">{printed}{text}</blockquote></li>'
            ).format(id=node_id, link=provision_link(provision), printed=printed, text=text)
        )
    return str(Markup('<ul class="calc-dispositivos">{}</ul>').format(Markup("").join(items)))


# ------------------------------------------------------------------ parameters section
PARAMETER_COLUMNS = ("Parâmetro", "Valor", "Dispositivo", "Período")


def parameter_period(parameter: Mapping[str, Any]) -> str:
    """When a parameter applies, in words. A number of this edition's statutes carries no date
    (``calculators/acts/``): it is dated by its act, from the statute file (``no texto de
    26/11/1965``), so an act's date is written once, in ``data/statutes/``."""
    provision = parameter["provision"]
    if parameter["period"] or provision.get("url"):
        return str(parameter["period"] or "—")
    when = statute(str(provision["statute"])).identification["date"].value
    return f"no texto de {verified_text(when)}" if when else "—"


def _parameters_table(rows: list[Mapping[str, Any]], caption: Markup, label: str,
                      kind: str) -> Markup:
    """One table of parameters in its labelled scroll region. In a narrow space (a phone, a wide
    font) each row becomes a card, each value beside its column's name (``data-rotulo``); the
    explicit ARIA roles keep it a table for screen readers when the CSS turns rows into blocks."""
    head = Markup("").join(Markup('<th scope="col" role="columnheader">{}</th>').format(c)
                           for c in PARAMETER_COLUMNS)
    cell = Markup('<td role="cell" data-rotulo="{}"{}>{}</td>')
    body = Markup("").join(
        Markup('<tr role="row" data-parametro="{name}"><th scope="row" role="rowheader">{description}'
               '</th>{value}{link}{period}</tr>')
        .format(name=p["name"], description=p["description"],
                value=cell.format(PARAMETER_COLUMNS[1], Markup(' class="calc-parametro-valor"'),
                                  p["formatted"]),
                link=cell.format(PARAMETER_COLUMNS[2], "", provision_link(p["provision"])),
                period=cell.format(PARAMETER_COLUMNS[3], "", parameter_period(p)))
        for p in rows
    )
    # Out of the search index: a search for a number or a rule must lead to the provision itself
    # (each row links to it), not to six copies of these lists; today's numbers are editorial,
    # like the «O que vale hoje» box, which the index leaves out too.
    exclude = Markup(" data-search-exclude")
    return Markup(
        '<div class="tabela-rolagem calc-parametros-quadro" role="region" tabindex="0" '
        'aria-label="{label}"{exclude}><table class="calc-parametros calc-parametros--{kind}" role="table">'
        '<caption>{caption}</caption><thead role="rowgroup"><tr role="row">{head}</tr></thead>'
        '<tbody role="rowgroup">{body}</tbody></table></div>'
    ).format(label=label, exclude=exclude, kind=kind, caption=caption, head=head, body=body)


def parameters_section(spec: Mapping[str, Any]) -> str:
    """The «Parâmetros» tables, generated from the rule's declarations (``api.describe``): the
    numbers of the statute, as printed in their time (historical), then those of today's law
    (editorial, with the official source and the date it was verified)."""
    declared = spec.get("parameters") or []
    if not declared:
        return ""
    old = [p for p in declared if not p["today"]]
    new = [p for p in declared if p["today"]]
    name = statute(spec["statute"]["slug"]).short_title
    parts = []
    if old:
        parts.append(_parameters_table(
            old, Markup("Números {} {} (históricos: os do texto da época)").format(
                "do" if name.startswith("Decreto") else "da", name),
            f"Tabela: números da norma ({name})", "norma"))
    if new:
        parts.append(_parameters_table(
            new, Markup('Números de hoje <span class="calc-editorial">(informação editorial)</span>'),
            "Tabela: números de hoje", "hoje"))
    return str(Markup("").join(parts))


def parameters_part(spec: Mapping[str, Any], back: str) -> list[str]:
    """The «Parâmetros» heading, the link back to the form, one sentence and the tables."""
    tables = parameters_section(spec)
    if not tables:
        return []
    intro = "Os números que a calculadora usa, cada um com o dispositivo de onde vem, como no texto da época."
    if any(p["today"] for p in spec["parameters"]):
        intro = ("Os números que a calculadora usa, cada um com o dispositivo de onde vem. Os da "
                 "norma são os do texto da época; os de hoje ficam numa tabela à parte, como nota "
                 "editorial, com a fonte oficial e a data em que ela foi verificada.")
    return ["## Parâmetros { #parametros }", back, intro, tables]


# ------------------------------------------------------------------ form
def _bounds_text(field: Mapping[str, Any]) -> str:
    """``Valores: mínimo 1 operário; máximo Cr$ 1.000.000.`` (money with its sign first)."""
    currency = None
    if field["type"] == "money":
        code = (field.get("currency") or {}).get("code")
        currency = Currency(code) if code and "currency_from" not in field else None
    unit = {"min": "minutos", "h": "horas"}.get(field.get("unit", ""), field.get("unit", ""))
    if field["type"] == "duration":
        unit = "horas"
    parts = []
    if "min" in field and not (field["type"] == "money" and _dec(field["min"]) == 0):
        parts.append(f"mínimo {amount_text(_dec(field['min']), unit, currency)}")
    if "max" in field:
        parts.append(f"máximo {amount_text(_dec(field['max']), unit, currency)}")
    return ("Valores: " + "; ".join(parts) + ".") if parts else ""


def _dec(text: str) -> Any:
    from decimal import Decimal

    return Decimal(text)


def _default_text(field: Mapping[str, Any]) -> str:
    value = field.get("default")
    if value is None or isinstance(value, (bool, list)):
        return ""
    return str(value)


def _datalist(field: Mapping[str, Any], list_id: str) -> Markup:
    source = field.get("choices_from")
    values = choices(source) if isinstance(source, str) else []
    if not values:
        return Markup("")
    options = Markup("").join(Markup('<option value="{}"></option>').format(v) for v in values)
    return Markup('<datalist id="{}">{}</datalist>').format(list_id, options)


def field_html(calc: str, field: Mapping[str, Any], path: str, item: bool = False) -> Markup:
    """One scalar input: label, control, help (bounds and unit included)."""
    name = field["name"]
    ident = f"c-{calc}-{path}".replace("[", "-").replace("]", "").replace(".", "-")
    help_id = f"{ident}-ajuda"
    unit_text = "Cr$ ou R$, conforme a época" if field.get("currency_from") else field.get("unit")
    unit = Markup(' <span class="calc-unidade">({})</span>').format(unit_text) if unit_text else ""
    optional_field = not field.get("required") and "required_when" not in field
    optional = Markup(' <span class="calc-opcional">(opcional)</span>') if optional_field else ""
    help_parts = [field.get("help", ""), _bounds_text(field)]
    help_text = " ".join(p for p in help_parts if p)
    attrs: dict[str, str] = {"data-path": path, "data-field": name, "data-type": field["type"]}
    if item:
        attrs["data-item-field"] = name
    visible = field.get("visible_when")
    wrapper_attrs = Markup("")
    if visible:
        wrapper_attrs = Markup(' data-visible-when="{}"').format(json.dumps(visible, ensure_ascii=False))
    common = Markup(" ").join(Markup('{}="{}"').format(k, v) for k, v in attrs.items())
    kind = field["type"]
    if kind == "boolean":
        checked = Markup(" checked") if field.get("default") is True else Markup("")
        control = Markup(
            '<input type="checkbox" id="{id}" name="{name}" {common} aria-describedby="{help}"{checked}>'
            '<label for="{id}">{label}</label>'
        ).format(id=ident, name=name, common=common, help=help_id, checked=checked, label=field["label"])
        return Markup(
            '<div class="calc-campo calc-campo--sim-nao" data-campo="{path}"{wa}>{control}'
            '<p class="calc-ajuda" id="{help}">{text}</p></div>'
        ).format(path=path, wa=wrapper_attrs, control=control, help=help_id, text=help_text)
    label = Markup('<label for="{}">{}{}{}</label>').format(ident, field["label"], unit, optional)
    if kind == "choice":
        default = field.get("default")
        options = Markup("").join(
            Markup('<option value="{}"{}>{}</option>').format(
                c["value"], Markup(" selected") if c["value"] == default else "", c["label"]
            )
            for c in field["choices"]
        )
        control = Markup('<select id="{}" name="{}" {} aria-describedby="{}">{}</select>').format(
            ident, name, common, help_id, options
        )
    else:
        extra = Markup("")
        mode = INPUT_MODES.get(kind)
        if mode:
            extra += Markup(' inputmode="{}"').format(mode)
        if field.get("placeholder"):
            extra += Markup(' placeholder="{}"').format(field["placeholder"])
        datalist = _datalist(field, f"{ident}-opcoes")
        if datalist:
            extra += Markup(' list="{}"').format(f"{ident}-opcoes")
        control = Markup(
            '<input type="text" id="{}" name="{}" {} value="{}" autocomplete="off" spellcheck="false"'
            ' aria-describedby="{}"{}>{}'
        ).format(ident, name, common, _default_text(field), help_id, extra, datalist)
    return Markup(
        '<div class="calc-campo" data-campo="{path}"{wa}>{label}{control}'
        '<p class="calc-ajuda" id="{help}">{text}</p></div>'
    ).format(path=path, wa=wrapper_attrs, label=label, control=control, help=help_id, text=help_text)


def _item_html(calc: str, field: Mapping[str, Any], index: int, values: Mapping[str, Any] | None) -> Markup:
    noun = field.get("item_noun") or "Item"
    inner = Markup("").join(
        field_html(calc, _with_default(sub, values), f"{field['name']}[{index}].{sub['name']}", item=True)
        for sub in field["item_fields"]
    )
    return Markup(
        '<fieldset class="calc-item" data-item><legend>{noun} {n}</legend>{inner}'
        '<button type="button" class="calc-botao calc-botao--remover" data-acao="remover">'
        'Remover {lower} {n}</button></fieldset>'
    ).format(noun=noun, n=index + 1, inner=inner, lower=noun.lower())


def _with_default(sub: Mapping[str, Any], values: Mapping[str, Any] | None) -> Mapping[str, Any]:
    if values and sub["name"] in values:
        return {**sub, "default": values[sub["name"]]}
    return sub


def list_html(calc: str, field: Mapping[str, Any]) -> Markup:
    """A list input: rows rendered at build, a template for more, add and remove buttons."""
    name = field["name"]
    noun = field.get("item_noun") or "Item"
    raw_default = field.get("default")
    defaults: list[Any] = raw_default if isinstance(raw_default, list) else []
    count = max(len(defaults), int(field.get("min_items", 0)), int(field.get("initial_items", 0)))
    rows = Markup("").join(
        _item_html(calc, field, i, defaults[i] if i < len(defaults) else None) for i in range(count)
    )
    template = _item_html(calc, field, 0, None)
    help_id = f"c-{calc}-{name}-ajuda"
    limits = f"De {field.get('min_items', 0)} a {field.get('max_items')} itens."
    return Markup(
        '<fieldset class="calc-lista" data-lista="{name}" data-path="{name}" data-field="{name}" '
        'data-min="{min}" data-max="{max}" aria-describedby="{help}">'
        '<legend>{label}</legend><p class="calc-ajuda" id="{help}">{text} {limits}</p>'
        '<template>{template}</template><div class="calc-itens">{rows}</div>'
        '<button type="button" class="calc-botao" data-acao="adicionar">Adicionar {lower}</button>'
        '</fieldset>'
    ).format(
        name=name, min=field.get("min_items", 0), max=field.get("max_items"), help=help_id,
        label=field["label"], text=field.get("help", ""), limits=limits, template=template, rows=rows,
        lower=noun.lower(),
    )


def form_html(spec: Mapping[str, Any]) -> str:
    calc = spec["name"]
    parts: list[Markup] = []
    group: str | None = None
    grouped: list[Markup] = []

    def flush() -> None:
        nonlocal grouped
        if group and grouped:
            parts.append(Markup('<fieldset class="calc-grupo"><legend>{}</legend>{}</fieldset>').format(
                group, Markup("").join(grouped)))
        grouped = []

    for field in spec["inputs"]:
        html = list_html(calc, field) if field["type"] == "list" else field_html(calc, field, field["name"])
        if field.get("group") != group:
            flush()
            group = field.get("group") or None
        if group:
            grouped.append(html)
        else:
            parts.append(html)
    flush()
    needs_data = "sim" if spec.get("needs_data") else "nao"
    return str(
        Markup(
            '<form class="calc-form" id="form-{calc}" data-calc="{calc}" data-precisa-dados="{data}" '
            'data-rotulos="{labels}" novalidate data-search-exclude aria-label="Formulário: {title}">'
            '<p class="calc-sem-js">O cálculo no navegador precisa de JavaScript. Os exemplos '
            'verificados abaixo foram calculados com as mesmas regras, na construção do site.</p>'
            '<div class="calc-erros-gerais" role="alert"></div>'
            '{fields}'
            '<div class="calc-acoes">'
            '<button type="submit" class="md-button md-button--primary">Calcular</button>'
            '<button type="button" class="md-button" data-acao="limpar">Limpar</button>'
            '<button type="button" class="md-button" data-acao="compartilhar" disabled>Compartilhar</button>'
            '</div>'
            '<p class="calc-estado" role="status" aria-live="polite"></p>'
            '<p class="calc-link" hidden><label>Link deste cálculo <input type="text" readonly '
            'class="calc-link-texto"></label></p>'
            '</form>'
            '<section class="calc-resultado" id="resultado-{calc}" aria-live="polite" '
            'aria-label="Resultado" data-search-exclude></section>'
        ).format(calc=calc, data=needs_data, title=spec["title"], fields=Markup("").join(parts),
                 labels=_labels_json(spec))
    )


# ------------------------------------------------------------------ worked examples
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
    return Markup('<a class="md-button md-button--primary calc-levar" data-acao="levar" href="{}">{}</a>').format(
        href, handoff["label"])


def findings_html(findings: Mapping[str, Any]) -> Markup:
    """The findings part: each with the word of its severity, its provision and its message."""
    item = Markup('<li class="calc-ocorrencia calc-ocorrencia--{sev}"><strong>{kind}</strong> — {link}: {msg}</li>')
    items = Markup("").join(
        item.format(sev=f["severity"], kind=f["label"], link=provision_link(f["provision"]), msg=f["message"])
        for f in findings["items"]
    )
    return Markup('<p class="calc-subtitulo">{}</p><ul class="calc-ocorrencias">{}</ul>').format(
        findings["title"], items)


def result_html(result: Mapping[str, Any], actions: bool = False) -> Markup:
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
            link=provision_link(step["provision"]), why=step["explanation"], values=_values_list(step["values"])
        )
        for step in result.get("steps", [])
    )
    out.append(Markup('<p class="calc-subtitulo">Passo a passo</p><ol class="calc-passos">{}</ol>').format(steps))
    findings = result.get("findings", {})
    if findings.get("items"):
        out.append(findings_html(findings))
    warnings = result.get("warnings", [])
    if warnings:
        out.append(Markup('<p class="calc-subtitulo">Avisos</p><ul class="calc-avisos">{}</ul>').format(
            Markup("").join(Markup("<li>{}</li>").format(w) for w in warnings)))
    rounding = result.get("rounding")
    if rounding and amounts:
        out.append(Markup('<p class="calc-arredondamento"><strong>Arredondamento:</strong> {}. {}</p>').format(
            rounding["rule"], rounding["description"]))
    return Markup("").join(out)


def is_history(name: str) -> bool:
    """Whether the calculator applies a rule no longer in force: its statute is not in force."""
    return bool(statute(declaration(name)["statute"]["slug"]).status["code"] != IN_FORCE)


def errors_html(result: Mapping[str, Any]) -> Markup:
    items = Markup("").join(
        Markup('<li data-campo-erro="{}">{}</li>').format(e["field"], e["message"]) for e in result["errors"]
    )
    return Markup('<p class="calc-subtitulo">A calculadora recusa estes dados:</p>'
                  '<ul class="calc-recusas">{}</ul>').format(items)


def example_html(spec: Mapping[str, Any], ident: str, title: str, description: str,
                 inputs: Mapping[str, Any], data: Mapping[str, Any] | None, data_note: str) -> str:
    result = api.run(spec["name"], dict(inputs), data=data)
    body = result_html(result) if result.get("ok") else errors_html(result)
    note = Markup('<p class="calc-dados-nota">{}</p>').format(data_note) if data_note else Markup("")
    return (
        f"### {md_heading_text(title)} {{ #{ident} }}\n\n"
        + str(
            Markup('<div class="calc-exemplo" data-exemplo="{}"><p>{}</p>{}{}{}</div>').format(
                ident, description, note, inputs_table(spec, inputs), body
            )
        )
        + "\n"
    )


def examples_section(spec: Mapping[str, Any]) -> str:
    name = spec["name"]
    out: list[str] = []
    for case in cases(name):
        data = case.get("data")
        note = ""
        if spec.get("needs_data"):
            note = (
                "Tabelas: recorte ilustrativo ({} referências, {} linhas de séries).".format(*cut_size(data))
                if isinstance(data, dict) else "Sem tabelas fornecidas."
            )
        out.append(example_html(spec, f"exemplo-{case['name']}", case["title"], case["description"],
                                case["inputs"], data, note))
    for ident, title, inputs in full_table_examples(name):
        out.append(example_html(spec, f"exemplo-{ident}", title,
                                "Calculado com as tabelas completas do decreto.", inputs,
                                calculator_data(name), "Tabelas: completas, as mesmas das páginas de tabelas."))
    return "\n".join(out)


# ------------------------------------------------------------------ pages
def _labels_json(spec: Mapping[str, Any]) -> str:
    """The provisions' labels for the live result's step links, as JSON for ``data-rotulos``.

    An attribute, not a ``<script type="application/json">`` in the page: Material's instant
    navigation re-creates every script of the content without its type, so a JSON block would
    run as JavaScript (a page error) and its labels would be lost.
    """
    labels = {p["ref"]: _label_of(p) for p in spec["provisions"]}
    return json.dumps(labels, ensure_ascii=False)


def calculator_page(name: str, notes: str = "") -> str:
    """The body of ``docs/calculadoras/<name>.md`` (Markdown with HTML blocks).

    Order (a phone first): the one-paragraph summary, the history sentence (rules no longer in
    force), the form; then what holds today, the readings adopted, the provisions quoted and the
    verified examples, each of those sections with a link back to the form. ``notes`` (Markdown,
    from the page ``docs/calculadoras/<name>.md``) goes before the provisions."""
    spec = declaration(name)
    slug = spec["statute"]["slug"]
    statute_title = statute(slug).title
    history = HISTORY_NOTES.get(slug) if is_history(name) else None
    back = str(Markup('<p class="calc-ir"><a href="#calcular">Ir para o formulário</a></p>'))
    head = [
        str(Markup('<p class="calc-resumo">{}</p>').format(spec["summary"])),
        str(Markup('<p class="calc-historia" role="note"><strong>{}</strong> '
                   '<a href="../../{}/">Veja a situação da norma</a>.</p>').format(history, slug))
        if history else "",
    ]
    return "\n\n".join(
        part for part in [
            *head,
            "## Calcular { #calcular }",
            form_html(spec),
            today_section(spec),
            str(Markup('<p class="calc-fonte">Norma: <a href="../../{}/">{}</a>.</p>').format(
                slug, statute_title)),
            notes,
            "## Dispositivos aplicados { #dispositivos }",
            back,
            "O texto é o do documento-fonte, com a grafia original; cada dispositivo leva à página da norma.",
            provisions_section(spec),
            *parameters_part(spec, back),
            "## Exemplos verificados { #exemplos }",
            back,
            "Calculados na construção do site pelo mesmo motor de cálculo que roda no navegador, "
            "e conferidos um a um.",
            examples_section(spec),
        ] if part
    )


def _index_items(names: Iterable[str]) -> Markup:
    items = []
    for name in names:
        spec = declaration(name)
        items.append(
            Markup('<li><a href="{name}/"><strong>{title}</strong></a><br>{summary} '
                   '<span class="calc-norma">({statute})</span></li>').format(
                name=name, title=spec["title"], summary=spec["summary"],
                statute=statute(spec["statute"]["slug"]).short_title)
        )
    return Markup('<ul class="calc-indice">{}</ul>').format(Markup("").join(items))


def calculators_index(names: Iterable[str] | None = None) -> str:
    """Cards for the index page: the 1965 calculators (with today's comparison) first, then
    those of rules no longer in force under «História»."""
    chosen = list(names or api.names())
    current = [n for n in chosen if not is_history(n)]
    past = [n for n in chosen if is_history(n)]
    return str(Markup(
        '<h2 id="lei-de-1965-e-hoje">Jornada e horas extras: Lei nº 4.860/1965 e o que vale hoje</h2>{}'
        '<h2 id="historia">História</h2><p>Regras que não estão mais em vigor, para história e '
        'pesquisa: o Decreto-Lei de 1941 (capatazias) e as tabelas de 1945 do porto do Rio.</p>{}'
    ).format(_index_items(current), _index_items(past)))
