# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The Cortex-M family on QEMU: the M0 (microbit), M4F (mps2-an386), M7 (mps2-an500) and M33
(mps2-an505, secure state only) each build and run FreeRTOS from the shared start-up, with exact
instruction counts; the FPU benchmarks run where there is an FPU and say why not elsewhere."""
from __future__ import annotations

from collections import Counter

import pytest

from rtbench.paths import Workspace
from rtbench.results.stats import median
from tests.conftest import run_catalogue

BENCHES = "task_switch,task_switch_fpu,sem_take,irq_latency,preempt_irq_fpu,uart_irq_task"
CORES = {"qemu-m0": "Cortex-M0", "qemu-m4f": "Cortex-M4F", "qemu-m7": "Cortex-M7", "qemu-m33": "Cortex-M33"}


def _frequent(samples: list[int]) -> set[int]:
    """The counts that make up at least a tenth of the samples (not the tick's rare outliers)."""
    return {value for value, n in Counter(samples).items() if n * 10 >= len(samples)}


@pytest.mark.parametrize("target", list(CORES))
def test_each_core_runs_freertos_and_the_fpu_benchmarks_where_it_has_an_fpu(workspace: Workspace,
                                                                              target: str) -> None:
    run = run_catalogue(workspace, target=target, bench=BENCHES, iterations=100, warmup=10)
    results = {r.label(): r for r in run.results}
    assert run.manifest["target_settings"]["cpu"] == CORES[target]
    for label in ("task_switch", "sem_take", "irq_latency"):
        assert results[label].status == "ok" and results[label].unit == "instructions", results[label].reason
    fpu_labels = [label for label in results if "_fpu[" in label]
    assert len(fpu_labels) == 4
    if target == "qemu-m0":
        assert all(results[label].status == "unsupported" and "soft-float" in results[label].reason
                   for label in fpu_labels)
        assert results["uart_irq_task"].status == "unsupported" and "one UART" in results["uart_irq_task"].reason
        return
    assert all(results[label].status == "ok" for label in fpu_labels)
    # Under -icount the FPU-aware switch costs no instruction: the conditional stores and loads of
    # s16-s31 count as instructions whether they run or not, lazy stacking is done by hardware.
    # (On the M7 alternate switches take two paths, 2 instructions apart: compare the counts seen.)
    plain, fpu = (_frequent(results[f"task_switch_fpu[fpu={n}]"].samples()) for n in (0, 1))
    assert plain == fpu and min(plain) >= median(results["task_switch"].samples())
    assert results["uart_irq_task"].status == "ok"


def test_the_m0_runs_are_identical_to_the_instruction(workspace: Workspace) -> None:
    runs = [run_catalogue(workspace, target="qemu-m0", bench="task_switch,sem_signal_wake,irq_task_wake,mutex_pi",
                          iterations=100, warmup=10) for _ in range(2)]
    first, second = ({r.label(): r.raw_samples for r in run.results} for run in runs)
    assert len(first) == 4 and first == second
