# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The soft-core with Hazard3 (the RP2350's RISC-V core, its configuration, zero-wait RAM) as its
CPU: one model is built from the Hazard3 checkout the set-up provides, and each kernel with an
RV32 port boots and runs a reduced selection of the catalogue (a switch, a preemption, a wake,
the interrupt entry through the RP2350's interrupt controller, the plain workload) with nothing
failed; FreeRTOS's selection twice gives the same samples, bit for bit. The whole catalogue of
each kernel is the stored reference runs' (vexriscv-sim-hazard3-*). The manifest records the
core's Verilog by its hash and the image its ISA. Skips with rtbench doctor's reason without
Hazard3's Verilog (scripts/setup.sh --part hazard3); uC/OS-II and ThreadX need their trees.
The model build takes a few minutes, once per session."""
from __future__ import annotations

import pytest

from rtbench.acquire.session import RunRequest, execute
from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.results.stats import median
from tests.parts import need

pytestmark = pytest.mark.integration

SELECTION = ("boot_time", "task_switch", "task_preempt", "sem_signal_wake", "irq_latency", "irq_task_wake",
             "cpu_reference")


def _run(kernel: str, workspace: Workspace) -> Run:
    request = RunRequest(target="vexriscv-sim", os=kernel, bench=",".join(SELECTION), iterations=20, warmup=2,
                         silence=120.0, timeout=900.0, variants=["hazard3"])
    return execute(request, workspace, lambda _message: None)


@pytest.mark.parametrize("kernel", ["freertos", "ucos2", "threadx"])
def test_hazard3_runs_each_kernel_with_the_rp2350s_configuration(kernel: str, workspace: Workspace) -> None:
    need("target", "vexriscv-sim")
    need("cpu", "vexriscv-sim hazard3")
    need("kernel", kernel)
    run = _run(kernel, workspace)
    # uC/OS-II has one task per priority: no switch between equal-priority tasks.
    expected = {b: "unsupported" if (kernel, b) == ("ucos2", "task_switch") else "ok" for b in SELECTION}
    assert {r.label(): r.status for r in run.results} == expected
    assert run.manifest["stream_errors"] == [] and run.manifest["run"]["exit_status"] == 0
    m = {r.label(): median(r.samples()) for r in run.results if r.status == "ok"}
    # Zero-wait RAM and a 3-stage pipeline: the plain workload (13 204 rv32i instructions on
    # VexRiscv full; fewer here, with M, C and bit manipulation) in about a cycle and a bit each,
    # where the bus's wait states made CV32E40P take 2.8. The interrupt's entry is 3 cycles
    # (tests/integration/test_hazard3_timing.py); the kernel's trap code follows.
    assert m["cpu_reference"] < 1.5 * 13_204
    assert 20 < m["irq_latency"] < 200 and m["irq_latency"] < m["irq_task_wake"] < 2_000
    settings = run.manifest["target_settings"]
    assert settings["soc"] == "rtbench Hazard3 SoC, cpu variant hazard3"
    assert settings["cpu_config"]["hazard3"] == {"cpu": "hazard3", "icache": None, "dcache": None,
                                                 "isa": "rp2350", "bus": "sram"}
    assert run.manifest["image"]["defines"] == ["RTB_CPU_HAZARD3"]
    assert run.manifest["run"]["cpu_packages"]["hazard3-rtl"].startswith("sha256:")
    if kernel == "freertos":  # the same image on the same model again: the same samples
        again = _run(kernel, workspace)
        assert [r.samples() for r in again.results] == [r.samples() for r in run.results]
