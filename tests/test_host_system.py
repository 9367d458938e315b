# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench system`: this host's settings read from /sys and /proc, and tune/reset changing the
safe ones and restoring them exactly."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.acquire import host_system


def rtbench(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rtbench", *args], capture_output=True, text=True, timeout=60)


def test_show_reads_this_host() -> None:
    settings = {s.name: s for s in host_system.inspect()}
    runtime = host_system.RT_RUNTIME.read_text().strip()
    throttling = settings["real-time throttling"]
    assert throttling.ok == (runtime == "-1")
    assert ("off" if runtime == "-1" else f"{int(runtime) / 1000:g} ms") in throttling.value
    smt = (host_system.SYS_CPU / "smt" / "active")
    if smt.is_file():
        assert settings["simultaneous multithreading"].value == ("on" if smt.read_text().strip() == "1" else "off")
    shown = rtbench("system", "show")
    assert shown.returncode == 0 and "real-time throttling" in shown.stdout


def test_tune_and_reset_restore_the_old_values(tmp_path: Path) -> None:
    if not os.access(host_system.RT_RUNTIME, os.W_OK):
        pytest.skip("this host's /proc/sys cannot be written here (not root, or a read-only container)")
    before = host_system.RT_RUNTIME.read_text()
    home = tmp_path / "ws"
    try:
        tuned = rtbench("system", "tune", "--home", str(home))
        assert tuned.returncode == 0, tuned.stderr
        assert host_system.RT_RUNTIME.read_text().strip() == "-1"
        again = rtbench("system", "tune", "--home", str(home))  # a second tune keeps the first's old values
        assert again.returncode == 0
    finally:
        restored = rtbench("system", "reset", "--home", str(home))
    assert restored.returncode == 0, restored.stderr
    assert host_system.RT_RUNTIME.read_text() == before
    assert not (home / "system-tune.json").exists()
