# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The SoC's other CPUs as the SoC script elaborates them: CV32E40P and Hazard3 on their
zero-wait RAM keep every register address and interrupt number of the VexRiscv SoC (one register
map, one image per ISA for every memory path); Hazard3's instruction FIFO process is split for
Verilator without changing a statement, and a frontend of another form is refused naming the
reason."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.acquire import cpu_rtl
from rtbench.acquire.platforms import find_target
from rtbench.acquire.runners.soc_model import soc_script

SOC = soc_script(find_target("vexriscv-sim"))


def _registers(out: Path, variant: str, config: dict | None = None) -> dict[str, object]:
    """Each register's offset from the CSR region (VexRiscv's lies elsewhere than the other
    CPUs'), main RAM's address, the interrupt numbers."""
    command = [sys.executable, str(SOC), "--variant", variant, "--out", str(out)]
    if config is not None:
        command += ["--cpu-config", json.dumps(config)]
    subprocess.run(command, check=True, capture_output=True, timeout=300)
    csr = json.loads((out / "csr.json").read_text())
    base = csr["memories"]["csr"]["base"]
    return {"registers": {name: reg["addr"] - base for name, reg in csr["csr_registers"].items()},
            "main_ram": csr["memories"]["main_ram"]["base"],
            "interrupts": {k: v for k, v in csr["constants"].items() if k.endswith("_interrupt")}}


def test_the_cpus_on_their_own_ram_keep_the_socs_register_map(tmp_path: Path) -> None:
    vexriscv = _registers(tmp_path / "standard", "standard")
    for variant, config in (("cv32e40p", None), ("hazard3", None),
                            ("hazard3:bus=wishbone", {"cpu": "hazard3", "isa": "rp2350", "bus": "wishbone"})):
        assert _registers(tmp_path / variant.replace(":", "_"), variant, config) == vexriscv, variant


def _soc_module(name: str):
    sys.path.insert(0, str(SOC.parent))
    try:
        return __import__(name)
    finally:
        sys.path.remove(str(SOC.parent))


def test_hazard3s_fifo_process_is_split_with_every_statement_kept() -> None:
    rtl = cpu_rtl.locate_hazard3()
    if rtl is None:
        pytest.skip(f"cpu vexriscv-sim hazard3 is not set up ({cpu_rtl.missing_hint()})")
    hazard3 = _soc_module("hazard3_cpu")
    text = (rtl / "hdl" / hazard3.FRONTEND).read_text()
    split = hazard3.split_frontend_process(text)
    assert split.count("always @ (*) begin: boundary_conditions") == 1
    assert split.count("always @ (*) begin: fifo_valid_flags") == 1
    # The same statements: only the second process's head (and the first's end) is new.
    assert split.replace("end\n\nalways @ (*) begin: fifo_valid_flags\n\tinteger i;\n", "", 1) == text
    with pytest.raises(SystemExit, match="no boundary_conditions process of the expected form"):
        hazard3.split_frontend_process(text.replace("boundary_conditions", "renamed"))
