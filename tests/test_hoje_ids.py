"""Every «Hoje» claim has a stable id, and what cites it cites it by that id (issue 27).

- The schema requires the id; an id names one claim in the whole of ``data/hoje/`` (the same id
  for another statement, in one file or in two, stops the build with file, place and reason).
- No page calls ``hoje_fonte`` by position: every call names one id that exists; a page that cites
  an id that does not exist (or by position) stops the build with the page, the line and the reason
  (:func:`macros.render.hoje.check_claim_refs`, run before each page's macros).
- The invariant: a claim inserted anywhere in any list (hypothesis picks the lists and the places)
  changes no claim cited by id, and no reference an answer renders from it. The built site's
  answers are the same byte for byte with a claim inserted at the top of every list
  (``test_inserted_claims_leave_every_answer_page_the_same``).
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from macros.data.hoje import UnknownClaimError, build, index_claims
from macros.data.loader import DataError, load_validated
from macros.data.site import Site, current
from macros.render import hoje as render_hoje

HOJE = ROOT / "data" / "hoje"
DOCS = ROOT / "docs"
CALL = re.compile(r'hoje_fonte\("([^"]+)"\)')


def raw(slug: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((HOJE / f"{slug}.yaml").read_text(encoding="utf-8"))
    return json.loads(json.dumps(data))  # the YAML aliases expanded into equal copies


def cited_ids() -> dict[str, list[str]]:
    """Every claim id the pages cite, with the pages (read from the Markdown sources)."""
    out: dict[str, list[str]] = {}
    for page in sorted(DOCS.rglob("*.md")):
        for claim_id in CALL.findall(page.read_text(encoding="utf-8")):
            out.setdefault(claim_id, []).append(page.relative_to(DOCS).as_posix())
    return out


def layers_of(tree: dict[str, dict[str, Any]], folder: Path) -> Site:
    """A Site whose «Hoje» layers are built from ``tree`` (slug → file contents), each validated
    by the schema as if it were ``data/hoje/<slug>.yaml``."""
    site = current()
    today = {}
    for slug, data in tree.items():
        path = folder / f"{slug}.yaml"
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
        today[slug] = build(load_validated(path, "hoje"), path, site.statutes[slug], site.acts)
    return dataclasses.replace(site, today=today, claims=index_claims(today))


def new_claim(n: int, provisions: list[str]) -> dict[str, Any]:
    """A claim no page cites, written as any other (it must pass the schema and the loader)."""
    return {
        "id": f"teste-inserida-{n}",
        "kind": "situacao",
        "statement": f"Afirmação de teste número {n}, inserida para mostrar que nada muda de lugar.",
        "sources": [{"act": "cf-1988", "provision": "art. 7º"}],
        "check": {"result": "nao_conferido", "date": "2026-12-01", "by": "edicao", "read": [],
                  "note": "Afirmação de teste, não conferida."},
        "provisions": provisions,
    }


def lists_of(tree: dict[str, dict[str, Any]]) -> list[tuple[str, str, str]]:
    """Every list of claims: (slug, articles|outside, article id)."""
    return [(slug, part, art) for slug, data in tree.items() for part in ("articles", "outside")
            for art in (data.get(part) or {})]


def insert(tree: dict[str, dict[str, Any]], where: list[tuple[tuple[str, str, str], int]]) -> None:
    for n, ((slug, part, art), place) in enumerate(where):
        claims = tree[slug][part][art]["claims"]
        claims.insert(min(place, len(claims)), new_claim(n, [art]))


TREE = {slug: raw(slug) for slug in current().statutes}
LISTS = lists_of(TREE)


# ------------------------------------------------------------------ the ids themselves
def test_every_claim_has_an_id_and_an_id_names_one_statement() -> None:
    seen: dict[str, str] = {}
    for layer in current().today.values():
        for claim in layer.all_claims():
            assert seen.setdefault(claim.id, claim.statement) == claim.statement, claim.id
    assert set(seen) == set(current().claims)


def test_the_site_gives_a_claim_by_id_with_its_box() -> None:
    cited = current().claim("cf-art7-xvi-hora-extra")
    assert (cited.slug, cited.article, cited.outside) == ("lei-4860-1965", "art7", False)
    assert any(s.provision == "art. 7º, XVI" for s in cited.claim.sources)
    outside = current().claim("stf-tema-222-risco-do-avulso")
    assert (outside.article, outside.outside) == ("art14", True)
    with pytest.raises(UnknownClaimError) as caught:
        current().claim("cf-art7-xvi-hora-extr")
    assert "não há afirmação «Hoje» com o id 'cf-art7-xvi-hora-extr'" in str(caught.value)
    assert "cf-art7-xvi-hora-extra" in str(caught.value)  # the nearest ids are named


def test_a_claim_without_id_is_refused(tmp_path: Path) -> None:
    tree = copy.deepcopy(TREE)
    del tree["lei-4860-1965"]["articles"]["art9"]["claims"][0]["id"]
    with pytest.raises(DataError) as caught:
        layers_of({"lei-4860-1965": tree["lei-4860-1965"]}, tmp_path)
    assert caught.value.place == "articles.art9.claims[0]"
    assert "campo obrigatório ausente ('id')" in caught.value.reason


def test_one_id_for_two_statements_in_one_file_is_refused(tmp_path: Path) -> None:
    tree = copy.deepcopy(TREE)
    arts = tree["lei-4860-1965"]["articles"]
    arts["art9"]["claims"][0]["id"] = arts["art8"]["claims"][0]["id"]
    with pytest.raises(DataError) as caught:
        layers_of({"lei-4860-1965": tree["lei-4860-1965"]}, tmp_path)
    assert caught.value.place == "articles.art9.claims[0].id"
    assert f"id {arts['art8']['claims'][0]['id']!r} repetido (já usado em articles.art8.claims[0]" in (
        caught.value.reason)


def test_one_id_in_two_files_is_refused(tmp_path: Path) -> None:
    tree = copy.deepcopy(TREE)
    taken = tree["lei-4860-1965"]["articles"]["art9"]["claims"][0]["id"]
    tree["decreto-17961-1945"]["articles"]["art4"]["claims"][1]["id"] = taken
    with pytest.raises(DataError) as caught:
        layers_of(tree, tmp_path)
    assert caught.value.file.name in {"lei-4860-1965.yaml", "decreto-17961-1945.yaml"}
    assert f"id {taken!r} repetido (já usado em" in caught.value.reason


# ------------------------------------------------------------------ the pages cite by id
def test_no_page_cites_a_claim_by_position_and_every_id_cited_exists() -> None:
    for page in sorted(DOCS.rglob("*.md")):
        render_hoje.check_claim_refs(current(), page, page.read_text(encoding="utf-8"))
    assert len(cited_ids()) >= 20


@pytest.mark.parametrize(("markdown", "line", "reason"), [
    ('Texto.\n\nMais {{ hoje_fonte("cf-art7-xvi-hora-extr") }}.\n', "linha 3",
     "não há afirmação «Hoje» com o id 'cf-art7-xvi-hora-extr' em data/hoje/ (parecidos: cf-art7-xvi-hora-extra"),
    ('{{ hoje_fonte("lei-4860-1965", "art7", 1) }}\n', "linha 1", "cite a afirmação só pelo id, entre aspas"),
    ("x\n{{ hoje_fonte(ident) }}\n", "linha 2", "cite a afirmação só pelo id, entre aspas"),
])
def test_a_page_with_a_bad_reference_is_refused_with_the_line(markdown: str, line: str, reason: str) -> None:
    page = DOCS / "perguntas" / "exemplo.md"
    with pytest.raises(DataError) as caught:
        render_hoje.check_claim_refs(current(), page, markdown)
    assert (caught.value.file, caught.value.place) == (page, line)
    assert reason in caught.value.reason, caught.value.reason


# ------------------------------------------------------------------ a moved claim changes nothing
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(where=st.lists(st.tuples(st.sampled_from(LISTS), st.integers(0, 12)), min_size=1, max_size=6))
def test_an_inserted_claim_changes_no_reference(tmp_path: Path, where: list[tuple[tuple[str, str, str], int]]) -> None:
    before = current()
    tree = copy.deepcopy(TREE)
    insert(tree, where)
    after = layers_of(tree, tmp_path)
    for claim_id in cited_ids():
        assert after.claim(claim_id).claim == before.claim(claim_id).claim, claim_id
        assert render_hoje.answer_ref(after, claim_id) == render_hoje.answer_ref(before, claim_id), claim_id


def answer_pages(site: Path) -> dict[str, str]:
    """The article of every page that cites a claim (``pergunta-fonte``), by address."""
    out = {}
    for page in sorted(site.rglob("index.html")):
        html = page.read_text(encoding="utf-8")
        if 'class="pergunta-fonte"' in html:
            start = html.index('<article class="md-content__inner')
            out[page.relative_to(site).as_posix()] = html[start:html.index("</article>", start)]
    return out


def build_with(data: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-q", "-d", str(out)],
        cwd=ROOT, env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "EP_DATA_DIR": str(data)},
        capture_output=True, text=True, timeout=600)


@pytest.mark.site
def test_inserted_claims_leave_every_answer_page_the_same(tmp_path: Path, site_dir: Path) -> None:
    """A claim at the top of every list of every file: the built answers do not change."""
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    tree = copy.deepcopy(TREE)
    insert(tree, [(where, 0) for where in LISTS])
    for slug, content in tree.items():
        (data / "hoje" / f"{slug}.yaml").write_text(
            yaml.safe_dump(content, allow_unicode=True, sort_keys=False), encoding="utf-8")
    done = build_with(data, tmp_path / "site")
    assert done.returncode == 0, done.stdout + done.stderr
    before, after = answer_pages(site_dir), answer_pages(tmp_path / "site")
    assert len(before) >= 10 and set(before) == set(after)
    for page, html in before.items():
        assert after[page] == html, page
    box = (tmp_path / "site" / "lei-4860-1965" / "index.html").read_text(encoding="utf-8")
    assert "Afirmação de teste número" in box  # the insertion did reach the statute's boxes


@pytest.mark.site
def test_a_reference_to_a_missing_id_stops_the_build_with_page_line_and_reason(tmp_path: Path) -> None:
    """A claim that answers cite is renamed: the build names the page, the line and the id (a claim
    that the calculators also name stops at the code first: tests/test_calculators_today.py)."""
    from calculators.rules import today

    victim = sorted(i for i in cited_ids() if i not in today.CLAIMS.values())[0]
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    layer = next(p for p in sorted((data / "hoje").glob("*.yaml"))
                 if f"id: {victim}\n" in p.read_text(encoding="utf-8"))
    text = layer.read_text(encoding="utf-8")
    layer.write_text(text.replace(f"id: {victim}\n", f"id: {victim}-renomeada\n"), encoding="utf-8")
    done = build_with(data, tmp_path / "site")
    output = done.stdout + done.stderr
    assert done.returncode != 0
    pages = "|".join(re.escape(f"docs/{p}") for p in cited_ids()[victim])
    quoted = re.escape(victim)
    assert re.search(rf"Dados inválidos — ({pages}): em linha \d+: hoje_fonte\(\"{quoted}\"\): "
                     rf"não há afirmação «Hoje» com o id '{quoted}' em data/hoje/ "
                     rf"\(parecidos: {quoted}-renomeada", output), output
    assert "Traceback" not in output


@pytest.mark.site
def test_every_answer_reference_links_to_a_place_that_exists(site_dir: Path) -> None:
    """«como foi conferido» leads to the box (act page) or the row (/hoje/) that holds the claim,
    for every reference of every answer, whatever part of the file the claim is in."""
    link = re.compile(r'<a class="pergunta-conferencia" href="\.\./\.\./([a-z0-9-]+)/#([a-z0-9-]+)"')
    seen = 0
    for page in sorted((site_dir / "perguntas").glob("*/index.html")):
        for target, anchor in link.findall(page.read_text(encoding="utf-8")):
            html = (site_dir / target / "index.html").read_text(encoding="utf-8")
            assert f'id="{anchor}"' in html, (page.parent.name, target, anchor)
            seen += 1
    assert seen >= 60


def test_a_topic_claim_naming_a_provision_the_act_lacks_is_refused(tmp_path: Path) -> None:
    tree = copy.deepcopy(TREE)
    topic = next(iter(tree["lei-4860-1965"]["topics"].values()))
    topic["claims"][0]["provisions"] = ["art99"]
    with pytest.raises(DataError) as caught:
        layers_of({"lei-4860-1965": tree["lei-4860-1965"]}, tmp_path)
    assert caught.value.place.startswith("topics.") and "'art99' não existe" in caught.value.reason
