# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The co-designed kernel's per-task scheduler (soc/task_scheduler.py) in Migen's simulator,
against a software model of the policy it documents: highest ready priority, FIFO among equals,
back of the queue on becoming ready or on being switched away from (the `select` read), the
running slot counting as behind its equals, per-slot counters that make their slot ready on
expiry."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pytest.importorskip("migen")
pytest.importorskip("litex")
from migen.sim import run_simulation

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "firmware/targets/vexriscv-sim/soc"))
from task_scheduler import SLOTS, TaskScheduler


class Model:
    """The documented policy, written plainly: one queue of ready-order over all slots."""

    def __init__(self, slots: int) -> None:
        self.prio = [0] * slots
        self.ready = [False] * slots
        self.tcb = [0] * slots
        self.counter = [0] * slots
        self.order: list[int] = []  # front first
        self.running: int | None = None

    def enqueue(self, slots: list[int]) -> None:
        for slot in slots:
            if slot in self.order:
                self.order.remove(slot)
        self.order += sorted(slots)

    def bind(self, slot: int, tcb: int) -> None:
        self.tcb[slot], self.ready[slot], self.counter[slot] = tcb, False, 0

    def make_ready(self, slot: int, prio: int) -> None:
        self.prio[slot], self.ready[slot] = prio, True
        self.enqueue([slot])

    def leave(self, slot: int) -> None:
        self.ready[slot], self.counter[slot] = False, 0

    def select(self) -> dict[str, int]:
        """The switch: the choice, the running slot to the back if still ready, the choice runs."""
        chosen = self.top()
        if self.running is not None and self.ready[self.running]:
            self.enqueue([self.running])
        self.running = chosen.get("slot")
        return chosen

    def tick(self) -> None:
        expired = []
        for slot, count in enumerate(self.counter):
            if count:
                self.counter[slot] = count - 1
                if count == 1:
                    expired.append(slot)
                    self.ready[slot] = True
        self.enqueue(expired)

    def top(self) -> dict[str, int]:
        ready = [slot for slot in range(len(self.ready)) if self.ready[slot]]
        if not ready:
            return {"valid": 0, "tcb": 0}
        best = max(self.prio[slot] for slot in ready)
        at_best = [s for s in self.order if self.ready[s] and self.prio[s] == best]
        others = [s for s in at_best if s != self.running]
        slot = (others or at_best)[0]
        return {"valid": 1, "slot": slot, "prio": best, "tcb": self.tcb[slot]}


def read_top(dut: TaskScheduler):
    # A CSR write's strobe reaches the registers one simulated clock after write() returns;
    # `top` is combinational from them, so this one clock is all a read needs.
    yield
    top = yield dut._top.status
    tcb = yield dut._top_tcb.status
    if not top >> 31:
        return {"valid": 0, "tcb": tcb}
    return {"valid": 1, "slot": top & 0x3F, "prio": top >> 8 & 0x1F, "tcb": tcb}


def select(dut: TaskScheduler):
    """The kernel's switch: one read of `select`, returning the chosen TCB (0: none)."""
    yield
    return (yield from dut._select.read())


def test_a_read_right_after_a_write_sees_the_choice_and_the_tcb() -> None:
    dut = TaskScheduler(slots=4)
    seen = {}

    def bench():
        seen["reset"] = yield from read_top(dut)
        yield from dut._tcb.write(0x40001230)
        yield from dut._bind.write(2)
        yield from dut._ready.write(2 | 7 << 8)
        seen["after"] = yield from read_top(dut)  # the clock after the write's
        yield from dut._leave.write(2)
        seen["left"] = yield from read_top(dut)

    run_simulation(dut, bench())
    assert seen["reset"] == {"valid": 0, "tcb": 0}
    assert seen["after"] == {"valid": 1, "slot": 2, "prio": 7, "tcb": 0x40001230}
    assert seen["left"] == {"valid": 0, "tcb": 0}


def test_equal_priorities_round_robin_as_freertos_does() -> None:
    """Ready in order 3, 1, 2 at one priority: 3 runs; the next switch (a yield) sends it behind 1
    and 2; a task made ready meanwhile queues behind those already waiting; a higher priority
    wins; the running task is chosen again only when it has no equal."""
    dut = TaskScheduler(slots=4)
    order = []

    def bench():
        for slot in range(4):
            yield from dut._tcb.write(0x100 * (slot + 1))
            yield from dut._bind.write(slot)
        for slot in (3, 1, 2):
            yield from dut._ready.write(slot | 4 << 8)
        for _ in range(4):
            order.append((yield from select(dut)) // 0x100 - 1)
            if len(order) == 2:
                yield from dut._ready.write(0 | 4 << 8)  # slot 0 joins behind 2 and 3
        yield from dut._ready.write(0 | 9 << 8)  # a priority change to 9 while ready
        order.append((yield from select(dut)) // 0x100 - 1)
        order.append((yield from select(dut)) // 0x100 - 1)  # 0 alone at 9: it stays

    run_simulation(dut, bench())
    assert order == [3, 1, 2, 3, 0, 0]


def test_counters_wake_their_slots_in_slot_order_on_one_tick() -> None:
    dut = TaskScheduler(slots=8)
    seen = []

    def bench():
        for slot in range(8):
            yield from dut._tcb.write(slot + 1)
            yield from dut._bind.write(slot)
        yield from dut._ready.write(0 | 1 << 8)  # a low-priority runner
        for slot in (6, 5):
            yield from dut._delay.write(slot | 2 << 8)
        yield from dut._delay.write(7 | 3 << 8)
        yield from dut._delay.write(4 | 2 << 8)
        yield from dut._leave.write(4)  # unblocked by an event before its timeout: stopped
        for _ in range(3):
            yield from dut._tick.write(1)
            seen.append((yield from read_top(dut))["slot"])
        for slot in (0, 5, 6):  # the runner blocks, then each woken slot in turn
            yield from dut._leave.write(slot)
            seen.append((yield from read_top(dut))["slot"])

    run_simulation(dut, bench())
    # Slots 5 and 6 expire on tick 2, 7 on tick 3, all at priority 0, below the runner's 1; slot
    # 4 never does. Once the runner blocks: 5 and 6 in slot order, then 7.
    assert seen == [0, 0, 0, 5, 6, 7]


def test_random_operations_against_the_software_model() -> None:
    slots = 8
    dut = TaskScheduler(slots=slots)
    model = Model(slots)
    rng = random.Random(12)
    mismatches = []

    def bench():
        for slot in range(slots):
            tcb = 0x40000000 + 0x80 * slot
            yield from dut._tcb.write(tcb)
            yield from dut._bind.write(slot)
            model.bind(slot, tcb)
        for step in range(600):
            op, slot, prio = rng.randrange(8), rng.randrange(slots), rng.randrange(4)
            if op == 0:
                yield from dut._ready.write(slot | prio << 8)
                model.make_ready(slot, prio)
            elif op == 1:
                yield from dut._leave.write(slot)
                model.leave(slot)
            elif op == 2:
                got, want = (yield from select(dut)), model.select()["tcb"]
                if got != want:
                    mismatches.append((step, "select", got, want))
            elif op == 3:
                ticks = rng.randrange(4)
                yield from dut._delay.write(slot | ticks << 8)
                model.counter[slot], model.ready[slot] = ticks, False
            elif op == 4:
                yield from dut._prio.write(slot | prio << 8)
                model.prio[slot] = prio
            elif op == 5 and step % 50 == 0:  # the scheduler starting, now and then
                yield from dut._run.write(slot)
                model.running = slot
            else:
                yield from dut._tick.write(1)
                model.tick()
            got, want = (yield from read_top(dut)), model.top()
            if got != want:
                mismatches.append((step, op, slot, got, want))

    run_simulation(dut, bench())
    assert not mismatches, mismatches[:3]


def test_the_soc_instance_has_at_least_32_slots() -> None:
    assert SLOTS >= 32
    dut = TaskScheduler()
    assert len(dut.tcb) == SLOTS and len(dut.counter) == SLOTS
