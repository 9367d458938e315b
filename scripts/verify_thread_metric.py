#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Checks rtbench's Thread-Metric benchmarks (tm_*) against the original suite on the same kernel
and emulator.

    python3 scripts/verify_thread_metric.py --suite ~/src/threadx/utility/benchmarks/thread_metric
    python3 scripts/verify_thread_metric.py --suite DIR --os freertos,threadx --rtbench freertos.json

The suite's own test files (the user's copy: nothing of it is in rtbench) are built for qemu-m3
with a porting layer written for rtbench (scripts/thread_metric/: the kernel's own calls, a trap
that pends the benchmark interrupt's line), against the kernel built as rtbench builds it (the
port's os.cmake, profile `default`, -O2). Each test runs under QEMU -icount for --reports report
periods of one second; the first is dropped (it includes the start), the median of the others is
divided by 10 to give operations per 100 ms, rtbench's period. rtbench's side is a run's JSON
(--rtbench, one per kernel) or, without one, a fresh `rtbench run --bench 'tm_*'`.
Prints a Markdown table: both counts, rtbench's difference, instructions per operation on each
side. Kernel trees: UCOS2_PATH / THREADX_PATH (or --kernel-src OS=DIR); FreeRTOS as rtbench
finds it."""
from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import _checkout  # noqa: F401  (rtbench from this checkout)

from rtbench.acquire import sources
from rtbench.acquire.platforms import find_kernel, find_target
from rtbench.errors import RtbenchError

REPO = Path(__file__).resolve().parent.parent
SUPPORT = REPO / "scripts" / "thread_metric"
KERNELS = ("freertos", "ucos2", "threadx")
# The suite's test file (tm_<name>_test.c) -> rtbench's benchmark.
TESTS = {
    "basic_processing": "tm_basic",
    "cooperative_scheduling": "tm_coop_sched",
    "preemptive_scheduling": "tm_preempt_sched",
    "interrupt_processing": "tm_irq",
    "interrupt_preemption_processing": "tm_irq_preempt",
    "message_processing": "tm_message",
    "synchronization_processing": "tm_sync",
    "memory_allocation": "tm_memory",
}
# What a kernel cannot express, as rtbench reports it.
NOT_EXPRESSIBLE = {("ucos2", "cooperative_scheduling"): "uC/OS-II allows one task per priority"}
PERIOD_S = 1  # the suite's TM_TEST_DURATION for these runs
RTBENCH_PERIOD_MS = 100
INSTRUCTIONS_PER_100MS = 100e-3 / 128e-9  # icount shift=7: one instruction per 128 ns


@dataclass
class Row:
    kernel: str
    test: str
    suite: float | None  # operations per 100 ms
    rtbench: float | None
    note: str = ""


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--suite", type=Path, required=True,
                        help="the suite's folder (utility/benchmarks/thread_metric of a ThreadX tree)")
    parser.add_argument("--os", default=",".join(KERNELS), help="kernels, comma-separated (default: all three)")
    parser.add_argument("--kernel-src", action="append", default=[], metavar="OS=DIR",
                        help="a kernel's tree (default: as rtbench finds it: UCOS2_PATH, THREADX_PATH, registry)")
    parser.add_argument("--rtbench", action="append", default=[], type=Path, metavar="RUN.json",
                        help="an `rtbench run --json` file of a kernel on qemu-m3 (else one is run)")
    parser.add_argument("--reports", type=int, default=3, help="report periods per test (first dropped; >= 2)")
    parser.add_argument("--tests", default=",".join(TESTS), help="the suite's tests, comma-separated")
    parser.add_argument("--build-dir", type=Path, help="where to build (default: a temporary folder)")
    return parser.parse_args(argv)


def check_args(args: argparse.Namespace) -> tuple[list[str], list[str], dict[str, Path]]:
    kernels = [k for k in args.os.split(",") if k]
    unknown = [k for k in kernels if k not in KERNELS]
    if unknown:
        raise RtbenchError(f"no porting layer for {', '.join(unknown)}", f"choose from {', '.join(KERNELS)}")
    tests = [t for t in args.tests.split(",") if t]
    if [t for t in tests if t not in TESTS]:
        raise RtbenchError(f"unknown test in '{args.tests}'", f"choose from {', '.join(TESTS)}")
    if args.reports < 2:
        raise RtbenchError("--reports must be at least 2", "the first report period includes the start and is dropped")
    missing = [t for t in tests if not (args.suite / f"tm_{t}_test.c").is_file()]
    if not (args.suite / "tm_api.h").is_file() or missing:
        raise RtbenchError(f"{args.suite} is not the Thread-Metric suite (no tm_api.h or tm_{{test}}_test.c)",
                           "pass the folder utility/benchmarks/thread_metric of a ThreadX tree")
    trees: dict[str, Path] = {}
    for item in args.kernel_src:
        name, sep, path = item.partition("=")
        if not sep or name not in KERNELS:
            raise RtbenchError(f"--kernel-src '{item}' is not OS=DIR", f"OS is one of {', '.join(KERNELS)}")
        trees[name] = Path(path).expanduser()
    return kernels, tests, trees


def build(kernel: str, tree: Path, suite: Path, tests: list[str], reports: int, out: Path) -> None:
    firmware = REPO / "firmware"
    target = find_target("qemu-m3")
    configure = ["cmake", "-S", str(SUPPORT), "-B", str(out), "-G", "Ninja",
                 f"-DCMAKE_TOOLCHAIN_FILE={firmware / 'targets' / 'qemu-m3' / target.spec['toolchain']}",
                 f"-DRTB_FIRMWARE={firmware}", f"-DRTB_OS={kernel}", f"-DRTB_KERNEL_SRC={tree}",
                 f"-DTM_SRC={suite.resolve()}", f"-DTM_TESTS={';'.join(tests)}",
                 f"-DTM_REPORTS={reports}", f"-DTM_TEST_DURATION={PERIOD_S}"]
    for command in (configure, ["cmake", "--build", str(out)]):
        proc = subprocess.run(command, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RtbenchError(f"building the suite for {kernel} failed:\n{(proc.stdout + proc.stderr)[-2000:]}",
                               "check the kernel tree and the suite folder")


def run_test(elf: Path, reports: int) -> tuple[float, str]:
    """Operations per 100 ms (the median of the report periods after the first), and the
    periods in which the suite's own check failed, if any."""
    spec = find_target("qemu-m3").spec["qemu"]
    command = [spec["binary"], "-machine", spec["machine"], "-cpu", spec["cpu"], "-display", "none",
               "-monitor", "none", "-serial", "stdio", "-icount", spec["icount"],
               "-semihosting-config", "enable=on,target=native", "-kernel", str(elf)]
    proc = subprocess.run(command, capture_output=True, text=True, timeout=60 + 30 * reports)
    text = proc.stdout
    if proc.returncode != 0 or "tm-verify: done" not in text:
        raise RtbenchError(f"{elf.name} did not finish (exit {proc.returncode}):\n{text[-800:]}{proc.stderr[-400:]}")
    periods = text.split("Time Period Total:")
    totals = [int(re.match(r"\s+(\d+)", part).group(1)) for part in periods[1:]]  # type: ignore[union-attr]
    if len(totals) != reports:
        raise RtbenchError(f"{elf.name}: {len(totals)} report periods, expected {reports}")
    failed = [str(i + 1) for i, part in enumerate(periods[:-1]) if "ERROR" in part]
    note = f"the suite's own check failed in period {', '.join(failed)}" if failed else ""
    return statistics.median(totals[1:]) * RTBENCH_PERIOD_MS / (PERIOD_S * 1000), note


def rtbench_medians(kernel: str, tree: Path, given: list[Path], work: Path) -> tuple[dict[str, float], str]:
    for path in given:
        try:
            run = json.loads(path.read_text())
            manifest = run["manifest"]
        except (OSError, ValueError, KeyError, TypeError) as err:
            raise RtbenchError(f"{path} is not an `rtbench run --json` file ({err})",
                               "pass the file --json wrote") from err
        if manifest.get("os") != kernel:
            continue
        if manifest.get("target") != "qemu-m3":
            raise RtbenchError(f"{path} is a {manifest.get('target')} run", "the suite runs on qemu-m3 here")
        return ({r["bench"]: float(r["p50"]) for r in run["results"]
                 if r["status"] == "ok" and r["bench"].startswith("tm_")}, str(path))
    out = work / f"rtbench-{kernel}.json"
    command = [sys.executable, "-m", "rtbench", "--home", str(work / "home"), "run", "--os", kernel,
               "--kernel-src", str(tree), "--bench", "tm_*", "--json", str(out)]
    proc = subprocess.run(command, capture_output=True, text=True, cwd=REPO)
    if proc.returncode != 0:
        raise RtbenchError(f"rtbench run on {kernel} failed:\n{proc.stderr[-1500:]}")
    return rtbench_medians(kernel, tree, [out], work)


def table(rows: list[Row]) -> str:
    header = ("| kernel | Thread-Metric test | rtbench | suite, ops / 100 ms | rtbench, ops / 100 ms "
              "| rtbench vs suite | instructions / op (suite, rtbench) |")
    lines = [header, "| --- | --- | --- | ---: | ---: | ---: | --- |"]
    for row in rows:
        if row.suite is None or row.rtbench is None:
            lines.append(f"| {row.kernel} | {row.test} | {TESTS[row.test]} | — | — | — | {row.note} |")
            continue
        diff = (row.rtbench - row.suite) / row.suite * 100
        per_op = f"{INSTRUCTIONS_PER_100MS / row.suite:.0f}, {INSTRUCTIONS_PER_100MS / row.rtbench:.0f}"
        note = f" ({row.note})" if row.note else ""
        lines.append(f"| {row.kernel} | {row.test} | {TESTS[row.test]} | {row.suite:g} | {row.rtbench:g} "
                     f"| {diff:+.1f} % | {per_op}{note} |")
    return "\n".join(lines)


def verify(args: argparse.Namespace) -> list[Row]:
    kernels, tests, trees = check_args(args)
    for tool in ("cmake", "ninja", "arm-none-eabi-gcc", find_target("qemu-m3").spec["qemu"]["binary"]):
        if not shutil.which(tool):
            raise RtbenchError(f"{tool} is not installed", "run scripts/setup.sh")
    trees = {k: trees.get(k) or sources.locate(find_kernel(k)).path for k in kernels}  # all found, or stop now
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="tm-verify-") as tmp:
        work = args.build_dir or Path(tmp)
        for kernel in kernels:
            tree = trees[kernel]
            runnable = [t for t in tests if (kernel, t) not in NOT_EXPRESSIBLE]
            out = work / kernel
            build(kernel, tree, args.suite, runnable, args.reports, out)
            medians, _ = rtbench_medians(kernel, tree, args.rtbench, work)
            for test in tests:
                if test not in runnable:
                    rows.append(Row(kernel, test, None, None, NOT_EXPRESSIBLE[(kernel, test)]))
                    continue
                suite, note = run_test(out / f"tm_{test}.elf", args.reports)
                rows.append(Row(kernel, test, suite, medians.get(TESTS[test]), note))
    return rows


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        print(table(verify(args)))
    except RtbenchError as err:
        print(f"verify_thread_metric: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
