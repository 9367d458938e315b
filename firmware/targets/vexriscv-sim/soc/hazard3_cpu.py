# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Hazard3, the RISC-V core of the Raspberry Pi RP2350, with the RP2350's configuration, in the
vexriscv-sim SoC. Its Verilog comes from a Hazard3 checkout (v1.0.1, github.com/Wren6991/Hazard3;
the directory RTBENCH_HAZARD3 names, which rtbench's set-up provides); nothing of it is copied.

The core is hazard3_cpu_2port, as on the RP2350 (a fetch port and a load/store port, both
AHB5), with the parameters of the RP2350 datasheet's section 3.8.8 (below). Its bus:
  - `bus=sram` (the default): both ports reach main RAM without wait states, as the RP2350's
    SRAM serves them at the core's clock (zero_wait_ram.py); loads and stores elsewhere (the
    SoC's registers) cross LiteX's AHB-to-Wishbone bridge to the SoC's bus;
  - `bus=wishbone`: both ports cross a bridge each to the SoC's bus, where main RAM is LiteX's,
    as the other CPUs of this SoC reach it: what the bus adds, measured against `bus=sram`.
The SoC's interrupts are the core's external interrupts 0 and up, through the RP2350's interrupt
controller (Xh3irq: meiea/meipa, the firmware's RTB_CPU_HAZARD3); the core's timer and software
interrupts are unused."""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import ClassVar

from litex.gen import LiteXModule
from litex.soc.cores import cpu as litex_cpus
from litex.soc.cores.cpu import CPU, CPU_GCC_TRIPLE_RISCV32
from litex.soc.interconnect import wishbone
from litex.soc.interconnect.ahb import AHB2Wishbone, AHBInterface
from migen import Cat, ClockSignal, Constant, If, Instance, Mux, ResetSignal, Signal
from zero_wait_ram import RamPorts, ZeroWaitRam

NAME = "rtb_hazard3"
RTL_ENV = "RTBENCH_HAZARD3"
NUM_IRQS = 52  # the RP2350's
_P = Instance.PreformattedParam

# The RP2350's Hazard3 parameters (RP2350 datasheet, 3.8.8 "Configuration"). Hazard3's debug
# module is not in this SoC: the core's debug inputs are tied off, as without a debugger. The
# three hardwired PMP regions give U-mode access to the ROM, peripheral and SIO ranges
# (3.8.8.1); they do not apply in M-mode, where every benchmark runs.
RP2350_PARAMETERS = {
    "EXTENSION_A": 1, "EXTENSION_C": 1, "EXTENSION_M": 1, "EXTENSION_ZBA": 1, "EXTENSION_ZBB": 1,
    "EXTENSION_ZBC": 0, "EXTENSION_ZBS": 1, "EXTENSION_ZCB": 1, "EXTENSION_ZCMP": 1, "EXTENSION_ZBKB": 1,
    "EXTENSION_ZIFENCEI": 1, "EXTENSION_XH3BEXTM": 1, "EXTENSION_XH3IRQ": 1, "EXTENSION_XH3PMPM": 1,
    "EXTENSION_XH3POWER": 1, "CSR_M_MANDATORY": 1, "CSR_M_TRAP": 1, "CSR_COUNTER": 1, "U_MODE": 1,
    "PMP_REGIONS": 11, "PMP_GRAIN": 3, "PMP_HARDWIRED": "11'h700",
    "PMP_HARDWIRED_ADDR": "{32'h35ffffff, 32'h13ffffff, 32'h01ffffff, {8{32'h0}}}",
    "PMP_HARDWIRED_CFG": "{8'h1f, 8'h1f, 8'h1f, {8{8'h0}}}",
    "DEBUG_SUPPORT": 1, "BREAKPOINT_TRIGGERS": 4, "NUM_IRQS": NUM_IRQS, "IRQ_PRIORITY_BITS": 4,
    "IRQ_INPUT_BYPASS": f"{{{NUM_IRQS}{{1'b1}}}}", "MVENDORID_VAL": "32'h00000493",
    "MIMPID_VAL": "32'h86fc4e3f", "MHARTID_VAL": "32'h0", "MCONFIGPTR_VAL": "32'h0", "REDUCED_BYPASS": 0,
    "MULDIV_UNROLL": 2, "MUL_FAST": 1, "MUL_FASTER": 1, "MULH_FAST": 1, "FAST_BRANCHCMP": 1,
    "RESET_REGFILE": 1, "BRANCH_PREDICTOR": 1, "MTVEC_WMASK": "32'hfffffffd",
}
BUSES = ("sram", "wishbone")
_HTRANS_NSEQ = 2


def rtl_directory() -> Path:
    """The Hazard3 checkout the core is built from (its hdl/ holds the Verilog)."""
    named = os.environ.get(RTL_ENV, "")
    path = Path(named) if named else Path(__file__).resolve().parents[5] / "shared" / "cores" / "hazard3"
    if not (path / "hdl" / "hazard3.f").is_file():
        raise SystemExit(f"rtb_soc: no Hazard3 checkout at {path} (set {RTL_ENV} to one, v1.0.1; "
                         "scripts/setup.sh --part hazard3 gets it)")
    return path


def verilog_files(rtl: Path, gateware: Path) -> list[Path]:
    """The core's files, as its own file list (hdl/hazard3.f) names them, the frontend's from a
    copy in `gateware` that Verilator schedules right (split_frontend_process)."""
    hdl = rtl / "hdl"
    words = [line.split() for line in (hdl / "hazard3.f").read_text().splitlines()]
    files = [hdl / parts[1] for parts in words if len(parts) == 2 and parts[0] == "file"]
    frontend = gateware / FRONTEND
    frontend.write_text(split_frontend_process((hdl / FRONTEND).read_text()))
    return [frontend if path.name == FRONTEND else path for path in files]


FRONTEND = "hazard3_frontend.v"
_BOUNDARY = re.compile(r"(always @ \(\*\) begin: boundary_conditions\n\tinteger i;\n)(.*?)"
                       r"(\tfor \(i = 0; i < FIFO_DEPTH; i = i \+ 1\) begin\n.*?\n\tend\n)end\n", re.DOTALL)


def split_frontend_process(text: str) -> str:
    """The instruction FIFO's combinational process, split in two. It ties off the FIFO's last
    entry (fed from the bus) and derives each entry's valid flags from the flags the clocked
    process writes; Verilator 5 runs it once per cycle, before the clocked process has written
    them, so the frontend dropped a fetched word now and then and the core ran garbage (Hazard3
    issue #21, fixed in its own way after v1.0.1 by its pull request #28; rtbench builds v1.0.1).
    In two processes, the flags' own runs after the clocked one. Verilog gives both forms the
    same meaning."""
    found = _BOUNDARY.search(text)
    if found is None:
        raise SystemExit(f"rtb_soc: {FRONTEND} has no boundary_conditions process of the expected form: is this "
                         "Hazard3 v1.0.1? (hazard3_cpu.py splits it for Verilator)")
    head, ties, loop = found.groups()
    split = f"{head}{ties}end\n\nalways @ (*) begin: fifo_valid_flags\n\tinteger i;\n{loop}end\n"
    return text[:found.start()] + split + text[found.end():]


class AhbPort:
    """One of the core's AHB5 manager ports, as the adapters below see it."""

    def __init__(self) -> None:
        self.addr, self.wdata, self.rdata = Signal(32), Signal(32), Signal(32)
        self.trans, self.size, self.write = Signal(2), Signal(3), Signal()
        self.ready, self.resp = Signal(), Signal()

    def bridge(self, module: LiteXModule, bus: wishbone.Interface, sel=1) -> AHBInterface:
        """LiteX's AHB-to-Wishbone bridge on this port (its transfers where `sel` is set)."""
        ahb = AHBInterface(data_width=32, address_width=32)
        module.comb += [ahb.addr.eq(self.addr), ahb.trans.eq(self.trans), ahb.size.eq(self.size),
                        ahb.write.eq(self.write), ahb.wdata.eq(self.wdata), ahb.sel.eq(sel)]
        module.submodules += AHB2Wishbone(ahb, bus)
        return ahb


def _byte_mask(size: Signal, low: Signal) -> tuple[Signal, If]:
    """The bytes of its word that a transfer of 2**size bytes at byte `low` of the word writes."""
    mask = Signal(4)
    return mask, If(size == 0, mask.eq(1 << low)).Elif(size == 1, mask.eq(Mux(low[1], 0b1100, 0b0011))).Else(
        mask.eq(0b1111))


class RtbHazard3(CPU):
    category = "softcore"
    family = "riscv"
    name = NAME
    human_name = "Hazard3"
    variants: ClassVar[list[str]] = ["standard"]
    data_width = 32
    endianness = "little"
    gcc_triple = CPU_GCC_TRIPLE_RISCV32
    linker_output_format = "elf32-littleriscv"
    nop = "nop"
    io_regions: ClassVar[dict[int, int]] = {0x8000_0000: 0x8000_0000}
    bus_kind = "sram"  # set by register()

    @property
    def gcc_flags(self) -> str:
        return "-march=rv32imac_zicsr_zifencei_zba_zbb_zbkb -mabi=ilp32 -D__hazard3__ "

    def __init__(self, platform, variant: str = "standard") -> None:
        self.platform, self.variant = platform, variant
        self.reset = Signal()
        self.interrupt = Signal(32)
        self.fetch, self.data = AhbPort(), AhbPort()
        self.ram: RamPorts | None = None
        self.dbus = wishbone.Interface(data_width=32, address_width=32, addressing="word")
        if self.bus_kind == "wishbone":
            self.ibus = wishbone.Interface(data_width=32, address_width=32, addressing="word")
            self.periph_buses = [self.ibus, self.dbus]
        else:
            self.periph_buses = [self.dbus]
        self.memory_buses = []

    def set_reset_address(self, reset_address: int) -> None:
        self.reset_address = reset_address

    def attach_ram(self, ram: ZeroWaitRam, base: int, size: int) -> None:
        """bus=sram: main RAM on the core's own ports, at [base, base + size)."""
        # Its ports only: LiteX would add a module held in an attribute to this one as well.
        self.ram, self.ram_base, self.ram_size = RamPorts(ram.fetch, ram.load, ram.store), base, size

    def _in_ram(self, addr: Signal) -> Signal:
        inside = Signal()
        self.comb += inside.eq((addr >= self.ram_base) & (addr < self.ram_base + self.ram_size))
        return inside

    def _fetch_from_ram(self) -> None:
        """Fetches read main RAM; a fetch elsewhere gets AHB's two-cycle error (a fetch fault)."""
        port, ram = self.fetch, self.ram
        active, inside = port.trans[1], self._in_ram(port.addr)
        error, error_second = Signal(), Signal()
        self.comb += [ram.fetch.address.eq(port.addr[2:]), port.rdata.eq(ram.fetch.data),
                      port.ready.eq(~(error & ~error_second)), port.resp.eq(error)]
        self.sync += [If(port.ready, error.eq(active & ~inside)), error_second.eq(error & ~error_second)]

    def _load_store(self) -> None:
        """Loads and stores in main RAM take one cycle; others cross the bridge to the SoC's bus."""
        port, ram = self.data, self.ram
        active, inside = port.trans[1], self._in_ram(port.addr)
        to_bus = self.data.bridge(self, self.dbus, sel=active & ~inside & port.ready)
        in_ram, writing, bus_phase = Signal(), Signal(), Signal()
        word, mask = Signal(len(ram.store.address)), Signal(4)
        mask_now, mask_logic = _byte_mask(port.size, port.addr[:2])
        self.comb += mask_logic
        # The address phase is taken when the port is ready; its data phase is the next cycle.
        self.sync += If(port.ready, in_ram.eq(active & inside), writing.eq(port.write),
                        bus_phase.eq(active & ~inside), word.eq(port.addr[2:]), mask.eq(mask_now))
        self.comb += [
            ram.load.address.eq(port.addr[2:]),
            ram.store.address.eq(word), ram.store.data.eq(port.wdata),
            ram.store.mask.eq(Mux(in_ram & writing, mask, 0)),
            port.ready.eq(Mux(bus_phase, to_bus.readyout, 1)),
            port.rdata.eq(Mux(bus_phase, to_bus.rdata, ram.load.data)),
            port.resp.eq(bus_phase & to_bus.resp),
        ]

    def _all_on_the_bus(self) -> None:
        for port, bus in ((self.fetch, self.ibus), (self.data, self.dbus)):
            bridge = port.bridge(self, bus)
            self.comb += [port.ready.eq(bridge.readyout), port.rdata.eq(bridge.rdata), port.resp.eq(bridge.resp)]

    def do_finalize(self) -> None:
        assert hasattr(self, "reset_address")
        if self.bus_kind == "sram":
            assert self.ram is not None, "bus=sram: the SoC attaches main RAM (attach_ram)"
            self._fetch_from_ram()
            self._load_store()
        else:
            self._all_on_the_bus()
        if getattr(self.platform, "output_dir", None):  # a build, not only the register map
            rtl = rtl_directory()
            gateware = Path(self.platform.output_dir) / "gateware"
            gateware.mkdir(parents=True, exist_ok=True)
            for path in verilog_files(rtl, gateware):
                self.platform.add_source(str(path))
            self.platform.add_verilog_include_path(str(rtl / "hdl"))
        params = {f"p_{k}": _P(str(v)) for k, v in RP2350_PARAMETERS.items()}
        params["p_RESET_VECTOR"] = _P(f"32'h{self.reset_address:08x}")
        params["p_MTVEC_INIT"] = _P(f"32'h{self.reset_address:08x}")
        power_up = Signal()
        fetch, data = self.fetch, self.data
        self.specials += Instance(
            "hazard3_cpu_2port", **params,
            i_clk=ClockSignal("sys"), i_clk_always_on=ClockSignal("sys"),
            i_rst_n=~(ResetSignal("sys") | self.reset),
            o_pwrup_req=power_up, i_pwrup_ack=power_up, i_unblock_in=0,
            o_i_haddr=fetch.addr, o_i_htrans=fetch.trans, o_i_hsize=fetch.size,
            i_i_hready=fetch.ready, i_i_hresp=fetch.resp, i_i_hrdata=fetch.rdata,
            o_d_haddr=data.addr, o_d_hwrite=data.write, o_d_htrans=data.trans, o_d_hsize=data.size,
            o_d_hwdata=data.wdata, i_d_hready=data.ready, i_d_hresp=data.resp, i_d_hexokay=1,
            i_d_hrdata=data.rdata,
            i_dbg_req_halt=0, i_dbg_req_halt_on_reset=0, i_dbg_req_resume=0,
            i_dbg_data0_rdata=Constant(0, 32), i_dbg_instr_data=Constant(0, 32), i_dbg_instr_data_vld=0,
            i_dbg_sbus_addr=Constant(0, 32), i_dbg_sbus_write=0, i_dbg_sbus_size=Constant(0, 2),
            i_dbg_sbus_vld=0, i_dbg_sbus_wdata=Constant(0, 32),
            i_irq=Cat(self.interrupt, Constant(0, NUM_IRQS - len(self.interrupt))),
            i_soft_irq=0, i_timer_irq=0)


def register(bus: str) -> str:
    """Registers Hazard3 with the given memory path in LiteX's CPU table; returns its cpu_type."""
    if bus not in BUSES:
        raise SystemExit(f"rtb_soc: Hazard3's bus is one of {', '.join(BUSES)}, not {bus}")

    class Hazard3OnItsBus(RtbHazard3):
        bus_kind = bus

    litex_cpus.CPUS[NAME] = Hazard3OnItsBus
    return NAME
