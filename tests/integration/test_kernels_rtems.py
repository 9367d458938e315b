# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The catalogue on RTEMS in QEMU (qemu-a9: realview-pbx-a9 with RTEMS's realview_pbx_a9_qemu
BSP), built by RTEMS's own waf, when its tree and toolchain are given.

No registry carries RTEMS or its toolchain (scripts/rtems_toolchain.sh builds it, longer than CI
has): these tests skip with the doctor's reason unless RTEMS_PATH names an RTEMS tree and
RTEMS_TOOLS its toolchain. One build, one catalogue run, and a selection run twice."""
from __future__ import annotations

import pytest

from rtbench.acquire import catalogue
from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.results.stats import median
from tests.conftest import TRACED_LABELS, run_catalogue
from tests.parts import need

TARGET = "qemu-a9"
NO_DECISION_HOOK = ("RTEMS has no hook where its scheduler starts choosing: the heir is chosen inside each "
                    "directive's scheduler operation, and the thread-switch extension runs only after the choice")
# What RTEMS cannot do or show, and why. Everything else must be ok.
UNSUPPORTED = {
    **{label: NO_DECISION_HOOK for label in TRACED_LABELS},
    "queue_recv_wake": "RTEMS's Classic message queues never block a sender: rtems_message_queue_send to a full "
                       "queue returns RTEMS_TOO_MANY at once",
}
# Run twice more: a task switch, a wake-up through a semaphore, an interrupt, a message, a tick,
# a period.
REPEATED = "task_switch,sem_signal_wake,irq_latency,irq_task_wake,queue_send,mutex_pi,tick_cost,periodic_jitter"


@pytest.fixture(scope="module")
def rtems_runs(workspace: Workspace) -> tuple[Run, Run, Run]:
    need("kernel", "rtems")
    return (run_catalogue(workspace, os="rtems", target=TARGET),
            run_catalogue(workspace, os="rtems", target=TARGET, bench=REPEATED),
            run_catalogue(workspace, os="rtems", target=TARGET, bench=REPEATED))


def test_every_benchmark_is_ok_or_unsupported_with_its_reason(rtems_runs: tuple[Run, Run, Run]) -> None:
    run = rtems_runs[0]
    assert {r.bench for r in run.results} == {b.name for b in catalogue.scan()}
    assert {r.label(): r.reason for r in run.results if r.status == "unsupported"} == UNSUPPORTED
    assert [(r.label(), r.status, r.reason) for r in run.results if r.status not in ("ok", "unsupported")] == []
    assert run.manifest["stream_errors"] == []


def test_runs_are_bit_for_bit_repeatable(rtems_runs: tuple[Run, Run, Run]) -> None:
    _, first, second = rtems_runs
    a = {r.label(): (r.status, r.raw_samples) for r in first.results}
    b = {r.label(): (r.status, r.raw_samples) for r in second.results}
    assert a.keys() == b.keys() and all(status == "ok" for status, _ in a.values())
    assert [label for label in a if a[label] != b[label]] == []


def test_the_configuration_is_the_fair_one_and_the_tree_is_identified(rtems_runs: tuple[Run, Run, Run]) -> None:
    run = rtems_runs[0]
    kernel = run.manifest["kernel"]
    assert kernel["name"] == "RTEMS" and kernel["port"] == "arm/realview_pbx_a9_qemu"
    assert kernel["version"].startswith("6.")
    config = kernel["config"]
    assert (config["tick_hz"], config["time_slicing"], config["asserts"], config["trace_facility"]) == \
        ("100", "0", "0", "0")
    assert "CLOCK_DRIVER_USE_FAST_IDLE off" in config["rtems_bsp_options"]
    assert "RTEMS_DEBUG off" in config["rtems_bsp_options"] and "spinning" in config["idle"]
    assert config["mutex_protocol"] == "inheritance" and config["task_stack_bytes"] == "2048"
    assert run.manifest["compiler"]["opt_flags"] == "-O2"
    assert run.manifest["emulator"]["machine"] == "realview-pbx-a9"
    assert run.manifest["target_settings"]["board"].startswith("QEMU realview-pbx-a9")


def test_native_services_are_named(rtems_runs: tuple[Run, Run, Run]) -> None:
    run = rtems_runs[0]
    notes = {r.bench: " ".join(r.notes) for r in run.results}
    assert "RTEMS message queue" in notes["queue_send"] and "rtems_partition_get_buffer" in notes["pool_alloc"]
    assert notes["mutex_contention"] == "inheritance"
    assert "rtems_event_send" in notes["flag_set"] and "rtems_timer_fire_after" in notes["timer_start_stop"]
    assert "rtems_region_get_segment" in notes["heap_alloc"] and "rtems_task_construct" in notes["task_start"]
    # RTEMS queues waiters by priority: no reordering call, none timed.
    assert "prioritize" not in notes["sem_wake_order"]


def test_boot_time_says_what_ran_before_rtbench(rtems_runs: tuple[Run, Run, Run]) -> None:
    (boot,) = [r for r in rtems_runs[0].results if r.bench == "boot_time"]
    phases = {note.split()[1].rstrip(":"): float(note.split()[2]) for note in boot.notes if note.startswith("phase ")}
    assert list(phases) == ["c_runtime", "kernel_init", "objects_created", "first_task"]
    assert all(v > 0 for v in phases.values())
    assert sum(phases.values()) == pytest.approx(boot.samples()[0], abs=4)


def test_kernel_paths_compare_as_they_should(rtems_runs: tuple[Run, Run, Run]) -> None:
    run = rtems_runs[0]
    m = {r.label(): median(r.samples()) for r in run.results if r.status == "ok"}
    # The handler's first timestamp comes before the task it wakes runs.
    assert 0 < m["irq_latency"] < m["irq_task_wake"]
    # A release with nobody waiting costs less than one that wakes a task and switches to it.
    assert m["sem_give"] < m["sem_signal_wake"]
    # The tick wrapper reports every tick; a timer expires inside the tick that expires it.
    assert 0 < m["tick_cost[tasks=0]"] < m["tick_cost[tasks=30]"]
    assert 0 < m["timer_expiry"] < m["tick_cost[tasks=30]"]
    # A dormant task's creation and start, each less than both.
    assert m["task_create_dormant"] < m["task_create"] and m["task_start"] < m["task_start_switch"]
    # An owner obtaining its mutex again never blocks: less than a lock that waits for its owner.
    # (RTEMS checks the owner after taking the object's lock, so a nested obtain is no cheaper
    # than a first one, unlike on the other kernels.)
    assert 0 < m["mutex_lock_recursive"] < m["mutex_pend"]
