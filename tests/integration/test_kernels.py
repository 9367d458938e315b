# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The whole catalogue on uC/OS-II and ThreadX in QEMU, when their sources are present.

No registry carries these kernels, so these tests skip unless UCOS2_PATH / THREADX_PATH name the
kernels' trees (.ci/run sets them from ../shared/kernels). That the same catalogue repeats bit for
bit on qemu-m3 is the exact check's (tests/integration/test_reference_exact.py): it runs each
kernel's whole catalogue again and compares every sample with the stored reference run."""
from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from rtbench.acquire import catalogue
from rtbench.acquire.protocol import SHORTENED
from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.results.stats import median
from tests.conftest import DORMANT_BENCHES, FPU_LABELS, SOFT_FLOAT, TRACED_LABELS, run_catalogue
from tests.integration.test_catalogue import assert_direct_resume
from tests.parts import need
from tests.test_service_images import SERVICES

UNIQUE_PRIORITIES = "uC/OS-II allows one task per priority: equal-priority tasks cannot be expressed"
NO_DECISION_HOOK = {
    "ucos2": "uC/OS-II has no hook around its choice of the next task (OS_SchedNew): OSTaskSwHook "
             "runs in the port's PendSV handler after the choice was made",
    "threadx": "ThreadX chooses the next thread whenever its ready list changes (resume and suspend "
               "set _tx_thread_execute_ptr) and offers no hook around that choice",
}
UCOS2_LACKS = {
    "task_yield_alone": "uC/OS-II allows one task per priority and has no yield: there is never an equal-priority "
                        "task to hand over to",
    "queue_recv_wake": "uC/OS-II's OSQPost never waits: a send to a full queue fails at once (OS_ERR_Q_FULL)",
    **{bench: "uC/OS-II's mutexes are not recursive: the owner cannot lock its mutex again"
       for bench in ("mutex_lock_recursive", "mutex_unlock_recursive")},
    **{bench: "uC/OS-II readies a task when it creates it (OSTaskCreate puts it in the ready table): its dormant "
              "state is a task not created, no creation apart from the start" for bench in DORMANT_BENCHES},
    **{bench: "uC/OS-II has no variable-size heap: its one allocator, OSMemGet/OSMemPut, hands out blocks of one "
              "fixed size (pool_alloc)" for bench in ("heap_alloc", "heap_free")},
}
# What each kernel cannot express, and why. Everything else must be ok.
UNSUPPORTED = {
    "ucos2": {
        **UCOS2_LACKS,
        # Only what is about equal priorities: task_preempt_load's extra tasks and the sleepers of
        # tick_cost and delay_block take a priority each, and 40 levels hold 30 of them.
        **{label: UNIQUE_PRIORITIES for label in ("task_switch", "sem_shuffle", "tm_coop_sched[period_ms=100]",
                                                  *(f"sem_signal_wake_workload[tasks={n}]" for n in (2, 4, 8)))},
        **{label: NO_DECISION_HOOK["ucos2"] for label in TRACED_LABELS},
        **{label: SOFT_FLOAT for label in FPU_LABELS},
    },
    "threadx": {**{label: NO_DECISION_HOOK["threadx"] for label in TRACED_LABELS},
                **{label: SOFT_FLOAT for label in FPU_LABELS}},
}
PROTOCOL = {"ucos2": "ceiling", "threadx": "inheritance"}
POOL = {"ucos2": "OSMemGet/OSMemPut", "threadx": "tx_block_allocate/tx_block_release"}


def _source_or_skip(name: str) -> None:
    need("kernel", name)


@pytest.fixture(scope="module", params=sorted(UNSUPPORTED))
def kernel_runs(request: pytest.FixtureRequest, workspace: Workspace) -> tuple[str, Run]:
    name = request.param
    _source_or_skip(name)
    return name, run_catalogue(workspace, os=name)


def test_every_benchmark_is_ok_or_unsupported_with_its_reason(kernel_runs: tuple[str, Run]) -> None:
    name, run = kernel_runs
    assert {r.bench for r in run.results} == {b.name for b in catalogue.scan()}
    unsupported = {r.label(): r.reason for r in run.results if r.status == "unsupported"}
    assert unsupported == UNSUPPORTED[name]
    assert [(r.label(), r.status, r.reason) for r in run.results if r.status not in ("ok", "unsupported")] == []
    assert run.manifest["stream_errors"] == []


def test_the_profile_is_the_fair_one(kernel_runs: tuple[str, Run]) -> None:
    name, run = kernel_runs
    kernel = run.manifest["kernel"]
    assert kernel["version"].startswith("V") and kernel["port"]
    config = kernel["config"]
    assert (config["tick_hz"], config["asserts"], config["trace_facility"], config["time_slicing"]) == \
        ("100", "0", "0", "0")
    assert config["mutex_protocol"] == PROTOCOL[name]
    assert run.manifest["compiler"]["opt_flags"] == "-O2"


def test_native_services_are_named(kernel_runs: tuple[str, Run]) -> None:
    name, run = kernel_runs
    notes = {r.bench: " ".join(r.notes) for r in run.results}
    assert PROTOCOL[name] in notes["mutex_pi"]
    assert POOL[name] in notes["pool_alloc"]


def test_going_to_sleep_does_not_walk_the_sleepers(kernel_runs: tuple[str, Run]) -> None:
    # uC/OS-II counts each task's delay in its TCB, ThreadX hangs timers on a wheel: unlike
    # FreeRTOS's sorted delayed list, neither looks at the other sleepers when a task sleeps.
    _, run = kernel_runs
    medians = [median(r.samples()) for r in run.results if r.bench == "delay_block" and r.status == "ok"]
    assert len(medians) >= 4 and max(medians) - min(medians) <= 8, medians


def test_adapter_costs_are_visible(kernel_runs: tuple[str, Run]) -> None:
    name, run = kernel_runs
    notes = {r.bench: " ".join(r.notes) for r in run.results}
    m = {r.label(): median(r.samples()) for r in run.results if r.status == "ok"}
    if name == "ucos2":
        # 4-byte items travel inside uC/OS-II's pointer, 16-byte ones through the port's ring; a
        # pointer item is the kernel's own message, without either copy.
        assert "inside the pointer" in notes["queue_send"] and "inside the pointer" in notes["window_queue"]
        assert "16-byte slot of a ring" in notes["tm_message"]
        assert "no copy" in notes["queue_send_ptr"]
        assert m["queue_send_ptr"] < m["queue_send"] and m["queue_recv_ptr"] < m["queue_recv"]
    else:
        assert "32-bit words" in notes["queue_send"] and "one-word message" in notes["queue_send_ptr"]


def test_a_note_longer_than_its_stream_line_says_it_was_shortened(kernel_runs: tuple[str, Run]) -> None:
    name, run = kernel_runs
    texts = [(r.label(), text) for r in run.results for text in (*r.notes, r.reason)]
    assert [(label, text) for label, text in texts if re.search(r"%[0-9a-fA-F]?$", text.removesuffix(SHORTENED))] == []
    shortened = {label for label, text in texts if text.endswith(SHORTENED)}
    if name == "ucos2":  # how its ring carries a Thread-Metric message does not fit in 308 bytes
        assert "tm_message[period_ms=100]" in shortened


def test_thread_metric_interrupt_preemption_resumes_directly(kernel_runs: tuple[str, Run]) -> None:
    _, run = kernel_runs
    assert_direct_resume(run)


def test_kernel_services_and_wake_order(kernel_runs: tuple[str, Run]) -> None:
    name, run = kernel_runs
    notes = {r.bench: " ".join(r.notes) for r in run.results}
    m = {r.label(): median(r.samples()) for r in run.results if r.status == "ok"}
    # A handler that resumes the task directly beats going through a semaphore (Anh & Tan).
    assert m["irq_task_resume"] < m["irq_task_wake"]
    assert m["task_resume"] < m["task_preempt"] and m["task_suspend"] < m["task_preempt"]
    assert notes["mutex_contention"] == PROTOCOL[name]
    # ThreadX wakes waiters in FIFO order: the benchmarks prioritize before each give, and say so.
    fifo = "tx_semaphore_prioritize" in notes["sem_wake_order"]
    assert fifo == (name == "threadx")
    # uC/OS-II's timers tick in a task; ThreadX's expire in the tick interrupt, far sooner.
    assert ("timer task" in notes["timer_expiry"]) == (name == "ucos2")
    assert 0 < m["timer_expiry"] < 78125
    # The peers' benchmarks: a spawn that switches costs more than one that does not; inheritance
    # lengthens a pend.
    assert m["task_spawn"] > m["task_create"] and m["mutex_pend"] < m["mutex_pend_pi"] < m["mutex_pi"]
    if name == "threadx":  # created suspended (TX_DONT_START), then resumed: each call costs less than both
        assert m["task_create_dormant"] < m["task_create"] and m["task_start"] < m["task_start_switch"]
        assert "TX_DONT_START" in notes["task_start"]
    assert ("byte pool" in notes["heap_alloc"]) == (name == "threadx")
    services = run.manifest["run"]["services"]
    assert services["benches"] == SERVICES
    # The plain image runs the catalogue as it did before these existed: no benchmark list.
    assert "select" not in run.manifest["run"]["guest_options"]


def test_threadx_wakes_in_fifo_order_without_prioritize(workspace: Workspace) -> None:
    _source_or_skip("threadx")
    run = run_catalogue(workspace, os="threadx", bench="sem_wake_order,queue_wake_order", iterations=20, warmup=0,
                        options={"waiters": "3", "prioritize": "0"})
    assert [(r.bench, r.status, r.reason) for r in run.results] == [
        (bench, "fail", "a less urgent waiter woke before a more urgent one")
        for bench in ("sem_wake_order", "queue_wake_order")]


def test_the_timer_task_is_only_in_the_services_image(kernel_runs: tuple[str, Run]) -> None:
    name, run = kernel_runs
    if name != "ucos2":
        pytest.skip("ThreadX's timers expire in the tick interrupt: it has no timer task")
    plain = run.manifest["run"]["command"][-1]
    services = run.manifest["run"]["services"]["image"]
    symbols = {image: subprocess.run(["arm-none-eabi-nm", image], capture_output=True, text=True, check=True).stdout
               for image in (plain, services)}
    # OSTmr_Task would cost every other benchmark: boot_time, and a signal on every tick.
    assert "OSTmr_Task" not in symbols[plain] and "OSTmr_Task" in symbols[services]
    assert "OSFlagPost" not in symbols[plain] and "OSFlagPost" in symbols[services]


def test_without_the_source_run_says_where_to_get_it(tmp_path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("UCOS2_PATH", "THREADX_PATH")}
    for name, variable in (("ucos2", "UCOS2_PATH"), ("threadx", "THREADX_PATH")):
        proc = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path), "run", "--os", name],
                              capture_output=True, text=True, env=env)
        assert proc.returncode == 2
        assert variable in proc.stderr and "--kernel-src" in proc.stderr and "git clone" in proc.stderr
