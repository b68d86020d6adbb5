"""The site installable and usable offline, and the engine asked for before it downloads.

Called from ``macros/build/plugin.py`` (``on_post_page``):

- every page links the web app manifest (``/manifest.webmanifest``) and its icons;
- each calculator page (and the calculators index) gets the engine offer: the real download
  size from the build (``site_files.engine_report``), a rough time on a slow connection,
  «Baixar o motor de cálculo (x MB)» and «Usar sem internet». It is hidden until
  ``assets/motor.js`` shows it; without JavaScript the worked examples are the page. The page's
  scripts are preloaded from its ``<head>`` (:func:`preload_scripts`).

The service worker itself is generated after the build by ``scripts/service_worker.mjs``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from markupsafe import Markup

from calculators.core.money import format_decimal

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


def offer_html(report: Mapping[str, Any], index_page: bool) -> str:
    """The engine offer (hidden until motor.js decides to show it)."""
    files = [{"url": f["url"], "bytes": f["bytes"], "sha256": f["sha256"]} for f in report["files"]]
    size = megabytes(int(report["gzip"]))
    time = slow_time(int(report["gzip"]), len(files))
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
            '<button type="button" class="md-button md-button--primary" data-motor-acao="baixar">'
            "Baixar o motor de cálculo ({size} MB)</button> "
            '<button type="button" class="md-button" data-motor-acao="offline">'
            "Usar sem internet ({size} MB)</button></p>"
            '<p class="motor-progresso" role="status" aria-live="polite"></p>'
            "</div>"
        ).format(
            always=Markup(" data-sempre") if index_page else Markup(""),
            raw=report["bytes"],
            gzip=report["gzip"],
            files=json.dumps(files, separators=(",", ":")),
            intro=intro,
            size=size,
            time=time,
            examples=""
            if index_page
            else "Os exemplos resolvidos, mais abaixo, já mostram o cálculo sem baixar nada.",
        )
    )


def _prefix(url: str) -> str:
    depth = url.strip("/").count("/") + 1 if url.strip("/") else 0
    return "../" * depth


BODY_SCRIPT = re.compile(r'<script (type="module" )?src="([^"]+)"')


def preload_scripts(output: str) -> str:
    """``<link rel="preload">`` in the ``<head>`` for each script the page's body loads
    (``modulepreload`` for a module: a plain preload would be fetched a second time).

    The offer is shown by the page's scripts, once they have all run. Chrome fetches scripts at
    the end of ``<body>`` one after the other on a slow link (each one after the previous has
    run), and each pays a round trip (400 ms on the slow profile); preloaded, they come together
    (benchmark item 7: the offer visible within 3 s of the first paint)."""
    head_end = output.find("</head>")
    if head_end < 0:
        return output
    sources = BODY_SCRIPT.findall(output, head_end)
    links = "".join(f'<link rel="modulepreload" href="{src}">' if module
                    else f'<link rel="preload" href="{src}" as="script">' for module, src in sources)
    return output[:head_end] + links + output[head_end:]


def post_page(output: str, page: Any, report: Mapping[str, Any]) -> str:
    """Manifest links on every page; the engine offer on the calculator pages, whose scripts are
    preloaded."""
    output = output.replace("</head>", head_links(_prefix(page.url)) + "</head>", 1)
    src = page.file.src_uri
    if not report or not src.startswith("calculadoras/"):
        return output
    output = preload_scripts(output)
    if src == "calculadoras/index.md":
        marker = '<h2 id="como-funcionam"'
        if marker in output:
            return output.replace(marker, offer_html(report, True) + marker, 1)
        return output.replace("</article>", offer_html(report, True) + "</article>", 1)
    marker = '<form class="calc-form"'
    if marker in output:
        return output.replace(marker, offer_html(report, False) + marker, 1)
    return output
