# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Emulated runs are bit-for-bit repeatable: two runs of the same image agree exactly."""
from __future__ import annotations

from rtbench.model import Run
from rtbench.paths import Workspace
from tests.conftest import DORMANT_BENCHES, FPU_LABELS, run_catalogue


def test_two_runs_give_identical_samples(workspace: Workspace, catalogue_run: Run) -> None:
    again = run_catalogue(workspace)
    first = {r.label(): r.raw_samples for r in catalogue_run.results}
    second = {r.label(): r.raw_samples for r in again.results}
    assert first.keys() == second.keys()
    differing = [label for label in first if first[label] != second[label]]
    assert differing == []
    assert all(r.status == "ok" or r.label() in FPU_LABELS or r.bench in DORMANT_BENCHES for r in again.results)
