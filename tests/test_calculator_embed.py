"""A calculator a union can put on its site (issue 30, ``macros/render/calculator_embed.py``): the
embeddable page's address, the ``<iframe>`` code of the «copiar o código» box, and the pages the
build generates (one per calculator, outside the sitemap, the search and the offline lists)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculators import api
from macros.build import hosting
from macros.data.site import Site
from macros.render import calculator_embed as embed
from macros.render.calculators import calculator_page, declaration, embed_source


class Tags(HTMLParser):
    """Every start tag with its attributes, and the text inside each ``<textarea>``."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.textareas: list[str] = []
        self._in_textarea = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag == "textarea":
            self._in_textarea = True
            self.textareas.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "textarea":
            self._in_textarea = False

    def handle_data(self, data: str) -> None:
        if self._in_textarea:
            self.textareas[-1] += data


def parse(text: str) -> Tags:
    parser = Tags()
    parser.feed(text)
    parser.close()
    return parser


NAMES = api.names()


@pytest.mark.parametrize("site_url", ["https://exemplo.org/", "https://exemplo.org", "https://exemplo.org/edicao/"])
def test_the_address_joins_the_public_address_and_the_path(site_url: str) -> None:
    address = embed.embed_address(site_url, embed.embed_path("refeicao"), "refeicao")
    assert address == site_url.rstrip("/") + "/embutir/refeicao/"
    assert "//embutir" not in address


def test_without_a_public_address_the_path_from_the_root() -> None:
    assert embed.embed_address("", embed.embed_path("jornada"), "jornada") == "/embutir/jornada/"


@pytest.mark.parametrize("path", ["sobre/", "embutir/outra/", "embutir/../sobre/", "calculadoras/refeicao/"])
def test_an_address_outside_the_calculators_embed_page_is_refused(path: str) -> None:
    with pytest.raises(ValueError, match="embutível"):
        embed.embed_address("https://exemplo.org/", path, "refeicao")


@pytest.mark.parametrize("name", NAMES)
def test_every_calculator_page_is_under_the_folder_the_hosts_let_frame(name: str) -> None:
    path = "/" + embed.embed_path(name)
    assert path.startswith(hosting.EMBED)
    assert hosting.expected(path, "default-src 'self'")["Content-Security-Policy"].endswith("frame-ancestors *")
    assert hosting.expected(f"/calculadoras/{name}/", "default-src 'self'")["Content-Security-Policy"].endswith(
        "frame-ancestors 'self'")


@given(title=st.text(min_size=1, max_size=80), height=st.integers(min_value=1, max_value=5000),
       host=st.from_regex(r"[a-z]{1,12}\.(org|br)", fullmatch=True))
def test_the_code_is_one_iframe_whose_attributes_read_back_as_given(title: str, height: int, host: str) -> None:
    address = f"https://{host}/embutir/refeicao/?a=1&b=\"2\""
    code = embed.embed_code(address, title, height)
    tags = parse(code).tags
    assert [tag for tag, _ in tags] == ["iframe"]
    attrs = tags[0][1]
    assert attrs["src"] == address
    assert attrs["title"] == title
    assert attrs["width"] == "100%"
    assert attrs["height"] == str(height)
    assert attrs["loading"] == "lazy"
    assert attrs["referrerpolicy"] == "no-referrer"
    assert code.endswith("></iframe>") and code.count("<") == 2


def _field(kind: str = "money") -> dict[str, Any]:
    return {"name": "x", "type": kind}


@given(counts=st.lists(st.integers(min_value=0, max_value=40), min_size=2, max_size=6))
def test_the_frame_grows_with_the_form_within_its_bounds(counts: list[int]) -> None:
    heights = [embed.frame_height({"inputs": [_field()] * n}) for n in sorted(counts)]
    assert heights == sorted(heights)
    assert all(embed.HEIGHT_MIN <= h <= embed.HEIGHT_MAX for h in heights)


@pytest.mark.parametrize("name", NAMES)
def test_every_calculator_frame_has_a_title_and_a_sensible_height(name: str) -> None:
    spec = declaration(name)
    assert embed.HEIGHT_MIN <= embed.frame_height(spec) <= embed.HEIGHT_MAX
    assert spec["title"] in embed.frame_title(spec)


@pytest.mark.parametrize("name", NAMES)
def test_the_share_box_gives_the_code_as_text_and_a_copy_button(name: str) -> None:
    spec = declaration(name)
    box = embed.share_box(spec, "https://exemplo.org/")
    parsed = parse(box)
    want = embed.embed_code(f"https://exemplo.org/embutir/{name}/", embed.frame_title(spec), embed.frame_height(spec))
    assert parsed.textareas == [want]  # the code as text, never as a frame on the full page
    assert not [tag for tag, _ in parsed.tags if tag == "iframe"]
    textarea = next(attrs for tag, attrs in parsed.tags if tag == "textarea")
    label = next(attrs for tag, attrs in parsed.tags if tag == "label")
    button = next(attrs for tag, attrs in parsed.tags if tag == "button")
    assert label["for"] == textarea["id"] == button["aria-controls"]
    assert "readonly" in textarea
    assert "Copiar o código para o seu site" in box


@pytest.mark.parametrize("name", NAMES)
def test_the_full_page_has_the_box_and_the_embed_page_only_the_calculator(site: Site, name: str) -> None:
    full = calculator_page(site, name, "", "https://exemplo.org/")
    assert f'id="embutir-codigo-{name}"' in full
    source = embed_source(site, name)
    front, body = source.split("\n---\n", 1)
    assert f"template: {embed.TEMPLATE}" in front and f"{embed.META_KEY}: true" in front
    assert "render_macros: false" in front
    assert f'id="form-{name}"' in body and f'data-pagina-inteira="../../calculadoras/{name}/"' in body
    assert f'<a href="../../calculadoras/{name}/">' in body
    assert 'href="../#' not in body  # «Como usar» goes to the calculators' page, not to /embutir/
    # Nothing of the full page but the form: no examples, no provisions, no code box.
    for absent in ("calc-exemplo", "calc-dispositivos", "calc-embutir", "Exemplos verificados"):
        assert absent not in body, absent


# ------------------------------------------------------------------ the built site
def test_the_build_makes_one_embed_page_per_calculator(site_dir: Path) -> None:
    folder = site_dir / embed.FOLDER
    assert sorted(p.name for p in folder.iterdir() if p.is_dir()) == sorted(NAMES)
    sitemap = (site_dir / "sitemap.xml").read_text(encoding="utf-8")
    offline_lists = (site_dir / "sw-paginas.js").read_text(encoding="utf-8")
    assert "/calculadoras/refeicao/" in sitemap  # the sitemap is there, less the embed pages
    assert "/embutir/" not in sitemap
    assert "embutir/" not in offline_lists
    search_text = "".join(p.read_text(encoding="utf-8") for p in (site_dir / "search").rglob("*.json"))
    assert "embutir/" not in search_text
    for name in NAMES:
        page = (folder / name / "index.html").read_text(encoding="utf-8")
        assert '<meta name="robots" content="noindex">' in page
        assert '<meta name="ep-embutida" content="sim" class="ep-embutida">' in page
        assert f'id="form-{name}"' in page and 'class="motor-oferta"' in page
        assert 'data-motor-acao="offline"' not in page  # nothing kept offline inside another site
        for part in ("md-header__inner", "md-tabs", "md-sidebar", "md-footer"):
            assert part not in page, (name, part)
        full = (site_dir / "calculadoras" / name / "index.html").read_text(encoding="utf-8")
        code = parse(full).textareas
        assert len(code) == 1
        src = parse(code[0]).tags[0][1]["src"]
        assert src is not None and src.endswith(f"/embutir/{name}/")

