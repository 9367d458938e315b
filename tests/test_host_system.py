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


def _reset(home: Path) -> subprocess.CompletedProcess:
    return rtbench("system", "reset", "--home", str(home))


@pytest.mark.parametrize("text, why", [
    ('{"VICTIM": "written by root"}', "which rtbench system tune never writes"),
    ('{"/proc/sys/kernel/sched_rt_runtime_us": "-1", "/etc/cron.d/x": "* * * * * root sh"}', "never writes"),
    ('{"/proc/sys/kernel/sched_rt_runtime_us": "950000\\n-1"}', "is not a real-time runtime"),
    ('{"/proc/sys/kernel/sched_rt_runtime_us": 950000}', "int, not text"),
    ('{"/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor": "x; reboot"}', "is not a governor"),
    ('{"/sys/devices/system/cpu/cpu0/../../../../../etc/passwd/cpufreq/scaling_governor": "performance"}',
     "never writes"),
    ("not json {", "not JSON"),
    ('["/proc/sys/kernel/sched_rt_runtime_us", "-1"]', "a JSON list, not an object"),
    ("\udcff", "not JSON"),
])
def test_reset_refuses_what_tune_did_not_save(tmp_path: Path, text: str, why: str) -> None:
    victim = tmp_path / "victim"
    victim.write_text("untouched\n")
    home = tmp_path / "ws"
    home.mkdir()
    saved = home / "system-tune.json"
    saved.write_bytes(text.replace("VICTIM", str(victim)).encode("utf-8", "surrogateescape"))
    saved.chmod(0o600)
    done = _reset(home)
    assert done.returncode == 2, done.stderr
    assert why in done.stderr and "is not what rtbench system tune saved" in done.stderr
    assert "Traceback" not in done.stderr and "nothing was written" in done.stderr
    assert victim.read_text() == "untouched\n" and saved.exists()


def test_reset_reads_only_a_file_of_its_own_that_no_one_else_may_write(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    home = tmp_path / "ws"
    home.mkdir()
    saved = home / "system-tune.json"
    # This host's own value: were it written after all, nothing would change.
    current = host_system.RT_RUNTIME.read_text().strip()
    victim.write_text(f'{{"{host_system.RT_RUNTIME}": "{current}"}}')
    saved.symlink_to(victim)
    assert _reset(home).returncode == 2 and "a symbolic link" in _reset(home).stderr
    saved.unlink()
    saved.write_text(victim.read_text())
    saved.chmod(0o666)
    writable = _reset(home)
    assert writable.returncode == 2 and "other users may write it" in writable.stderr
    if os.geteuid() == 0:  # a file another user planted in the folder sudo runs in
        saved.chmod(0o644)
        os.chown(saved, 65534, 65534)
        planted = _reset(home)
        assert planted.returncode == 2 and "belongs to user 65534" in planted.stderr


def test_tune_saves_over_a_planted_link_without_following_it(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("untouched\n")
    saved = tmp_path / "ws" / "system-tune.json"
    saved.parent.mkdir()
    saved.symlink_to(victim)
    host_system._save(saved, {str(host_system.RT_RUNTIME): "950000"})
    assert victim.read_text() == "untouched\n" and not saved.is_symlink()
    assert host_system.load_saved(saved) == {str(host_system.RT_RUNTIME): "950000"}
    assert saved.stat().st_mode & 0o777 == 0o600
