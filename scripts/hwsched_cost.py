#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""What the hardware scheduler (priority selector + timer bank) adds to the vexriscv-sim SoC:
generates the SoC's Verilog with and without it, maps both to yosys' generic gates and prints
the difference in flip-flop bits and cells as a Markdown table.

    python3 scripts/hwsched_cost.py [--variant standard]

Needs litex/migen (scripts/setup.sh) and yosys (Debian package `yosys`). The VexRiscv core is a
separate Verilog file and stays a black box here, so the totals are the SoC around the CPU."""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SOC_SCRIPT = Path(__file__).resolve().parent.parent / "firmware/targets/vexriscv-sim/soc/rtb_soc.py"
_YOSYS = ("read_verilog -sv soc.v; proc; opt -fast; memory -nomap; opt_clean; techmap; opt -fast; opt_clean; "
          "tee -q -o stat.txt stat")


def _gateware(variant: str, with_hwsched: bool, out: Path) -> Path:
    args = [sys.executable, str(SOC_SCRIPT), "--variant", variant, "--out", str(out), "--build", "--verilog-only"]
    if with_hwsched:
        args += ["--blocks", "hwsched"]
    env = dict(os.environ, SOURCE_DATE_EPOCH="0")
    proc = subprocess.run(args, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        raise SystemExit(f"generating the SoC failed:\n{proc.stderr[-2000:]}")
    gateware = out / "gateware"
    # The simulation-only finish register calls $finish, which synthesis rejects.
    verilog = (gateware / "sim.v").read_text().replace("$finish", "/* $finish */")
    (gateware / "soc.v").write_text(verilog)
    return gateware


def _stats(gateware: Path) -> dict[str, int]:
    proc = subprocess.run(["yosys", "-q", "-p", _YOSYS], cwd=gateware, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"yosys failed:\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    text = (gateware / "stat.txt").read_text()
    cells = int(re.search(r"Number of cells:\s+(\d+)", text).group(1))
    flops = sum(int(n) for n in re.findall(r"\$_S?DFFE?_\w+\s+(\d+)", text))
    return {"flip-flop bits": flops, "generic cells (gates, muxes, flops)": cells}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard")
    args = parser.parse_args()
    if not shutil.which("yosys"):
        raise SystemExit("yosys is not installed: run scripts/setup.sh --part fpga-cost, or apt-get install yosys")
    with tempfile.TemporaryDirectory(prefix="rtb-hwsched-cost-") as tmp:
        without = _stats(_gateware(args.variant, False, Path(tmp) / "without"))
        with_it = _stats(_gateware(args.variant, True, Path(tmp) / "with"))
    print(f"| SoC ({args.variant}, CPU excluded) | without | with hardware scheduler | added |")
    print("| --- | --- | --- | --- |")
    for key in without:
        print(f"| {key} | {without[key]} | {with_it[key]} | {with_it[key] - without[key]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
