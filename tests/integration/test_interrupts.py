# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""No measurement lost and no process left behind when `rtbench run` is stopped: SIGTERM and
Ctrl-C keep the benchmarks that finished; after SIGKILL the emulator or image dies too."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rtbench.acquire.build import Build

REPO = Path(__file__).resolve().parents[2]


def _children(pid: int) -> list[int]:
    """Every live descendant of `pid` (from /proc), zombies excluded."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z":
            parents[int(entry.name)] = int(fields[1])
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        kids = [child for child, ppid in parents.items() if ppid == parent]
        found += kids
        frontier += kids
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _start(home: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "rtbench", "--home", str(home), "run", *args], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for(proc: subprocess.Popen[str], text: str, seconds: float = 120) -> list[str]:
    """Progress lines until one contains `text` (the first benchmark finished, say)."""
    assert proc.stderr is not None
    seen = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        if not line:
            break
        seen.append(line)
        if text in line:
            return seen
    proc.kill()
    pytest.fail(f"never saw {text!r}: {''.join(seen)[-2000:]}")


def _guest_of(proc: subprocess.Popen[str], program: str) -> int:
    """The pid of the emulator or image `proc` runs (it hangs by design, so it is there)."""
    for _ in range(50):
        for child in _children(proc.pid):
            try:
                command = Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")[0].decode()
            except OSError:
                continue
            if command.endswith(program):
                return child
        time.sleep(0.1)
    pytest.fail(f"no {program} under rtbench")


@pytest.mark.parametrize("sig, status", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_stopped_run_keeps_what_finished_and_stops_the_emulator(tmp_path: Path, built_image: Build,
                                                                  sig: int, status: int) -> None:
    home, out = tmp_path / "home", tmp_path / "out.json"
    proc = _start(home, "--bench", "task_switch,sem_take,tick_cost", "--option", "inject=hang:tick_cost",
                  "--json", str(out))
    _wait_for(proc, "sem_take")
    qemu = _guest_of(proc, "qemu-system-arm")
    proc.send_signal(sig)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == status, stderr
    assert not _alive(qemu)
    assert "Traceback" not in stderr and f"interrupted ({signal.Signals(sig).name})" in stderr
    # Printed, written and stored: the two finished benchmarks with numbers, the third as interrupted.
    assert "task_switch" in stdout and "interrupted" in stdout
    written = {r["bench"]: r for r in json.loads(out.read_text())["results"]}
    assert written["task_switch"]["status"] == "ok" and written["task_switch"]["n"] == 1000
    assert written["sem_take"]["status"] == "ok"
    assert written["tick_cost"]["status"] == "error" and "interrupted" in written["tick_cost"]["reason"]
    listed = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(home), "report", "--json",
                             str(tmp_path / "stored.json")], cwd=REPO, capture_output=True, text=True)
    assert listed.returncode == 0, listed.stderr
    stored = json.loads((tmp_path / "stored.json").read_text())
    assert stored["manifest"]["interrupted"] == signal.Signals(sig).name
    assert [r["status"] for r in stored["results"]][:2] == ["ok", "ok"]


def _kill_and_expect_gone(proc: subprocess.Popen[str], guest: int) -> bool:
    """SIGKILL rtbench (no chance to clean up): is its guest gone within 10 s?"""
    proc.kill()
    proc.wait(timeout=30)
    deadline = time.monotonic() + 10
    while _alive(guest) and time.monotonic() < deadline:
        time.sleep(0.1)
    return not _alive(guest)


def test_sigkill_takes_the_emulator_with_it(tmp_path: Path, built_image: Build) -> None:
    proc = _start(tmp_path / "home", "--bench", "task_switch,tick_cost", "--option", "inject=hang:tick_cost")
    _wait_for(proc, "task_switch")
    assert _kill_and_expect_gone(proc, _guest_of(proc, "qemu-system-arm")), "qemu outlived a killed rtbench"


def test_sigkill_takes_a_spinning_linux_image_with_it(tmp_path: Path, linux_image: Build) -> None:
    # A hung image spins at SCHED_FIFO on its CPU; it must not keep doing so once rtbench is gone.
    proc = _start(tmp_path / "home", "--target", "linux", "--bench", "sem_take,sem_give",
                  "--option", "inject=hang:sem_give")
    _wait_for(proc, "sem_take")
    assert _kill_and_expect_gone(proc, _guest_of(proc, "rtbench.elf")), "the linux image outlived a killed rtbench"


def test_interrupted_before_anything_finished_stores_nothing(tmp_path: Path, built_image: Build) -> None:
    home = tmp_path / "home"
    proc = _start(home, "--bench", "task_switch", "--option", "inject=hang:task_switch")
    _wait_for(proc, "build")
    qemu = _guest_of(proc, "qemu-system-arm")
    proc.send_signal(signal.SIGTERM)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 143 and "interrupted (SIGTERM)" in stderr and "Traceback" not in stderr
    assert not _alive(qemu)
    runs = subprocess.run([sys.executable, "-m", "rtbench", "--home", str(home), "runs"], cwd=REPO,
                          capture_output=True, text=True)
    assert runs.stdout.strip() == ""


def test_the_guest_refuses_counts_it_cannot_hold(linux_image: Build) -> None:
    # The host refuses these before building; the image must also refuse them on its own rather
    # than measure a wrapped count (4294967396 would read as 100).
    words = ["select=task_switch", "iterations=4294967396", "warmup=10"]
    proc = subprocess.run([str(linux_image.elf), *words], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "LC_ALL": "C"})
    end = next(line for line in proc.stdout.splitlines() if " END " in line)
    assert "status=fail" in end and "iterations%20is%20not%20a%20whole%20number" in end
