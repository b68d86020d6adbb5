"""mkdocs-macros entry point: a thin ``define_env`` that exposes the render functions.

Macros render; they never hold a legal rule. The data come from the build's Site
(:mod:`macros.data.site`), which the hook ``on_config`` loads and validates at the start of every
build; ``define_env`` runs before that hook, so each macro takes the Site (``current()``) when a
page calls it, once, and passes it down to the renderers: no renderer fetches it by itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from markupsafe import Markup

from .data.site import Site, current
from .macro_errors import report_errors
from .render import edition, home, perguntas
from .render import hoje as render_hoje
from .render.calculators import calculator_page, calculators_index
from .render.statute import render_statute
from .render.tables_cells import TablePage
from .render.tables_comparison import ComparisonPage
from .render.tables_diaristas import DiaristasPage
from .render.tables_escala import EscalaPage
from .render.tables_index import IndexPage
from .render.tables_mensalistas import OrdinariaPage, SuplementarPage


def define_env(env: Any) -> None:
    """Register the site's macros."""

    @env.macro  # type: ignore[untyped-decorator]
    def statute_page(slug: str) -> str:
        """The whole statute page (banner, about panel, text)."""
        return render_statute(current(), slug, env.conf["site_url"] or "/")

    @env.macro  # type: ignore[untyped-decorator]
    def home_statutes() -> Markup:
        """The home page cards, one per statute."""
        return home.statute_cards(current())

    @env.macro  # type: ignore[untyped-decorator]
    def quantos_atos(feminino: bool = False) -> str:
        """How many acts this edition has, in words («três»): no sentence types the count."""
        return edition.acts_count(current(), feminino)

    @env.macro  # type: ignore[untyped-decorator]
    def fontes() -> str:
        """The acts' source documents, a Markdown list, each linked where the site serves it."""
        return edition.sources_list(current())

    @env.macro  # type: ignore[untyped-decorator]
    def exemplo(name: str, inputs: dict[str, Any], text: str, keys: list[str] | None = None) -> str:
        """An answer's worked example, computed at build, with the calculator link."""
        return str(perguntas.example(current(), name, inputs, text, keys))

    @env.macro  # type: ignore[untyped-decorator]
    def sua_conta(name: str) -> str:
        """The link to calculator ``name`` with an empty form preset for today (issue 26 §3)."""
        return str(perguntas.own_figure(current(), name))

    @env.macro  # type: ignore[untyped-decorator]
    def dispositivo(slug: str, node_id: str, text: str | None = None) -> str:
        """A link to a provision of this edition (the build stops if it does not exist)."""
        return str(perguntas.provision(current(), slug, node_id, text))

    @env.macro  # type: ignore[untyped-decorator]
    def hoje(slug: str, article: str, text: str | None = None) -> str:
        """A link to an article's «Hoje» box."""
        return str(perguntas.today_box(current(), slug, article, text))

    @env.macro  # type: ignore[untyped-decorator]
    def ato(act_id: str, provision: str | None = None, text: str | None = None, oficial: bool = False) -> str:
        """A link to an act or precedent of the registry (``data/atos.yaml``): its official
        publication, or its page for the acts of this edition (``oficial=True``: the official
        publication even then, for the parts outside this edition); the build stops on an unknown
        id."""
        from .render.acts import act_link

        depth = env.page.url.strip("/").count("/") + 1 if env.page.url.strip("/") else 0
        return str(act_link(current().acts, act_id, "../" * depth, text, provision, official=oficial))

    @env.macro  # type: ignore[untyped-decorator]
    def novidades() -> str:
        """The /novidades/ page: the change log, newest first, and the feed."""
        from .render.novidades import page

        return page(current())

    @env.macro  # type: ignore[untyped-decorator]
    def atos_citados() -> str:
        """The /atos/ page: every act and precedent the site cites, from the registry."""
        from .render.novidades import acts_page

        return acts_page(current())

    @env.macro  # type: ignore[untyped-decorator]
    def hoje_fonte(claim_id: str) -> str:
        """What an answer says about today, referenced: the sources and the check (how and when)
        of the «Hoje» claim named ``claim_id`` (its ``id`` in data/hoje/, never its place)."""
        return str(render_hoje.answer_ref(current(), claim_id))

    @env.macro  # type: ignore[untyped-decorator]
    def quero_saber(prefix: str = "") -> str:
        """The list of questions (links relative to the page: prefix "perguntas/" on the home)."""
        return str(perguntas.question_lists(prefix, perguntas.question_groups(env.conf["nav"])))

    @env.macro  # type: ignore[untyped-decorator]
    def hoje_tabela() -> str:
        """The /hoje/ page: the whole «Hoje» layer as one table per act."""
        return render_hoje.table_page(current())

    @env.macro  # type: ignore[untyped-decorator]
    def relato_destino() -> str:
        """«Sobre»: where a report of «Informar um erro» goes (the build's destinations)."""
        from .build.report_destination import about_html

        return str(about_html(env.conf["extra"]))

    @env.macro  # type: ignore[untyped-decorator]
    def dados_index() -> str:
        """The /dados/ page: every download with format, size and SHA-256."""
        from .build.downloads import index_page

        return index_page(current(), env.conf["site_url"] or "/")

    @env.macro  # type: ignore[untyped-decorator]
    def calculator(name: str, caller: Callable[[], str] | None = None) -> str:
        """A calculator page: provisions quoted, the form, the worked examples. The page's own
        remarks (readings adopted, limits) are its Markdown, written inside
        ``{% call calculator("<name>") %} … {% endcall %}``; they are placed before the provisions."""
        return calculator_page(current(), name, caller().strip() if caller is not None else "",
                               env.conf["site_url"] or "")

    @env.macro  # type: ignore[untyped-decorator]
    def calculators_list(grupo: str = "em_vigor") -> str:
        """The index of the calculators."""
        return calculators_index(current(), history={"em_vigor": False, "historia": True}[grupo])

    @env.macro  # type: ignore[untyped-decorator]
    def tabela(name: str) -> TablePage:
        """A "Tabelas" page's pieces (tables, charts, notes, the facts its sentences cite), for
        ``{% set t = tabela("<name>") %}`` in ``docs/tabelas/*.md``, which hold the sentences:
        indice, escala, ordinaria, suplementar, diaristas or comparacao."""
        pages: dict[str, Callable[[Site], TablePage]] = {
            "indice": IndexPage,
            "escala": EscalaPage,
            "ordinaria": OrdinariaPage,
            "suplementar": SuplementarPage,
            "diaristas": DiaristasPage,
            "comparacao": ComparisonPage,
        }
        return pages[name](current())

    report_errors(env)  # a failing macro is logged as an error, never silent under -q


def on_pre_page_macros(env: Any) -> None:
    """Before a page's macros run (mkdocs-macros calls this outside its own error handling): a
    page that cites a «Hoje» claim that does not exist stops the build with the file, the line and
    the reason, not a traceback (:func:`macros.render.hoje.check_claim_refs`)."""
    from pathlib import Path

    from mkdocs.exceptions import PluginError

    from .data.loader import DataError

    if env.page.file.abs_src_path is None:
        return  # a page the build generates (embutir/: macros/render/calculator_embed.py), no macros
    try:
        render_hoje.check_claim_refs(current(), Path(env.page.file.abs_src_path), env.markdown)
    except DataError as exc:
        raise PluginError(f"Dados inválidos — {exc}") from None
