#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""How long a whole-catalogue board run takes through a stand-in board (QEMU's netduinoplus2 by
default, the board-stm32f4 drivers): the stand-in started, the three images (plain,
instrumented, services) built, loaded through the gdbstub and run. Target: under 3 minutes here
with the images built (`warm`); `clean` builds them first in a fresh workspace.

    python3 scripts/board_speed.py [--repeat 1] [--board qemu-netduinoplus2] [--os freertos]
    python3 scripts/board_speed.py --record docs/reference/host/board-speed.json
    python3 scripts/board_speed.py --show [FILE]   # the kept figures as Markdown

Host time on a shared machine: not checked exactly, and another machine gives other figures."""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from typing import Any

import _checkout  # noqa: F401  (rtbench from this checkout)
from _host_record import HOST, add_options, show_or_measure, stamp, timed

from rtbench.acquire import stand_in
from rtbench.reports.tables import host_speed
from rtbench.results.stats import median

RECORD = HOST / "board-speed.json"


def one_run(board: str, kernel: str, home: str) -> float:
    """Seconds for the stand-in's start and one whole-catalogue board run."""
    started = time.perf_counter()
    link = stand_in.start(board)
    try:
        timed([sys.executable, "-m", "rtbench", "--home", home, "run", "--target", "board", "--board", board,
               "--serial", link.serial, "--gdb", link.gdb, "--os", kernel])
    finally:
        link.close()
    return time.perf_counter() - started


def measure(args: argparse.Namespace) -> dict[str, Any]:
    seconds: dict[str, list[float]] = {"clean": [], "warm": []}
    load_before = os.getloadavg()[0]
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory() as home:
            seconds["clean"].append(one_run(args.board, args.os, home))
            seconds["warm"].append(one_run(args.board, args.os, home))
    for key, label in host_speed.BOARD_CASES:
        values = seconds[key]
        print(f"{label:<44} median {median(values):7.1f} s   min {min(values):7.1f} s   max {max(values):7.1f} s")
    met = median(seconds["warm"]) < host_speed.BOARD_TARGET_S
    print(f"target {host_speed.BOARD_TARGET_S} s with the images built: {'met' if met else 'MISSED'}")
    return {**stamp(load_before), "board": args.board, "os": args.os, "repeat": args.repeat,
            "seconds": {key: [round(v, 1) for v in values] for key, values in seconds.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--board", default="qemu-netduinoplus2", help="a stand-in board file ([stand_in])")
    parser.add_argument("--os", default="freertos")
    add_options(parser, RECORD)
    args = parser.parse_args()
    show_or_measure(args, host_speed.board_speed, lambda: measure(args))


if __name__ == "__main__":
    main()
