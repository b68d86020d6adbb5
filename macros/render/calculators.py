"""Render the calculator pages: provisions quoted from the statutes, the form and the worked
examples.

Nothing here decides anything legal. The form is generated from ``calculators.api.describe``
(labels, help, units, defaults, bounds, choices, list inputs); the worked examples are the cases
of ``data/cases/<name>.yaml`` run through ``calculators.api.run`` at build time and drawn from
the result's parts as they come (the ``formatted`` amounts, tables, steps with their
provisions, findings, warnings); no calculator is named here.
The quoted provisions come from the build's Site, which the macro passes down. The form is
drawn by :mod:`macros.render.calculator_form`, the results by :mod:`macros.render.calculator_result`.
Every piece of text is escaped; the browser side (``docs/assets/calculadoras-resultado.js``) draws
the same result parts with ``textContent``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from calculators import api
from calculators.rules import today

from ..data.calculator_tables import calculator_data, cut_size, full_table_examples
from ..data.site import Site
from . import calculator_embed
from . import hoje as render_hoje
from .calculator_form import form_html
from .calculator_result import errors_html, inputs_table, provision_link, result_html, verified_text
from .safe import Markup
from .statute import md_heading_text

# A statute whose status (data/statutes/<slug>.yaml, status.code) is this is in force; the
# calculators of the others apply rules no longer in force (the index groups them under «História»,
# and the page opens with the statute's ``status.calculator_note``).
IN_FORCE = "vigente"


def declaration(name: str) -> dict[str, Any]:
    """What calculator ``name`` declares (``api.describe``); ``KeyError`` if there is none."""
    described = api.describe(name)
    if described.get("ok") is not True:
        raise KeyError(name)
    return described


def _quote_node(site: Site, slug: str, node_id: str) -> tuple[str, str]:
    """The provision's printed label and text (the caput's text for an article without one)."""
    node = site.statute(slug).node(node_id)
    text_node = node
    if not node.text:
        text_node = next((c for c in node.walk() if c.text), node)
    label = node.label or ""
    if text_node is not node and text_node.label and not label:
        label = text_node.label
    return label, text_node.text or ""



# ------------------------------------------------------------------ provisions section
def today_section(site: Site, spec: Mapping[str, Any]) -> str:
    """The rules of today this calculator compares with: each the «Hoje» claim its provision names
    (``calculators.rules.today.CLAIMS``, by id), in the claim's own words, with its sources and its
    check as the answers in /perguntas/ cite them (:func:`macros.render.hoje.answer_ref`: the same
    date as the «Hoje» box it links to). Editorial, not statute. Two provisions stated by one claim
    show it once."""
    claim_ids = dict.fromkeys(today.CLAIMS[p["ref"]] for p in spec["provisions"]
                              if p.get("external") and p["ref"] in today.TODAY_REFS)
    items = [
        Markup("<li>{statement} {ref}</li>").format(
            statement=site.claim(claim_id).claim.statement, ref=render_hoje.answer_ref(site, claim_id))
        for claim_id in claim_ids
    ]
    if not items:
        return ""
    return str(Markup(
        '<aside class="calc-hoje" aria-label="O que vale hoje" data-search-exclude>'
        '<p class="calc-hoje-titulo"><strong>O que vale hoje</strong> '
        '<span class="calc-editorial">(informação editorial)</span></p><ul>{}</ul>'
        '<p>{} {}</p></aside>'
    ).format(Markup("").join(items), today.WHO_NOTE, today.AGREEMENT_NOTE))


def provisions_section(site: Site, spec: Mapping[str, Any]) -> str:
    items = []
    for provision in spec["provisions"]:
        if provision.get("external"):
            continue  # a later act or precedent: in the «O que vale hoje» box, never quoted
        slug, node_id = provision["statute"], provision["id"]
        label, text = _quote_node(site, slug, node_id)
        printed = Markup('<strong class="calc-rotulo">{}</strong> ').format(label) if label else Markup("")
        items.append(
            Markup(
                '<li id="dispositivo-{id}"><p class="calc-ref">{link}</p>'
                '<blockquote class="calc-citacao">{printed}{text}</blockquote></li>'
            ).format(id=node_id, link=provision_link(site, provision), printed=printed, text=text)
        )
    return str(Markup('<ul class="calc-dispositivos">{}</ul>').format(Markup("").join(items)))


# ------------------------------------------------------------------ parameters section
PARAMETER_COLUMNS = ("Parâmetro", "Valor", "Dispositivo", "Período")


def parameter_period(site: Site, parameter: Mapping[str, Any]) -> str:
    """When a parameter applies, in words. A number of this edition's statutes carries no date
    (``calculators/acts/``): it is dated by its act, from the statute file (``no texto de
    26/11/1965``), so an act's date is written once, in ``data/statutes/``."""
    provision = parameter["provision"]
    if parameter["period"] or provision.get("external"):
        return str(parameter["period"] or "—")
    when = site.statute(str(provision["statute"])).identification["date"].value
    return f"no texto de {verified_text(when)}" if when else "—"


def _parameters_table(site: Site, rows: list[Mapping[str, Any]], caption: Markup, label: str,
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
                link=cell.format(PARAMETER_COLUMNS[2], "", provision_link(site, p["provision"])),
                period=cell.format(PARAMETER_COLUMNS[3], "", parameter_period(site, p)))
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


def parameters_section(site: Site, spec: Mapping[str, Any]) -> str:
    """The «Parâmetros» tables, generated from the rule's declarations (``api.describe``): the
    numbers of the statute, as printed in their time (historical), then those of today's law
    (editorial, with the official source and the date it was verified)."""
    declared = spec.get("parameters") or []
    if not declared:
        return ""
    old = [p for p in declared if not p["today"]]
    new = [p for p in declared if p["today"]]
    name = site.statute(spec["statute"]["slug"]).short_title
    parts = []
    if old:
        parts.append(_parameters_table(
            site, old, Markup("Números {} {} (históricos: os do texto da época)").format(
                "do" if name.startswith("Decreto") else "da", name),
            f"Tabela: números da norma ({name})", "norma"))
    if new:
        parts.append(_parameters_table(
            site, new, Markup('Números de hoje <span class="calc-editorial">(informação editorial)</span>'),
            "Tabela: números de hoje", "hoje"))
    return str(Markup("").join(parts))


def parameters_part(site: Site, spec: Mapping[str, Any], back: str) -> list[str]:
    """The «Parâmetros» heading, the link back to the form, one sentence and the tables."""
    tables = parameters_section(site, spec)
    if not tables:
        return []
    intro = "Os números que a calculadora usa, cada um com o dispositivo de onde vem, como no texto da época."
    if any(p["today"] for p in spec["parameters"]):
        intro = ("Os números que a calculadora usa, cada um com o dispositivo de onde vem. Os da "
                 "norma são os do texto da época; os de hoje ficam numa tabela à parte, como nota "
                 "editorial, com a fonte oficial e a data em que ela foi verificada.")
    return ["## Parâmetros { #parametros }", back, intro, tables]


def is_history(site: Site, name: str) -> bool:
    """Whether the calculator applies a rule no longer in force: its statute is not in force."""
    return bool(site.statute(declaration(name)["statute"]["slug"]).status["code"] != IN_FORCE)


def example_html(site: Site, spec: Mapping[str, Any], ident: str, title: str, description: str,
                 inputs: Mapping[str, Any], data: Mapping[str, Any] | None, data_note: str) -> str:
    result = api.run(spec["name"], dict(inputs), data=data)
    body = result_html(site, result) if result.get("ok") else errors_html(result)
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


def examples_section(site: Site, spec: Mapping[str, Any]) -> str:
    """The verified examples: the calculator's cases (``data/cases/``), then those computed on
    the full tables of 1945, each run now by the code the browser runs."""
    name = spec["name"]
    out: list[str] = []
    for case in site.cases[name]:
        data = case.get("data")
        note = ""
        if spec.get("needs_data"):
            note = (
                "Tabelas: recorte ilustrativo ({} referências, {} linhas de séries).".format(*cut_size(data))
                if isinstance(data, dict) else "Sem tabelas fornecidas."
            )
        out.append(example_html(site, spec, f"exemplo-{case['name']}", case["title"], case["description"],
                                case["inputs"], data, note))
    for ident, title, inputs in full_table_examples(name):
        out.append(example_html(site, spec, f"exemplo-{ident}", title,
                                "Calculado com as tabelas completas do decreto.", inputs,
                                calculator_data(name, site.decree_tables),
                                "Tabelas: completas, as mesmas das páginas de tabelas."))
    return "\n".join(out)


# ------------------------------------------------------------------ pages
def calculator_page(site: Site, name: str, notes: str = "", site_url: str = "") -> str:
    """The body of ``docs/calculadoras/<name>.md`` (Markdown with HTML blocks).

    Order (a phone first): the one-paragraph summary, the history sentence (rules no longer in
    force), the form; then what holds today, the readings adopted, the provisions quoted and the
    verified examples, each of those sections with a link back to the form; last, the code a
    union's site pastes to show the calculator (:func:`calculator_embed.share_box`, with the
    public address ``site_url``). ``notes`` (Markdown, from the page ``docs/calculadoras/<name>.md``)
    goes before the provisions."""
    spec = declaration(name)
    slug = spec["statute"]["slug"]
    statute_title = site.statute(slug).title
    history = site.statute(slug).status.get("calculator_note") if is_history(site, name) else None
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
            form_html(site, spec),
            today_section(site, spec),
            str(Markup('<p class="calc-fonte">Norma: <a href="../../{}/">{}</a>.</p>').format(
                slug, statute_title)),
            notes,
            "## Dispositivos aplicados { #dispositivos }",
            back,
            "O texto é o do documento-fonte, com a grafia original; cada dispositivo leva à página da norma.",
            provisions_section(site, spec),
            *parameters_part(site, spec, back),
            "## Exemplos verificados { #exemplos }",
            back,
            "Calculados na construção do site pelo mesmo motor de cálculo que roda no navegador, "
            "e conferidos um a um.",
            examples_section(site, spec),
            "## No site do seu sindicato { #no-seu-site }",
            calculator_embed.share_box(spec, site_url),
        ] if part
    )


def embed_source(site: Site, name: str) -> str:
    """The source of calculator ``name``'s embeddable page (``embutir/<name>.md``, generated by
    the build: :mod:`macros.render.calculator_embed`), with the history sentence of a rule no
    longer in force, as on the full page."""
    spec = declaration(name)
    history = site.statute(spec["statute"]["slug"]).status.get("calculator_note") if is_history(site, name) else None
    return calculator_embed.embed_source(site, spec, history)


def _index_items(site: Site, names: Iterable[str]) -> Markup:
    items = []
    for name in names:
        spec = declaration(name)
        items.append(
            Markup('<li><a href="{name}/"><strong>{title}</strong></a><br>{summary} '
                   '<span class="calc-norma">({statute})</span></li>').format(
                name=name, title=spec["title"], summary=spec["summary"],
                statute=site.statute(spec["statute"]["slug"]).short_title)
        )
    return Markup('<ul class="calc-indice">{}</ul>').format(Markup("").join(items))


def calculators_index(site: Site, history: bool, names: Iterable[str] | None = None) -> str:
    """Cards for the index page (``docs/calculadoras/index.md`` writes the headings): the
    calculators of rules in force, or (``history``) those of rules no longer in force."""
    chosen = [n for n in (names or api.names()) if is_history(site, n) == history]
    return str(_index_items(site, chosen))
