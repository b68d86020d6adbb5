"""The "page not found" (``404.html``) in Portuguese, with links that work from any depth.

A server answers any missing address (``/a/b/c/``) with this page, so every link in it is written
from the site's root path (the path of ``site_url``), never relative to where it was asked.
"""

from __future__ import annotations

from html import escape
from urllib.parse import urlsplit

MATERIAL_BODY = "<h1>404 - Not found</h1>"

LINKS = (
    ("", "Início"),
    ("perguntas/", "Perguntas e respostas: o que a lei diz hoje"),
    ("decreto-lei-3844-1941/", "Decreto-Lei de 20/11/1941 (capatazias)"),
    ("decreto-17961-1945/", "Decreto nº 17.961/1945 (Porto do Rio de Janeiro)"),
    ("lei-4860-1965/", "Lei nº 4.860/1965 (regime de trabalho nos portos)"),
    ("tabelas/", "Tabelas de 1945"),
    ("calculadoras/", "Calculadoras"),
)


def root_path(site_url: str) -> str:
    """``/`` or ``/pasta/``: where the site lives on its server."""
    path = urlsplit(site_url or "/").path or "/"
    return path if path.endswith("/") else path + "/"


def body(root: str, existing: set[str]) -> str:
    """The page's content: what happened, what to do, where to go (only pages that exist)."""
    items = "".join(
        f'<li><a href="{escape(root + href)}">{escape(label)}</a></li>'
        for href, label in LINKS if href == "" or href in existing
    )
    return (
        '<h1 id="pagina-nao-encontrada">Página não encontrada</h1>'
        "<p>Não há nada neste endereço. O link pode estar incompleto ou ter sido copiado pela "
        "metade; os links para artigos e dispositivos desta edição não mudam depois de "
        "publicados.</p>"
        "<p>Use a <strong>busca</strong> no alto da página ou siga um destes caminhos:</p>"
        f'<ul class="nao-encontrada">{items}</ul>'
    )


def localise(output: str, site_url: str, existing: set[str]) -> str:
    """Material's 404 page with the Portuguese content and a ``noindex``."""
    if MATERIAL_BODY not in output:
        return output
    output = output.replace(MATERIAL_BODY, body(root_path(site_url), existing), 1)
    return output.replace("</head>", '<meta name="robots" content="noindex"></head>', 1)
