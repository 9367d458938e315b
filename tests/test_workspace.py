# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Where rtbench reads from and writes to: read-only commands create nothing, a bad workspace is a
clear exit-2 error, a damaged store still lists and reports its other runs. Through the real
command line, in fresh processes, with stores written by rtbench's own Store."""
from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.errors import RtbenchError
from rtbench.model import Result, Run, Scale
from rtbench.paths import Workspace, checkout_dir, firmware_dir, kernel_sources_dir, schema_dir
from rtbench.reports.report import run_to_json
from rtbench.results.store import Store

REPO = Path(__file__).resolve().parent.parent

# Every command that only reads, with arguments that reach the store.
READERS = {
    "report": ["report"],
    "runs": ["runs"],
    "compare": ["compare", "1", "2"],
    "check": ["check", "--baseline", "BASELINE"],
    "cache": ["cache"],
    "deadline": ["deadline", "--chain", "irq_latency", "--deadline", "220us"],
}


def rtbench(cwd: Path, *args: str, home: Path | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RTBENCH_")}
    env["PYTHONPATH"] = str(REPO)
    top = ["--home", str(home)] if home is not None else []
    return subprocess.run([sys.executable, "-m", "rtbench", *top, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, env=env)


def tree(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def sample_run(target: str) -> Run:
    return Run(manifest={"target": target, "os": "freertos"},
               results=[Result("sem_take", {}, "instructions", "ok", raw_samples=[160, 176, 160],
                               scale=Scale("instructions", 5, 16)),
                        Result("tick_cost", {"tasks": 5}, "instructions", "ok", raw_samples=[320],
                               scale=Scale("instructions", 5, 16))])


@pytest.fixture
def baseline(tmp_path: Path) -> Path:
    path = tmp_path / "base.json"
    path.write_text(json.dumps(run_to_json(sample_run("qemu-m3"))))
    return path


def reader_args(name: str, baseline: Path) -> list[str]:
    return [str(baseline) if arg == "BASELINE" else arg for arg in READERS[name]]


@pytest.mark.parametrize("name", list(READERS))
def test_read_commands_create_no_workspace(tmp_path: Path, baseline: Path, name: str) -> None:
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    proc = rtbench(cwd, *reader_args(name, baseline))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert f"no runs stored yet in {cwd / '.rtbench' / 'results.sqlite'}: run `rtbench run` first" in proc.stderr
    assert tree(cwd) == []
    elsewhere = tmp_path / "never" / "made"
    proc = rtbench(cwd, *reader_args(name, baseline), home=elsewhere)
    assert proc.returncode == 2 and f"no runs stored yet in {elsewhere / 'results.sqlite'}" in proc.stderr
    assert not (tmp_path / "never").exists() and tree(cwd) == []


def test_list_and_sources_touch_no_workspace(tmp_path: Path) -> None:
    for args in (["list"], ["sources"]):
        proc = rtbench(tmp_path, *args)
        assert proc.returncode == 0, proc.stderr
    assert tree(tmp_path) == []


@pytest.mark.parametrize("name", list(READERS))
def test_home_that_is_a_file_is_a_clear_error(tmp_path: Path, baseline: Path, name: str) -> None:
    home = tmp_path / "a-file"
    home.write_text("not a workspace\n")
    proc = rtbench(tmp_path, *reader_args(name, baseline), home=home)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert f"the workspace {home} is a file, not a directory" in proc.stderr and "--home" in proc.stderr
    assert home.read_text() == "not a workspace\n"


def test_footprint_refuses_a_workspace_it_cannot_write(tmp_path: Path) -> None:
    home = tmp_path / "a-file"
    home.write_text("")
    proc = rtbench(tmp_path, "footprint", home=home)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert f"the workspace {home} is a file, not a directory" in proc.stderr and "you can write" in proc.stderr
    proc = rtbench(tmp_path, "footprint", home=home / "below")
    assert proc.returncode == 2 and f"the workspace {home / 'below'} cannot be created: {home} is a file" in proc.stderr


def test_store_that_is_a_directory_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "home" / "results.sqlite").mkdir(parents=True)
    proc = rtbench(tmp_path, "runs", home=tmp_path / "home")
    assert proc.returncode == 2 and f"the result store {tmp_path / 'home' / 'results.sqlite'} is not a file" \
        in proc.stderr


def test_reading_a_store_writes_nothing(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with Store(Workspace(home).store) as store:
        store.save(sample_run("qemu-m3"))
        store.save(sample_run("qemu-m3"))
    before = {name: (home / name).read_bytes() for name in tree(home)}
    for args in (["runs"], ["report"], ["report", "1", "2"], ["compare", "1", "last"]):
        proc = rtbench(tmp_path, *args, home=home)
        assert proc.returncode == 0, proc.stderr
    assert {name: (home / name).read_bytes() for name in tree(home)} == before


def test_a_damaged_run_is_named_and_the_others_still_report(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with Store(Workspace(home).store) as store:
        ids = [store.save(sample_run(target)) for target in ("qemu-m3", "linux", "vexriscv-sim")]
    db = sqlite3.connect(Workspace(home).store)
    db.execute("UPDATE results SET notes = 'heap_4' WHERE run_id = ? AND position = 1", (ids[1],))
    db.execute("UPDATE runs SET manifest = '{\"target\": ' WHERE id = ?", (ids[2],))
    db.commit()
    db.close()
    runs = rtbench(tmp_path, "runs", home=home)
    assert runs.returncode == 0, runs.stderr
    lines = runs.stdout.splitlines()
    assert len(lines) == 3 and "qemu-m3/freertos  2 results" in lines[0] and "DAMAGED" not in lines[0]
    assert "DAMAGED: result 1 (tick_cost): its notes column is not valid JSON" in lines[1]
    assert "DAMAGED: its manifest is not valid JSON" in lines[2]
    assert rtbench(tmp_path, "report", str(ids[0]), home=home).returncode == 0
    for run_id, problem in ((ids[1], "result 1 (tick_cost): its notes column is not valid JSON"),
                            (ids[2], "its manifest is not valid JSON")):
        proc = rtbench(tmp_path, "report", str(run_id), home=home)
        assert proc.returncode == 2 and "Traceback" not in proc.stderr
        assert f"run {run_id} in {Workspace(home).store} is damaged: {problem}" in proc.stderr
    latest = rtbench(tmp_path, "report", home=home)  # the last run is the damaged one
    assert latest.returncode == 2 and f"run {ids[2]} in" in latest.stderr


# --- a read-only location: reading works, writing is refused before anything starts ----------------

def _read_only_mount_available() -> bool:
    return os.geteuid() == 0 and shutil.which("unshare") is not None and subprocess.run(
        ["unshare", "--mount", "true"], capture_output=True).returncode == 0


@pytest.mark.skipif(not _read_only_mount_available(), reason="needs root and unshare for a read-only bind mount")
def test_read_only_workspace_is_read_and_refused_for_writing(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with Store(Workspace(home).store) as store:
        store.save(sample_run("qemu-m3"))
    before = tree(home)
    script = (
        "import sys; from pathlib import Path; from rtbench.paths import Workspace; from rtbench.errors import "
        "RtbenchError\n"
        f"home = Workspace(Path({str(home)!r}))\n"
        "home.check_readable()\n"
        "try:\n    home.check_writable()\nexcept RtbenchError as err:\n    print(err); sys.exit(0)\nsys.exit(1)\n")
    # A private mount namespace: the read-only bind mount disappears with the process.
    shell = (f"mount --bind {home} {home} && mount -o remount,bind,ro {home} && "
             f"{sys.executable} -m rtbench --home {home} runs && {sys.executable} -m rtbench --home {home} report && "
             f"{sys.executable} -c \"$0\"")
    env = {k: v for k, v in os.environ.items() if not k.startswith("RTBENCH_")}
    env["PYTHONPATH"] = str(REPO)
    proc = subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c", shell, script],
                          capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "qemu-m3/freertos  2 results" in proc.stdout and "sem_take" in proc.stdout
    assert f"cannot write the workspace {home}: permission denied or read-only file system" in proc.stdout
    assert tree(home) == before


# --- the checks themselves, and where the trees are found in a checkout ---------------------------

def test_check_writable_and_readable(tmp_path: Path) -> None:
    Workspace(tmp_path / "new" / "home").check_writable()  # creatable
    Workspace(tmp_path / "new" / "home").check_readable()  # nothing there yet: the store says so later
    assert not (tmp_path / "new").exists()
    (tmp_path / "file").write_text("")
    with pytest.raises(RtbenchError, match="is a file, not a directory"):
        Workspace(tmp_path / "file").check_readable()
    with pytest.raises(RtbenchError, match="is a file, not a directory"):
        Workspace(tmp_path / "file").check_writable()
    with pytest.raises(RtbenchError, match=f"cannot be created: {tmp_path / 'file'} is a file"):
        Workspace(tmp_path / "file" / "home").check_writable()
    (tmp_path / "home" / "results.sqlite").mkdir(parents=True)
    with pytest.raises(RtbenchError, match="not a file"):
        Workspace(tmp_path / "home").check_writable()


def test_workspace_is_absolute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert Workspace(Path("rel")).root == tmp_path / "rel"
    assert Workspace(Path("rel")).store == tmp_path / "rel" / "results.sqlite"


def test_a_checkout_uses_its_own_trees(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RTBENCH_FIRMWARE", raising=False)
    assert checkout_dir() == REPO
    assert firmware_dir() == REPO / "firmware"
    assert kernel_sources_dir() == REPO / "kernel-sources"
    assert schema_dir() == REPO / "docs" / "schema"


def test_a_wrong_firmware_override_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RTBENCH_FIRMWARE", str(tmp_path))
    with pytest.raises(RtbenchError, match=f"RTBENCH_FIRMWARE={tmp_path} is not rtbench's firmware directory"):
        firmware_dir()
    env = {**os.environ, "RTBENCH_FIRMWARE": str(tmp_path), "PYTHONPATH": str(REPO)}
    proc = subprocess.run([sys.executable, "-m", "rtbench", "list"], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=120)
    assert proc.returncode == 2 and "RTBENCH_FIRMWARE" in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.parametrize("name, shown", [('quote"d', "'\"'"), ("dollar$HOME", "'$'"), ("back`tick", "'`'"),
                                         ("semi;colon", "';'"), ("per%cent", "'%'"), ("line\nbreak", "'\\n'"),
                                         ("tab\tbed", "'\\t'")])
def test_a_workspace_the_build_tools_cannot_take_is_refused_before_building(tmp_path: Path, name: str,
                                                                             shown: str) -> None:
    """A line break ended in a 30-line CMake error, '%' in ld's (it reads '%' in the map file's
    path as a placeholder); both left the folder behind. Each is named up front."""
    home = tmp_path / name / "ws"
    message = f"holds {shown}, which CMake, Ninja and the linker cannot take in a build directory"
    with pytest.raises(RtbenchError, match=re.escape(message)):
        Workspace(home).check_writable()
    proc = subprocess.run([sys.executable, "-m", "rtbench", "run", "--home", str(home), "--bench", "sem_take"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "without quotes" in proc.stderr
    assert message in proc.stderr and "CMake Error" not in proc.stderr
    assert list(tmp_path.iterdir()) == []  # refused before anything was made
    Workspace(tmp_path / "with space" / "ws").check_writable()  # a space is fine
