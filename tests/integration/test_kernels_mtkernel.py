# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""µT-Kernel 3.0 in QEMU (qemu-m4f: mps2-an386, qemu-m3: mps2-an385), with rtbench's own MPS2
system-dependent part, when its tree is given: one build and a short run of the benchmarks that
show how the port maps T-Kernel's services.

No registry carries µT-Kernel, so these tests skip with the doctor's reason unless MTKERNEL_PATH
names an mtkernel_3 tree (CI sets it from ../shared/kernels/mtkernel_3)."""
from __future__ import annotations

import pytest

from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.results.stats import median
from tests.conftest import run_catalogue
from tests.parts import need

TARGETS = ("qemu-m4f", "qemu-m3")
BENCHES = ("task_switch,task_preempt,irq_task_wake,irq_task_resume,sem_wake_order,queue_wake_order,mutex_pi,"
           "queue_send,pool_alloc,flag_wait_wake,timer_expiry,tick_cost,periodic_jitter,task_switch_fpu")


@pytest.fixture(scope="module", params=TARGETS)
def mtkernel_run(request: pytest.FixtureRequest, workspace: Workspace) -> Run:
    need("kernel", "mtkernel")
    return run_catalogue(workspace, os="mtkernel", target=request.param, bench=BENCHES)


def test_the_services_map_as_the_kernel_has_them(mtkernel_run: Run) -> None:
    status = {r.label(): (r.status, r.reason) for r in mtkernel_run.results}
    ok = {label for label, (s, _) in status.items() if s == "ok"}
    assert {"task_switch", "mutex_pi", "flag_wait_wake", "timer_expiry", "tick_cost[tasks=5]"} <= ok
    # Semaphores queue by priority (TA_TPRI); a message buffer's receivers wait in FIFO order
    # whatever its attribute, and the kernel has no call that reorders them.
    assert "sem_wake_order[waiters=5]" in ok
    assert status["queue_wake_order[waiters=5]"] == ("fail", "a less urgent waiter woke before a more urgent one")
    # Releases from the task's cyclic handler, on the kernel's absolute timeline: every one at the
    # same small distance from its tick (a delay, counting from the next tick, could not wait one).
    assert status["periodic_jitter"][0] == "ok"
    jitter = next(r for r in mtkernel_run.results if r.bench == "periodic_jitter").samples()
    assert max(jitter) - min(jitter) < 100, (min(jitter), max(jitter))
    fpu = status["task_switch_fpu[fpu=1]"][0]
    assert fpu == ("ok" if mtkernel_run.manifest["target"] == "qemu-m4f" else "unsupported")
    assert mtkernel_run.manifest["stream_errors"] == []


def test_the_profile_is_the_fair_one(mtkernel_run: Run) -> None:
    kernel = mtkernel_run.manifest["kernel"]
    assert kernel["name"] == "µT-Kernel" and kernel["version"] == "V3.00.07" and kernel["port"]
    config = kernel["config"]
    assert (config["tick_hz"], config["asserts"], config["time_slicing"], config["stack_overflow_check"]) == \
        ("100", "0", "0", "0")
    assert (config["static_allocation"], config["mutex_protocol"]) == ("1", "inheritance")


def test_kernel_paths_compare_as_they_should(mtkernel_run: Run) -> None:
    m = {r.label(): median(r.samples()) for r in mtkernel_run.results if r.status == "ok"}
    # An interrupt that wakes the task directly (tk_wup_tsk) beats going through a semaphore.
    assert m["irq_task_resume"] < m["irq_task_wake"]
    # The tick walks the kernel's timer queue: more sleeping tasks, a longer tick.
    assert m["tick_cost[tasks=0]"] < m["tick_cost[tasks=30]"]
    notes = {r.bench: " ".join(r.notes) for r in mtkernel_run.results}
    assert "tk_snd_mbf" in notes["queue_send"] and "tk_get_mpf" in notes["pool_alloc"]



def test_runs_are_bit_for_bit_repeatable(mtkernel_run: Run, workspace: Workspace) -> None:
    # The same selection again, from the image already built (another selection moves the tick's
    # phase against the benchmarks that follow).
    again = run_catalogue(workspace, os="mtkernel", target=mtkernel_run.manifest["target"], bench=BENCHES)
    first = {r.label(): (r.status, r.raw_samples) for r in mtkernel_run.results}
    assert {r.label(): (r.status, r.raw_samples) for r in again.results} == first
