"""The registry of cited acts (``data/atos.yaml``): every act a page names is in it, every link to
an official site comes from it, and the mentions in the statutes' text link without a word changed
(the word-for-word check itself is ``test_site_build.test_fidelity_statute_text``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import htmlscan
import pytest
import yaml
from conftest import ROOT
from lxml import html as lxml_html

from macros.data.acts import build as build_registry
from macros.data.loader import DataError, load_validated
from macros.data.site import Site, check_citations, current

OFFICIAL_HOST = re.compile(
    r"https?://(?:[a-z0-9-]+\.)*(?:planalto\.gov\.br|lexml\.gov\.br|camara\.leg\.br|senado\.leg\.br|"
    r"senado\.gov\.br|in\.gov\.br|jus\.br)[^\s\"'<>)\]]*",
    re.IGNORECASE,
)
TEXT_FILES = {".html", ".json", ".xml", ".js", ".mjs", ".txt", ".bib", ".ris", ".csv", ".ttl", ".jsonld"}


def site_files(site_dir: Path) -> list[Path]:
    """Every text file the site serves, except the source documents (copies of the seeds)."""
    return [p for p in site_dir.rglob("*") if p.is_file() and p.suffix in TEXT_FILES and "fontes" not in p.parts]


def page_text(path: Path) -> str:
    """The words of a page as a reader sees them (scripts and styles left out)."""
    tree = lxml_html.fromstring(path.read_bytes())
    for bad in tree.xpath("//script|//style|//template"):
        bad.drop_tree()
    return " ".join(" ".join(tree.itertext()).split())


def test_registry_holds_the_three_acts_and_every_cited_source(site: Site) -> None:
    acts = site.acts
    for slug in site.statutes:
        assert acts[slug].page == f"{slug}/"
        assert acts[slug].short == site.statute(slug).short_title
    for layer in site.today.values():
        for art in layer.articles.values():
            for claim in art.claims:
                for source in claim.sources:
                    assert source.url == acts[source.act_id].url


def test_mentions_name_the_registered_act(site: Site) -> None:
    acts = site.acts
    found = acts.mentions("Decretos nº 7.847 e nº 7.848, de 16 de setembro de 1941: regulamento")
    assert [(m.text, m.act and m.act.id) for m in found] == [
        ("Decretos nº 7.847", "decreto-7847-1941"),
        ("nº 7.848, de 16 de setembro de 1941", "decreto-7848-1941"),
    ]
    text = "do Decreto n.º 7.847, de 16 de setembro de 1941, e a Lei nº 1.234/1999; OJ nº 60 e Tema 1.046"
    assert [(m.text, m.act and m.act.id) for m in acts.mentions(text)] == [
        ("Decreto n.º 7.847, de 16 de setembro de 1941", "decreto-7847-1941"),
        ("Lei nº 1.234/1999", None),
        ("OJ nº 60", "tst-oj-60-sbdi1"),
        ("Tema 1.046", "stf-tema-1046"),
    ]
    assert acts.mentions("Decreto-Lei nº 5.452/1943")[0].act is acts["clt"]


def test_every_act_named_on_a_page_is_in_the_registry(site_dir: Path, site: Site) -> None:
    missing: set[str] = set()
    for path in site_dir.rglob("*.html"):
        for mention in site.acts.mentions(page_text(path)):
            if mention.act is None:
                missing.add(f"{path.relative_to(site_dir)}: {mention.text}")
    assert not missing, "atos citados fora do registro (data/atos.yaml):\n" + "\n".join(sorted(missing))


def test_every_official_link_comes_from_the_registry(site_dir: Path, site: Site) -> None:
    known = htmlscan.known_outside_addresses(site)
    stray: set[str] = set()
    for path in site_files(site_dir):
        for url in OFFICIAL_HOST.findall(path.read_text(encoding="utf-8", errors="replace")):
            url = url.replace("&amp;", "&").rstrip(".,;")
            if url not in known:
                stray.add(f"{path.relative_to(site_dir)}: {url}")
    assert not stray, "links para sites oficiais que não vêm do registro:\n" + "\n".join(sorted(stray))


def test_mentions_in_the_statutes_text_link_to_the_registry(site_dir: Path, site: Site) -> None:
    seen = 0
    for slug, statute in site.statutes.items():
        tree = lxml_html.fromstring((site_dir / slug / "index.html").read_bytes())
        for node in statute.walk():
            for cit in node.citations:
                if not cit.target.startswith("ato:"):
                    continue
                act = site.acts[cit.target[4:]]
                links = tree.xpath(f'//*[@id="{node.id}"]//span[contains(@class, "src")]//a[@class="ato-link"]')
                hits = [a for a in links if a.text_content() == cit.quote]
                assert hits, (slug, node.id, cit.quote)
                assert hits[0].get("href") == act.href("../"), (slug, node.id)
                seen += 1
    assert seen >= 9


def test_notes_name_and_link_the_acts_they_compare(site_dir: Path, site: Site) -> None:
    """The 1941 decree-law's notes name Decreto-Lei nº 3.389/1941: the link is the registry's."""
    act = site.acts["decreto-lei-3389-1941"]
    tree = lxml_html.fromstring((site_dir / "decreto-lei-3844-1941" / "index.html").read_bytes())
    hrefs = [a.get("href") for a in tree.xpath('//a[@class="ato-link"]') if "3.389" in a.text_content()]
    assert hrefs and set(hrefs) == {act.url}


def test_calculators_cite_today_with_the_registry_addresses(site: Site) -> None:
    """The calculators (standard library, no files) carry the addresses of the acts and
    precedents they compare with (``calculators/acts/``); each must be the registry's address."""
    import importlib
    import pkgutil

    import calculators.acts
    from calculators.core.provisions import Provision

    provisions: list[Provision] = []
    for info in pkgutil.iter_modules(calculators.acts.__path__):
        module = importlib.import_module(f"calculators.acts.{info.name}")
        provisions += [v for v in vars(module).values() if isinstance(v, Provision) and v.external]
    assert provisions
    for p in provisions:
        if p.url:
            assert p.url in site.acts.urls(), (p.ref, p.url)
        else:  # a precedent with no official address known: the registry's entry says so too
            assert site.acts[p.statute].url is None and p.checked, p.ref


def raw_registry() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((ROOT / "data" / "atos.yaml").read_text(encoding="utf-8"))
    return data


BROKEN: list[tuple[str, Any, str, str]] = [
    ("id repetido", lambda d: d["atos"].append(dict(d["atos"][5])), f"atos[{len(raw_registry()['atos'])}].id",
     "repetido"),
    ("endereço repetido", lambda d: d["atos"][6].update(url=d["atos"][5]["url"]), "atos[6].url", "repetido"),
    ("mesmo número e ano", lambda d: d["atos"][8].update(number="24.508"), "atos[8].number", "decreto-24508-1934"),
    ("endereço não oficial", lambda d: d["atos"][6].update(url="https://example.com/clt"), "atos[6].url", ""),
    ("ato desta edição faltando", lambda d: d["atos"].pop(0), "atos", "decreto-lei-3844-1941"),
    ("página de ato que não é desta edição", lambda d: d["atos"][6].update(page="clt/"), "atos[6]", ""),
    ("ementa no lugar do assunto", lambda d: d["atos"][6].pop("subject"), "atos[6]", "subject"),
    # An official address must say how it was checked: a stored copy of that very page, or «not opened».
    ("endereço sem conferência", lambda d: d["precedentes"][0]["checked"].pop("url_not_opened"),
     "precedentes[0].checked", "url_not_opened: true"),
    ("cópia lida de outra página", lambda d: (d["precedentes"][0]["checked"].pop("url_not_opened"),
                                             d["precedentes"][0]["checked"].update(read="https://example.com/oj60")),
     "precedentes[0].checked", "não foi conferido"),
    ("não aberto sem endereço", lambda d: d["atos"][0]["checked"].update(url_not_opened=True),
     "atos[0].checked.url_not_opened", "nada a marcar"),
    ("não aberto sem dizer na nota",
     lambda d: d["precedentes"][0]["checked"].update(note="Endereço do TST, por padrão."),
     "precedentes[0].checked.note", "não foi aberto"),
    ("não aberto com outro valor", lambda d: d["precedentes"][0]["checked"].update(url_not_opened=False),
     "precedentes[0].checked.url_not_opened", ""),
]


@pytest.mark.parametrize(("what", "mutate", "place", "reason"), BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_registry_is_rejected(tmp_path: Path, what: str, mutate: Any, place: str, reason: str) -> None:
    data = raw_registry()
    mutate(data)
    path = tmp_path / "atos.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        build_registry(load_validated(path, "atos"), path, current().statutes)
    assert caught.value.place.startswith(place), caught.value.place
    assert reason in caught.value.reason, caught.value.reason


def test_citation_of_an_unregistered_act_stops_the_load(site: Site) -> None:
    statute = site.statute("lei-4860-1965")
    node = next(n for n in statute.walk() if any(c.target.startswith("ato:") for c in n.citations))
    cit = next(c for c in node.citations if c.target.startswith("ato:"))
    original = cit.target
    object.__setattr__(cit, "target", "ato:decreto-1-1900")
    try:
        with pytest.raises(DataError) as caught:
            check_citations(site.statutes, site.acts)
        assert "decreto-1-1900" in caught.value.reason
    finally:
        object.__setattr__(cit, "target", original)


# ------------------------------------------------------------------ addresses never opened here
NOT_OPENED = "endereço não aberto aqui"


@pytest.mark.parametrize(("url", "read", "same"), [
    ("https://www.planalto.gov.br/ccivil_03/Decreto-Lei/1937-1946/Del3832.htm",
     "http://planalto.gov.br/ccivIl_03/Decreto-Lei/1937-1946/Del3832.htm", True),
    ("https://www.planalto.gov.br/ccivil_03/Constituicao/Constituicao37.htm",
     "https://blue-sea-697d.quartiers047.workers.dev/https/www.planalto.gov.br/ccivil_03/Constituicao/"
     "Constituicao37.htm", True),
    ("https://www3.tst.jus.br/jurisprudencia/OJ_SDI_1/n_s1_041.htm#TEMA60",
     "https://soprovas.com/questoes/2734231", False),
    ("https://www.planalto.gov.br/ccivil_03/leis/l9719.htm",
     "https://www.planalto.gov.br/ccivil_03/leis/l9719.htm.bak/other", True),  # a prefix path is the same page
    ("https://www.planalto.gov.br/ccivil_03/leis/l9719.htm", None, False),
])
def test_a_read_copy_counts_only_for_the_same_page(url: str, read: str | None, same: bool) -> None:
    from macros.data.acts import same_page

    assert same_page(url, read) is same


def test_every_official_address_is_either_read_in_a_copy_of_its_page_or_said_not_opened(site: Site) -> None:
    """The loader's rule, over the real registry: no address stands without its check, and the
    TST and LexML addresses formed by a pattern are all marked as never opened."""
    from macros.data.acts import same_page

    for act in site.acts:
        if act.url is None:
            assert not act.url_not_opened, act.id
        elif act.url_not_opened:
            assert re.search(r"não (?:foi|foram) abert[oa]", act.checked_note), act.id
        else:
            assert same_page(act.url, act.checked_read), act.id
    for act in site.acts:
        if act.url and ("tst.jus.br" in act.url or "lexml.gov.br" in act.url):
            assert act.url_not_opened, act.id
    for act_id in ("tst-oj-60-sbdi1", "tst-oj-97-sbdi1", "tst-oj-355-sbdi1", "tst-oj-402-sbdi1",
                   "tst-sumula-146", "tst-sumula-431"):
        assert site.acts[act_id].url_not_opened, act_id


def test_a_link_to_an_address_not_opened_says_so_and_one_read_does_not(site: Site) -> None:
    from macros.data.hoje import Source
    from macros.render.acts import act_link
    from macros.render.hoje import source_html

    opened = site.acts["decreto-24447-1934"]  # a stored copy of its Planalto page was read
    assert opened.url and not opened.url_not_opened
    assert NOT_OPENED not in act_link(site.acts, opened.id)
    for act in site.acts:
        link = str(act_link(site.acts, act.id))
        if act.url_not_opened and act.page is None:
            assert f'href="{act.url}"' in link and NOT_OPENED in link, act.id
        elif act.page is None:
            assert NOT_OPENED not in link, act.id
        source = Source(act.short, "", act.url, act.id, None if act.url else "sem endereço", act.url_not_opened)
        assert (NOT_OPENED in source_html(source)) is (act.url is not None and act.url_not_opened), act.id


def test_built_pages_show_the_words_beside_every_source_link_never_opened(site_dir: Path, site: Site) -> None:
    not_opened = {a.url for a in site.acts if a.url and a.url_not_opened}
    seen = 0
    for path in [*(site_dir / "perguntas").rglob("index.html"), site_dir / "hoje" / "index.html",
                 site_dir / "atos" / "index.html", site_dir / "lei-4860-1965" / "index.html"]:
        tree = lxml_html.fromstring(path.read_bytes())
        for a in tree.xpath('//a[@class="hoje-fonte"] | //table[contains(@class, "atos-tabela")]//th/a'):
            href = a.get("href")
            following = a.getnext()
            marked = following is not None and following.get("class") == "endereco-nao-aberto"
            assert marked is (href in not_opened), (path.relative_to(site_dir), href)
            if marked:
                assert following.text_content() == f"({NOT_OPENED})"
                seen += 1
    assert seen >= 20
