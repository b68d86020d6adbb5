"""scripts/check_official_links.py, offline: the official hosts are pointed at a local server
(127.0.0.1 only) that serves fixture pages; a closed local port stands for «no network»."""

from __future__ import annotations

import ast
import functools
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from conftest import ROOT

sys.path.insert(0, str(ROOT / "scripts"))
import check_official_links as links

ATOS = """\
atos:
  - {id: cf-1988, short: "Constituição Federal de 1988", url: "https://www.planalto.gov.br/ccivil_03/constituicao/constituicao.htm"}
  - {id: lei-605-1949, short: "Lei nº 605/1949", url: "https://www.planalto.gov.br/ccivil_03/leis/l0605.htm"}
  - {id: lei-revogada, short: "Lei revogada", url: "https://www.planalto.gov.br/ccivil_03/leis/sumiu.htm"}
  - {id: sem-endereco, short: "Ato sem endereço", url: null}
precedentes:
  - {id: tst-oj-60-sbdi1, short: "TST, SBDI-1, Orientação Jurisprudencial nº 60", url: "https://www3.tst.jus.br/jurisprudencia/OJ_SDI_1/n_s1_041.htm#TEMA60"}
  - {id: tst-oj-99-sbdi1, short: "TST, SBDI-1, Orientação Jurisprudencial nº 99", url: "https://www3.tst.jus.br/jurisprudencia/OJ_SDI_1/n_s1_041.htm#TEMA99"}
"""
HOJE = """\
statute: exemplo
articles:
  art1:
    claims:
      - statement: "uma frase"
        sources:
          - {act: cf-1988, provision: "art. 7º, XIII e XVI"}
          - {act: lei-605-1949, provision: "art. 9º"}
          - {act: lei-revogada, provision: "art. 75"}
          - {act: tst-oj-60-sbdi1, provision: "item I"}
          - {act: tst-oj-99-sbdi1}
          - {act: sem-endereco, provision: "art. 1º", url_note: "sem endereço oficial"}
"""
DOC = "Veja a [Lei nº 605/1949, art. 9º](https://www.planalto.gov.br/ccivil_03/leis/l0605.htm).\n"
PAGES = {
    "planalto/ccivil_03/constituicao/constituicao.htm":
        "<html><body><p>Art. 7o S&atilde;o direitos</p><p>XIII - dura&ccedil;&atilde;o</p></body></html>",
    "planalto/ccivil_03/leis/l0605.htm":
        '<html><head><meta charset="windows-1252"></head><body><p>Art. 9&ordm; Nas atividades</p></body></html>',
    "tst/jurisprudencia/OJ_SDI_1/n_s1_041.htm":
        '<html><body><a name="TEMA60"></a><p>60. PORTU\xc1RIOS. HORA NOTURNA</p><p>99. outra</p></body></html>',
}


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture()
def tree(tmp_path: Path) -> Path:
    (tmp_path / "data" / "hoje").mkdir(parents=True)
    (tmp_path / "data" / "hoje" / "exemplo.yaml").write_text(HOJE, encoding="utf-8")
    (tmp_path / "data" / "atos.yaml").write_text(ATOS, encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "resposta.md").write_text(DOC, encoding="utf-8")
    for name, body in PAGES.items():
        page = tmp_path / "www" / name
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_bytes(body.encode("cp1252"))
    return tmp_path


@pytest.fixture()
def server(tree: Path) -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(tree / "www")))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def run(tree: Path, base: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = links.main(["--data", str(tree / "data"), "--docs", str(tree / "docs"), "--timeout", "5",
                       "--rewrite", f"https://www.planalto.gov.br={base}/planalto",
                       "--rewrite", f"https://www3.tst.jus.br={base}/tst"])
    return code, capsys.readouterr().out


def test_reports_dead_links_missing_markers_and_anchors(tree: Path, server: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(tree, server, capsys)
    assert code == 1, out
    assert "NÃO RESPONDE: https://www.planalto.gov.br/ccivil_03/leis/sumiu.htm — HTTP 404" in out
    # «Art. 7o» and «XIII» are found (forgiving about º/o and entities); «XVI» is not
    assert ("DISPOSITIVO NÃO ENCONTRADO: https://www.planalto.gov.br/ccivil_03/constituicao/constituicao.htm"
            " — «XVI»") in out
    assert "«XIII»" not in out and "«Art. 7º»" not in out
    assert "ÂNCORA NÃO ENCONTRADA: https://www3.tst.jus.br/jurisprudencia/OJ_SDI_1/n_s1_041.htm — #TEMA99" in out
    assert "#TEMA60" not in out
    # the page cited by the data and by an answer is opened once and found whole
    assert "l0605.htm" not in out.split("páginas oficiais")[0].replace("citado em", "")
    assert "Ato sem endereço" not in out  # no official address: nothing to open
    assert "1 de 4 páginas oficiais respondem com os dispositivos citados; 3 problema(s)." in out
    assert "citado em: Lei revogada, art. 75 — data/hoje/exemplo.yaml" in out
    assert "citado em: Lei revogada — data/atos.yaml (lei-revogada)" in out


def test_every_link_answering_with_its_markers_exits_zero(tree: Path, server: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    hoje = tree / "data" / "hoje" / "exemplo.yaml"
    text = hoje.read_text(encoding="utf-8").replace("XIII e XVI", "XIII")
    hoje.write_text("\n".join(line for line in text.splitlines() if "revogada" not in line and "oj-99" not in line),
                    encoding="utf-8")
    atos = tree / "data" / "atos.yaml"
    atos.write_text("\n".join(line for line in atos.read_text(encoding="utf-8").splitlines()
                              if "sumiu" not in line and "TEMA99" not in line), encoding="utf-8")
    code, out = run(tree, server, capsys)
    assert code == 0, out
    assert "3 de 3 páginas oficiais respondem com os dispositivos citados; 0 problema(s)." in out


def test_without_network_it_says_so_checks_nothing_and_exits_cleanly(tree: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(tree, "http://127.0.0.1:9", capsys)  # the discard port: nothing listens
    assert code == 0
    assert out.startswith("Sem rede: nenhum dos 4 endereços oficiais respondeu")
    assert "Nada foi conferido" in out
    assert "ok" not in out.split("Nada foi conferido")[0].lower().split()


def test_markers_come_from_the_provision_text() -> None:
    assert links.markers_of("art. 7º, XIII e XIV") == ["Art. 7º", "XIII", "XIV"]
    assert links.markers_of("arts. 1º e 3º") == ["Art. 1º", "Art. 3º"]
    assert links.markers_of("arts. 285 a 292 (revogados)") == ["Art. 285"]
    assert links.markers_of("Orientação Jurisprudencial nº 60, item I") == ["60"]
    assert links.markers_of("Tema 222 (RE 597.124)") == ["222"]
    assert links.markers_of("texto no Planalto") == []
    assert links.marker_pattern("1.046").search("Tema 1046")
    assert not links.marker_pattern("Art. 7º").search("Art. 70 e Art. 17")


def test_real_data_cite_pages_with_markers() -> None:
    found = links.links_from_data(ROOT / "data")
    assert found and all(links.is_official(link.url) for link in found)
    cf = [link for link in found if link.label.endswith("art. 7º, XVI")]
    assert cf and cf[0].markers == ["Art. 7º", "XVI"]
    oj = [link for link in found if link.label.endswith("nº 60, item I")]
    assert oj and oj[0].markers == ["60"] and oj[0].url.endswith("#TEMA60")


def test_standard_library_and_pinned_yaml_only() -> None:
    tree = ast.parse((ROOT / "scripts" / "check_official_links.py").read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module}
    assert imported - {"__future__"} <= set(sys.stdlib_module_names) | {"yaml"}
    assert "pyyaml==" in (ROOT / "requirements.txt").read_text(encoding="utf-8").lower()
