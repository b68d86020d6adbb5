"""How each «Hoje» claim was checked, and the statements fixed by issue 18.

- The page says of a check exactly what its record shows: the official page read, or the stored
  copy read instead (publisher and address) with «a página oficial não pôde ser aberta», or «Não
  conferido» with the reason; the data never say «conferida na publicação oficial».
- Every claim, every status banner and every sentence about today in /perguntas/ shows how and
  when it was checked (built site).
- The statements listed in issue 18 say what the act or decision says (each test names it).
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from conftest import ROOT
from markupsafe import Markup

from macros.data.hoje import Check, Reading
from macros.data.site import current
from macros.render import hoje as render_hoje

DAY = dt.date(2026, 12, 1)
PLANALTO = "https://www.planalto.gov.br/ccivil_03/leis/l0605.htm"
COPY = "https://exemplo.invalid/lei-605"
WHEN = r'<time datetime="\d{4}-\d{2}-\d{2}">\d{2}/\d{2}/\d{4}</time>'


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


def claims_text(slug: str, article: str) -> str:
    art = current().today[slug].articles[article]
    return " ".join(c.statement + " " + " ".join(s.label for s in c.sources) for c in art.claims)


# ------------------------------------------------------------------ what the page says of a check
def test_official_page_read_live_is_said_so_and_nothing_about_a_copy() -> None:
    html = str(render_hoje.check_html(Check("conferido", DAY, "edicao", (
        Reading(PLANALTO, "Presidência da República (Planalto)", True, False, True),))))
    assert "Conferido em" in html and "na página oficial" in html and PLANALTO in html
    assert "não pôde ser aberta" not in html and "cópia" not in html


def test_stored_copy_names_its_publisher_and_address_and_says_the_official_page_was_not_opened() -> None:
    html = str(render_hoje.check_html(Check("conferido", DAY, "segunda_leitura", (
        Reading(COPY, "Editora Exemplo", False, True, True),))))
    assert text_of(html).startswith("Conferido por uma segunda leitura independente em 01/12/2026 "
                                    "numa cópia publicada por Editora Exemplo")
    assert f'href="{COPY}"' in html
    assert "a página oficial não pôde ser aberta" in html


def test_archived_copy_of_the_official_page_is_not_called_the_official_page() -> None:
    html = text_of(str(render_hoje.check_html(Check("conferido", DAY, "edicao", (
        Reading(PLANALTO, "Planalto", True, True, True),)))))
    assert "numa cópia arquivada da página oficial (Planalto)" in html
    assert "a página oficial não pôde ser aberta" in html


def test_a_copy_of_the_official_text_kept_by_others_is_named_as_such() -> None:
    mirror = Reading("https://github.com/exemplo/espelho/blob/abc/lei.txt", "Espelho Exemplo", False, True, True,
                     "Art. 1º", PLANALTO)
    html = text_of(str(render_hoje.check_html(Check("conferido", DAY, "edicao", (mirror,)))))
    assert "numa cópia do texto oficial publicada por Espelho Exemplo" in html
    assert "a página oficial não pôde ser aberta" in html and "na página oficial (" not in html
    short = text_of(str(render_hoje.check_short(Check("conferido", DAY, "edicao", (mirror,)))))
    assert short == ("conferido em 01/12/2026 numa cópia do texto oficial publicada por terceiros; a página "
                     "oficial não pôde ser aberta")


def test_unchecked_claim_says_so_with_the_reason_and_a_page_where_the_provision_was_not_found() -> None:
    html = text_of(str(render_hoje.check_html(Check("nao_conferido", DAY, "edicao", (
        Reading(COPY, "Editora Exemplo", False, True, False),), "O artigo não foi encontrado."))))
    assert html.startswith("Não conferido (registro de 01/12/2026): O artigo não foi encontrado.")
    assert "o dispositivo não foi encontrado em Editora Exemplo" in html
    assert "Conferido" not in html


def test_markup_in_a_publisher_name_is_escaped() -> None:
    html = render_hoje.check_html(Check("conferido", DAY, "edicao", (
        Reading(COPY, "<script>x</script>", False, True, True),)))
    assert isinstance(html, Markup) and "<script>" not in str(html)


def test_data_files_never_claim_a_check_on_the_official_publication() -> None:
    for path in sorted((ROOT / "data" / "hoje").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert "conferida na publicação oficial" not in text, path.name
        assert "verified:" not in text, path.name


def test_the_checks_of_1_december_2026_claim_no_live_official_page() -> None:
    """On 01/12/2026 no machine of this project could open the official sites: a record of that
    day saying one was read live would be a check that was not made. (A later check run with
    internet, after scripts/check_official_links.py, may record a live reading.)"""
    for layer in current().today.values():
        records = [c.check for c in layer.all_claims()] + [layer.status.check]
        for check in records:
            if check.on <= DAY:
                assert not check.official_page_read, (layer.slug, check)
                assert all(r.stored_copy for r in check.read), (layer.slug, check)


# ------------------------------------------------------------------ the built site
@pytest.mark.parametrize("slug", ["decreto-lei-3844-1941", "decreto-17961-1945", "lei-4860-1965"])
def test_status_banner_has_source_links_and_how_and_when_it_was_checked(site_dir: Path, slug: str) -> None:
    page = (site_dir / slug / "index.html").read_text(encoding="utf-8")
    banner = page[page.index('class="ato-situacao'):]
    banner = banner[:banner.index("</div>")]
    source = re.search(r'<p class="situacao-fonte">.*?</p>', banner, re.S)
    assert source, slug
    assert re.search(r'<a class="hoje-fonte" href="https://(www\.planalto\.gov\.br|www3\.tst\.jus\.br|legis\.senado)',
                     source.group(0)), slug
    assert re.search(r"(Conferido|Não conferido)[^<]*(<[^>]+>[^<]*)*?" + WHEN, source.group(0)), slug
    assert banner.index("Vigência:") < banner.index('class="situacao-fonte"')


TODAY_HEADINGS = re.compile(r'<h2 id="(o-que-vale-hoje|e-hoje|hoje-conforme-a-sua-situacao)"')


def _today_section(html: str) -> str:
    match = TODAY_HEADINGS.search(html)
    assert match
    end = html.index("<h2", match.end())
    return html[match.end():end]


ANSWERS = sorted(p.stem for p in (ROOT / "docs" / "perguntas").glob("*.md") if p.stem not in ("index", "palavras"))


@pytest.mark.parametrize("answer", ANSWERS)
def test_every_sentence_about_today_in_an_answer_shows_how_and_when_it_was_checked(site_dir: Path, answer: str) -> None:
    html = (site_dir / "perguntas" / answer / "index.html").read_text(encoding="utf-8")
    section = _today_section(html)
    blocks = re.findall(r"<(li|p)>(.*?)</\1>", section, re.S)
    about_today = [b for _, b in blocks if "Veja" not in text_of(b)[:5] and "pergunte" not in text_of(b)[:40]]
    assert about_today, answer
    for block in about_today:
        if "hoje-fonte" in block or "planalto.gov.br" in block or "tst.jus.br" in block or "stf.jus.br" in block:
            # a source is named: the check sentence, with its date, goes with it
            assert 'class="pergunta-fonte"' in block, (answer, text_of(block))
            assert re.search(r'class="hoje-conferencia[^"]*">(conferido|não conferido)', block), answer
            assert re.search(WHEN, block), answer
    refs = re.findall(r'class="pergunta-fonte"', section)
    assert refs, answer
    # An answer's short reply that speaks of today carries its check too.
    short = re.search(r"<strong>Resposta curta:</strong>(.*?)</p>", html, re.S)
    if short and re.search(r"\b[Hh]oje\b|CLT|Constituição", text_of(short.group(1))):
        assert 'class="pergunta-fonte"' in short.group(1), answer


def test_answer_reference_has_the_box_date_and_links_to_the_box(site_dir: Path) -> None:
    claim = current().claim("tst-sumula-146-feriado-em-dobro").claim
    answer = (site_dir / "perguntas" / "feriados" / "index.html").read_text(encoding="utf-8")
    box = (site_dir / "lei-4860-1965" / "index.html").read_text(encoding="utf-8")
    day = f'<time datetime="{claim.check.on.isoformat()}">'
    assert str(render_hoje.check_html(claim.check)) in box
    ref = answer[answer.index('<small class="pergunta-fonte">'):]
    ref = ref[:ref.index("</small>")]
    assert day in ref and "conferido em" in ref and "a página oficial não pôde ser aberta" in ref
    assert 'href="../../lei-4860-1965/#hoje-art7"' in ref


def test_short_check_never_says_more_than_the_record() -> None:
    live = text_of(str(render_hoje.check_short(Check("conferido", DAY, "edicao", (
        Reading(PLANALTO, "Planalto", True, False, True),)))))
    copy = text_of(str(render_hoje.check_short(Check("conferido", DAY, "edicao", (
        Reading(COPY, "Editora", False, True, True),)))))
    unchecked = text_of(str(render_hoje.check_short(Check("nao_conferido", DAY, "edicao", (), "motivo qualquer"))))
    assert live == "conferido em 01/12/2026 na página oficial"
    assert "terceiros" in copy and "não pôde ser aberta" in copy
    assert unchecked.startswith("não conferido")


def test_no_page_tells_of_a_verification_on_the_official_site(site_dir: Path) -> None:
    for page in list(site_dir.glob("**/index.html")):
        text = page.read_text(encoding="utf-8")
        assert "Verificado em" not in text, page
        assert "conferid" not in text.lower() or "na publicação oficial" not in text.lower(), page


# ------------------------------------------------------------------ the statements of issue 18
def test_aprj_end_is_tied_to_the_company_and_the_1973_link_is_said_unconfirmed(site_dir: Path) -> None:
    """DL 256/1967 art. 1º: the APRJ ends on the date the company is constituted; Decreto nº
    72.439/1973 approved the constitution (30/4/1973) of the Companhia Docas da Guanabara, but that
    it is the company of 1967 is unconfirmed (issue 26 §5): never «extinta em 1967» nor «em 1973»."""
    text = claims_text("decreto-17961-1945", "art1")
    assert "1973" in text and "Decreto nº 72.439/1973" in text and "Companhia Docas da Guanabara" in text
    assert "Decreto-Lei nº 256/1967, arts. 1º a 3º" in text and "não confirmou" in text
    for page in site_dir.glob("**/index.html"):
        html = page.read_text(encoding="utf-8")
        assert "extinta em 1967" not in html and "extinta em 1973" not in html, page
    calc = (site_dir / "calculadoras" / "salarios_1945" / "index.html").read_text(encoding="utf-8")
    assert "autarquia extinta" in calc


def test_waiting_time_employee_clt_art4_avulso_lei_12815_art43() -> None:
    """CLT art. 4º (time at the employer's disposal) for the employee; Lei 12.815/2013 art. 43
    (negotiation) for the avulso: two claims, each saying whom it covers."""
    claims = current().today["decreto-lei-3844-1941"].articles["art4"].claims
    employee = [c for c in claims if any(s.provision == "art. 4º" and "5.452" in s.act
                                         for s in c.sources) and "empregado" in c.statement]
    avulso = [c for c in claims if any(s.provision == "art. 43" for s in c.sources)]
    assert employee and "disposição do empregador" in employee[0].statement
    assert avulso and "avulso" in avulso[0].statement and "empregado" not in avulso[0].statement
    assert "depende do acordo coletivo do seu porto" not in " ".join(c.statement for c in claims)


def test_worked_holidays_tst_sumula_146_and_lei_605_art9() -> None:
    text = claims_text("lei-4860-1965", "art7")
    assert "Súmula nº 146" in text and "Lei nº 605/1949, art. 9º" in text and "em dobro" in text


def test_terno_composition_today_is_negotiated_lei_12815_art43() -> None:
    claims = current().today["decreto-lei-3844-1941"].articles["art3"].claims
    assert any("composição dos ternos" in c.statement and any(s.provision == "art. 43" for s in c.sources)
               for c in claims)
    assert "não confirmou qual regra legal" not in " ".join(c.statement for c in claims)


def test_1941_art2_no_longer_credits_lei_8630_with_what_it_does_not_say() -> None:
    claims = current().today["decreto-lei-3844-1941"].articles["art2"].claims
    assert "Nada disso está em vigor" not in " ".join(c.statement for c in claims)
    for claim in claims:
        if "60 dias" in claim.statement:
            labels = [s.label for s in claim.sources]
            assert any("285 a 292" in label for label in labels) and "Lei nº 8.630/1993, art. 75" in labels
            assert "texto no Planalto" not in " ".join(labels)


def test_night_hour_says_whom_it_covers_and_clt_art73_outside_lei_4860(site_dir: Path) -> None:
    text = claims_text("lei-4860-1965", "art4")
    assert "CLT" in text and "art. 73" in text and "22h às 5h" in text and "quem esta lei cobre" in text
    answer = text_of((site_dir / "perguntas" / "periodo-noturno" / "index.html").read_text(encoding="utf-8"))
    assert "para quem a lei de 1965 cobre" in answer and "22h às 5h" in answer


def test_night_additional_enters_the_overtime_base_tst_e_rr_1260_79_2011_5_08_0002(site_dir: Path) -> None:
    """TST SBDI-1, 8/4/2016: OJ 97 prevails over OJ 60, II for the night additional."""
    text = claims_text("lei-4860-1965", "art7")
    assert "E-RR-1260-79.2011.5.08.0002" in text and "nº 97" in text and "2016" in text
    for page in ("lei-4860-1965", "perguntas/horas-extras", "perguntas/adicional-de-risco"):
        html = (site_dir / page / "index.html").read_text(encoding="utf-8")
        assert "não trata do adicional noturno" not in html, page
    assert "E-RR-1260-79.2011.5.08.0002" in (site_dir / "perguntas" / "horas-extras" / "index.html").read_text(
        encoding="utf-8")


def test_six_hour_shifts_cf_art7_xiv_in_the_weekly_limit_claim() -> None:
    claim = current().claim("cf-art7-xiv-turnos").claim
    assert "turnos ininterruptos de revezamento" in claim.statement and "6" in claim.statement
    assert any("XIV" in s.provision for s in claim.sources)


@pytest.mark.parametrize(("page", "jargon"), [
    ("perguntas/adicional-de-risco", "STF, Tema 222, RE 597.124"),
    ("perguntas/adicional-de-risco", "OJ nº 402 da SBDI-1"),
    ("perguntas/quem-a-lei-cobre", "OJ nº 402"),
    ("perguntas/jornada-semanal", "No Escritório Central o limite"),
])
def test_answers_say_it_plainly_before_the_reference(site_dir: Path, page: str, jargon: str) -> None:
    html = (site_dir / page / "index.html").read_text(encoding="utf-8")
    assert jargon not in text_of(html), (page, jargon)


def test_1965_vigencia_opens_in_plain_words(site_dir: Path) -> None:
    page = text_of((site_dir / "lei-4860-1965" / "index.html").read_text(encoding="utf-8"))
    vigencia = page[page.index("Vigência:") + len("Vigência:"):].strip()
    assert not vigencia.startswith("Orientação") and vigencia.startswith("Não se conhece lei")
    first = vigencia[:vigencia.index("Orientação Jurisprudencial")]
    assert "Tribunal Superior do Trabalho" in first
