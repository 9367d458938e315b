# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Two measurement defects of vexriscv-sim, on `minimal` (no caches: code placement cannot move
the counts). The interrupt benchmarks must start with the measuring task blocked: the target's
interrupt lead (rtb/irq.h) covers arming and blocking there, and the witness rounds after the
samples fail a run whose lead does not. cpu_reference must be free of the kernel's tick, so that
it gives one figure on every kernel, although it calls none.

uC/OS-II and ThreadX come from their trees (UCOS2_PATH / THREADX_PATH); without them the
cross-kernel test skips."""
from __future__ import annotations

import pytest

from rtbench.acquire.session import RunRequest, execute
from rtbench.model import Run
from rtbench.paths import Workspace
from tests.integration.test_kernels import _source_or_skip

IRQ = "irq_task_wake,irq_task_resume"
TOO_SHORT = "the benchmark interrupt fired before the measuring task had blocked"


def run_minimal(workspace: Workspace, os_name: str, bench: str, iterations: int = 20, opt: str = "-O2") -> Run:
    request = RunRequest(target="vexriscv-sim", os=os_name, bench=bench, iterations=iterations, warmup=2,
                         opt_flags=opt, silence=60.0, timeout=600.0, variants=["minimal"])
    return execute(request, workspace, lambda _message: None)


def medians(run: Run) -> dict[str, int]:
    return {r.label(): sorted(r.samples())[len(r.samples()) // 2] for r in run.results if r.status == "ok"}


def test_interrupt_benchmarks_start_with_the_task_blocked(workspace: Workspace) -> None:
    run = run_minimal(workspace, "freertos", IRQ)
    assert [(r.label(), r.status, r.reason) for r in run.results if r.status != "ok"] == []
    m = medians(run)
    # Blocked first: about 1 660 and 1 450 cycles. Armed 80 us (800 cycles) ahead, the interrupt
    # came while the task was still blocking and the figures held the rest of that path (3 355, 2 815).
    assert 1000 < m["irq_task_wake"] < 2000
    assert 1000 < m["irq_task_resume"] < 2000


def test_a_lead_too_short_fails_the_run_with_the_reason(workspace: Workspace) -> None:
    run = run_minimal(workspace, "freertos", IRQ, iterations=4, opt="-O2 -DRTB_TARGET_IRQ_TRIGGER_DELAY_US=80u")
    assert {r.label(): r.status for r in run.results} == {"irq_task_wake": "fail", "irq_task_resume": "fail"}
    assert all(TOO_SHORT in (r.reason or "") for r in run.results)


@pytest.fixture(scope="module")
def reference(workspace: Workspace) -> dict[str, Run]:
    return {"freertos": run_minimal(workspace, "freertos", "cpu_reference")}


def test_cpu_reference_is_free_of_the_tick(reference: dict[str, Run]) -> None:
    [result] = reference["freertos"].results
    assert result.status == "ok" and result.notes == []
    # The tick was in most samples (80 225 against 79 495 without it): now every sample is the same.
    assert len(set(result.samples())) == 1


def test_cpu_reference_is_the_same_on_every_kernel(workspace: Workspace, reference: dict[str, Run]) -> None:
    for name in ("ucos2", "threadx"):
        _source_or_skip(name)
        reference[name] = run_minimal(workspace, name, "cpu_reference")
    figures = {name: (r.status, min(r.samples()), medians(run)["cpu_reference"])
               for name, run in reference.items() for r in run.results}
    # It calls no kernel: with the tick in it the medians were 80 225, 80 689 and 80 171.
    assert len(set(figures.values())) == 1, figures
    assert next(iter(figures.values()))[1:] == (figures["freertos"][2],) * 2
