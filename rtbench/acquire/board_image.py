# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""What a board file asks of its family's image: the clock tree, the flash's wait states and
accelerator, the timers and the console the drivers use, and the memory map the image is linked
for, as RTB_BOARD_* definitions (firmware/targets/board-<family>/include/rtb_board_values.h).
Every choice is checked against what the family's drivers offer (its target.toml [family]),
naming the board file's key, before anything is built."""
from __future__ import annotations

from typing import Any

from ..errors import RtbenchError
from .board_clocks import CLOCK_TREES, ClockTree
from .boards import BOARD_DEFINE, load_board
from .platforms import Target

UNITS = ("cycles", "instructions")
TIMER_MODELS = ("silicon", "qemu-7.2")


def image_defines(target: Target) -> tuple[str, ...]:
    """The definitions an image for this target needs beyond the run's own: none off a board; on
    a board, the board host (command line and exit through the probe) and, for a board family,
    the board file's values (the family's default board when the target was named directly)."""
    if target.runner != "board":
        return ()
    family = target.spec.get("family")
    if not family:
        return (BOARD_DEFINE,)  # another target's image on a stand-in (qemu-m4f on mps2-an386)
    board = target.spec.get("board")
    if board is None:
        path, spec = load_board(str(family["default"]))
        board = {**spec, "file": str(path)}
    values = family_values(target.folder.name, family, board)
    return (BOARD_DEFINE, *(f"RTB_BOARD_{key}={value}" for key, value in values.items()))


def _refuse(board: dict[str, Any], key: str, problem: str, hint: str = "") -> RtbenchError:
    return RtbenchError(f"board file {board['file']}: {key}: {problem}", hint)


def _one_of(board: dict[str, Any], key: str, value: str, offered: list[str], family: str) -> str:
    if value not in offered:
        raise _refuse(board, key, f"{value!r} is not one of the {family} drivers' ({', '.join(offered)})")
    return value


def _timer_number(name: str) -> int:
    return 0 if name == "DWT" else int(name.removeprefix("TIM"))


def family_values(name: str, family: dict[str, Any], board: dict[str, Any]) -> dict[str, int | str]:
    """The RTB_BOARD_* values (without the prefix) of `board` for the family `name`."""
    tree = CLOCK_TREES[str(family["clock_tree"])](board)
    timers = board.get("timers", {})
    timestamp = _one_of(board, "timers.timestamp", str(timers.get("timestamp", "DWT")), family["timestamps"], name)
    interrupt = _one_of(board, "timers.interrupt", str(timers.get("interrupt", family["interrupts"][0])),
                        family["interrupts"], name)
    if interrupt == timestamp:
        raise _refuse(board, "timers.interrupt", f"{interrupt} is the timestamp counter too",
                      "the benchmark interrupt needs a timer of its own")
    console = _one_of(board, "uart.peripheral", str(board.get("uart", {}).get("peripheral", "")),
                      family["consoles"], name)
    accelerator = board.get("flash_accelerator", [])
    for feature in accelerator:
        _one_of(board, "flash_accelerator", feature, family["accelerator"], name)
    unit = _one_of(board, "unit", str(board["unit"]), list(UNITS), name)
    model = str(timers.get("model", "silicon"))
    num, den = timers.get("scale", [1, 1])
    ts_hz = int(board["clock_hz"]) if timestamp == "DWT" else tree.timer_hz
    _check_rates(board, model, timestamp, ts_hz, tree, num)
    return {"CLOCK_HZ": int(board["clock_hz"]), **_clock_values(board, tree),
            "FLASH_WS": int(board.get("flash_wait_states", 0)),
            **{f"FLASH_{f.upper()}": int(f in accelerator) for f in family["accelerator"]},
            "TS_TIMER": _timer_number(timestamp), "TS_HZ": ts_hz, "TS_NUM": num, "TS_DEN": den,
            "TS_INSTRUCTIONS": int(unit == "instructions"), "IRQ_TIMER": _timer_number(interrupt),
            "TIMER_HZ": tree.timer_hz, "TIMER_MODEL": TIMER_MODELS.index(model),
            "CONSOLE": int(console.removeprefix("USART")), "BAUD": int(board.get("uart", {}).get("baud", 115200)),
            "CONSOLE_HZ": tree.apb2_hz if console == "USART1" else tree.apb1_hz,
            **_capacity_values(family, board), **_memory_values(board)}


def _capacity_values(family: dict[str, Any], board: dict[str, Any]) -> dict[str, int]:
    """The sample buffer, and fewer or smaller task stacks than the catalogue's 40 of 512 words
    where the board file says so."""
    capacity = board.get("capacity", {})
    values = {"SAMPLES": int(capacity.get("samples", family.get("samples", 2048)))}
    if "tasks" in capacity:
        values["MAX_TASKS"] = int(capacity["tasks"])
    if "stack_words" in capacity:
        values["TASK_STACK_WORDS"] = int(capacity["stack_words"])
    return values


def _clock_values(board: dict[str, Any], tree: ClockTree) -> dict[str, int]:
    m, n, p, q = tree.pll
    return {"CLOCK_SOURCE": ("machine", "hsi", "hse").index(tree.source),
            "HSE_BYPASS": int(bool(board.get("clock", {}).get("hse_bypass", False))),
            "PLL_M": m, "PLL_N": n, "PLL_P": p, "PLL_Q": q, "APB1_DIV": tree.apb1_div, "APB2_DIV": tree.apb2_div}


def _check_rates(board: dict[str, Any], model: str, timestamp: str, ts_hz: int, tree: ClockTree, num: int) -> None:
    if model == "qemu-7.2":
        if timestamp == "DWT" or num != 1:
            raise _refuse(board, "timers.model", "\"qemu-7.2\" takes its timestamps from a TIM (QEMU has no DWT), "
                          "at a scale of [1, ns per instruction]")
    elif ts_hz % tree.timer_hz:
        raise _refuse(board, "timers.timestamp", f"{timestamp} counts at {ts_hz} Hz, not a whole multiple of the "
                      f"timers' {tree.timer_hz} Hz")


def _memory_values(board: dict[str, Any]) -> dict[str, str]:
    """The regions the image is linked into: the board's flash (code) and RAM."""
    memory = board["memory"]
    for region in ("flash", "ram"):
        if region not in memory:
            raise _refuse(board, "memory", f"a board family's image needs a {region} region",
                          "e.g. flash = { origin = 0x08000000, length = 0x80000 } and "
                          "ram = { origin = 0x20000000, length = 0x18000 }")
    return {f"{kind}_{bound.upper()}": f"0x{memory[region][bound]:x}"
            for kind, region in (("CODE", "flash"), ("RAM", "ram")) for bound in ("origin", "length")}
