# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""µT-Kernel 3.0 in QEMU (qemu-m4f: mps2-an386, qemu-m3: mps2-an385), with rtbench's own MPS2
system-dependent part, when its tree is given: the whole catalogue, each benchmark ok or
unsupported with the reason the kernel gives, and what shows how the port maps T-Kernel's services.

No registry carries µT-Kernel, so these tests skip with the doctor's reason unless MTKERNEL_PATH
names an mtkernel_3 tree (CI sets it from ../shared/kernels/mtkernel_3)."""
from __future__ import annotations

import pytest

from rtbench.acquire import catalogue
from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.results.stats import median
from tests.conftest import FPU_LABELS, SOFT_FLOAT, TRACED_LABELS, catalogue_once, run_catalogue
from tests.parts import need

TARGETS = ("qemu-m4f", "qemu-m3")
NO_DECISION_HOOK = ("µT-Kernel chooses the next task whenever its ready queue changes (knl_ready_queue_* set "
                    "knl_schedtsk) and offers no hook around that choice (td_hok_dsp is unimplemented)")
# What µT-Kernel cannot express, and why. Everything else must be ok.
UNSUPPORTED = {
    **{bench: "µT-Kernel's mutexes are not recursive: tk_loc_mtx by the owner fails with E_ILUSE"
       for bench in ("mutex_lock_recursive", "mutex_unlock_recursive")},
    # The port's message buffers (TA_TPRI) order only their senders by priority.
    **{f"queue_wake_order[waiters={n}]": "µT-Kernel's message buffers wake their receivers in the order they "
                                         "waited (TA_TPRI orders only the senders), and it has no call to put "
                                         "the most urgent first" for n in (2, 5, 10)},
    **{label: NO_DECISION_HOOK for label in TRACED_LABELS},
}
# The Cortex-M3 has no FPU: the FPU benchmarks say so on every kernel.
UNSUPPORTED_BY_TARGET = {"qemu-m4f": UNSUPPORTED,
                         "qemu-m3": {**UNSUPPORTED, **{label: SOFT_FLOAT for label in FPU_LABELS}}}


@pytest.fixture(scope="module", params=TARGETS)
def mtkernel_run(request: pytest.FixtureRequest, workspace: Workspace) -> Run:
    need("kernel", "mtkernel")
    return catalogue_once(workspace, "mtkernel", request.param)


def test_every_benchmark_is_ok_or_unsupported_with_its_reason(mtkernel_run: Run) -> None:
    assert {r.bench for r in mtkernel_run.results} == {b.name for b in catalogue.scan()}
    unsupported = UNSUPPORTED_BY_TARGET[mtkernel_run.manifest["target"]]
    assert {r.label(): r.reason for r in mtkernel_run.results if r.status == "unsupported"} == unsupported
    assert [(r.label(), r.status, r.reason) for r in mtkernel_run.results
            if r.status not in ("ok", "unsupported")] == []
    assert mtkernel_run.manifest["stream_errors"] == []


def test_the_services_map_as_the_kernel_has_them(mtkernel_run: Run) -> None:
    status = {r.label(): r.status for r in mtkernel_run.results}
    # Semaphores queue by priority (TA_TPRI).
    assert status["sem_wake_order[waiters=5]"] == "ok"
    # Releases from the task's cyclic handler, on the kernel's absolute timeline: every one at the
    # same small distance from its tick (a delay, counting from the next tick, could not wait one).
    jitter = next(r for r in mtkernel_run.results if r.bench == "periodic_jitter").samples()
    assert max(jitter) - min(jitter) < 100, (min(jitter), max(jitter))
    # A task that ends itself (tk_exd_tsk) and leaves its creator running, every time.
    assert len(next(r for r in mtkernel_run.results if r.bench == "task_exit_switch").samples()) == 100


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
    # The heap is a variable-size memory pool; a yield rotates the caller's ready queue.
    assert "tk_get_mpl" in notes["heap_alloc"] and "tk_rot_rdq" in notes["task_yield_alone"]
    # tk_cre_tsk leaves a task dormant, tk_sta_tsk starts it: each costs less than both in one.
    assert "tk_sta_tsk" in notes["task_start"]
    assert m["task_create_dormant"] < m["task_create"] and m["task_start"] < m["task_start_switch"]


def test_runs_are_bit_for_bit_repeatable(workspace: Workspace) -> None:
    """On the first target: the port's determinism does not depend on the core."""
    need("kernel", "mtkernel")
    first = catalogue_once(workspace, "mtkernel", TARGETS[0])
    second = run_catalogue(workspace, os="mtkernel", target=TARGETS[0])
    a = {r.label(): (r.status, r.raw_samples) for r in first.results}
    b = {r.label(): (r.status, r.raw_samples) for r in second.results}
    assert a.keys() == b.keys()
    assert [label for label in a if a[label] != b[label]] == []
