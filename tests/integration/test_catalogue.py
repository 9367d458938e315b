# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The whole catalogue on FreeRTOS in QEMU: every benchmark runs, checks pass, numbers are sane."""
from __future__ import annotations

import subprocess
from pathlib import Path

from rtbench.acquire import catalogue
from rtbench.model import Run
from rtbench.results.stats import median
from tests.conftest import DORMANT_BENCHES, FPU_LABELS, FREERTOS_LACKS, SOFT_FLOAT, TEST_ITERATIONS
from tests.test_service_images import SERVICES


def medians(run: Run) -> dict[str, float]:
    return {r.label(): median(r.samples()) for r in run.results if r.status == "ok"}


def test_every_benchmark_reports_ok(catalogue_run: Run) -> None:
    bad = [(r.label(), r.status, r.reason) for r in catalogue_run.results if r.status != "ok"]
    # The M3 has no FPU; FreeRTOS creates no task dormant.
    assert bad == [(label, "unsupported", SOFT_FLOAT) for label in FPU_LABELS] + FREERTOS_LACKS
    assert {r.bench for r in catalogue_run.results} == {b.name for b in catalogue.scan()}
    assert catalogue_run.manifest["stream_errors"] == []


def test_swept_parameters_are_all_run(catalogue_run: Run) -> None:
    for bench in ("task_preempt_load", "tick_cost", "delay_block", "window_preempt"):
        tasks = sorted(r.params["tasks"] for r in catalogue_run.results if r.bench == bench)
        assert tasks == [0, 5, 10, 15, 30]
    swept = (("sem_wake_order", "waiters"), ("queue_wake_order", "waiters"), ("mutex_contention", "contenders"))
    for bench, param in swept:
        assert sorted(r.params[param] for r in catalogue_run.results if r.bench == bench) == [2, 5, 10]
    workload = {r.params["tasks"]: r for r in catalogue_run.results if r.bench == "sem_signal_wake_workload"}
    assert sorted(workload) == [0, 1, 2, 4, 8]
    # FreeRTOS picks the next task from a bitmap: the hand-over costs the same with any number of
    # background tasks ready, as without the variant.
    plain = median(next(r for r in catalogue_run.results if r.bench == "sem_signal_wake").samples())
    assert {median(r.samples()) for r in workload.values()} == {plain}
    labels = [r.label() for r in catalogue_run.results]
    assert len(labels) == len(set(labels))  # what an image runs beyond its share is not reported twice


def test_sample_counts(catalogue_run: Run) -> None:
    # Benchmarks that sample ticks, periods or boot declare their own count; the rest use --iterations.
    own = {b.name: b.count for b in catalogue.scan() if b.count}
    assert own["tick_cost"] == 100 and own["delay_block"] == 100 and own["boot_time"] == 1 and own["tm_sync"] == 10
    for result in catalogue_run.results:
        if result.label() in FPU_LABELS:  # qemu-m3 has no FPU: nothing to sample
            assert result.status == "unsupported" and result.reason == SOFT_FLOAT and not result.samples()
            continue
        if result.bench in DORMANT_BENCHES:
            assert result.status == "unsupported" and not result.samples()
            continue
        expected = 1 if result.bench == "footprint" else own.get(result.bench, TEST_ITERATIONS)
        assert len(result.samples()) == expected, result.label()


def test_thread_metric_counts_operations_per_period(catalogue_run: Run) -> None:
    tm = {r.bench: r for r in catalogue_run.results if r.bench.startswith("tm_")}
    assert len(tm) == 8
    for result in tm.values():
        assert result.unit == "operations" and result.params == {"period_ms": 100}
        assert min(result.samples()) > 0
    m = {name: median(r.samples()) for name, r in tm.items()}
    # A give+take pair without a wake-up is cheaper than a round trip through an interrupt
    # that makes a higher-priority task preempt.
    assert m["tm_sync"] > m["tm_irq_preempt"]
    assert_direct_resume(catalogue_run)


# One 100 ms period at icount shift 7.
INSTRUCTIONS_PER_PERIOD = 100e-3 / 128e-9


def assert_direct_resume(run: Run) -> None:
    """tm_irq_preempt as the suite defines it: each operation is one interrupt whose handler resumes
    the high task directly (irq_task_resume's path), then that task's self-suspension and the switch
    back. The semaphore round trip it replaced cost 3.5 times irq_task_resume on FreeRTOS."""
    m = {r.bench: median(r.samples()) for r in run.results
         if r.bench in ("tm_irq_preempt", "tm_irq", "irq_task_resume") and r.status == "ok"}
    per_operation = INSTRUCTIONS_PER_PERIOD / m["tm_irq_preempt"]
    assert m["irq_task_resume"] < per_operation < 2.5 * m["irq_task_resume"], (per_operation, m["irq_task_resume"])
    # The interrupt without a preemption (tm_irq) is the cheaper operation.
    assert m["tm_irq"] > m["tm_irq_preempt"]


def test_tick_windows_count_operations(catalogue_run: Run) -> None:
    windows = {r.label(): r for r in catalogue_run.results if r.bench.startswith("window_")}
    assert set(windows) >= {"window_sem_take", "window_sem_give", "window_queue", "window_pool",
                            "window_preempt[tasks=0]", "window_preempt[tasks=30]"}
    for result in windows.values():
        assert result.unit == "operations" and len(result.samples()) == 10 and min(result.samples()) > 0
    m = {label: median(r.samples()) for label, r in windows.items()}
    # One 10 ms window at icount shift 7 is 78125 instructions: a semaphore take (about 50 of
    # them) fits far more often than a preemption there and back (two context switches).
    assert 78125 / 50 * 0.5 < m["window_sem_take"] < 78125 / 50 * 1.5
    assert m["window_sem_take"] > m["window_preempt[tasks=0]"]


def test_boot_time_comes_with_its_phases(catalogue_run: Run) -> None:
    boot = next(r for r in catalogue_run.results if r.bench == "boot_time")
    phases = {note.split()[1].rstrip(":"): int(note.split()[2]) for note in boot.notes if note.startswith("phase ")}
    assert list(phases) == ["c_runtime", "kernel_init", "objects_created", "first_task"]
    assert all(v >= 0 for v in phases.values()) and phases["c_runtime"] > phases["objects_created"] > 0
    # The phases add up to the whole span, to the instruction (each mark's own timestamp read
    # sits inside the span it ends).
    assert abs(sum(phases.values()) - boot.samples()[0]) <= 3


def test_instruction_counts_are_plausible(catalogue_run: Run) -> None:
    m = medians(catalogue_run)
    assert 20 < m["task_switch"] < 1000
    # Waking a blocked task costs more than the uncontended call alone.
    assert m["sem_take"] < m["sem_signal_wake"]
    assert m["queue_send"] < m["queue_wake"]
    # The handler runs within a few instructions; waking a task through the kernel takes more.
    assert 0 <= m["irq_latency"] < 50 < m["irq_task_wake"]
    # The priority-inheritance path is the longest chain of the catalogue.
    assert m["mutex_pi"] > m["task_switch"]
    # FreeRTOS's tick walks the expiring delayed tasks: more tasks, longer ticks.
    assert m["tick_cost[tasks=30]"] > m["tick_cost[tasks=5]"] > m["tick_cost[tasks=0]"]
    # FreeRTOS keeps delayed tasks in a list sorted by wake time: a new sleeper walks past them.
    assert m["delay_block[tasks=30]"] > m["delay_block[tasks=5]"] > m["delay_block[tasks=0]"]
    # One period at 100 Hz is 78125 instructions: lateness stays far below it.
    assert abs(m["periodic_jitter"]) < 78125
    assert m["boot_time"] > 1000
    assert 0 < m["footprint[part=kernel,section=text]"] < m["footprint[part=image,section=text]"]


def test_tick_cost_varies_when_tasks_expire(catalogue_run: Run) -> None:
    spreads = {r.params["tasks"]: max(r.samples()) - min(r.samples())
               for r in catalogue_run.results if r.bench == "tick_cost"}
    assert spreads[0] == 0  # an idle tick does the same work every time
    assert spreads[30] > 0  # ticks that wake more tasks last longer


def test_notes_say_which_kernel_service_answered(catalogue_run: Run) -> None:
    notes = {r.bench: " ".join(r.notes) for r in catalogue_run.results}
    assert "heap_4" in notes["pool_alloc"]
    assert notes["mutex_pi"] == "inheritance"


def test_manifest_records_what_changes_numbers(catalogue_run: Run) -> None:
    m = catalogue_run.manifest
    assert (m["target"], m["os"], m["profile"], m["unit"]) == ("qemu-m3", "freertos", "default", "instructions")
    assert m["kernel"]["version"] == "V11.2.0"
    assert m["kernel"]["config"]["tick_hz"] == "100"
    assert m["kernel"]["config"]["asserts"] == "0"
    assert "cargo registry" in m["kernel"]["origin"]
    assert "arm-none-eabi-gcc" in m["compiler"]["version"]
    assert "-O2" in m["compiler"]["flags"]["core"]
    assert "shift=7" in m["emulator"]["timing"]
    assert m["emulator"]["version"].startswith("QEMU emulator version")
    assert m["run"]["iterations"] == TEST_ITERATIONS
    assert m["footprint"]["kernel"]["text"] > 0


def test_the_trace_hooks_are_only_in_the_image_that_needs_them(catalogue_run: Run) -> None:
    # sched_decision runs in an image of its own with FreeRTOS's trace hooks; the plain image,
    # which runs everything else, has no call into them (the linker dropped the hooks' targets).
    instrumented = catalogue_run.manifest["run"]["instrumented"]
    assert instrumented["benches"] == ["sched_decision", "sched_decision_prio", "sched_decision_blocked"]
    assert "RTB_TRACE_SCHED" in instrumented["defines"]
    plain = Path(catalogue_run.manifest["run"]["command"][-1])
    hooks = "rtb_core_sched_decision_begin"
    symbols = {str(image): subprocess.run(["arm-none-eabi-nm", str(image)], capture_output=True, text=True,
                                          check=True).stdout for image in (plain, Path(instrumented["image"]))}
    assert hooks not in symbols[str(plain)] and hooks in symbols[instrumented["image"]]
    assert [r.bench for r in catalogue_run.results][:2] == ["boot_time", "task_switch"]  # catalogue order kept
    assert {r.label() for r in catalogue_run.results if r.bench == "sched_decision" and r.status == "ok"}


def test_the_optional_services_are_only_in_the_image_that_needs_them(catalogue_run: Run) -> None:
    # Event groups and software timers (and FreeRTOS's timer task, which would cost boot_time)
    # are only in the image that runs the benchmarks flagged RTB_SERVICES.
    services = catalogue_run.manifest["run"]["services"]
    flagged = [b.name for b in catalogue.scan() if b.services]
    assert services["benches"] == flagged == SERVICES
    assert "RTB_WITH_SERVICES" in services["defines"]
    plain = Path(catalogue_run.manifest["run"]["command"][-1])
    symbols = {str(image): subprocess.run(["arm-none-eabi-nm", str(image)], capture_output=True, text=True,
                                          check=True).stdout for image in (plain, Path(services["image"]))}
    for kernel_symbol in ("prvTimerTask", "xEventGroupSetBits", "rtb_core_tick_entered", "xQueueTakeMutexRecursive"):
        assert kernel_symbol not in symbols[str(plain)] and kernel_symbol in symbols[services["image"]]


def test_kernel_services_behave(catalogue_run: Run) -> None:
    m = medians(catalogue_run)
    notes = {r.bench: " ".join(r.notes) for r in catalogue_run.results}
    # Alone, a suspend or resume switches nothing: cheaper than a resume that preempts.
    assert m["task_resume"] < m["task_preempt"] and m["task_suspend"] < m["task_preempt"]
    assert m["task_delete"] < m["task_create"]
    # The survey's point: a handler that resumes the task directly beats going through a semaphore.
    assert m["irq_task_resume"] < m["irq_task_wake"]
    # A flag set with a waiter is a wake-up, with a switch.
    assert m["flag_set"] < m["flag_wait_wake"]
    # FreeRTOS's timer commands are two round trips through the timer task; expiry is within a tick.
    assert m["timer_start_stop"] > 2 * m["task_preempt"]
    expiry = next(r for r in catalogue_run.results if r.bench == "timer_expiry")
    assert len(expiry.samples()) == 100 and min(expiry.samples()) > 0 and max(expiry.samples()) < 78125
    assert "event groups" in notes["flag_set"] and "timer task" in notes["timer_expiry"]
    assert "copies" in notes["queue_send_ptr"] and "copy the item" in notes["queue_send"]
    assert notes["mutex_contention"] == "inheritance"
    # FreeRTOS wakes the most urgent waiter without help: no prioritize call, no note.
    assert notes["sem_wake_order"] == ""


def test_the_peers_benchmarks_behave(catalogue_run: Run) -> None:
    m = medians(catalogue_run)
    notes = {r.bench: " ".join(r.notes) for r in catalogue_run.results}
    # A spawn of a more urgent task is the creation and a switch to it.
    assert m["task_spawn"] > m["task_create"]
    # A blocking take switches away: dearer than a take that finds a count; a yield to no one is cheap.
    assert m["sem_take_block"] > m["sem_take"] and m["task_yield_alone"] <= m["task_switch"]
    # Handing a mutex to a less urgent waiter switches nothing; a pend does, and more with inheritance,
    # which is still less than mutex_pi's whole chain.
    assert m["mutex_unlock_wake"] < m["mutex_pend"] < m["mutex_pend_pi"] < m["mutex_pi"]
    # FreeRTOS deletes a timer by a command to its timer task (a round trip), the others at once.
    assert m["timer_delete"] > m["timer_create"] and m["sem_delete"] < m["sem_create"]
    assert "heap_4" in notes["heap_alloc"] and "TakeRecursive" in notes["mutex_lock_recursive"]
    assert len(next(r for r in catalogue_run.results if r.bench == "task_exit_switch").samples()) == 100


def test_wake_order_options_and_their_checks(workspace, built_image) -> None:
    from tests.conftest import run_catalogue

    run = run_catalogue(workspace, bench="sem_wake_order,queue_wake_order,mutex_contention",
                        options={"waiters": "3", "contenders": "1"}, iterations=30, warmup=3)
    assert [(r.label(), r.status, len(r.samples())) for r in run.results] == [
        ("sem_wake_order[waiters=3]", "ok", 30), ("queue_wake_order[waiters=3]", "ok", 30),
        ("mutex_contention[contenders=1]", "ok", 30)]
    too_many = run_catalogue(workspace, bench="sem_wake_order", options={"waiters": "11"}, iterations=10, warmup=0)
    assert [(r.status, r.reason) for r in too_many.results] == [("fail", "option waiters must be 1..10")]


def test_periodic_jitter_threads_on_a_tick_driven_kernel(workspace, built_image) -> None:
    from tests.conftest import run_catalogue

    run = run_catalogue(workspace, bench="periodic_jitter", options={"threads": "3", "periods": "20", "yielders": "2"})
    (result,) = run.results
    # Three equal-priority tasks, each released 20 times on the tick: 60 samples, none missed,
    # with two tasks below them that only yield (RTOSBench's partition jitter).
    assert result.status == "ok" and len(result.samples()) == 60
    assert max(abs(v) for v in result.samples()) < 78125
