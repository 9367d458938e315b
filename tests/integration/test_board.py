# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The board runner end to end, with QEMU's mps2-an386 standing in for a board: its gdbstub as
the probe's GDB server, its UART on a pseudo-terminal as the serial port. The image is loaded,
given its command line, started at its reset vector and read over the pty; a fault is decoded
from the stream and a hang is caught by the watchdog."""
from __future__ import annotations

import subprocess
from collections.abc import Iterator

import pytest

from rtbench.acquire import stand_in as stand_ins
from rtbench.acquire.stand_in import StandIn
from rtbench.paths import Workspace
from rtbench.results.stats import median
from tests.conftest import run_catalogue

BENCHES = "task_switch,sem_take,irq_latency"


@pytest.fixture
def stand_in() -> Iterator[StandIn]:
    link = stand_ins.start("qemu-mps2-an386")
    try:
        yield link
    finally:
        link.close()


def _board_run(workspace: Workspace, link: StandIn, **overrides):
    return run_catalogue(workspace, target="board", board="qemu-mps2-an386", serial=link.serial, gdb=link.gdb,
                         iterations=100, warmup=10, **overrides)


def test_the_board_runner_measures_what_the_same_machine_measures_under_qemu(workspace: Workspace,
                                                                             stand_in: StandIn) -> None:
    board = _board_run(workspace, stand_in, bench=BENCHES)
    assert [(r.bench, r.status) for r in board.results] == [(b, "ok") for b in BENCHES.split(",")]
    assert board.manifest["run"]["exit_status"] == 0
    assert board.manifest["emulator"]["board"] == "QEMU mps2-an386 (stand-in board)"
    assert board.manifest["emulator"]["core"] == "cortex-m4f"
    # The same image (bar where its command line comes from) on the same emulated machine: the same
    # medians (a different command line shifts the tick's phase, so the rare outliers move).
    qemu = run_catalogue(workspace, target="qemu-m4f", bench=BENCHES, iterations=100, warmup=10)
    assert [median(r.samples()) for r in board.results] == [median(r.samples()) for r in qemu.results]


def test_a_fault_on_the_board_is_decoded_from_the_serial_stream(workspace: Workspace, stand_in: StandIn) -> None:
    run = _board_run(workspace, stand_in, bench="task_switch,sem_take", options={"inject": "fault:sem_take"})
    results = {r.bench: r for r in run.results}
    assert results["task_switch"].status == "ok"
    assert results["sem_take"].status == "error" and "UNDEFINSTR" in results["sem_take"].reason
    assert run.manifest["run"]["exit_status"] == 3  # the status the image parked with after the fault


def test_a_hung_board_is_stopped_by_the_watchdog(workspace: Workspace, stand_in: StandIn) -> None:
    run = _board_run(workspace, stand_in, bench="task_switch,sem_take", options={"inject": "hang:sem_take"},
                     silence=3.0)
    results = {r.bench: r for r in run.results}
    assert results["task_switch"].status == "ok", results["task_switch"].reason
    assert results["sem_take"].status == "error" and "the board hung" in results["sem_take"].reason


def test_a_stopped_board_run_keeps_what_finished(tmp_path, stand_in: StandIn) -> None:
    """SIGTERM (or Ctrl-C) during a board run: the benchmarks that finished are printed and stored,
    as on QEMU, and rtbench stops the core instead of leaving it running."""
    import os
    import signal
    import sys

    home = tmp_path / "ws"
    proc = subprocess.Popen([sys.executable, "-m", "rtbench", "run", "--home", str(home), "--target", "board",
                             "--board", "qemu-mps2-an386", "--serial", stand_in.serial, "--gdb", stand_in.gdb,
                             "--bench", "task_switch,sem_take", "--iterations", "100",
                             "--option", "inject=hang:sem_take", "--silence", "120"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=os.environ)
    assert proc.stderr is not None
    seen = []
    for line in proc.stderr:  # wait for the first benchmark to finish, then stop the run
        seen.append(line)
        if line.startswith("rtbench: run") and "task_switch" in line:
            proc.send_signal(signal.SIGTERM)
            break
    out, rest = proc.communicate(timeout=120)
    assert proc.returncode == 128 + signal.SIGTERM, "".join(seen) + rest
    assert "task_switch" in out and "interrupted (SIGTERM): the benchmarks that finished were kept" in rest
    listed = subprocess.run([sys.executable, "-m", "rtbench", "report", "--home", str(home)], capture_output=True,
                            text=True, timeout=60)
    row = next(line for line in listed.stdout.splitlines() if line.startswith("task_switch"))
    assert row.rstrip().endswith("ok")


def test_a_silent_serial_port_is_exit_status_2_naming_what_to_check(tmp_path, stand_in: StandIn) -> None:
    """The image loaded and started, but --serial is not the board's port: nothing arrives, and
    the run stops with exit status 2 saying what to check, not with a table of errors."""
    import os
    import sys

    controller, other = os.openpty()
    port = os.ttyname(other)
    try:
        proc = subprocess.run([sys.executable, "-m", "rtbench", "run", "--home", str(tmp_path / "ws"), "--target",
                               "board", "--board", "qemu-mps2-an386", "--serial", port, "--gdb",
                               stand_in.gdb, "--bench", "task_switch", "--silence", "3"],
                              capture_output=True, text=True, timeout=300)
    finally:
        os.close(controller)
        os.close(other)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    assert f"the serial port {port} stayed silent" in proc.stderr and "CMSDK UART0 at 115200 baud" in proc.stderr
