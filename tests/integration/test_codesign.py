# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""freertos-codesign on the vexriscv-sim SoC's per-task slots: the kernel built from a copy of the
registry's tree patched by rtbench's semantic patches (recorded in the manifest, the registry's
tree untouched) runs the whole catalogue with every check passing, and its decision takes the same
cycles every time, whatever N, among tasks at distinct priorities and at equal ones."""
from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from rtbench.acquire import catalogue
from rtbench.acquire.kernel_patches import patches_of
from rtbench.acquire.platforms import find_kernel
from rtbench.acquire.session import RunRequest, execute
from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.results.stats import median
from tests.conftest import FPU_LABELS, FREERTOS_LACKS, RISCV_NO_F, options_read_by

BENCH = "sched_decision_prio,sched_decision,sched_decision_blocked,tick_cost"
SHORT = {"ticks": "12", "decisions": "60"}


# Every benchmark once, at counts that still run each code path and check.
CATALOGUE_SHORT = {"ticks": "4", "delays": "4", "periods": "4", "tm_periods": "1", "period_ms": "10", "windows": "1",
                   "expiries": "3", "decisions": "20", "exits": "3"}


def run_minimal(workspace: Workspace, os_name: str, bench: str | None, iterations: int = 40,
                short: dict[str, str] = SHORT) -> Run:
    request = RunRequest(target="vexriscv-sim", os=os_name, iterations=iterations, warmup=5,
                         options=options_read_by(bench, short), silence=120.0, timeout=1800.0, variants=["minimal"])
    if bench:
        request.bench = bench
    return execute(request, workspace, lambda _message: None)


@pytest.fixture(scope="module")
def codesign_run(workspace: Workspace) -> Run:
    return run_minimal(workspace, "freertos-codesign", BENCH)


def test_the_patched_kernel_runs_and_the_manifest_names_its_patches(codesign_run: Run) -> None:
    bad = [(r.label(), r.status, r.reason) for r in codesign_run.results if r.status != "ok"]
    assert bad == []
    kernel = codesign_run.manifest["kernel"]
    assert kernel["patches"] == {p.name: p.sha256 for p in patches_of(find_kernel("freertos-codesign"))}
    assert kernel["config"]["task_selection"].startswith("SoC per-task slots")
    # Only this kernel's image and model carry the slots (the other kernels' models stay fast).
    assert codesign_run.manifest["run"]["soc_blocks"] == ["task_slots"]
    # The tree named is the registry's, read only: the patches went into a copy.
    assert "RTB_CD_" not in (Path(kernel["source"]) / "tasks.c").read_text()


def test_the_decision_is_one_constant_load_in_every_scenario(codesign_run: Run) -> None:
    """Distinct priorities (suspend/resume, with N tasks below the pair or blocked between) and
    equal ones (yield): the decision is the `select` load and one list test, so every sample is
    the same, at every N, in every scenario."""
    decisions = {(r.bench, r.params["tasks"]): r.samples() for r in codesign_run.results
                 if r.bench.startswith("sched_decision")}
    sweeps = {"sched_decision": (5, 10, 15, 30), "sched_decision_prio": (5, 10, 15, 30),
              "sched_decision_blocked": (5, 10, 15, 25)}
    assert sorted(decisions) == sorted((b, n) for b, counts in sweeps.items() for n in counts)
    assert all(statistics.pstdev(samples) == 0 for samples in decisions.values()), decisions
    assert len({samples[0] for samples in decisions.values()}) == 1  # the same cycles everywhere


def test_the_tick_does_not_grow_with_the_sleepers(codesign_run: Run) -> None:
    ticks = {r.params["tasks"]: median(r.samples()) for r in codesign_run.results if r.bench == "tick_cost"}
    # No list walk: from 5 to 30 sleepers the tick that wakes one stays within a few cycles
    # (software FreeRTOS's grows several-fold over the same range).
    assert abs(ticks[30] - ticks[5]) < 0.1 * ticks[5], ticks


def test_the_whole_catalogue_passes_on_the_codesigned_kernel(workspace: Workspace) -> None:
    """Every kernel state change keeps the slots in step with the kernel's lists, or some check
    of the catalogue (ordering, wake-ups, timeouts, inheritance, deletion) fails."""
    run = run_minimal(workspace, "freertos-codesign", None, iterations=15, short=CATALOGUE_SHORT)
    bad = [(r.label(), r.status, r.reason) for r in run.results if r.status != "ok"]
    assert bad == [(label, "unsupported", RISCV_NO_F) for label in FPU_LABELS] + FREERTOS_LACKS  # rv32i has no FPU
    assert {r.bench for r in run.results} == {b.name for b in catalogue.scan()}
