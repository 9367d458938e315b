# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The vexriscv-sim SoC's benchmark UART (soc/bench_uart.py) in Migen's own simulator, against a
software model of its line: pure Python, independent of any kernel or SoC build."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pytest.importorskip("migen")
pytest.importorskip("litex")
from migen import Module, Signal
from migen.sim import run_simulation

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "firmware/targets/vexriscv-sim/soc"))
from bench_uart import BenchUart, char_cycles_for


class Dut(Module):
    """The transmitter beside a free-running cycle counter, as in the SoC, with its registers'
    own logic included (the SoC's CSR bank does that there)."""

    def __init__(self, char_cycles: int) -> None:
        self.count = Signal(32)
        self.sync += self.count.eq(self.count + 1)
        self.submodules.uart = BenchUart(self.count, char_cycles)
        for csr in self.uart.get_csrs():
            csr.finalize(32, "big")  # as the bank does for a 32-bit CSR bus
            self.submodules += csr


def trace(dut: Dut, cycles: int, stimulus) -> list[dict[str, int]]:
    """Runs `stimulus` while recording, every clock, what the logic sees in it."""
    seen: list[dict[str, int]] = []

    def monitor():
        for _ in range(cycles):
            seen.append({
                "count": (yield dut.count),
                "write": (yield dut.uart._data.re),
                "char": (yield dut.uart._char_cycles.storage),
                "fire": (yield dut.uart.ev.sent.trigger),
                "fired_at": (yield dut.uart._fired_at.status),
                "irq": (yield dut.uart.ev.irq),
                "status": (yield dut.uart._status.status),
            })
            yield

    run_simulation(dut, [stimulus(), monitor()])
    return seen


def model(seen: list[dict[str, int]]) -> tuple[list[int], int]:
    """The line as specified: a write to an idle line fires max(1, char_cycles) clocks later;
    a write while a character is on the line is dropped and counted as an overrun."""
    fires, busy_until, overruns = [], -1, 0
    for cycle, row in enumerate(seen):
        if row["write"]:
            if cycle <= busy_until:
                overruns += 1
            else:
                busy_until = cycle + max(1, row["char"])
                fires.append(busy_until)
    return [f for f in fires if f < len(seen)], overruns


def test_reset_line_rate_is_10_bits_at_1_mbaud_of_the_10_mhz_soc() -> None:
    assert char_cycles_for(10_000_000, 1_000_000) == 100
    assert char_cycles_for(10_000_000, 115_200) == 868
    assert char_cycles_for(10_000_000, 200_000_000) == 1  # never 0: a character takes a clock
    def idle():
        yield

    seen = trace(Dut(char_cycles_for(10_000_000, 1_000_000)), 3, idle)
    assert seen[0]["char"] == 100 and seen[0]["status"] == 0


def test_each_character_fires_once_a_char_time_after_its_write_and_latches_that_cycle() -> None:
    rng = random.Random(11)
    dut = Dut(7)

    def stimulus():
        yield from dut.uart.ev.enable.write(1)
        for _ in range(60):
            if rng.random() < 0.3:
                yield from dut.uart._char_cycles.write(rng.choice((0, 1, 2, 5, 13)))
            yield from dut.uart._data.write(rng.randrange(256))
            for _ in range(rng.randrange(16)):  # sometimes while the line is still busy
                yield

    seen = trace(dut, 1200, stimulus)
    fires, overruns = model(seen)
    assert [cycle for cycle, row in enumerate(seen) if row["fire"]] == fires
    assert len(fires) > 30 and overruns > 5
    for cycle in fires[:-1]:
        assert seen[cycle + 1]["fired_at"] == seen[cycle]["count"]  # latched in the fire's clock
        assert seen[cycle + 1]["irq"] == 1  # pending until software clears it


def test_a_write_on_a_busy_line_is_dropped_and_flagged_until_char_cycles_is_written() -> None:
    dut = Dut(10)

    def stimulus():
        yield from dut.uart._data.write(0x41)
        yield
        yield from dut.uart._data.write(0x42)  # the first character is still on the line
        for _ in range(20):
            yield
        yield from dut.uart._char_cycles.write(10)
        for _ in range(3):
            yield

    seen = trace(dut, 40, stimulus)
    assert sum(row["fire"] for row in seen) == 1  # one character sent, one dropped
    overrun = [row["status"] >> 1 & 1 for row in seen]
    assert overrun[5] == 1 and overrun[-1] == 0
    busy = [row["status"] & 1 for row in seen]
    assert busy[2] == 1 and busy[25] == 0
