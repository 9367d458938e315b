# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The what-if commands' input handling: a clock sweep's range, and mistakes refused with a hint
and exit status 2 before any stored run is read."""
from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.analysis.clock_sweep import parse_sweep
from rtbench.analysis.weiss import caches_kind
from rtbench.errors import RtbenchError

REFERENCE = Path(__file__).resolve().parent.parent / "docs" / "reference"


def test_sweep_takes_both_ends_and_a_step() -> None:
    assert parse_sweep("25MHz:80MHz") == pytest.approx([25e6 + 5e6 * i for i in range(12)])
    assert parse_sweep("25MHz:28MHz:1MHz") == pytest.approx([25e6, 26e6, 27e6, 28e6])
    # A step that does not land on the upper end still ends there.
    assert parse_sweep("10MHz:24MHz:5MHz") == pytest.approx([10e6, 15e6, 20e6, 24e6])


@pytest.mark.parametrize("text,match", [("80MHz:25MHz", "upper clock"), ("25MHz", "LOW:HIGH"),
                                        ("fast:80MHz", "not a clock"), ("1kHz:1GHz:1Hz", "steps"),
                                        ("0.000001Hz:80MHz", "outside 1 kHz..10 GHz"),
                                        ("25MHz:100GHz", "outside 1 kHz..10 GHz")])
def test_bad_sweep_is_refused(text: str, match: str) -> None:
    with pytest.raises(RtbenchError, match=match):
        parse_sweep(text)


def test_cache_descriptions_name_their_kind() -> None:
    assert caches_kind("none") == "none"
    assert caches_kind("2 KiB I-cache, no D-cache") == "I only"
    assert caches_kind("no I-cache, 1 KiB D-cache") == "D only"
    assert caches_kind("4 KiB I-cache + 4 KiB D-cache (direct-mapped)") == "I+D"


@pytest.mark.parametrize("argv,match", [
    (["deadline", "--sweep", "80MHz:25MHz"], "upper clock"),
    (["deadline", "--html", "x.html", "--chain", "irq_task_wake"], "--html draws the clock sweep"),
    (["deadline"], "needs --chain, or --sweep"),
    (["deadline", "--sweep", "25MHz:80MHz"], "no runs stored yet"),
    (["cache", "--study", "missing.json"], "cache --study is now rtbench study"),
    (["deadline", "--chain", "irq_task_wake", "--clock", "0.000001Hz"],
     "'0.000001Hz' (1e-06 Hz) is outside 1 kHz..10 GHz, the range of a CPU clock"),
    (["run", "--clock", "20GHz"], "'20GHz' (2e+10 Hz) is outside 1 kHz..10 GHz"),
    (["cache", "--run", str(REFERENCE / "qemu-m3-freertos.json.gz")],
     "is a run on qemu-m3, which has no CPU variants: cache compares the CPU variants of vexriscv-sim"),
    (["deadline", "--chain", "task_switch", "--run", str(REFERENCE / "qemu-m3-freertos.json.gz")],
     "is a run on qemu-m3, which has no CPU variants: deadline compares the CPU variants of vexriscv-sim"),
])
def test_what_if_mistakes_exit_2_with_a_hint(tmp_path: Path, argv: list[str], match: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path), *argv],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert match in proc.stderr and "Traceback" not in proc.stderr


def test_a_clock_recorded_out_of_range_is_refused_as_the_option_would_be(tmp_path: Path) -> None:
    """A run file's clock_hz of 10^-6 Hz gave a budget share of 10^17 %."""
    run = json.loads(gzip.decompress((REFERENCE / "vexriscv-sim-caches-freertos.json.gz").read_bytes()))
    run["manifest"]["clock_hz"] = 1e-6
    path = tmp_path / "slow-clock.json"
    path.write_text(json.dumps(run))
    argv = ["deadline", "--chain", "irq_task_wake", "--run", str(path)]
    proc = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path), *argv],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, proc.stdout
    assert "(1e-06 Hz) is outside 1 kHz..10 GHz" in proc.stderr and "give the clock with --clock" in proc.stderr
    given = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path), *argv, "--clock", "50MHz"],
                           capture_output=True, text=True, timeout=60)
    assert given.returncode == 0 and "kernel share of budget @ 50 MHz" in given.stdout, given.stderr
