# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Kernel code is compiled without -fdata-sections (it defeats section anchors: FreeRTOS then
loads each global's address separately on every switch); the manifest says so, `--opt` can
measure the other way, and the fairness lint names the difference."""
from __future__ import annotations

from statistics import median

from rtbench.acquire.build import Build
from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.results.fairness import differences
from tests.conftest import run_catalogue


def _task_switch(run: Run) -> float:
    (result,) = [r for r in run.results if r.bench == "task_switch"]
    assert result.status == "ok", result.reason
    return median(result.samples())


def test_kernel_objects_are_compiled_without_data_sections(built_image: Build) -> None:
    assert "-fno-data-sections" in built_image.flags["kernel"]
    assert "-fdata-sections" not in built_image.flags["kernel"]
    # rtbench's own layers keep it: the linker drops their unused buffers.
    assert "-fdata-sections" in built_image.flags["core"]


def test_data_sections_cost_freertos_instructions_on_every_switch(workspace: Workspace, built_image: Build) -> None:
    without = run_catalogue(workspace, bench="task_switch")
    with_sections = run_catalogue(workspace, bench="task_switch", opt_flags="-O2 -fdata-sections")
    assert "-fdata-sections" in with_sections.manifest["compiler"]["flags"]["kernel"]
    assert "-fno-data-sections" in without.manifest["compiler"]["flags"]["kernel"]
    assert _task_switch(with_sections) > _task_switch(without)
    labels = {d.label: d.values for d in differences([with_sections.manifest, without.manifest])}
    assert labels["section flags"][0] == "-fdata-sections" and labels["section flags"][1] == "-fno-data-sections"
