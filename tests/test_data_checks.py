"""What the data claims is checked (issue 29): each case changes a copy of ``data/`` (or of one of
its files) the way a careless contributor or an attacker would, and the load of the Site, or the
real build, must refuse it with the file, the place and a reason in Portuguese; never a traceback,
never silence, never a half-written site.

- a provision a calculator or a page names, removed from the data (art. 5 of Lei 4.860: its
  source lines, its hash and its «Hoje» box too): «Dados inválidos» and the file that names it;
  and, for the rule, every provision named in code or pages, removed in turn;
- a reading marked ``official: true`` away from the official hosts, or over http; a mirror of an
  official page;
- a control character in any string (a news title, a glossary definition, a key);
- a text past its length limit (a 10,000-character ``short_title``); a huge value cut in the message;
- every refusal in Portuguese, for random breakages of the real files (hypothesis);
- a worked example whose expected value is wrong;
- a «future date» on a machine whose clock is behind the build date;
- a report address that smuggles a recipient; a public address with a quote (refused before any
  page is written); a macro that fails is reported even under ``-q``.
"""

from __future__ import annotations

import copy
import datetime as dt
import functools
import hashlib
import logging
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from macros.build import public_address, report_destination
from macros.data import references
from macros.data import site as data_site
from macros.data.loader import DataError, load_validated

# Words of the schema validator's and the YAML reader's English messages.
ENGLISH = re.compile(r"is not valid|is too (short|long)|should be|is a required|Additional properties|"
                     r"could not|is not of type|does not match|found (character|unexpected|undefined|unknown)|"
                     r"was expected|is not one of|non-empty|Failed validating|while (scanning|parsing)|"
                     r"expected|but got|not allowed|did not find|unacceptable|special characters", re.I)


def english(reason: str) -> bool:
    """Whether ``reason`` has the reader's English words (outside the names and values it quotes)."""
    return ENGLISH.search(re.sub(r"'[^']*'|\"[^\"]*\"|«[^»]*»", "", reason)) is not None


def copy_data(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    return data


def edit_yaml(path: Path, change: Callable[[Any], None]) -> None:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(raw)
    path.write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False, width=10_000), encoding="utf-8")


def refused(data: Path) -> DataError:
    with pytest.raises(DataError) as caught:
        data_site.load(data)
    error = caught.value
    assert not english(error.reason), error.reason
    return error


def build(tmp_path: Path, env: dict[str, str]) -> tuple[subprocess.CompletedProcess[str], Path]:
    out = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-q", "-d", str(out)],
        cwd=ROOT, env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **env}, capture_output=True, text=True, timeout=600,
    )
    return done, out


# ------------------------------------------------------------------ provisions named in code
def remove_article(data: Path, article: str) -> None:
    """``article`` of Lei 4.860 goes: its lines in the source document (and the recorded hash),
    its provisions and its «Hoje» box, as one would remove it carefully."""
    source = data / "sources" / "003_2c4c4b89f34ac3c6.txt"
    lines = source.read_text(encoding="utf-8").splitlines(keepends=True)
    number = int(article.removeprefix("art"))
    start = next(i for i, line in enumerate(lines) if line.startswith(f"Art {number}º"))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("Art "))
    source.write_text("".join(lines[:start] + lines[end:]), encoding="utf-8")

    def statute(raw: Any) -> None:
        raw["source"]["sha256"] = hashlib.sha256(source.read_bytes()).hexdigest()
        raw["body"] = [n for n in raw["body"] if n.get("id") != article]

    def hoje(raw: Any) -> None:
        raw["articles"].pop(article)
        for topic in raw.get("topics", {}).values():  # a claim of today's topics may point at it too
            for claim in topic["claims"]:
                kept = [p for p in claim.get("provisions", []) if p != article and not p.startswith(f"{article}_")]
                if kept:
                    claim["provisions"] = kept
                else:
                    claim.pop("provisions", None)

    edit_yaml(data / "statutes" / "lei-4860-1965.yaml", statute)
    edit_yaml(data / "hoje" / "lei-4860-1965.yaml", hoje)


def test_a_provision_a_calculator_names_cannot_be_removed(tmp_path: Path) -> None:
    data = copy_data(tmp_path)
    remove_article(data, "art5")
    error = refused(data)
    assert error.file == ROOT / "calculators" / "acts" / "lei_4860_1965.py"
    assert "TURNO" in error.place and "linha " in error.place
    assert "'art5_cpt'" in error.reason and "data/statutes/lei-4860-1965.yaml" in error.reason


@pytest.mark.site
def test_the_build_stops_with_dados_invalidos_and_the_file(tmp_path: Path) -> None:
    """``mkdocs build -q`` (what ``scripts/run.sh build`` runs) said nothing and exited 100."""
    data = copy_data(tmp_path)
    remove_article(data, "art5")
    done, out = build(tmp_path, {"EP_DATA_DIR": str(data)})
    output = done.stdout + done.stderr
    assert done.returncode != 0
    assert "Dados inválidos — calculators/acts/lei_4860_1965.py: em linha " in output, output
    assert "'art5_cpt'" in output and "Traceback" not in output
    assert not (out / "index.html").exists()


class WithoutNode:
    """A statute as the check reads it, without one provision."""

    def __init__(self, statute: Any, gone: str) -> None:
        self.path = statute.path
        self.nodes = [n for n in statute.walk() if n.id != gone]

    def walk(self) -> list[Any]:
        return self.nodes


def test_every_provision_named_in_code_is_checked(site: data_site.Site) -> None:
    """The rule, not the example: each provision of this edition the calculators name, removed
    in turn, stops the load naming a file of calculators/ and that provision."""
    named = {(n.statute, n.id) for n in references.named_in_code()}
    assert len(named) > 30 and ("lei-4860-1965", "art5_cpt") in named
    for statute, provision in sorted(named):
        statutes = {**site.statutes, statute: WithoutNode(site.statutes[statute], provision)}
        with pytest.raises(DataError) as caught:
            references.check(statutes, site.today, site.acts)  # type: ignore[arg-type]
        assert caught.value.file.is_relative_to(ROOT / "calculators"), caught.value
        assert repr(provision) in caught.value.reason


def test_every_provision_a_page_names_is_checked(site: data_site.Site, tmp_path: Path) -> None:
    """Each ``dispositivo`` of the pages, removed in turn, stops the load at its page and line;
    an unknown calculator, act or «Hoje» box too."""
    calls = [c for c in references.macro_calls() if c.name == "dispositivo" and all(isinstance(a, str) for a in c.args)]
    assert len(calls) > 10
    for call in calls:
        slug, provision = call.args[:2]
        statutes = {**site.statutes, slug: WithoutNode(site.statutes[slug], provision)}
        with pytest.raises(DataError) as caught:
            references.check_pages(statutes, site.today, site.acts)  # type: ignore[arg-type]
        assert caught.value.file.suffix == ".md" and caught.value.place.startswith("linha "), caught.value
    docs = tmp_path / "docs"
    for text, words in [('{{ calculator("nao_existe") }}', "calculadora 'nao_existe' não existe"),
                        ('{{ ato("lei-inventada") }}', "ato 'lei-inventada' não está no registro"),
                        ('{{ hoje("lei-4860-1965", "art99") }}', "caixa «Hoje» 'art99'"),
                        ('{{ statute_page("outra-lei") }}', "ato 'outra-lei' não está nos dados")]:
        docs.mkdir(exist_ok=True)
        (docs / "pagina.md").write_text(f"# Título\n\nTexto.\n{text}\n", encoding="utf-8")
        with pytest.raises(DataError) as caught:
            references.check_pages(site.statutes, site.today, site.acts, docs)
        assert caught.value.file == docs / "pagina.md" and caught.value.place.startswith("linha 4"), caught.value
        assert words in caught.value.reason, caught.value.reason


# ------------------------------------------------------------------ official readings
def first_reading(raw: Any) -> dict[str, Any]:
    return raw["status"]["check"]["read"][0]


@pytest.mark.parametrize(("url", "official", "words"), [
    ("https://evil.example/planalto", True, "leitura marcada como oficial"),
    ("http://www.planalto.gov.br/ccivil_03/Decreto-Lei/1965-1988/Del0256.htm", True, "leitura marcada como oficial"),
    ("https://www.planalto.gov.br.evil.example/ccivil_03/x.htm", True, "leitura marcada como oficial"),
    ("https://espelho.example/http/www.planalto.gov.br/ccivil_03/LEIS/L0605.htm", False, "repassa uma página oficial"),
], ids=["outro-host", "http", "sufixo-enganoso", "espelho"])
def test_a_reading_called_official_is_at_an_official_address(tmp_path: Path, url: str, official: bool,
                                                               words: str) -> None:
    data = copy_data(tmp_path)
    layer = data / "hoje" / "decreto-17961-1945.yaml"

    def change(raw: Any) -> None:
        first_reading(raw).update(url=url, official=official)

    edit_yaml(layer, change)
    error = refused(data)
    assert error.file == layer and error.place == "status.check.read[0].url", error
    assert words in error.reason


# ------------------------------------------------------------------ strings
@pytest.mark.parametrize(("file", "change", "place"), [
    ("novidades.yaml", lambda raw: raw["novidades"][0].update(title="Nova \x1b[31mversão"), "novidades[0].title"),
    ("novidades.yaml", lambda raw: raw["novidades"][0].update(title="Nova\x00versão"), "novidades[0].title"),
    ("glossario.yaml", lambda raw: raw["terms"][0].update(definition="Um texto\x07 com sino"),
     "terms[0].definition"),
    ("glossario.yaml", lambda raw: raw["terms"][0].update(definition="Um texto\r\ncom CR"), "terms[0].definition"),
    ("glossario.yaml", lambda raw: raw["terms"][0].update(definition="Um texto\x9bcom CSI"), "terms[0].definition"),
], ids=["ESC-no-titulo", "NUL-no-titulo", "BEL-no-glossario", "CR-no-glossario", "CSI-no-glossario"])
def test_control_characters_are_refused_with_file_and_place(tmp_path: Path, file: str, change: Any,
                                                             place: str) -> None:
    data = copy_data(tmp_path)
    edit_yaml(data / file, change)
    error = refused(data)
    assert error.file == data / file and error.place == place, error
    assert "caractere de controle U+" in error.reason


def test_tab_and_newline_stay_allowed(tmp_path: Path) -> None:
    data = copy_data(tmp_path)
    edit_yaml(data / "glossario.yaml", lambda raw: raw["terms"][0].update(definition="Coluna um\tcoluna dois."))
    two_lines = "Uma linha do resumo.\nE uma segunda linha do resumo."
    edit_yaml(data / "novidades.yaml", lambda raw: raw["novidades"][0].update(summary=two_lines))
    data_site.load(data)


def test_a_control_character_in_a_key_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "glossario.yaml"
    path.write_text('terms:\n  - {term: "x", "def\\x1binition": "y"}\n', encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_validated(path, "glossario")
    assert "caractere de controle U+001B" in caught.value.reason and "chave" in caught.value.reason


def test_a_title_past_its_limit_is_refused_and_a_huge_value_is_cut(tmp_path: Path) -> None:
    data = copy_data(tmp_path)
    statute = data / "statutes" / "lei-4860-1965.yaml"
    edit_yaml(statute, lambda raw: raw.update(short_title="Lei " * 2_500))
    error = refused(data)
    assert error.file == statute and error.place == "short_title" and "o limite de 'short_title' é 80" in error.reason
    edit_yaml(statute, lambda raw: raw.update(short_title="x" * 1_900_000))
    error = refused(data)
    assert len(str(error)) < 2_000, len(str(error))
    assert "1.900.000 caracteres" in error.reason


# ------------------------------------------------------------------ every refusal in Portuguese
DATA_FILES = sorted((ROOT / "data").rglob("*.yaml"))
SCHEMA_OF = {"statutes": "statute", "hoje": "hoje", "tables": "tables", "cases": "cases", "atos.yaml": "atos",
             "novidades.yaml": "novidades", "glossario.yaml": "glossario", "fora.yaml": "fora"}


def schema_of(path: Path) -> str:
    relative = path.relative_to(ROOT / "data")
    return SCHEMA_OF.get(relative.parts[0], SCHEMA_OF.get(relative.name, ""))


def places(node: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(node, dict):
        for key, value in node.items():
            out += places(value, (*at, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += places(value, (*at, i))
    return out


WRONG_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30), st.just(""), st.just("   "), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(min_size=1, max_size=8), st.integers(), max_size=2), st.just("x" * 100_000),
)


@functools.cache
def parsed(file: Path) -> Any:
    """A data file as YAML reads it, once per run (each example changes a copy)."""
    return yaml.load(file.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(file=st.sampled_from([p for p in DATA_FILES if schema_of(p)]), pick=st.integers(0, 10**9),
       value=WRONG_VALUES, how=st.sampled_from(["replace", "delete", "add-key"]))
def test_every_refusal_is_in_portuguese(tmp_path_factory: pytest.TempPathFactory, file: Path, pick: int,
                                        value: Any, how: str) -> None:
    raw = copy.deepcopy(parsed(file))
    where = places(raw)[pick % len(places(raw))]
    if not where:
        raw = value
    else:
        parent = raw
        for key in where[:-1]:
            parent = parent[key]
        last = where[-1]
        if how == "delete" and isinstance(parent, dict):
            parent.pop(last)
        elif how == "add-key" and isinstance(parent[last], dict):
            parent[last]["chave_inventada"] = value
        else:
            parent[last] = value
    path = tmp_path_factory.mktemp("um") / file.name
    path.write_text(yaml.dump(raw, Dumper=yaml.CSafeDumper, allow_unicode=True, sort_keys=False), encoding="utf-8")
    try:
        load_validated(path, schema_of(file))
    except DataError as error:
        assert not english(error.reason), error.reason
        assert len(str(error)) < 2_000


@pytest.mark.parametrize("text", [
    "a: !!python/object:os.system ls\n", "a: b: c\n", "a:\n\t- b\n", "a: [1, 2\n", "a: {b: 1\n", 'a: "sem fim\n',
    "a: *nada\n", "- a\nb: 1\n", "a: 1\n---\nb: 2\n", "a: 2024-13-45\n", "? [1, 2]\n: x\n", "a: \x1b\n",
    'a: "\\q"\n', "a:\n  - b\n c: d\n",
], ids=["tag-python", "dois-pontos", "tabulacao", "colchete", "chave", "aspas", "alias", "mistura", "dois-docs",
        "data-inexistente", "chave-lista", "controle-cru", "escape", "recuo"])
def test_yaml_errors_in_portuguese(tmp_path: Path, text: str) -> None:
    path = tmp_path / "glossario.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_validated(path, "glossario")
    assert not english(caught.value.reason), caught.value.reason
    assert caught.value.reason.strip()


# ------------------------------------------------------------------ worked examples
def test_a_wrong_expected_value_stops_the_load(tmp_path: Path) -> None:
    data = copy_data(tmp_path)
    cases = data / "cases" / "refeicao.yaml"
    text = cases.read_text(encoding="utf-8")
    assert text.count('debito_armador: "33.00"') == 1
    cases.write_text(text.replace('debito_armador: "33.00"', 'debito_armador: "34.00"'), encoding="utf-8")
    error = refused(data)
    assert error.file == cases and error.place == "[0].expected.amounts.debito_armador", error
    assert "'34.00'" in error.reason and "'33.00'" in error.reason


def test_a_wrong_provision_order_stops_the_load(tmp_path: Path) -> None:
    data = copy_data(tmp_path)
    cases = data / "cases" / "refeicao.yaml"

    def swap(raw: Any) -> None:
        provisions = raw[0]["expected"]["provisions"]
        provisions[0], provisions[1] = provisions[1], provisions[0]

    edit_yaml(cases, swap)
    error = refused(data)
    assert error.place == "[0].expected.provisions[0]", error


# ------------------------------------------------------------------ the build date
@pytest.mark.skipif(shutil.which("faketime") is None, reason="faketime não instalado")
def test_a_clock_behind_the_build_date_still_builds_the_commit(tmp_path: Path) -> None:
    """A news item dated on the build date (SOURCE_DATE_EPOCH), on a machine whose clock is three
    days behind: not «no futuro». One day after the build date (and the clock) is."""
    data = copy_data(tmp_path)
    now = int(time.time())
    today = dt.datetime.fromtimestamp(now, dt.UTC).date()
    novidades = data / "novidades.yaml"
    edit_yaml(novidades, lambda raw: raw["novidades"][0].update(date=today.isoformat()))
    script = ("import sys; sys.path.insert(0, '.'); from pathlib import Path; from macros.data import site;"
              f"site.load(Path({str(data)!r})); print('ok')")

    def load() -> subprocess.CompletedProcess[str]:
        return subprocess.run(["faketime", "-f", "-3d", sys.executable, "-c", script], cwd=ROOT,
                              env={**os.environ, "SOURCE_DATE_EPOCH": str(now)}, capture_output=True, text=True,
                              timeout=300)

    done = load()
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2_000:]
    edit_yaml(novidades, lambda raw: raw["novidades"][0].update(date=(today + dt.timedelta(days=1)).isoformat()))
    done = load()
    assert done.returncode != 0 and "data no futuro" in done.stderr, done.stderr[-2_000:]


# ------------------------------------------------------------------ addresses
@pytest.mark.parametrize("email", ["a@b.c?cc=x", "a@b.c&bcc=x", "a b@c.d", "a@b", "<a@b.c>", "a@b.c\nbcc:x"])
def test_a_report_address_that_smuggles_a_recipient_is_refused(email: str) -> None:
    with pytest.raises(report_destination.DestinationError) as caught:
        report_destination.destinations({"relatar_erro": {"email": email}})
    assert "não é um endereço de e-mail" in str(caught.value)


def test_plain_report_addresses_are_kept() -> None:
    for email in ("relatos@exemplo.org", "a.b+erros@sub.exemplo.com.br"):
        assert report_destination.destinations({"relatar_erro": {"email": email}}) == {"email": email}


@pytest.mark.parametrize("url", ['https://exemplo.org/a"b/', "https://exemplo.org/a'b/", "https://exemplo.org/a b/",
                                 "https://exemplo.org/<x>/", "javascript:alert(1)//"])
def test_a_public_address_that_is_not_one_is_refused(url: str) -> None:
    with pytest.raises(public_address.AddressError) as caught:
        public_address.check(url, {})
    assert "endereço do site" in str(caught.value)


@pytest.mark.site
def test_a_public_address_with_a_quote_stops_before_any_page(tmp_path: Path) -> None:
    done, out = build(tmp_path, {"EP_SITE_URL": 'https://exemplo.org/a"b/'})
    output = done.stdout + done.stderr
    assert done.returncode != 0
    assert "com o caractere '\"', que não pode estar num endereço" in output, output
    assert "script do Material" not in output and "Traceback" not in output
    assert not out.exists() or not any(out.iterdir()), "a construção deixou uma pasta meio escrita"


# ------------------------------------------------------------------ a failing macro
def test_a_failing_macro_is_reported_as_an_error(caplog: pytest.LogCaptureFixture) -> None:
    from macros.macro_errors import report_errors

    class Env:
        page = None

        def __init__(self) -> None:
            self.macros = {"quebra": lambda: {}["x"], "dados": self.data_error}

        @staticmethod
        def data_error() -> None:
            raise DataError(ROOT / "data" / "x.yaml", "a.b", "razão")

    env = Env()
    report_errors(env)
    with caplog.at_level(logging.ERROR, logger="mkdocs.plugins.estatutos"), pytest.raises(KeyError):
        env.macros["quebra"]()
    assert "Erro ao montar a página" in caplog.text and "KeyError" in caplog.text
    with caplog.at_level(logging.ERROR, logger="mkdocs.plugins.estatutos"), pytest.raises(DataError):
        env.macros["dados"]()
    assert "Dados inválidos — data/x.yaml: em a.b: razão" in caplog.text
