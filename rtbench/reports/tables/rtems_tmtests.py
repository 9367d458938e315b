# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""RTEMS's own timing tests (testsuites/tmtests) beside an RTEMS run's medians, for the directives
both time, as a Markdown table (the view `rtems_tmtests`; scripts/rtems_tmtests.py measures the
tests and prints it with --show):

    rtems_tmtests RUN.json [--record docs/reference/rtems-tmtests.json]

A timing test prints each directive's average in the BSP's CPU counter, the A9 global timer
(10 ns ticks), which are instructions x 16/5 under QEMU's -icount shift=5, as rtbench converts its
own. Each pair says why the two differ where they differ by more than 10 %."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

from ...errors import RtbenchError
from ...paths import checkout_dir
from ...results.runsource import run_from_json
from ...results.stats import median
from .arguments import parser

# Ticks of the global timer (10 ns) to instructions (one per 32 ns under -icount shift=5).
SCALE = (5, 16)
MISSING = "—"


class Pair(NamedTuple):
    """rtbench's benchmark, the timing test and the line that time the same directive, what both
    time, and why they differ by more than 10 % where they do."""
    label: str
    test: str
    message: str
    what: str
    why: str = ""


_ADAPTER = "rtbench's figure includes the port's adapter (argument checks, the object's slot) around the directive"
# The port's semaphores are counting ones that queue by priority: tm31 and tm32 (tm02's and tm03's
# counting/priority variants).
PAIRS: list[Pair] = [
    Pair("task_switch", "tm24", "rtems_task_wake_after: yields preempts caller",
         "a yield to an equal-priority task, to that task running",
         "tm24's loop runs through many tasks of one priority (each yield moves the caller to the end of a "
         "longer ready chain); rtbench switches between two; not traced further"),
    Pair("task_yield_alone", "tm24", "rtems_task_wake_after: yield returns to caller",
         "a yield with no one to yield to"),
    Pair("sem_take", "tm01", "rtems_semaphore_obtain: available", "an uncontended obtain", _ADAPTER),
    Pair("sem_give", "tm01", "rtems_semaphore_release: no waiting tasks", "a release nobody waits for",
         _ADAPTER + ", and the port reads the count to keep a semaphore's maximum"),
    Pair("sem_signal_wake", "tm32", "rtems_semaphore_release: counting/priority task readied preempts caller",
         "a release that readies a more urgent task, to that task running",
         "tm32 times one release but divides it by 99 (tm03impl.h's put_time over operation_count - 1): "
         "times 99 it is within a few percent of rtbench's"),
    Pair("sem_take_block", "tm31", "rtems_semaphore_obtain: counting/priority not available caller blocks",
         "an obtain that blocks, to the next task running",
         "tm31's blocking obtains run through a chain of about 100 tasks, each switch to a task that has not run "
         "yet; rtbench's blocks and switches back to its partner; not traced further"),
    Pair("sem_create", "tm01", "rtems_semaphore_create: only case", "creating a semaphore", _ADAPTER),
    Pair("sem_delete", "tm01", "rtems_semaphore_delete: only case", "deleting it"),
    Pair("queue_send", "tm09", "rtems_message_queue_send: no waiting tasks", "a send nobody waits for"),
    Pair("queue_recv", "tm09", "rtems_message_queue_receive: available", "a receive of a waiting message",
         _ADAPTER),
    Pair("queue_wake", "tm11", "rtems_message_queue_send: task readied preempts caller",
         "a send that readies a more urgent receiver, to it running", _ADAPTER),
    Pair("pool_alloc", "tm20", "rtems_partition_get_buffer: available", "a partition's buffer"),
    Pair("pool_free", "tm20", "rtems_partition_return_buffer: only case", "returning it",
         "tm20 returns the buffers in a loop whose overhead it subtracts as measured once; not traced further"),
    Pair("heap_alloc", "tm20", "rtems_region_get_segment: available", "a region's segment"),
    Pair("heap_free", "tm20", "rtems_region_return_segment: no waiting tasks", "returning it"),
    Pair("task_suspend", "tm06", "rtems_task_suspend: returns to caller", "suspending another task", _ADAPTER),
    Pair("task_resume", "tm06", "rtems_task_resume: task readied returns to caller", "resuming a less urgent task"),
    Pair("task_create", "tm04", "rtems_task_create: only case", "creating a task",
         "rtbench's task is constructed on the port's storage (rtems_task_construct); tm04's is created "
         "from RTEMS's workspace, which allocates its stack"),
    Pair("task_start", "tm04", "rtems_task_start: only case", "starting a created task"),
    Pair("flag_wait_wake", "tm16", "rtems_event_send: task readied preempts caller",
         "an event send that readies a more urgent task, to it running",
         "rtbench's event flags are the port's emulation over the task's events (the group's bits, then "
         "rtems_event_send)"),
    Pair("timer_start_stop", "tm23", "rtems_timer_fire_after: inactive", "arming a timer",
         "tm23 arms each of its timers once, averaged over the loop; rtbench arms one timer again and again "
         "(through the port); not traced further"),
    Pair("tick_cost[tasks=0]", "tm25", "rtems_clock_tick: only case", "one clock tick",
         "rtbench's tick is the clock driver's call of _Timecounter_Tick (the timecounter's update with the "
         "watchdogs); tm25 times rtems_clock_tick, which a simulated clock calls without the counter's read"),
]


def instructions(ticks: int) -> int:
    return (ticks * SCALE[0] + SCALE[1] // 2) // SCALE[1]


def figure(record: dict[str, Any], test: str, message: str) -> int | None:
    """A timing test's figure for one line, in instructions (None when the test did not print it)."""
    for found in record["tests"].get(test, {}).get("figures", []):
        if found["message"] == message:
            return instructions(int(found["ticks"]))
    return None


def table(record: dict[str, Any], medians: dict[str, float]) -> str:
    lines = ["| rtbench | median | RTEMS timing test | figure | rtbench / test | what both time | why they differ |",
             "| --- | ---: | --- | ---: | ---: | --- | --- |"]
    for pair in PAIRS:
        theirs, ours = figure(record, pair.test, pair.message), medians.get(pair.label)
        ratio = ours / theirs if theirs and ours is not None else None
        why = pair.why if ratio is not None and abs(ratio - 1.0) > 0.10 else ""
        lines.append(f"| `{pair.label}` | {MISSING if ours is None else f'{ours:g}'} | {pair.test} `{pair.message}` | "
                     f"{MISSING if theirs is None else theirs} | {MISSING if ratio is None else f'{ratio:.2f}'} | "
                     f"{pair.what} | {why} |")
    lines += ["", (f"RTEMS {record['rtems']['version']}, BSP `{record['rtems']['bsp']}`, both in instructions "
                   "(QEMU `-icount`); the timing tests' figures are their averages, rtbench's the medians of the run.")]
    return "\n".join(lines)


def default_record() -> Path:
    root = checkout_dir()
    if root is None:
        raise RtbenchError("the timing tests' figures live in an rtbench checkout", "give --record FILE")
    return root / "docs" / "reference" / "rtems-tmtests.json"


def render(argv: list[str]) -> str:
    cmd = parser("rtems_tmtests", "RTEMS's timing tests beside an RTEMS run's medians")
    cmd.add_argument("run", metavar="RUN.json", help="a stored RTEMS run")
    cmd.add_argument("--record", type=Path, help="the timing tests' figures (default: the stored ones)")
    args = cmd.parse_args(argv)
    path = args.record or default_record()
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise RtbenchError(f"cannot read the timing tests' figures {path}: {err}",
                           "measure them: RTEMS_PATH=... python3 scripts/rtems_tmtests.py --record") from None
    run = run_from_json(Path(args.run))
    medians = {r.label(): median(r.samples()) for r in run.results if r.status == "ok"}
    return table(record, medians)
