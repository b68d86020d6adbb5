"""/perguntas/: at least 12 answers covering the issue's subjects; each links to a provision of this
edition, to the later law or precedent (official publication), and to a calculator pre-filled with
a worked example computed at build; at most 300 words; ends with the one-sentence disclaimer. The
home page opens with «Quero saber…» before the statute cards. (The example restoring and computing
in the browser is tests/browser/test_perguntas.py.)"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
import yaml
from conftest import ROOT

from calculators import api
from macros.data.site import current
from macros.render.calculator_result import share_query
from macros.render.perguntas import ExampleError, is_about_today_only, question_groups, questions


class _ConfigLoader(yaml.SafeLoader):
    """mkdocs.yml as plain YAML: its tags (``!ENV``) are MkDocs's, not needed for the menu."""


_ConfigLoader.add_multi_constructor("!", lambda loader, suffix, node: None)

# The answers, in the menu's order: the «Quero saber…» section of mkdocs.yml is the one list.
QUESTIONS = questions(yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_ConfigLoader)["nav"])

OFFICIAL = re.compile(r'href="https://(www\.planalto\.gov\.br/ccivil_03/|www3\.tst\.jus\.br/|portal\.stf\.jus\.br/)')
PROVISION = re.compile(r'<a class="pergunta-dispositivo" href="\.\./\.\./([a-z0-9-]+)/#([a-z0-9_]+)"')
CALCULATOR = re.compile(r'<a class="md-button pergunta-calcular" href="\.\./\.\./calculadoras/([a-z_0-9]+)/\?([^"]+)"')
EXAMPLE = re.compile(r'<div class="pergunta-exemplo".*?class="md-button pergunta-calcular".*?</a>', re.S)
ROW = re.compile(r'<tr data-(?:valor|quantidade)="([a-z_0-9]+)"><th scope="row">[^<]*</th><td>([^<]*)</td>')
DISCLAIMER = "Isto é informação, não conselho jurídico; o seu acordo ou convenção coletiva pode dar mais."

# The subjects the issue lists, each with the answer that covers it.
SUBJECTS = {
    "overtime": "horas-extras",
    "meal hour worked": "hora-de-refeicao",
    "night period and night hour": "periodo-noturno",
    "rest between two periods": "descanso-entre-periodos",
    "weekly rest": "descanso-semanal",
    "holidays": "feriados",
    "risk additional": "adicional-de-risco",
    "who the 1965 law covers": "quem-a-lei-cobre",
    "stoppages and waiting (1941)": "esperas-e-paralisacoes",
    "gang's pay split (1941)": "divisao-do-terno",
    "1945 salaries": "salarios-1945",
    "terms": "palavras",
    # issue 26 §6: the avulso's questions, and two for everyone
    "avulso: vacation and 13th through the OGMO": "avulso-ferias-e-13",
    "avulso: time limit to claim": "avulso-prazo-para-cobrar",
    "avulso: who answers if the operator does not pay": "avulso-quem-paga",
    "avulso: the OGMO's 48-hour payment": "avulso-prazo-do-pagamento",
    "avulso: waiting on the roster": "avulso-espera-na-escala",
    "avulso: minimum income": "avulso-renda-minima",
    "avulso: another port activity without a new registration": "avulso-outra-atividade",
    "avulso: when the night starts": "avulso-inicio-da-noite",
    "the 11-hour rest between two shifts cut": "descanso-cortado",
    "minimum night additional under the 1965 law": "adicional-noturno",
}
TODAY_ONLY = {slug for slug in QUESTIONS if is_about_today_only(slug)}


def article(site: Path, slug: str) -> str:
    html = (site / "perguntas" / slug / "index.html").read_text(encoding="utf-8")
    start = html.index('<article class="md-content__inner')
    return html[start:html.index("</article>", start)]


def words(html: str) -> int:
    """Words of the answer's prose: the worked example, the link to the worker's own figure and the
    references (sources and how they were checked, ``<small class="pergunta-fonte">``) are not prose."""
    prose = EXAMPLE.sub(" ", html)
    # The link to the worker's own figure (a button and what the form brings) is not prose either.
    prose = re.sub(r'<p class="pergunta-sua-conta".*?</p>', " ", prose, flags=re.S)
    prose = re.sub(r'<small class="pergunta-fonte">.*?</small>', " ", prose, flags=re.S)
    prose = re.sub(r"<[^>]+>", " ", prose)
    return len(re.findall(r"\w+", prose.replace("¶", " ")))


def test_at_least_twelve_answers_cover_every_subject() -> None:
    assert len(QUESTIONS) >= 12
    assert set(SUBJECTS.values()) <= set(QUESTIONS)
    for slug in QUESTIONS:
        assert (ROOT / "docs" / "perguntas" / f"{slug}.md").exists()


@pytest.mark.parametrize("slug", QUESTIONS)
def test_answer_links_provision_law_and_calculator(site_dir: Path, slug: str) -> None:
    """Every answer links the official publication of what it says about today; an answer on a
    subject of these acts links its provision and a calculator too. An answer on a subject these
    acts do not treat (``assunto: hoje``) links a provision only where one bears on it."""
    html = article(site_dir, slug)
    provisions = PROVISION.findall(html)
    assert provisions or slug in TODAY_ONLY, "nenhum link para dispositivo desta edição"
    for statute, node in provisions:
        assert f'id="{node}"' in (site_dir / statute / "index.html").read_text(encoding="utf-8")
    assert OFFICIAL.search(html), "nenhum link para a publicação oficial"
    assert 'class="pergunta-fonte"' in html, "nenhuma afirmação «Hoje» citada"
    calculators = CALCULATOR.findall(html)
    if slug in TODAY_ONLY:
        assert not calculators, "assunto sem calculadora, mas com link para uma"
        return
    assert calculators, "nenhum link para calculadora"
    for name, query in calculators:
        assert name in api.names()
        assert parse_qsl(query.replace("&amp;", "&")), query


@pytest.mark.parametrize("slug", QUESTIONS)
def test_answer_example_is_the_calculators_result(site_dir: Path, slug: str) -> None:
    """The amounts shown beside the link are what the calculator gives for the link's inputs."""
    html = article(site_dir, slug)
    for box in EXAMPLE.findall(html):
        name, query = CALCULATOR.search(box).groups()  # type: ignore[union-attr]
        inputs = dict(parse_qsl(urlsplit("?" + query.replace("&amp;", "&")).query))
        shown = dict(ROW.findall(box))
        assert shown
        parsed = {k: (json.loads(v) if v.startswith("[") else v) for k, v in inputs.items()}
        assert share_query(parsed) == query.replace("&amp;", "&")
        result = api.run(name, parsed, data=current().decree_tables if name == "salarios_1945" else None)
        assert result["ok"], result
        computed = {k: v["formatted"] for k, v in {**result.get("amounts", {}), **result.get("quantities", {})}.items()}
        for key, value in shown.items():
            assert computed[key] == value.replace("&#36;", "$"), (key, value)


@pytest.mark.parametrize("slug", QUESTIONS)
def test_answer_is_short_and_ends_with_the_disclaimer(site_dir: Path, slug: str) -> None:
    html = article(site_dir, slug)
    assert words(html) <= 300, words(html)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)).strip()
    assert text.rstrip("¶ ").endswith(DISCLAIMER), text[-200:]


def test_home_opens_with_the_questions_before_the_statute_cards(site_dir: Path) -> None:
    home = (site_dir / "index.html").read_text(encoding="utf-8")
    body = home[home.index('<article class="md-content__inner'):]
    questions = body.index('<ul class="quero-saber">')
    assert questions < body.index('class="cartao-ato')
    assert re.sub(r"<[^>]+>", "", body[:questions]).count("Quero saber") >= 1
    for slug in QUESTIONS:
        assert f'href="perguntas/{slug}/"' in body
    index = (site_dir / "perguntas" / "index.html").read_text(encoding="utf-8")
    for slug in QUESTIONS:
        assert f'href="{slug}/"' in index


def test_the_avulso_answers_are_a_group_of_the_menu_and_of_the_list(site_dir: Path) -> None:
    """The avulso's questions are one sub-section of «Quero saber…» (the menu and the list on
    /perguntas/ and on the home), labelled; every answer is in exactly one group."""
    nav = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_ConfigLoader)["nav"]
    groups = question_groups(nav)
    assert [s for _, slugs in groups for s in slugs] == list(QUESTIONS)
    avulso = dict((t, s) for t, s in groups if t)["Sou avulso (OGMO)"]
    assert set(avulso) >= TODAY_ONLY
    assert len(avulso) >= 8
    for page, prefix in (("perguntas/index.html", ""), ("index.html", "perguntas/")):
        html = (site_dir / page).read_text(encoding="utf-8")
        label = re.search(r'<p class="quero-saber-grupo" id="([a-z0-9-]+)">Sou avulso \(OGMO\)</p>\s*'
                          r'<ul class="quero-saber" aria-labelledby="\1">(.*?)</ul>', html, re.S)
        assert label, page
        assert re.findall(r'href="([a-z0-9-]+)/"', label.group(2).replace(f'href="{prefix}', 'href="')) == list(avulso)


def test_the_questions_are_the_menus() -> None:
    """The list of questions comes from the nav: a new answer is one file and one menu line."""
    nav = [{"Início": "index.md"}, {"Quero saber…": ["perguntas/index.md", {"A": "perguntas/a.md"},
                                                      {"B": "perguntas/b.md"}]}, {"Sobre": "sobre.md"}]
    assert questions(nav) == ("a", "b")
    with pytest.raises(ExampleError):
        questions([{"Início": "index.md"}])
    assert QUESTIONS[0] == "horas-extras" and "palavras" in QUESTIONS


def test_history_answers_say_so_in_their_front_matter(site_dir: Path) -> None:
    from macros.render.perguntas import is_history

    marked = {slug for slug in QUESTIONS if is_history(slug)}
    assert marked == {"esperas-e-paralisacoes", "divisao-do-terno", "salarios-1945"}
    html = (site_dir / "perguntas" / "index.html").read_text(encoding="utf-8")
    for slug in marked:
        assert re.search(rf'href="{slug}/">[^<]*<span class="tag-editorial">história</span>', html), slug
