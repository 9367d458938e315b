# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The 2012 study's UART message interrupt serving: a peripheral interrupt (not the timer) served
per byte, counted per tick window and timed to the woken task. On qemu-m3 the CMSDK UART1 on
every RTOS kernel (uC/OS-II and ThreadX where their trees are given); on vexriscv-sim the SoC's
UART of rtbench's own, which times the line; linux says why it cannot."""
from __future__ import annotations

import pytest

from rtbench.acquire.session import RunRequest, execute
from rtbench.model import Run
from rtbench.paths import Workspace
from rtbench.results.stats import median
from tests.conftest import run_catalogue
from tests.parts import need

UART = "uart_*"
LABELS = {"uart_irq_serve[semaphore=0]", "uart_irq_serve[semaphore=1]", "uart_irq_task"}
# vexriscv-sim: one 10 ms window at the SoC's nominal 10 MHz.
WINDOW_CYCLES = 100_000


def _kernel_or_skip(name: str) -> None:
    need("kernel", name)


def _by_label(run: Run) -> dict:
    return {r.label(): r for r in run.results}


@pytest.mark.parametrize("kernel", ["freertos", "ucos2", "threadx"])
def test_every_kernel_serves_the_uart_interrupt_on_qemu(workspace: Workspace, kernel: str) -> None:
    _kernel_or_skip(kernel)
    results = _by_label(run_catalogue(workspace, os=kernel, bench=UART, options={"windows": "2"}))
    assert {label: (r.status, r.reason) for label, r in results.items()} == {label: ("ok", "") for label in LABELS}
    flag, sem = results["uart_irq_serve[semaphore=0]"], results["uart_irq_serve[semaphore=1]"]
    assert flag.unit == sem.unit == "operations" and len(flag.samples()) == len(sem.samples()) == 2
    # Polling a flag costs less than the kernel's semaphore round trip: more bytes per window.
    assert median(flag.samples()) > median(sem.samples()) > 100
    task = results["uart_irq_task"]
    assert task.unit == "instructions" and 50 < median(task.samples()) < 1000
    assert any("no line timing" in note for note in flag.notes)
    assert any("handler's first timestamp" in note for note in task.notes)


def test_qemu_keeps_no_line_time_so_the_baud_rate_changes_nothing(workspace: Workspace) -> None:
    # Rates of one length: the command line's length alone would shift the timeline.
    runs = [run_catalogue(workspace, bench=UART, iterations=50, options={"windows": "2", "baud": baud})
            for baud in ("9600", "1200")]
    fast, slow = ({label: r.raw_samples for label, r in _by_label(run).items()} for run in runs)
    assert fast.keys() == LABELS and fast == slow


def test_a_baud_of_zero_fails_rather_than_divide(workspace: Workspace) -> None:
    results = _by_label(run_catalogue(workspace, bench=UART, options={"baud": "0"}))
    assert {r.status for r in results.values()} == {"fail"}
    assert all("baud" in r.reason for r in results.values())


def _sim(workspace: Workspace, baud: str, bench: str = UART) -> dict:
    request = RunRequest(target="vexriscv-sim", bench=bench, iterations=60, warmup=10, silence=60.0, timeout=600.0,
                         variants=["standard"], options={"windows": "2", "baud": baud})
    return _by_label(execute(request, workspace, lambda _message: None))


def test_vexriscv_times_the_line_and_latches_the_interrupt(workspace: Workspace) -> None:
    fast, slow = _sim(workspace, "1000000"), _sim(workspace, "9600", bench="uart_irq_serve")
    assert {label: r.status for label, r in fast.items()} == {label: "ok" for label in LABELS}
    assert {label: r.status for label, r in slow.items()} == {label: "ok" for label in LABELS - {"uart_irq_task"}}
    task = fast["uart_irq_task"]
    assert task.unit == "cycles" and any("latched by the hardware" in note for note in task.notes)
    # From the latched cycle: trap entry, the handler's give and a switch, hundreds of cycles.
    assert 200 < median(task.samples()) < 10_000
    # At 9600 baud a character holds the line for 10417 cycles: a window fits at most 10 of them,
    # whatever the kernel; at 1 Mbaud (100 cycles) the software path bounds the count instead.
    char = 10 * 10_000_000 // 9600
    for semaphore in (0, 1):
        label = f"uart_irq_serve[semaphore={semaphore}]"
        line_bound = slow[label].samples()
        assert all(WINDOW_CYCLES // (char + 1000) <= n <= WINDOW_CYCLES // char + 1 for n in line_bound), line_bound
        assert min(fast[label].samples()) > 2 * max(line_bound)
