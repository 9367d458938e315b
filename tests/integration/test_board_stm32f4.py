# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The board-stm32f4 drivers end to end, with QEMU 7.2's netduinoplus2 (an STM32F405) standing
in for an STM32F4 board: the board runner loads the family's image through QEMU's gdbstub (a
power-on snapshot as the reset between images), reads USART2 on a pseudo-terminal, and the TIM
benchmark interrupt serves the catalogue on FreeRTOS, uC/OS-II and ThreadX: every benchmark ok,
or unsupported for a reason the kernel or the board gives. The stand-in is exact: two runs give
the same samples."""
from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rtbench.acquire import catalogue, stand_in
from rtbench.model import Run
from rtbench.paths import Workspace
from tests.conftest import DORMANT_BENCHES, FREERTOS_NO_DORMANT, run_catalogue
from tests.integration.test_kernels import UNIQUE_PRIORITIES
from tests.integration.test_kernels import UNSUPPORTED as KERNEL_UNSUPPORTED
from tests.parts import need

BOARD = "qemu-netduinoplus2"
BOARDS = Path(__file__).resolve().parent.parent.parent / "firmware" / "boards"
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


def test_calibrate_runs_the_twin_on_qemu_m4f(workspace: Workspace, netduino: stand_in.StandIn) -> None:
    """rtbench calibrate with the stand-in as the board: its twin is the same FreeRTOS and
    benchmarks on qemu-m4f, both counted in instructions, so every ratio is near 1; where the
    drivers' code differs (the CMSDK timer's count-down read is an instruction longer than the
    TIM's count-up one) the ratio says by how much."""
    from rtbench.campaign.calibration import calibrate
    from rtbench.results.store import Store

    board = _board_run(workspace, netduino, bench="task_switch,sem_signal_wake,queue_send,irq_task_wake,tm_basic")
    with Store(workspace.store) as store:
        store.save(board)
    calibration_id, document = calibrate(board, workspace, lambda _: None)
    with Store(workspace.store, read_only=True) as store:
        assert store.load_calibration(calibration_id) == (calibration_id, document)
        twin = store.load(document["columns"][1]["run_id"])
    assert twin.manifest["target"] == "qemu-m4f" and twin.manifest["os"] == "freertos"
    assert twin.manifest["run"]["iterations"] == board.manifest["run"]["iterations"]
    rows = {row["label"]: row for row in document["rows"]}
    assert set(rows) == {"task_switch", "sem_signal_wake", "queue_send", "irq_task_wake"}  # tm_basic: operations
    assert document["ratio_unit"] == "instructions per instruction"
    assert rows["task_switch"]["medians"] == {"board": 58.0, "emulator": 59.0}
    assert rows["queue_send"]["ratio"] == 1.0
    assert all(0.9 < row["ratio"] < 1.1 for row in rows.values())


def test_the_nucleo_f401re_capacity_runs_the_catalogue(workspace: Workspace, netduino: stand_in.StandIn,
                                                       tmp_path: Path) -> None:
    """The NUCLEO-F401RE's image settings (24 task slots of 1 KiB, 96 KiB of RAM, 1024 samples
    buffered) on the stand-in: the plain image's benchmarks still run in 1 KiB stacks, and the
    sweeps past 24 tasks say why they cannot. (The traced and services images, run on all three
    kernels with these settings while they were written, fit and ran too: one image keeps this
    test short.)"""
    board = tmp_path / "small.toml"
    capacity = (BOARDS / "nucleo-f401re.toml").read_text().split("[capacity]")[1]
    board.write_text((BOARDS / f"{BOARD}.toml").read_text().replace("length = 0x00030000", "length = 0x00018000")
                     + "\n[capacity]" + capacity)
    plain = ",".join(b.name for b in catalogue.scan() if not (b.traced or b.services or b.host))
    run = run_catalogue(workspace, target="board", board=str(board), serial=netduino.serial, gdb=netduino.gdb,
                        bench=plain)
    assert [(r.label(), r.status, r.reason) for r in run.results if r.status not in ("ok", "unsupported")] == []
    slots = {r.label() for r in run.results if r.status == "unsupported" and "24 task slots" in r.reason}
    assert slots == {"task_preempt_load[tasks=30]", "tick_cost[tasks=30]", "delay_block[tasks=30]",
                     "window_preempt[tasks=30]"}


def test_a_board_that_drops_mid_run_keeps_what_finished(tmp_path: Path) -> None:
    """The probe and the serial port gone mid-run (the stand-in killed, as a board unplugged): the
    benchmarks that finished are stored, the others say why they did not, exit status 1."""
    link = stand_in.start(BOARD)
    try:
        home = tmp_path / "ws"
        proc = subprocess.Popen([sys.executable, "-m", "rtbench", "run", "--home", str(home), "--target", "board",
                                 "--board", BOARD, "--serial", link.serial, "--gdb", link.gdb,
                                 "--bench", "task_switch,sem_signal_wake,mutex_pi", "--iterations", "20000"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert proc.stderr is not None
        seen = []
        for line in proc.stderr:
            seen.append(line)
            if line.startswith("rtbench: run") and "task_switch" in line:
                link.process.kill()
                break
        _, rest = proc.communicate(timeout=300)
    finally:
        link.close()
    assert proc.returncode == 1, "".join(seen) + rest
    listed = subprocess.run([sys.executable, "-m", "rtbench", "report", "--home", str(home), "--format", "csv"],
                            capture_output=True, text=True, timeout=60)
    rows = {row.split(",")[1]: row for row in listed.stdout.splitlines()[1:]}
    assert rows["task_switch"].split(",")[14] == "ok"
    assert "the serial port closed" in rows["mutex_pi"]
