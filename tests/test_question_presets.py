"""From the question to the worker's own figure (issue 26 §3).

- Every answer whose subject has a calculator (it shows a worked example of it, or links to it)
  carries, in its first part (after the short answer, before the first heading), the link to that
  calculator with an empty form preset for today: found by the calculator's name, not by position.
- The link is the one the data builds (``CalculatorSpec.preset``): the preset parameter, then each
  preset field; each preset names a field of the form and a value the form offers.
- The worked examples stay, and say they are someone else's.

The browser side (follow the link: the form has no one's figures and the preset choices are set)
is tests/browser/test_question_presets.py.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from test_perguntas import QUESTIONS

from calculators import api
from macros.render.perguntas import PRESET, own_figure_link

OWN = re.compile(r'<p class="pergunta-sua-conta" data-calculadora="([a-z_0-9]+)"><a [^>]*href="([^"]+)"')
EXAMPLE = re.compile(r'<div class="pergunta-exemplo" data-calculadora="([a-z_0-9]+)"')
LINKED = re.compile(r'href="\.\./\.\./calculadoras/([a-z_0-9]+)/')
SHORT = "Resposta curta:"


def _article(site_dir: Path, slug: str) -> str:
    html = (site_dir / "perguntas" / slug / "index.html").read_text(encoding="utf-8")
    start = html.index("<article")
    return html[start:html.index("</article>", start)]


def _subjects(article: str) -> set[str]:
    """The calculators an answer is about: those of its worked examples and of its links."""
    return set(EXAMPLE.findall(article)) | set(LINKED.findall(article))


def test_every_answer_with_a_calculator_leads_to_it_preset_near_the_short_answer(site_dir: Path) -> None:
    with_calculator = 0
    for slug in QUESTIONS:
        article = _article(site_dir, slug)
        subjects = _subjects(article)
        if not subjects:
            assert not OWN.search(article), slug
            continue
        with_calculator += 1
        first_part = article[:article.index("<h2")] if "<h2" in article else article
        assert SHORT in first_part, slug
        after_short = first_part[first_part.index(SHORT):]
        own = dict(OWN.findall(after_short))
        assert subjects <= set(own), (slug, "sem o link da sua conta para", subjects - set(own))
        for name, href in own.items():
            assert href.replace("&amp;", "&") == own_figure_link(name), (slug, name, href)
        # The worked examples stay, and are said to be someone else's.
        for box in re.findall(r'<div class="pergunta-exemplo".*?</div>', article, re.S):
            assert "dados de outra pessoa" in box, slug
    assert with_calculator >= 10, with_calculator


@pytest.mark.parametrize("name", api.names())
def test_a_preset_sets_only_choices_the_form_has(name: str) -> None:
    spec = api.describe(name)
    fields = {field["name"]: field for field in spec["inputs"]}  # type: ignore[union-attr]
    preset = dict(spec.get("preset") or {})  # type: ignore[call-overload]
    assert PRESET not in fields
    query = dict(parse_qsl(urlsplit(own_figure_link(name)).query))
    assert query.pop(PRESET) == "sim"
    assert query == preset
    for field_name, value in preset.items():
        field = fields[field_name]
        if field["type"] == "choice":
            assert value in [c["value"] for c in field["choices"]], (name, field_name, value)
        else:
            assert field["type"] == "integer" and int(field["min"]) <= int(value) <= int(field["max"])


def test_the_overtime_preset_is_todays_worker() -> None:
    """The question's worker: today's values, a monthly salary, the 44-hour week (CF/88, art. 7º,
    XIII), no salary and no hours."""
    preset = api.describe("horas_extras")["preset"]
    assert preset == {"era": "hoje", "forma_salario": "mensal", "semana_horas": "44"}
