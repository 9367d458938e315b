#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Where a catalogue's simulated cycles go on vexriscv-sim, benchmark by benchmark.

Runs the catalogue with RTBENCH_SIM_LINES (the model stamps each console line with its cycle and
the idle cycles skipped until then, soc/sim_main.cpp) and charges every cycle to the benchmark
whose BEGIN line came last: its set-up, its measured runs and the printing of its samples. The
cycles before the first benchmark are `(boot)`. Simulated cycles are deterministic: another run
of the same image gives the same table, on any machine.

    python3 scripts/soc_cycles.py [--variant standard] [--os freertos] [--record FILE] [--top 25]
    python3 scripts/soc_cycles.py --show [FILE] [--top 25]   # the recorded table as Markdown
    python3 scripts/soc_cycles.py --costs [FILE]   # the record as rtbench/data/shard_costs.toml

The costs file is what `rtbench run --shards N` balances its shards by: each benchmark's
simulated cycles less those skipped as idle (the model's wall time follows them), from the
record of rtbench's defaults (standard, FreeRTOS, 1000 iterations).
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import _checkout  # noqa: F401  (rtbench from this checkout)
from _host_record import HOST, add_options, commit, show, today, write

from rtbench.reports.tables import soc_speed as soc_tables

REPO = Path(__file__).resolve().parent.parent
RECORD = HOST / "soc-cycles.json"
COSTS = REPO / "rtbench" / "data" / "shard_costs.toml"
_BEGIN = re.compile(r"RTB1 \d+ BEGIN bench=(\S+)")


def charge(stamps: list[str]) -> dict[str, list[int]]:
    """benchmark -> [simulated cycles, of them skipped as idle], from the stamped lines of one or
    more simulator processes (a process starts again from cycle 0)."""
    totals: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    current, last = "(boot)", (0, 0)
    for text in stamps:
        cycle_text, skipped_text, line = text.split(" ", 2)
        cycle, skipped = int(cycle_text), int(skipped_text)
        if cycle < last[0]:  # the next image's simulator
            current, last = "(boot)", (0, 0)
        totals[current][0] += cycle - last[0]
        totals[current][1] += skipped - last[1]
        last = (cycle, skipped)
        match = _BEGIN.search(line)
        if match:
            current = match.group(1)
    return dict(totals)


def measure(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="rtb-soc-cycles-") as scratch:
        stamps = Path(scratch) / "lines.txt"
        home = args.home or Path(scratch) / "home"
        command = [sys.executable, "-m", "rtbench", "--home", str(home), "run", "--target", "vexriscv-sim",
                   "--os", args.os, "--cpu-variant", args.variant, "--timeout", "7200", "--silence", "900"]
        proc = subprocess.run(command, env={**os.environ, "RTBENCH_SIM_LINES": str(stamps)},
                              capture_output=True, text=True)
        if proc.returncode not in (0, 1):  # 1: a benchmark's check failed, still a run
            sys.exit(f"the run failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
        totals = charge(stamps.read_text(errors="replace").splitlines())
    return {"date": today(), "rtbench": commit(), "variant": args.variant, "os": args.os,
            "benchmarks": {name: {"cycles": c, "skipped": s} for name, (c, s) in totals.items()}}


def costs_toml(data: dict[str, Any], source: str) -> str:
    """The record as the shard balancer's data: benchmark = cycles simulated, not skipped."""
    lines = ["# SPDX-License-Identifier: Apache-2.0", "# SPDX-FileCopyrightText: 2026 rtbench developers",
             "# What `rtbench run --shards N` balances its shards by (rtbench/acquire/shard_split.py): each",
             f"# benchmark's simulated cycles less the idle cycles the model skips, on vexriscv-sim {data['variant']}",
             f"# with {data['os']}, at rtbench run's defaults (1000 iterations, 100 warm-up).",
             "# Generated, not typed:",
             f"#   python3 scripts/soc_cycles.py --costs {source}",
             f"# (rtbench {data['rtbench']}, {data['date']})", "", "[costs]"]
    rows = {name: row["cycles"] - row["skipped"] for name, row in data["benchmarks"].items() if name != "(boot)"}
    lines += [f"{name} = {cycles}" for name, cycles in sorted(rows.items())]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--os", default="freertos")
    parser.add_argument("--home", type=Path, help="a workspace whose models and images to reuse (default: new)")
    add_options(parser, RECORD, "also write the table's figures as JSON")
    parser.add_argument("--top", type=int, default=25, help="benchmarks listed before the rest are summed")
    parser.add_argument("--costs", type=Path, nargs="?", const=RECORD, metavar="FILE",
                        help=f"write a record (default {RECORD.relative_to(REPO)}) as {COSTS.relative_to(REPO)}")
    args = parser.parse_args()
    if args.costs:
        data = json.loads(args.costs.read_text(encoding="utf-8"))
        source = args.costs.resolve().relative_to(REPO) if args.costs.resolve().is_relative_to(REPO) else args.costs
        COSTS.write_text(costs_toml(data, str(source)), encoding="utf-8")
        print(f"wrote {COSTS.relative_to(REPO)}")
        return
    if args.show:
        show(args.show, lambda data: soc_tables.soc_cycles(data, args.top))
        return
    data = measure(args)
    if args.record:
        write(args.record, data)
    print(soc_tables.soc_cycles(data, args.top))


if __name__ == "__main__":
    main()
