#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Cross-check for the RTEMS port: RTEMS's own timing tests (testsuites/tmtests), built for the
same BSP with the same BSP options as rtbench's kernel (firmware/os/rtems/bsp.ini.in, plus
BUILD_TMTESTS) and run on the same QEMU machine under the same -icount as `rtbench run --target
qemu-a9 --os rtems`, set beside rtbench's figures for the directives both time.

A timing test prints each directive's average in the BSP's benchmark timer, RTEMS's CPU counter:
the A9 global timer, rtbench's timestamp counter too. Its ticks x 5/16 are instructions, as
rtbench converts its own (docs/concepts/units.md). The test subtracts its own loop and timer-read
overhead, as rtbench subtracts its timestamp read.

    RTEMS_PATH=... RTEMS_TOOLS=... python3 scripts/rtems_tmtests.py --record [--work DIR]
    python3 scripts/rtems_tmtests.py --show RUN.json     # the table beside a stored run (Markdown)

--record stores the figures (and each test's output) in docs/reference/rtems-tmtests.json; the
figures are deterministic, so --check measures them again and compares."""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from rtbench.acquire import platforms  # noqa: E402
from rtbench.acquire.runners import qemu  # noqa: E402
from rtbench.reports import reference_runs  # noqa: E402

RECORD = REPO / "docs" / "reference" / "rtems-tmtests.json"
SCHEMA = "rtbench-rtems-tmtests/1"
BSP = "arm/realview_pbx_a9_qemu"
_FIGURE = re.compile(r"^(\S.*?) - (-?\d+)\s*$")
# Ticks of the global timer (10 ns) to instructions (one per 32 ns under -icount shift=5).
SCALE = (5, 16)

# rtbench's benchmark, the timing test and its line that time the same directive, and what
# both time. The port's semaphores are counting ones that queue by priority: tm31 and tm32
# (tm02's and tm03's counting/priority variants). (A difference over 10 % is explained in the
# docs' table.)
PAIRS: list[tuple[str, str, str, str]] = [
    ("task_switch", "tm24", "rtems_task_wake_after: yields preempts caller",
     "a yield to an equal-priority task, to that task running"),
    ("task_yield_alone", "tm24", "rtems_task_wake_after: yield returns to caller", "a yield with no one to yield to"),
    ("sem_take", "tm01", "rtems_semaphore_obtain: available", "an uncontended obtain"),
    ("sem_give", "tm01", "rtems_semaphore_release: no waiting tasks", "a release nobody waits for"),
    ("sem_signal_wake", "tm32", "rtems_semaphore_release: counting/priority task readied preempts caller",
     "a release that readies a more urgent task, to that task running"),
    ("sem_take_block", "tm31", "rtems_semaphore_obtain: counting/priority not available caller blocks",
     "an obtain that blocks, to the next task running"),
    ("sem_create", "tm01", "rtems_semaphore_create: only case", "creating a semaphore"),
    ("sem_delete", "tm01", "rtems_semaphore_delete: only case", "deleting it"),
    ("queue_send", "tm09", "rtems_message_queue_send: no waiting tasks", "a send nobody waits for"),
    ("queue_recv", "tm09", "rtems_message_queue_receive: available", "a receive of a waiting message"),
    ("queue_wake", "tm11", "rtems_message_queue_send: task readied preempts caller",
     "a send that readies a more urgent receiver, to it running"),
    ("pool_alloc", "tm20", "rtems_partition_get_buffer: available", "a partition's buffer"),
    ("pool_free", "tm20", "rtems_partition_return_buffer: only case", "returning it"),
    ("heap_alloc", "tm20", "rtems_region_get_segment: available", "a region's segment"),
    ("heap_free", "tm20", "rtems_region_return_segment: no waiting tasks", "returning it"),
    ("task_suspend", "tm06", "rtems_task_suspend: returns to caller", "suspending another task"),
    ("task_resume", "tm06", "rtems_task_resume: task readied returns to caller", "resuming a less urgent task"),
    ("task_create", "tm04", "rtems_task_create: only case", "creating a task"),
    ("task_start", "tm04", "rtems_task_start: only case", "starting a created task"),
    ("flag_wait_wake", "tm16", "rtems_event_send: task readied preempts caller",
     "an event send that readies a more urgent task, to it running"),
    ("timer_start_stop", "tm23", "rtems_timer_fire_after: inactive", "arming a timer"),
    ("tick_cost[tasks=0]", "tm25", "rtems_clock_tick: only case", "one clock tick"),
]


def bsp_config(copy: Path) -> str:
    text = (REPO / "firmware" / "os" / "rtems" / "bsp.ini.in").read_text()
    for name, value in (("RTB_RTEMS_BSP", BSP), ("RTB_RTEMS_OPT", "-O2"), ("RTB_RTEMS_COPY", str(copy))):
        text = text.replace(f"@{name}@", value)
    return text + "BUILD_TMTESTS = True\n"


def target_spec() -> dict[str, Any]:
    """qemu-a9 as it runs RTEMS: its machine, -icount and toolchain folder."""
    return platforms.for_kernel(platforms.find_target("qemu-a9"), platforms.find_kernel("rtems")).spec


def build(tree: Path, work: Path) -> Path:
    spec = target_spec()
    work.mkdir(parents=True, exist_ok=True)
    config = work / "bsp.ini"
    config.write_text(bsp_config(work / "rtems"))
    subprocess.run(["sh", str(REPO / "firmware" / "os" / "rtems" / "build_kernel.sh"), str(tree), str(work),
                    str(config), spec["tools_dir"], str(work / "built.stamp")], check=True)
    return work / "rtems" / "build" / BSP.split("/")[0] / BSP.split("/")[1]


def run_test(exe: Path, seconds: float) -> tuple[list[dict[str, Any]], str]:
    """One timing test in QEMU: its figures (message, ticks) and how it ended."""
    spec = target_spec()["qemu"]
    command = [spec["binary"], "-machine", spec["machine"], "-cpu", spec["cpu"], "-display", "none",
               "-monitor", "none", "-serial", "stdio", *qemu.icount(spec), *spec.get("extra", []),
               "-no-reboot", "-kernel", str(exe)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=seconds, stdin=subprocess.DEVNULL)
        output, ended = done.stdout, "reset"
    except subprocess.TimeoutExpired as err:
        output, ended = (err.stdout or b"").decode(errors="replace"), "timeout"
    figures = [{"message": m.group(1), "ticks": int(m.group(2))}
               for m in map(_FIGURE.match, output.splitlines()) if m]
    if "*** END OF TEST" in output:
        ended = "end of test"
    return figures, ended


def measure(tree: Path, work: Path) -> dict[str, Any]:
    built = build(tree, work)
    tests: dict[str, Any] = {}
    for exe in sorted(built.glob("testsuites/tmtests/tm[0-9]*.exe")):
        print(f"rtems_tmtests: {exe.stem}", file=sys.stderr)
        figures, ended = run_test(exe, 300.0)
        tests[exe.stem] = {"figures": figures, "ended": ended}
    spec = target_spec()
    version = (work / "rtems" / "VERSION").read_text().split("=")[-1].strip() if (work / "rtems" / "VERSION").exists() \
        else "unknown"
    compiler = subprocess.run([str(Path(spec["tools_dir"]) / "arm-rtems6-gcc"), "--version"], capture_output=True,
                              text=True).stdout.splitlines()[0]
    return {"schema": SCHEMA, "rtems": {"version": version, "bsp": BSP, "options": bsp_config(Path("/rtbench/kernel")),
                                        "compiler": compiler},
            "qemu": {**qemu.describe(platforms.for_kernel(platforms.find_target("qemu-a9"),
                                                          platforms.find_kernel("rtems")))},
            "unit": "ticks of the A9 global timer (10 ns of virtual time); x 5/16 = instructions",
            "tests": tests}


def instructions(ticks: int) -> int:
    return (ticks * SCALE[0] + SCALE[1] // 2) // SCALE[1]


def figure(record: dict[str, Any], test: str, message: str) -> int | None:
    for found in record["tests"].get(test, {}).get("figures", []):
        if found["message"] == message:
            return instructions(int(found["ticks"]))
    return None


def show(record: dict[str, Any], run: dict[str, Any]) -> str:
    medians = {reference_runs.label(r): r["p50"] for r in run["results"] if r["status"] == "ok"}
    lines = ["| rtbench | median | RTEMS timing test | figure | rtbench / test | what both time |",
             "| --- | ---: | --- | ---: | ---: | --- |"]
    for label, test, message, what in PAIRS:
        theirs, ours = figure(record, test, message), medians.get(label)
        ratio = f"{ours / theirs:.2f}" if theirs and ours is not None else "—"
        lines.append(f"| `{label}` | {ours if ours is not None else '—'} | {test} `{message}` | "
                     f"{theirs if theirs is not None else '—'} | {ratio} | {what} |")
    version = record["rtems"]["version"]
    lines.append("")
    lines.append(f"RTEMS {version}, BSP `{record['rtems']['bsp']}`, both in instructions (QEMU `-icount`); the "
                 f"timing tests' figures are their averages, rtbench's the medians of the stored run.")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--record", action="store_true", help=f"measure and store in {RECORD.relative_to(REPO)}")
    what.add_argument("--check", action="store_true", help="measure and compare with the stored figures")
    what.add_argument("--show", type=Path, metavar="RUN.json", help="the table beside a stored rtbench run")
    parser.add_argument("--work", type=Path, help="where to build (default: a temporary folder)")
    args = parser.parse_args()
    if args.show:
        print(show(json.loads(RECORD.read_text()), json.loads(args.show.read_text())))
        return 0
    import os

    tree = os.environ.get("RTEMS_PATH")
    if not tree:
        print("rtems_tmtests: set RTEMS_PATH to an RTEMS tree (and RTEMS_TOOLS to its toolchain)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="rtems-tmtests-") as scratch:
        measured = measure(Path(tree).resolve(), (args.work or Path(scratch)).resolve())
    if args.record:
        RECORD.write_text(json.dumps(measured, indent=1, sort_keys=True) + "\n")
        print(f"rtems_tmtests: {sum(len(t['figures']) for t in measured['tests'].values())} figures of "
              f"{len(measured['tests'])} tests in {RECORD.relative_to(REPO)}")
        return 0
    stored = json.loads(RECORD.read_text())
    changed = [name for name in sorted(set(stored["tests"]) | set(measured["tests"]))
               if stored["tests"].get(name) != measured["tests"].get(name)]
    print("rtems_tmtests: " + ("every figure is the stored one" if not changed else f"changed: {', '.join(changed)}"))
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
