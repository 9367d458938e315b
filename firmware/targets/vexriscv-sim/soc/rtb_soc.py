# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""rtbench's LiteX/VexRiscv SoC for Verilator simulation, owned by rtbench so that peripherals
can be added: CPU (one of VexRiscv's variants, Minerva, CV32E40P or Hazard3), main RAM that holds the
program (it boots straight from it, no BIOS), UART console, timer0 for the kernel tick, a cycle
counter (the timestamp), a compare timer for the benchmark interrupt, a transmitter with a line
time for the UART benchmarks, the sim-finish register and, for the kernels that ask for them (os.toml
soc_blocks), the hardware schedulers: --blocks hwsched, a priority selector with a timer bank
(freertos-hw); --blocks task_slots, per-task slots with their counters (freertos-codesign).

    python3 rtb_soc.py --variant standard --out DIR [--blocks hwsched,task_slots] [--build]

Without --build it only elaborates the SoC and writes DIR/csr.json, DIR/rtb_soc_regs.h and
DIR/rtb_soc_memory.ld (what the firmware is compiled against). With --build it also generates
the Verilog and compiles the Verilator model into DIR/gateware (--train INIT: profile-guided,
on that main-RAM image)."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from litex.build.generic_platform import Pins, Subsignal
from litex.build.io import CRG
from litex.build.sim import SimPlatform
from litex.build.sim.config import SimConfig
from litex.gen import LiteXModule
from litex.soc.integration.builder import Builder
from litex.soc.integration.soc import SoCRegion
from litex.soc.integration.soc_core import SoCCore
from litex.soc.interconnect.csr import AutoCSR, CSRStatus

sys.path.insert(0, str(Path(__file__).resolve().parent))
import cv32e40p_cpu
import hazard3_cpu
import minerva_cpu
from bench_uart import BenchUart, char_cycles_for
from cycle_counter import CycleCounter
from irq_timer import IrqTimer
from priority_selector import PrioritySelector
from sim_build import compile_model
from task_scheduler import TaskScheduler
from timer_bank import TimerBank
from zero_wait_ram import ZeroWaitRam

VARIANTS = ("minimal", "lite", "standard", "full")
# Other CPUs: minerva_cpu.py (caches as settings), cv32e40p_cpu.py and hazard3_cpu.py (a memory path).
CONFIGURABLE = ("minerva", "cv32e40p", "hazard3")
OPTIONAL_BLOCKS = ("hwsched", "task_slots")  # freertos-hw's priority selector and timer bank; freertos-codesign's slots
# The nominal clock the SoC's constants (tick period) are computed for; reports convert cycles
# to time with the user's --clock instead.
SYS_CLK_HZ = 10_000_000
MAIN_RAM_SIZE = 512 * 1024
CMDLINE_BYTES = 1024  # the top of main RAM: the host writes the run's options there
BENCH_UART_BAUD = 1_000_000  # the benchmark UART's line rate out of reset (firmware sets its own)

_IO = [
    ("sys_clk", 0, Pins(1)),
    ("serial", 0,
        Subsignal("source_valid", Pins(1)), Subsignal("source_ready", Pins(1)), Subsignal("source_data", Pins(8)),
        Subsignal("sink_valid", Pins(1)), Subsignal("sink_ready", Pins(1)), Subsignal("sink_data", Pins(8))),
]


class ReservedPlace(LiteXModule, AutoCSR):
    """Holds an absent block's place in the register map: LiteX gives register banks their
    addresses in the order of the blocks' names."""

    def __init__(self) -> None:
        self._absent = CSRStatus(1, reset=0, description="this block is not in this SoC")


class RtbSoC(SoCCore):
    def __init__(self, variant: str, blocks: tuple[str, ...] = (),
                 cpu_config: dict | None = None, cpu_cache: Path | None = None) -> None:
        self.blocks = blocks
        platform = SimPlatform("SIM", _IO)
        main_ram = 0x40000000
        cpu_type, cpu_variant, cpu_name = "vexriscv", variant, "VexRiscv"
        cpu = (cpu_config or {}).get("cpu")
        # CV32E40P and Hazard3 reach main RAM on their own ports (zero_wait_ram.py) unless the
        # variant puts it on the SoC's bus (bus=wishbone).
        own_ram = cpu in ("cv32e40p", "hazard3") and cpu_config.get("bus", "sram") == "sram"
        if cpu == "cv32e40p":
            # The SoC's interrupts reach it as fast interrupts, mie/mip bits 16 and up, as on Minerva.
            cpu_type, cpu_variant, cpu_name = cv32e40p_cpu.register(cpu_config.get("bus", "sram")), "standard", \
                "CV32E40P"
        elif cpu == "hazard3":
            cpu_type, cpu_variant, cpu_name = hazard3_cpu.register(cpu_config.get("bus", "sram")), "standard", \
                "Hazard3"
        elif cpu_config is not None:  # Minerva, caches as settings (minerva_cpu.py)
            cpu_type, cpu_variant, cpu_name = minerva_cpu.register(cpu_config, cpu_cache), "standard", "Minerva"
            main_ram = minerva_cpu.MAIN_RAM  # where its caches reach (minerva_cpu.py)
        self.mem_map = {**SoCCore.mem_map, "main_ram": main_ram}
        super().__init__(platform, clk_freq=SYS_CLK_HZ, ident=f"rtbench {cpu_name} SoC, cpu variant {variant}",
                         cpu_type=cpu_type, cpu_variant=cpu_variant,
                         integrated_rom_size=0, cpu_reset_address=main_ram,
                         integrated_sram_size=0x1000,
                         integrated_main_ram_size=0 if own_ram else MAIN_RAM_SIZE,
                         # Placeholder program ("j ."): the host rewrites the init file per run.
                         integrated_main_ram_init=[0x0000006F],
                         uart_name="sim", with_timer=True)
        if own_ram:
            self.bus.add_region("main_ram", SoCRegion(origin=main_ram, size=MAIN_RAM_SIZE, mode="rwx", linker=True))
            self.main_ram = ZeroWaitRam(MAIN_RAM_SIZE, init=[0x0000006F])
            self.cpu.attach_ram(self.main_ram, main_ram, MAIN_RAM_SIZE)
        self.crg = CRG(platform.request("sys_clk"))  # power-on reset
        self.cycles = CycleCounter()
        self.irq_timer = IrqTimer(self.cycles.count)
        self.irq.add("irq_timer", use_loc_if_exists=True)
        platform.add_debug(self, reset=0)  # sim_finish (plus trace/marker, left off)
        self.add_peripherals()
        # Added last and named to sort last (LiteX places CSRs by name), so that every other
        # register address and interrupt number stays where it was.
        self.uart_bench = BenchUart(self.cycles.count, char_cycles_for(SYS_CLK_HZ, BENCH_UART_BAUD))
        self.irq.add("uart_bench", use_loc_if_exists=True)

    def add_peripherals(self) -> None:
        """The optional blocks a kernel asks for. Without the hardware scheduler its places stay
        taken (one constant register each, its interrupt number unconnected), so that every other
        register address and interrupt number, and so every other kernel's image, is the same
        with or without it. It is most of the SoC's logic around the CPU, simulated every cycle."""
        if "hwsched" in self.blocks:
            self.hwsched = PrioritySelector()
            self.hwtimers = TimerBank()
            self.comb += self.hwsched.wake.eq(self.hwtimers.expire)
            self.irq.add("hwtimers", use_loc_if_exists=True)
        else:
            self.hwsched, self.hwtimers = ReservedPlace(), ReservedPlace()
            self.irq.add("hwtimers_reserved", use_loc_if_exists=True)
        # The co-designed kernel's per-task slots and their counters (freertos-codesign), only in
        # the models of kernels that ask for them: simulating them makes a model about 16 times
        # slower. Named to sort after every other block (LiteX places CSRs by name): no address
        # moves, so a model with them runs every other image cycle for cycle as one without.
        if "task_slots" in self.blocks:
            self.xtasks = TaskScheduler()


def _memory_map(soc: RtbSoC) -> dict[str, int]:
    region = soc.bus.regions["main_ram"]
    return {"main_ram": region.origin, "main_ram_size": region.size}


def write_firmware_files(soc: RtbSoC, out: Path) -> None:
    """csr.json and the two files the firmware compiles against."""
    from litex.soc.integration import export
    out.mkdir(parents=True, exist_ok=True)
    (out / "csr.json").write_text(export.get_csr_json(soc.csr_regions, soc.constants, soc.mem_regions))
    csr = json.loads((out / "csr.json").read_text())
    lines = ["/* Generated by rtb_soc.py from the SoC's csr.json: register addresses move when",
             " * peripherals are added, so the firmware never hard-codes them. */",
             "#ifndef RTB_SOC_REGS_H", "#define RTB_SOC_REGS_H", ""]
    for name, reg in sorted(csr["csr_registers"].items()):
        lines.append(f"#define RTB_CSR_{name.upper()} 0x{reg['addr']:08x}u")
    for name, base in sorted(csr["csr_bases"].items()):
        lines.append(f"#define RTB_CSR_BASE_{name.upper()} 0x{base:08x}u")
    for name, value in sorted(csr["constants"].items()):
        if name.endswith("_interrupt") and isinstance(value, int):
            lines.append(f"#define RTB_IRQ_{name[:-len('_interrupt')].upper()} {value}u")
    mem = _memory_map(soc)
    lines += [f"#define RTB_SOC_CLOCK_HZ {SYS_CLK_HZ}u", f"#define RTB_SOC_CLOCK_HZ_TEXT \"{SYS_CLK_HZ}\"",
              f"#define RTB_SOC_MAIN_RAM 0x{mem['main_ram']:08x}u",
              f"#define RTB_SOC_MAIN_RAM_SIZE 0x{mem['main_ram_size']:x}u",
              f"#define RTB_SOC_CMDLINE_ADDR 0x{mem['main_ram'] + mem['main_ram_size'] - CMDLINE_BYTES:08x}u",
              f"#define RTB_SOC_CMDLINE_BYTES {CMDLINE_BYTES}u", "", "#endif", ""]
    (out / "rtb_soc_regs.h").write_text("\n".join(lines))
    (out / "rtb_soc_memory.ld").write_text(
        "/* Generated by rtb_soc.py: main RAM minus the command-line block at its top. */\n"
        f"MEMORY {{ RAM (rwx) : ORIGIN = 0x{mem['main_ram']:08x}, "
        f"LENGTH = 0x{mem['main_ram_size'] - CMDLINE_BYTES:x} }}\n")


def _sim_config() -> SimConfig:
    config = SimConfig()
    config.add_clocker("sys_clk", freq_hz=SYS_CLK_HZ)
    config.add_module("serial2console", "serial")
    return config


def build_model(soc: RtbSoC, out: Path, training: Path | None = None) -> None:
    """LiteX generates the Verilog; sim_build compiles it with rtbench's simulation loop
    (profile-guided when given a training image)."""
    builder = Builder(soc, output_dir=str(out), compile_software=False, compile_gateware=False)
    builder.build(sim_config=_sim_config(), run=False)
    gateware = out / "gateware"
    proc = compile_model(soc.platform, gateware, training)
    if proc.returncode != 0 or not (gateware / "obj_dir" / "Vsim").exists():
        sys.stderr.write(proc.stdout[-4000:] + proc.stderr[-4000:])
        raise SystemExit("rtb_soc: the Verilator build failed")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard",
                        help=f"VexRiscv's {', '.join(VARIANTS)}, or another CPU's variant "
                             "(minerva..., cv32e40p, hazard3)")
    parser.add_argument("--cpu-config", type=json.loads, metavar="JSON",
                        help="a configurable CPU's settings (rtbench/acquire/cpu_config.py as_dict); plain "
                             "`--variant minerva` without it has no caches")
    parser.add_argument("--cpu-cache", type=Path, metavar="DIR",
                        help="where generated CPU cores are cached by their configuration")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--build", action="store_true", help="also build the Verilator model")
    parser.add_argument("--train", type=Path, metavar="INIT",
                        help="with --build: a main-RAM init file to profile the model on (faster model)")
    parser.add_argument("--blocks", default="", metavar="NAMES",
                        help=f"optional blocks to add, comma-separated ({', '.join(OPTIONAL_BLOCKS)}): a kernel "
                             "that needs one asks for it (os.toml soc_blocks)")
    parser.add_argument("--verilog-only", action="store_true",
                        help="with --build: generate the Verilog but do not compile the model")
    args = parser.parse_args()
    os.environ.setdefault("SOURCE_DATE_EPOCH", "0")  # no build time baked into anything
    blocks = tuple(name for name in args.blocks.split(",") if name)
    unknown = sorted(set(blocks) - set(OPTIONAL_BLOCKS))
    if unknown:
        parser.error(f"unknown block(s) {', '.join(unknown)}; optional blocks: {', '.join(OPTIONAL_BLOCKS)}")
    config = args.cpu_config
    if config is None and args.variant.split(":", 1)[0] in CONFIGURABLE:
        if args.variant != args.variant.split(":", 1)[0]:
            parser.error("a configured variant needs --cpu-config")
        config = {"cpu": args.variant}
    if config is None and args.variant not in VARIANTS:
        parser.error(f"unknown variant {args.variant}; VexRiscv's: {', '.join(VARIANTS)}, or {', '.join(CONFIGURABLE)}")
    soc = RtbSoC(args.variant, blocks=blocks, cpu_config=config,
                 cpu_cache=args.cpu_cache)
    if args.build and args.verilog_only:
        Builder(soc, output_dir=str(args.out), compile_software=False, compile_gateware=False).build(
            sim_config=_sim_config(), run=False)
    elif args.build:
        build_model(soc, args.out, args.train)
    else:
        soc.finalize()
    write_firmware_files(soc, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
