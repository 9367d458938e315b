# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The co-designed kernel's per-task scheduler (freertos-codesign): SLOTS task slots, each
holding a task's priority, whether it is ready, its 32-bit TCB pointer and a tick down-counter
wired to it, and the choice of the task to run, combinational from the slots' registers, so a
read issued after any write (or tick) sees its effect.

Choice: the highest priority among ready slots; among equals, the one that has been ready
longest without being sent back. A slot goes to the back of its priority when it becomes ready
(`ready`, or its counter expiring) and when the CPU switches away from it while it stays ready
(`requeue`: a yield, a preemption). That is FreeRTOS's own round robin (vListInsertEnd before
the list's index, listGET_OWNER_OF_NEXT_ENTRY stepping past the task switched away from).
Slots made ready in the same clock (several counters expiring on one tick) queue in slot order.
The order is kept as one bit per pair of slots ("i is ahead of j"), so it never wraps.

Registers (32-bit CSRs; slot numbers are 6 bits):
  tcb      write: a TCB pointer, bound to a slot by the next `bind`
  bind     write: [5:0] slot; the slot takes `tcb`, is not ready, its counter stops
  ready    write: [5:0] slot, [12:8] priority; the slot is ready at that priority, at the back
  leave    write: [5:0] slot; the slot is not ready and its counter stops
  prio     write: [5:0] slot, [12:8] priority (the slot's place in the order is kept)
  requeue  write: [5:0] slot; if the slot is ready it goes to the back of its priority
  delay    write: [5:0] slot, [31:8] ticks; the slot is not ready and its counter starts (0
           stops it); at zero the slot becomes ready (one store puts a task to sleep)
  tick     write: one tick for every running counter (or the `tick` input)
  top_tcb  read:  the chosen slot's TCB pointer (0 when no slot is ready)
  top      read:  [5:0] slot, [12:8] priority, [31] a slot is ready"""
from __future__ import annotations

from litex.gen import LiteXModule
from litex.soc.interconnect.csr import AutoCSR, CSRStatus, CSRStorage
from migen import Array, C, Cat, If, Mux, Record, Signal

SLOTS = 64
SLOT_BITS = 6
PRIO_BITS = 5
COUNT_BITS = 24
_LEVEL = [("valid", 1), ("prio", PRIO_BITS)]


class TaskScheduler(LiteXModule, AutoCSR):
    def __init__(self, slots: int = SLOTS) -> None:
        assert 2 <= slots <= 1 << SLOT_BITS
        self._tcb = CSRStorage(32, description="TCB pointer for the next bind")
        self._bind = CSRStorage(8, description="bind `tcb` to this slot (not ready, counter stopped)")
        self._ready = CSRStorage(16, description="[5:0] slot, [12:8] priority: ready, at the back")
        self._leave = CSRStorage(8, description="slot: not ready, counter stopped")
        self._prio = CSRStorage(16, description="[5:0] slot, [12:8] priority: set the priority")
        self._requeue = CSRStorage(8, description="slot: to the back of its priority if ready")
        self._delay = CSRStorage(32, description="[5:0] slot, [31:8] ticks: start its counter")
        self._tick = CSRStorage(1, description="write: one tick")
        self._top_tcb = CSRStatus(32, description="TCB of the chosen slot, 0 if none is ready")
        self._top = CSRStatus(32, description="[5:0] slot, [12:8] priority, [31] valid")
        self.tick = Signal()  # a hardware tick source, or'ed with the CSR

        self.slots = slots
        prio = Array(Signal(PRIO_BITS, name=f"prio{i}") for i in range(slots))
        tcb = Array(Signal(32, name=f"tcb{i}") for i in range(slots))
        counter = Array(Signal(COUNT_BITS, name=f"count{i}") for i in range(slots))
        ready = Signal(slots)
        # ahead[(i, j)], i < j: slot i is ahead of slot j among slots of equal priority.
        ahead = {(i, j): Signal(name=f"ahead_{i}_{j}") for i in range(slots) for j in range(i + 1, slots)}
        self.prio, self.tcb, self.counter, self.ready_bits, self.ahead = prio, tcb, counter, ready, ahead

        def hits(csr: CSRStorage, i: int) -> Signal:
            return csr.re & (csr.storage[0:SLOT_BITS] == i)

        step = Signal()
        self.comb += step.eq(self.tick | self._tick.re)
        expire = Signal(slots)
        enqueue = Signal(slots)  # slots going to the back in this clock
        self.expire, self.enqueue = expire, enqueue
        for i in range(slots):
            bound, readied, leaving = hits(self._bind, i), hits(self._ready, i), hits(self._leave, i)
            loading = hits(self._delay, i)
            self.comb += [
                expire[i].eq(step & ~loading & ~bound & ~leaving & (counter[i] == 1)),
                enqueue[i].eq(expire[i] | readied | (hits(self._requeue, i) & ready[i])),
            ]
            self.sync += [
                If(bound | leaving | loading, ready[i].eq(0)).Elif(readied | expire[i], ready[i].eq(1)),
                If(bound, tcb[i].eq(self._tcb.storage)),
                If(readied, prio[i].eq(self._ready.storage[8:8 + PRIO_BITS])
                   ).Elif(hits(self._prio, i), prio[i].eq(self._prio.storage[8:8 + PRIO_BITS])),
                If(bound | leaving, counter[i].eq(0)
                   ).Elif(loading, counter[i].eq(self._delay.storage[8:32])
                   ).Elif(step & (counter[i] != 0), counter[i].eq(counter[i] - 1)),
            ]
        for (i, j), bit in ahead.items():
            # Both to the back at once: the lower slot first. One alone: it goes behind the other.
            self.sync += If(enqueue[i] & enqueue[j], bit.eq(1)).Elif(enqueue[i], bit.eq(0)).Elif(enqueue[j], bit.eq(1))

        # The highest ready priority: a tree of comparators over (ready, priority).
        level = []
        for i in range(slots):
            leaf = Record(_LEVEL)
            self.comb += [leaf.valid.eq(ready[i]), leaf.prio.eq(prio[i])]
            level.append(leaf)
        while len(level) > 1:
            nxt = []
            for k in range(0, len(level) - 1, 2):
                a, b, out = level[k], level[k + 1], Record(_LEVEL)
                take_b = b.valid & (~a.valid | (b.prio > a.prio))
                self.comb += [out.valid.eq(Mux(take_b, 1, a.valid)), out.prio.eq(Mux(take_b, b.prio, a.prio))]
                nxt.append(out)
            if len(level) % 2:
                nxt.append(level[-1])
            level = nxt
        best = level[0]
        # Candidates at that priority; the winner is the one no other candidate is ahead of.
        candidate = Signal(slots)
        winner = Signal(slots)
        self.comb += [candidate[i].eq(ready[i] & (prio[i] == best.prio)) for i in range(slots)]
        for i in range(slots):
            beaten = [candidate[j] & (ahead[(j, i)] if j < i else ~ahead[(i, j)]) for j in range(slots) if j != i]
            nobody = ~_any(beaten)
            self.comb += winner[i].eq(candidate[i] & nobody)
        chosen_tcb = _one_hot_mux(winner, [tcb[i] for i in range(slots)], 32)
        chosen_slot = _one_hot_mux(winner, [C(i, SLOT_BITS) for i in range(slots)], SLOT_BITS)
        self.comb += [
            self._top_tcb.status.eq(chosen_tcb),
            self._top.status.eq(Cat(chosen_slot, C(0, 8 - SLOT_BITS), best.prio, C(0, 31 - 8 - PRIO_BITS), best.valid)),
        ]


def _any(terms: list) -> Signal:
    out = terms[0]
    for term in terms[1:]:
        out = out | term
    return out


def _one_hot_mux(select: Signal, values: list, width: int):
    """OR of the values whose select bit is set (one is, or none: 0), as a balanced tree."""
    terms = [Mux(select[i], value, C(0, width)) for i, value in enumerate(values)]
    while len(terms) > 1:
        terms = [terms[k] | terms[k + 1] if k + 1 < len(terms) else terms[k] for k in range(0, len(terms), 2)]
    return terms[0]
