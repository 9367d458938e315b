# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The interrupt cross-check's parts that need no emulator run (tests/integration/test_irq_exact.py
runs it): its plugin builds from the package's data with the plugins' strict flags, and the fire
instant's delay is read from the firmware as a whole number of instructions."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from rtbench.acquire import irq_crosscheck, qemu_plugin
from rtbench.acquire.platforms import find_target


def test_the_timer_access_plugin_builds_from_the_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    library = qemu_plugin.install(qemu_plugin.MMIO_TRACE)
    assert library.is_relative_to(tmp_path) and library.name.startswith("rtb_mmio_trace-")
    symbols = subprocess.run(["nm", "-D", "--defined-only", str(library)], capture_output=True, text=True,
                             check=True).stdout.split()
    assert {"qemu_plugin_install", "qemu_plugin_version"} <= set(symbols)


def test_the_trigger_delay_is_whole_instructions_on_every_cortex_m_qemu_board() -> None:
    """80 us (rtb/irq.h's lead) at each board's -icount shift; the boards' timers are known."""
    for name in ("qemu-m0", "qemu-m3", "qemu-m4f", "qemu-m7", "qemu-m33"):
        target = find_target(name)
        assert target.spec["qemu"]["machine"] in irq_crosscheck.TIMERS, name
        shift = int(target.spec["qemu"]["icount"].split("shift=")[1].split(",")[0])
        assert irq_crosscheck.delay_instructions(target) == 80_000 >> shift, name
    assert irq_crosscheck.witness_rounds() >= 1
