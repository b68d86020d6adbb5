"""The site installable and usable offline, and the engine asked for before it downloads.

Used by ``macros/build/plugin.py`` and ``macros/build/page_parts.py``:

- every page links the web app manifest (``/manifest.webmanifest``) and its icons
  (:func:`head_links`, in the block ``extrahead``);
- each calculator page (and the calculators index) gets the engine offer in its content
  (:func:`add_offer`, ``on_page_content``): the real download size from the build
  (``site_files.engine_report``), a rough time on a slow connection, «Baixar o motor de cálculo
  (x MB)» and «Usar sem internet». It is hidden until ``engine/offer.mjs`` shows it; without
  JavaScript the worked examples are the page. The page's scripts are preloaded from its
  ``<head>`` (:func:`preloads`).

The service worker itself is generated after the build by ``scripts/service_worker.mjs``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from markupsafe import Markup, escape

from calculators.core.money import format_decimal

from ..render import calculator_embed, material

# A slow mobile connection, as in the measurements: 400 kbit/s, 400 ms per round trip.
SLOW_BITS_PER_SECOND = 400_000
SLOW_ROUND_TRIP_S = 0.4
THEME_COLOR = "#3f51b5"


def megabytes(count: int) -> str:
    """``4226148`` → ``"4,2"`` (decimal megabytes, Brazilian comma)."""
    return format_decimal(Decimal(count) / 1_000_000, 1)


def slow_time(gzip_bytes: int, files: int) -> str:
    """Rough download time on the slow connection, in words (rounded up to 10 s)."""
    seconds = gzip_bytes * 8 / SLOW_BITS_PER_SECOND + SLOW_ROUND_TRIP_S * (files + 2)
    rounded = int(-(-seconds // 10) * 10)
    minutes, rest = divmod(rounded, 60)
    if not minutes:
        return f"{rest} segundos"
    words = "1 minuto" if minutes == 1 else f"{minutes} minutos"
    return f"{words} e {rest} segundos" if rest else words


def head_links(prefix: str) -> str:
    return (
        f'<link rel="manifest" href="{prefix}manifest.webmanifest">'
        f'<meta name="theme-color" content="{THEME_COLOR}">'
        f'<link rel="apple-touch-icon" href="{prefix}assets/icones/icone-192.png">'
    )


def offer_data(report: Mapping[str, Any]) -> tuple[str, str]:
    """The engine's size (gzip bytes) and files (url, bytes, sha256), as the offer and the early
    start in the ``<head>`` carry them (``data-motor-gzip``, ``data-motor-arquivos``, escaped)."""
    files = [{"url": f["url"], "bytes": f["bytes"], "sha256": f["sha256"]} for f in report["files"]]
    return str(int(report["gzip"])), str(escape(json.dumps(files, separators=(",", ":"))))


def offer_html(report: Mapping[str, Any], index_page: bool, embedded: bool = False) -> str:
    """The engine offer (hidden until engine/offer.mjs decides to show it). On an embeddable page
    (``embedded``: inside another site) without «Usar sem internet», which no other site's page
    can promise, and without the worked examples, which only the full page has."""
    gzip, files = offer_data(report)
    size = megabytes(int(report["gzip"]))
    time = slow_time(int(report["gzip"]), len(report["files"]))
    intro = (
        "Para usar as calculadoras sem internet, baixe uma vez o motor de cálculo"
        if index_page
        else "Para calcular aqui, o site precisa baixar uma vez o motor de cálculo"
    )
    return str(
        Markup(
            '<div class="motor-oferta" hidden data-search-exclude{always} data-motor-bytes="{raw}" '
            'data-motor-gzip="{gzip}" data-motor-arquivos="{files}">'
            "<p>{intro}: <strong>{size} MB</strong>. Numa conexão lenta (3G, 400 kbit/s) leva cerca "
            "de {time}; depois fica guardado neste aparelho e não é baixado de novo. "
            "{examples}</p>"
            '<p class="motor-botoes">'
            '<button type="button" class="{primary}" data-motor-acao="baixar">'
            "Baixar o motor de cálculo ({size} MB)</button>"
            "{offline}</p>"
            '<p class="motor-progresso" role="status" aria-live="polite"></p>'
            "</div>"
        ).format(
            always=Markup(" data-sempre") if index_page else Markup(""),
            raw=report["bytes"],
            gzip=gzip,
            files=Markup(files),
            intro=intro,
            size=size,
            time=time,
            primary=material.PRIMARY,
            offline="" if embedded else Markup(
                ' <button type="button" class="{}" data-motor-acao="offline">Usar sem internet ({} MB)</button>'
            ).format(material.BUTTON, size),
            examples=""
            if index_page or embedded
            else "Os exemplos resolvidos, mais abaixo, já mostram o cálculo sem baixar nada.",
        )
    )


def preloads(scripts: list[tuple[bool, str]]) -> str:
    """``<link rel="preload">`` in the ``<head>`` for each script the page's body loads, in order
    (``modulepreload`` for a module: a plain preload would be fetched a second time).

    The offer is shown by the page's scripts, once they have all run. Chrome fetches scripts at
    the end of ``<body>`` one after the other on a slow link (each one after the previous has
    run), and each pays a round trip (400 ms on the slow profile); preloaded, they come together
    (benchmark item 7: the offer visible within 3 s of the first paint)."""
    return "".join(f'<link rel="modulepreload" href="{src}">' if module
                   else f'<link rel="preload" href="{src}" as="script">' for module, src in scripts)


def has_offer(src_uri: str, report: Mapping[str, Any]) -> bool:
    """The pages with the engine offer (and their scripts preloaded): the calculators' and their
    embeddable pages (``embutir/``)."""
    return bool(report) and (src_uri.startswith("calculadoras/") or calculator_embed.is_embed_page(src_uri))


CALCULATOR_FORM = '<form class="calc-form"'
INDEX_MARKER = '<h2 id="como-funcionam"'


def add_offer(content: str, src_uri: str, report: Mapping[str, Any]) -> str:
    """A calculator page's content with the engine offer right before its form; the calculators'
    index with it before «Como funcionam» (or at its end)."""
    if not has_offer(src_uri, report):
        return content
    if src_uri == "calculadoras/index.md":
        if INDEX_MARKER in content:
            return content.replace(INDEX_MARKER, offer_html(report, True) + INDEX_MARKER, 1)
        return content + offer_html(report, True)
    if CALCULATOR_FORM in content:
        offer = offer_html(report, False, embedded=calculator_embed.is_embed_page(src_uri))
        return content.replace(CALCULATOR_FORM, offer + CALCULATOR_FORM, 1)
    return content
