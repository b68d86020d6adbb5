"""Wrong data stops the build (issue 19): data that parses and fits its schema, but says
something false of its source document or of another file. Each case changes one line of a copy
of ``data/`` (the fixture) and runs the real build (``mkdocs build --strict`` with
``EP_DATA_DIR``), which must stop with the file, the place and the reason, never a traceback.

- a printed ``21,00`` whose value says ``20.00`` (the table would show one, the chart and the
  downloads the other);
- a ``line`` past the end of the source document;
- a citation to a provision of another act that does not exist (``lei-4860-1965/#art99``);
- a blank ``short_title``;
- an article removed together with its «Hoje» box while other files still name it;
- a provision whose text no longer matches its source document (a word "corrected" by hand);
- a source document changed (its bytes no longer have the SHA-256 recorded in the statute).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from conftest import ROOT

from macros.data import site as data_site
from macros.data.loader import DataError


def _sub(file: str, pattern: str, new: str) -> Callable[[Path], None]:
    def change(data: Path) -> None:
        path = data / file
        text, count = re.subn(pattern, new, path.read_text(encoding="utf-8"), count=1, flags=re.M)
        assert count == 1, f"{file}: {pattern!r} não encontrado"
        path.write_text(text, encoding="utf-8")
    return change


def _change_source(data: Path) -> None:
    """One word of the 1965 law's source document re-typed (a modern spelling): its hash changes."""
    path = data / "sources" / "003_2c4c4b89f34ac3c6.txt"
    text = path.read_text(encoding="utf-8")
    assert text.count("Administração do Pôrto, cabendo-lhe") == 1
    path.write_text(text.replace("Administração do Pôrto, cabendo-lhe", "Administração do Porto, cabendo-lhe"),
                    encoding="utf-8")


def _remove_article(data: Path) -> None:
    """``art7`` of the 1965 law and its «Hoje» box go; the answers and the news still name it.

    Its lines go from the copy of the source document too (and the statute records the new file's
    hash): the text and its source agree, so the build must stop on the names left behind."""
    source = data / "sources" / "003_2c4c4b89f34ac3c6.txt"
    lines = source.read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[18].startswith("Art 7º") and lines[33].startswith("Art 8º")
    source.write_text("".join(lines[:18] + lines[33:]), encoding="utf-8")
    statute = data / "statutes" / "lei-4860-1965.yaml"
    raw = yaml.safe_load(statute.read_text(encoding="utf-8"))
    raw["source"]["sha256"] = hashlib.sha256(source.read_bytes()).hexdigest()
    raw["body"] = [n for n in raw["body"] if n.get("id") != "art7"]
    statute.write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    layer = data / "hoje" / "lei-4860-1965.yaml"
    today = yaml.safe_load(layer.read_text(encoding="utf-8"))
    today["articles"].pop("art7")
    layer.write_text(yaml.safe_dump(today, allow_unicode=True, sort_keys=False), encoding="utf-8")


CASES = [
    # (id, change, file named, place, words of the reason)
    ("impresso-difere-do-valor",
     _sub("tables/escala-padrao.yaml", r"salary: \{printed: '100,00', value: '100.00'",
          "salary: {printed: '121,00', value: '120.00'"),
     "tables/escala-padrao.yaml", "rows[0].salary.value", "o impresso '121,00' não confere com o valor 120.00"),
    ("linha-alem-do-fim",
     _sub("tables/escala-padrao.yaml", r"reference: \{printed: '1', value: 1, line: 420\}",
          "reference: {printed: '1', value: 1, line: 9420}"),
     "tables/escala-padrao.yaml", "rows[0].reference.line", "linha 9420 fora do documento-fonte"),
    ("remissao-a-dispositivo-inexistente",
     _sub("statutes/decreto-17961-1945.yaml", r'^(\s+)target: "#art1"$', r'\1target: "lei-4860-1965/#art99"'),
     "statutes/decreto-17961-1945.yaml", ".target", "lei-4860-1965 não tem o dispositivo 'art99'"),
    ("titulo-curto-em-branco",
     _sub("statutes/lei-4860-1965.yaml", r'^short_title: .*$', 'short_title: "   "'),
     "statutes/lei-4860-1965.yaml", "short_title", ""),
    ("texto-difere-do-documento-fonte",
     _sub("statutes/lei-4860-1965.yaml", r'representada pela Administração do Pôrto, cabendo-lhe',
          'representada pela Administração do Porto, cabendo-lhe'),
     "statutes/lei-4860-1965.yaml", "body[0].children[0].text",
     "o texto não confere com o documento-fonte 003_2c4c4b89f34ac3c6.txt, linha 2"),
    ("documento-fonte-mudou", _change_source,
     "statutes/lei-4860-1965.yaml", "source.sha256", "o documento-fonte 003_2c4c4b89f34ac3c6.txt mudou"),
    ("artigo-removido-com-a-caixa-hoje", _remove_article, "", "", "art7"),
]


def _copy(tmp_path: Path, change: Callable[[Path], None]) -> Path:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    change(data)
    return data


@pytest.mark.site
@pytest.mark.parametrize(("change", "file", "place", "reason"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_wrong_data_stops_the_build(tmp_path: Path, change: Callable[[Path], None], file: str, place: str,
                                    reason: str) -> None:
    data = _copy(tmp_path, change)
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-q", "-d", str(tmp_path / "site")],
        cwd=ROOT, env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "EP_DATA_DIR": str(data)},
        capture_output=True, text=True, timeout=600,
    )
    output = done.stdout + done.stderr
    assert done.returncode != 0, "a construção publicou dados errados"
    assert "Traceback" not in output, output
    assert "Dados inválidos — " in output, output
    if file:
        assert f"Dados inválidos — {data / file}: em " in output, output
    assert place in output and reason in output, output
    assert not (tmp_path / "site" / "index.html").exists()


@pytest.mark.parametrize(("change", "file", "place", "reason"), [c[1:] for c in CASES if c[2]],
                         ids=[c[0] for c in CASES if c[2]])
def test_loader_names_file_place_and_reason(tmp_path: Path, change: Callable[[Path], None], file: str, place: str,
                                            reason: str) -> None:
    """The same checks without a build: loading the changed copy raises :class:`DataError`."""
    data = _copy(tmp_path, change)
    with pytest.raises(DataError) as caught:
        data_site.load(data)
    assert caught.value.file == data / file
    assert place in caught.value.place and reason in caught.value.reason


@pytest.mark.parametrize(("old", "new", "place", "reason"), [
    # a word added at the end of the last provision (nothing in the source after it)
    (r'(id: "art11_par1u"\n(?:\s+.*\n){2}\s+text: ".*?)"$', r'\1 Revogam-se as disposições em contrário."',
     "body[10].children[1].text", "texto a mais, que não está nas linhas transcritas"),
    # the last provision's text cut short: the source goes on
    (r'(id: "art11_par1u"\n(?:\s+.*\n){2}\s+text: ")(\S+ \S+ \S+).*"$', r'\1\2"',
     "body[10].children[1].text", "falta texto do documento-fonte 003_2c4c4b89f34ac3c6.txt a partir da linha"),
], ids=["texto-a-mais", "texto-a-menos"])
def test_loader_refuses_text_longer_or_shorter_than_the_source(tmp_path: Path, old: str, new: str, place: str,
                                                               reason: str) -> None:
    data = _copy(tmp_path, _sub("statutes/lei-4860-1965.yaml", old, new))
    with pytest.raises(DataError) as caught:
        data_site.load(data)
    assert caught.value.file == data / "statutes" / "lei-4860-1965.yaml"
    assert caught.value.place == place and reason in caught.value.reason, caught.value
