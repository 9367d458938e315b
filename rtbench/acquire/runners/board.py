# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Runs an image on a real board: loads it through the probe's GDB server (flash through vFlash
packets, RAM through memory writes), writes the command line into the image, starts the core at
its reset vector and reads the sample stream from the board's serial port (pyserial)."""
from __future__ import annotations

import contextlib
import dataclasses
import queue
import threading
import time
from typing import Any

from ...errors import RtbenchError
from .. import interrupts, setup_parts
from ..boards import probe_hint
from ..build import Build
from ..elf import Segment, elf_entry, segments, symbols
from ..gdb_remote import GdbRemote, GdbRemoteError
from ..platforms import Target
from ..protocol import StreamParser
from .console import STREAM_ENDED, ConsoleLog, ConsoleRun, Launch, drain, take_line, watch

CMDLINE_SYMBOL, EXIT_SYMBOL = "rtb_board_cmdline", "rtb_board_exit_status"
CMDLINE_CAP = 1024  # firmware/targets/cortex-m/board_host.c
EXITED = 0x80000000
SP, PC, XPSR = 13, 15, 25  # Cortex-M register numbers in the GDB remote protocol
XPSR_THUMB = 1 << 24
RISCV_PC = 32  # the program counter's number in a RISC-V GDB server (after x0-x31)
# Targets whose image starts at its ELF entry (the start-up sets its own stack), not from a
# Cortex-M vector table.
RISCV_CORES = ("hazard3",)


def _region(board: dict[str, Any], segment: Segment) -> str:
    """Which kind of the board's memories holds a segment (regions named flash... are flash, the
    others RAM), or the error."""
    end = segment.address + len(segment.data)
    for name, region in board.get("memory", {}).items():
        if region["origin"] <= segment.address and end <= region["origin"] + region["length"]:
            return "flash" if name.startswith("flash") else "ram"
    raise RtbenchError(f"the image's bytes at 0x{segment.address:08x}..0x{end:08x} are outside "
                       f"{board['name']}'s memory map", f"check [memory] in {board['file']}")


def load(gdb: GdbRemote, board: dict[str, Any], build: Build, cmdline: bytes) -> tuple[int, int]:
    """Loads the image, its command line and a cleared exit status; returns the reset SP and PC."""
    for command in board.get("probe", {}).get("reset", []):
        gdb.monitor(command)
    parts = segments(build.elf)
    # A stand-in's flash (an emulator's ROM) is written like RAM, where its server has no vFlash.
    by_vflash = board.get("probe", {}).get("load", "vflash") == "vflash"
    flash = [part for part in parts if _region(board, part) == "flash" and by_vflash]
    for part in parts:
        if part not in flash:
            gdb.write_memory(part.address, part.data)
    if flash:
        gdb.program_flash([(part.address, part.data) for part in flash])
    found = symbols(build.elf, {CMDLINE_SYMBOL, EXIT_SYMBOL, "vector_table"})
    if CMDLINE_SYMBOL not in found or EXIT_SYMBOL not in found:
        raise RtbenchError(f"{build.elf} was not built for a board (no {CMDLINE_SYMBOL})")
    gdb.write_memory(found[CMDLINE_SYMBOL], cmdline + b"\0")
    gdb.write_memory(found[EXIT_SYMBOL], bytes(4))
    vectors = found.get("vector_table", parts[0].address)
    sp, pc = (int.from_bytes(gdb.read_memory(vectors + 4 * i, 4), "little") for i in (0, 1))
    return sp, pc


def _serial(port: str, baud: int) -> Any:
    try:
        import serial  # pyserial
    except ImportError:
        raise RtbenchError("the board runner needs pyserial (rtbench's board extra)",
                           setup_parts.install_hint("test", "pip:board")) from None
    try:
        return serial.Serial(port, baud, timeout=0.2)
    except (serial.SerialException, OSError) as err:
        raise RtbenchError(f"cannot open the serial port {port}: {err}", "check --serial and its permissions") from None


def _pump(port: Any, lines: queue.Queue[str | None], stop: threading.Event) -> None:
    pending = b""
    while not stop.is_set():
        try:
            chunk = port.read(4096)
        except (OSError, ValueError, TypeError):  # the port went away (board unplugged): end the stream
            break
        pending += chunk
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            lines.put((line + b"\n").decode("utf-8", errors="replace"))
    lines.put(None)


def run(target: Target, build: Build, options: dict[str, str], launch: Launch) -> ConsoleRun:
    board, link = target.spec["board"], target.spec["board_link"]
    cmdline = " ".join(f"{key}={value}" for key, value in options.items()).encode()
    if len(cmdline) >= CMDLINE_CAP:
        raise RtbenchError(f"the image's options take {len(cmdline)} bytes; a board image takes {CMDLINE_CAP - 1}",
                           "select fewer benchmarks with --bench")
    command = [f"gdb-remote {link['gdb']}", f"serial {link['serial']}"]
    port = _serial(link["serial"], int(board.get("uart", {}).get("baud", 115200)))
    log, parser = ConsoleLog(launch.log_path), StreamParser()
    lines: queue.Queue[str | None] = queue.Queue()
    stop = threading.Event()
    started = time.monotonic()
    interrupted: BaseException | None = None
    status: int | None = None
    try:
        gdb = connect(link["gdb"], board)
    except RtbenchError:
        port.close()
        log.close()
        raise
    try:
        sp, pc = load(gdb, board, build, cmdline)
        port.reset_input_buffer()
        threading.Thread(target=_pump, args=(port, lines, stop), daemon=True).start()
        if target.arch in RISCV_CORES:
            pc = elf_entry(build.elf)
            gdb.write_register(RISCV_PC, pc)
        else:
            gdb.write_register(SP, sp)
            gdb.write_register(PC, pc & ~1)
            gdb.write_register(XPSR, XPSR_THUMB)  # as a reset leaves it: Thumb state, no exception
        gdb.resume()
        try:
            end_reason = _watch(lines, log, parser, launch, started)
            if end_reason is None:
                status, end_reason = _exit_status(gdb, build)
        except KeyboardInterrupt as err:
            # Ctrl-C or SIGTERM: the benchmarks that finished are kept, and the core is stopped
            # rather than left running the rest of the catalogue.
            interrupted = err
            end_reason = f"interrupted ({interrupts.signal_name(err)})"
            _halt(gdb)
            drain(lines, log, parser, launch)
        if end_reason is not None and interrupted is None:
            _halt(gdb)  # a board that hung or lost its link is stopped, not left running
    finally:
        stop.set()
        gdb.close()
        port.close()
        log.close()
    capture = parser.finish(end_reason)
    if log.problem:
        capture.errors.append(log.problem)
    if not capture.hello and interrupted is None:
        raise _silent(board, link, end_reason)
    details = {"gdb": link["gdb"], "serial": link["serial"], "loaded_at_pc": f"0x{pc:08x}",
               **({"core": "halted by rtbench when the run was interrupted"} if interrupted else {})}
    return ConsoleRun(capture, status, end_reason, launch.log_path, time.monotonic() - started, command,
                      interrupted, details=details)


def connect(address: str, board: dict[str, Any]) -> GdbRemote:
    """The probe's GDB server, or an error that names the server to start and how."""
    try:
        return GdbRemote(address)
    except GdbRemoteError as err:
        raise RtbenchError(str(err).split("\n")[0], probe_hint(board)) from None


def _silent(board: dict[str, Any], link: dict[str, str], end_reason: str | None) -> RtbenchError:
    uart = board.get("uart", {})
    return RtbenchError(f"the serial port {link['serial']} stayed silent: {board['name']}'s image was loaded and "
                        f"started through {link['gdb']}, but sent nothing ({end_reason})",
                        f"--serial must be the port of the board's {uart.get('peripheral', 'UART')} at "
                        f"{uart.get('baud', 115200)} baud (on a Nucleo, the ST-LINK's /dev/ttyACM*), and the "
                        f"clock in {board['file']} the board's own: a wrong clock gives a wrong baud rate")


def _halt(gdb: GdbRemote) -> None:
    """Stops the core after an interrupt; a probe that no longer answers is left as it is."""
    with contextlib.suppress(GdbRemoteError, OSError, TimeoutError):
        gdb.halt()


def _watch(lines: queue.Queue[str | None], log: ConsoleLog, parser: StreamParser, launch: Launch,
           started: float) -> str | None:
    """Feeds the serial lines to the parser until the stream's last record, or the watchdog's reason. The
    silence counts from the core's start (loading through a probe takes its own time)."""
    last_output = time.monotonic()
    done = threading.Event()

    def on_record(record: Any) -> None:
        launch.on_record(record)
        if record.rtype in ("DONE", "FAULT"):  # the image's last record: it parks after either
            done.set()

    watched = dataclasses.replace(launch, on_record=on_record)
    reason = watch(lines, launch, started, "board", lambda line: take_line(line, log, parser, watched),
                   finished=done.is_set, last_output=last_output)
    return "the serial port closed" if reason == STREAM_ENDED else reason


def _exit_status(gdb: GdbRemote, build: Build) -> tuple[int | None, str | None]:
    """The status the image parked with (it stores it, then waits with interrupts masked), or why
    there is none: the probe stopped answering, or the image never parked."""
    address = symbols(build.elf, {EXIT_SYMBOL})[EXIT_SYMBOL]
    try:
        gdb.halt()
        for _ in range(20):
            value = int.from_bytes(gdb.read_memory(address, 4), "little")
            if value & EXITED:
                return value & ~EXITED, None
            gdb.resume()
            time.sleep(0.05)
            gdb.halt()
    except (GdbRemoteError, OSError, TimeoutError) as err:
        return None, f"the probe stopped answering after the last record: {err}"
    return None, "the image sent its last record but never reached its exit"


def describe(target: Target) -> dict[str, str]:
    board, link = target.spec["board"], target.spec["board_link"]
    memory = {name: f"0x{r['origin']:08x}+0x{r['length']:x}" for name, r in board.get("memory", {}).items()}
    return {"name": "board", "board": str(board["name"]), "board_file": str(board["file"]),
            "firmware": target.folder.name, "core": str(board["core"]), "clock_hz": str(board["clock_hz"]),
            "flash_wait_states": str(board.get("flash_wait_states", "")),
            "flash_accelerator": ",".join(board.get("flash_accelerator", [])),
            "uart": str(board.get("uart", {})), "memory": str(memory), "probe": str(board.get("probe", {})),
            "gdb": link["gdb"], "serial": link["serial"], "timing": str(board.get("timestamp", ""))}
