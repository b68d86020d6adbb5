"""Pieces of the answer pages (``docs/perguntas/``): the worked example and the provision links.

Render only. The worked example of an answer is computed at build by ``calculators.api.run`` (the
code the browser runs); the page shows its amounts and links to the calculator with the same
inputs in the address (``/calculadoras/<name>/?campo=valor``, encoded as ``calculadoras.js``
encodes a shared link), so the calculator restores and recomputes it. An example that the
calculator refuses stops the build.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from calculators import api

from ..data import ids
from ..data.calculator_tables import calculator_data
from ..data.loader import ROOT
from ..data.site import Site
from .calculator_result import calculator_href, share_query
from .calculators import declaration
from .links import provision_label, provision_link


class ExampleError(ValueError):
    """A worked example of an answer that the calculator does not accept."""


def calculator_link(name: str, inputs: Mapping[str, Any]) -> str:
    """Link from an answer page (``/perguntas/<slug>/``) to the calculator with these inputs."""
    return f"{calculator_href(name)}?{share_query(inputs)}"


def example(site: Site, name: str, inputs: Mapping[str, Any], text: str,
            keys: list[str] | None = None) -> Markup:
    """A worked example box: what was typed, the amounts computed at build, the share link."""
    data = calculator_data(name, site.decree_tables)
    result = api.run(name, dict(inputs), data=data)
    if not result.get("ok"):
        raise ExampleError(f"exemplo recusado pela calculadora {name}: {result.get('errors')}")
    spec = declaration(name)
    rows: list[Markup] = []
    amounts: dict[str, Any] = result.get("amounts", {})  # type: ignore[assignment]
    quantities: dict[str, Any] = result.get("quantities", {})  # type: ignore[assignment]
    for key, item in amounts.items():
        if keys is None or key in keys:
            rows.append(Markup('<tr data-valor="{}"><th scope="row">{}</th><td>{}</td></tr>').format(
                key, item["label"], item["formatted"]))
    for key, item in quantities.items():
        if keys is None or key in keys:
            rows.append(Markup('<tr data-quantidade="{}"><th scope="row">{}</th><td>{}</td></tr>').format(
                key, item["label"], item["formatted"]))
    if not rows:
        raise ExampleError(f"exemplo da calculadora {name} sem nenhum valor a mostrar ({keys})")
    return Markup(
        '<div class="pergunta-exemplo" data-calculadora="{name}">'
        '<p><strong>Exemplo calculado:</strong> {text}</p>'
        '<table><caption>Resultado do motor de cálculo (exemplo verificado)</caption><tbody>{rows}</tbody></table>'
        '<p><a class="md-button pergunta-calcular" href="{href}">Abrir «{title}» com este exemplo</a></p>'
        "</div>"
    ).format(name=name, text=text, rows=Markup("").join(rows), href=calculator_link(name, inputs),
             title=spec["title"])


def provision(site: Site, slug: str, node_id: str, text: str | None = None) -> Markup:
    """A link from an answer page to a provision of this edition (its permanent anchor)."""
    statute = site.statute(slug)
    statute.node(node_id)  # KeyError (build stops) if the provision does not exist
    label = text or provision_label(statute, node_id)
    return provision_link(slug, node_id, "../../", text=label, css="pergunta-dispositivo")


def today_box(site: Site, slug: str, article: str, text: str | None = None) -> Markup:
    """A link to the «Hoje» box of an article."""
    site.statute(slug).node(article)
    label = text or f"«Hoje» do {ids.citation_label(article)}"
    return Markup('<a class="pergunta-hoje" href="../../{}/#hoje-{}">{}</a>').format(slug, article, label)


# Order of the questions on the home page and on /perguntas/ (the answers' own files give titles).
QUESTIONS = (
    "horas-extras",
    "jornada-semanal",
    "hora-de-refeicao",
    "periodo-noturno",
    "descanso-entre-periodos",
    "descanso-semanal",
    "feriados",
    "adicional-de-risco",
    "quem-a-lei-cobre",
    "esperas-e-paralisacoes",
    "divisao-do-terno",
    "salarios-1945",
    "palavras",
)
HISTORY = frozenset({"esperas-e-paralisacoes", "divisao-do-terno", "salarios-1945"})
ANSWERS = ROOT / "docs" / "perguntas"


def question_title(slug: str) -> str:
    """The ``title`` of an answer's front matter (the build stops if the page is missing)."""
    text = (ANSWERS / f"{slug}.md").read_text(encoding="utf-8")
    match = re.search(r"^title:\s*(.+)$", text.split("\n---", 1)[0], re.MULTILINE)
    if not match:
        raise ExampleError(f"perguntas/{slug}.md sem título")
    return match.group(1).strip()


def question_list(prefix: str) -> Markup:
    """The questions as large touch targets; ``prefix`` is the path to /perguntas/ from the page."""
    items = Markup("").join(
        Markup('<li><a href="{}{}/">{}{}</a></li>').format(
            prefix, slug, question_title(slug),
            Markup(' <span class="tag-editorial">história</span>') if slug in HISTORY else "")
        for slug in QUESTIONS
    )
    return Markup('<ul class="quero-saber">{}</ul>').format(items)
