"""The supply chain (issue 29): every Python file installed is checked against a hash of the lock,
every npm package has its integrity, and the known advisories of the pinned versions are asked
of the registries' services (scripts/advisories.py), skipped with a clear line when they do not
answer."""

from __future__ import annotations

import json
import re
import sys
import urllib.error
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import advisories  # noqa: E402


def lock_entries() -> dict[str, list[str]]:
    """requirements.txt: each pin with its hashes."""
    text = (ROOT / "requirements.txt").read_text(encoding="utf-8")
    entries: dict[str, list[str]] = {}
    current = ""
    for line in text.splitlines():
        pin = advisories.PIN.match(line.strip())
        if pin:
            current = f"{pin.group(1).lower().replace('_', '-')}=={pin.group(2)}"
            entries[current] = []
        hashes = re.findall(r"--hash=sha256:([0-9a-f]{64})", line)
        if hashes:
            assert current, f"hash sem pacote: {line}"
            entries[current] += hashes
    return entries


def test_every_python_pin_has_hashes_and_follows_requirements_in() -> None:
    entries = lock_entries()
    assert len(entries) > 50
    assert not [pin for pin, hashes in entries.items() if not hashes], "pacotes sem hash em requirements.txt"
    wanted = {f"{n.lower().replace('_', '-')}=={v}"
              for n, v in advisories.pins((ROOT / "requirements.in").read_text(encoding="utf-8"))}
    assert wanted == set(entries), ("requirements.txt não segue requirements.in (rode bash scripts/run.sh fixar)",
                                    sorted(wanted ^ set(entries)))


def test_setup_installs_python_packages_only_with_hashes() -> None:
    script = (ROOT / "scripts" / "run.sh").read_text(encoding="utf-8")
    installs = [line.strip() for line in script.splitlines() if re.search(r"pip\"? install", line)
                and "-r requirements" in line]
    assert installs and all("--require-hashes" in line for line in installs), installs


def test_every_npm_package_has_its_integrity() -> None:
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    packages = {name: entry for name, entry in lock["packages"].items() if name and not entry.get("link")}
    assert packages
    missing = [name for name, entry in packages.items() if not str(entry.get("integrity", "")).startswith("sha512-")]
    assert not missing, missing


# ------------------------------------------------------------------ the advisories command
REQUIREMENTS = """# a comment
jinja2==3.1.4 \\
    --hash=sha256:aaaa
lxml==6.1.3 \\
    --hash=sha256:bbbb
"""


def fake_pypi(answers: dict[str, object], asked: list[str]) -> advisories.Fetch:
    def fetch(url: str) -> bytes:
        asked.append(url)
        answer = answers[url.split("/pypi/", 1)[1].split("/json")[0]]
        if isinstance(answer, int):
            raise urllib.error.HTTPError(url, answer, "não", None, None)  # type: ignore[arg-type]
        return json.dumps(answer).encode()
    return fetch


def test_a_known_python_advisory_is_listed_with_its_fix() -> None:
    asked: list[str] = []
    report = advisories.python_report(REQUIREMENTS, fake_pypi({
        "jinja2/3.1.4": {"vulnerabilities": [
            {"id": "GHSA-h75v-3vvj-5mfj", "aliases": ["CVE-2024-56326"], "fixed_in": ["3.1.5"],
             "link": "https://osv.dev/vulnerability/GHSA-h75v-3vvj-5mfj"},
            {"id": "PYSEC-0000-0", "withdrawn": "2025-01-01T00:00:00Z"}]},
        "lxml/6.1.3": {"vulnerabilities": []},
    }, asked))
    assert report.checked == 2 and len(asked) == 2 and not report.not_checked
    assert report.advisories == ["jinja2 3.1.4: GHSA-h75v-3vvj-5mfj (CVE-2024-56326); corrigido em: 3.1.5; "
                                 "https://osv.dev/vulnerability/GHSA-h75v-3vvj-5mfj"]
    assert "1 aviso conhecido" in report.lines()[0]


def test_a_silent_python_service_is_never_called_safe() -> None:
    """PyPI's JSON API answering 404 (a mirror without it): «não conferido», asked once, never
    «nenhum aviso» (pip-audit says «No known vulnerabilities found» then)."""
    asked: list[str] = []
    report = advisories.python_report(REQUIREMENTS, fake_pypi({"jinja2/3.1.4": 404, "lxml/6.1.3": 404}, asked))
    assert report.not_checked and "404" in report.not_checked and len(asked) == 1
    assert report.lines() == [f"Python (PyPI): não conferido — {report.not_checked}"]
    no_list = advisories.python_report(REQUIREMENTS, fake_pypi({"jinja2/3.1.4": {"info": {}},
                                                                "lxml/6.1.3": {"info": {}}}, []))
    assert "não tem a lista de avisos" in no_list.not_checked


NPM_FOUND = {
    "auditReportVersion": 2,
    "vulnerabilities": {
        "esbuild": {"name": "esbuild", "severity": "moderate", "range": "<=0.24.2",
                    "via": [{"title": "esbuild lets any site read the dev server", "severity": "moderate",
                             "url": "https://github.com/advisories/GHSA-67mh-4wv8-2f99"}]},
        "vite": {"name": "vite", "severity": "moderate", "range": "<=6.1.6", "via": ["esbuild"]},
    },
    "metadata": {"dependencies": {"total": 406}},
}


def test_npm_advisories_are_listed_and_a_refused_service_is_not_checked() -> None:
    found = advisories.npm_report(lambda: (1, json.dumps(NPM_FOUND)))
    assert found.checked == 406
    assert found.advisories == ["esbuild <=0.24.2: esbuild lets any site read the dev server (moderate); "
                                "https://github.com/advisories/GHSA-67mh-4wv8-2f99"]
    refused = advisories.npm_report(lambda: (1, json.dumps({
        "message": "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
        "statusCode": 405})))
    assert refused.not_checked.startswith("o serviço de avisos do npm não respondeu (405")
    assert not refused.advisories
    garbled = advisories.npm_report(lambda: (1, "npm ERR! something"))
    assert "não mandou JSON" in garbled.not_checked


def test_known_advisories_of_the_pinned_versions() -> None:
    """The real command, as the suite runs it: with the registries' advisory services reachable,
    no advisory may be known for a pinned version; without them, skipped with a clear line."""
    reports = [advisories.python_report((ROOT / "requirements.txt").read_text(encoding="utf-8")),
               advisories.npm_report()]
    known = [line for r in reports for line in r.advisories]
    assert not known, "avisos conhecidos para versões fixadas:\n" + "\n".join(known)
    unchecked = [r.lines()[0] for r in reports if r.not_checked]
    if unchecked:
        pytest.skip("avisos não conferidos (sem acesso aos serviços de avisos): " + " | ".join(unchecked))
