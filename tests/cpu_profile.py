"""A pytest plugin that measures each test's processor time, for ``benchmarks/suite.py --cpu``.

Loaded only on request (``-p cpu_profile``, with ``EP_CPU_POR_TESTE`` naming the output file):
the suite runs without it. For each test (set-up, call and tear-down) it adds up the processor
time of the test's process and of everything under it (the browser, Node, a build in a
subprocess), alive or already finished and collected by its parent, from ``/proc``; and writes
one JSON line per test: its id, the processor seconds, the wall seconds. On a machine whose cores
are all busy the suite's time is about the sum of processor time divided by the cores, so this,
not a test's wall time, says which tests make the suite long.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

TICK = os.sysconf("SC_CLK_TCK")


def _processes() -> dict[int, tuple[int, int]]:
    """pid → (parent pid, processor ticks of the process and of its collected children)."""
    out: dict[int, tuple[int, int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            text = Path(f"/proc/{name}/stat").read_text()
        except OSError:
            continue
        fields = text.rsplit(")", 1)[1].split()
        out[int(name)] = (int(fields[1]), sum(int(value) for value in fields[11:15]))
    return out


def tree_seconds(root: int) -> float:
    """Processor seconds of ``root`` and of every process under it."""
    processes = _processes()
    children: dict[int, list[int]] = {}
    for pid, (parent, _) in processes.items():
        children.setdefault(parent, []).append(pid)
    ticks, stack = 0, [root]
    while stack:
        pid = stack.pop()
        ticks += processes.get(pid, (0, 0))[1]
        stack.extend(children.get(pid, []))
    return ticks / TICK


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: Any) -> Generator[None, None, None]:
    target = os.environ.get("EP_CPU_POR_TESTE")
    if not target:
        yield
        return
    cpu, wall = tree_seconds(os.getpid()), time.monotonic()
    yield
    line = {"id": item.nodeid, "cpu": round(tree_seconds(os.getpid()) - cpu, 2),
            "parede": round(time.monotonic() - wall, 2)}
    with open(target, "a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")
