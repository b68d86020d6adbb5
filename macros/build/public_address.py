"""The address the site is published at (``site_url``), and the check of a build for publishing.

``mkdocs.yml`` reads it from the environment: ``site_url: !ENV [EP_SITE_URL, 'http://127.0.0.1:8000/']``.
Every absolute address the build writes comes from it: the «Citar» references and «Link
permanente», the CSL-JSON ``URL``, RIS ``UR`` and BibTeX ``url`` of ``/dados/citacoes/``, the
canonical link, ``og:url``, ``z.url``, ``citation_public_url``, the sitemap and ``robots.txt``.

A build for publishing (``EP_PUBLICAR=1``) refuses an address of the machine itself (localhost,
127.0.0.0/8, ::1, 0.0.0.0, ``*.localhost``): a deployment that forgot to set ``EP_SITE_URL`` would
put ``http://127.0.0.1:8000/`` into theses. The local ``serve`` and the tests build without it.
In the browser, what a reader copies uses the address he is actually reading from
(``docs/assets/pagina.js``, ``estatutosEndereco``).
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Mapping
from urllib.parse import urlsplit

PUBLISH_VARIABLE = "EP_PUBLICAR"
ADDRESS_VARIABLE = "EP_SITE_URL"


class AddressError(ValueError):
    """The public address cannot be used for this build."""


def is_local(url: str) -> bool:
    """Whether ``url`` names this machine (or no host at all)."""
    host = (urlsplit(url).hostname or "").lower().rstrip(".")
    if host in ("", "localhost") or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def publishing(environ: Mapping[str, str]) -> bool:
    """``EP_PUBLICAR=1`` (or ``sim``/``true``) asks for a build for publishing."""
    return environ.get(PUBLISH_VARIABLE, "").strip().lower() in ("1", "sim", "true", "yes")


# Characters an address never carries as they are (RFC 3986: they must be percent-encoded):
# a quote or a bracket in site_url would end an attribute of every page's <head>.
UNSAFE = re.compile(r"[\s\"'<>\\`{}|^\x00-\x1f\x7f]")


def check(site_url: str, environ: Mapping[str, str]) -> None:
    """Refuse an address that is not one (a quote, a space, no http(s) scheme), in any build,
    before anything is written; and, in a build for publishing, one that is not public (with what
    to do)."""
    bad = UNSAFE.search(site_url or "")
    if bad:
        char = bad.group(0)
        name = repr(char) if char.isprintable() and not char.isspace() else f"U+{ord(char):04X}"
        raise AddressError(
            f"endereço do site {site_url[:120]!r} ({ADDRESS_VARIABLE}) com o caractere {name}, que não pode "
            f"estar num endereço: tire-o (ou escreva-o codificado, como %{ord(char):02X})"
        )
    if site_url and urlsplit(site_url).scheme not in ("http", "https"):
        raise AddressError(f"endereço do site {site_url[:120]!r} ({ADDRESS_VARIABLE}) sem http:// ou https://")
    if not publishing(environ):
        return
    scheme = urlsplit(site_url or "").scheme
    if scheme not in ("http", "https") or is_local(site_url or ""):
        raise AddressError(
            f"build para publicação ({PUBLISH_VARIABLE}=1) com o endereço {site_url or '(vazio)'!r}, "
            f"que não é público: defina {ADDRESS_VARIABLE} com o endereço onde o site será servido "
            f"(por exemplo {ADDRESS_VARIABLE}=https://exemplo.org/estatutos/)."
        )
