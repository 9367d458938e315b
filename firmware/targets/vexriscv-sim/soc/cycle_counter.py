# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A free-running 32-bit cycle counter readable with one CSR load: rtbench's timestamp on
every CPU variant (mcycle reads 0 or traps on most VexRiscv variants)."""
from __future__ import annotations

from litex.gen import LiteXModule
from litex.soc.interconnect.csr import AutoCSR, CSRStatus
from migen import Signal


class CycleCounter(LiteXModule, AutoCSR):
    def __init__(self) -> None:
        self.count = Signal(32)  # other peripherals timestamp events with it
        self._value = CSRStatus(32, description="cycles since the end of reset")
        self.sync += self.count.eq(self.count + 1)
        self.comb += self._value.status.eq(self.count)
