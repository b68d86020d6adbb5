"""The public address (issue 20 §5): ``EP_SITE_URL`` gives ``site_url`` at build; a build for
publishing (``EP_PUBLICAR=1``) refuses a local one; with a public address set, no built page,
export or citation carries a local address.

The build here is a second one (with ``EP_SITE_URL`` and ``EP_PUBLICAR=1``, no service worker):
the session's site is built for the local address. Files that are not ours (Material's bundles,
Pyodide, the QR library) are left out of the scan; everything the build writes is in it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import build_site

from macros.build import public_address

PUBLIC = "https://estatutos.example.org/edicao/"
LOCAL = re.compile(rb"127\.0\.0\.1|localhost|0\.0\.0\.0|\[::1\]")
TEXT_SUFFIXES = {".html", ".css", ".js", ".mjs", ".json", ".xml", ".txt", ".ris", ".bib", ".csv", ".webmanifest"}
EMAIL = "erros@estatutos.example.org"
NOT_OURS = ("assets/pyodide/", "assets/javascripts/", "assets/stylesheets/", "assets/vendor/")


@pytest.mark.parametrize("url", ["http://127.0.0.1:8000/", "http://localhost:8000/", "http://[::1]/",
                                 "http://0.0.0.0:8000/", "http://site.localhost/", "http://127.1.2.3/x/"])
def test_a_build_for_publishing_refuses_a_local_address(url: str) -> None:
    assert public_address.is_local(url)
    public_address.check(url, {})  # the local build and `serve`: fine
    with pytest.raises(public_address.AddressError, match="EP_SITE_URL"):
        public_address.check(url, {"EP_PUBLICAR": "1"})


def test_a_public_address_is_accepted() -> None:
    assert not public_address.is_local(PUBLIC)
    public_address.check(PUBLIC, {"EP_PUBLICAR": "1"})


@pytest.mark.site
def test_the_real_build_refuses_to_publish_without_the_address(tmp_path: Path) -> None:
    done = build_site(tmp_path / "site", env={"EP_PUBLICAR": "1", "EP_SITE_URL": "", "EP_RELATO_EMAIL": EMAIL},
                      offline=False)
    assert done.returncode != 0
    assert "EP_SITE_URL" in done.stderr + done.stdout and "Traceback" not in done.stderr


@pytest.fixture(scope="module")
def public_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site-publico")
    done = build_site(out, env={"EP_PUBLICAR": "1", "EP_SITE_URL": PUBLIC, "EP_RELATO_EMAIL": EMAIL,
                                "EP_RELATO_RASTREADOR": ""}, offline=False)
    assert done.returncode == 0, f"build com endereço público falhou:\n{done.stdout}\n{done.stderr}"
    return out


@pytest.mark.site
def test_no_local_address_anywhere_when_the_public_one_is_set(public_site: Path) -> None:
    found = []
    scanned = 0
    for path in sorted(public_site.rglob("*")):
        rel = path.relative_to(public_site).as_posix()
        if not path.is_file() or path.suffix not in TEXT_SUFFIXES or rel.startswith(NOT_OURS):
            continue
        scanned += 1
        for match in LOCAL.finditer(path.read_bytes()):
            found.append(f"{rel}: …{path.read_bytes()[max(0, match.start() - 60):match.end() + 20]!r}…")
    assert scanned > 50
    assert found == [], "\n".join(found[:10])


@pytest.mark.site
def test_citations_and_metadata_carry_the_public_address(public_site: Path) -> None:
    act = f"{PUBLIC}lei-4860-1965/"
    page = (public_site / "lei-4860-1965" / "index.html").read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="{act}">' in page
    assert f'<meta name="citation_public_url" content="{act}">' in page
    assert f'<meta name="z.url" content="{act}">' in page
    assert f"Disponível em: {act}." in page
    assert f'<a href="#art7_par5">{act}#art7_par5</a>' in page
    items = json.loads((public_site / "dados" / "citacoes" / "lei-4860-1965.json").read_text(encoding="utf-8"))
    assert {item["URL"] for item in items if item["id"] == "lei-4860-1965!art7_par5"} == {f"{act}#art7_par5"}
    ris = (public_site / "dados" / "citacoes" / "lei-4860-1965.ris").read_text(encoding="utf-8")
    assert f"UR  - {act}#art7_par5" in ris
    for name in ("lei-4860-1965.bib", "lei-4860-1965.biblatex.bib"):
        bib = (public_site / "dados" / "citacoes" / name).read_text(encoding="utf-8")
        assert f"url = {{{act}#art7_par5}}" in bib
    assert f"Sitemap: {PUBLIC}sitemap.xml" in (public_site / "robots.txt").read_text(encoding="utf-8")


@pytest.mark.site
def test_the_published_about_page_names_where_reports_go(public_site: Path) -> None:
    """A published build always has a destination for «Informar um erro» (issue 30), and «Sobre»
    names it; every page's <head> tells the report script."""
    about = (public_site / "sobre" / "index.html").read_text(encoding="utf-8")
    section = about.split('id="informar-um-erro"', 1)[1].split("<h2", 1)[0]
    assert f'<a href="mailto:{EMAIL}">{EMAIL}</a>' in section
    head = (public_site / "lei-4860-1965" / "index.html").read_text(encoding="utf-8").split("</head>")[0]
    assert f'<meta name="ep-relato-email" content="{EMAIL}">' in head
