#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""How much the Cortex-M timing model slows a catalogue run: the whole catalogue on qemu-m3
without and with --cycles-model, the image (and the plugin) built first and not timed. Target:
at most 3 times the CPU time of the run without the model.

    python3 scripts/cycle_model_speed.py [--repeat 2] [--os freertos]
    python3 scripts/cycle_model_speed.py --record docs/reference/host/cycle-model-speed.json
    python3 scripts/cycle_model_speed.py --show [FILE]   # the kept figures as Markdown

Each repetition runs the two one after the other, so that both see about the same load; the
ratio is of CPU time (user+sys of rtbench and everything it started: QEMU, the plugin), which a
shared machine disturbs less than wall time. Host time: not checked exactly."""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent)]
from _host_record import HOST, add_options, show_or_measure, stamp, timed  # noqa: E402 (after the path above)

from rtbench.reports.tables import host_speed  # noqa: E402
from rtbench.results.stats import median  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
RECORD = HOST / "cycle-model-speed.json"


def _command(home: str, kernel: str, model: bool) -> list[str]:
    return [sys.executable, "-m", "rtbench", "--home", home, "run", "--target", "qemu-m3", "--os", kernel] + (
        ["--cycles-model"] if model else [])


def measure(args: argparse.Namespace) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    cpu: dict[str, list[float]] = {"plain": [], "model": []}
    wall: dict[str, list[float]] = {"plain": [], "model": []}
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="rtbench-cm-speed-") as home:
        timed(_command(home, args.os, True), env)  # builds the image and the plugin
        for _ in range(args.repeat):
            for case in ("plain", "model"):
                seconds, cpu_seconds = timed(_command(home, args.os, case == "model"), env)
                wall[case].append(round(seconds, 3))
                cpu[case].append(round(cpu_seconds, 3))
    ratio = median(cpu["model"]) / median(cpu["plain"])
    for case, label in host_speed.MODEL_CASES:
        print(f"{label:<32} CPU median {median(cpu[case]):6.2f} s   wall median {median(wall[case]):6.2f} s")
    target = host_speed.MODEL_TARGET_RATIO
    print(f"CPU ratio {ratio:.2f} (target at most {target:.0f}): {'met' if ratio <= target else 'MISSED'}")
    return {**stamp(load_before), "target": "qemu-m3", "os": args.os, "repeat": args.repeat, "cpu_s": cpu,
            "wall_s": wall}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--os", default="freertos")
    add_options(parser, RECORD)
    args = parser.parse_args()
    show_or_measure(args, host_speed.cycle_model_speed, lambda: measure(args))


if __name__ == "__main__":
    main()
