"""Helpers shared by tests/browser/test_offline.py and benchmarks/calculators.py (no fixtures)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from calculators import api
from macros.data.cases import calculator_cases
from macros.data.site import current

# The names the pages and the service worker share (docs/assets/js/common/constants.json).
CONSTANTS = Path(__file__).resolve().parents[2] / "docs" / "assets" / "js" / "common" / "constants.json"
NAMES: dict[str, Any] = json.loads(CONSTANTS.read_text(encoding="utf-8"))
ENGINE_CACHE: str = NAMES["caches"]["engine"]
SITE_CACHE: str = NAMES["caches"]["site"]
CONSENT_KEY: str = NAMES["storage"]["engineConsent"]
KEPT_KEY: str = NAMES["storage"]["engineKept"]
YES: str = NAMES["yes"]
# An init script: the person already agreed to the engine's download.
CONSENT = f"localStorage.setItem({json.dumps(CONSENT_KEY)}, {json.dumps(YES)})"
# A script's value: the stored answer to the engine's download.
CONSENT_GIVEN = f"localStorage.getItem({json.dumps(CONSENT_KEY)})"

# How much of the site the service worker keeps ({guardados, total, downloads, totalDownloads}),
# asked of it directly (its MESSAGES.keptCount), once it is active.
_KEPT = """(names) => navigator.serviceWorker.ready.then((registration) => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => resolve(event.data);
  registration.active.postMessage({type: names.messages.keptCount}, [channel.port2]);
}))"""

# «Usar sem internet» asked of the service worker directly, as offline/warmup.mjs asks it: the
# whole site, /dados/ included; resolves with its last count.
_KEEP_EVERYTHING = """(names) => navigator.serviceWorker.ready.then((registration) => new Promise((resolve) => {
  localStorage.setItem(names.storage.wholeSite, names.yes);
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => {
    const data = event.data || {};
    if (data.tipo === 'fim' && (data.completo || data.erro)) resolve(data);
  };
  registration.active.postMessage({type: names.messages.warmUp, tudo: true}, [channel.port2]);
}))"""


def kept_so_far(page: Any) -> dict[str, Any]:
    """How much of the site the service worker keeps now."""
    return dict(page.evaluate(_KEPT, NAMES) or {})


def keep_everything(page: Any) -> dict[str, Any]:
    """The whole site kept (as «Usar sem internet» asks); the service worker's last count."""
    return dict(page.evaluate(_KEEP_EVERYTHING, NAMES) or {})


def wait_site_kept(page: Any) -> dict[str, Any]:
    """Until the service worker's background warm-up (docs/assets/js/offline/sw/site-cache.mjs)
    has kept every page and file of the site it keeps (a bound for a broken warm-up, not a speed:
    three minutes, for a loaded machine); returns its count."""
    kept: dict[str, Any] = {}
    for _ in range(720):
        kept = kept_so_far(page)
        if kept and kept["guardados"] == kept["total"]:
            return kept
        page.wait_for_timeout(250)
    raise AssertionError(f"o site não foi guardado: {kept}")


def sitemap_paths(site: Path) -> list[str]:
    """The path of every page in the built site's sitemap."""
    xml = (site / "sitemap.xml").read_text(encoding="utf-8")
    return [re.sub(r"^https?://[^/]+", "", url) for url in re.findall(r"<loc>([^<]+)</loc>", xml)]


def share_query(inputs: dict[str, Any]) -> str:
    """The query of a shared calculator link for ``inputs`` (lists as JSON, booleans sim/nao)."""
    params = {}
    for key, value in inputs.items():
        if isinstance(value, list | dict):
            params[key] = json.dumps(value, ensure_ascii=False)
        elif isinstance(value, bool):
            params[key] = "sim" if value else "nao"
        else:
            params[key] = str(value)
    return urlencode(params)


def site_data(name: str) -> Any:
    """What the page hands the calculator: the decree's tables for salarios_1945, else nothing."""
    return current().decree_tables if api.describe(name).get("needs_data") else None


def usable_case(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A case that computes with the site's own data, and CPython's answer to it."""
    for case in calculator_cases(name):
        if case["expected"].get("ok", True) is False:
            continue
        reference = api.run(name, case["inputs"], data=site_data(name))
        if reference.get("ok") is True:
            return case, reference
    raise AssertionError(f"{name}: nenhum caso utilizável")
