#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Runs Debian rt-tests' cyclictest and rtbench's periodic_jitter (linux target) with the same
interval, SCHED_FIFO priority, loop count and CPU, back to back, and prints both latency
distributions side by side. A benchmark script, not a test: the figures go into docs/guides/linux.md.

    python3 scripts/cyclictest_compare.py --interval-us 1000 --loops 10000 --load none

Both tools measure the same thing: the wake-up time of a SCHED_FIFO thread minus the absolute
time its clock_nanosleep(TIMER_ABSTIME) release was programmed for, on CLOCK_MONOTONIC, with
memory locked, one thread pinned to one CPU, and /dev/cpu_dma_latency held at 0.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from rtbench.acquire.load import KINDS, BackgroundLoad  # noqa: E402
from rtbench.results.stats import summarize  # noqa: E402

# rtbench priority p runs at SCHED_FIFO 50 + p on the posix port (config.priority_map).
FIFO_BASE = 50
_VERBOSE_SAMPLE = re.compile(r"^\s*0:\s*\d+:\s*(\d+)\s*$")


def cyclictest(args: argparse.Namespace) -> list[int]:
    binary = shutil.which("cyclictest")
    if not binary:
        sys.exit("cyclictest not found: run scripts/setup.sh --part linux, or apt-get install rt-tests")
    command = [binary, "-m", "-q", "-N", "-v", "-t", "1", "-a", str(args.cpu), "-p", str(args.priority),
               "-i", str(args.interval_us), "-l", str(args.loops)]
    with BackgroundLoad(args.load, max_seconds=args.loops * args.interval_us / 1e6 + 120):
        proc = subprocess.run(command, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"cyclictest failed ({proc.returncode}): {proc.stderr.strip()[-500:]}")
    samples = [int(m.group(1)) for m in map(_VERBOSE_SAMPLE.match, proc.stdout.splitlines()) if m]
    if len(samples) != args.loops:
        sys.exit(f"cyclictest printed {len(samples)} samples, expected {args.loops}")
    return samples


def rtbench(args: argparse.Namespace, home: Path) -> list[int]:
    out = home / "periodic.json"
    duration_us = args.loops * args.interval_us
    command = [sys.executable, "-m", "rtbench", "--home", str(home), "run", "--target", "linux",
               "--bench", "periodic_jitter", "--period", f"{args.interval_us}us", "--duration", f"{duration_us}us",
               "--cpu", str(args.cpu), "--load", args.load, "--option", f"priority={args.priority - FIFO_BASE}",
               "--json", str(out)]
    proc = subprocess.run(command, capture_output=True, text=True, cwd=REPO)
    if proc.returncode != 0:
        sys.exit(f"rtbench failed ({proc.returncode}):\n{proc.stdout[-1500:]}\n{proc.stderr[-1500:]}")
    result = next(r for r in json.loads(out.read_text())["results"] if r["bench"] == "periodic_jitter")
    return result["samples"]


def row(name: str, samples: list[int]) -> str:
    s = summarize(samples)
    us = [s[k] / 1000 for k in ("min", "p50", "p99", "p999", "max", "mean")]
    return f"{name:<34} {s['n']:>7} " + " ".join(f"{v:>9.1f}" for v in us)


def main() -> int:
    allowed = sorted(os.sched_getaffinity(0))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--interval-us", type=int, default=1000, help="period in microseconds (cyclictest -i)")
    parser.add_argument("--loops", type=int, default=10000, help="wake-ups per tool (cyclictest -l)")
    parser.add_argument("--priority", type=int, default=80,
                        help=f"SCHED_FIFO priority, {FIFO_BASE + 1}..{FIFO_BASE + 30} (cyclictest -p)")
    parser.add_argument("--cpu", type=int, default=allowed[-1], help="CPU both tools pin to (cyclictest -a)")
    parser.add_argument("--load", choices=KINDS, default="none", help="background load during both runs")
    parser.add_argument("--rounds", type=int, default=1, help="alternate the two tools this many times")
    args = parser.parse_args()
    if not FIFO_BASE < args.priority <= FIFO_BASE + 30:
        parser.error(f"--priority must be {FIFO_BASE + 1}..{FIFO_BASE + 30}, rtbench's priority range on posix")
    if os.geteuid() != 0:
        print("warning: not root: SCHED_FIFO and mlockall are probably denied to both tools", file=sys.stderr)

    print(f"interval {args.interval_us} us, {args.loops} loops, SCHED_FIFO {args.priority}, CPU {args.cpu}, "
          f"load {args.load}; latencies in us")
    print(f"{'tool':<34} {'n':>7} {'min':>9} {'p50':>9} {'p99':>9} {'p99.9':>9} {'max':>9} {'mean':>9}")
    with tempfile.TemporaryDirectory(prefix="rtbench-compare-") as tmp:
        for round_no in range(1, args.rounds + 1):
            suffix = f" (round {round_no})" if args.rounds > 1 else ""
            print(row("cyclictest" + suffix, cyclictest(args)), flush=True)
            print(row("rtbench periodic_jitter" + suffix, rtbench(args, Path(tmp))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
