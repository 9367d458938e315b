# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The soft-core with CV32E40P (OpenHW's RV32IMC core, in silicon) as its CPU, on zero-wait RAM:
one model is built and each kernel with an RV32 port boots and runs a switch, a preemption and
the interrupt entry through the image's vector table (CV32E40P's mtvec keeps a 256-byte-aligned
base only), from the rv32i image and, for FreeRTOS, from the core's own rv32imc on the same
model. The manifest records the CPU, its settings and its package. uC/OS-II and ThreadX need
their trees (UCOS2_PATH, THREADX_PATH); skips with rtbench doctor's reason when CV32E40P's
package is not installed (scripts/setup.sh installs it).
The model build takes a few minutes."""
from __future__ import annotations

import pytest

from rtbench.acquire.session import RunRequest, execute
from rtbench.paths import Workspace
from rtbench.results.stats import median
from tests.parts import need

pytestmark = pytest.mark.integration

SELECTION = ("boot_time", "task_switch", "irq_latency", "task_preempt")


@pytest.mark.parametrize("kernel, isa", [("freertos", "rv32i"), ("ucos2", "rv32i"), ("threadx", "rv32i"),
                                         ("freertos", "rv32imc")])
def test_cv32e40p_runs_the_kernel_through_its_vector_table(kernel: str, isa: str, workspace: Workspace) -> None:
    need("target", "vexriscv-sim")
    need("cpu", "vexriscv-sim cv32e40p")
    need("kernel", kernel)
    variant = "cv32e40p" if isa == "rv32i" else f"cv32e40p:isa={isa}"
    request = RunRequest(target="vexriscv-sim", os=kernel, bench=",".join(SELECTION), iterations=20, warmup=2,
                         silence=120.0, timeout=900.0, variants=[variant])
    run = execute(request, workspace, lambda _message: None)
    # uC/OS-II has one task per priority: no switch between equal-priority tasks.
    expected = {b: "unsupported" if (kernel, b) == ("ucos2", "task_switch") else "ok" for b in SELECTION}
    assert {r.label(): r.status for r in run.results} == expected
    assert run.manifest["stream_errors"] == [] and run.manifest["run"]["exit_status"] == 0
    m = {r.label(): median(r.samples()) for r in run.results if r.status == "ok"}
    # An interrupt enters the kernel's handler through one jump of the table, then the kernel
    # saves the task's context before rtbench's handler reads the time: under two hundred cycles
    # on zero-wait RAM (a few hundred through the SoC's bus). Entering at base + 4n of the handler
    # itself (mtvec = the handler's address) ran whatever code sat there, or hung.
    assert 30 < m["irq_latency"] < 200
    assert m["irq_latency"] < m["task_preempt"] < 2_000
    settings = run.manifest["target_settings"]
    assert settings["cpu_variant"] == variant
    assert settings["soc"] == "rtbench CV32E40P SoC, cpu variant cv32e40p"  # one model for both ISAs
    assert settings["cpu_config"][variant] == {"cpu": "cv32e40p", "icache": None, "dcache": None, "isa": isa,
                                               "bus": "sram"}
    assert run.manifest["image"]["defines"] == ["RTB_CPU_CV32E40P"] + (["RTB_ISA_RV32IMC"] if isa == "rv32imc" else [])
    assert "pythondata-cpu-cv32e40p" in run.manifest["run"]["cpu_packages"]
