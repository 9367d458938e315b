# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Main RAM on the CPU's own ports, without wait states: an instruction fetch and a load or
store are served in the same cycle, each a word a cycle, as the RP2350's SRAM serves Hazard3 at
its clock (the model has no banks, so the two ports never wait for each other). It replaces
LiteX's main RAM, which sits on the SoC's Wishbone bus behind the CPU's bus converters: the
adapters of the CPUs that use it (hazard3_cpu.py's AHB, cv32e40p_cpu.py's OBI) decode its
address range and send everything else on to the bus.

Three ports share one array: `fetch` and `load` read (the address is taken at the clock edge,
the word is there in the next cycle), `store` writes the bytes its mask selects at the edge.
The array is named main_ram, so its init file is sim_main_ram.init, the file the runner writes
the program into, as for LiteX's RAM."""
from __future__ import annotations

from dataclasses import dataclass

from migen import Memory, Module, Signal


class RamReadPort:
    def __init__(self, address_bits: int) -> None:
        self.address = Signal(address_bits)  # word address
        self.data = Signal(32)  # the word addressed in the previous cycle


class RamWritePort:
    def __init__(self, address_bits: int) -> None:
        self.address = Signal(address_bits)
        self.data = Signal(32)
        self.mask = Signal(4)  # bytes written at this clock edge


@dataclass(frozen=True)
class RamPorts:
    """What a CPU's adapter drives: the three ports, not the module that holds the array."""

    fetch: RamReadPort
    load: RamReadPort
    store: RamWritePort


class ZeroWaitRam(Module):
    """A plain Migen module, not LiteX's: LiteX would map a memory it finds in a module's
    attributes into the SoC's registers (and move every register after it)."""

    def __init__(self, size: int, init: list[int]) -> None:
        words = size // 4
        bits = (words - 1).bit_length()
        mem = Memory(32, words, init=init, name="main_ram")
        self.fetch, self.load, self.store = RamReadPort(bits), RamReadPort(bits), RamWritePort(bits)
        fetch_port, load_port = mem.get_port(), mem.get_port()
        store_port = mem.get_port(write_capable=True, we_granularity=8)
        self.specials += mem, fetch_port, load_port, store_port
        self.comb += [
            fetch_port.adr.eq(self.fetch.address), self.fetch.data.eq(fetch_port.dat_r),
            load_port.adr.eq(self.load.address), self.load.data.eq(load_port.dat_r),
            store_port.adr.eq(self.store.address), store_port.dat_w.eq(self.store.data),
            store_port.we.eq(self.store.mask),
        ]
