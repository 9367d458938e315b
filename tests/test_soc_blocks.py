# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Optional SoC blocks: only the kernels that need them ask for them (freertos-hw the hardware
scheduler, freertos-codesign the task slots), their models are cached apart from the plain ones,
an absent block moves no other register or interrupt, and the SoC script refuses a block it does
not know before elaborating anything."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.acquire.build import soc_blocks
from rtbench.acquire.platforms import find_kernel, find_target
from rtbench.acquire.runners.soc_model import _key, soc_script


def test_only_the_kernels_that_use_a_block_ask_for_it() -> None:
    assert soc_blocks(find_kernel("freertos-codesign")) == ("task_slots",)
    assert soc_blocks(find_kernel("freertos-hw")) == ("hwsched",)
    assert [name for name in ("freertos", "ucos2", "threadx") if soc_blocks(find_kernel(name))] == []


def _register_map(out: Path, *blocks: str) -> tuple[dict[str, int], dict[str, int]]:
    """Register addresses and interrupt numbers of the standard SoC with `blocks`."""
    command = [sys.executable, str(soc_script(find_target("vexriscv-sim"))), "--out", str(out)]
    subprocess.run([*command, *(["--blocks", ",".join(blocks)] if blocks else [])], check=True,
                   capture_output=True, timeout=300)
    csr = json.loads((out / "csr.json").read_text())
    registers = {name: reg["addr"] for name, reg in csr["csr_registers"].items()}
    interrupts = {name: value for name, value in csr["constants"].items()
                  if name.endswith("_interrupt") and isinstance(value, int)}
    return registers, interrupts


def test_without_the_hardware_scheduler_nothing_else_moves(tmp_path: Path) -> None:
    """The software kernels' SoC leaves the priority selector and timer bank out but keeps their
    places, so their images are the same as on a SoC with them."""
    pytest.importorskip("litex")
    plain, plain_irqs = _register_map(tmp_path / "plain")
    full, full_irqs = _register_map(tmp_path / "hwsched", "hwsched")
    ours = ("hwsched_", "hwtimers_")
    assert {k: v for k, v in plain.items() if not k.startswith(ours)} == \
        {k: v for k, v in full.items() if not k.startswith(ours)}
    assert sorted(k for k in plain if k.startswith(ours)) == ["hwsched_absent", "hwtimers_absent"]
    assert {"hwsched_top", "hwtimers_load"} <= set(full)
    assert plain_irqs.pop("hwtimers_reserved_interrupt") == full_irqs.pop("hwtimers_interrupt")
    assert plain_irqs == full_irqs


def test_a_model_with_the_slots_is_another_model() -> None:
    pytest.importorskip("litex")
    target = find_target("vexriscv-sim")
    assert _key(target, "minimal", ()) != _key(target, "minimal", ("task_slots",))
    assert _key(target, "minimal", ()) == _key(target, "minimal", ())


def test_the_soc_script_refuses_an_unknown_block() -> None:
    pytest.importorskip("litex")
    proc = subprocess.run([sys.executable, str(soc_script(find_target("vexriscv-sim"))), "--out", "/nonexistent",
                           "--blocks", "task_slots,warp_drive"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "unknown block(s) warp_drive" in proc.stderr and "task_slots" in proc.stderr
