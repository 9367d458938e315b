#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""How long rtbench itself takes.

Default: a clean build plus a full default run of the catalogue, and a re-run with the image
already built. Target: clean build + run under 15 s on 2 cores.

    python3 scripts/bench_speed.py [--repeat 3] [--target qemu-m3] [--os freertos]
    python3 scripts/bench_speed.py --record docs/reference/host/speed.json   # also keep the figures
    python3 scripts/bench_speed.py --show [FILE]   # the kept figures as Markdown, with where and when

--record writes the times with the machine (CPU model, CPU count, kernel), the date and rtbench's
commit; --show prints them as a Markdown table captioned with that, for the docs. Host time is
not deterministic: these figures are not checked exactly, and another machine gives others.

The soft-core's simulation speed has its own script: scripts/soc_speed.py.

--big N: a stored reference run's task_switch result stretched to N samples (rtbench stores runs
of 10^7), then `report`, `report --html` and `compare` on it, each timed (wall and CPU). Target:
each under 60 s on 2 cores. Measured on 10^7 samples, on this project's loaded 2-core machine:
`report --html` took 27 s before samples were converted without a Fraction each, 6.4 s after.

    python3 scripts/bench_speed.py --big 10000000

--attribution N: `rtbench bisect`'s per-function attribution of qemu-m3's task_switch with N
samples: the traced run under rtbench's QEMU plugin with reading its trace, then attributing each
sample, each timed, with the peak memory. Target: linear in the samples. Measured on this
project's 2-core machine (load average 6): before the trace's timestamp reads were indexed once
(they were gathered again for each sample) and identical segments shared, 20 000 samples took
571 s and 336 MB (100 007: over 12 minutes and 880 MB, no output, in issue 42); after, 20 000
samples take 7.0 s traced + 1.0 s attributed (41 MB), 100 007 take 29 s + 4.6 s (88 MB).

    python3 scripts/bench_speed.py --attribution 100007
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

import _checkout  # noqa: F401  (rtbench from this checkout)
from _host_record import HOST, add_options, show, stamp, timed, write

from rtbench.reports.tables import host_speed
from rtbench.results.stats import median

# Where --record keeps the default mode's figures for the docs, and --show reads them.
RECORD = HOST / "speed.json"

def build_and_run(args: argparse.Namespace) -> None:
    clean: list[float] = []
    warm: list[float] = []
    load_before = os.getloadavg()[0]
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory() as home:
            run = [sys.executable, "-m", "rtbench", "--home", home, "run", "--target", args.target, "--os", args.os]
            clean.append(timed(run)[0])
            warm.append(timed(run)[0])
    for label, values in (("clean build + full run", clean), ("full run, image built", warm)):
        print(f"{label:<24} median {median(values):6.2f} s   min {min(values):6.2f} s   "
              f"max {max(values):6.2f} s   (n={len(values)})")
    print(f"target 15 s for the clean case: {'met' if median(clean) < 15 else 'MISSED'}")
    if args.record:
        write(args.record, {**stamp(load_before), "target": args.target, "os": args.os, "repeat": args.repeat,
                            "seconds": {"clean": [round(v, 3) for v in clean], "warm": [round(v, 3) for v in warm]}})


def big(samples: int) -> None:
    """report, report --html and compare on one result of `samples` samples."""
    import gzip
    import random

    document = json.loads(gzip.decompress((RECORD.parents[1] / "qemu-m3-freertos.json.gz").read_bytes()))
    result = next(r for r in document["results"] if r["bench"] == "task_switch")
    rng = random.Random(1)
    result["samples"] = [result["samples"][0] + rng.randrange(5) for _ in range(samples)]
    result["n"], result["min"], result["max"] = samples, min(result["samples"]), max(result["samples"])
    document["results"] = [result]
    with tempfile.TemporaryDirectory() as scratch:
        run = Path(scratch) / "big.json"
        run.write_text(json.dumps(document), encoding="utf-8")
        env = dict(os.environ, RTBENCH_HOME=str(Path(scratch) / "home"))
        rtbench = [sys.executable, "-m", "rtbench"]
        for label, command in (("report", ["report", str(run)]),
                               ("report --html", ["report", str(run), "--html", str(Path(scratch) / "r.html")]),
                               ("compare", ["compare", str(run), str(run)])):
            wall, cpu = timed(rtbench + command, env)
            print(f"{label:<14} {samples} samples: {wall:6.1f} s wall, {cpu:6.1f} s CPU")


def attribution(samples: int) -> None:
    """A traced run of task_switch with `samples` samples, then its per-function attribution."""
    from rtbench.acquire import insn_profile
    from rtbench.acquire.session import RunRequest, image_for
    from rtbench.paths import Workspace

    with tempfile.TemporaryDirectory() as scratch:
        workspace = Workspace(Path(scratch))
        request = RunRequest(bench="task_switch", iterations=samples, warmup=10)
        target, build, options = image_for(request, "task_switch", workspace, lambda _: None)
        started = time.perf_counter()
        trace, result = insn_profile.traced_run(target, build, options, "task_switch", workspace.root / "traces")
        traced = time.perf_counter() - started
        started = time.perf_counter()
        attributed = insn_profile.attribute(trace, result, build.elf)
        seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"traced run and trace read: {traced:6.1f} s; attribution of {samples} samples: {seconds:6.1f} s "
          f"(exact: {attributed.exact}); peak memory {peak:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--target", default="qemu-m3")
    parser.add_argument("--os", default="freertos")
    add_options(parser, RECORD, "default mode: also write the figures, machine and date as JSON")
    parser.add_argument("--big", type=int, metavar="N", help="time report, report --html and compare on N samples")
    parser.add_argument("--attribution", type=int, metavar="N",
                        help="time bisect's per-function attribution of N task_switch samples")
    args = parser.parse_args()
    if args.big:
        big(args.big)
    elif args.attribution:
        attribution(args.attribution)
    elif args.show:
        show(args.show, host_speed.bench_speed)
    else:
        build_and_run(args)


if __name__ == "__main__":
    main()
