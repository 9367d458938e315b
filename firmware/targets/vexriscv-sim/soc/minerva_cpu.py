# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The Minerva core (RV32I here, written in Amaranth) with the caches a variant asks for. LiteX's own
Minerva wrapper always generates the core with its default caches and drives only the external
interrupt; this one passes the variant's cache geometry to Minerva's generator and wires the
SoC's interrupts to Minerva's 16 fast interrupts (mip/mie bits 16-31, which the firmware reads
when compiled with RTB_CPU_MINERVA). The generated Verilog is cached by a hash of the
configuration and the generator's package versions."""
from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from litex import get_data_mod
from litex.soc.cores import cpu as litex_cpus
from litex.soc.cores.cpu.minerva.core import Minerva
from migen import Instance

NAME = "rtb_minerva"  # the name it is registered under in LiteX's CPU table
# Main RAM's address on Minerva's SoC. Minerva caches an access when its address is in the
# caches' region (base 0, limit 0x80000000 by default), but its check shifts the region's
# bounds right twice (byte to word address, then again), so what it caches is 0 to 0x20000000:
# LiteX's usual main RAM at 0x40000000 is never cached, and every fetch and load goes to the bus
# through the caches' arbiter, a cycle slower than without caches. Below 0x20000000 main RAM is
# cached whether or not that check is ever corrected; the I/O (CSRs from 0x80000000) never is.
MAIN_RAM = 0x10000000
PACKAGES = ("amaranth", "amaranth-soc", "pythondata-cpu-minerva")


def _versions() -> dict[str, str]:
    return {name: importlib.metadata.version(name) for name in PACKAGES}


def generator_arguments(config: dict, reset_address: int) -> list[str]:
    """Minerva's cli.py arguments for a configuration (rtbench/acquire/cpu_config.py's as_dict).
    Without the M extension (the image is rv32i): Minerva's divider starts a 32-cycle division
    for every instruction whose funct3 is 4 to 7 (xor, or, and, srl, sra, blt/bge, lbu, lhu and
    their immediates), not only for div and rem, and stalls the pipeline meanwhile; with it,
    14.5 cycles per instruction, most of them in the divider."""
    args = [f"--reset-addr={reset_address:x}"]
    for kind in ("icache", "dcache"):
        cache = config.get(kind)
        if cache:
            args += [f"--with-{kind}", f"--{kind}-nways={cache['ways']}",
                     f"--{kind}-nlines={cache['lines_per_way']}", f"--{kind}-nwords={cache['line_bytes'] // 4}"]
    return args


def generate_verilog(config: dict, reset_address: int, cache_dir: Path | None, out: Path) -> None:
    """Minerva's Verilog for `config` into `out`, from the cache when it has it."""
    args = generator_arguments(config, reset_address)
    key = hashlib.sha256(json.dumps([args, _versions()], sort_keys=True).encode()).hexdigest()[:16]
    cached = cache_dir / f"minerva-{key}.v" if cache_dir else None
    if cached is not None and cached.exists():
        shutil.copyfile(cached, out)
        return
    source = Path(get_data_mod("cpu", "minerva").data_location)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(source), os.environ.get("PYTHONPATH")])))
    proc = subprocess.run([sys.executable, str(source / "cli.py"), *args, "generate", "--type=v", "--no-src"],
                          capture_output=True, text=True, env=env)
    if proc.returncode != 0 or "module minerva_cpu" not in proc.stdout:
        sys.stderr.write(proc.stderr[-4000:])
        raise SystemExit("rtb_soc: generating the Minerva core failed (are amaranth>=0.5,<0.6, amaranth-soc and "
                         "pythondata-cpu-minerva installed? run scripts/setup.sh --part minerva)")
    out.write_text(proc.stdout)
    if cached is not None:
        cache_dir.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(f".tmp{os.getpid()}")
        partial.write_text(proc.stdout)
        partial.replace(cached)


def register(config: dict, cache_dir: Path | None) -> str:
    """Registers a Minerva with `config` in LiteX's CPU table; returns its cpu_type."""

    class RtbMinerva(Minerva):
        name = NAME
        human_name = "Minerva"

        @property
        def gcc_flags(self) -> str:
            return "-march=rv32i -mabi=ilp32 -D__minerva__ "

        def do_finalize(self) -> None:
            assert hasattr(self, "reset_address")
            # Elaborating only for the register map (no output directory): no core needed.
            if getattr(self.platform, "output_dir", None):
                gateware = Path(self.platform.output_dir) / "gateware"
                gateware.mkdir(parents=True, exist_ok=True)
                verilog = gateware / "minerva.v"
                generate_verilog(config, self.reset_address, cache_dir, verilog)
                self.platform.add_source(str(verilog))
            params = dict(self.cpu_params)
            params.pop("i_timer_interrupt")
            params.pop("i_software_interrupt")
            params.pop("i_external_interrupt")
            params.update(i_timer_interrupt=0, i_software_interrupt=0, i_external_interrupt=0,
                          i_fast_interrupt=self.interrupt[:16])
            self.specials += Instance("minerva_cpu", **params)

    litex_cpus.CPUS[NAME] = RtbMinerva
    return NAME
