# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The 2012 study's method: operations counted per window of the kernel's own tick, at 100 Hz and
with the 1 kHz profile, on every RTOS kernel (uC/OS-II and ThreadX where their trees are given)."""
from __future__ import annotations

import pytest

from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.results.stats import median
from tests.conftest import run_catalogue
from tests.parts import need

WINDOWS = "window_*"


def _medians(run: Run) -> dict[str, float]:
    return {r.label(): median(r.samples()) for r in run.results if r.status == "ok"}


def _kernel_or_skip(name: str) -> None:
    need("kernel", name)


@pytest.mark.parametrize("kernel", ["freertos", "ucos2", "threadx"])
def test_the_1khz_profile_counts_every_window_benchmark(workspace: Workspace, kernel: str) -> None:
    _kernel_or_skip(kernel)
    run = run_catalogue(workspace, os=kernel, profile="tick1k", bench=WINDOWS)
    assert run.manifest["kernel"]["config"]["tick_hz"] == "1000"
    assert [(r.label(), r.status, r.reason) for r in run.results if r.status != "ok"] == []
    labels = {r.label() for r in run.results}
    assert {f"window_preempt[tasks={n}]" for n in (0, 5, 10, 15, 30)} <= labels
    assert all(r.unit == "operations" and min(r.samples()) > 0 for r in run.results)


def test_a_longer_window_counts_proportionally_more(workspace: Workspace) -> None:
    short = _medians(run_catalogue(workspace, profile="tick1k", bench="window_sem_take,window_queue",
                                   options={"window_ms": "10"}))
    long = _medians(run_catalogue(workspace, profile="tick1k", bench="window_sem_take,window_queue",
                                  options={"window_ms": "20"}))
    for label, count in short.items():
        assert long[label] == pytest.approx(2 * count, rel=0.02), label


def test_a_window_that_is_not_whole_ticks_is_unsupported(workspace: Workspace) -> None:
    run = run_catalogue(workspace, bench="window_pool", options={"window_ms": "5"})  # 100 Hz: half a tick
    (result,) = run.results
    assert result.status == "unsupported" and "whole number of the kernel's ticks" in result.reason
