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

from calculators import api

from ..data import ids
from ..data.calculator_tables import calculator_data
from ..data.loader import ROOT
from ..data.site import Site
from . import material
from .calculator_result import calculator_href, share_query
from .calculators import declaration
from .calculators import is_history as calculator_is_history
from .links import provision_label, provision_link
from .safe import Markup


class ExampleError(ValueError):
    """A worked example of an answer that the calculator does not accept."""


def calculator_link(name: str, inputs: Mapping[str, Any]) -> str:
    """Link from an answer page (``/perguntas/<slug>/``) to the calculator with these inputs."""
    return f"{calculator_href(name)}?{share_query(inputs)}"


# The address parameter that opens a calculator's form filled with a question's choices only,
# computing nothing (calculators/form.mjs reads the same name: PRESET).
PRESET = "preparar"


def _preset_words(spec: Mapping[str, Any]) -> list[str]:
    """The preset's choices in the form's own words (a choice's label, else «label: value»).
    A preset name that is no field, or a value no choice has, stops the build."""
    fields = {field["name"]: field for field in spec["inputs"]}
    words: list[str] = []
    for name, value in dict(spec.get("preset") or {}).items():
        field = fields.get(name)
        if field is None:
            raise ExampleError(f"calculadora {spec['name']}: o formulário não tem o campo {name!r} do preset")
        if field["type"] == "choice":
            label = next((c["label"] for c in field["choices"] if c["value"] == value), None)
            if label is None:
                raise ExampleError(f"calculadora {spec['name']}: {name}={value!r} não é opção do formulário")
            words.append(label[:1].lower() + label[1:])
        else:
            words.append(f"{field['label'][:1].lower()}{field['label'][1:]}: {value}")
    return words


def own_figure_link(name: str) -> str:
    """The address of calculator ``name`` from an answer page, empty but for its preset."""
    spec = declaration(name)
    query = share_query({PRESET: "sim", **dict(spec.get("preset") or {})})
    return f"{calculator_href(name)}?{query}#form-{name}"


def own_figure(site: Site, name: str) -> Markup:
    """From the question to the worker's own figure (issue 26 §3): a link, near the short answer,
    to calculator ``name`` with an empty form preset for today (``CalculatorSpec.preset``)."""
    spec = declaration(name)
    words = _preset_words(spec)
    history = calculator_is_history(site, name)
    action = "Fazer a conta" if history else "Fazer a sua conta"
    ready = ("já com " + ", ".join(words) + ". ") if words else ""
    return Markup(
        '<p class="pergunta-sua-conta" data-calculadora="{name}">'
        '<a class="' + material.PRIMARY + '" href="{href}">{action} na calculadora «{title}»</a> '
        '<span>O formulário abre vazio, {ready}sem os dados de ninguém: você põe os seus.</span></p>'
    ).format(name=name, href=own_figure_link(name), action=action, title=spec["title"], ready=ready)


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
        '<p><strong>Exemplo com os dados de outra pessoa</strong> (não são os seus): {text}</p>'
        '<table><caption>Resultado do motor de cálculo (exemplo verificado)</caption><tbody>{rows}</tbody></table>'
        '<p><a class="' + material.BUTTON + ' pergunta-calcular" href="{href}">'
        'Ver este exemplo na calculadora «{title}»</a></p>'
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


ANSWERS = ROOT / "docs" / "perguntas"
INDEX = "perguntas/index.md"


def questions(nav: Any) -> tuple[str, ...]:
    """The answers, in the order of the menu (``nav`` of mkdocs.yml): the pages of the section
    that holds ``perguntas/index.md``. The list of questions is the menu's, written once."""
    def files(items: Any) -> list[str]:
        out: list[str] = []
        for item in items if isinstance(items, list) else []:
            value = next(iter(item.values())) if isinstance(item, dict) else item
            out.extend(files(value) if isinstance(value, list) else [str(value)])
        return out

    def sections(items: Any) -> list[list[Any]]:
        found: list[list[Any]] = []
        for item in items if isinstance(items, list) else []:
            value = next(iter(item.values())) if isinstance(item, dict) else item
            if isinstance(value, list):
                found.append(value)
                found.extend(sections(value))
        return found

    section = next((s for s in sections(nav) if INDEX in files(s)), None)
    if section is None:
        raise ExampleError(f"o menu (nav) não tem a seção de {INDEX}")
    return tuple(f.removeprefix("perguntas/").removesuffix(".md") for f in files(section) if f != INDEX)


def _front_matter(slug: str) -> str:
    """The front matter of an answer (the build stops if the page is missing)."""
    return (ANSWERS / f"{slug}.md").read_text(encoding="utf-8").split("\n---", 1)[0]


def question_title(slug: str) -> str:
    """The ``title`` of an answer's front matter."""
    match = re.search(r"^title:\s*(.+)$", _front_matter(slug), re.MULTILINE)
    if not match:
        raise ExampleError(f"perguntas/{slug}.md sem título")
    return match.group(1).strip()


def is_history(slug: str) -> bool:
    """An answer about a rule no longer in force: ``historia: true`` in its front matter."""
    return re.search(r"^historia:\s*true\s*$", _front_matter(slug), re.MULTILINE) is not None


def question_groups(nav: Any) -> tuple[tuple[str | None, tuple[str, ...]], ...]:
    """The answers as the menu groups them: runs of answers at the top of «Quero saber…» (title
    ``None``) and each sub-section of it («Sou avulso (OGMO)»), in the menu's order."""
    section = next((v for item in nav if isinstance(item, dict) for v in item.values()
                    if isinstance(v, list) and INDEX in _files(v)), None)
    if section is None:
        raise ExampleError(f"o menu (nav) não tem a seção de {INDEX}")
    groups: list[tuple[str | None, tuple[str, ...]]] = []
    run: list[str] = []
    for item in section:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        if isinstance(value, list):
            if run:
                groups.append((None, tuple(run)))
                run = []
            groups.append((str(next(iter(item))), tuple(_slug(f) for f in _files(value))))
        elif value != INDEX:
            run.append(_slug(str(value)))
    if run:
        groups.append((None, tuple(run)))
    return tuple(groups)


def _files(items: Any) -> list[str]:
    out: list[str] = []
    for item in items if isinstance(items, list) else []:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        out.extend(_files(value) if isinstance(value, list) else [str(value)])
    return out


def _slug(path: str) -> str:
    return path.removeprefix("perguntas/").removesuffix(".md")


def is_about_today_only(slug: str) -> bool:
    """An answer on a subject of today that these acts do not treat (the avulso's pay through the
    OGMO, the time limit to claim…): ``assunto: hoje`` in its front matter. It cites its claims
    like every answer, but has no provision of this edition to link and no calculator."""
    return re.search(r"^assunto:\s*hoje\s*$", _front_matter(slug), re.MULTILINE) is not None


def question_list(prefix: str, slugs: tuple[str, ...]) -> Markup:
    """The questions as large touch targets; ``prefix`` is the path to /perguntas/ from the page."""
    items = Markup("").join(
        Markup('<li><a href="{}{}/">{}{}</a></li>').format(
            prefix, slug, question_title(slug),
            Markup(' <span class="tag-editorial">história</span>') if is_history(slug) else "")
        for slug in slugs
    )
    return Markup('<ul class="quero-saber">{}</ul>').format(items)


def question_lists(prefix: str, groups: tuple[tuple[str | None, tuple[str, ...]], ...]) -> Markup:
    """Every group of questions: a run of answers as one list, a sub-section of the menu as a
    labelled list (its title above, named by ``aria-labelledby``)."""
    out: list[Markup] = []
    for title, slugs in groups:
        if title is None:
            out.append(question_list(prefix, slugs))
            continue
        anchor = "grupo-" + re.sub(r"[^a-z0-9]+", "-", ids_fold(title)).strip("-")
        out.append(Markup('<p class="quero-saber-grupo" id="{}">{}</p>').format(anchor, title))
        out.append(Markup(str(question_list(prefix, slugs)).replace(
            '<ul class="quero-saber">', f'<ul class="quero-saber" aria-labelledby="{anchor}">', 1)))
    return Markup("").join(out)


def ids_fold(text: str) -> str:
    """Lower case without accents, for an anchor made of a menu title."""
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFD", text.lower()) if unicodedata.category(c) != "Mn")
