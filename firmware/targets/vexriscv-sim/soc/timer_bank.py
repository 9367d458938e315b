# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The hardware scheduler's timer bank: one down-counter per task slot, decremented on each
kernel tick; a counter reaching zero marks its slot expired, pulses `expire` (the priority
selector makes the slot ready) and raises the bank's interrupt until software acknowledges.

Registers (32-bit CSRs):
  load     write: [4:0] slot, [31:8] ticks (0 stops the slot's counter)
  tick     write: any value; one kernel tick for every running counter
  expired  read:  one bit per slot that expired and is not yet acknowledged (set on the
                  clock after the tick that expired it)
  ack      write: bits to clear in `expired`
An input `tick` lets a hardware timer drive the bank instead of the CSR."""
from __future__ import annotations

from litex.gen import LiteXModule
from litex.soc.interconnect.csr import AutoCSR, CSRStatus, CSRStorage
from litex.soc.interconnect.csr_eventmanager import EventManager, EventSourceLevel
from migen import Array, If, Signal

SLOTS = 32
COUNT_BITS = 24


class TimerBank(LiteXModule, AutoCSR):
    def __init__(self) -> None:
        self._load = CSRStorage(32, description="arm a slot: [4:0] slot, [31:8] ticks")
        self._tick = CSRStorage(1, description="write: one tick")
        self._expired = CSRStatus(SLOTS, description="expired slots, until acknowledged")
        self._ack = CSRStorage(SLOTS, description="write 1s: acknowledge these expiries")
        self.tick = Signal()       # a hardware tick source, or'ed with the CSR
        self.expire = Signal(SLOTS)  # one-clock pulses with the tick, to the priority selector
        self.ev = EventManager()
        self.ev.expiry = EventSourceLevel()
        self.ev.finalize()

        counters = Array(Signal(COUNT_BITS) for _ in range(SLOTS))
        self.counters = counters  # for the unit tests
        expired = self._expired.status
        step = Signal()
        self.comb += step.eq(self.tick | self._tick.re)
        load_slot = self._load.storage[0:5]
        for i in range(SLOTS):
            loading = self._load.re & (load_slot == i)
            # The expiry pulse is combinational, so `expired` holds it on the next clock: a read
            # issued after the tick's bus write has completed always sees that tick's expiries.
            self.comb += self.expire[i].eq(step & ~loading & (counters[i] == 1))
            self.sync += If(loading,
                counters[i].eq(self._load.storage[8:32]),
            ).Elif(step & (counters[i] != 0),
                counters[i].eq(counters[i] - 1),
            )
        self.sync += If(self._ack.re, expired.eq((expired | self.expire) & ~self._ack.storage)
                        ).Else(expired.eq(expired | self.expire))
        self.comb += self.ev.expiry.trigger.eq(expired != 0)
