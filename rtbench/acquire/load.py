# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Background load for latency runs on the host (`--load cpu|io|none`), bounded twice over:
rtbench stops it when the run ends, and every load process also ends by itself after
`max_seconds`, even if rtbench is killed."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from types import TracebackType
from typing import Self

from . import processes

KINDS = ("none", "cpu", "io")

# A busy loop: one per online CPU, at normal priority (SCHED_OTHER).
_CPU = "import time\nend = time.monotonic() + {seconds}\nwhile time.monotonic() < end:\n    pass\n"
# Writes and syncs a 4 MiB file over and over: block-layer and page-cache interrupts.
_IO = ("import os, time\nend = time.monotonic() + {seconds}\nblock = os.urandom(1 << 20)\n"
       "path = os.path.join({folder!r}, 'load-' + str(os.getpid()))\n"
       "while time.monotonic() < end:\n"
       "    with open(path, 'wb') as f:\n"
       "        for _ in range(4):\n            f.write(block)\n"
       "        f.flush()\n        os.fsync(f.fileno())\n"
       "    with open(path, 'rb') as f:\n        while f.read(1 << 20):\n            pass\n"
       "os.remove(path)\n")


class BackgroundLoad:
    """Context manager: starts the load on entry, stops and reaps it on exit."""

    def __init__(self, kind: str, max_seconds: float) -> None:
        if kind not in KINDS:
            raise ValueError(f"load must be one of {', '.join(KINDS)}, not {kind!r}")
        self.kind = kind
        self.max_seconds = max(1.0, max_seconds)
        self._procs: list[subprocess.Popen[bytes]] = []
        self._folder: str | None = None

    def _start(self, code: str) -> None:
        self._procs.append(processes.popen([sys.executable, "-c", code], stdin=subprocess.DEVNULL,
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

    def __enter__(self) -> Self:
        if self.kind == "cpu":
            for _ in range(os.cpu_count() or 1):
                self._start(_CPU.format(seconds=self.max_seconds))
        elif self.kind == "io":
            self._folder = tempfile.mkdtemp(prefix="rtbench-load-")
            for _ in range(2):
                self._start(_IO.format(seconds=self.max_seconds, folder=self._folder))
        return self

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self._procs]

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        for proc in self._procs:
            processes.stop(proc)
        self._procs = []
        if self._folder:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None
