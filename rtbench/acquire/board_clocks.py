# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A board family's clock tree: from the board file's clock (clock_hz, [clock] source), the
PLL's factors, the bus dividers, and the rates the drivers need (the timers' clock, the
console's bus clock). A clock the PLL cannot make is refused here, naming the key, before
anything is built."""
from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from typing import Any

from ..errors import RtbenchError

MHZ = 1_000_000


@dataclass(frozen=True)
class ClockTree:
    source: str  # machine (an emulator's fixed clock), hsi or hse
    pll: tuple[int, int, int, int] = (0, 0, 0, 0)  # M, N, P, Q (STM32F4)
    apb1_div: int = 1
    apb2_div: int = 1
    timer_hz: int = 0  # what the APB1 timers (TIM2..TIM5) count at
    apb1_hz: int = 0  # USART2's bus clock
    apb2_hz: int = 0  # USART1's bus clock


def _divider(clock: int, most: int) -> int:
    """The smallest bus divider (1, 2, 4, 8, 16) that keeps the bus at or below `most` Hz."""
    return next(div for div in (1, 2, 4, 8, 16) if clock / div <= most)


def stm32f4(board: dict[str, Any]) -> ClockTree:
    """STM32F4 (RM0368 / RM0090): the PLL's input (HSI 16 MHz or the HSE) divided by M to 2 MHz
    (else 1 MHz), times N into the VCO (192..432 MHz), divided by P (2, 4, 6, 8) into SYSCLK; APB1
    at most 42 MHz and APB2 84 MHz on every F4 part; the APB1 timers at twice APB1 when it is
    divided. Above 168 MHz the F446 needs its over-drive, which these drivers do not set up."""
    clock, settings = int(board["clock_hz"]), board.get("clock", {})
    source = str(settings.get("source", "hsi"))
    if source == "machine":
        hz = int(board.get("timers", {}).get("hz", 0))
        if not hz:
            raise RtbenchError(f"board file {board['file']}: [clock] source = \"machine\" needs timers.hz "
                               "(what the machine's timers count at)")
        return ClockTree("machine", timer_hz=hz, apb1_hz=clock, apb2_hz=clock)
    if clock > 168 * MHZ:
        raise RtbenchError(f"board file {board['file']}: clock_hz: {clock} Hz is above 168 MHz, which needs the "
                           "STM32F446's over-drive: board-stm32f4 does not set it up", "use at most 168000000")
    input_hz = 16 * MHZ if source == "hsi" else int(settings.get("hse_hz", 0))
    if source == "hse" and not 4 * MHZ <= input_hz <= 26 * MHZ:
        raise RtbenchError(f"board file {board['file']}: [clock] source = \"hse\" needs hse_hz, the crystal's or "
                           "the bypass clock's rate, 4..26 MHz", "e.g. hse_hz = 8000000")
    vco_in = next((rate for rate in (2 * MHZ, MHZ) if input_hz % rate == 0), 0)
    found = [(p, clock * p) for p in (2, 4, 6, 8) if vco_in and 192 * MHZ <= clock * p <= 432 * MHZ
             and clock * p % vco_in == 0]
    if not found:
        raise RtbenchError(f"board file {board['file']}: clock_hz: {clock} Hz cannot be made from "
                           f"{source.upper()} at {input_hz} Hz by the PLL",
                           "the VCO runs at 192..432 MHz in steps of 1 or 2 MHz, divided by 2, 4, 6 or 8: "
                           "e.g. 84000000, 100000000 or 168000000")
    p, vco = found[0]
    pll = (input_hz // vco_in, vco // vco_in, p, min(15, max(2, ceil(vco / (48 * MHZ)))))
    apb1, apb2 = _divider(clock, 42 * MHZ), _divider(clock, 84 * MHZ)
    timer_hz = clock if apb1 == 1 else 2 * clock // apb1
    return ClockTree(source, pll, apb1, apb2, timer_hz, clock // apb1, clock // apb2)


CLOCK_TREES = {"stm32f4": stm32f4}
