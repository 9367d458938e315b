# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""rtbench's own simulation loop for vexriscv-sim (soc/sim_main.cpp): it counts the cycles it
simulates and its CPU time when asked (scripts/bench_speed.py --soc reads them), and the guest's
own cycle counter never runs ahead of it."""
from __future__ import annotations

from pathlib import Path

import pytest

from rtbench.paths import Workspace
from tests.integration.test_vexriscv import run_sim


def test_simulator_reports_the_cycles_it_simulated(workspace: Workspace, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    stats = tmp_path / "sim.stats"
    monkeypatch.setenv("RTBENCH_SIM_STATS", str(stats))
    run = run_sim(workspace, bench="boot_time")
    (boot,) = [r for r in run.results if r.bench == "boot_time"]
    assert boot.status == "ok"
    lines = stats.read_text().splitlines()
    assert len(lines) == 1  # one simulator process, one line
    cycles, user, system = lines[0].split()
    # boot_time is cycles from reset to the first task, counted by the SoC: the loop simulated more.
    assert int(cycles) > max(boot.samples()) > 0
    assert float(user) + float(system) > 0
