#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The soft-core's whole catalogue split across cores: `rtbench run --shards N` against the
unsharded run, on this machine.

The whole FreeRTOS catalogue on vexriscv-sim (`--variant`, default standard), first unsharded,
then with each `--shards` count, one run at a time (the model and images are built first and
not timed). For each run: its wall time and CPU time (rtbench and everything it started), and
for a sharded one each shard's wall and CPU time (the shard's process and its simulator, from
the manifest), and how many results have every sample the same as the unsharded run's. What N
shards would take on N idle cores is estimated, not measured, when the machine has fewer: the
slowest shard's CPU time (a shard is one single-threaded simulation) plus the time the run
spent outside its shards (building the images' check, starting, merging, storing).

    python3 scripts/soc_shards.py [--shards 2,4] [--variant standard] [--record FILE]
    python3 scripts/soc_shards.py --show [FILE]   # the recorded figures as Markdown, for the docs

Host time: the figures depend on the machine and its load; they are recorded with both, not
checked exactly."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent)]
from _host_record import HOST, add_options, show_or_measure, stamp  # noqa: E402 (after the path above)
from soc_speed import differences  # noqa: E402

from rtbench.reports.tables import soc_speed as soc_tables  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
RECORD = HOST / "soc-shards.json"


def _rtbench(home: Path, variant: str, *extra: str) -> list[str]:
    return [sys.executable, "-m", "rtbench", "--home", str(home), "run", "--target", "vexriscv-sim",
            "--cpu-variant", variant, "--timeout", "7200", "--silence", "900", *extra]  # a loaded machine is slow


def _prepare(home: Path, variant: str) -> None:
    """The model and every image of the catalogue (plain, instrumented, services), not timed."""
    proc = subprocess.run(_rtbench(home, variant, "--bench", "boot_time,sched_decision,flag_set", "--iterations", "1"),
                          cwd=REPO, capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        sys.exit(f"preparing {variant} failed:\n{proc.stderr[-2000:]}")


def _timed(command: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (the process and everything it started) of one run."""
    started = time.perf_counter()
    proc = subprocess.Popen(command, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) not in (0, 1):  # 1: a benchmark's check failed, a result like others
        sys.exit(f"{' '.join(command)} failed ({os.waitstatus_to_exitcode(status)})")
    return wall, usage.ru_utime + usage.ru_stime


def _run(home: Path, variant: str, shards: int, out: Path) -> dict[str, Any]:
    extra = ["--shards", str(shards)] if shards > 1 else []
    wall, cpu = _timed(_rtbench(home, variant, *extra, "--json", str(out)))
    figures: dict[str, Any] = {"shards": shards, "wall_s": round(wall, 1), "cpu_s": round(cpu, 1)}
    record = json.loads(out.read_text())["manifest"].get("shards")
    if record:
        parts = [{"benches": len(s["benches"]), "first": s["benches"][0], "wall_s": s["seconds"],
                  "cpu_s": s["cpu_seconds"]} for s in record["shards"]]
        figures["parts"] = parts
        outside = wall - max(p["wall_s"] for p in parts)
        figures["estimate_on_idle_cores_s"] = round(max(p["cpu_s"] for p in parts) + outside, 1)
    return figures


def measure(args: argparse.Namespace) -> dict[str, Any]:
    counts = [int(n) for n in args.shards.split(",")]
    with tempfile.TemporaryDirectory(prefix="rtb-soc-shards-") as scratch_text:
        scratch = Path(scratch_text)
        home = args.home or scratch / "home"
        load_before = os.getloadavg()[0]
        _prepare(home, args.variant)
        runs = [_run(home, args.variant, 1, scratch / "unsharded.json")]
        print(f"unsharded: wall {runs[0]['wall_s']} s, CPU {runs[0]['cpu_s']} s", flush=True)
        before = json.loads((scratch / "unsharded.json").read_text())
        for count in counts:
            figures = _run(home, args.variant, count, scratch / f"shards-{count}.json")
            after = json.loads((scratch / f"shards-{count}.json").read_text())
            different, compared, samples = differences(before, after, args.variant)
            figures["compared"] = {"results": compared, "samples": samples, "different": different}
            runs.append(figures)
            print(f"{count} shards: wall {figures['wall_s']} s, CPU {figures['cpu_s']} s, estimate on {count} idle "
                  f"cores {figures['estimate_on_idle_cores_s']} s; {compared - len(different)} of {compared} results "
                  "identical", flush=True)
    return {**stamp(load_before), "variant": args.variant, "runs": runs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shards", default="2,4", help="shard counts to run, comma-separated (default 2,4)")
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--home", type=Path, help="a workspace whose models and images to reuse (default: new)")
    add_options(parser, RECORD)
    args = parser.parse_args()
    show_or_measure(args, soc_tables.soc_shards, lambda: measure(args))


if __name__ == "__main__":
    main()
