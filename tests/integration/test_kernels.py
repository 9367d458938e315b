"""The whole catalogue on uC/OS-II and ThreadX in QEMU, when their sources are present.

No registry carries these kernels, so CI (which has only FreeRTOS) skips these tests; set
UCOS2_PATH / THREADX_PATH to the kernels' trees to run them."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from rtbench import catalogue
from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.platforms import find_kernel
from rtbench.stats import median
from tests.conftest import run_catalogue

UNIQUE_PRIORITIES = "uC/OS-II allows one task per priority: equal-priority tasks cannot be expressed"
NO_DECISION_HOOK = {
    "ucos2": "uC/OS-II has no hook around its choice of the next task (OS_SchedNew): OSTaskSwHook "
             "runs in the port's PendSV handler after the choice was made",
    "threadx": "ThreadX chooses the next thread whenever its ready list changes (resume and suspend "
               "set _tx_thread_execute_ptr) and offers no hook around that choice",
}
# What each kernel cannot express, and why. Everything else must be ok.
UNSUPPORTED = {
    "ucos2": {
        # Only what is about equal priorities: task_preempt_load's extra tasks and the sleepers of
        # tick_cost and delay_block take a priority each, and 40 levels hold 30 of them.
        **{label: UNIQUE_PRIORITIES for label in ("task_switch", "sem_shuffle", "tm_coop_sched[period_ms=100]")},
        **{f"sched_decision[tasks={n}]": NO_DECISION_HOOK["ucos2"] for n in (5, 10, 15, 30)},
    },
    "threadx": {f"sched_decision[tasks={n}]": NO_DECISION_HOOK["threadx"] for n in (5, 10, 15, 30)},
}
PROTOCOL = {"ucos2": "ceiling", "threadx": "inheritance"}
POOL = {"ucos2": "OSMemGet/OSMemPut", "threadx": "tx_block_allocate/tx_block_release"}


def _source_or_skip(name: str) -> None:
    spec = find_kernel(name).spec["source"]
    if not os.environ.get(spec["env"]):
        pytest.skip(f"{name} source absent: set {spec['env']} to its tree ({spec['how_to_get']})")


@pytest.fixture(scope="module", params=sorted(UNSUPPORTED))
def kernel_runs(request: pytest.FixtureRequest, workspace: Workspace) -> tuple[str, Run, Run]:
    name = request.param
    _source_or_skip(name)
    return name, run_catalogue(workspace, os=name), run_catalogue(workspace, os=name)


def test_every_benchmark_is_ok_or_unsupported_with_its_reason(kernel_runs: tuple[str, Run, Run]) -> None:
    name, run, _ = kernel_runs
    assert {r.bench for r in run.results} == {b.name for b in catalogue.scan()}
    unsupported = {r.label(): r.reason for r in run.results if r.status == "unsupported"}
    assert unsupported == UNSUPPORTED[name]
    assert [(r.label(), r.status, r.reason) for r in run.results if r.status not in ("ok", "unsupported")] == []
    assert run.manifest["stream_errors"] == []


def test_runs_are_bit_for_bit_repeatable(kernel_runs: tuple[str, Run, Run]) -> None:
    _, first, second = kernel_runs
    a = {r.label(): (r.status, r.raw_samples) for r in first.results}
    b = {r.label(): (r.status, r.raw_samples) for r in second.results}
    assert a.keys() == b.keys()
    assert [label for label in a if a[label] != b[label]] == []


def test_the_profile_is_the_fair_one(kernel_runs: tuple[str, Run, Run]) -> None:
    name, run, _ = kernel_runs
    kernel = run.manifest["kernel"]
    assert kernel["version"].startswith("V") and kernel["port"]
    config = kernel["config"]
    assert (config["tick_hz"], config["asserts"], config["trace_facility"], config["time_slicing"]) == \
        ("100", "0", "0", "0")
    assert config["mutex_protocol"] == PROTOCOL[name]
    assert run.manifest["compiler"]["opt_flags"] == "-O2"


def test_native_services_are_named(kernel_runs: tuple[str, Run, Run]) -> None:
    name, run, _ = kernel_runs
    notes = {r.bench: " ".join(r.notes) for r in run.results}
    assert PROTOCOL[name] in notes["mutex_pi"]
    assert POOL[name] in notes["pool_alloc"]


def test_going_to_sleep_does_not_walk_the_sleepers(kernel_runs: tuple[str, Run, Run]) -> None:
    # uC/OS-II counts each task's delay in its TCB, ThreadX hangs timers on a wheel: unlike
    # FreeRTOS's sorted delayed list, neither looks at the other sleepers when a task sleeps.
    _, run, _ = kernel_runs
    medians = [median(r.samples()) for r in run.results if r.bench == "delay_block" and r.status == "ok"]
    assert len(medians) >= 4 and max(medians) - min(medians) <= 8, medians


def test_without_the_source_run_says_where_to_get_it(tmp_path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("UCOS2_PATH", "THREADX_PATH")}
    for name, variable in (("ucos2", "UCOS2_PATH"), ("threadx", "THREADX_PATH")):
        proc = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path), "run", "--os", name],
                              capture_output=True, text=True, env=env)
        assert proc.returncode == 2
        assert variable in proc.stderr and "--kernel-src" in proc.stderr and "git clone" in proc.stderr
