"""mkdocs-macros entry point: a thin ``define_env`` that exposes the render functions.

Macros render; they never hold a legal rule. Data is validated when first used; a broken file
stops the build with a :class:`macros.loader.DataError` naming the file, the place and the reason.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from . import home, render_tables
from .render_calculators import calculator_page, calculators_index
from .render_statute import render_statute
from .statutes import all_statutes, statute


def define_env(env: Any) -> None:
    """Register the site's macros."""

    @env.macro  # type: ignore[untyped-decorator]
    def statute_page(slug: str) -> str:
        """The whole statute page (banner, about panel, text)."""
        return render_statute(statute(slug), env.conf["site_url"] or "/")

    @env.macro  # type: ignore[untyped-decorator]
    def home_statutes() -> Markup:
        """The home page cards of the three statutes."""
        return home.statute_cards(list(all_statutes().values()))

    @env.macro  # type: ignore[untyped-decorator]
    def dados_index() -> str:
        """The /dados/ page: every download with format, size and SHA-256."""
        from .downloads import index_page

        return index_page(env.conf["site_url"] or "/")

    @env.macro  # type: ignore[untyped-decorator]
    def calculator(name: str) -> str:
        """A calculator page: provisions quoted, the form, the worked examples."""
        return calculator_page(name)

    @env.macro  # type: ignore[untyped-decorator]
    def calculators_list() -> str:
        """The index of the calculators."""
        return calculators_index()

    @env.macro  # type: ignore[untyped-decorator]
    def tabela(name: str) -> str:
        """A "Tabelas" page body: indice, escala, ordinaria, suplementar, diaristas or comparacao."""
        pages = {
            "indice": render_tables.index_page,
            "escala": render_tables.escala_page,
            "ordinaria": render_tables.ordinaria_page,
            "suplementar": render_tables.suplementar_page,
            "diaristas": render_tables.diaristas_page,
            "comparacao": render_tables.comparison_page,
        }
        return pages[name]()
