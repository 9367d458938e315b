# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The hardware scheduler's priority selector: SLOTS task slots, each holding a priority, a
state (ready, blocked, suspended) and an id, and a binary tree of comparators that yields the
highest-priority ready slot, registered, one clock after any change. Ties go to the lower slot.

Registers (32-bit CSRs):
  slot_cfg  write: [4:0] slot, [12:8] priority, [17:16] state, [31:24] id
  ready     write: a slot number; that slot becomes ready
  block     write: a slot number; that slot becomes blocked
  top       read:  [4:0] priority, [12:8] slot, [23:16] id, [31] a slot is ready
  wake_en   write: one bit per slot that a timer-bank expiry may make ready (reset: none, so
            a kernel that maps slots to something other than timers is never woken behind
            its back)

At reset slot i holds priority i, id i and is blocked, so a kernel that maps one slot to each
priority level (freertos-hw) needs no configuration."""
from __future__ import annotations

from litex.gen import LiteXModule
from litex.soc.interconnect.csr import AutoCSR, CSRStatus, CSRStorage
from migen import Array, C, Cat, If, Mux, Record, Signal

SLOTS = 32
PRIO_BITS = 5
ID_BITS = 8
BLOCKED, READY, SUSPENDED = 0, 1, 2
_CANDIDATE = [("valid", 1), ("prio", PRIO_BITS), ("slot", 5), ("id", ID_BITS)]


def _better(a: Record, b: Record, out: Record) -> list:
    """out = a unless b is ready with a strictly higher priority (ties keep a, the lower slot)."""
    take_b = b.valid & (~a.valid | (b.prio > a.prio))
    return [getattr(out, name).eq(Mux(take_b, getattr(b, name), getattr(a, name))) for name, _ in _CANDIDATE]


class PrioritySelector(LiteXModule, AutoCSR):
    def __init__(self) -> None:
        self._slot_cfg = CSRStorage(32, description="configure a slot: slot, priority, state, id")
        self._ready = CSRStorage(8, description="slot number to make ready")
        self._block = CSRStorage(8, description="slot number to make blocked")
        self._top = CSRStatus(32, description="highest-priority ready slot: prio, slot, id, valid")
        self._wake_en = CSRStorage(SLOTS, description="slots that timer-bank expiries make ready")
        # Timer-bank expiries (one bit per slot) make enabled slots ready in the same clock.
        self.wake = Signal(SLOTS)

        prio = Array(Signal(PRIO_BITS, reset=i % (1 << PRIO_BITS)) for i in range(SLOTS))
        state = Array(Signal(2, reset=BLOCKED) for _ in range(SLOTS))
        ident = Array(Signal(ID_BITS, reset=i) for i in range(SLOTS))
        self.prio, self.state, self.ident = prio, state, ident  # for the unit tests

        cfg = self._slot_cfg.storage
        for i in range(SLOTS):
            self.sync += If(self.wake[i] & self._wake_en.storage[i], state[i].eq(READY))
        self.sync += [
            If(self._slot_cfg.re,
                prio[cfg[0:5]].eq(cfg[8:13]),
                state[cfg[0:5]].eq(cfg[16:18]),
                ident[cfg[0:5]].eq(cfg[24:32]),
            ),
            If(self._ready.re, state[self._ready.storage[0:5]].eq(READY)),
            If(self._block.re, state[self._block.storage[0:5]].eq(BLOCKED)),
        ]

        level = []
        for i in range(SLOTS):
            leaf = Record(_CANDIDATE)
            self.comb += [leaf.valid.eq(state[i] == READY), leaf.prio.eq(prio[i]), leaf.slot.eq(i),
                          leaf.id.eq(ident[i])]
            level.append(leaf)
        while len(level) > 1:  # log2(SLOTS) levels of comparators
            nxt = []
            for a, b in zip(level[0::2], level[1::2]):
                out = Record(_CANDIDATE)
                self.comb += _better(a, b, out)
                nxt.append(out)
            level = nxt
        best = level[0]
        self.sync += self._top.status.eq(Cat(best.prio, C(0, 3), best.slot, C(0, 3), best.id,
                                             C(0, 7), best.valid))
