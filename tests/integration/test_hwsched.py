# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""freertos-hw on the vexriscv-sim SoC's hardware scheduler: the whole catalogue passes, the
switch decision is measured on both kernels on the same SoC (the software kernel's model
leaves the accelerator's logic out, its places kept), and the variant refuses targets without
the accelerator."""
from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from rtbench.acquire.session import RunRequest, execute
from rtbench.errors import RtbenchError
from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.reports.report import result_row, run_to_json
from rtbench.reports.tables import hwsched_table
from rtbench.results.stats import median
from tests.conftest import FPU_LABELS, FREERTOS_LACKS, RISCV_NO_F, options_read_by

SHORT = {"ticks": "10", "delays": "10", "periods": "10", "tm_periods": "2", "period_ms": "10", "decisions": "40",
         "windows": "2", "expiries": "5", "exits": "5"}


# The software and hardware kernels are compared on `minimal`: without caches, code placement
# cannot move the counts, while on `standard` the two builds' layouts decide as much as the
# hardware does (a change elsewhere in rtbench's code can turn a few cycles either way).
COMPARED = "sched_decision,tick_cost,delay_block"


def run_sim(workspace: Workspace, os_name: str, bench: str | None = None, variant: str = "standard") -> Run:
    request = RunRequest(target="vexriscv-sim", os=os_name, iterations=60, warmup=10,
                         options=options_read_by(bench, SHORT), silence=60.0, timeout=600.0, variants=[variant])
    if bench:
        request.bench = bench
    return execute(request, workspace, lambda _message: None)


# Every benchmark the hardware's selection and delays take part in (the whole catalogue took twice
# as long: Thread-Metric, the tick windows and the services image add nothing here).
HW_SELECTION = ("boot_time,task_*,sem_*,queue_*,mutex_*,irq_*,tick_cost,delay_block,sched_decision,periodic_jitter,"
                "preempt_irq_fpu")


@pytest.fixture(scope="module")
def hw_run(workspace: Workspace) -> Run:
    return run_sim(workspace, "freertos-hw", HW_SELECTION)


def test_kernel_paths_pass_on_freertos_hw(hw_run: Run) -> None:
    bad = [(r.label(), r.status, r.reason) for r in hw_run.results if r.status != "ok"]
    assert bad == [(label, "unsupported", RISCV_NO_F) for label in FPU_LABELS] + FREERTOS_LACKS  # rv32i has no FPU
    assert hw_run.manifest["os"] == "freertos-hw"
    assert hw_run.manifest["kernel"]["config"]["task_selection"].startswith("SoC priority selector")
    assert hw_run.manifest["kernel"]["config"]["task_delays"].startswith("SoC timer bank")
    decisions = [r for r in hw_run.results if r.bench == "sched_decision"]
    assert sorted(r.params["tasks"] for r in decisions) == [5, 10, 15, 30]
    assert all(len(r.samples()) == 40 for r in decisions)


@pytest.fixture(scope="module")
def sw_run(workspace: Workspace) -> Run:
    return run_sim(workspace, "freertos", COMPARED, variant="minimal")


@pytest.fixture(scope="module")
def hw_compared(workspace: Workspace) -> Run:
    return run_sim(workspace, "freertos-hw", COMPARED, variant="minimal")


def test_hardware_selection_shortens_the_switch_decision(sw_run: Run, hw_compared: Run) -> None:
    sw = {r.label(): statistics.mean(r.samples()) for r in sw_run.results if r.bench == "sched_decision"}
    hw = {r.label(): statistics.mean(r.samples()) for r in hw_compared.results if r.bench == "sched_decision"}
    assert sw.keys() == hw.keys() and len(sw) == 4
    # The same SoC, the same decision path except the clz call the selector replaces.
    assert all(hw[label] < sw[label] for label in sw), (sw, hw)


def test_timer_bank_makes_going_to_sleep_independent_of_the_sleepers(sw_run: Run, hw_compared: Run) -> None:
    def growth(run: Run) -> float:
        m = {r.params["tasks"]: median(r.samples()) for r in run.results if r.bench == "delay_block"}
        return m[30] - m[0]
    # Software inserts into a list sorted by wake time, past every sleeper; the timer bank
    # takes a free counter. What little remains is cache placement, not a walk.
    assert growth(sw_run) > 4 * max(growth(hw_compared), 1.0), (growth(sw_run), growth(hw_compared))


def test_freertos_hw_refuses_a_target_without_the_selector(workspace: Workspace) -> None:
    request = RunRequest(target="qemu-m3", os="freertos-hw", iterations=10, warmup=1)
    with pytest.raises(RtbenchError, match="does not support qemu-m3"):
        execute(request, workspace, lambda _message: None)


def test_comparison_table_from_the_two_runs(tmp_path: Path, sw_run: Run, hw_compared: Run) -> None:
    files = []
    for name, run in (("sw", sw_run), ("hw", hw_compared)):
        files.append(tmp_path / f"{name}.json")
        files[-1].write_text(json.dumps(run_to_json(run)))
    out = hwsched_table.render([str(file) for file in files])
    rows = [line.split(" | ") for line in out.splitlines() if line.startswith("| 5 |")]
    assert len(rows) == 1 and len(out.splitlines()) == 3 + 4 + 1  # caption, blank, header, rule, one row per N
    sw = result_row(next(r for r in sw_run.results if r.label() == "sched_decision[tasks=5]"))
    hw = result_row(next(r for r in hw_compared.results if r.label() == "sched_decision[tasks=5]"))
    assert rows[0][1:5] == [f"{sw['mean']:.1f}", f"{sw['stddev']:.1f}", f"{hw['mean']:.1f}", f"{hw['stddev']:.1f}"]
