"""The calculator form, generated from what the calculator declares (``calculators.api.describe``).

Labels, help, units, defaults, bounds, choices and list inputs come from the declaration; nothing
here names a calculator or decides anything legal. Suggestions for a field that declares
``choices_from`` are names of the 1945 tables (the Site's ``decree_tables``). Every text is escaped.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from calculators.core.money import Currency, amount_text
from calculators.core.parsing import MINUTES_TYPING, YES_WORDS

from ..data.calculator_tables import choices
from ..data.site import Site
from . import material
from .calculator_result import label_of
from .safe import Markup

# The keypad a phone opens: digits with a separator (",", "."), which types every accepted form
# of a number, a time (0700, 7, 07.00) and a date (040324, 4.3.24). A duration, and a whole number
# of minutes, is also typed «1h30» or «1:30» (calculators.core.parsing): no numeric keypad has «h»
# or «:», so these fields open the ordinary keyboard.
INPUT_MODES = {"money": "decimal", "decimal": "decimal", "integer": "numeric", "duration": "text",
               "time": "decimal", "date": "decimal"}


def input_mode(field: Mapping[str, Any]) -> str | None:
    """The ``inputmode`` of a field's control (None: the browser's default)."""
    if field["type"] == "integer" and field.get("unit") == "min":
        return "text"
    return INPUT_MODES.get(field["type"])


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



def _dec(text: str) -> Decimal:
    return Decimal(text)


def _default_text(field: Mapping[str, Any]) -> str:
    value = field.get("default")
    if value is None or isinstance(value, (bool, list)):
        return ""
    return str(value)


def _datalist(document: dict[str, Any], field: Mapping[str, Any], list_id: str) -> Markup:
    source = field.get("choices_from")
    values = choices(document, source) if isinstance(source, str) else []
    if not values:
        return Markup("")
    options = Markup("").join(Markup('<option value="{}"></option>').format(v) for v in values)
    return Markup('<datalist id="{}">{}</datalist>').format(list_id, options)


def _unit_html(field: Mapping[str, Any], defaults: Mapping[str, Any]) -> Markup:
    """The unit after a label. A money field whose currency follows a choice (the era) shows the
    currency of the choice made, never «Cr$ ou R$»: the default's at build, and the form's script
    (calculators/form.mjs) swaps it from ``data-unidades`` when the choice changes, so the form
    and the receipt's «Dados informados» speak of the era shown (issue 26 §4)."""
    source = field.get("currency_from")
    if source:
        by_value = {value: currency["symbol"] for value, currency in source["by_value"].items()}
        now = by_value.get(str(defaults.get(source["field"])), field.get("currency", {}).get("symbol", ""))
        return Markup(' <span class="calc-unidade" data-unidade-de="{}" data-unidades="{}">({})</span>').format(
            source["field"], json.dumps(by_value, ensure_ascii=False), now)
    unit_text = field.get("unit")
    return Markup(' <span class="calc-unidade">({})</span>').format(unit_text) if unit_text else Markup("")


def field_html(site: Site, calc: str, field: Mapping[str, Any], path: str, item: bool = False,
               defaults: Mapping[str, Any] | None = None) -> Markup:
    """One scalar input: label, control, help (bounds and unit included)."""
    name = field["name"]
    ident = f"c-{calc}-{path}".replace("[", "-").replace("]", "").replace(".", "-")
    help_id = f"{ident}-ajuda"
    unit = _unit_html(field, defaults or {})
    optional_field = not field.get("required") and "required_when" not in field
    optional = Markup(' <span class="calc-opcional">(opcional)</span>') if optional_field else ""
    typing = MINUTES_TYPING if field["type"] == "integer" and field.get("unit") == "min" else ""
    help_parts = [field.get("help", ""), typing, _bounds_text(field)]
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
        mode = input_mode(field)
        if mode:
            extra += Markup(' inputmode="{}"').format(mode)
        if field.get("placeholder"):
            extra += Markup(' placeholder="{}"').format(field["placeholder"])
        datalist = _datalist(site.decree_tables, field, f"{ident}-opcoes")
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


def _item_html(site: Site, calc: str, field: Mapping[str, Any], index: int,
               values: Mapping[str, Any] | None) -> Markup:
    noun = field.get("item_noun") or "Item"
    inner = Markup("").join(
        field_html(site, calc, _with_default(sub, values), f"{field['name']}[{index}].{sub['name']}", item=True)
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


def list_html(site: Site, calc: str, field: Mapping[str, Any]) -> Markup:
    """A list input: rows rendered at build, a template for more, add and remove buttons."""
    name = field["name"]
    noun = field.get("item_noun") or "Item"
    raw_default = field.get("default")
    defaults: list[Any] = raw_default if isinstance(raw_default, list) else []
    count = max(len(defaults), int(field.get("min_items", 0)), int(field.get("initial_items", 0)))
    rows = Markup("").join(
        _item_html(site, calc, field, i, defaults[i] if i < len(defaults) else None) for i in range(count)
    )
    template = _item_html(site, calc, field, 0, None)
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


NO_SCRIPT = ("O cálculo no navegador precisa de JavaScript. Os exemplos verificados abaixo foram "
             "calculados com as mesmas regras, na construção do site.")
NO_SCRIPT_EMBEDDED = ("O cálculo no navegador precisa de JavaScript. A calculadora completa, no link "
                      "abaixo, traz exemplos verificados, calculados com as mesmas regras.")


def form_html(site: Site, spec: Mapping[str, Any], guide: str = "../#levar-ao-sindicato",
              full_page: str = "") -> str:
    """The whole form of a calculator (and the empty result section the browser fills).

    ``guide``: the link «Como usar» (relative to the page); ``full_page``: on an embeddable page
    (macros/render/calculator_embed.py), the full calculator page, whose address the form's links
    («Compartilhar», the receipt) carry instead of the embeddable page's (``data-pagina-inteira``)."""
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

    defaults = {field["name"]: field.get("default") for field in spec["inputs"]}
    for field in spec["inputs"]:
        html = (list_html(site, calc, field) if field["type"] == "list"
                else field_html(site, calc, field, field["name"], defaults=defaults))
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
            'data-rotulos="{labels}" data-palavras-sim="{yes}" novalidate data-search-exclude '
            'aria-label="Formulário: {title}"{full}>'
            '<p class="calc-sem-js">{no_script}</p>'
            '<div class="calc-erros-gerais" role="alert"></div>'
            '{fields}'
            '<div class="calc-acoes">'
            '<button type="submit" class="' + material.PRIMARY + '">Calcular</button>'
            '<button type="button" class="' + material.BUTTON + '" data-acao="limpar">Limpar</button>'
            '<button type="button" class="' + material.BUTTON + '" data-acao="compartilhar" disabled>'
            'Compartilhar</button>'
            '</div>'
            '<p class="calc-estado" role="status" aria-live="polite"></p>'
            '<p class="calc-link" hidden><label>Link deste cálculo <input type="text" readonly '
            'class="calc-link-texto"></label></p>'
            '<p class="calc-dica" hidden>Depois de calcular, «Guardar ou imprimir o cálculo» abre o comprovante: '
            'uma página com os dados, o passo a passo, a data e o link do cálculo (também em QR code), '
            'para imprimir, salvar em PDF ou compartilhar. '
            '<a href="{guide}">Como usar</a>.</p>'
            '</form>'
            '<section class="calc-resultado" id="resultado-{calc}" aria-live="polite" '
            'aria-label="Resultado" data-search-exclude></section>'
        ).format(calc=calc, data=needs_data, title=spec["title"], fields=Markup("").join(parts),
                 labels=_labels_json(site, spec), yes=" ".join(sorted(YES_WORDS)), guide=guide,
                 full=Markup(' data-pagina-inteira="{}"').format(full_page) if full_page else "",
                 no_script=NO_SCRIPT_EMBEDDED if full_page else NO_SCRIPT)
    )


def _labels_json(site: Site, spec: Mapping[str, Any]) -> str:
    """The provisions' labels for the live result's step links, as JSON for ``data-rotulos``.

    An attribute, not a ``<script type="application/json">`` in the page: Material's instant
    navigation re-creates every script of the content without its type, so a JSON block would
    run as JavaScript (a page error) and its labels would be lost.
    """
    labels = {p["ref"]: label_of(site, p) for p in spec["provisions"]}
    return json.dumps(labels, ensure_ascii=False)
