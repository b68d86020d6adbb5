"""The build's id and date: one value that the page, the engine, the tables and the service worker
all carry, so that the browser never mixes two builds (issue 19).

- :func:`build_date` is ``SOURCE_DATE_EPOCH`` when set (``scripts/run.sh`` sets it from the last
  commit), else the date of the last commit, else (outside git) today. Nothing the build writes
  reads the clock otherwise, so a build is the same on any day (``tests/test_reproducible_build.py``).
- :func:`latest_date` is the day after which a date of the data is «no futuro» (the «future date»
  checks of ``data/novidades.yaml`` and ``data/hoje/``).
- :func:`build_id` is ``"SHA7 AAAA-MM-DD"``: the short commit of ``HEAD`` and that date; ``"dev"``
  outside git. Every page carries it as ``<meta name="ep-versao" content="…">``.
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEV = "dev"


class BuildIdError(ValueError):
    """``SOURCE_DATE_EPOCH`` is set but is not a whole number of seconds."""


def _git(*args: str) -> str | None:
    try:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    out = done.stdout.strip()
    return out if done.returncode == 0 and out else None


def _epoch() -> int | None:
    """``SOURCE_DATE_EPOCH``, else the committer time of ``HEAD``; ``None`` outside git."""
    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if value:
        if not value.isdigit():
            raise BuildIdError(f"SOURCE_DATE_EPOCH={value!r} não é um número de segundos desde 1970")
        return int(value)
    committed = _git("log", "-1", "--format=%ct")
    return int(committed) if committed and committed.isdigit() else None


class _Pinned:
    """The value :func:`pin_epoch` put in the environment (so a later build may replace it)."""

    value: str | None = None


def pin_epoch() -> None:
    """Give MkDocs the same date (its sitemap's ``lastmod`` and the gzip header of
    ``sitemap.xml.gz`` read ``SOURCE_DATE_EPOCH``, else the clock): set it from the last commit
    when whoever started the build did not (the hook ``on_config``)."""
    current = os.environ.get("SOURCE_DATE_EPOCH")
    if current and current != _Pinned.value:
        return  # set by the caller (scripts/run.sh or a person): theirs
    os.environ.pop("SOURCE_DATE_EPOCH", None)
    epoch = _epoch()
    _Pinned.value = None if epoch is None else str(epoch)
    if _Pinned.value is not None:
        os.environ["SOURCE_DATE_EPOCH"] = _Pinned.value


def build_date() -> dt.date:
    """The build's date (UTC): the "Acesso em" of the static references and the id's date."""
    epoch = _epoch()
    if epoch is None:
        return dt.date.today()
    return dt.datetime.fromtimestamp(epoch, dt.UTC).date()


def latest_date() -> dt.date:
    """The last day a date in the data may be (a later one is «no futuro»): the build's date, or the
    clock's when it is later. A clock behind the commit never refuses the commit (its date is the
    build's), and an entry dated today in a tree not yet committed is never refused either."""
    return max(build_date(), dt.date.today())


def build_id() -> str:
    """``"SHA7 AAAA-MM-DD"`` (short commit of ``HEAD``, build date), or ``"dev"`` outside git."""
    sha = _git("rev-parse", "--short=7", "HEAD")
    if sha is None:
        return DEV
    return f"{sha} {build_date().isoformat()}"
