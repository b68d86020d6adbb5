"""The change log (``data/novidades.yaml``): /novidades/, /feed.xml read back with feedparser,
the feed announced in every page's head, and «Atualizado em» on each provision and «Hoje» box an
entry touched."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import feedparser
import pytest
import yaml
from conftest import ROOT
from lxml import html as lxml_html

from macros.build.feed import FEED_PATH, entry_id, entry_time, feed_xml
from macros.data.loader import DataError, load_validated
from macros.data.novidades import MARKS_PROVISION, MARKS_TODAY, article_of
from macros.data.novidades import build as build_changes
from macros.data.site import Site, current


def test_feed_reads_back_with_ids_dates_and_links(site_dir: Path, site: Site) -> None:
    parsed = feedparser.parse((site_dir / FEED_PATH).read_bytes())
    assert not parsed.bozo, parsed.get("bozo_exception")
    assert parsed.version == "atom10"
    changes = list(site.changes)
    site_url = "http://127.0.0.1:8000/"
    assert [e.id for e in parsed.entries] == [entry_id(c, site_url) for c in changes]
    assert len({e.id for e in parsed.entries}) == len(changes)
    anchors = {a.get("id") for a in lxml_html.fromstring(
        (site_dir / "novidades" / "index.html").read_bytes()).xpath("//article[@id]")}
    for entry, change in zip(parsed.entries, changes, strict=True):
        assert entry.title == change.title
        assert dt.datetime(*entry.updated_parsed[:6], tzinfo=dt.UTC) == entry_time(change).astimezone(dt.UTC)
        assert entry.link == f"{site_url}novidades/#{change.id}"
        assert change.id in anchors
        assert entry.tags[0].term == change.kind
    assert parsed.feed.updated_parsed[:3] == changes[0].date.timetuple()[:3]
    self_links = [link.href for link in parsed.feed.links if link.rel == "self"]
    assert self_links == [f"{site_url}{FEED_PATH}"]


def test_feed_addresses_follow_the_public_address(site: Site) -> None:
    """Links and ids come from the public address (issue 30: no invented domain): the feed's id is
    its own address, an entry's is its permanent address on /novidades/; the same at every build."""
    public = "https://exemplo.org/estatutos/"
    xml = feed_xml(site, public)
    parsed = feedparser.parse(xml)
    assert parsed.feed.id == f"{public}{FEED_PATH}"
    for entry, change in zip(parsed.entries, site.changes, strict=True):
        assert entry.id == entry.link == f"{public}novidades/#{change.anchor}"
    assert feed_xml(site, public) == xml
    assert "127.0.0.1" not in xml.decode() and ".invalid" not in xml.decode()


def test_every_page_announces_the_feed(site_dir: Path) -> None:
    missing = []
    for path in site_dir.rglob("*.html"):
        if "assets" in path.parts:
            continue
        head = lxml_html.fromstring(path.read_bytes()).find("head")
        links = head.xpath('link[@rel="alternate"][@type="application/atom+xml"]') if head is not None else []
        if len(links) != 1:
            missing.append(str(path.relative_to(site_dir)))
            continue
        depth = len(path.relative_to(site_dir).parts) - 1
        if path.name in ("404.html", "sem-internet.html"):  # served at any depth: links from the site's root path
            assert links[0].get("href") == "/" + FEED_PATH, path
        else:
            assert links[0].get("href") == "../" * depth + FEED_PATH, path
    assert not missing, missing


def test_novidades_page_lists_every_entry_newest_first(site_dir: Path, site: Site) -> None:
    tree = lxml_html.fromstring((site_dir / "novidades" / "index.html").read_bytes())
    articles = tree.xpath('//article[contains(@class, "novidade")]')
    assert [a.get("id") for a in articles] == [c.id for c in site.changes]
    dates = [a.xpath(".//time/@datetime")[0] for a in articles]
    assert dates == sorted(dates, reverse=True)
    assert tree.xpath(f'//a[@href="../{FEED_PATH}"]')


def test_touched_provisions_and_boxes_show_their_latest_update(site_dir: Path, site: Site) -> None:
    checked = 0
    for slug in site.statutes:
        tree = lxml_html.fromstring((site_dir / slug / "index.html").read_bytes())
        for change in site.changes:
            for provision in change.provisions.get(slug, ()):
                if change.kind in MARKS_PROVISION:
                    latest = site.changes.latest_for_provision(slug, provision)
                    node = tree.xpath(f'//*[@id="{provision}"]')[0]
                    where = node if node.tag != "h2" else tree.xpath(f'//*[@data-de="{provision}"]')[0]
                elif change.kind in MARKS_TODAY:
                    latest = site.changes.latest_for_today(slug, article_of(provision))
                    where = tree.xpath(f'//*[@id="hoje-{article_of(provision)}"]')[0]
                else:
                    continue
                assert latest is not None
                hrefs = where.xpath('.//a[contains(@class, "atualizado")]/@href')
                assert f"../novidades/#{latest.id}" in hrefs, (slug, provision, hrefs)
                checked += 1
    assert checked >= 10
    # An untouched provision has no mark.
    tree = lxml_html.fromstring((site_dir / "lei-4860-1965" / "index.html").read_bytes())
    assert not tree.xpath('//*[@id="art9"]//a[contains(@class, "atualizado")]')


def raw_changes() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((ROOT / "data" / "novidades.yaml").read_text(encoding="utf-8"))
    return data


BROKEN: list[tuple[str, Any, str, str]] = [
    ("id repetido", lambda d: d["novidades"].insert(1, dict(d["novidades"][0])), "novidades[1].id", "repetido"),
    ("data no futuro", lambda d: d["novidades"][0].update(date="2999-01-01"), "novidades[0].date", "no futuro"),
    ("data inexistente", lambda d: d["novidades"][0].update(date="2026-02-30"), "novidades[0].date", "inexistente"),
    ("tipo desconhecido", lambda d: d["novidades"][0].update(kind="boato"), "novidades[0].kind", "não permitido"),
    ("dispositivo inexistente", lambda d: d["novidades"][0]["provisions"].update({"lei-4860-1965": ["art99"]}),
     "novidades[0].provisions.lei-4860-1965[0]", "não existe"),
    ("ato inexistente", lambda d: d["novidades"][0]["provisions"].update({"lei-1-1900": []}),
     "novidades[0].provisions.lei-1-1900", "não há ato"),
    ("sem resumo", lambda d: d["novidades"][0].pop("summary"), "novidades[0]", "summary"),
]


@pytest.mark.parametrize(("what", "mutate", "place", "reason"), BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_change_log_is_rejected(tmp_path: Path, what: str, mutate: Any, place: str, reason: str) -> None:
    data = raw_changes()
    mutate(data)
    path = tmp_path / "novidades.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        build_changes(load_validated(path, "novidades"), path, current().statutes)
    assert caught.value.place == place, caught.value.place
    assert reason in caught.value.reason, caught.value.reason
