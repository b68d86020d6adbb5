"""The browser code's boundaries (issue 27; ``dev/browser-code.md``), read from the sources.

- ``docs/assets/`` holds no script at its top level: every script is an ES module in its feature
  folder of ``docs/assets/js/``;
- no module puts anything on ``window`` (the modules talk by imports) and none reads from it
  anything but the browser's own names (the ``globals`` package's list, the one ESLint uses),
  Material's ``document$`` and the QR library's ``qrcode``: no ``window.estatutos*``, no switch a
  test would set in the page (tests use Playwright's init scripts, routing, the CDP or the UI);
- each name the pages, the workers and the build share (``common/constants.json``: cache names,
  storage keys, message types, files) is written once: no source of the site, of the build or
  of the service worker's generator spells it out.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "docs" / "assets"
SOURCES = ASSETS / "js"
CONSTANTS = SOURCES / "common" / "constants.json"
# Read from window besides the browser's names: Material's page stream, the QR library's global
# (assets/vendor/qrcode-generator.js, a classic script loaded on demand).
OTHER_GLOBALS = {"document$", "location$", "qrcode"}
# What spells out a shared name besides constants.json: nothing of the site, of the build or of
# the service worker's generator.
SCANNED = [*SOURCES.rglob("*.mjs"), *(ROOT / "scripts").rglob("*.mjs"), *(ROOT / "macros").rglob("*.py"),
           *(ROOT / "macros").rglob("*.mjs"), *(ROOT / "scripts").rglob("*.py"), *(ROOT / "scripts").rglob("*.sh")]


def relative(path: Path) -> str:
    return path.relative_to(SOURCES).as_posix()


def modules() -> list[Path]:
    return sorted(SOURCES.rglob("*.mjs"))


def code_of(text: str) -> str:
    """A module without its comments (block comments, and ``//`` comments not inside a URL)."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"(^|[\s;{}(),])//[^\n]*", r"\1", text)


def browser_globals() -> set[str]:
    names = json.loads((ROOT / "node_modules" / "globals" / "globals.json").read_text(encoding="utf-8"))
    return set(names["browser"]) | set(names["builtin"]) | OTHER_GLOBALS


def test_no_classic_script_at_the_top_of_the_assets() -> None:
    assert not [p.name for p in ASSETS.glob("*") if p.suffix in (".js", ".mjs")]
    scripts = {relative(p) for p in SOURCES.rglob("*") if p.is_file()}
    classic = {s for s in scripts if not s.endswith((".mjs", ".json"))}
    assert not classic, f"scripts clássicos: {sorted(classic)}"
    folders = {s.split("/")[0] for s in scripts}
    assert folders == {"common", "calculators", "engine", "offline", "tables", "citations", "search", "entries"}


WRITE = re.compile(r"\b(?:window|globalThis)\.([A-Za-z_$][\w$]*)\s*(?:=(?!=)|\+=|-=|\|\|=)")
READ = re.compile(r"\b(?:window|globalThis)\.([A-Za-z_$][\w$]*)")


@pytest.mark.parametrize("path", modules(), ids=relative)
def test_a_module_puts_nothing_on_window_and_reads_only_the_browser(path: Path) -> None:
    code = code_of(path.read_text(encoding="utf-8"))
    assert not WRITE.findall(code), f"{relative(path)} põe nomes em window: {WRITE.findall(code)}"
    foreign = sorted(set(READ.findall(code)) - browser_globals())
    assert not foreign, f"{relative(path)} lê de window o que não é do navegador: {foreign}"
    assert not re.search(r"\bestatutos[A-Z]", code), relative(path)


def test_the_check_sees_a_global() -> None:
    """The rule above is not blind: the globals of before are caught."""
    assert WRITE.findall("window.estatutosMotor = { a: 1 };") == ["estatutosMotor"]
    assert set(READ.findall("var t = window.calculadorasTempoLimite;")) - browser_globals() == {
        "calculadorasTempoLimite"}
    assert not set(READ.findall("window.localStorage.getItem(k); window.fetch(u)")) - browser_globals()


def shared_names() -> list[str]:
    names = json.loads(CONSTANTS.read_text(encoding="utf-8"))
    out: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key != "_":
                    walk(item)
        elif isinstance(value, str) and len(value) > 3:
            out.append(value)

    walk(names)
    return out


def test_each_shared_name_is_written_once() -> None:
    names = shared_names()
    assert {"ep-motor", "ep-site", "EP_VERSAO", "motor-instantaneo.bin"} <= set(names)
    found = []
    for path in SCANNED:
        text = path.read_text(encoding="utf-8")
        for name in names:
            if re.search(rf"""["'`]{re.escape(name)}["'`?]""", text):
                found.append(f"{path.relative_to(ROOT).as_posix()}: {name}")
    assert not found, "nomes de common/constants.json escritos de novo:\n" + "\n".join(found)


def test_the_tests_take_the_cache_and_storage_names_from_the_constants() -> None:
    """The browser tests and benchmarks use offline_helpers (ENGINE_CACHE, CONSENT…), read from
    common/constants.json: a renamed cache or key cannot leave a test checking the old one."""
    names = json.loads((ROOT / "docs" / "assets" / "js" / "common" / "constants.json").read_text(encoding="utf-8"))
    typed = [*names["caches"].values(), *names["storage"].values()]
    found = []
    for path in sorted([*(ROOT / "tests").rglob("*.py"), *(ROOT / "benchmarks").rglob("*.py")]):
        if path.name == "test_browser_modules.py":
            continue
        text = path.read_text(encoding="utf-8")
        found += [f"{path.relative_to(ROOT).as_posix()}: {name}" for name in typed
                  if re.search(rf"""["'`]{re.escape(name)}["'`]""", text)]
    assert not found, "nomes de common/constants.json escritos à mão:\n" + "\n".join(found)
