"""Broken data never publishes and never ends in a traceback.

Each fixture of ``tests/fixtures/broken/`` replaces one file of a copy of ``data/`` and the real
build (``mkdocs build --strict``, with ``EP_DATA_DIR`` pointing at the copy) must stop with the
file, the place and the reason, before writing any page and under a memory cap. The oversized file (50 MB)
is written by the test instead of being kept in the repository.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

from macros.data.loader import MAX_DATA_BYTES, DataError, read_yaml

FIXTURES = Path(__file__).parent / "fixtures" / "broken"
# A build that expanded a YAML bomb or read a huge file into memory would pass this cap and fail
# with MemoryError (a traceback, not our message); a normal build stays well under it.
MEMORY_CAP = 1_500_000_000

CASES = [
    # (fixture, file it replaces in data/, place, words of the reason)
    ("utf8-invalido.yaml", "statutes/lei-4860-1965.yaml", "linha 3, coluna 73",
     "não está em UTF-8 (byte inválido 0xe1)"),
    ("bomba-de-aliases.yaml", "statutes/lei-4860-1965.yaml", "linha 8, coluna 4",
     "com os aliases (*nome) expandidos o arquivo passa de 200.000 valores"),
    ("chave-repetida.yaml", "statutes/lei-4860-1965.yaml", "linha 25, coluna 5",
     "chave 'label' repetida neste mapeamento (já aparece na linha 24)"),
    ("fonte-inexistente.yaml", "statutes/lei-4860-1965.yaml", "source.file",
     "documento-fonte '003_nome_errado.txt' não existe em data/sources/"),
    ("tabela-id-repetido.yaml", "tables/suplementar-mensalistas.yaml", "commission.id",
     "id 'ordinaria-comissao' repetido (já usado em ordinaria-mensalistas.yaml, commission.id)"),
    ("caso-entrada-desconhecida.yaml", "cases/refeicao.yaml", "[1].inputs.minutos_de_refeicao",
     "entrada 'minutos_de_refeicao' não declarada pela calculadora 'refeicao'"),
    ("tabela-sem-nota.yaml", "tables/diaristas.yaml",
     "Diaristas, situação proposta, total da coluna despesa anual (linha 417 do documento-fonte)",
     "a conta não confere e nenhuma nota 'total_mismatch' a explica"),
    ("(gerado: 50 MB)", "tables/escala-padrao.yaml", "(arquivo)",
     "arquivo grande demais (50.0 MB; o limite dos arquivos de dados é 2 MB)"),
]


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def broken_copy(tmp_path: Path, fixture: str, target: str) -> Path:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    if fixture.startswith("(gerado"):
        with (data / target).open("w", encoding="utf-8") as out:
            line = "# " + "x" * 998 + "\n"
            for _ in range(50_000):
                out.write(line)
    else:
        shutil.copyfile(FIXTURES / fixture, data / target)
    return data


@pytest.mark.site
@pytest.mark.parametrize(("fixture", "target", "place", "reason"), CASES, ids=[c[0] for c in CASES])
def test_broken_data_stops_the_build(tmp_path: Path, fixture: str, target: str, place: str, reason: str) -> None:
    data = broken_copy(tmp_path, fixture, target)
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-q", "-d", str(tmp_path / "site")],
        cwd=ROOT, env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "EP_DATA_DIR": str(data)},
        capture_output=True, text=True, timeout=300, preexec_fn=_cap_memory,
    )
    output = done.stdout + done.stderr
    assert done.returncode != 0, "a construção publicou dados quebrados"
    assert f"Dados inválidos — {data / target}: em {place}: " in output, output
    assert reason in output, output
    assert "Traceback" not in output and "MemoryError" not in output
    # Stops in on_config, before any page is written. How long that takes is not asserted (speed is
    # for benchmarks): the memory cap above catches a file read whole, tests/test_site_load.py
    # counts the parses and schema checks, and the timeout only ends a hung build.
    assert not (tmp_path / "site" / "index.html").exists()


@pytest.mark.parametrize(("fixture", "target", "place", "reason"), CASES[:3], ids=[c[0] for c in CASES[:3]])
def test_reader_names_file_place_and_reason(fixture: str, target: str, place: str, reason: str) -> None:
    """The file-level checks without a build (fast): the YAML reader alone."""
    with pytest.raises(DataError) as caught:
        read_yaml(FIXTURES / fixture)
    assert caught.value.place == place
    assert reason in caught.value.reason


def test_size_limit_is_checked_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "grande.yaml"
    with big.open("wb") as out:
        out.truncate(MAX_DATA_BYTES + 1)  # sparse: no 2 MB written, and nothing is read
    with pytest.raises(DataError) as caught:
        read_yaml(big)
    assert "grande demais" in caught.value.reason


def test_ordinary_aliases_load_and_recursive_ones_are_refused(tmp_path: Path) -> None:
    shared = tmp_path / "compartilhado.yaml"
    shared.write_text("a: &x {k: [1, 2]}\nb: *x\nc: [*x, *x]\n", encoding="utf-8")
    assert read_yaml(shared) == {"a": {"k": [1, 2]}, "b": {"k": [1, 2]}, "c": [{"k": [1, 2]}] * 2}
    loop = tmp_path / "laco.yaml"
    loop.write_text("a: &a [1, *a]\n", encoding="utf-8")
    with pytest.raises(DataError) as caught:
        read_yaml(loop)
    assert "alias YAML recursivo" in caught.value.reason


def test_anchors_without_aliases_and_distinct_keys_still_load(tmp_path: Path) -> None:
    good = tmp_path / "bom.yaml"
    good.write_text("a: &x 1\nb: {c: 1, d: 2}\nlista: [1, 1]\n", encoding="utf-8")
    assert read_yaml(good) == {"a": 1, "b": {"c": 1, "d": 2}, "lista": [1, 1]}
