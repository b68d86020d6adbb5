"""Where «Informar um erro» can also send a report (``mkdocs.yml``: the ``estatutos`` plugin's
``relatar_erro``, which the plugin gives the pages as ``extra.relatar_erro``).

- ``rastreador``: the address of a new issue in the project's tracker, with ``{titulo}`` and/or
  ``{relato}`` where the report's title and text go, e.g.
  ``https://github.com/OWNER/REPO/issues/new?title={titulo}&body={relato}``;
- ``email``: an address the report can be mailed to (``mailto:``, subject and body filled in).

Both are optional (``mkdocs.yml`` reads them from ``EP_RELATO_RASTREADOR`` and ``EP_RELATO_EMAIL``);
without either, the report is only copied. A malformed one stops the build with the reason. The
build puts the configured ones in every page's ``<head>`` (``<meta name="ep-relato-rastreador">``,
``<meta name="ep-relato-email">``), where ``docs/assets/relatar.js`` reads them.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

EMAIL = re.compile(r"[^@\s<>\"'(),;:]+@[^@\s<>\"'(),;:]+\.[^@\s<>\"'(),;:]+")
META = {"rastreador": "ep-relato-rastreador", "email": "ep-relato-email"}


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
            raise DestinationError(f"extra.relatar_erro.email {email!r}: não é um endereço de e-mail")
        out["email"] = email
    return out


def head_tags(extra: Mapping[str, Any]) -> str:
    """The ``<meta>`` tags that tell the page script where a report can be sent."""
    return "".join(f'<meta name="{META[key]}" content="{html.escape(value)}">'
                   for key, value in destinations(extra).items())
