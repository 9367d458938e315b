# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The interrupt benchmarks on qemu-m3 equal an independent instruction count (a QEMU plugin's,
rtbench.acquire.irq_crosscheck, which scripts/irq_crosscheck.py prints), sample for sample.
uC/OS-II is the kernel whose irq_task_wake showed the old whole-tick read lag: 40% of its
irq_task_wake and irq_task_resume samples were one instruction low."""
from __future__ import annotations

from pathlib import Path

import pytest

from rtbench.acquire import sources
from rtbench.acquire.build import build_image
from rtbench.acquire.irq_crosscheck import crosscheck
from rtbench.acquire.platforms import find_kernel, find_target
from rtbench.paths import Workspace
from tests.parts import need


def _source(name: str) -> sources.KernelSource:
    need("kernel", name)  # uC/OS-II: the user's tree (CI: ../shared/kernels, through .ci/run)
    return sources.locate(find_kernel(name))


@pytest.mark.parametrize("name", ["freertos", "ucos2"])
def test_irq_samples_equal_the_plugins_instruction_count(name: str, workspace: Workspace, tmp_path: Path) -> None:
    need("target", "linux")  # the host's gcc builds the QEMU plugin
    target, kernel = find_target("qemu-m3"), find_kernel(name)
    build = build_image(target, kernel, "default", _source(name), workspace)
    checks = crosscheck(target, build, 300, tmp_path)
    assert [c.bench for c in checks] == ["irq_latency", "irq_task_wake", "irq_task_resume"]
    for check in checks:
        assert len(check.samples) == 300
        # Not a tautology: the reference comes from counted instructions, the samples from timers.
        assert check.differences() == {0: 300}, (check.bench, check.differences())
