# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The what-if commands' input handling: a clock sweep's range, and mistakes refused with a hint
and exit status 2 before any stored run is read."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.analysis.clock_sweep import parse_sweep
from rtbench.analysis.weiss import caches_kind
from rtbench.errors import RtbenchError


def test_sweep_takes_both_ends_and_a_step() -> None:
    assert parse_sweep("25MHz:80MHz") == pytest.approx([25e6 + 5e6 * i for i in range(12)])
    assert parse_sweep("25MHz:28MHz:1MHz") == pytest.approx([25e6, 26e6, 27e6, 28e6])
    # A step that does not land on the upper end still ends there.
    assert parse_sweep("10MHz:24MHz:5MHz") == pytest.approx([10e6, 15e6, 20e6, 24e6])


@pytest.mark.parametrize("text,match", [("80MHz:25MHz", "upper clock"), ("25MHz", "LOW:HIGH"),
                                        ("fast:80MHz", "not a clock"), ("1Hz:1GHz:1Hz", "steps")])
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
    (["cache", "--study", "missing.json"], "cannot read missing.json"),
])
def test_what_if_mistakes_exit_2_with_a_hint(tmp_path: Path, argv: list[str], match: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(tmp_path), *argv],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert match in proc.stderr and "Traceback" not in proc.stderr
