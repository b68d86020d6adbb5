"""The «Hoje» layer: schema and checks, the build failing on a claim without source or check
record, a box after every article of the three acts with official links and, for every claim, how
and when it was checked, the /hoje/ table, and the per-act summaries on the status banner and the
home cards. The check records themselves (what the page says of them) are in test_hoje_checks.py."""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import ROOT, build_site
from htmlscan import tags

from macros.build.search import read as search_read
from macros.data.hoje import articles_of, build, load_all_today
from macros.data.loader import DataError, load_validated
from macros.data.site import current
from macros.render import hoje as render_hoje

HOJE = ROOT / "data" / "hoje"
OFFICIAL = re.compile(r"^https://(www\.planalto\.gov\.br/ccivil_03/|www3\.tst\.jus\.br/|portal\.stf\.jus\.br/"
                      r"|legis\.senado\.gov\.br/|www\.lexml\.gov\.br/urn/urn:lex:br:)")  # LexML: registry schema


def raw(slug: str = "lei-4860-1965") -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((HOJE / f"{slug}.yaml").read_text(encoding="utf-8"))
    return json.loads(json.dumps(data))  # a tree without the YAML anchors' shared objects


def check(tmp_path: Path, data: dict[str, Any], slug: str = "lei-4860-1965") -> None:
    """Validate and build ``data`` as if it were ``data/hoje/<slug>.yaml``."""
    path = tmp_path / f"{slug}.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    build(load_validated(path, "hoje"), path, current().statutes[slug], current().acts)


def claim(data: dict[str, Any], claim_id: str) -> dict[str, Any]:
    """The claim named ``claim_id`` in a layer's tree (its first place, if it is shared)."""
    return next(c for art in data["articles"].values() for c in art["claims"] if c["id"] == claim_id)


def at(claim_id: str, slug: str = "lei-4860-1965") -> str:
    """Where the claim named ``claim_id`` first is in the real file: ``articles.art7.claims[2]``."""
    for art_id, art in raw(slug)["articles"].items():
        for i, c in enumerate(art["claims"]):
            if c["id"] == claim_id:
                return f"articles.{art_id}.claims[{i}]"
    raise KeyError(claim_id)


def test_real_layer_covers_every_article_of_the_three_acts() -> None:
    layers = load_all_today(HOJE, current().statutes, current().acts)
    assert set(layers) == set(current().statutes)
    for slug, statute in current().statutes.items():
        assert list(layers[slug].articles) == articles_of(statute)
        for art in layers[slug].articles.values():
            assert art.claims
            for claim in art.claims:
                assert claim.sources and claim.check.on <= dt.date.today()
                assert all(OFFICIAL.match(s.url) if s.url else s.url_note for s in claim.sources), claim


BROKEN: list[tuple[str, Any, str, str]] = [
    # (what, mutation, place, words of the reason)
    ("sem fonte", lambda d: claim(d, "cf-art7-xiii-jornada").pop("sources"),
     at("cf-art7-xiii-jornada"), "campo obrigatório ausente ('sources')"),
    ("fontes vazias", lambda d: claim(d, "cf-art7-xiii-jornada").update(sources=[]),
     at("cf-art7-xiii-jornada") + ".sources", "lista vazia (é preciso ao menos 1 item)"),
    ("sem conferência", lambda d: claim(d, "cf-art7-xvi-hora-extra").pop("check"),
     at("cf-art7-xvi-hora-extra"), "campo obrigatório ausente ('check')"),
    ("data malformada", lambda d: claim(d, "cf-art7-xvi-hora-extra")["check"].update(date="30/11/2026"),
     at("cf-art7-xvi-hora-extra") + ".check.date", "formato inválido"),
    ("data inexistente", lambda d: claim(d, "tst-oj60-i-noite-no-porto")["check"].update(date="2026-02-30"),
     at("tst-oj60-i-noite-no-porto") + ".check.date", "data inexistente"),
    ("data no futuro", lambda d: claim(d, "tst-oj60-i-noite-no-porto")["check"].update(date="2999-01-01"),
     at("tst-oj60-i-noite-no-porto") + ".check.date", "no futuro"),
    ("conferido sem nada lido", lambda d: claim(d, "tst-oj60-i-noite-no-porto")["check"].update(read=[]),
     at("tst-oj60-i-noite-no-porto") + ".check.read", "«conferido» exige ao menos uma página lida"),
    ("conferido sem o dispositivo achado", lambda d: [r.update(provision_found=False)
                                                      for r in claim(d, "tst-oj60-i-noite-no-porto")["check"]["read"]],
     at("tst-oj60-i-noite-no-porto") + ".check.read", "«conferido» exige ao menos uma página lida"),
    ("não conferido sem nota", lambda d: claim(d, "l4860-art7-par9-chefes")["check"].pop("note"),
     at("l4860-art7-par9-chefes") + ".check", "«nao_conferido» exige a nota"),
    ("quem conferiu desconhecido", lambda d: claim(d, "tst-oj60-i-noite-no-porto")["check"].update(by="alguem"),
     at("tst-oj60-i-noite-no-porto") + ".check.by", "valor não permitido"),
    ("leitura sem publicador", lambda d: claim(d, "tst-oj60-i-noite-no-porto")["check"]["read"][0].pop("publisher"),
     at("tst-oj60-i-noite-no-porto") + ".check.read[0]", "campo obrigatório ausente ('publisher')"),
    ("endereço fora do registro",
     lambda d: claim(d, "cf-art7-xiii-jornada")["sources"][0].update(url="https://example.com/x"),
     at("cf-art7-xiii-jornada") + ".sources[0]", "chave desconhecida"),
    ("ato fora do registro", lambda d: claim(d, "cf-art7-xiii-jornada")["sources"][0].update(act="lei-1-1900"),
     at("cf-art7-xiii-jornada") + ".sources[0].act", "não está no registro"),
    ("ato do registro sem endereço oficial nem motivo",
     lambda d: claim(d, "cf-art7-xiii-jornada")["sources"][0].update(act="decreto-lei-3844-1941"),
     at("cf-art7-xiii-jornada") + ".sources[0].act", "não tem endereço oficial"),
    ("motivo de falta de endereço para ato com endereço",
     lambda d: claim(d, "cf-art7-xiii-jornada")["sources"][0].update(url_note="sem motivo algum aqui"),
     at("cf-art7-xiii-jornada") + ".sources[0].url_note", "url_note não cabe"),
    ("faixa sem conferência", lambda d: d["status"].pop("check"), "status", "campo obrigatório ausente ('check')"),
    ("chave desconhecida", lambda d: claim(d, "cf-art7-xiii-jornada").update(nota="x"),
     at("cf-art7-xiii-jornada"), "chave desconhecida"),
    ("tipo desconhecido", lambda d: claim(d, "cf-art7-xiii-jornada").update(kind="opiniao"),
     at("cf-art7-xiii-jornada") + ".kind", "valor não permitido"),
    ("artigo faltando", lambda d: d["articles"].pop("art9"), "articles", "faltam artigos sem caixa «Hoje»: art9"),
    ("artigo inexistente", lambda d: d["articles"].update(art99=d["articles"]["art9"]),
     "articles.art99", "não é artigo nem anexo"),
    ("dispositivo inexistente", lambda d: claim(d, "cf-art7-xiii-jornada").update(provisions=["art7_par12"]),
     at("cf-art7-xiii-jornada") + ".provisions[0]", "'art7_par12' não existe"),
    ("afirmação de outro artigo", lambda d: claim(d, "cf-art7-xiii-jornada").update(provisions=["art4"]),
     at("cf-art7-xiii-jornada") + ".provisions", "nenhum dispositivo da afirmação pertence a art7"),
]


@pytest.mark.parametrize(("what", "mutate", "place", "reason"), BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_layer_is_rejected(tmp_path: Path, what: str, mutate: Any, place: str, reason: str) -> None:
    data = raw()
    mutate(data)
    with pytest.raises(DataError) as caught:
        check(tmp_path, data)
    assert caught.value.place == place, caught.value.place
    assert reason in caught.value.reason, caught.value.reason


@pytest.mark.site
@pytest.mark.parametrize("field", ["sources", "check"])
def test_claim_without_source_or_check_stops_the_build(tmp_path: Path, field: str) -> None:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    target = data / "hoje" / "lei-4860-1965.yaml"
    text = target.read_text(encoding="utf-8")
    broken = raw()
    claim(broken, "tst-oj60-ii-salario-basico").pop(field)
    target.write_text(yaml.safe_dump(broken, allow_unicode=True, sort_keys=False), encoding="utf-8")
    assert text != target.read_text(encoding="utf-8")
    done = build_site(tmp_path / "site", env={"EP_DATA_DIR": str(data)})
    output = done.stdout + done.stderr
    assert done.returncode != 0
    assert "hoje/lei-4860-1965.yaml" in output, output
    assert f"em {at('tst-oj60-ii-salario-basico')}" in output, output
    assert f"campo obrigatório ausente ('{field}')" in output, output
    assert "Traceback" not in output


def test_box_markup_follows_the_contract() -> None:
    html = str(render_hoje.box(current().statute("lei-4860-1965"), current().today_of("lei-4860-1965"), "art7",
                                current().acts))
    assert html.startswith('<details class="hoje hoje--em_parte" id="hoje-art7" '
                           'data-search-title="Hoje — Lei nº 4.860/1965, art. 7º" data-search-exclude>')
    assert " open" not in html.split(">", 1)[0]
    assert 'class="src' not in html


def _boxes(page: Path) -> dict[str, str]:
    """id → HTML of each «Hoje» box of a built page."""
    text = page.read_text(encoding="utf-8")
    found = re.finditer(r'<details class="hoje[^"]*" id="hoje-([a-z0-9_]+)".*?</details>', text, re.S)
    return {m.group(1): m.group(0) for m in found}


@pytest.mark.parametrize("slug", ["decreto-lei-3844-1941", "decreto-17961-1945", "lei-4860-1965"])
def test_every_article_has_its_box_with_official_links_and_how_each_claim_was_checked(
        site_dir: Path, slug: str) -> None:
    page = site_dir / slug / "index.html"
    boxes = _boxes(page)
    statute = current().statutes[slug]
    assert list(boxes) == articles_of(statute)
    text = page.read_text(encoding="utf-8")
    layer = current().today[slug]
    for art_id, html in boxes.items():
        items = re.findall(r'<li class="hoje-afirmacao.*?</li>', html, re.S)
        assert len(items) == len(layer.articles[art_id].claims), art_id
        for item in items:
            # every claim: how and when it was checked, with its date
            assert re.search(r'<span class="hoje-conferencia[^"]*">(Conferido|Não conferido)[^<]*'
                             r'(<[^>]+>[^<]*)*?<time datetime="\d{4}-\d{2}-\d{2}">\d{2}/\d{2}/\d{4}</time>', item), item
        assert "Verificado em" not in html and "verificado em" not in html, art_id
        links = re.findall(r'<a class="hoje-fonte" href="([^"]+)"', html)
        assert links and all(OFFICIAL.match(u) for u in links), (art_id, links)
        assert "<details class=\"hoje" in html and " open" not in html.split(">", 1)[0]
        # The box comes after the article's own text and before the next article.
        heading = text.index(f'id="{art_id}"')
        assert heading < text.index(f'id="hoje-{art_id}"')
        assert "não conselho jurídico" in html


def test_hoje_page_is_one_table_of_every_claim(site_dir: Path) -> None:
    page = site_dir / "hoje" / "index.html"
    text = page.read_text(encoding="utf-8")
    rows = re.findall(r"<tr(?: id=\"[a-z0-9-]+\")?><th scope=\"row\">.*?</tr>", text, re.S)
    claims = sum(len(a.claims) for layer in current().today.values() for a in layer.articles.values())
    outside = sum(len(o.claims) for layer in current().today.values() for o in layer.outside.values())
    topics = sum(len(o.claims) for layer in current().today.values() for o in layer.topics.values())
    assert outside and topics and len(rows) == claims + outside + topics
    for row in rows:
        assert re.search(r'href="https://(www\.planalto|www3\.tst|portal\.stf|legis\.senado)', row) or \
            "hoje-sem-endereco" in row, row
        assert re.search(r'(Conferido|Não conferido)[^<]*(<[^>]+>[^<]*)*?<time datetime="\d{4}-\d{2}-\d{2}">'
                         r'\d{2}/\d{2}/\d{4}</time>', row), row
        assert re.search(r'href="\.\./[a-z0-9-]+/#hoje-(art|anx)\d+"', row) or "Fora desta edição" in row \
            or "Assunto de hoje" in row, row
    assert "não é conselho jurídico" in text
    assert text.count('class="hoje-situacao-fonte"') == len(current().today)


def test_banner_and_home_cards_summarise_the_layer(site_dir: Path) -> None:
    home = (site_dir / "index.html").read_text(encoding="utf-8")
    for slug, layer in current().today.items():
        page = (site_dir / slug / "index.html").read_text(encoding="utf-8")
        banner = page[page.index('class="ato-situacao'):page.index("</div>", page.index('class="ato-situacao'))]
        # The acts the summary names are links (the registry): its words, without the tags.
        assert 'class="hoje-resumo"' in banner and layer.summary in re.sub(r"<[^>]+>", "", banner)
        assert f'href="../hoje/#{slug}"' in banner
        card = home[home.index(f'<h2 id="{slug}"'):]
        card = card[:card.index("</article>")]
        assert layer.summary in re.sub(r"<[^>]+>", "", card) and f'href="hoje/#{slug}"' in card
        assert render_hoje.counts_text(layer) in card


def test_glossary_tooltips_on_statute_and_answer_pages(site_dir: Path) -> None:
    for page in ("decreto-lei-3844-1941", "lei-4860-1965", "perguntas/palavras"):
        abbrs = [a for t, a in tags(site_dir / page / "index.html") if t == "abbr"]
        assert abbrs and all(a.get("title") for a in abbrs), page
    dl = (site_dir / "decreto-lei-3844-1941" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<span class="src">[^<]*<abbr title="[^"]+">capatazias</abbr>', dl)
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "content.tooltips" in config and "- abbr" in config and "pymdownx.snippets" in config


def test_search_labels_the_layer_hoje_and_keeps_it_out_of_the_statute_text(site_dir: Path) -> None:
    by_location = {d["location"]: d for d in search_read.documents(site_dir)}
    for slug, layer in current().today.items():
        for art_id in layer.articles:
            doc = by_location.get(f"{slug}/#hoje-{art_id}")
            assert doc is not None, (slug, art_id)
            assert doc["title"] == render_hoje.search_title(current().statute(slug), art_id)
            assert doc["title"].startswith("Hoje — ")
            article = by_location[f"{slug}/#{art_id}"]
            assert "A quem se aplica hoje" not in article["text"] and "Conferido em" not in article["text"]
