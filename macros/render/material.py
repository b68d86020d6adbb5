"""Every reliance of the site on Material for MkDocs' markup, in one place (issue 27).

The site extends Material only through its documented extension points: ``overrides/``
(``custom_dir``), whose ``main.html`` fills the template blocks named in :data:`BLOCKS` with what
the build gives it (``estatutos`` in the template's context: :mod:`macros.build.page_parts`), and
whose ``404.html`` and «Sem internet» page extend it. What the site still takes for granted from
Material's markup, scripts and styles is listed here, and only here, with where it is used:

- :data:`BLOCKS`: the blocks ``overrides/`` fills, in Material's ``base.html``;
- :data:`NAMES`: the class names, attributes and style variables of Material that the site's
  styles (``docs/assets/*.css``), scripts (``docs/assets/js/common/material.mjs``, the browser
  side of this module) and rendered HTML use; :data:`BUTTON` and :data:`BUTTON_PRIMARY`, the
  buttons of Material's documentation («Buttons»), used by the macros;
- :data:`SCRIPT_GLOBALS`: what Material's script gives the page (``document$``, every page shown);
- :func:`theme_bundle`: the path of Material's script, preloaded on the calculators' pages;
- ``partials/header.html``: the header, which ``overrides/partials/header.html`` copies with the
  site's own search in the place of Material's (issue 28; ``tests/test_search_header.py``
  compares the two).

:func:`missing` checks all of it against an installed Material and returns what is no longer
there; ``tests/test_material.py`` fails with that list (an upgrade of Material, or its end of life
on 5 May 2027: ``dev/decisions/004``), and checks that no style, script or module of the site
relies on a name of Material that is not listed here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

# The blocks of Material's base.html that overrides/main.html (and the pages extending it) fill;
# the embeddable pages (overrides/embutir.html) empty tabs, site_nav and footer.
BLOCKS = ("site_meta", "htmltitle", "styles", "extrahead", "header", "tabs", "site_nav", "content",
          "footer", "scripts")

# Material's skip link («Pular para conteúdo»): seen only when focused. «Ir para o formulário»
# (macros/build/page_parts.py) wears it too.
SKIP = "md-skip"
BUTTON = "md-button"
BUTTON_PRIMARY = "md-button--primary"
PRIMARY = f"{BUTTON} {BUTTON_PRIMARY}"
# The page's content (around the article): a print style sheet the build writes keys on it.
CONTENT = "md-content"
# The article of a page (its text, without menu and table of contents): the search reads it.
ARTICLE = "md-content__inner"

# Material's class names, data attributes and style variables the site relies on (its styles, its
# scripts, the HTML its macros write). Each is looked for in the installed Material's templates,
# style sheets and script.
NAMES = frozenset({
    # classes
    "md-banner", "md-button", "md-button--primary", "md-content", "md-content__button",
    "md-content__inner", "md-dialog", "md-footer", "md-header", "md-header__button",
    "md-main__inner", "md-option", "md-search", "md-sidebar", "md-skip",
    "md-source", "md-tabs", "md-top", "md-typeset", "md-typeset__scrollwrap", "md-typeset__table",
    # the header, copied from Material's partial (overrides/partials/header.html), and the search's
    # button in it (overrides/partials/busca.html)
    "md-ellipsis", "md-grid", "md-header--lifted", "md-header--shadow", "md-header__ellipsis",
    "md-header__inner", "md-header__source", "md-header__title", "md-header__topic", "md-icon", "md-logo",
    # data attributes
    "data-md-color-accent", "data-md-color-primary", "data-md-color-scheme", "data-md-component",
    "data-md-highlight",
    # style variables
    "--md-accent-bg-color", "--md-accent-fg-color", "--md-accent-fg-color--transparent",
    "--md-code-font-family", "--md-default-bg-color", "--md-default-fg-color",
    "--md-default-fg-color--light", "--md-default-fg-color--lighter", "--md-default-fg-color--lightest",
    "--md-primary-fg-color", "--md-shadow-z2", "--md-shadow-z3", "--md-typeset-a-color",
    "--md-typeset-mark-color",
})

# Globals Material's script puts on the page that the site's scripts read (common/material.mjs).
SCRIPT_GLOBALS = frozenset({"document$"})

# How a name of Material is written in the site's files (a class, an attribute, a variable).
NAME = re.compile(r"(?<![\w-])(?:--md-|data-md-|md-)[a-z](?:[\w-]*[a-z0-9])?")
THEME_BUNDLE = re.compile(r"['\"](assets/javascripts/bundle\.[0-9a-f]{8}\.min\.js)['\"]")
BLOCK = re.compile(r"\{%-?\s*block\s+(\w+)\s*-?%\}")


class MaterialChangedError(ValueError):
    """The installed Material no longer has what the site relies on."""


def templates_dir() -> Path:
    """The installed Material's templates (``material/templates``)."""
    import material

    return Path(material.__file__).resolve().parent / "templates"


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return ""


def theme_bundle(theme_dirs: Iterable[Path]) -> str:
    """``assets/javascripts/bundle.<hash>.min.js``: Material's script, as its ``base.html`` links it."""
    for folder in theme_dirs:
        found = THEME_BUNDLE.search(_read(Path(folder) / "base.html"))
        if found:
            return found.group(1)
    raise MaterialChangedError("base.html do Material não carrega mais assets/javascripts/bundle.<hash>.min.js")


def _theme_text(templates: Path) -> str:
    """Everything of Material a name may be found in: its templates, style sheets and scripts."""
    parts = [_read(p) for p in sorted(templates.rglob("*.html"))]
    for pattern in ("assets/stylesheets/*.css", "assets/javascripts/bundle.*.js"):
        parts.extend(_read(p) for p in sorted(templates.glob(pattern)) if not p.name.endswith(".map"))
    return "\n".join(parts)


def missing(templates: Path | None = None) -> list[str]:
    """What the site relies on that the Material installed at ``templates`` no longer has
    (empty: nothing)."""
    templates = templates or templates_dir()
    base = _read(templates / "base.html")
    found: list[str] = []
    if not base:
        return ["base.html (o modelo de todas as páginas)"]
    blocks = set(BLOCK.findall(base))
    found += [f"bloco {{% block {name} %}} em base.html" for name in BLOCKS if name not in blocks]
    # The groups' style sheets (block styles) come before the common one (extra_css).
    styles, extra_css = base.find("{% block styles %}"), base.find("config.extra_css")
    if not 0 <= styles < extra_css:
        found.append("base.html: o bloco styles antes dos extra_css")
    if "{% block content %}" not in _read(templates / "404.html"):
        found.append("404.html (página não encontrada, com o bloco content)")
    if not THEME_BUNDLE.search(base):
        found.append("base.html: o script assets/javascripts/bundle.<hash>.min.js")
    if "{% include \"partials/search.html\" %}" not in _read(templates / "partials" / "header.html"):
        found.append("partials/header.html (o cabeçalho, com o lugar da busca, que overrides/partials/ copia)")
    text = _theme_text(templates)
    found += sorted(name for name in NAMES if not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text))
    found += sorted(name for name in SCRIPT_GLOBALS if name not in text)
    return found


def names_in(text: str) -> set[str]:
    """The names of Material written in ``text`` (a style sheet, a script, a module)."""
    return set(NAME.findall(text))
