# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""CV32E40P (OpenHW, RV32IMC) in the vexriscv-sim SoC, with a choice of memory path. LiteX's
own wrapper (litex.soc.cores.cpu.cv32e40p) turns both of the core's OBI ports into Wishbone
masters on the SoC's bus (`bus=wishbone`, as before this file): a fetch or a load then takes
the converter's two states plus the bus and the RAM's acknowledge, about three cycles, and the
core, built for single-cycle memories, waits on it (2.81 cycles per instruction on the plain
workload). With `bus=sram` (the default) both ports reach main RAM without wait states
(zero_wait_ram.py: a request is granted in its cycle and answered in the next, as a
tightly-coupled memory does), and only the data port's other addresses (the SoC's registers)
cross LiteX's OBI-to-Wishbone converter. The core, its sources and its interrupts are LiteX's
wrapper's (the SoC's interrupts on irq_i 16 and up)."""
from __future__ import annotations

from litex.soc.cores import cpu as litex_cpus
from litex.soc.cores.cpu.cv32e40p.core import CV32E40P, OBI2Wishbone, add_manifest_sources, obi_layout
from litex.soc.interconnect import wishbone
from migen import Cat, ClockSignal, Instance, Mux, Record, ResetSignal, Signal
from zero_wait_ram import RamPorts, ZeroWaitRam

NAME = "rtb_cv32e40p"
BUSES = ("sram", "wishbone")


class RtbCV32E40P(CV32E40P):
    """bus=sram: the core's ports on main RAM (zero wait states), the data port's other
    addresses on the SoC's bus. (bus=wishbone is LiteX's CV32E40P itself.)"""

    name = NAME

    def __init__(self, platform, variant: str = "standard") -> None:
        self.platform, self.variant = platform, variant
        self.reset = Signal()
        self.dbus = wishbone.Interface(data_width=32, address_width=32, addressing="word")
        self.periph_buses = [self.dbus]
        self.memory_buses = []
        self.interrupt = Signal(16)
        self.interrupt_padding = Signal(16)
        self.fetch_port, self.data_port = Record(obi_layout), Record(obi_layout)
        self.ram: RamPorts | None = None
        fetch, data = self.fetch_port, self.data_port
        self.cpu_params = dict(
            i_clk_i=ClockSignal("sys"), i_rst_ni=~ResetSignal("sys"),
            i_pulp_clock_en_i=1, i_scan_cg_en_i=0, i_mtvec_addr_i=0, i_dm_halt_addr_i=0, i_hart_id_i=0,
            i_dm_exception_addr_i=0,
            o_instr_req_o=fetch.req, i_instr_gnt_i=fetch.gnt, i_instr_rvalid_i=fetch.rvalid,
            o_instr_addr_o=fetch.addr, i_instr_rdata_i=fetch.rdata,
            o_data_req_o=data.req, i_data_gnt_i=data.gnt, i_data_rvalid_i=data.rvalid, o_data_we_o=data.we,
            o_data_be_o=data.be, o_data_addr_o=data.addr, o_data_wdata_o=data.wdata, i_data_rdata_i=data.rdata,
            i_irq_i=Cat(self.interrupt_padding, self.interrupt), i_debug_req_i=0, i_fetch_enable_i=1)
        add_manifest_sources(platform, "cv32e40p_manifest.flist")

    def attach_ram(self, ram: ZeroWaitRam, base: int, size: int) -> None:
        # Its ports only: LiteX would add a module held in an attribute to this one as well.
        self.ram, self.ram_base, self.ram_size = RamPorts(ram.fetch, ram.load, ram.store), base, size

    def _in_ram(self, addr: Signal) -> Signal:
        inside = Signal()
        self.comb += inside.eq((addr >= self.ram_base) & (addr < self.ram_base + self.ram_size))
        return inside

    def _fetch_from_ram(self) -> None:
        """Every fetch is granted at once and answered in the next cycle."""
        fetch, ram = self.fetch_port, self.ram
        self.comb += [fetch.gnt.eq(1), ram.fetch.address.eq(fetch.addr[2:]), fetch.rdata.eq(ram.fetch.data)]
        self.sync += fetch.rvalid.eq(fetch.req)

    def _load_store(self) -> None:
        """RAM: granted at once, a store written at the grant, the answer in the next cycle. Other
        addresses: LiteX's OBI-to-Wishbone converter, which answers after the bus. Answers come
        in order: a RAM request waits while the converter has one outstanding that it does not
        answer in that cycle."""
        data, ram = self.data_port, self.ram
        inside = self._in_ram(data.addr)
        to_bus = Record(obi_layout)
        self.submodules.dbus_conv = OBI2Wishbone(to_bus, self.dbus)
        bus_busy, ram_answer, ram_now = Signal(), Signal(), Signal()
        granted_bus = to_bus.req & to_bus.gnt
        self.comb += [
            to_bus.req.eq(data.req & ~inside), to_bus.addr.eq(data.addr), to_bus.we.eq(data.we),
            to_bus.be.eq(data.be), to_bus.wdata.eq(data.wdata),
            ram_now.eq(data.req & inside & (~bus_busy | to_bus.rvalid)),
            data.gnt.eq(Mux(inside, ram_now, to_bus.gnt)),
            ram.load.address.eq(data.addr[2:]),
            ram.store.address.eq(data.addr[2:]), ram.store.data.eq(data.wdata),
            ram.store.mask.eq(Mux(ram_now & data.we, data.be, 0)),
            data.rvalid.eq(ram_answer | to_bus.rvalid),
            data.rdata.eq(Mux(ram_answer, ram.load.data, to_bus.rdata)),
        ]
        self.sync += [
            ram_answer.eq(ram_now),
            bus_busy.eq((bus_busy | granted_bus) & ~to_bus.rvalid),
        ]

    def do_finalize(self) -> None:
        assert hasattr(self, "reset_address") and self.ram is not None
        self._fetch_from_ram()
        self._load_store()
        self.specials += Instance("cv32e40p_core", **self.cpu_params)


def register(bus: str) -> str:
    """The cpu_type of CV32E40P with the given memory path (LiteX's own for bus=wishbone)."""
    if bus not in BUSES:
        raise SystemExit(f"rtb_soc: CV32E40P's bus is one of {', '.join(BUSES)}, not {bus}")
    if bus == "wishbone":
        return "cv32e40p"
    litex_cpus.CPUS[NAME] = RtbCV32E40P
    return NAME
