# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""rtbench's own simulation loop for vexriscv-sim (soc/sim_main.cpp): it counts the cycles it
simulates and its CPU time when asked (scripts/soc_speed.py reads them), the guest's
own cycle counter never runs ahead of it, and the idle cycles it skips (soc/idle_skip.h) change
no sample."""
from __future__ import annotations

from pathlib import Path

import pytest

from rtbench.paths import Workspace
from tests.integration.test_vexriscv import run_sim
from tests.parts import need


def test_simulator_reports_the_cycles_it_simulated(workspace: Workspace, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    stats = tmp_path / "sim.stats"
    monkeypatch.setenv("RTBENCH_SIM_STATS", str(stats))
    run = run_sim(workspace, bench="boot_time")
    (boot,) = [r for r in run.results if r.bench == "boot_time"]
    assert boot.status == "ok"
    lines = stats.read_text().splitlines()
    assert len(lines) == 1  # one simulator process, one line
    cycles, user, system, _skipped = lines[0].split()
    # boot_time is cycles from reset to the first task, counted by the SoC: the loop simulated more.
    assert int(cycles) > max(boot.samples()) > 0
    assert float(user) + float(system) > 0


# Not CV32E40P: its fields are found, but its idle loop's state never repeats, so nothing is
# skipped on it (a test with it would fail its `skipped[1] > 0`; docs/guides/speed.md).
@pytest.mark.parametrize("variant", ["standard", "hazard3"])
def test_skipping_idle_cycles_changes_no_sample(variant: str, workspace: Workspace, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Benchmarks that wait for ticks and interrupts (the CPU in the idle task meanwhile), run with
    the skipping and without it: every sample is the same, and cycles were skipped, on VexRiscv
    and on Hazard3, whose PC and registers the loop knows too."""
    if variant != "standard":
        need("cpu", f"vexriscv-sim {variant}")
    runs, skipped = [], []
    for off in ("1", "0"):
        stats = tmp_path / f"skip-off-{off}.stats"
        monkeypatch.setenv("RTBENCH_SIM_STATS", str(stats))
        monkeypatch.setenv("RTBENCH_SIM_NO_SKIP", off)
        runs.append(run_sim(workspace, bench="delay_block,periodic_jitter,irq_latency,sem_signal_wake",
                            variants=[variant]))
        (line,) = stats.read_text().splitlines()
        skipped.append(int(line.split()[3]))
    without, with_skip = ({r.label(): (r.status, r.samples()) for r in run.results} for run in runs)
    assert {status for status, _ in without.values()} == {"ok"}
    assert with_skip == without
    assert skipped[0] == 0 and skipped[1] > 0
