"""The names the browser code, the build and the service worker share, written once in
``docs/assets/js/common/constants.json`` (the pages and workers import them through
``docs/assets/js/common/constants.mjs``; ``scripts/service_worker.mjs`` reads the same file)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

CONSTANTS_FILE = Path(__file__).resolve().parents[2] / "docs" / "assets" / "js" / "common" / "constants.json"
NAMES: dict[str, Any] = json.loads(CONSTANTS_FILE.read_text(encoding="utf-8"))

ENGINE_WORKER: str = "assets/" + NAMES["files"]["engineWorker"]
"""The calculators' engine worker, a bundle (macros/build/bundles.py) and an engine file."""
OFFLINE_PAGE: str = NAMES["files"]["offlinePage"]
"""The «Sem internet» page the service worker shows offline for a page not kept yet."""
BUILD_ID_FILE: str = NAMES["files"]["buildId"]
"""The server's current build id, never kept by the service worker."""
ENGINE_REPORT: str = NAMES["files"]["engineReport"]
"""Each engine file's sizes and hash (the offer, the progress count, the service worker)."""
