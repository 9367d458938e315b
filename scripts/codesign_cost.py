#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""FPGA cost of the hardware schedulers, block by block: each Migen block of
firmware/targets/vexriscv-sim/soc (freertos-hw's priority selector and timer bank,
freertos-codesign's per-task slots with their counters) is converted to Verilog on its own and
synthesised by yosys for Xilinx 7-series (synth_xilinx: LUTs, flip-flops, CARRY4) and Lattice
ECP5 (synth_ecp5, an open flow: LUT4s, flip-flops); the logic depth is yosys' longest
topological path through the mapped 7-series cells between flip-flops and ports (ltp -noff).
Prints a Markdown table.

    python3 scripts/codesign_cost.py [--slots 64]

Needs migen/litex (scripts/setup.sh) and yosys. The CSR registers' bus side is left out (each
block's CSR storage is its input ports, its status its outputs): what is counted is the block."""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SOC = Path(__file__).resolve().parent.parent / "firmware/targets/vexriscv-sim/soc"


def _blocks(slots: int) -> dict[str, object]:
    sys.path.insert(0, str(SOC))
    from priority_selector import PrioritySelector
    from task_scheduler import TaskScheduler
    from timer_bank import TimerBank
    return {"priority selector (freertos-hw, 32 levels)": PrioritySelector(),
            "timer bank (freertos-hw, 32 x 24 bit)": TimerBank(),
            f"per-task slots + counters (freertos-codesign, {slots} slots)": TaskScheduler(slots)}


def _verilog(block: object, out: Path) -> None:
    from litex.soc.interconnect.csr import CSRStatus, CSRStorage
    from migen.fhdl.verilog import convert
    ios = set()
    for csr in block.get_csrs():  # type: ignore[attr-defined]
        if isinstance(csr, CSRStorage):
            ios |= {csr.storage, csr.re}
        elif isinstance(csr, CSRStatus):
            ios.add(csr.status)
    for name in ("tick", "wake", "expire"):
        signal = getattr(block, name, None)
        if signal is not None and not isinstance(signal, (list, dict)):
            ios.add(signal)
    convert(block, ios=ios, name="top").write(str(out))


def _yosys(script: str, cwd: Path) -> str:
    proc = subprocess.run(["yosys", "-q", "-p", script], cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"yosys failed:\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    return proc.stdout


def _count(text: str, pattern: str) -> int:
    return sum(int(n) for n in re.findall(pattern, text))


def cost(block: object, work: Path) -> dict[str, int]:
    _verilog(block, work / "top.v")
    _yosys("read_verilog top.v; synth_xilinx -top top -flatten; tee -q -o xilinx.txt stat; "
           "tee -q -o ltp.txt ltp -noff", work)
    _yosys("read_verilog top.v; synth_ecp5 -top top; tee -q -o ecp5.txt stat", work)
    xilinx, ecp5 = (work / "xilinx.txt").read_text(), (work / "ecp5.txt").read_text()
    depth = re.search(r"Longest topological path in \S+ \(length=(\d+)\)", (work / "ltp.txt").read_text())
    return {"7-series LUTs": _count(xilinx, r"\bLUT\d\s+(\d+)"),
            "7-series flip-flops": _count(xilinx, r"\bFD[RSCP]E?\s+(\d+)"),
            "CARRY4": _count(xilinx, r"\bCARRY4\s+(\d+)"),
            "ECP5 LUT4s": _count(ecp5, r"\bLUT4\s+(\d+)"),
            "ECP5 flip-flops": _count(ecp5, r"\bTRELLIS_FF\s+(\d+)"),
            "logic depth (7-series cells)": int(depth.group(1)) if depth else -1}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slots", type=int, default=64, help="per-task slots (the SoC has 64)")
    args = parser.parse_args()
    if not shutil.which("yosys"):
        raise SystemExit("yosys is not installed: run scripts/setup.sh --part fpga-cost, or apt-get install yosys")
    rows = {}
    for name, block in _blocks(args.slots).items():
        with tempfile.TemporaryDirectory(prefix="rtb-codesign-cost-") as tmp:
            rows[name] = cost(block, Path(tmp))
    columns = list(next(iter(rows.values())))
    print("| block | " + " | ".join(columns) + " |")
    print("| --- |" + " --- |" * len(columns))
    for name, row in rows.items():
        print(f"| {name} | " + " | ".join(str(row[c]) for c in columns) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
