"""A pytest plugin that measures each test's processor time, for ``benchmarks/suite.py --cpu``.

Loaded only on request (``-p cpu_profile``, with ``EP_CPU_POR_TESTE`` naming the output file):
the suite runs without it. For each test (set-up, call and tear-down) it adds up the processor
time of the test's process and of everything under it (the browser, Node, a build in a
subprocess), from ``/proc``; and writes one JSON line per test: its id, the processor seconds, the
wall seconds. The tree is read every tenth of a second while the test runs, and each process
counts with its own time (user and system) at the last reading: a process that ends is not
always added to its parent's time (Chromium's renderers never are), and when it is, the parent
gets at once all that the child spent, in earlier tests too, so the time of collected children is
never used. What a process spends in its last tenth of a second, and a process that lives less
than that, is lost: the figures are a little low, never counted twice. On a machine whose cores
are all busy the suite's time is about the sum of processor time divided by the cores, so this,
not a test's wall time, says which tests make the suite long.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

TICK = os.sysconf("SC_CLK_TCK")


def _processes() -> dict[int, tuple[int, int]]:
    """pid → (parent pid, processor ticks of the process itself: user and system)."""
    out: dict[int, tuple[int, int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            text = Path(f"/proc/{name}/stat").read_text()
        except OSError:
            continue
        fields = text.rsplit(")", 1)[1].split()
        out[int(name)] = (int(fields[1]), int(fields[11]) + int(fields[12]))
    return out


def tree_ticks(root: int) -> dict[int, int]:
    """pid → processor ticks, for ``root`` and every process under it."""
    processes = _processes()
    children: dict[int, list[int]] = {}
    for pid, (parent, _) in processes.items():
        children.setdefault(parent, []).append(pid)
    out, stack = {}, [root]
    while stack:
        pid = stack.pop()
        if pid in processes:
            out[pid] = processes[pid][1]
            stack.extend(children.get(pid, []))
    return out


def tree_seconds(root: int) -> float:
    """Processor seconds of ``root`` and of every process under it, now."""
    return sum(tree_ticks(root).values()) / TICK


class Watch:
    """The tree under ``root``, read every ``every`` seconds until :meth:`stop`: the processor
    seconds it spent meanwhile, each process counted with the last time it was seen."""

    def __init__(self, root: int, every: float = 0.1) -> None:
        self.root, self.every = root, every
        self.start = tree_ticks(root)
        self.last = dict(self.start)
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        self.last.update(tree_ticks(self.root))

    def _run(self) -> None:
        while not self.done.wait(self.every):
            self._read()

    def stop(self) -> float:
        self.done.set()
        self.thread.join()
        self._read()
        return sum(ticks - self.start.get(pid, 0) for pid, ticks in self.last.items()) / TICK


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: Any) -> Generator[None, None, None]:
    target = os.environ.get("EP_CPU_POR_TESTE")
    if not target:
        yield
        return
    watch, wall = Watch(os.getpid()), time.monotonic()
    yield
    line = {"id": item.nodeid, "cpu": round(watch.stop(), 2),
            "parede": round(time.monotonic() - wall, 2)}
    with open(target, "a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")
