# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Real boards (`--target board --board <file>`): a board file says what the board is (core,
clock, flash wait states, UART, memory map, probe) and which firmware target folder holds its
drivers; the run builds that folder's image for the board and the board runner loads it
through the probe's GDB server and reads the stream from the serial port."""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from ..errors import RtbenchError
from ..paths import firmware_dir
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
    """A board file by path, or by name from the shipped ones."""
    path = Path(text)
    if not path.exists() and not text.endswith(".toml"):
        path = boards_dir() / f"{text}.toml"
    try:
        spec = tomllib.loads(path.read_text())
    except FileNotFoundError:
        raise RtbenchError(f"no board file {text!r}", "shipped boards: " + ", ".join(known_boards())) from None
    except tomllib.TOMLDecodeError as err:
        raise RtbenchError(f"{path} is not valid TOML: {err}") from None
    missing = [key for key in REQUIRED if key not in spec]
    if missing:
        raise RtbenchError(f"board file {path} lacks {', '.join(missing)}",
                           f"see {boards_dir() / 'nucleo-f401re.toml'} for every field")
    memory = spec.get("memory")
    if not isinstance(memory, dict) or not memory:
        raise RtbenchError(f"board file {path} has no [memory] regions",
                           "e.g. flash = { origin = 0x08000000, length = 0x80000 }")
    for region, bounds in memory.items():
        if not isinstance(bounds, dict) or not all(isinstance(bounds.get(k), int) for k in ("origin", "length")):
            raise RtbenchError(f"board file {path}: memory.{region} needs integer origin and length")
    return path, spec


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
