"""The build's one state: everything read from ``data/``, loaded and validated once per build.

A :class:`Site` holds the statutes (``data/statutes/``), the registry of cited acts
(``data/atos.yaml``), the change log (``data/novidades.yaml``), the «Hoje» layer (``data/hoje/``), the
glossary (``data/glossario.yaml``), the 1945 tables (``data/tables/``, audited: every figure that
does not add up has its note), the tables in the calculators' input shape, the «atual ×
proposta» comparison computed by the calculators, and the calculators' cases (``data/cases/``).
Every file is parsed once.

- :func:`load` builds a Site from a data folder, with no side effect (the tests load copies);
- :func:`start` loads the Site of this build and makes it the current one: the MkDocs hook
  ``on_config`` calls it at the start of every build, ``mkdocs serve``'s rebuilds included, so
  nothing of a previous build survives;
- :func:`current` gives the Site of this build to code MkDocs calls without one (the macros of
  mkdocs-macros, whose ``define_env`` runs before ``on_config``, ask for it when a page calls
  them); before :func:`start` it raises :class:`SiteNotLoadedError`.

Hooks, exports and generated files receive the Site as an argument. A broken file raises
:class:`macros.data.loader.DataError` (file, place, reason), which the hook turns into a
``PluginError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import case_results, references
from .acts import Registry, load_registry
from .calculator_tables import json_document
from .cases import Case, load_cases
from .glossario import Glossary, load_glossary
from .hoje import CitedClaim, StatuteToday, UnknownClaimError, index_claims, load_all_today
from .loader import DATA, DataError
from .model import Statute
from .novidades import ChangeLog, load_changes
from .statutes import load_statutes
from .table_compare import Comparison, build_comparison
from .tables import Tables, audit, load_tables


def check_citations(statutes: Mapping[str, Statute], acts: Registry) -> None:
    """Every citation of another act in a statute's text (target ``ato:<id>``) names an act of
    the registry."""
    for statute in statutes.values():
        for node in statute.walk():
            for i, cit in enumerate(node.citations):
                if cit.target.startswith("ato:") and cit.target[4:] not in acts:
                    raise DataError(statute.path, f"{node.id}.citations[{i}].target",
                                    f"ato {cit.target[4:]!r} não está no registro (data/atos.yaml)")


class SiteNotLoadedError(RuntimeError):
    """The Site was asked for before the build loaded it."""


@dataclass
class BuildProducts:
    """What the build computes after loading and reads back later in the same build."""

    engine_report: dict[str, Any] = field(default_factory=dict)
    """Each engine file's raw and gzip size (``on_files``; read by ``on_page_context``)."""
    own_titles: dict[str, dict[str, str]] = field(default_factory=dict)
    """The search documents' titles of each page (``on_page_content``; read by ``on_post_build``)."""
    search_pages: dict[str, str] = field(default_factory=dict)
    """Each page's URL and title, in the order built (``on_page_content``; the search's documents)."""
    downloads: dict[str, dict[str, bytes]] = field(default_factory=dict)
    """Every file under ``/dados/``, by site URL (``on_files``; read by the ``/dados/`` page)."""
    build_id: str = "dev"
    """``"SHA7 AAAA-MM-DD"`` (:mod:`macros.data.build_id`; ``on_config``): carried by every page,
    the engine manifest, the tables for the browser and the service worker."""
    bundles: Any = None
    """The bundles of the site's own scripts and styles (:class:`macros.build.bundles.Bundles`;
    written by ``on_files``, linked by ``on_page_context``)."""
    not_here: list[dict[str, Any]] = field(default_factory=list)
    """The subjects these acts do not treat (``data/fora.yaml``, checked in ``on_config``; written
    to ``search/fora.json`` by ``on_files``; :mod:`macros.build.search_not_here`)."""


@dataclass(frozen=True, eq=False)
class Site:
    """Everything the build reads from ``data/``, validated; see the module docstring."""

    data: Path
    statutes: Mapping[str, Statute]
    today: Mapping[str, StatuteToday]
    glossary: Glossary
    tables: Tables
    decree_tables: dict[str, Any]
    comparison: Comparison
    cases: Mapping[str, list[Case]]
    """Each calculator's validated cases (``data/cases/``): worked examples and tests."""
    acts: Registry
    """The registry of the acts and precedents the site cites (``data/atos.yaml``)."""
    changes: ChangeLog
    """The change log (``data/novidades.yaml``): /novidades/, /feed.xml, «Atualizado em»."""
    claims: Mapping[str, CitedClaim] = field(default_factory=dict)
    """Every «Hoje» claim by its id (``data/hoje/``), with the act and the box that hold it."""
    products: BuildProducts = field(default_factory=BuildProducts)

    def statute(self, slug: str) -> Statute:
        """One statute by slug (``KeyError`` if there is none)."""
        return self.statutes[slug]

    def today_of(self, slug: str) -> StatuteToday:
        """The «Hoje» layer of one statute."""
        return self.today[slug]

    def claim(self, claim_id: str) -> CitedClaim:
        """A «Hoje» claim by its id, with where it is shown (``UnknownClaimError``, a ``KeyError`` that
        names the id and the nearest ones, if there is none). The answers in /perguntas/ and the
        calculators' sentences about today cite claims only through this."""
        try:
            return self.claims[claim_id]
        except KeyError:
            raise UnknownClaimError(claim_id, self.claims) from None


def load(data: Path = DATA) -> Site:
    """Read and validate every data file of ``data`` once; raise ``DataError`` if one is broken."""
    statutes = load_statutes(data / "statutes")
    acts = load_registry(data / "atos.yaml", statutes)
    check_citations(statutes, acts)
    today = load_all_today(data / "hoje", statutes, acts)
    glossary = load_glossary(data / "glossario.yaml")
    tables = load_tables(data / "tables")
    audit(tables)
    document = json_document(tables)
    # Before any page: every provision, box, act and calculator named in code and pages exists,
    # and every worked example gives what its file expects.
    references.check(statutes, today, acts)
    cases = load_cases(data)
    case_results.check(cases, data)
    return Site(
        data=data,
        statutes=statutes,
        today=today,
        claims=index_claims(today),
        glossary=glossary,
        tables=tables,
        decree_tables=document,
        comparison=build_comparison(tables, document),
        cases=cases,
        acts=acts,
        changes=load_changes(data / "novidades.yaml", statutes),
    )


class _Build:
    """The one slot that holds the Site of the build in progress (replaced by every build)."""

    site: Site | None = None


def start(data: Path = DATA) -> Site:
    """Load this build's Site and make it the current one (the hook ``on_config``)."""
    _Build.site = None  # a failed load leaves no Site of a previous build behind
    _Build.site = load(data)
    return _Build.site


def use(site: Site) -> Site:
    """Make an already loaded Site the current one (the tests)."""
    _Build.site = site
    return site


def current() -> Site:
    """The Site of the build in progress; :class:`SiteNotLoadedError` before the build loaded it."""
    if _Build.site is None:
        raise SiteNotLoadedError(
            "os dados do site ainda não foram carregados: macros.data.site.start() roda no início da "
            "construção (hook on_config); nos testes, use a fixture 'site' (tests/conftest.py)"
        )
    return _Build.site
