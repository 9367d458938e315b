# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The kernel profiles of issue 25: FreeRTOS with generic task selection and with tickless idle,
ASP3, µT-Kernel and NuttX at a 1 kHz tick; one short run each."""
from __future__ import annotations

from pathlib import Path

import pytest

from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.results.stats import median
from tests.conftest import run_catalogue
from tests.parts import need

from .test_cli import rtbench


def _medians(run: Run) -> dict[str, int]:
    return {r.label(): median(r.samples()) for r in run.results if r.status == "ok"}


def test_generic_selection_walks_the_ready_lists_instead_of_a_bitmap(workspace: Workspace) -> None:
    bench = "sched_decision_prio,task_switch"
    generic = run_catalogue(workspace, profile="generic-select", bench=bench, options={"tasks": "5"})
    optimised = run_catalogue(workspace, bench=bench, options={"tasks": "5"})
    assert generic.manifest["kernel"]["config"]["optimised_task_selection"] == "0"
    assert optimised.manifest["kernel"]["config"]["optimised_task_selection"] == "1"
    assert all(r.status == "ok" for r in generic.results)
    # Another selection code: every switch costs something else.
    assert _medians(generic)["sched_decision_prio[tasks=5]"] != _medians(optimised)["sched_decision_prio[tasks=5]"]


def test_generic_selection_walks_one_step_per_blocked_level(workspace: Workspace) -> None:
    """sched_decision_blocked: N suspended tasks between the task that stops and the next ready
    one. The generic walk pays the same instructions per empty level; CLZ over the bitmap none."""
    bench, options = "sched_decision_blocked", {"decisions": "20"}
    generic = _medians(run_catalogue(workspace, profile="generic-select", bench=bench, options=options))
    optimised = _medians(run_catalogue(workspace, bench=bench, options=options))
    walk = [generic[f"sched_decision_blocked[tasks={n}]"] for n in (5, 10, 15, 25)]
    step = (walk[1] - walk[0]) / 5
    assert step > 0 and walk == [walk[0] + step * (n - 5) for n in (5, 10, 15, 25)], walk
    assert len({optimised[f"sched_decision_blocked[tasks={n}]"] for n in (5, 10, 15, 25)}) == 1, optimised


def test_tickless_idle_sleeps_and_suppresses_the_tick(workspace: Workspace) -> None:
    bench = "tick_cost,irq_task_wake"
    tickless = run_catalogue(workspace, profile="tickless", bench=bench, options={"tasks": "0", "ticks": "20"})
    ticking = run_catalogue(workspace, bench=bench, options={"tasks": "0", "ticks": "20"})
    assert tickless.manifest["kernel"]["config"]["tickless_idle"] == "1"
    by_label = {r.label(): r for r in tickless.results}
    # Nothing due: the idle task stops the tick, so fewer tick interrupts come than ticks pass.
    assert by_label["tick_cost[tasks=0]"].status == "fail"
    assert "fewer tick interrupts" in by_label["tick_cost[tasks=0]"].reason
    assert {r.label(): r.status for r in ticking.results}["tick_cost[tasks=0]"] == "ok"
    # The interrupt wakes a core asleep in WFI, which first accounts for the ticks it slept.
    assert _medians(tickless)["irq_task_wake"] > _medians(ticking)["irq_task_wake"]


def test_a_profile_an_architecture_cannot_build_is_refused(tmp_path: Path) -> None:
    proc = rtbench(tmp_path, "run", "--target", "qemu-a9", "--profile", "tickless", "--bench", "task_switch")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "profile 'tickless' cannot be built for qemu-a9" in proc.stderr


@pytest.mark.parametrize(("kernel", "target"), [("asp3", "qemu-m3"), ("mtkernel", "qemu-m3"), ("nuttx", "qemu-m4f")])
def test_the_new_kernels_at_a_1khz_tick(workspace: Workspace, kernel: str, target: str) -> None:
    need("kernel", kernel)
    run = run_catalogue(workspace, os=kernel, target=target, profile="tick1k", bench="delay_block",
                        options={"tasks": "0", "delays": "10"})
    assert run.manifest["kernel"]["config"]["tick_hz"] == "1000"
    assert [r.status for r in run.results] == ["ok"]
