#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Checks the interrupt benchmarks' samples on a Cortex-M QEMU target against an independent
instruction count, taken by a QEMU plugin rather than from the timers.

    python3 scripts/irq_crosscheck.py [--target qemu-m3] [--os freertos] [--iterations 300]

It builds the image (as `rtbench run` does, in --home or a temporary workspace) and runs
irq_latency, irq_task_wake and irq_task_resume once under the plugin (rtb_mmio_trace, built with
the host's gcc), which logs the instruction count at every timer access; the references are
counted from each arming's fire instant (rtbench.acquire.irq_crosscheck says how). Prints, per
benchmark, how many samples equal the reference and how the others differ; exit status 1 if any
differ, 2 for a set-up error.

Every Cortex-M QEMU board: the CMSDK timers (qemu-m3, qemu-m4f, qemu-m7, qemu-m33) and the
nRF51's (qemu-m0)."""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import _checkout  # noqa: F401  (rtbench from this checkout)

from rtbench.acquire import sources
from rtbench.acquire.build import build_image
from rtbench.acquire.irq_crosscheck import Check, crosscheck
from rtbench.acquire.platforms import find_kernel, find_target
from rtbench.errors import RtbenchError
from rtbench.paths import Workspace


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--target", default="qemu-m3")
    parser.add_argument("--os", default="freertos")
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--home", type=Path, help="workspace for the build (default: a temporary one)")
    return parser.parse_args(argv)


def checked(args: argparse.Namespace, scratch: Path) -> list[Check]:
    target, kernel = find_target(args.target), find_kernel(args.os)
    build = build_image(target, kernel, "default", sources.locate(kernel), Workspace(args.home or scratch))
    return crosscheck(target, build, args.iterations, scratch)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="rtbench-crosscheck-") as scratch:
        try:
            checks = checked(args, Path(scratch))
        except (RtbenchError, subprocess.SubprocessError, OSError) as exc:
            print(f"irq_crosscheck: {exc}", file=sys.stderr)
            return 2
    for check in checks:
        off = {d: n for d, n in sorted(check.differences().items()) if d}
        equal = check.differences()[0]
        print(f"{args.target} {args.os} {check.bench}: {equal}/{len(check.samples)} samples equal the plugin's count"
              + (f"; off by {off}" if off else ""))
    return 0 if all(set(c.differences()) == {0} for c in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
