"""``/feed.xml``: the change log (``data/novidades.yaml``) as an Atom 1.0 feed, written with
``feedgen`` (pinned) at the end of the build.

Ids and links are absolute addresses under ``site_url``, the public address of the build (issue
30: no invented domain): the feed's id is its own address, an entry's id is the address of the
entry on ``/novidades/`` (its permanent anchor). They stay the same from build to build at the same
address; a site moved to another address starts a new feed (readers show its entries again).
Entries are newest first, dated at noon, Brasília time, of their day. Every page announces the
feed in its ``<head>`` (:func:`head_link`).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from feedgen.feed import FeedGenerator
from markupsafe import Markup

from ..data.novidades import Change
from ..data.site import Site

FEED_PATH = "feed.xml"
BRASILIA = dt.timezone(dt.timedelta(hours=-3))
TITLE = "Estatutos Portuários — novidades"


def base_of(site_url: str) -> str:
    return site_url if site_url.endswith("/") else site_url + "/"


def feed_id(site_url: str) -> str:
    """The feed's id: its own address."""
    return f"{base_of(site_url)}{FEED_PATH}"


def entry_id(change: Change, site_url: str) -> str:
    """An entry's id: its permanent address on ``/novidades/`` (also its link)."""
    return f"{base_of(site_url)}novidades/#{change.anchor}"


def entry_time(change: Change) -> dt.datetime:
    """Noon of the entry's day in Brasília: the same calendar day in every time zone a reader has."""
    return dt.datetime.combine(change.date, dt.time(12), tzinfo=BRASILIA)


def feed_xml(site: Site, site_url: str) -> bytes:
    """The Atom document (UTF-8) of the change log, with absolute links under ``site_url``."""
    base = base_of(site_url)
    changes = list(site.changes)
    fg = FeedGenerator()
    fg.id(feed_id(site_url))
    fg.title(TITLE)
    fg.subtitle("O que mudou no site: afirmações «Hoje», notas editoriais, tabelas relidas.")
    fg.language("pt-BR")
    fg.author({"name": "Estatutos Portuários"})
    fg.generator("Estatutos Portuários (python-feedgen)")  # no address: the feed names no outside site
    fg.link(href=f"{base}{FEED_PATH}", rel="self", type="application/atom+xml")
    fg.link(href=f"{base}novidades/", rel="alternate", type="text/html")
    fg.updated(max(entry_time(c) for c in changes))
    for change in changes:  # newest first, as on /novidades/
        fe = fg.add_entry(order="append")
        fe.id(entry_id(change, site_url))
        fe.title(change.title)
        fe.link(href=entry_id(change, site_url), rel="alternate", type="text/html")
        fe.published(entry_time(change))
        fe.updated(entry_time(change))
        fe.category(term=change.kind, label=change.kind_label)
        fe.summary(change.summary)
    out: bytes = fg.atom_str(pretty=True)
    return out


def write(site: Site, site_dir: Path, site_url: str) -> Path:
    """Write ``feed.xml`` at the root of the built site."""
    path = site_dir / FEED_PATH
    path.write_bytes(feed_xml(site, site_url))
    return path


def head_link(root: str) -> Markup:
    """The ``<link rel="alternate">`` that announces the feed, relative to the page (``root``)."""
    return Markup('<link rel="alternate" type="application/atom+xml" title="{}" href="{}{}">').format(
        TITLE, root, FEED_PATH)
