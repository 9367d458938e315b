# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The soft-core with Minerva as its CPU: one cache configuration (2-way I-cache, D-cache) is
generated, verilated and runs FreeRTOS's context switch and interrupt entry; the manifest
records the CPU, its caches and its generator's versions, and the generated core is cached by
its configuration. Skips with rtbench doctor's reason when Minerva's generator is not installed
(scripts/setup.sh installs it). The model build takes two to three minutes."""
from __future__ import annotations

import pytest

from rtbench.acquire.session import RunRequest, execute
from rtbench.paths import Workspace
from rtbench.results.stats import median
from tests.parts import need

pytestmark = pytest.mark.integration

VARIANT = "minerva:icache=2K:icache_ways=2:dcache=1K"


def test_minerva_runs_freertos_and_records_its_caches(workspace: Workspace) -> None:
    need("target", "vexriscv-sim")
    need("cpu", "vexriscv-sim minerva")
    request = RunRequest(target="vexriscv-sim", bench="task_switch,irq_latency,cpu_reference", iterations=20,
                         warmup=2, silence=120.0, timeout=900.0, variants=["minerva:dcache=1K:icache=2K:icache_ways=2"])
    run = execute(request, workspace, lambda _message: None)
    assert [(r.label(), r.status, r.reason) for r in run.results] == [("task_switch", "ok", ""),
                                                                       ("irq_latency", "ok", ""),
                                                                       ("cpu_reference", "ok", "")]
    # The caches hit: the workload's 13 204 instructions (VexRiscv full's count) in under two
    # cycles each. Main RAM outside the cached region, or the divider stalling xor, or and srl,
    # made it 14 to 15 cycles each.
    assert median(run.results[2].samples()) < 2 * 13_204
    settings = run.manifest["target_settings"]
    assert settings["cpu_variant"] == VARIANT  # the canonical name
    assert settings["soc"] == f"rtbench Minerva SoC, cpu variant {VARIANT}"
    assert settings["cpu_config"][VARIANT] == {
        "cpu": "minerva", "icache": {"bytes": 2048, "ways": 2, "line_bytes": 16, "lines_per_way": 64},
        "dcache": {"bytes": 1024, "ways": 1, "line_bytes": 16, "lines_per_way": 64}}
    assert "2 KiB (2-way" in settings["caches"][VARIANT]
    assert run.manifest["image"]["defines"] == ["RTB_CPU_MINERVA"]
    assert "pythondata-cpu-minerva" in run.manifest["run"]["cpu_packages"]
    assert len(list((workspace.root / "models" / "cpu-verilog").glob("minerva-*.v"))) == 1
