"""The "page not found" (``404.html``) in Portuguese, with links that work from any depth.

Its content fills the block ``content`` of ``overrides/404.html`` (and the «Sem internet» page's,
``overrides/sem-internet.html``), given by the build (``macros/build/page_parts.py``).

A server answers any missing address (``/a/b/c/``) with this page, so every link in it is written
from the site's root path (the path of ``site_url``), never relative to where it was asked. The
acts' links carry the names the menu gives their pages (``nav`` of mkdocs.yml), in the Site's
order: no act is named here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from html import escape
from typing import Any
from urllib.parse import urlsplit

from ..data.browser_constants import OFFLINE_PAGE
from . import material

NOINDEX = '<meta name="robots" content="noindex">'

# Top-level pages the page may link to, besides each statute's (checked against the built site
# by the tests).
SECTIONS = {"perguntas/", "tabelas/", "calculadoras/"}
# The sections the page leads to, around the acts' pages.
BEFORE = (("", "Início"), ("perguntas/", "Perguntas e respostas: o que a lei diz hoje"))
AFTER = (("tabelas/", "Tabelas de 1945"), ("calculadoras/", "Calculadoras"))


def nav_titles(nav: Any) -> Iterator[tuple[str, str]]:
    """Each page of the menu and its title: ``("lei-4860-1965.md", "Lei nº 4.860/1965 (…)")``."""
    for item in nav if isinstance(nav, list) else []:
        if isinstance(item, dict):
            for title, value in item.items():
                if isinstance(value, str):
                    yield value, str(title)
                else:
                    yield from nav_titles(value)


def links(nav: Any, slugs: Iterable[str]) -> list[tuple[str, str]]:
    """The page's links: home and questions, each act's page (named as in the menu), tables and
    calculators."""
    titles = dict(nav_titles(nav))
    acts = [(f"{slug}/", titles[f"{slug}.md"]) for slug in slugs if f"{slug}.md" in titles]
    return [*BEFORE, *acts, *AFTER]


def root_path(site_url: str) -> str:
    """``/`` or ``/pasta/``: where the site lives on its server."""
    path = urlsplit(site_url or "/").path or "/"
    return path if path.endswith("/") else path + "/"


def place_items(root: str, existing: set[str], places: list[tuple[str, str]]) -> str:
    """The site's main places as list items, only those whose page exists (the home page always)."""
    return "".join(
        f'<li><a href="{escape(root + href)}">{escape(label)}</a></li>'
        for href, label in places if href == "" or href in existing
    )


def body(root: str, existing: set[str], places: list[tuple[str, str]]) -> str:
    """The page's content: what happened, what to do, where to go (only pages that exist)."""
    items = place_items(root, existing, places)
    return (
        '<h1 id="pagina-nao-encontrada">Página não encontrada</h1>'
        "<p>Não há nada neste endereço. O link pode estar incompleto ou ter sido copiado pela "
        "metade; os links para artigos e dispositivos desta edição não mudam depois de "
        "publicados.</p>"
        "<p>Use a <strong>busca</strong> no alto da página ou siga um destes caminhos:</p>"
        f'<ul class="nao-encontrada">{items}</ul>'
    )


# The page the service worker shows when a page that is not kept on the device is opened with no
# connection (scripts/sw-paginas.js), written at build next to 404.html and precached with it.
OFFLINE_FILE = OFFLINE_PAGE


def offline_body(root: str, existing: set[str], places: list[tuple[str, str]]) -> str:
    """What happened (no connection, this page not kept yet), what opens offline (the site's main
    places; ``assets/sem-internet.js`` marks which of them are kept, reading the cache) and how to
    try again."""
    items = place_items(root, existing, places)
    return (
        '<div class="sem-internet">'
        '<h1 id="sem-internet">Sem internet</h1>'
        "<p><strong>O aparelho está sem conexão, e esta página ainda não foi guardada nele.</strong> "
        "O site guarda as páginas aos poucos, depois que elas abrem com internet.</p>"
        "<p>Quando a conexão voltar, a página abre normalmente.</p>"
        f'<p><a class="{material.PRIMARY} sem-internet-tentar" href="">Tentar de novo</a></p>'
        '<h2 id="o-que-abre-sem-internet">O que abre sem internet</h2>'
        '<p class="sem-internet-situacao">As páginas que já foram guardadas neste aparelho abrem '
        "sem conexão. Tente por aqui:</p>"
        f'<ul class="sem-internet-lugares">{items}</ul>'
        "<p>Para ter o site inteiro sem internet, abra o índice das calculadoras com conexão e toque "
        "em «Usar sem internet».</p>"
        "</div>"
    )
