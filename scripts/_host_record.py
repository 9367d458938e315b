# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""What the speed scripts share: timing a command, the machine, date and rtbench commit a record
of host figures keeps, and their --record FILE and --show [FILE] options (the views in
rtbench/reports/tables render a record; the scripts only measure and write one)."""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
HOST = REPO / "docs" / "reference" / "host"  # where the records the docs show are kept


def timed(command: list[str], env: dict[str, str] | None = None, allowed: tuple[int, ...] = (0,)
          ) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user+sys of the command and all it waited for)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    proc = subprocess.run(command, capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in allowed:
        sys.exit(f"{' '.join(command)} failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def machine() -> dict[str, Any]:
    """What the figures were measured on: the CPU model, how many CPUs, the kernel."""
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu_model": model, "cpus": os.cpu_count(), "kernel": platform.release(),
            "python": platform.python_version()}


def commit() -> str:
    """rtbench's commit, as the manifest records it (`-dirty` when the tree has changes)."""
    proc = subprocess.run(["git", "-C", str(REPO), "describe", "--always", "--dirty"],
                          capture_output=True, text=True, check=False)
    return proc.stdout.strip() or "unknown"


def today() -> str:
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def stamp(load_before: float) -> dict[str, Any]:
    """A record's when, where and what: the date, the machine with its load average when the
    measurement started (`load_before`, os.getloadavg()[0]) and now, and rtbench's commit."""
    return {"date": today(), "machine": {**machine(), "load_average": [load_before, os.getloadavg()[0]]},
            "rtbench": commit()}


def add_options(parser: argparse.ArgumentParser, record: Path,
                record_help: str = "also write the figures, machine and date as JSON") -> None:
    """--record FILE, and --show [FILE] (by default `record`, the one the docs show)."""
    parser.add_argument("--record", type=Path, help=record_help)
    parser.add_argument("--show", type=Path, nargs="?", const=record, metavar="FILE",
                        help=f"print recorded figures as Markdown (default {record.relative_to(REPO)})")


def show(path: Path, view: Callable[[dict[str, Any]], str]) -> None:
    """The record at `path` printed as its view renders it."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        print(f"cannot read the record {path}: {getattr(err, 'strerror', None) or err}", file=sys.stderr)
        sys.exit(2)
    print(view(data))


def write(path: Path, record: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    print(f"recorded in {path}")


def show_or_measure(args: argparse.Namespace, view: Callable[[dict[str, Any]], str],
                    measure: Callable[[], dict[str, Any]]) -> None:
    """A speed script's two modes: --show prints a record; otherwise it measures, and --record
    keeps what it measured."""
    if args.show:
        show(args.show, view)
        return
    data = measure()
    if args.record:
        write(args.record, data)
