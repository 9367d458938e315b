# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The Cortex-M timing model on QEMU: the TRM's cases reproduced exactly on every modelled core
(and as the stored validation run has them), and `rtbench run --cycles-model` on the three RTOS
kernels: every timed result in model cycles too, the instruction counts as they are without the
model, bit-for-bit repeatable."""
from __future__ import annotations

from pathlib import Path

import pytest

from rtbench.acquire import model_cases
from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.reports import model_tables, reference_runs
from rtbench.reports.model_validation import NAME

from ..conftest import run_catalogue
from ..parts import need

# A benchmark of each kind of interval: read to read, from an interrupt, captured spans, a sum of spans.
BENCHES = "boot_time,task_switch,sem_signal_wake,irq_latency,irq_task_wake,tick_cost"
# Values the model cannot time: a sum of two spans (boot_time), a lateness against a deadline.
UNTIMED = {"boot_time", "periodic_jitter"}


@pytest.mark.parametrize("core", model_cases.cores())
def test_the_trm_cases_take_the_trms_cycles_under_the_model(core: str, tmp_path: Path) -> None:
    measured = model_cases.measure(core, tmp_path)
    wrong = [f"{case.name}: TRM {case.expected[core]}, model {measured[case.name]}"
             for case in model_cases.cases() if case.runs_on(core) and measured[case.name] != case.expected[core]]
    assert not wrong, f"{core}: " + "; ".join(wrong)


def test_the_stored_validation_run_holds_the_cases_as_measured_now(tmp_path: Path) -> None:
    stored = reference_runs.load(NAME, reference_runs.reference_dir() / "cycle-model")
    core = "cortex-m3"
    measured = model_cases.measure(core, tmp_path)
    for case in model_cases.cases():
        if case.runs_on(core):
            assert model_tables._sample(stored, f"trm_{case.name}", {"core": core}) == measured[case.name], case.name


def _run(workspace: Workspace, kernel: str, model: str | None) -> Run:
    return run_catalogue(workspace, os=kernel, bench=BENCHES, iterations=50, warmup=5, cycles_model=model,
                         options={"ticks": "20", "tasks": "5"})


@pytest.mark.parametrize("kernel", ["freertos", "ucos2", "threadx"])
def test_every_timed_result_has_its_samples_in_model_cycles_too(kernel: str, workspace: Workspace) -> None:
    if kernel != "freertos":
        need("kernel", kernel)
    plain, modelled, again = _run(workspace, kernel, None), _run(workspace, kernel, ""), _run(workspace, kernel, "")
    assert modelled.manifest["cycle_model"]["unit"] == "cycles (model: cortex-m3, 0 wait states)"
    timed = [r for r in modelled.results if r.status == "ok" and r.unit == "instructions"]
    assert timed and {r.bench for r in timed} >= {"task_switch", "irq_latency", "tick_cost"} - {
        r.bench for r in modelled.results if r.status == "unsupported"}
    for result in timed:
        model = result.model
        assert model is not None and model.unit == modelled.manifest["cycle_model"]["unit"], result.label()
        if result.bench in UNTIMED:
            assert not model.samples and model.reason, result.label()
            continue
        assert len(model.samples) == len(result.raw_samples), f"{result.label()}: {model.reason}"
        # Every instruction takes a cycle at least, and the model adds the exception entries' cycles:
        # sample for sample (a sample paired with the wrong instants shows as fewer cycles).
        below = [(n, c) for n, c in zip(result.samples(), model.samples) if c < n]
        assert not below, f"{result.label()}: samples in model cycles below their instructions: {below[:5]}"
    # The model leaves QEMU's clock alone: the same instruction counts as without it.
    assert [(r.label(), r.samples()) for r in plain.results] == [(r.label(), r.samples()) for r in modelled.results]
    # And it is bit-for-bit repeatable.
    assert [(r.label(), r.model) for r in again.results] == [(r.label(), r.model) for r in modelled.results]
