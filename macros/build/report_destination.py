"""Where «Informar um erro» can also send a report (``mkdocs.yml``: the ``estatutos`` plugin's
``relatar_erro``, which the plugin gives the pages as ``extra.relatar_erro``).

- ``rastreador``: the address of a new issue in the project's tracker, with ``{titulo}`` and/or
  ``{relato}`` where the report's title and text go, e.g.
  ``https://github.com/OWNER/REPO/issues/new?title={titulo}&body={relato}``;
- ``email``: an address the report can be mailed to (``mailto:``, subject and body filled in).

``mkdocs.yml`` reads them from ``EP_RELATO_RASTREADOR`` and ``EP_RELATO_EMAIL``. A local build may
have neither (the report is only copied); a build for publishing (``EP_PUBLICAR=1``) must have at
least one, or a reader's report would reach no one: :func:`check` stops it with the reason. A
malformed one stops any build with the reason. The build puts the configured ones in every page's
``<head>`` (``<meta name="ep-relato-rastreador">``, ``<meta name="ep-relato-email">``), where
``docs/assets/relatar.js`` reads them, and «Sobre» names them (:func:`about_html`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from markupsafe import Markup

from .public_address import PUBLISH_VARIABLE, publishing

# An address a mailto: link can carry as it is: a plain local part and a domain of labels (no "?",
# "&" or "=": 'a@b.c?cc=x' would add a recipient to every report).
EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                   r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+")
META = {"rastreador": "ep-relato-rastreador", "email": "ep-relato-email"}
VARIABLES = {"rastreador": "EP_RELATO_RASTREADOR", "email": "EP_RELATO_EMAIL"}
PLACEHOLDERS = ("{titulo}", "{relato}")


class DestinationError(ValueError):
    """A configured destination cannot be used."""


def destinations(extra: Mapping[str, Any]) -> dict[str, str]:
    """The configured destinations (``rastreador``, ``email``), checked; empty ones left out."""
    config = extra.get("relatar_erro") or {}
    if not isinstance(config, Mapping):
        raise DestinationError("extra.relatar_erro deve ter as chaves rastreador e/ou email")
    unknown = set(config) - set(META)
    if unknown:
        raise DestinationError(f"extra.relatar_erro: chave desconhecida {sorted(unknown)[0]!r} "
                               "(use rastreador e/ou email)")
    out: dict[str, str] = {}
    tracker = str(config.get("rastreador") or "").strip()
    if tracker:
        parts = urlsplit(tracker)
        if parts.scheme != "https" or not parts.hostname:
            raise DestinationError(f"extra.relatar_erro.rastreador {tracker!r}: precisa ser um endereço https://")
        if "{relato}" not in tracker and "{titulo}" not in tracker:
            raise DestinationError(f"extra.relatar_erro.rastreador {tracker!r}: ponha {{titulo}} e {{relato}} "
                                   "onde o título e o texto do relato devem entrar")
        out["rastreador"] = tracker
    email = str(config.get("email") or "").strip()
    if email:
        if not EMAIL.fullmatch(email):
            raise DestinationError(f"extra.relatar_erro.email {email[:120]!r}: não é um endereço de e-mail que um "
                                   "link mailto: leve como está (antes do @ só letras, números e . _ % + -; "
                                   "depois, um domínio; nada de ?, & ou =)")
        out["email"] = email
    return out


def head_tags(extra: Mapping[str, Any]) -> str:
    """The ``<meta>`` tags that tell the page script where a report can be sent."""
    return "".join(f'<meta name="{META[key]}" content="{html.escape(value)}">'
                   for key, value in destinations(extra).items())


def check(extra: Mapping[str, Any], environ: Mapping[str, str]) -> dict[str, str]:
    """The destinations, checked; a build for publishing without any stops with what to set."""
    found = destinations(extra)
    if publishing(environ) and not found:
        raise DestinationError(
            f"build para publicação ({PUBLISH_VARIABLE}=1) sem destino para «Informar um erro»: o relato "
            "de um leitor não chegaria a ninguém. Defina o endereço de um problema novo no rastreador "
            f"({VARIABLES['rastreador']}, por exemplo "
            "https://github.com/DONO/REPO/issues/new?title={titulo}&body={relato}) e/ou um e-mail "
            f"({VARIABLES['email']}, por exemplo erros@exemplo.org)."
        )
    return found


def tracker_page(template: str) -> str:
    """The tracker's address without the report: the template's query parameters that carry
    ``{titulo}`` or ``{relato}`` are left out, and so are placeholders elsewhere
    (``…/issues/new?title={titulo}&body={relato}`` → ``…/issues/new``)."""
    parts = urlsplit(template)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)
             if not any(p in v for p in PLACEHOLDERS)]
    path = parts.path
    for placeholder in PLACEHOLDERS:
        path = path.replace(placeholder, "")
    return urlunsplit((parts.scheme, parts.netloc, path, urlencode(query), ""))


def about_html(extra: Mapping[str, Any]) -> Markup:
    """The sentence of «Sobre» that says where a report goes (the configured destinations), or,
    in a build without any (only a local one), that this copy names none."""
    found = destinations(extra)
    ways = []
    if "rastreador" in found:
        ways.append(Markup('no <a href="{}">rastreador de problemas do projeto</a>').format(
            tracker_page(found["rastreador"])))
    if "email" in found:
        ways.append(Markup('por e-mail, para <a href="mailto:{0}">{0}</a>').format(found["email"]))
    if not ways:
        return Markup("<p>Esta cópia do site não tem um destino para os relatos: copie o relato e "
                      "envie-o a quem mantém esta cópia.</p>")
    return Markup("<p>O relato chega a quem mantém o site {}.</p>").format(Markup(" ou ").join(ways))
