"""A 4th act is its source, its data, its registry entry and its page, plus one nav line; then
the site counts four acts wherever a reader sees the count, and says «três» of them nowhere.

In a temporary copy of the repository (as ``tests/test_new_calculator.py`` does for a calculator)
a toy act is added by writing exactly what CONTRIBUTING.md «Um ato» says:

- ``data/sources/<file>.txt`` — the source document, as received;
- ``data/statutes/<slug>.yaml`` — its text by provision, with the source's SHA-256;
- ``data/hoje/<slug>.yaml`` — what is valid today, one entry per article;
- an entry in ``data/atos.yaml`` — the registry of every act the site cites;
- ``docs/<slug>.md`` — its page, one macro;
- one line in the ``nav`` of ``mkdocs.yml``.

Nothing else is edited (the test compares the copy with the original). The real strict build
then publishes the act's page, card, sources, downloads and search documents, and every page,
feed and data file a reader gets counts four acts: no «três atos», «três normas», «nenhum dos
três»… is left (the count comes from the data: ``macros/render/edition.py``).
"""

from __future__ import annotations

import hashlib
import html
import re
from pathlib import Path

import pytest
from htmlscan import page
from repo_copy import build, changed_files, copy_repository, insert_after

from macros.build.search import read as search_read

pytestmark = pytest.mark.site  # every test here builds the copy with the new act

SLUG = "decreto-99999-1950"
SOURCE_FILE = "099_brinquedo.txt"

SOURCE = """DECRETO Nº 99.999, DE 2 DE JANEIRO DE 1950.

Dispõe sôbre o ato de exemplo dos testes.

Art. 1º O serviço de exemplo será feito em dois turnos.

Art. 2º Êste decreto entrará em vigor na data de sua publicação.

Rio de Janeiro, 2 de janeiro de 1950.

Fulano de Tal
"""

STATUTE = """# Ato de brinquedo (tests/test_new_act.py). Formato: data/README.md.
slug: "{slug}"
title: "Decreto nº 99.999, de 2 de janeiro de 1950"
short_title: "Decreto nº 99.999/1950"

source:
  file: "{file}"
  sha256: "{sha256}"
  description: "Texto do decreto de exemplo, da epígrafe às assinaturas."

identification:
  type: {{value: "Decreto", editorial: false}}
  number: {{value: "99.999", editorial: false}}
  date: {{value: "1950-01-02", editorial: false}}
  epigrafe: {{value: "DECRETO Nº 99.999, DE 2 DE JANEIRO DE 1950.", editorial: false}}
  ementa: {{value: "Dispõe sôbre o ato de exemplo dos testes.", editorial: false}}
  publication:
    value: null
    editorial: true
    note: "A publicação não consta do documento-fonte."
  urn:
    value: "urn:lex:br:federal:decreto:1950-01-02;99999"
    editorial: true
    note: "URN LexML montada pelo padrão."
  signatories:
    - name: "Fulano de Tal"
      role: {{value: "Presidente da República", editorial: true, note: "O cargo não consta do documento-fonte."}}

status:
  code: "historico"
  label: "Histórico"
  explanation: "Ato de exemplo, só para os testes."
  scope: "Texto integral do ato de exemplo."
  editorial: true

currency: "cruzeiro"
summary: "Um ato de exemplo com dois artigos, para provar que um ato novo entra no site só pelos dados."
editorial_choices:
  - "O texto é reproduzido como no documento-fonte."

body:
  - {{id: "epigrafe", type: "epigrafe", text: "DECRETO Nº 99.999, DE 2 DE JANEIRO DE 1950."}}
  - {{id: "ementa", type: "ementa", text: "Dispõe sôbre o ato de exemplo dos testes."}}
  - id: "art1"
    type: "artigo"
    label: "Art. 1º"
    children:
      - {{id: "art1_cpt", type: "caput", text: "O serviço de exemplo será feito em dois turnos."}}
  - id: "art2"
    type: "artigo"
    label: "Art. 2º"
    children:
      - {{id: "art2_cpt", type: "caput", text: "Êste decreto entrará em vigor na data de sua publicação."}}
  - id: "fecho"
    type: "fecho"
    text: "Rio de Janeiro, 2 de janeiro de 1950."
    signatures: ["Fulano de Tal"]
"""

# Nothing was read: a toy act (the schema's «nao_conferido», with the note the page shows).
CHECK = """check:
{indent}result: nao_conferido
{indent}date: "2026-12-01"
{indent}by: edicao
{indent}read: []
{indent}note: Ato de exemplo dos testes; nada foi lido."""

TODAY = """# Camada «Hoje» do ato de brinquedo (tests/test_new_act.py).
statute: {slug}
summary: "Só história, um ato de exemplo dos testes."
status:
  sources:
    - {{act: {slug}, provision: "art. 1º"}}
  """ + CHECK.format(indent="    ") + """
articles:
""" + "".join(
    f"""  {article}:
    applies: historico
    who: Ninguém hoje (ato de exemplo).
    claims:
      - id: exemplo-{{slug}}-{article}
        kind: situacao
        statement: Este artigo de exemplo não se aplica a ninguém hoje.
        sources:
          - {{{{act: {{slug}}, provision: "{label}"}}}}
        {CHECK.format(indent=" " * 10)}
        provisions: [{article}]
""" for article, label in (("art1", "art. 1º"), ("art2", "art. 2º")))

REGISTRY_AFTER = "\natos:\n"  # the first of the acts
REGISTRY_ENTRY = f"""  - id: {SLUG}
    kind: decreto
    page: {SLUG}/
    subject: Um ato de exemplo dos testes, com dois artigos.
    url: "https://www.planalto.gov.br/ccivil_03/decreto/1950-1969/D99999.htm"
    checked:
      date: "2026-12-01"
      url_not_opened: true
      note: Ato de exemplo dos testes; o endereço não foi aberto.
"""

PAGE = f"""---
title: Decreto nº 99.999, de 2 de janeiro de 1950
---

{{{{ statute_page("{SLUG}") }}}}
"""

NAV_AFTER = "      - Lei nº 4.860/1965 (regime de trabalho): lei-4860-1965.md\n"
NAV_LINE = f"      - Decreto nº 99.999/1950 (exemplo): {SLUG}.md\n"

# «três» that counts the acts: before a word for acts, or after «nenhum dos», «destes»…
ACT_WORDS = r"(?:atos?|normas?|leis?|decretos?|documentos?(?:-fonte)?|textos?|diplomas?)"
COUNT_OF_THREE = re.compile(
    rf"\btr[eê]s\s+{ACT_WORDS}\b"
    r"|\b(?:nenhum|cada um|qualquer um) d(?:os|estes|esses) tr[eê]s\b"
    r"|\b(?:n?estes|n?esses|d?estes|d?esses|os|dos|nos) tr[eê]s\b(?=\s*[,.;:)»])",
    re.I,
)
# In figures, lower case only: a table cell «3» before a heading «Lei nº …» is no count.
COUNT_OF_3 = re.compile(rf"\b3\s+{ACT_WORDS}\b")


def three_counts(text: str) -> list[str]:
    """Every place ``text`` counts the acts as three, with a little context."""
    matches = [*COUNT_OF_THREE.finditer(text), *COUNT_OF_3.finditer(text)]
    return [text[max(0, m.start() - 40):m.end() + 20] for m in matches]


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the repository with the toy act added (and nothing else edited)."""
    copy = copy_repository(tmp_path_factory.mktemp("repositorio"))
    source = copy / "data" / "sources" / SOURCE_FILE
    source.write_text(SOURCE, encoding="utf-8")
    sha256 = hashlib.sha256(source.read_bytes()).hexdigest()
    (copy / "data" / "statutes" / f"{SLUG}.yaml").write_text(
        STATUTE.format(slug=SLUG, file=SOURCE_FILE, sha256=sha256), encoding="utf-8")
    (copy / "data" / "hoje" / f"{SLUG}.yaml").write_text(TODAY.format(slug=SLUG), encoding="utf-8")
    insert_after(copy / "data" / "atos.yaml", REGISTRY_AFTER, REGISTRY_ENTRY)
    (copy / "docs" / f"{SLUG}.md").write_text(PAGE, encoding="utf-8")
    insert_after(copy / "mkdocs.yml", NAV_AFTER, NAV_LINE)
    return copy


@pytest.fixture(scope="module")
def built(repo: Path) -> Path:
    return build(repo)


def test_only_the_recipe_files_differ(repo: Path) -> None:
    assert changed_files(repo) == {
        f"data/sources/{SOURCE_FILE}", f"data/statutes/{SLUG}.yaml", f"data/hoje/{SLUG}.yaml", "data/atos.yaml",
        f"docs/{SLUG}.md", "mkdocs.yml",
    }


def test_its_page_card_sources_and_downloads_come_from_the_data(built: Path) -> None:
    text = page(built, f"/{SLUG}/").read_text(encoding="utf-8")
    assert 'id="art1_cpt"' in text and "O serviço de exemplo será feito em dois turnos." in text
    assert 'id="hoje-art1"' in text, "a caixa «Hoje» do artigo"
    home = page(built, "/").read_text(encoding="utf-8")
    assert f'href="{SLUG}/"' in home, "o cartão do ato na página inicial"
    about = page(built, "/sobre/").read_text(encoding="utf-8")
    assert f"fontes/{SOURCE_FILE}" in about, "o documento-fonte na lista de «Sobre»"
    assert (built / "fontes" / SOURCE_FILE).read_text(encoding="utf-8") == SOURCE
    assert f'href="../{SLUG}/"' in page(built, "/atos/").read_text(encoding="utf-8"), "o ato na lista de /atos/"
    for download in (f"dados/akn/{SLUG}.xml", f"dados/citacoes/{SLUG}.json", f"dados/citacoes/{SLUG}.ris"):
        assert (built / download).is_file(), download
    assert any(doc["location"] == f"{SLUG}/#art1_cpt" for doc in search_read.documents(built))
    assert f"/{SLUG}/</loc>" in (built / "sitemap.xml").read_text(encoding="utf-8")


def test_the_count_is_four_wherever_a_reader_sees_it(built: Path) -> None:
    assert "quatro normas" in page(built, "/").read_text(encoding="utf-8")
    assert "quatro documentos-fonte" in page(built, "/sobre/").read_text(encoding="utf-8")
    assert "quatro atos" in page(built, "/atos/").read_text(encoding="utf-8")
    # The search says «não está nestes quatro atos» with the acts of its index (search/meta.json;
    # docs/assets/js/search/present.mjs counts and names them).
    acts = search_read.meta(built)["acts"]
    assert len(acts) == 4, "a busca conta os atos pelos dados"
    assert any(a["title"] == "Decreto nº 99.999/1950" for a in acts), [a["title"] for a in acts]


def _reader_files(built: Path) -> list[Path]:
    """What a reader gets as text: every page, the feed, the sitemap and the data files (the
    scripts are left out: their comments are for developers, and their messages take the count
    from the page, which the test above reads)."""
    return sorted(p for p in built.rglob("*")
                  if p.is_file() and p.suffix in {".html", ".xml", ".json", ".csv", ".txt", ".bib", ".ris"}
                  and "pyodide" not in p.parts and p.parent.name != "fontes")


def test_no_three_left_anywhere_a_reader_sees(built: Path) -> None:
    found = []
    for path in _reader_files(built):
        body = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".html":
            body = html.unescape(re.sub(r"<[^>]+>", " ", body)) + " " + " ".join(
                html.unescape(v) for v in re.findall(r'(?:content|title|aria-label|alt)="([^"]*)"', body))
        body = re.sub(r"\s+", " ", body)
        found += [f"{path.relative_to(built)}: …{hit}…" for hit in three_counts(body)]
    assert not found, "o site ainda conta três atos:\n" + "\n".join(found)


def test_the_check_finds_a_count_of_three() -> None:
    stale = ("Edição de referência de três normas do trabalho", "Nenhum dos três atos desta edição tem «x».",
             "não é assunto destes três atos.", "os três documentos-fonte", "Estes 3 atos não tratam",
             "nenhum dos três.", "Três atos desta edição")
    for text in stale:
        assert three_counts(text), text
    fine = ("As tabelas numéricas anexas são três: Ordinária", "três horas de descanso", "os três turnos",
            "três funções do lunr", "os três arquivos inteiros", "quatro normas",
            "«Hoje» da Lei nº 4.860/1965: três afirmações corrigidas Lei nº 9.719", "afirmação 3 Lei nº 8.630",
            "prorrogação no período: 3 Pela Lei nº 4.860/1965")
    for text in fine:
        assert not three_counts(text), text
