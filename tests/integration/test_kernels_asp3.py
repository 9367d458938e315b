# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The whole catalogue on TOPPERS/ASP3 in QEMU (qemu-m4f: mps2-an386, qemu-m3: mps2-an385), when its
tree is given.

No registry carries ASP3, so these tests skip with the doctor's reason unless ASP3_PATH names an
asp3_core tree (CI sets it from ../shared/kernels/asp3_core)."""
from __future__ import annotations

import subprocess

import pytest

from rtbench.acquire import catalogue
from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.results.stats import median
from tests.conftest import FPU_LABELS, SOFT_FLOAT, TRACED_LABELS, catalogue_once, run_catalogue
from tests.integration.test_catalogue import assert_direct_resume
from tests.parts import need

TARGETS = ("qemu-m4f", "qemu-m3")
NO_DECISION_HOOK = ("ASP3 chooses the next task whenever its ready queues change (make_runnable and "
                    "make_non_runnable set p_schedtsk) and offers no hook around that choice outside its "
                    "trace log build")
TICKLESS = ("ASP3 runs tickless here: no periodic tick, its timer interrupts only when a time event is "
            "due (its tick driver cannot do 100 Hz)")
# What ASP3 cannot express, and why. Everything else must be ok.
IMMEDIATE_CEILING = "the kernel's priority ceiling is immediate: the "
ASP3_LACKS = {
    **{f"{kind}_{call}": "ASP3 creates its semaphores, mutexes, data queues and alarms statically (the "
                         "configurator's CRE_ calls): the port only hands them out, re-initialised"
       for kind in ("sem", "mutex", "queue", "timer") for call in ("create", "delete")},
    **{bench: "ASP3's mutexes are not recursive: loc_mtx by the owner fails with E_OBJ"
       for bench in ("mutex_lock_recursive", "mutex_unlock_recursive")},
    **{bench: "ASP3 has no variable-size heap: its one allocator, get_mpf/rel_mpf, hands out blocks of one fixed "
              "size (pool_alloc)" for bench in ("heap_alloc", "heap_free")},
    # Under an immediate ceiling the owner runs above every user of the mutex.
    "mutex_unlock_wake": IMMEDIATE_CEILING + "waiter handed the mutex runs at the ceiling, above the unlocker, so "
                                             "the unlock always switches to it",
    "mutex_pend_pi": IMMEDIATE_CEILING + "owner runs at the ceiling, above every user of the mutex, so a more "
                                         "urgent task never pends on it",
    # µITRON queues a data queue's receivers in FIFO order whatever its attribute.
    **{f"queue_wake_order[waiters={n}]": "ASP3's data queues wake their receivers in the order they waited "
                                         "(TA_TPRI orders only the senders), and ASP3 has no call to put the "
                                         "most urgent first" for n in (2, 5, 10)},
}
UNSUPPORTED = {
    **ASP3_LACKS,
    **{label: NO_DECISION_HOOK for label in TRACED_LABELS},
    **{f"tick_cost[tasks={n}]": TICKLESS for n in (0, 5, 10, 15, 30)},
}
# The Cortex-M3 has no FPU: the FPU benchmarks say so on every kernel.
UNSUPPORTED_BY_TARGET = {"qemu-m4f": UNSUPPORTED,
                         "qemu-m3": {**UNSUPPORTED, **{label: SOFT_FLOAT for label in FPU_LABELS}}}


@pytest.fixture(scope="module", params=TARGETS)
def asp3_run(request: pytest.FixtureRequest, workspace: Workspace) -> Run:
    need("kernel", "asp3")
    return catalogue_once(workspace, "asp3", request.param)


def test_every_benchmark_is_ok_or_unsupported_with_its_reason(asp3_run: Run) -> None:
    run = asp3_run
    assert {r.bench for r in run.results} == {b.name for b in catalogue.scan()}
    unsupported = UNSUPPORTED_BY_TARGET[run.manifest["target"]]
    assert {r.label(): r.reason for r in run.results if r.status == "unsupported"} == unsupported
    assert [(r.label(), r.status, r.reason) for r in run.results if r.status not in ("ok", "unsupported")] == []
    assert run.manifest["stream_errors"] == []


def test_runs_are_bit_for_bit_repeatable(workspace: Workspace) -> None:
    """On the first target: the port's determinism does not depend on the core."""
    need("kernel", "asp3")
    first = catalogue_once(workspace, "asp3", TARGETS[0])
    second = run_catalogue(workspace, os="asp3", target=TARGETS[0])
    a = {r.label(): (r.status, r.raw_samples) for r in first.results}
    b = {r.label(): (r.status, r.raw_samples) for r in second.results}
    assert a.keys() == b.keys()
    assert [label for label in a if a[label] != b[label]] == []


def test_the_profile_is_the_fair_one(asp3_run: Run) -> None:
    run = asp3_run
    kernel = run.manifest["kernel"]
    assert kernel["name"] == "TOPPERS/ASP3" and kernel["version"].startswith("V3.") and kernel["port"]
    config = kernel["config"]
    assert (config["tick_hz"], config["asserts"], config["trace_facility"], config["time_slicing"]) == \
        ("100", "0", "0", "0")
    # 100 Hz is the unit of timeouts: the kernel's clock counts microseconds, with no periodic tick.
    assert (config["tickless"], config["hrt_step_us"], config["mutex_protocol"]) == ("1", "1", "ceiling")
    assert run.manifest["compiler"]["opt_flags"] == "-O2"


def test_native_services_are_named(asp3_run: Run) -> None:
    run = asp3_run
    notes = {r.bench: " ".join(r.notes) for r in run.results}
    assert "ceiling" in notes["mutex_pi"] and notes["mutex_contention"] == "ceiling"
    assert "get_mpf/rel_mpf" in notes["pool_alloc"]
    assert "inside the word" in notes["queue_send"] and "16-byte slot of a ring" in notes["tm_message"]
    # Semaphores queue their waiters by priority (TA_TPRI): no reordering call, none timed.
    assert "prioritize" not in notes["sem_wake_order"]
    # Alarms: the kernel programs its timer for each, so expiry is timed from when one was due.
    assert "from the time the alarm was due" in notes["timer_expiry"]


def test_kernel_paths_compare_as_they_should(asp3_run: Run) -> None:
    run = asp3_run
    m = {r.label(): median(r.samples()) for r in run.results if r.status == "ok"}
    # A handler that wakes the task directly (wup_tsk) beats going through a semaphore.
    assert m["irq_task_resume"] < m["irq_task_wake"]
    assert m["task_resume"] < m["task_preempt"] and m["task_suspend"] < m["task_preempt"]
    # A pointer is the data queue's own word: no copy in the port.
    assert m["queue_send_ptr"] <= m["queue_send"] and m["queue_recv_ptr"] <= m["queue_recv"]
    # The configurator created every task dormant: a creation apart from the start is only the
    # port's choice of one, the start act_tsk and chg_pri, as a creation that starts.
    assert m["task_create_dormant"] < m["task_start"] < m["task_create"]
    assert_direct_resume(run)


def test_the_kernel_clock_keeps_time(asp3_run: Run) -> None:
    # Releases on the kernel's microsecond clock (rtbench's timer driver: timer0, the timestamp
    # counter), each measured from the time it was programmed for: no drift over the run (the
    # an386 target's own driver lost time at each re-arm, and the idle loop's WFI under -icount
    # doubled each interval), a fixed small lateness.
    run = asp3_run
    jitter = next(r for r in run.results if r.bench == "periodic_jitter")
    assert jitter.status == "ok"
    samples = jitter.samples()
    assert min(samples) > 0 and max(samples) - min(samples) <= 50, (min(samples), max(samples))


def test_an_alarm_runs_soon_after_it_is_due(asp3_run: Run) -> None:
    # From the due time (the alarm's event time in the kernel, on the timestamp counter) to the
    # handler: the timer's interrupt entry and the kernel's signal_time, a few hundred instructions.
    run = asp3_run
    expiry = next(r for r in run.results if r.bench == "timer_expiry")
    assert expiry.status == "ok" and min(expiry.samples()) > 0 and max(expiry.samples()) < 1000


def test_the_kernel_vector_table_is_where_vtor_can_point(asp3_run: Run) -> None:
    # core_initialize puts ASP3's generated table in VTOR, which ignores the low bits of an
    # address: firmware/os/asp3/mps2/vector.ld aligns it.
    run = asp3_run
    image = run.manifest["run"]["command"][-1]
    symbols = subprocess.run(["arm-none-eabi-nm", image], capture_output=True, text=True, check=True).stdout
    address = next(int(line.split()[0], 16) for line in symbols.splitlines() if line.endswith(" _kernel_vector_table"))
    assert address % 256 == 0, hex(address)
