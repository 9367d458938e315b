# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""uC/OS-II and ThreadX on vexriscv-sim, through rtbench's RISC-V low-level ports (uC/OS-II's
port/riscv32/os_cpu_a.S beside the kernel's RV32 C port, ThreadX's port/riscv32 entirely), when
their sources are present: a short selection that takes every path of the ports (a task-level
switch, a switch on the way out of an interrupt, the tick with expiring sleepers, the idle wait,
a fault), bit-for-bit repeatable, with the port's code pinned inside the kernel's text.

No registry carries these kernels, so CI skips these tests; set UCOS2_PATH / THREADX_PATH."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from rtbench.acquire import sources
from rtbench.acquire.build import build_image
from rtbench.acquire.platforms import find_kernel, find_target
from rtbench.model import Run
from rtbench.paths import Workspace
from tests.integration import test_kernels
from tests.integration.test_kernels import _source_or_skip
from tests.integration.test_vexriscv import run_sim

SELECTION = ("boot_time,task_switch,task_preempt,sem_signal_wake,queue_wake,mutex_pi,irq_latency,irq_task_wake,"
             "tick_cost,delay_block,sched_decision,tm_irq_preempt,task_start,task_start_switch")
# The RISC-V ports name their own context switch where the Cortex-M ones name PendSV.
RISCV_REASONS = {test_kernels.NO_DECISION_HOOK["ucos2"]: test_kernels.NO_DECISION_HOOK["ucos2"].replace(
    "the port's PendSV handler", "the port's context switch")}
# What the qemu-m3 kernel tests expect of the whole catalogue, for the selection.
UNSUPPORTED = {name: {label: RISCV_REASONS.get(reason, reason) for label, reason in expected.items()
                      if label.split("[")[0] in SELECTION.split(",")}
               for name, expected in test_kernels.UNSUPPORTED.items()}
# The port's own entry points, which must sit in the kernel library's pinned text.
PORT_SYMBOLS = {"ucos2": ("rtb_ucos2_trap", "OSCtxSw", "OSStartHighRdy", "OSTaskStkInit"),
                "threadx": ("rtb_threadx_trap", "_tx_thread_schedule", "_tx_thread_context_restore",
                            "_tx_timer_interrupt")}


@pytest.fixture(scope="module", params=sorted(UNSUPPORTED))
def port_runs(request: pytest.FixtureRequest, workspace: Workspace) -> tuple[str, Run, Run]:
    name = request.param
    _source_or_skip(name)
    return name, run_sim(workspace, os=name, bench=SELECTION), run_sim(workspace, os=name, bench=SELECTION)


def test_selection_is_ok_or_unsupported_with_its_reason(port_runs: tuple[str, Run, Run]) -> None:
    name, run, _ = port_runs
    assert {r.bench for r in run.results} == set(SELECTION.split(","))
    assert {r.label(): r.reason for r in run.results if r.status == "unsupported"} == UNSUPPORTED[name]
    assert [(r.label(), r.status, r.reason) for r in run.results if r.status not in ("ok", "unsupported")] == []
    assert run.manifest["stream_errors"] == [] and run.manifest["run"]["exit_status"] == 0
    assert {r.unit for r in run.results if r.status == "ok" and not r.bench.startswith("tm_")} == {"cycles"}
    assert "riscv32" in run.manifest["kernel"]["port"]


def test_runs_are_bit_for_bit_repeatable(port_runs: tuple[str, Run, Run]) -> None:
    _, first, second = port_runs
    a = {r.label(): (r.status, r.raw_samples) for r in first.results}
    b = {r.label(): (r.status, r.raw_samples) for r in second.results}
    assert a.keys() == b.keys()
    assert [label for label in a if a[label] != b[label]] == []


def test_cycle_counts_are_plausible(port_runs: tuple[str, Run, Run]) -> None:
    _, run, _ = port_runs
    m = {r.label(): sorted(r.samples())[len(r.samples()) // 2] for r in run.results if r.status == "ok"}
    # The handler runs after the port's trap entry saved the context; waking a task costs more.
    assert 10 < m["irq_latency"] < m["irq_task_wake"] < 10_000
    # A switch (a direct resume, or a semaphore that wakes a more urgent task) costs more than
    # the interrupt's entry; which of the two costs more is the kernel's business (ThreadX's
    # resume is the dearer one).
    assert m["irq_latency"] < min(m["task_preempt"], m["sem_signal_wake"])
    assert max(m["task_preempt"], m["sem_signal_wake"]) < 10_000
    assert m["tick_cost[tasks=0]"] < m["tick_cost[tasks=15]"]


def kernel_text(elf: Path) -> dict[str, int]:
    """Addresses of the symbols in the kernel library's text, and its bounds."""
    out = subprocess.run(["riscv64-unknown-elf-nm", str(elf)], capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in out.splitlines()]
    symbols = {row[2]: int(row[0], 16) for row in rows if len(row) == 3}
    start, end = symbols["__rtb_kernel_text"], symbols["__rtb_kernel_text_end"]
    return {name: addr for name, addr in symbols.items() if start <= addr <= end}


def test_the_port_is_pinned_with_the_kernel(port_runs: tuple[str, Run, Run], workspace: Workspace) -> None:
    """The port's assembly is in librtb_kernel.a, so the linker script keeps it in the kernel's
    4 KiB-aligned text, which code outside the kernel does not move."""
    name, run, _ = port_runs
    first = kernel_text(Path(run.manifest["image"]["elf"]))
    assert first["__rtb_kernel_text"] % 4096 == 0
    assert [symbol for symbol in PORT_SYMBOLS[name] if symbol not in first] == []
    # An image whose rtbench code differs (timestamps read minstret) keeps every kernel address.
    kernel = find_kernel(name)
    other = build_image(find_target("vexriscv-sim"), kernel, "default", sources.locate(kernel), workspace,
                        defines=("RTB_TS_INSTRET",))
    assert other.elf != Path(run.manifest["image"]["elf"])
    assert kernel_text(other.elf) == first


def test_a_fault_is_reported_through_the_ports_trap(port_runs: tuple[str, Run, Run], workspace: Workspace) -> None:
    name, _, _ = port_runs
    run = run_sim(workspace, os=name, bench="sem_take,queue_send", options={"inject": "fault:queue_send"})
    status = {r.bench: r for r in run.results}
    assert status["sem_take"].status == "ok"
    assert status["queue_send"].status == "error"
    assert "riscv_exception" in status["queue_send"].reason and "ILLEGAL_INSTR" in status["queue_send"].reason
