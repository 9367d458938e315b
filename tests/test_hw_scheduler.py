# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The hardware scheduler's gateware (priority selector and timer bank) in Migen's own
simulator: pure Python, independent of any kernel or SoC build."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pytest.importorskip("migen")
pytest.importorskip("litex")
from migen.sim import run_simulation

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "firmware/targets/vexriscv-sim/soc"))
from priority_selector import BLOCKED, READY, SLOTS, SUSPENDED, PrioritySelector
from timer_bank import TimerBank


def configure(dut: PrioritySelector, slot: int, prio: int, state: int, ident: int):
    yield from dut._slot_cfg.write(slot | prio << 8 | state << 16 | ident << 24)


def top(dut: PrioritySelector):
    value = yield dut._top.status
    return {"prio": value & 0x1F, "slot": value >> 8 & 0x1F, "id": value >> 16 & 0xFF, "valid": value >> 31}


def expected(slots: dict[int, tuple[int, int, int]]) -> dict[str, int]:
    ready = [(prio, -slot, ident) for slot, (prio, state, ident) in slots.items() if state == READY]
    if not ready:
        return {"valid": 0}
    prio, slot, ident = max(ready)
    return {"prio": prio, "slot": -slot, "id": ident, "valid": 1}


def test_reset_state_maps_slot_i_to_priority_i_and_nothing_is_ready() -> None:
    dut = PrioritySelector()
    seen = {}

    def bench():
        yield
        yield
        seen.update((yield from top(dut)))
        for level in (0, 7, 31):
            yield from dut._ready.write(level)
        yield
        yield
        seen["after"] = (yield from top(dut))
        yield from dut._block.write(31)
        yield
        yield
        seen["blocked31"] = (yield from top(dut))

    run_simulation(dut, bench())
    assert seen["valid"] == 0
    assert seen["after"] == {"prio": 31, "slot": 31, "id": 31, "valid": 1}
    assert seen["blocked31"] == {"prio": 7, "slot": 7, "id": 7, "valid": 1}


def test_the_result_is_registered_one_clock_after_a_change() -> None:
    dut = PrioritySelector()
    trace = []

    def bench():
        yield from dut._ready.write(3)  # storage and re set; the state register takes it next clock
        for _ in range(3):
            trace.append((yield from top(dut))["valid"])
            yield

    run_simulation(dut, bench())
    # write() returns with re high for this clock: state updates at its end, top one clock later.
    assert trace == [0, 0, 1]


def test_highest_priority_ready_slot_wins_against_a_software_model() -> None:
    rng = random.Random(6)
    dut = PrioritySelector()
    slots = {i: (i, BLOCKED, i) for i in range(SLOTS)}
    mismatches = []

    def bench():
        for step in range(300):
            slot = rng.randrange(SLOTS)
            prio = rng.randrange(32) if rng.random() < 0.7 else rng.choice((5, 6))  # many ties
            state = rng.choice((READY, READY, BLOCKED, SUSPENDED))
            ident = rng.randrange(256)
            slots[slot] = (prio, state, ident)
            yield from configure(dut, slot, prio, state, ident)
            yield
            yield
            got = yield from top(dut)
            want = expected(slots)
            if (got if want["valid"] else {"valid": got["valid"]}) != want:
                mismatches.append((step, got, want))

    run_simulation(dut, bench())
    assert mismatches == []


def test_ties_go_to_the_lower_slot_and_suspended_slots_never_win() -> None:
    dut = PrioritySelector()
    results = []

    def bench():
        yield from configure(dut, 20, 9, READY, 0xA0)
        yield from configure(dut, 4, 9, READY, 0x40)
        yield from configure(dut, 30, 12, SUSPENDED, 0xF0)
        yield
        yield
        results.append((yield from top(dut)))

    run_simulation(dut, bench())
    assert results == [{"prio": 9, "slot": 4, "id": 0x40, "valid": 1}]


def test_wake_makes_only_enabled_slots_ready() -> None:
    dut = PrioritySelector()
    results = []

    def pulse(bits: int):
        yield dut.wake.eq(bits)
        yield
        yield dut.wake.eq(0)
        yield
        yield
        return (yield from top(dut))

    def bench():
        # At reset no slot is enabled: an expiry must not make a slot ready behind the kernel.
        results.append((yield from pulse(1 << 17 | 1 << 20)))
        yield from dut._wake_en.write(1 << 17)
        results.append((yield from pulse(1 << 17 | 1 << 20)))

    run_simulation(dut, bench())
    assert results == [{"prio": 0, "slot": 0, "id": 0, "valid": 0},
                       {"prio": 17, "slot": 17, "id": 17, "valid": 1}]


def test_timer_bank_expires_each_slot_after_its_ticks() -> None:
    dut = TimerBank()
    loads = {0: 1, 3: 4, 9: 2, 31: 7}
    expired_at: dict[int, int] = {}
    irq = []

    def bench():
        for slot, ticks in loads.items():
            yield from dut._load.write(slot | ticks << 8)
        yield
        for tick in range(1, 10):
            yield from dut._tick.write(1)
            yield  # the tick's strobe (re) is high in this clock; `expired` holds its result after it
            pending = yield dut._expired.status
            irq.append((yield dut.ev.expiry.trigger))
            for slot in range(SLOTS):
                if pending >> slot & 1 and slot not in expired_at:
                    expired_at[slot] = tick
        pending = yield dut._expired.status
        yield from dut._ack.write(pending)
        yield
        yield
        irq.append((yield dut.ev.expiry.trigger))

    run_simulation(dut, bench())
    assert expired_at == loads
    assert irq[0] == 1 and irq[-1] == 0


def test_timer_bank_hardware_tick_and_a_stopped_slot() -> None:
    dut = TimerBank()
    pulses = []

    def bench():
        yield from dut._load.write(5 | 2 << 8)
        yield from dut._load.write(6 | 0 << 8)  # 0: stopped, never expires
        for _ in range(2):
            yield dut.tick.eq(1)
            yield
            pulses.append((yield dut.expire))  # the pulse comes with the tick
            yield dut.tick.eq(0)
            yield
            pulses.append((yield dut.expire))
        pulses.append((yield dut._expired.status))

    run_simulation(dut, bench())
    assert pulses[-1] == 1 << 5
    assert sum(1 for p in pulses[:-1] if p) == 1  # one single-clock pulse
