"""Content Security Policy: one strict policy, as a ``<meta http-equiv>``, on every page.

The tag is the template's: ``overrides/main.html`` writes it through its ``site_meta`` block, first
among the site's own tags and before any style or script (:func:`placeholder_tag`, from
``macros/build/page_parts.py``), with a placeholder for its value. Once every page is written,
``on_post_build`` (``macros/build/plugin.py``) fills that value, and only that value: nothing is
inserted into a built page. The value is known only then because the
policy lists the SHA-256 hashes of the inline scripts the theme ships (the ``__md_scope`` set-up,
the palette, the tabbed-content fix): they are read from the theme's own templates
(:func:`shipped_scripts`), never from the built pages, so a script that data smuggled into a page
is not approved; the build stops instead, naming the page (:class:`UnknownScriptError`). Their text
varies with the page's depth (``"../.."``), and with instant navigation a page's policy stays in
force on the next pages: so every page carries the same policy, with the hashes of all of them.
The site's own scripts are files (``assets/*.js``), allowed by ``'self'``.

The policy:

- ``default-src 'self'``: nothing from another host (fonts, styles, images, data);
- ``script-src 'self'`` plus the hashes: scripts only from the site's files, no
  ``'unsafe-inline'`` and no ``'unsafe-eval'``; no ``'wasm-unsafe-eval'`` either: only the
  engine's worker compiles WebAssembly, and a worker never sees a ``<meta>``: a host sends it its
  own policy (``macros/build/hosting.py``);
- ``worker-src 'self'`` (the calculators' Web Worker, Material's search worker, a service
  worker), ``manifest-src 'self'``, ``connect-src 'self'`` (search index, sitemap, tables);
- ``img-src 'self' data:`` (Material draws its icons as ``data:`` SVG in CSS);
- ``style-src 'self'`` (no inline style in our pages; scripts change styles only through the
  DOM's ``style`` property, which a policy does not block);
- ``object-src 'none'``, ``base-uri 'self'``, ``form-action 'self'``.

Non-executing blocks (``application/json``, ``application/ld+json``) need no hash.
A policy in a ``<meta>`` cannot set ``frame-ancestors``; a host that can send headers sends the same
policy as a header, plus ``frame-ancestors 'self'`` (``macros/build/hosting.py``, ``deploy/``).
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable
from pathlib import Path

# Inline <script> without src; group 1 = attributes, group 2 = text.
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)([^>]*)>(.*?)</script>", re.S | re.I)
SCRIPT_TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.I)
# Types a browser runs; anything else (application/json, application/ld+json) is data.
EXECUTABLE_TYPES = {"", "text/javascript", "application/javascript", "module"}
HEAD = re.compile(r"<head[^>]*>", re.I)
META = "Content-Security-Policy"
# The value the template writes, filled after the build (:func:`fill`).
PLACEHOLDER = "ep-politica-preenchida-depois-da-construcao"

BASE_POLICY = (
    ("default-src", "'self'"),
    ("script-src", "'self'"),
    ("worker-src", "'self'"),
    ("connect-src", "'self'"),
    ("manifest-src", "'self'"),
    ("img-src", "'self' data:"),
    ("style-src", "'self'"),
    ("font-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'self'"),
    ("form-action", "'self'"),
)


def inline_scripts(page: str) -> list[str]:
    """The text of each inline script of ``page`` that a browser would run."""
    found = []
    for attrs, text in INLINE_SCRIPT.findall(page):
        kind = SCRIPT_TYPE.search(attrs)
        if (kind.group(1).lower() if kind else "") in EXECUTABLE_TYPES:
            found.append(text)
    return found


def script_hash(text: str) -> str:
    """The CSP source for an inline script: ``'sha256-<base64>'`` of its UTF-8 text."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def policy(hashes: Iterable[str]) -> str:
    """The policy text, with the given script hashes (sorted, so builds are reproducible)."""
    parts = []
    for directive, sources in BASE_POLICY:
        if directive == "script-src":
            sources = " ".join([sources, *sorted(set(hashes))])
        parts.append(f"{directive} {sources}")
    return "; ".join(parts)


def meta_tag(text: str) -> str:
    shown = text.replace("&", "&amp;").replace('"', "&quot;")
    return f'<meta http-equiv="{META}" content="{shown}">'


def placeholder_tag() -> str:
    """The tag every page's template writes, with :data:`PLACEHOLDER` for the policy."""
    return meta_tag(PLACEHOLDER)


class MissingPolicyError(ValueError):
    """A built page does not carry the template's policy tag exactly once."""


def fill(page: str, name: str, text_of_policy: str) -> str | None:
    """``page`` with the template's policy tag filled with ``text_of_policy``; ``None`` for a file
    with no ``<head>`` (not a page). A page with a ``<head>`` and not exactly one tag stops the
    build (:class:`MissingPolicyError`): it was not made by ``overrides/main.html``."""
    if HEAD.search(page) is None:
        return None
    count = page.count(placeholder_tag())
    if count != 1:
        raise MissingPolicyError(
            f"{name}: a página traz {count} vezes o lugar da política de segurança (esperado: 1); "
            "todo template de página estende overrides/main.html, que o escreve no bloco site_meta.")
    return page.replace(placeholder_tag(), meta_tag(text_of_policy))


class UnknownScriptError(ValueError):
    """A built page runs an inline script that the theme does not ship."""


JINJA_EXPRESSION = re.compile(r"\{\{.*?\}\}", re.S)
# Templates whose scripts never reach this site's pages (redirects: the site has none).
UNUSED_TEMPLATES = {"redirect.html"}


def template_scripts(theme_dirs: Iterable[Path]) -> list[str]:
    """The executable inline scripts written in the theme's templates (Jinja source)."""
    found: list[str] = []
    for folder in theme_dirs:
        for path in sorted(Path(folder).rglob("*.html")):
            if path.name not in UNUSED_TEMPLATES:
                found.extend(inline_scripts(path.read_text(encoding="utf-8")))
    return found


def base_urls(site_dir: Path, site_url_path: str) -> set[str]:
    """Every ``base_url`` a page of this site is rendered with: ``.``, ``..``, ``../..``, … by depth,
    and the site's path for the 404 page (which MkDocs renders with absolute links)."""
    depths = {len(p.relative_to(site_dir).parts) - 1 for p in site_dir.rglob("*.html")}
    urls = {"/".join([".."] * d) or "." for d in depths}
    urls.add(site_url_path.rstrip("/") or "/")
    urls.add(site_url_path or "/")
    return urls


def shipped_scripts(theme_dirs: Iterable[Path], urls: Iterable[str]) -> set[str]:
    """Hashes of the theme's inline scripts, each Jinja expression filled with each ``base_url``
    (the only value Material puts inside them on this site's pages)."""
    hashes = set()
    for script in template_scripts(theme_dirs):
        if JINJA_EXPRESSION.search(script) is None:
            hashes.add(script_hash(script))
            continue
        for url in urls:
            hashes.add(script_hash(JINJA_EXPRESSION.sub(url.replace("\\", "\\\\"), script)))
    return hashes


def add_to_site(site_dir: Path, theme_dirs: Iterable[Path], site_url_path: str = "/") -> str:
    """Fill the policy tag of every HTML file of the built site; return the policy. Raise
    :class:`UnknownScriptError` if a page runs an inline script the theme does not ship, and
    :class:`MissingPolicyError` if a page does not carry the template's tag once."""
    pages = sorted(site_dir.rglob("*.html"))
    texts = {path: path.read_text(encoding="utf-8") for path in pages}
    allowed = shipped_scripts(theme_dirs, base_urls(site_dir, site_url_path))
    hashes = set()
    for path, text in texts.items():
        for script in inline_scripts(text):
            digest = script_hash(script)
            if digest not in allowed:
                shown = " ".join(script.split())[:80]
                raise UnknownScriptError(
                    f"{path.relative_to(site_dir).as_posix()}: script embutido que o tema não traz "
                    f"(«{shown}»): texto vindo dos dados? A página não é publicada."
                )
            hashes.add(digest)
    text_of_policy = policy(hashes)
    filled = {path: fill(text, path.relative_to(site_dir).as_posix(), text_of_policy)
              for path, text in texts.items()}
    for path, changed in filled.items():
        if changed is not None:  # a stray HTML file without <head> is left as it is
            path.write_text(changed, encoding="utf-8")
    return text_of_policy
