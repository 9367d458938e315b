#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""How long rtbench itself takes: a clean build plus a full default run of the catalogue, and
a re-run with the image already built. Target: clean build + run under 15 s on 2 cores.

    python3 scripts/bench_speed.py [--repeat 3] [--target qemu-m3] [--os freertos]
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time

from rtbench.results.stats import median


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    proc = subprocess.run(command, capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if proc.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--target", default="qemu-m3")
    parser.add_argument("--os", default="freertos")
    args = parser.parse_args()
    clean, warm = [], []
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory() as home:
            run = [sys.executable, "-m", "rtbench", "--home", home, "run", "--target", args.target, "--os", args.os]
            clean.append(timed(run))
            warm.append(timed(run))
    for label, values in (("clean build + full run", clean), ("full run, image built", warm)):
        print(f"{label:<24} median {median(values):6.2f} s   min {min(values):6.2f} s   "
              f"max {max(values):6.2f} s   (n={len(values)})")
    print(f"target 15 s for the clean case: {'met' if median(clean) < 15 else 'MISSED'}")


if __name__ == "__main__":
    main()
