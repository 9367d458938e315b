# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""An emulator standing in for a board (a board file with a [stand_in] table): started halted,
its gdbstub as the probe's GDB server and its console UART on a pseudo-terminal as the serial
port. Where the board file names a snapshot, the machine is saved at power-on on a small qcow2
drive, and the board's reset (`loadvm`) restores it before each image: a power cycle, virtual
clock and all. The tests run the board runner end to end through it; scripts/stand_in.py starts
one for a user."""
from __future__ import annotations

import contextlib
import re
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import RtbenchError
from .boards import load_board
from .gdb_remote import GdbRemote

PTY = re.compile(r"char device redirected to (/dev/pts/\d+) \(label serial(\d+)\)")
READY_SECONDS = 10.0


@dataclass
class StandIn:
    board: str  # the board file's path
    serial: str  # the console's pseudo-terminal
    gdb: str  # host:port of the gdbstub
    process: subprocess.Popen[str]
    workdir: Path
    command: list[str] = field(default_factory=list)

    def close(self) -> None:
        self.process.kill()
        self.process.wait()
        shutil.rmtree(self.workdir, ignore_errors=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("localhost", 0))
        return int(probe.getsockname()[1])


def start(board_text: str, port: int | None = None) -> StandIn:
    """Starts the board file's emulator; returns once its gdbstub answers (and, with a snapshot,
    the power-on state is saved)."""
    path, board = load_board(board_text)
    spec = board.get("stand_in")
    if not spec:
        raise RtbenchError(f"board {board['name']} is a board, not a stand-in (no [stand_in] in {path})")
    port = port or free_port()
    workdir = Path(tempfile.mkdtemp(prefix="rtbench-stand-in-"))
    command = [*spec["qemu"], "-S", "-gdb", f"tcp:localhost:{port}"]
    if spec.get("snapshot"):
        drive = workdir / "power-on.qcow2"
        _run(["qemu-img", "create", "-q", "-f", "qcow2", str(drive), "1M"], "qemu-utils")
        command += ["-drive", f"if=none,format=qcow2,file={drive}"]
    try:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    except OSError as err:
        shutil.rmtree(workdir, ignore_errors=True)
        raise RtbenchError(f"cannot start {command[0]}: {err.strerror or err}",
                           "scripts/setup.sh installs QEMU") from None
    stand_in = StandIn(str(path), "", f"localhost:{port}", process, workdir, command)
    try:
        stand_in.serial = _console(process, int(spec.get("serial", 0)))
        _wait_for(port, process)
        if spec.get("snapshot"):
            remote = GdbRemote(stand_in.gdb)
            try:
                remote.monitor(f"savevm {spec['snapshot']}")
            finally:
                remote.close()
    except BaseException:
        stand_in.close()
        raise
    return stand_in


def _run(command: list[str], package: str) -> None:
    try:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=60)
    except OSError as err:
        raise RtbenchError(f"cannot run {command[0]}: {err.strerror or err}", f"apt-get install {package}") from None
    if proc.returncode:
        raise RtbenchError(f"{' '.join(command)} failed: {proc.stderr.strip()}")


def _console(process: subprocess.Popen[str], wanted: int) -> str:
    """The pseudo-terminal of the console's serial port, from what QEMU prints at start."""
    assert process.stdout is not None
    seen = []
    for line in process.stdout:
        seen.append(line.strip())
        found = PTY.search(line)
        if found and int(found.group(2)) == wanted:
            return found.group(1)
    raise RtbenchError(f"the stand-in exited before naming its serial port {wanted}: " + " | ".join(seen[-5:]))


def _wait_for(port: int, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + READY_SECONDS
    while time.monotonic() < deadline and process.poll() is None:
        with contextlib.suppress(OSError):
            socket.create_connection(("localhost", port), timeout=1).close()
            return
        time.sleep(0.1)
    raise RtbenchError(f"the stand-in's gdbstub did not answer on port {port} within {READY_SECONDS:g} s")
