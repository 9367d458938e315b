# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The benchmark interrupt: a one-shot compare timer on the cycle counter. Software writes an
absolute cycle value to `compare` (arming it); when the counter reaches it the timer latches
the counter in `fired_at` and raises its interrupt, so the firmware knows exactly when the
interrupt fired, in the same time base as its timestamps."""
from __future__ import annotations

from litex.gen import LiteXModule
from litex.soc.interconnect.csr import AutoCSR, CSRStatus, CSRStorage
from litex.soc.interconnect.csr_eventmanager import EventManager, EventSourcePulse
from migen import If, Signal


class IrqTimer(LiteXModule, AutoCSR):
    def __init__(self, count: Signal) -> None:
        self._compare = CSRStorage(32, description="absolute cycle count to fire at; writing arms")
        self._fired_at = CSRStatus(32, description="the cycle count at which the timer fired")
        self.ev = EventManager()
        self.ev.fire = EventSourcePulse()
        self.ev.finalize()

        armed = Signal()
        due = Signal()
        # Signed distance: a compare value already in the past fires at once.
        self.comb += due.eq((count - self._compare.storage)[31] == 0)
        self.sync += [
            If(self._compare.re,
                armed.eq(1),
            ).Elif(armed & due,
                armed.eq(0),
                self._fired_at.status.eq(count),
            ),
        ]
        self.comb += self.ev.fire.trigger.eq(armed & due & ~self._compare.re)
