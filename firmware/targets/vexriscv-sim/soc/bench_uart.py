# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The benchmark UART: a byte transmitter of rtbench's own, with a line time but no pins (the
console is LiteX's UART). Writing `data` starts a character that occupies the line for
`char_cycles` cycles; when it has left, the transmitter raises its interrupt and latches the
cycle counter in `fired_at`, so the firmware knows exactly when the interrupt fired, in the
time base of its timestamps. A byte written while a character is still on the line is dropped
and sets `overrun` (status bit 1) until `char_cycles` is written again."""
from __future__ import annotations

from litex.gen import LiteXModule
from litex.soc.interconnect.csr import AutoCSR, CSRStatus, CSRStorage
from litex.soc.interconnect.csr_eventmanager import EventManager, EventSourcePulse
from migen import Cat, If, Signal

# A character: start bit, 8 data bits, stop bit.
BITS_PER_CHAR = 10


def char_cycles_for(clock_hz: int, baud: int) -> int:
    """Cycles one character occupies the line (at least 1), as the firmware computes them."""
    return max(1, BITS_PER_CHAR * clock_hz // baud)


class BenchUart(LiteXModule, AutoCSR):
    def __init__(self, count: Signal, char_cycles: int) -> None:
        self._data = CSRStorage(8, description="writing a byte sends it")
        self._char_cycles = CSRStorage(32, reset=char_cycles,
                                       description="cycles one character occupies the line (0 acts as 1); "
                                                   "writing clears overrun")
        self._fired_at = CSRStatus(32, description="the cycle count at which the last character had left")
        self._status = CSRStatus(2, description="bit 0: a character is on the line; bit 1: overrun, a "
                                                "byte was written while the line was busy (dropped)")
        self.ev = EventManager()
        self.ev.sent = EventSourcePulse(description="the character written last has left the line")
        self.ev.finalize()

        busy = Signal()
        overrun = Signal()
        remaining = Signal(32)
        last_cycle = Signal()
        self.comb += [
            last_cycle.eq(busy & (remaining <= 1)),
            self.ev.sent.trigger.eq(last_cycle),
            self._status.status.eq(Cat(busy, overrun)),
        ]
        self.sync += [
            If(busy,
                If(last_cycle,
                    busy.eq(0),
                    self._fired_at.status.eq(count),
                ).Else(
                    remaining.eq(remaining - 1),
                ),
            ).Elif(self._data.re,
                busy.eq(1),
                remaining.eq(self._char_cycles.storage),
            ),
            If(self._char_cycles.re,
                overrun.eq(0),
            ).Elif(busy & self._data.re,
                overrun.eq(1),
            ),
        ]
