# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The board-stm32f4 drivers end to end, with QEMU 7.2's netduinoplus2 (an STM32F405) standing
in for an STM32F4 board: the board runner loads the family's image through QEMU's gdbstub (a
power-on snapshot as the reset between images), reads USART2 on a pseudo-terminal, and the TIM
benchmark interrupt serves the catalogue on FreeRTOS, uC/OS-II and ThreadX: every benchmark ok,
or unsupported for a reason the kernel or the board gives. The stand-in is exact: two runs give
the same samples."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from rtbench.acquire import catalogue, stand_in
from rtbench.model import Run
from rtbench.paths import Workspace
from tests.conftest import DORMANT_BENCHES, FREERTOS_NO_DORMANT, run_catalogue
from tests.integration.test_kernels import UNIQUE_PRIORITIES
from tests.integration.test_kernels import UNSUPPORTED as KERNEL_UNSUPPORTED
from tests.parts import need

BOARD = "qemu-netduinoplus2"
NO_UART = "the board drivers of the stm32f4 family have no benchmark UART yet (the console uses one)"
UART_LABELS = ("uart_irq_serve[semaphore=0]", "uart_irq_serve[semaphore=1]", "uart_irq_task")
# The Cortex-M4F has its FPU: the FPU benchmarks run, but for task_switch_fpu's two tasks of one
# priority on uC/OS-II.
ON_THE_M4F = {kernel: {label: reason for label, reason in lacks.items() if "soft-float" not in reason}
              for kernel, lacks in KERNEL_UNSUPPORTED.items()}
ON_THE_M4F["ucos2"].update(dict.fromkeys(("task_switch_fpu[fpu=0]", "task_switch_fpu[fpu=1]"), UNIQUE_PRIORITIES))
UNSUPPORTED = {
    "freertos": {**{bench: FREERTOS_NO_DORMANT for bench in DORMANT_BENCHES}, **dict.fromkeys(UART_LABELS, NO_UART)},
    **{kernel: {**lacks, **dict.fromkeys(UART_LABELS, NO_UART)} for kernel, lacks in ON_THE_M4F.items()},
}


@pytest.fixture(scope="module")
def netduino() -> Iterator[stand_in.StandIn]:
    link = stand_in.start(BOARD)
    try:
        yield link
    finally:
        link.close()


def _board_run(workspace: Workspace, link: stand_in.StandIn, **overrides: object) -> Run:
    return run_catalogue(workspace, target="board", board=BOARD, serial=link.serial, gdb=link.gdb, **overrides)


@pytest.mark.parametrize("kernel", sorted(UNSUPPORTED))
def test_the_whole_catalogue_runs_through_the_board_runner(kernel: str, workspace: Workspace,
                                                           netduino: stand_in.StandIn) -> None:
    if kernel != "freertos":
        need("kernel", kernel)
    run = _board_run(workspace, netduino, os=kernel)
    assert {r.bench for r in run.results} == {b.name for b in catalogue.scan()}
    assert [(r.label(), r.status, r.reason) for r in run.results if r.status not in ("ok", "unsupported")] == []
    assert {r.label(): r.reason for r in run.results if r.status == "unsupported"} == UNSUPPORTED[kernel]
    assert run.manifest["stream_errors"] == [] and run.manifest["run"]["exit_status"] == 0
    assert run.manifest["emulator"]["board"] == "QEMU netduinoplus2 (STM32F405, stand-in board)"
    assert run.manifest["target"] == "board"
    described = run.manifest["target_settings"]
    assert described["timestamp"] == "TIM5 at 1000000000 Hz"
    assert described["irq_source"] == "TIM2 update, armed as QEMU 7.2 models it"


def test_the_stand_in_is_exact_run_after_run(workspace: Workspace, netduino: stand_in.StandIn) -> None:
    """The power-on snapshot starts every image from the same machine, virtual clock included: the
    samples repeat bit for bit, the interrupt's among them."""
    benches = "task_switch,sem_signal_wake,irq_latency,irq_task_wake,tm_irq"
    first = _board_run(workspace, netduino, bench=benches)
    second = _board_run(workspace, netduino, bench=benches)
    assert [r.status for r in first.results] == ["ok"] * 5
    assert [r.raw_samples for r in first.results] == [r.raw_samples for r in second.results]
