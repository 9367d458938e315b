# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The co-designed kernel's per-task scheduler (freertos-codesign): SLOTS task slots, each
holding a task's priority, whether it is ready, its 32-bit TCB pointer and a tick down-counter
wired to it, and the choice of the task to run, combinational from the slots' registers, so a
read issued after any write (or tick) sees its effect.

Choice: the highest priority among ready slots; among equals, the one that has been ready
longest without being sent back, the running slot counting as behind its equals. A slot goes to
the back of its priority when it becomes ready (`ready`, or its counter expiring) and when the
CPU switches away from it while it stays ready (the `select` read that replaces it: a yield, a
preemption). That is FreeRTOS's own round robin (vListInsertEnd before the list's index,
listGET_OWNER_OF_NEXT_ENTRY stepping past the task switched away from). Because the running
slot counts as behind its equals, `top_tcb` names another task whenever an equal is ready: a
kernel that asks whether to preempt compares `top`'s priority with the running task's.
Slots made ready in the same clock (several counters expiring on one tick) queue in slot order.
The order is a 32-bit stamp per slot, taken from a counter of enqueues when the slot goes to the
back, compared modulo 2^32: it holds while no ready slot is passed over by 2^31 enqueues (weeks
of simulation; about six hours of a busy kernel at 100 MHz), and it keeps the choice to one
tree of 63 comparators over (ready, priority, running, stamp, slot) instead of a term per pair.

Registers (32-bit CSRs; slot numbers are 6 bits):
  tcb      write: a TCB pointer, bound to a slot by the next `bind`
  bind     write: [5:0] slot; the slot takes `tcb`, is not ready, its counter stops
  ready    write: [5:0] slot, [12:8] priority; the slot is ready at that priority, at the back
  leave    write: [5:0] slot; the slot is not ready and its counter stops
  prio     write: [5:0] slot, [12:8] priority (the slot's place in the order is kept)
  run      write: [5:0] slot; the slot is the running one (once, when the scheduler starts)
  delay    write: [5:0] slot, [31:8] ticks; the slot is not ready and its counter starts (0
           stops it); at zero the slot becomes ready (one store puts a task to sleep)
  tick     write: one tick for every running counter (or the `tick` input)
  top_tcb  read:  the chosen slot's TCB pointer (0 when no slot is ready)
  select   read:  the same, and the switch to it: the running slot goes to the back of its
           priority if it is still ready, and the chosen slot becomes the running one (the
           read latches the value of the clock before these take effect)
  top      read:  [5:0] slot, [12:8] priority, [31] a slot is ready"""
from __future__ import annotations

from litex.gen import LiteXModule
from litex.soc.interconnect.csr import AutoCSR, CSRStatus, CSRStorage
from migen import Array, C, Cat, If, Mux, Record, Signal

SLOTS = 64
SLOT_BITS = 6
PRIO_BITS = 5
COUNT_BITS = 24
_LEVEL = [("valid", 1), ("prio", PRIO_BITS), ("behind", 1), ("stamp", 32), ("slot", SLOT_BITS)]


class TaskScheduler(LiteXModule, AutoCSR):
    def __init__(self, slots: int = SLOTS) -> None:
        assert 2 <= slots <= 1 << SLOT_BITS
        self._tcb = CSRStorage(32, description="TCB pointer for the next bind")
        self._bind = CSRStorage(8, description="bind `tcb` to this slot (not ready, counter stopped)")
        self._ready = CSRStorage(16, description="[5:0] slot, [12:8] priority: ready, at the back")
        self._leave = CSRStorage(8, description="slot: not ready, counter stopped")
        self._prio = CSRStorage(16, description="[5:0] slot, [12:8] priority: set the priority")
        self._run = CSRStorage(8, description="slot: the running one (when the scheduler starts)")
        self._delay = CSRStorage(32, description="[5:0] slot, [31:8] ticks: start its counter")
        self._tick = CSRStorage(1, description="write: one tick")
        self._top_tcb = CSRStatus(32, description="TCB of the chosen slot, 0 if none is ready")
        self._top = CSRStatus(32, description="[5:0] slot, [12:8] priority, [31] valid")
        self._select = CSRStatus(32, description="read: top_tcb, and the switch to it (see above)")
        self.tick = Signal()  # a hardware tick source, or'ed with the CSR

        self.slots = slots
        prio = Array(Signal(PRIO_BITS, name=f"prio{i}") for i in range(slots))
        tcb = Array(Signal(32, name=f"tcb{i}") for i in range(slots))
        counter = Array(Signal(COUNT_BITS, name=f"count{i}") for i in range(slots))
        ready = Signal(slots)
        stamp = Array(Signal(32, name=f"stamp{i}") for i in range(slots))  # when it last went to the back
        next_stamp = Signal(32)
        running = Signal(SLOT_BITS)  # the slot the CPU runs, once `running_valid`
        running_valid = Signal()
        self.prio, self.tcb, self.counter, self.ready_bits, self.stamp = prio, tcb, counter, ready, stamp
        self.running, self.running_valid = running, running_valid

        def hits(csr: CSRStorage, i: int) -> Signal:
            return csr.re & (csr.storage[0:SLOT_BITS] == i)

        step = Signal()
        self.comb += step.eq(self.tick | self._tick.re)
        expire = Signal(slots)
        enqueue = Signal(slots)  # slots going to the back in this clock
        self.expire, self.enqueue = expire, enqueue
        switching = self._select.we  # the CPU's read of `select`
        chosen_slot = Signal(SLOT_BITS)
        chosen_valid = Signal()
        self.sync += If(self._run.re, running.eq(self._run.storage[0:SLOT_BITS]), running_valid.eq(1)
                        ).Elif(switching, running.eq(chosen_slot), running_valid.eq(chosen_valid))
        # Slots going to the back in the same clock share a stamp: the tree then takes the lower slot.
        self.sync += If(enqueue != 0, next_stamp.eq(next_stamp + 1))
        for i in range(slots):
            bound, readied, leaving = hits(self._bind, i), hits(self._ready, i), hits(self._leave, i)
            loading = hits(self._delay, i)
            self.comb += [
                expire[i].eq(step & ~loading & ~bound & ~leaving & (counter[i] == 1)),
                enqueue[i].eq(expire[i] | readied | (switching & running_valid & (running == i) & ready[i])),
            ]
            self.sync += [
                If(bound | leaving | loading, ready[i].eq(0)).Elif(readied | expire[i], ready[i].eq(1)),
                If(bound, tcb[i].eq(self._tcb.storage)),
                If(readied, prio[i].eq(self._ready.storage[8:8 + PRIO_BITS])
                   ).Elif(hits(self._prio, i), prio[i].eq(self._prio.storage[8:8 + PRIO_BITS])),
                If(bound | leaving, counter[i].eq(0)
                   ).Elif(loading, counter[i].eq(self._delay.storage[8:32])
                   ).Elif(step & (counter[i] != 0), counter[i].eq(counter[i] - 1)),
                If(enqueue[i], stamp[i].eq(next_stamp)),
            ]

        # The choice: a tree of comparators. Ready beats not ready, then the higher priority, then
        # a slot that is not the running one (the running slot counts as behind its equals), then
        # the older stamp, then (equal stamps: ready in the same clock) the lower slot.
        level = []
        for i in range(slots):
            leaf = Record(_LEVEL)
            self.comb += [leaf.valid.eq(ready[i]), leaf.prio.eq(prio[i]), leaf.stamp.eq(stamp[i]),
                          leaf.behind.eq(running_valid & (running == i)), leaf.slot.eq(i)]
            level.append(leaf)
        while len(level) > 1:
            nxt = []
            for k in range(0, len(level) - 1, 2):
                a, b, out = level[k], level[k + 1], Record(_LEVEL)
                b_older = Signal()
                self.comb += b_older.eq((b.stamp - a.stamp)[31])  # modulo 2^32: b went to the back first
                same_place = (b.prio == a.prio) & (b.behind == a.behind)
                take_b = b.valid & (~a.valid | (b.prio > a.prio) | ((b.prio == a.prio) & a.behind & ~b.behind)
                                    | (same_place & b_older))
                self.comb += [getattr(out, f).eq(Mux(take_b, getattr(b, f), getattr(a, f))) for f, _ in _LEVEL]
                nxt.append(out)
            if len(level) % 2:
                nxt.append(level[-1])
            level = nxt
        best = level[0]
        chosen_tcb = Signal(32)
        self.comb += [
            chosen_slot.eq(best.slot),
            chosen_valid.eq(best.valid),
            chosen_tcb.eq(Mux(best.valid, tcb[best.slot], 0)),
            self._top_tcb.status.eq(chosen_tcb),
            self._select.status.eq(chosen_tcb),
            self._top.status.eq(Cat(best.slot, C(0, 8 - SLOT_BITS), best.prio, C(0, 31 - 8 - PRIO_BITS), best.valid)),
        ]
