# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Optional SoC blocks: only the kernel that needs freertos-codesign's task slots asks for them,
its models are cached apart from the plain ones, and the SoC script refuses a block it does not
know before elaborating anything."""
from __future__ import annotations

import subprocess
import sys

import pytest

from rtbench.acquire.build import soc_blocks
from rtbench.acquire.platforms import find_kernel, find_target
from rtbench.acquire.runners.soc_model import _key, soc_script


def test_only_the_codesigned_kernel_asks_for_the_task_slots() -> None:
    assert soc_blocks(find_kernel("freertos-codesign")) == ("task_slots",)
    assert [name for name in ("freertos", "freertos-hw", "ucos2", "threadx") if soc_blocks(find_kernel(name))] == []


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
