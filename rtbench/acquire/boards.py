# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Real boards (`--target board --board <file>`): a board file says what the board is (core,
clock, flash wait states, UART, memory map, probe) and which firmware target folder holds its
drivers; the run builds that folder's image for the board and the board runner loads it
through the probe's GDB server and reads the stream from the serial port."""
from __future__ import annotations

import json
import re
import socket
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ..errors import RtbenchError
from ..paths import firmware_dir
from ..suggest import unknown_hint
from .gdb_remote import parse_address
from .platforms import Target, find_target

REQUIRED = ("name", "core", "clock_hz", "firmware", "unit")
# The image-wide definition that swaps semihosting for the probe's command-line block.
BOARD_DEFINE = "RTB_BOARD_HOST"


def boards_dir() -> Path:
    return firmware_dir() / "boards"


def known_boards() -> list[str]:
    return sorted(p.stem for p in boards_dir().glob("*.toml"))


def load_board(text: str) -> tuple[Path, dict[str, Any]]:
    """A board file by path, or by name from the shipped ones, checked whole: every key known,
    every value of its type and in its range, so a run never ends in a traceback over one."""
    path = Path(text)
    if not path.exists() and not text.endswith(".toml"):
        path = boards_dir() / f"{text}.toml"
    try:
        spec = tomllib.loads(path.read_text())
    except FileNotFoundError:
        raise RtbenchError(f"no board file {text!r}", unknown_hint(text, known_boards(), "shipped boards")) from None
    except (OSError, UnicodeDecodeError) as err:
        raise RtbenchError(f"cannot read the board file {path}: {getattr(err, 'strerror', None) or err}") from None
    except tomllib.TOMLDecodeError as err:
        raise RtbenchError(f"{path} is not valid TOML: {err}") from None
    hint = f"see {boards_dir() / 'nucleo-f401re.toml'} for every field"
    missing = [key for key in REQUIRED if key not in spec]
    if missing:
        raise RtbenchError(f"board file {path} lacks {', '.join(missing)}", hint)
    memory = spec.get("memory")
    if not isinstance(memory, dict) or not memory:
        raise RtbenchError(f"board file {path} has no [memory] regions",
                           "e.g. flash = { origin = 0x08000000, length = 0x80000 }")
    problem = next(_problems(spec), None)
    if problem:
        raise RtbenchError(f"board file {path}: {problem}", hint)
    return path, spec


# -- checking a board file -----------------------------------------------------------------------

Check = Callable[[Any], str | None]  # a value -> what is wrong with it, or None

_ADDRESS_SPACE = 2**32  # the cores rtbench's boards have are 32-bit
# The reset commands of the GDB servers the boards name (OpenOCD, pyOCD; QEMU's gdbstub for the
# stand-in): a command the server does not know would only fail once the probe is connected.
MONITOR_COMMANDS = ("reset", "reset halt", "reset init", "halt", "system_reset")
# QEMU's snapshot of its machine at power-on (a stand-in board): `loadvm TAG` restores it,
# virtual clock and all, as a power cycle would.
SNAPSHOT_COMMAND = re.compile(r"loadvm [A-Za-z0-9_.-]+")


def _shown(value: Any) -> str:
    if isinstance(value, dict | list):
        return "a table" if isinstance(value, dict) else "a list"
    return json.dumps(value, default=str)  # TOML's scalars (a date as its text)


def _text(value: Any) -> str | None:
    return None if isinstance(value, str) and value.strip() else f"{_shown(value)} must be a non-empty string"


def _whole(low: int, high: int, unit: str) -> Check:
    def check(value: Any) -> str | None:
        if type(value) is not int:  # bool is an int to Python, not to a board file
            return f"{_shown(value)} must be a whole number of {unit}"
        return None if low <= value <= high else f"{value} is outside {low}..{high} {unit}"
    return check


def _folder(value: Any) -> str | None:
    if not isinstance(value, str) or not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", value):
        return f"{_shown(value)} must name a folder of firmware/targets, e.g. \"qemu-m4f\""
    return None


def _gdb(value: Any) -> str | None:
    if problem := _text(value):
        return problem
    try:
        parse_address(value)
    except RtbenchError:
        return f"{_shown(value)} is not host:port, e.g. \"localhost:3333\""
    return None


def _reset(value: Any) -> str | None:
    if not isinstance(value, list):
        return f"{_shown(value)} must be a list of monitor commands, e.g. [\"reset halt\"]"
    for command in value:
        if command not in MONITOR_COMMANDS and not (isinstance(command, str) and SNAPSHOT_COMMAND.fullmatch(command)):
            return (f"{_shown(command)} is not a monitor command rtbench knows "
                    f"({', '.join(MONITOR_COMMANDS)}, loadvm TAG)")
    return None


def _choice(*choices: str) -> Check:
    def check(value: Any) -> str | None:
        return None if value in choices else f"{_shown(value)} must be one of {', '.join(choices)}"
    return check


def _flag(value: Any) -> str | None:
    return None if isinstance(value, bool) else f"{_shown(value)} must be true or false"


def _names(value: Any) -> str | None:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        return f"{_shown(value)} must be a list of names, e.g. [\"prefetch\", \"icache\"]"
    return None


def _command(value: Any) -> str | None:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
        return "must be a list of non-empty strings, e.g. [\"qemu-system-arm\", \"-machine\", ...]"
    return None


def _scale(value: Any) -> str | None:
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int and v > 0 for v in value)):
        return (f"{json.dumps(value, default=str)} is not [numerator, denominator], two whole numbers above 0, "
                "e.g. [1, 128]")
    return None


def _notes(value: Any) -> str | None:
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        return "must be a table of unit = \"what it means on this board\""
    return None


_TOP: dict[str, Check] = {
    "name": _text, "core": _text, "firmware": _folder, "unit": _text, "timestamp": _text,
    "clock_hz": _whole(1, 10**10, "Hz"), "flash_wait_states": _whole(0, 64, "wait states"), "unit_notes": _notes,
    "flash_accelerator": _names,
}
_TABLES: dict[str, dict[str, Check]] = {
    "uart": {"peripheral": _text, "baud": _whole(50, 20_000_000, "baud")},
    "probe": {"server": _text, "alternatives": _command, "gdb": _gdb, "reset": _reset,
              "load": _choice("vflash", "memory")},
    # The clock's source: an oscillator through the PLL, or the machine's fixed clock (an emulator).
    "clock": {"source": _choice("hsi", "hse", "machine"), "hse_hz": _whole(1, 10**9, "Hz"), "hse_bypass": _flag},
    # Which of the family's timers the drivers use, and how they count.
    "timers": {"timestamp": _text, "interrupt": _text, "model": _choice("silicon", "qemu-7.2"),
               "hz": _whole(1, 10**10, "Hz"), "scale": _scale},
    # Room for the catalogue where the RAM is small: task slots and stack per task for every
    # kernel alike, and samples buffered before they are sent (default: the family's).
    "capacity": {"tasks": _whole(8, 40, "tasks"), "stack_words": _whole(128, 4096, "words"),
                 "samples": _whole(256, 65536, "samples")},
    # An emulator standing in for the board (rtbench/acquire/stand_in.py): its command, and the
    # snapshot of its machine at power-on that the reset restores.
    "stand_in": {"qemu": _command, "snapshot": _text, "serial": _whole(0, 7, "serial ports")},
}


def _unknown(keys: Any, known: Any, where: str) -> str | None:
    extra = [key for key in keys if key not in known]
    return f"unknown key {where}{extra[0]} (known: {', '.join(known)})" if extra else None


def _region(name: str, bounds: Any) -> str | None:
    if not isinstance(bounds, dict) or not all(type(bounds.get(k)) is int for k in ("origin", "length")):
        return f"memory.{name} needs integer origin and length"
    origin, length = bounds["origin"], bounds["length"]
    if origin < 0 or length < 1 or origin + length > _ADDRESS_SPACE:
        return f"memory.{name} (origin {origin:#x}, length {length:#x}) is outside the 32-bit address space"
    return _unknown(bounds, ("origin", "length"), f"memory.{name}.")


def _problems(spec: dict[str, Any]) -> Iterator[str]:
    """What is wrong in a parsed board file that has its required keys and a [memory] table."""
    if unknown := _unknown(spec, (*_TOP, *_TABLES, "memory"), ""):
        yield unknown
    for key, check in _TOP.items():
        if key in spec and (problem := check(spec[key])):
            yield f"{key}: {problem}"
    for table, fields in _TABLES.items():
        values = spec.get(table, {})
        if not isinstance(values, dict):
            yield f"{table} must be a table ([{table}])"
            continue
        if unknown := _unknown(values, fields, f"{table}."):
            yield unknown
        for key, check in fields.items():
            if key in values and (problem := check(values[key])):
                yield f"{table}.{key}: {problem}"
    for name, bounds in spec["memory"].items():
        if problem := _region(name, bounds):
            yield problem


def board_target(board_text: str, serial: str | None, gdb: str | None) -> Target:
    """The target a board run builds and runs: the board's firmware folder, run by the board runner."""
    if not serial or not gdb:
        raise RtbenchError("--target board needs --board, --serial and --gdb",
                           "e.g. --board nucleo-f401re --serial /dev/ttyACM0 --gdb localhost:3333")
    parse_address(gdb)  # a malformed address is refused before anything is built
    if not Path(serial).exists():
        raise RtbenchError(f"no serial port {serial}",
                           "the board's USB serial device, e.g. /dev/ttyACM0 or /dev/ttyUSB0")
    path, board = load_board(board_text)
    folder = firmware_dir() / "targets" / str(board["firmware"])
    if not (folder / "target.toml").exists():
        raise RtbenchError(f"board {board['name']} needs the firmware target {board['firmware']!r} (its drivers), "
                           "which rtbench does not have yet",
                           f"boards with firmware: {', '.join(b for b in known_boards() if _has_firmware(b))}")
    base = find_target(folder.name)
    if base.arch != board["core"]:
        raise RtbenchError(f"board {board['name']} has a {board['core']} core but {folder.name} builds for {base.arch}")
    spec = {**base.spec, "runner": "board", "unit": board["unit"],
            "summary": f"{board['name']} through a debug probe and a serial port",
            "board": {**board, "file": str(path)}, "board_link": {"serial": serial, "gdb": gdb},
            "unit_notes": {**base.spec.get("unit_notes", {}), **board.get("unit_notes", {})}}
    return Target("board", folder, spec)


def _has_firmware(name: str) -> bool:
    _, board = load_board(name)
    return (firmware_dir() / "targets" / str(board["firmware"]) / "target.toml").exists()


def probe_hint(board: dict[str, Any]) -> str:
    """What to start when the board's GDB server does not answer: its command from the board file."""
    server = board.get("probe", {}).get("server")
    others = board.get("probe", {}).get("alternatives", [])
    if not server:
        return "start the probe's GDB server first (openocd, pyocd gdbserver, probe-rs gdb)"
    return f"start {board['name']}'s probe server first: {server}" + (f" (or: {'; '.join(others)})" if others else "")


def check_probe(target: Target) -> None:
    """Before anything is built: the GDB server must answer at --gdb."""
    board, address = target.spec["board"], target.spec["board_link"]["gdb"]
    host, port = parse_address(address)
    try:
        socket.create_connection((host, port), timeout=5).close()
    except OSError as err:
        raise RtbenchError(f"no GDB server answers at {host}:{port} for {board['name']}: {err.strerror or err}",
                           probe_hint(board)) from None
