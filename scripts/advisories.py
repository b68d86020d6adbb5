"""Known advisories of the pinned versions (issue 29, supply chain): ``bash scripts/run.sh avisos``.

- Python: every ``name==version`` of ``requirements.txt``, asked of PyPI's JSON API
  (``/pypi/<name>/<version>/json``), whose ``vulnerabilities`` field lists the advisories known
  for that exact release (from the Python Packaging Advisory Database, through OSV): the field
  pip-audit reads. No new package for it: 40 lines of standard library against some fifteen
  packages pip-audit would add to the hashed lock.
- npm: ``npm audit --package-lock-only --json``, the npm client's own report for the versions of
  ``package-lock.json``.

Nothing is said to be safe that was not checked: a service that does not answer (no network, a
mirror without the advisory endpoint) makes that ecosystem «não conferido», with the reason, and
the exit code 3; pip-audit, for one, prints «No known vulnerabilities found» when every package
was skipped because PyPI's JSON API answered 404. Exit 0: both checked, nothing known; 1: an
advisory is known (each listed with its id, the package and the fixed versions); 3: not checked.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPI = "https://pypi.org/pypi/{name}/{version}/json"
TIMEOUT = 15
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s\\;]+)")

Fetch = Callable[[str], bytes]


class UncheckedError(Exception):
    """An advisory service did not answer: nothing can be said of that ecosystem."""


@dataclass
class Report:
    ecosystem: str
    checked: int = 0
    advisories: list[str] = field(default_factory=list)
    not_checked: str = ""

    def lines(self) -> list[str]:
        if self.not_checked:
            return [f"{self.ecosystem}: não conferido — {self.not_checked}"]
        head = (f"{self.ecosystem}: {self.checked} pacotes conferidos, "
                f"{len(self.advisories) or 'nenhum'} aviso{'s' if len(self.advisories) != 1 else ''} conhecido"
                f"{'s' if len(self.advisories) != 1 else ''}")
        return [head, *(f"  {line}" for line in self.advisories)]


def pins(requirements: str) -> list[tuple[str, str]]:
    """Every ``name==version`` of a requirements file (hash and comment lines skipped)."""
    found = []
    for line in requirements.splitlines():
        match = PIN.match(line.strip())
        if match:
            found.append((match.group(1), match.group(2)))
    return found


def _fetch(url: str) -> bytes:
    request = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
        data: bytes = response.read()
        return data


def _release(fetch: Fetch, name: str, version: str) -> list[dict[str, object]]:
    try:
        data = json.loads(fetch(PYPI.format(name=name, version=version)))
    except urllib.error.HTTPError as exc:
        raise UncheckedError(f"o PyPI respondeu {exc.code} para {name} {version}") from None
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise UncheckedError(f"o PyPI não respondeu ({reason})") from None
    except ValueError:
        raise UncheckedError(f"o PyPI não mandou JSON para {name} {version}") from None
    vulnerabilities = data.get("vulnerabilities") if isinstance(data, dict) else None
    if not isinstance(vulnerabilities, list):
        raise UncheckedError(f"a resposta do PyPI para {name} {version} não tem a lista de avisos")
    return [v for v in vulnerabilities if isinstance(v, dict) and not v.get("withdrawn")]


def _listed(value: object) -> list[object]:
    return list(value) if isinstance(value, list) else []


def python_report(requirements: str, fetch: Fetch = _fetch) -> Report:
    """The advisories PyPI knows for each pin. The first pin is asked alone: a service that does
    not answer it is not asked seventy times."""
    report = Report("Python (PyPI)")
    wanted = pins(requirements)
    if not wanted:
        report.not_checked = "nenhum pacote fixado em requirements.txt"
        return report
    try:
        first = [_release(fetch, *wanted[0])]
        with ThreadPoolExecutor(max_workers=8) as pool:
            rest = list(pool.map(lambda pin: _release(fetch, *pin), wanted[1:]))
    except UncheckedError as exc:
        report.not_checked = str(exc)
        return report
    for (name, version), found in zip(wanted, first + rest, strict=True):
        for advisory in found:
            aliases = ", ".join(str(a) for a in _listed(advisory.get("aliases")))
            fixed = ", ".join(str(v) for v in _listed(advisory.get("fixed_in"))) or "nenhuma ainda"
            report.advisories.append(f"{name} {version}: {advisory.get('id')}"
                                     f"{f' ({aliases})' if aliases else ''}; corrigido em: {fixed}; "
                                     f"{advisory.get('link') or ''}".rstrip("; "))
    report.checked = len(wanted)
    return report


def npm_report(run: Callable[[], tuple[int, str]] | None = None) -> Report:
    """``npm audit`` of package-lock.json: its advisories, or why it could not say."""
    report = Report("npm")
    code, out = (run or _npm_audit)()
    try:
        data = json.loads(out or "{}")
    except ValueError:
        report.not_checked = f"npm audit não mandou JSON (código {code})"
        return report
    if not isinstance(data, dict) or "vulnerabilities" not in data:
        error = data.get("error") if isinstance(data, dict) else None
        said = (data.get("message") if isinstance(data, dict) else None) \
            or (error.get("summary") if isinstance(error, dict) else None) or f"código {code}"
        report.not_checked = f"o serviço de avisos do npm não respondeu ({str(said).splitlines()[0][:200]})"
        return report
    for name, entry in sorted(data["vulnerabilities"].items()):
        for via in entry.get("via") or []:
            if isinstance(via, dict):  # an advisory of this package (a str names a dependency)
                report.advisories.append(f"{name} {entry.get('range', '')}: {via.get('title')} "
                                         f"({via.get('severity')}); {via.get('url') or ''}".rstrip("; "))
    dependencies = (data.get("metadata") or {}).get("dependencies") or {}
    report.checked = int(dependencies.get("total") or 0) if isinstance(dependencies, dict) else 0
    return report


def _npm_audit() -> tuple[int, str]:
    try:
        done = subprocess.run(["npm", "audit", "--package-lock-only", "--json"], cwd=ROOT,
                              capture_output=True, text=True, timeout=120, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return 127, json.dumps({"error": {"summary": str(exc)}})
    return done.returncode, done.stdout


def main() -> int:
    reports = [python_report((ROOT / "requirements.txt").read_text(encoding="utf-8")), npm_report()]
    for report in reports:
        print("\n".join(report.lines()))
    if any(r.advisories for r in reports):
        return 1
    if any(r.not_checked for r in reports):
        print("Nada foi dado por seguro sem ser conferido: rode de novo com acesso aos serviços de avisos.")
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
