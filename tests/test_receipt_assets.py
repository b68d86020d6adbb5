"""The receipt's QR library (issue 20 §1): qrcode-generator, pinned exactly in package.json and
package-lock.json, copied at build into the site (never from another host), and kept by the
service worker's background warm-up (sw-paginas.js), so a receipt opens with its QR code offline
once the site is kept."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import ROOT

from macros.build.site_files import VENDOR_FILES

SERVED = "assets/vendor/qrcode-generator.js"


def test_qr_library_is_pinned() -> None:
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    version = package["dependencies"]["qrcode-generator"]
    assert version[0].isdigit()  # exact, no range
    assert lock["packages"]["node_modules/qrcode-generator"]["version"] == version
    assert package["devDependencies"]["jsqr"][0].isdigit()  # the tests' decoder, exact too


def test_qr_library_is_served_by_the_site_and_kept_offline(site_dir: Path) -> None:
    assert (site_dir / SERVED).read_bytes() == (ROOT / "node_modules" / VENDOR_FILES[SERVED]).read_bytes()
    # (The script itself reaches the page inside a bundle, macros/build/bundles.py.)
    script = (ROOT / "docs" / "assets" / "js" / "calculators" / "receipt.mjs").read_text(encoding="utf-8")
    assert '"vendor/qrcode-generator.js"' in script and "https://" not in script.replace("https://wa.me/", "")
    assert f'"{SERVED}":"' in (site_dir / "sw-paginas.js").read_text(encoding="utf-8")
