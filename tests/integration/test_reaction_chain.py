# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The emulation study's what-if analysis end to end: reaction_chain's stages on qemu-m3 (the
application work grows with `work`, the kernel's part does not), the clock sweep and the Weiss
cache view over a real vexriscv-sim run on the cache-less and the cached CPU."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.acquire.session import RunRequest, execute
from rtbench.analysis import clock_sweep, published, weiss
from rtbench.model import Result, Run
from rtbench.paths import Workspace
from rtbench.results.store import Store


def chain_run(workspace: Workspace, work: int, **overrides) -> Run:
    request = RunRequest(bench="reaction_chain", iterations=40, warmup=5, options={"work": str(work), "tasks": "2"})
    for key, value in overrides.items():
        setattr(request, key, value)
    return execute(request, workspace, lambda _message: None)


def the_chain(run: Run) -> Result:
    (result,) = [r for r in run.results if r.bench == "reaction_chain"]
    assert result.status == "ok", result.reason
    return result


def test_stages_add_up_and_only_the_work_grows_with_it(workspace: Workspace) -> None:
    small = the_chain(chain_run(workspace, 50))
    large = the_chain(chain_run(workspace, 250))
    assert small.params == {"tasks": 2}
    stages_small, stages_large = clock_sweep.phases(small), clock_sweep.phases(large)
    assert list(stages_small) == ["irq_entry", "to_service", "to_control", "work", "back_to_service"]
    # The stages are means over the kept samples and add up to the mean chain (integer means).
    for result, stages in ((small, stages_small), (large, stages_large)):
        mean = sum(result.samples()) / len(result.samples())
        assert abs(sum(stages.values()) - mean) <= len(stages)
    # Five times the work: the work stage grows about fivefold, the kernel's stages do not move.
    assert 4.0 < stages_large["work"] / stages_small["work"] < 5.5
    for stage in ("to_service", "to_control", "back_to_service"):
        assert abs(stages_large[stage] - stages_small[stage]) <= 0.05 * stages_small[stage], stage
    # So the RTOS's share of the chain falls as the application grows.
    share = [1 - s["work"] / sum(s.values()) for s in (stages_small, stages_large)]
    assert 0 < share[1] < share[0] < 1


@pytest.fixture(scope="module")
def soft_core_run(workspace: Workspace) -> Run:
    return execute(RunRequest(target="vexriscv-sim", bench="reaction_chain,task_preempt,irq_task_wake,cpu_reference",
                              iterations=20, warmup=3, silence=60.0, timeout=600.0, variants=["minimal", "standard"],
                              options={"tasks": "2"}), workspace, lambda _message: None)


def test_clock_sweep_of_the_chain_per_cpu(soft_core_run: Run, tmp_path: Path) -> None:
    with Store(tmp_path / "results.sqlite") as store:
        store.save(soft_core_run)
    page = tmp_path / "sweep.html"
    proc = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path), "deadline", "--sweep",
                           "25MHz:80MHz", "--html", str(page)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    worst = {r.params["cpu_variant"]: max(r.samples()) for r in soft_core_run.results if r.bench == "reaction_chain"}
    # The caches shorten the chain, so the cached CPU meets the deadline at a lower clock.
    assert worst["standard"] < worst["minimal"]
    lines = proc.stdout.splitlines()
    row = next(line for line in lines if line.startswith("minimal "))
    assert str(worst["minimal"]) in row.split() and f"{worst['minimal'] / 220e-6 / 1e6:.1f} MHz" in row
    at_25 = next(line for line in lines if line.startswith("25 MHz"))
    for variant in ("minimal", "standard"):
        assert f"{worst[variant] / (220e-6 * 25e6):.2f}" in at_25
    assert next(line for line in lines if line.startswith("80 MHz"))
    assert "reaction_chain[tasks=2]" in proc.stdout and "RTOS share" in proc.stdout
    text = page.read_text()
    assert "Clock sweep: reaction_chain[tasks=2]" in text and "minimal worst" in text and "standard median" in text


def test_weiss_view_sets_the_cache_gains_beside_the_study(soft_core_run: Run) -> None:
    _, views = published.study_views([soft_core_run], ["this run"])
    (view,) = [v for v in views if v.study["id"] == "weiss_emulation"]
    assert view.shape == "cache_gain" and view.comparable
    ours = [row for row in view.rows if row[0].startswith("this run")]
    assert [row[2] for row in ours] == ["none", "I+D"]
    study = [row for row in view.rows if row[0].startswith("study PPC403G")]
    assert len(study) == 6 and study[-1][3:] == ["+340 %", "+377 %", "+529 %"]
    # The caches speed plain code up more than the kernel's paths, as in the study.
    (mapping,) = published.load_studies()[1]["weiss_emulation"]
    gains = weiss.kernel_gains(soft_core_run, "this run", mapping["criteria"], "minimal")
    assert gains is not None
    standard = gains.gains["standard"]
    assert standard["dhrystone"] > standard["task_switch"] > 0
    # A second kernel's run is set against the first; the same kernel twice agrees to the point.
    agrees, why = weiss.confirmation(gains, gains)
    assert agrees and "largest difference 0 percentage points" in why
    assert "One kernel only" in view.explanation
