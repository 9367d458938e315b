# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The catalogue on the linux target (posix port): the host's own kernel, as a real-time
process. Timing assertions stay loose: this machine is shared and noisy."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from rtbench.acquire import catalogue
from rtbench.acquire.build import Build
from rtbench.acquire.protocol import StreamParser
from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.reports.report import run_to_json
from tests.conftest import LINUX_PERIODS, TEST_ITERATIONS, run_linux

# What a process on Linux cannot measure, and says so (POSIX threads cannot be suspended by
# another thread).
UNSUPPORTED_ON_LINUX = {
    "boot_time", "tick_cost", "sched_decision", "sched_decision_prio", "sched_decision_blocked", "task_suspend",
    "uart_irq_serve", "uart_irq_task", "task_create_dormant", "task_start", "task_start_switch",
}


@pytest.fixture(scope="module")
def fifo_run(linux_run: Run) -> Run:
    """The catalogue run, provided SCHED_FIFO was granted (without it priorities mean nothing)."""
    granted = linux_run.manifest["kernel"]["config"].get("sched_fifo")
    if granted != "granted":
        pytest.skip(f"SCHED_FIFO not granted on this machine ({granted}): priority checks cannot hold")
    return linux_run


def test_every_benchmark_is_ok_or_unsupported_with_a_reason(fifo_run: Run) -> None:
    bad = [(r.label(), r.status, r.reason) for r in fifo_run.results if r.status not in ("ok", "unsupported")]
    assert bad == []
    assert {r.bench for r in fifo_run.results} == {b.name for b in catalogue.scan()}
    unsupported = {r.label() for r in fifo_run.results if r.status == "unsupported"}
    assert {label.split("[")[0] for label in unsupported} == UNSUPPORTED_ON_LINUX | {"footprint"}
    # The kernel is not in the image; the image itself is measured.
    assert {label for label in unsupported if label.startswith("footprint")} == {
        f"footprint[part=kernel,section={s}]" for s in ("bss", "data", "text")}
    for result in fifo_run.results:
        if result.status == "unsupported":
            assert len(result.reason) > 20 and result.raw_samples == []
    assert fifo_run.manifest["stream_errors"] == []


def test_priority_inheritance_check_passes(fifo_run: Run) -> None:
    pi = next(r for r in fifo_run.results if r.bench == "mutex_pi")
    assert pi.status == "ok" and pi.notes == ["inheritance"]
    assert len(pi.samples()) == TEST_ITERATIONS


def test_nanoseconds_are_plausible(fifo_run: Run) -> None:
    medians = {r.label(): sorted(r.samples())[len(r.samples()) // 2] for r in fifo_run.results
               if r.status == "ok" and r.unit == "ns"}
    # A context switch costs more than an uncontended semaphore call, and less than a millisecond.
    assert medians["sem_take"] < medians["sem_signal_wake"] < 1_000_000
    assert 0 < medians["task_switch"] < 1_000_000
    # Interrupt latency is measured from the programmed expiry, so it is never negative.
    for bench in ("irq_latency", "irq_task_wake"):
        assert min(next(r for r in fifo_run.results if r.bench == bench).samples()) > 0


def test_posix_services_say_what_they_are(fifo_run: Run) -> None:
    notes = {r.bench: " ".join(r.notes) for r in fifo_run.results}
    # POSIX has no event flags: the results say they are emulated; timers are timerfd threads.
    assert notes["flag_set"].startswith("emulated") and notes["flag_wait_wake"].startswith("emulated")
    assert "timerfd" in notes["timer_expiry"] and "mq_send" in notes["queue_send"]
    # Expiry latency is measured from the programmed expiry, so it is never negative.
    assert min(next(r for r in fifo_run.results if r.bench == "timer_expiry").samples()) > 0
    for bench in ("sem_wake_order", "queue_wake_order", "mutex_contention", "irq_task_resume", "task_resume"):
        assert {r.status for r in fifo_run.results if r.bench == bench} == {"ok"}, bench


def test_periodic_lateness_is_absolute_and_histogram_totals_match(fifo_run: Run) -> None:
    jitter = next(r for r in fifo_run.results if r.bench == "periodic_jitter")
    samples = jitter.samples()
    assert jitter.status == "ok" and len(samples) == LINUX_PERIODS
    # Against the programmed release time: clock_nanosleep never wakes early.
    assert min(samples) >= 0
    row = next(r for r in run_to_json(fifo_run)["results"] if r["bench"] == "periodic_jitter")
    assert row["histogram"]["total"] == row["n"] == sum(row["histogram"]["counts"])
    limit = row["p50"]
    capped = next(r for r in run_to_json(fifo_run, hist_limit=limit)["results"] if r["bench"] == "periodic_jitter")
    histogram = capped["histogram"]
    assert sum(histogram["counts"]) + histogram["overflow"] == len(samples)
    assert histogram["overflow"] == sum(1 for s in samples if s >= limit) > 0


def test_manifest_records_the_host(linux_run: Run) -> None:
    m = linux_run.manifest
    assert (m["target"], m["os"], m["unit"]) == ("linux", "posix", "ns")
    assert m["kernel"]["name"] == "Linux" and m["kernel"]["version"] == os.uname().release
    assert "running kernel" in m["kernel"]["origin"] and m["kernel"]["source"] == ""
    config = m["kernel"]["config"]
    assert "PREEMPT" in config["preemption"] or "voluntary" in config["preemption"]
    assert config["sched_fifo"] == "granted" or config["sched_fifo"].startswith("denied")
    settings = m["target_settings"]
    for key in ("cpu_model", "cpu_pinned", "isolated_cpus", "frequency_governor", "mlockall", "clocksource"):
        assert settings[key], key
    assert int(settings["cpu_pinned"]) in os.sched_getaffinity(0)
    assert m["run"]["load"] == "none"


def test_fault_is_decoded_as_a_signal(workspace: Workspace, linux_image: Build) -> None:
    run = run_linux(workspace, bench="sem_take,queue_send,queue_recv", options={"inject": "fault:queue_send"})
    status = {r.bench: r for r in run.results}
    assert status["sem_take"].status == "ok"
    faulted = status["queue_send"]
    assert faulted.status == "error"
    assert "SIGILL" in faulted.reason and "catalogue.c" in faulted.reason  # addr2line found the trap
    assert status["queue_recv"].reason.startswith("not run")


def test_hung_process_is_stopped(workspace: Workspace, linux_image: Build) -> None:
    run = run_linux(workspace, bench="sem_give,mutex_lock", options={"inject": "hang:mutex_lock"}, silence=2.0)
    status = {r.bench: r for r in run.results}
    assert status["sem_give"].status == "ok"
    assert status["mutex_lock"].status == "error" and "hung" in status["mutex_lock"].reason
    assert run.manifest["run"]["exit_status"] is None


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"), reason="needs root and setpriv to drop it")
def test_without_privilege_it_runs_and_warns(linux_image: Build, tmp_path: Path) -> None:
    image = tmp_path / "rtbench.elf"
    shutil.copy(linux_image.elf, image)
    tmp_path.chmod(0o755)
    proc = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--inh-caps=-all",
                           str(image), "select=sem_take,mutex_pi", "iterations=50", "warmup=0"],
                          capture_output=True, text=True, timeout=60)
    parser = StreamParser()
    for line in proc.stdout.splitlines():
        parser.feed(line)
    capture = parser.finish()
    assert capture.done and capture.errors == []
    assert capture.meta["config.sched_fifo"].startswith("denied")
    assert "SCHED_FIFO" in capture.meta["warning.sched_fifo"] and "SCHED_FIFO" in proc.stderr
    status = {r.bench: r.status for r in capture.results}
    assert status["sem_take"] == "ok"  # needs no priorities
    assert status["mutex_pi"] in ("ok", "fail")  # without priorities inheritance may not show
