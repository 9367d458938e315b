# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The catalogue on Apache NuttX in QEMU (qemu-m4f: mps2-an386), built by NuttX's own make and
Kconfig, when its tree is given.

No registry carries NuttX, and its tree is too large for ../shared/kernels: these tests skip with
the doctor's reason unless NUTTX_PATH names an apache/nuttx tree (and kconfiglib's olddefconfig
is installed). One build, one catalogue run, and a short selection run twice."""
from __future__ import annotations

import pytest

from rtbench.acquire import catalogue
from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.results.stats import median
from tests.conftest import TRACED_LABELS, run_catalogue
from tests.parts import need

TARGET = "qemu-m4f"
NO_DECISION_HOOK = ("NuttX reports scheduling decisions only through its instrumentation build "
                    "(CONFIG_SCHED_INSTRUMENTATION), which rtbench's board does not enable")
NO_THREAD_SUSPEND = ("NuttX cannot suspend one thread of a task: SIGSTOP stops the whole task group, and no "
                     "call suspends a single thread")
# What NuttX cannot do or show, and why. Everything else must be ok.
UNSUPPORTED = {
    **{label: NO_DECISION_HOOK for label in TRACED_LABELS},
    "task_suspend": NO_THREAD_SUSPEND,
    **{bench: "the port's tasks are POSIX threads, which pthread_create starts at once; NuttX's creation apart "
              "from the start (nxtask_init, nxtask_activate) is internal, for task groups"
       for bench in ("task_create_dormant", "task_start", "task_start_switch")},
}
# Run twice more: a task switch, a wake-up through a semaphore, an interrupt, a message, a tick.
REPEATED = "task_switch,sem_signal_wake,irq_latency,irq_task_wake,queue_send,mutex_pi,tick_cost"


@pytest.fixture(scope="module")
def nuttx_runs(workspace: Workspace) -> tuple[Run, Run, Run]:
    need("kernel", "nuttx")
    return (run_catalogue(workspace, os="nuttx", target=TARGET),
            run_catalogue(workspace, os="nuttx", target=TARGET, bench=REPEATED),
            run_catalogue(workspace, os="nuttx", target=TARGET, bench=REPEATED))


def test_every_benchmark_is_ok_or_unsupported_with_its_reason(nuttx_runs: tuple[Run, Run, Run]) -> None:
    run = nuttx_runs[0]
    assert {r.bench for r in run.results} == {b.name for b in catalogue.scan()}
    assert {r.label(): r.reason for r in run.results if r.status == "unsupported"} == UNSUPPORTED
    assert [(r.label(), r.status, r.reason) for r in run.results if r.status not in ("ok", "unsupported")] == []
    assert run.manifest["stream_errors"] == []


def test_runs_are_bit_for_bit_repeatable(nuttx_runs: tuple[Run, Run, Run]) -> None:
    _, first, second = nuttx_runs
    a = {r.label(): (r.status, r.raw_samples) for r in first.results}
    b = {r.label(): (r.status, r.raw_samples) for r in second.results}
    assert a.keys() == b.keys() and all(status == "ok" for status, _ in a.values())
    assert [label for label in a if a[label] != b[label]] == []


def test_the_configuration_is_the_fair_one_and_the_tree_is_identified(nuttx_runs: tuple[Run, Run, Run]) -> None:
    run = nuttx_runs[0]
    kernel = run.manifest["kernel"]
    assert kernel["name"] == "Apache NuttX" and kernel["port"].startswith("arch/arm/src/mps (ARCH_CHIP_MPS2_AN386)")
    # The version NuttX's make derived from the tree (git describe), never its 0.0.0 placeholder.
    assert kernel["version"] != "0.0.0" and kernel["version"].count(".") == 2
    config = kernel["config"]
    assert (config["tick_hz"], config["time_slicing"], config["rr_interval_ms"], config["tickless"]) == \
        ("100", "0", "0", "0")
    assert (config["asserts"], config["stack_overflow_check"], config["trace_facility"]) == ("0", "0", "0")
    assert (config["mutex_protocol"], config["priority_inheritance"]) == ("inheritance", "1")
    assert run.manifest["compiler"]["opt_flags"] == "-O2"
    git = kernel["tree"].get("git")
    if git:  # a git work tree: its commit, as for every kernel from a user's tree
        assert len(git["commit"]) == 40
    # NuttX's make builds a copy of the tree: its dependency files name what the compiler read there.
    assert len(kernel["tree"]["sources_sha256"]) == 64 and kernel["tree"]["files"] > 1000


def test_native_services_are_named(nuttx_runs: tuple[Run, Run, Run]) -> None:
    run = nuttx_runs[0]
    notes = {r.bench: " ".join(r.notes) for r in run.results}
    assert "POSIX message queue" in notes["queue_send"] and "malloc/free" in notes["pool_alloc"]
    assert notes["mutex_contention"] == "inheritance"
    assert "nxevent" in notes["flag_set"] and "wd_start" in notes["timer_start_stop"]
    # NuttX queues waiters by priority: no reordering call, none timed.
    assert "prioritize" not in notes["sem_wake_order"]
    # The services every kernel may lack: NuttX has each, in its one image.
    assert "sched_yield" in notes["task_yield_alone"] and "mq_send" in notes["queue_recv_wake"]
    assert "nxrmutex" in notes["mutex_lock_recursive"] and "mm_malloc" in notes["heap_alloc"]


def test_kernel_paths_compare_as_they_should(nuttx_runs: tuple[Run, Run, Run]) -> None:
    run = nuttx_runs[0]
    m = {r.label(): median(r.samples()) for r in run.results if r.status == "ok"}
    # The handler's first timestamp comes before the task it wakes runs.
    assert 0 < m["irq_latency"] < m["irq_task_wake"]
    # A give with nobody waiting costs less than one that wakes a task and switches to it.
    assert m["sem_give"] < m["sem_signal_wake"]
    # A pointer is a 4-byte message, copied as any other item: no cheaper path.
    assert m["queue_send_ptr"] >= m["queue_send"] * 0.8
    # The wrapper around NuttX's SysTick handler reports every tick; sleepers make it longer.
    assert 0 < m["tick_cost[tasks=0]"] < m["tick_cost[tasks=30]"]
    # A watchdog's callback runs inside the tick that expires it, soon after the tick's entry.
    assert 0 < m["timer_expiry"] < m["tick_cost[tasks=30]"]
    # An owner taking its recursive mutex again only counts: less than a first, uncontended lock.
    assert 0 < m["mutex_lock_recursive"] < m["mutex_lock"]
    # A thread's exit tears it down (its TCB freed) before the creator runs: more than a switch.
    assert m["task_switch"] < m["task_exit_switch"]
