"""The calculator pages of the built site, without a browser.

- every case of ``data/cases/<name>.yaml`` is a worked example on its page, with its expected
  amounts in the currency's format (and its refused fields for the error cases);
- every provision linked from a calculator page exists as an anchor of the statute page;
- the form declares every input of ``api.describe``;
- the calculators archive holds the package (no ``__pycache__``) and, unzipped into a temporary
  folder, imports in a fresh CPython and runs a case;
- the decree's tables published for the browser are read by ``salarios_1945``.
"""

from __future__ import annotations

import html as html_lib
import json
import re
import subprocess
import sys
import zipfile
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from htmlscan import ids, page, tags
from markupsafe import escape

from calculators import api
from calculators.core.money import Currency, format_money
from calculators.rules.salarios_1945.tables import read_tables
from macros.data.cases import calculator_cases, load_cases

LINK = re.compile(r'href="\.\./\.\./([a-z0-9-]+)/#([A-Za-z0-9_]+)"')


def _cases() -> list[Any]:
    return [pytest.param(name, case, id=f"{name}:{case['name']}")
            for name, cases in load_cases().items() for case in cases]


def _html(site: Path, name: str) -> str:
    return page(site, f"/calculadoras/{name}/").read_text(encoding="utf-8")


def _example(html: str, ident: str) -> str:
    start = html.find(f'data-exemplo="{ident}"')
    assert start >= 0, f"exemplo {ident} ausente"
    end = html.find("data-exemplo=", start + 1)
    return html[start : end if end > 0 else len(html)]


def expected_formatted(name: str, value: str, case: dict[str, Any] | None = None) -> str:
    """The amount in the currency of the case's result (horas_extras: the era chosen)."""
    code = api.describe(name)["currency"]["code"]  # type: ignore[index]
    if case is not None:
        result = api.run(name, case["inputs"], data=case.get("data"))
        code = result.get("currency", {}).get("code", code)  # type: ignore[union-attr]
    return format_money(Decimal(value), Currency(code))


@pytest.mark.parametrize(("name", "case"), _cases())
def test_every_case_is_a_worked_example(site_dir: Path, name: str, case: dict[str, Any]) -> None:
    block = _example(_html(site_dir, name), f"exemplo-{case['name']}")
    assert str(escape(case["title"])) in _html(site_dir, name)
    expected = case["expected"]
    if expected.get("ok", True) is False:
        for field in expected["errors"]:
            assert f'data-campo-erro="{escape(field)}"' in block, field
        return
    for key, value in expected.get("amounts", {}).items():
        shown = str(escape(expected_formatted(name, value, case)))
        row = re.search(rf'<tr data-valor="{re.escape(key)}">.*?</tr>', block)
        assert row, f"{key} ausente do exemplo"
        assert f'<td class="calc-quantia">{shown}</td>' in row.group(0), (key, shown, row.group(0))
    for text in expected.get("formatted", {}).values():
        assert str(escape(text)) in block
    for key in expected.get("absent", []):
        assert f'data-valor="{key}"' not in block
    for key in expected.get("quantities", {}):
        assert f'data-quantidade="{key}"' in block
    refs = list(dict.fromkeys(re.findall(r'data-ref="([^"]+)"', block)))
    assert refs == expected["provisions"]


@pytest.mark.parametrize("name", api.names())
def test_form_declares_every_input(site_dir: Path, name: str) -> None:
    found = tags(page(site_dir, f"/calculadoras/{name}/"))
    fields = {a.get("data-field") for _, a in found if a.get("data-field")}
    for field in api.describe(name)["inputs"]:  # type: ignore[union-attr]
        assert field["name"] in fields
        for sub in field.get("item_fields", []):
            assert sub["name"] in fields
    forms = [a for t, a in found if t == "form" and a.get("data-calc") == name]
    assert len(forms) == 1


@pytest.mark.parametrize("name", api.names())
def test_provision_links_exist(site_dir: Path, name: str) -> None:
    html = _html(site_dir, name)
    links = set(LINK.findall(html))
    provisions = api.describe(name)["provisions"]  # type: ignore[index]
    declared = {(p["statute"], p["id"]) for p in provisions if not p.get("external")}  # type: ignore[union-attr]
    assert declared <= links, "cada dispositivo declarado é citado na página"
    # the rules of today: linked to their official publication, with the date verified
    for provision in provisions:  # type: ignore[union-attr]
        if provision.get("external"):
            # an official address where one is known; else the copy read is named (issue 18)
            if provision["url"]:
                assert provision["url"].startswith(("https://www.planalto.gov.br/ccivil_03/", "https://www3.tst.jus.br/"))
                assert f'href="{provision["url"]}"' in html
            else:
                assert provision["checked"] and "cópia" in provision["checked"]
            day = "/".join(reversed(provision["verified"].split("-")))
            # how it was checked, as it was: the official page, or the copy read (issue 18)
            how = (f"conferido em {day} {provision['checked']}" if provision.get("checked")
                   else f"registrado em {day}, sem abrir a página oficial")
            assert f"({html_lib.escape(how, quote=False)})" in html or f"({how})" in html
    anchors: dict[str, set[str]] = {}
    for slug, node_id in links:
        if slug not in anchors:
            anchors[slug] = ids(page(site_dir, f"/{slug}/"))
        assert node_id in anchors[slug], f"{slug}#{node_id} não existe"


def test_page_notes(site_dir: Path) -> None:
    text = _html(site_dir, "horas_extras")
    for fragment in ("<strong>240</strong>", "<strong>220</strong>", "CLT, art. 64", "× 30 ÷ 6", "art. 14",
                     "leitura editorial", "não mostra mínimo de hoje"):
        assert fragment in text
    text = _html(site_dir, "paralisacoes")
    assert "turno de 4 horas" in text and "interpretação" in text


def test_index_links_every_calculator(site_dir: Path) -> None:
    html = page(site_dir, "/calculadoras/").read_text(encoding="utf-8")
    for name in api.names():
        assert f'href="{name}/"' in html


def test_archive_imports_cleanly(site_dir: Path, tmp_path: Path) -> None:
    archive = site_dir / "assets" / "calculadoras.zip"
    with zipfile.ZipFile(archive) as zipped:
        names = zipped.namelist()
        assert "calculators/__init__.py" in names and "calculators/api.py" in names
        assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
        expected = {p.relative_to(Path(api.__file__).parent.parent).as_posix()
                    for p in Path(api.__file__).parent.rglob("*.py") if "__pycache__" not in p.parts}
        assert set(names) == expected
        zipped.extractall(tmp_path)
    probe = (
        "import json, sys\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "from calculators import api\n"
        "assert api.__file__.startswith(sys.argv[1]), api.__file__\n"
        "r = api.run('horas_extras', {'era': '1965', 'salario_mensal': '1.200,00', 'prorrogacoes': [{'horas': '3'}]})\n"
        "print(json.dumps(r['amounts']['total']))\n"
    )
    done = subprocess.run([sys.executable, "-I", "-c", probe, str(tmp_path)], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["formatted"] == "Cr$ 20"  # whole cruzeiros (Lei nº 4.511/1964)


def test_published_tables(site_dir: Path) -> None:
    """The browser's tables are the published document (/dados/tabelas-1945.json), compact."""
    raw = (site_dir / "assets" / "calculadoras-dados.json").read_text(encoding="utf-8")
    data = json.loads(raw)
    assert data.pop("versao")  # the build id (macros/data/build_id.py): the page computes with its own build's
    assert data == json.loads((site_dir / "dados" / "tabelas-1945.json").read_text(encoding="utf-8"))
    assert "\n" not in raw
    tables = read_tables(data)
    assert len(tables.scale) == 54
    result = api.run("salarios_1945", {"consulta": "referencia", "referencia": 17}, data=data)
    assert result["ok"] is True
    assert result["amounts"]["salario_mensal"]["formatted"] == "Cr$ 900,00"
    placed = api.run("salarios_1945", {"consulta": "enquadramento", "funcao_atual": "Conferente Auxiliar",
                                       "salario_atual": "500,00"}, data=data)
    assert placed["ok"] is True, placed
    assert placed["details"]["enquadramento"]["serie"] == "Escriturário"


def test_a_line_with_several_functions_is_one_line(site_dir: Path) -> None:
    """Série lines that print several current functions: every function counts, the line's
    identity (proposta = atual − excedentes + vagas) is checked once per line."""
    from macros.data.site import current

    data = current().decree_tables
    lines = [line for line in read_tables(data).lines if line.serie == "Escriturário"]
    assert any(len(line.current) > 1 for line in lines)
    result = api.run("salarios_1945", {"consulta": "serie", "serie": "Escriturário"}, data=data)
    assert result["ok"] is True
    assert not [w for w in result["warnings"] if w.startswith("Linha")], result["warnings"]
    total = sum(post.count for line in lines for post in line.current)
    assert total == int(result["quantities"]["funcoes_atuais"]["value"])


def _jornada_cases_with_breaches() -> list[Any]:
    cases = calculator_cases("jornada")
    out = []
    for case in cases:
        result = api.run("jornada", case["inputs"])
        breaches = result["findings"]["items"] if result.get("ok") else None  # type: ignore[index]
        if breaches:
            out.append(pytest.param(case, breaches, id=case["name"]))
    return out


@pytest.mark.parametrize(("case", "breaches"), _jornada_cases_with_breaches())
def test_jornada_findings_name_their_provision(site_dir: Path, case: dict[str, Any], breaches: list[Any]) -> None:
    """Every finding of a worked jornada example is listed with a link to its provision."""
    block = _example(_html(site_dir, "jornada"), f"exemplo-{case['name']}")
    found = block[block.index("Verificação da jornada"):]
    for breach in breaches:
        provision = breach["provision"]
        at = found.index(str(escape(breach["message"])))
        item = found[found.rindex("<li", 0, at) : at]
        assert f'href="../../{provision["statute"]}/#{provision["id"]}"' in item, breach
