"""Headless Chromium (Debian's /usr/bin/chromium) driven by Playwright, against the built site
served on 127.0.0.1. Requests to any other host are recorded so tests can fail on them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from site_server import start

from .engine_watch import ENGINE_WATCH

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Nothing but this machine: 127.0.0.1 (the site) and 127.0.0.2, another loopback address
    # that stands for another site (a union's page framing an embeddable calculator, test_embed.py).
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE 127.0.0.2",
]


# A font wider than any a fresh Debian has: DejaVu Sans Mono with extra letter spacing is about a
# quarter wider than DejaVu Sans (fonts-dejavu-core), the widest common phone font. Injected by CSS
# over everything, it stands for the unknown fonts of a real phone.
WIDE_FONT_CSS = (
    'body, body * { font-family: "Fonte Inexistente", "DejaVu Sans Mono", monospace !important;'
    " letter-spacing: .05em !important; }"
)


# Off-screen blocks the site lets the browser skip (``content-visibility: auto``: the calculators'
# worked examples) are laid out for a layout or accessibility check: what is measured is the page
# as the reader scrolls it, not its skipped placeholders.
ALL_RENDERED_CSS = "* { content-visibility: visible !important; }"


def inject_css(page: Page, css: str) -> None:
    """Add a style sheet through the CSSOM (a constructed sheet), which the site's Content
    Security Policy allows, unlike a ``<style>`` element."""
    page.evaluate("""css => { const sheet = new CSSStyleSheet(); sheet.replaceSync(css);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]; }""", css)


@pytest.fixture(scope="session")
def base_url(site_dir: Path) -> Iterator[str]:
    server, url = start(site_dir)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """The browser; every context made from it watches the engine (engine_watch.py)."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        make = browser.new_context

        def new_context(*args: Any, **kwargs: Any) -> BrowserContext:
            ctx = make(*args, **kwargs)
            ctx.add_init_script(ENGINE_WATCH)
            return ctx

        browser.new_context = new_context  # type: ignore[method-assign]
        yield browser
        browser.close()


class ExternalRequests(list[str]):
    """URLs requested from hosts other than the local server."""


def watch(context: BrowserContext) -> ExternalRequests:
    seen = ExternalRequests()

    def on_request(request: object) -> None:
        url = request.url  # type: ignore[attr-defined]
        host = urlsplit(url).hostname
        if url.startswith(("data:", "blob:", "about:")):
            return
        if host not in ("127.0.0.1",):
            seen.append(url)

    context.on("request", on_request)
    return seen


@pytest.fixture()
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR")
    ctx.external = watch(ctx)  # type: ignore[attr-defined]
    yield ctx
    ctx.close()


@pytest.fixture()
def page(context: BrowserContext) -> Page:
    pg = context.new_page()
    pg.set_default_timeout(20_000)
    return pg


@pytest.fixture()
def phone(browser: Browser) -> Iterator[Page]:
    """A 360 px wide touch screen."""
    ctx = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True, locale="pt-BR",
        device_scale_factor=2,
    )
    ctx.external = watch(ctx)  # type: ignore[attr-defined]
    pg = ctx.new_page()
    pg.set_default_timeout(20_000)
    yield pg
    ctx.close()
