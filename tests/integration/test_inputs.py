# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench run` with bad input: a clear message and exit 2 before anything is built, never a
traceback; input it accepts reaches the image as asked; a store that fails keeps the results."""
from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.acquire import platforms, sources
from rtbench.acquire.build import Build
from rtbench.paths import Workspace
from tests.conftest import home_sharing_builds

REPO = Path(__file__).resolve().parents[2]


def rtbench(home: Path, *args: str, cwd: Path = REPO,
            limit_file_size: int | None = None) -> subprocess.CompletedProcess[str]:
    def limit() -> None:
        if limit_file_size is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_file_size, limit_file_size))

    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "rtbench", "--home", str(home), *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600, preexec_fn=limit)


@pytest.mark.parametrize("args, message", [
    (["--iterations", "4294967396"], "outside 1..4294967295"),
    (["--iterations", "4294967295", "--warmup", "1"], "exceeds what the image counts"),
    (["--iterations", "0"], "outside 1..4294967295"),
    (["--bench", ","], "names no benchmark"),
    (["--silence", "0"], "is not a duration such as 90s or 2min"),
    (["--silence", "nan"], "is not a duration such as 90s or 2min"),
    (["--timeout", "-1"], "is not a duration such as 90s or 2min"),
    (["--bench", "tick_cost", "--option", "ticks=abc"], "whole number from 0 to 4294967295"),
    (["--bench", "tick_cost", "--option", "ticks=4294967296"], "whole number from 0 to 4294967295"),
    (["--bench", "task_switch", "--option", "ticks=500"], "read by tick_cost, which this run does not select"),
    (["--option", "no_such_key=1"], "no selected benchmark reads option no_such_key"),
    (["--option", "select=task_switch"], "set by rtbench itself"),
    (["--option", "iterations=5"], "set by rtbench itself"),
    (["--option", "cpu=0"], "applies to the linux target"),
    (["--option", "inject=explode:task_switch"], "expected fault:<benchmark> or hang:<benchmark>"),
    (["--opt", "O2"], "is not a compiler flag"),
    (["--json", "/no/such/dir/out.json"], "does not exist"),
    (["--target", "board"], "--target board needs --board, --serial and --gdb"),
    (["--target", "board", "--board", "nucleo-f401re"], "--target board needs --board, --serial and --gdb"),
    (["--target", "board", "--board", "no-such-board", "--serial", "/dev/null", "--gdb", ":3333"], "no board file"),
    (["--target", "board", "--board", "nucleo-g071rb", "--serial", "/dev/null", "--gdb", ":3333"],
     "which rtbench does not have yet"),
    (["--board", "nucleo-f401re"], "are for --target board"),
    (["--label", "O1\nbuild"], "'O1\\nbuild' holds '\\n': a label is one line of text without control characters"),
    (["--label", "\x1b[2Jx"], "holds '\\x1b': a label is one line"),
    (["--label", "x" * 201], "is 201 characters long, more than the 200 a label may have"),
])
def test_bad_input_is_refused_before_anything_is_built(tmp_path: Path, args: list[str], message: str) -> None:
    home = tmp_path / "home"
    proc = rtbench(home, "run", *args)
    assert proc.returncode == 2, proc.stderr
    assert message in proc.stderr and "Traceback" not in proc.stderr
    assert not (home / "build").exists()


def test_an_unusable_workspace_or_store_is_refused_before_building(tmp_path: Path) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("not a directory")
    proc = rtbench(a_file, "run")
    assert proc.returncode == 2 and "is a file, not a directory" in proc.stderr
    # /proc does not take new directories: a read-only place, even for root.
    proc = rtbench(Path("/proc/rtbench-home"), "run")
    assert proc.returncode == 2 and "not writable" in proc.stderr and "Traceback" not in proc.stderr
    damaged = tmp_path / "damaged"
    damaged.mkdir()
    (damaged / "results.sqlite").write_bytes(os.urandom(5000))
    proc = rtbench(damaged, "run", "--json", str(tmp_path / "out.json"))
    assert proc.returncode == 2 and "not a usable results store" in proc.stderr
    assert not (damaged / "build").exists() and not (tmp_path / "out.json").exists()


def test_a_relative_home_is_used_where_it_was_given(tmp_path: Path, built_image: Build) -> None:
    proc = rtbench(Path("rel-home"), "run", "--bench", "sem_take", "--iterations", "10", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert list((tmp_path / "rel-home" / "build").glob("qemu-m3-*/rtbench.elf"))
    assert not (REPO / "firmware" / "rel-home").exists()


def test_compiler_flags_reach_the_compiler_word_by_word(tmp_path: Path, built_image: Build) -> None:
    out = tmp_path / "out.json"
    proc = rtbench(tmp_path / "home", "run", "--bench", "sem_take", "--iterations", "10", "--opt", "-O2 -fno-inline",
                   "--json", str(out))
    assert proc.returncode == 0, proc.stderr
    compiler = json.loads(out.read_text())["manifest"]["compiler"]
    assert compiler["opt_flags"] == "-O2 -fno-inline"
    assert {"-O2", "-fno-inline"} <= set(compiler["flags"]["bench"])
    # A value starting with '-' after a space (argparse alone would take -O1 for an option).
    proc = rtbench(tmp_path / "home", "run", "--bench", "sem_take", "--iterations", "10", "--opt", "-O1",
                   "--json", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "-O1" in json.loads(out.read_text())["manifest"]["compiler"]["flags"]["bench"]


def test_a_long_run_is_not_cut_off_by_the_join_timeout(tmp_path: Path, workspace: Workspace,
                                                       built_image: Build) -> None:
    # 300 000 switches stream their samples from the workers for longer than a fixed 20 s join
    # timeout of virtual time: the join must scale with the loop count.
    out = tmp_path / "out.json"
    proc = rtbench(home_sharing_builds(tmp_path / "home", workspace), "run", "--bench", "task_switch",
                   "--iterations", "300000", "--json", str(out))
    assert proc.returncode == 0, proc.stderr
    result = json.loads(out.read_text())["results"][0]
    assert result["status"] == "ok" and result["n"] == 300000


def test_a_store_that_cannot_save_keeps_the_run_in_a_json_file(tmp_path: Path, built_image: Build) -> None:
    home = tmp_path / "home"
    # The kernel's tree given: no crate fetch, whose index files the size limit below would stop.
    source = ("--kernel-src", str(sources.locate(platforms.find_kernel("freertos")).path))
    assert rtbench(home, "run", "--bench", "sem_take", "--iterations", "10", *source).returncode == 0
    # No file may grow past the store's size: the store cannot take a new run, as on a full disk.
    size = (home / "results.sqlite").stat().st_size
    proc = rtbench(home, "run", "--bench", "sem_take", "--iterations", "50", *source, limit_file_size=size)
    assert proc.returncode == 2, proc.stderr
    assert "could not be stored" in proc.stderr and "Traceback" not in proc.stderr
    assert "sem_take" in proc.stdout  # the table came first
    rescued = list((home / "unsaved").glob("rtbench-run-*.json"))
    assert len(rescued) == 1 and str(rescued[0]) in proc.stderr
    report = rtbench(home, "report", str(rescued[0]))
    assert report.returncode == 0 and "sem_take" in report.stdout
    kept = json.loads(rescued[0].read_text())["results"][0]
    assert kept["status"] == "ok" and kept["n"] == 50


def test_read_commands_check_their_output_files_first(tmp_path: Path, workspace: Workspace,
                                                     built_image: Build) -> None:
    home = home_sharing_builds(tmp_path / "home", workspace)
    assert rtbench(home, "run", "--bench", "sem_take", "--iterations", "10").returncode == 0
    for args in (["report", "--json", "/no/such/dir/r.json"], ["report", "--html", "/no/such/dir/r.html"],
                 ["compare", "1", "1", "--json", "/no/such/dir/c.json"],
                 ["check", "--baseline", "/no/such/base.json", "--junit", "/no/such/dir/j.xml"]):
        proc = rtbench(home, *args)
        assert proc.returncode == 2 and "does not exist" in proc.stderr, (args, proc.stderr)
        assert proc.stdout == "" and "Traceback" not in proc.stderr, args


def test_a_home_with_a_name_longer_than_the_system_takes_is_refused(tmp_path: Path) -> None:
    """Every look at such a path is an OSError (Errno 36): it ended in a traceback."""
    home = tmp_path / ("a" * 300) / "home"
    for args in (["run", "--bench", "sem_take"], ["report"], ["runs"], ["report", "--json", str(tmp_path / "r.json")],
                 ["campaign", str(REPO / "campaigns" / "freertos-12.toml")]):
        proc = rtbench(home, *args)
        assert proc.returncode == 2, (args, proc.stderr)
        assert "is 300 bytes long, more than the 255 a file name can have" in proc.stderr, proc.stderr
        assert "Traceback" not in proc.stderr
    assert list(tmp_path.iterdir()) == []


def test_outputs_on_a_full_disk_are_whole_or_as_they_were(tmp_path: Path) -> None:
    """--html, --json and --bmf into a full file system (a tmpfs in a mount namespace of its own):
    write_text truncated the page it was replacing and left it empty. Each file is written aside
    and renamed: the old page stays, nothing half-written is left, and the error names the disk."""
    from tests.runfiles import result, write_run

    run = write_run(tmp_path / "run.json", [result("task_switch", [61, 62, 61] * 20)])
    disk = tmp_path / "disk"
    disk.mkdir()
    outputs = ("--html", "report.html"), ("--json", "report.json"), ("--bmf", "report.bmf.json")
    script = (f"mount -t tmpfs -o size=256k tmpfs {disk} || exit 99; "
              + "".join(f"echo before > {disk}/{name}; " for _, name in outputs)
              + f"dd if=/dev/zero of={disk}/fill bs=4k 2>/dev/null; "
              + "".join(f"{sys.executable} -m rtbench --home {tmp_path}/home report {run} {flag} {disk}/{name} "
                        f">/dev/null; echo \"status $?\" >&2; " for flag, name in outputs)
              + f"ls -A {disk}; " + "".join(f"cat {disk}/{name}; " for _, name in outputs))
    proc = subprocess.run(["unshare", "--map-root-user", "--mount", "sh", "-c", script], cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, text=True, timeout=300)
    assert proc.returncode != 99, f"no tmpfs in a mount namespace here: {proc.stderr}"
    assert proc.stderr.count("status 2") == 3, proc.stderr
    for _, name in outputs:
        assert f"cannot write {disk}/{name}: No space left on device ({disk}/{name} is as it was)" in proc.stderr
    assert "hint: free some space, or give a location on another disk" in proc.stderr
    assert "Traceback" not in proc.stderr
    listed, _, contents = proc.stdout.partition("before")
    assert sorted(listed.split()) == sorted(["fill", *(name for _, name in outputs)]), proc.stdout
    assert ("before" + contents).split() == ["before"] * 3, proc.stdout


@pytest.mark.parametrize("character", ["$", ";", "\n"])
def test_a_kernel_tree_whose_path_the_build_cannot_take_is_refused_naming_the_character(
        tmp_path: Path, character: str) -> None:
    registry = sources.locate(platforms.find_kernel("freertos")).path
    assert registry is not None
    tree = tmp_path / f"FreeRTOS{character}Kernel"
    shutil.copytree(registry, tree)
    home = tmp_path / "home"
    proc = rtbench(home, "run", "--bench", "sem_take", "--kernel-src", str(tree))
    assert proc.returncode == 2, proc.stderr
    assert f"holds {character!r}, which its build (CMake, Ninja, make) cannot take" in proc.stderr
    assert "CMake Error" not in proc.stderr and "Traceback" not in proc.stderr
    assert not (home / "build").exists()


def test_a_full_disk_at_build_time_is_named_and_the_next_build_configures_afresh(tmp_path: Path) -> None:
    """The workspace on a 1 MiB tmpfs (in a mount namespace of its own): CMake cannot finish
    writing the build directory. With room again, the next run configures and builds it."""
    disk = tmp_path / "disk"
    disk.mkdir()
    run = f"{sys.executable} -m rtbench --home {disk}/home run --bench sem_take --iterations 10"
    script = (f"mount -t tmpfs -o size=1m tmpfs {disk} || exit 99; {run}; echo \"first: $?\" >&2; "
              f"mount -o remount,size=256m {disk} && {run}")
    proc = subprocess.run(["unshare", "--map-root-user", "--mount", "sh", "-c", script], cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, text=True, timeout=600)
    assert proc.returncode != 99, f"no tmpfs in a mount namespace here: {proc.stderr}"
    first, _, second = proc.stderr.partition("first: ")
    assert second.startswith("2"), proc.stderr
    assert "failed: the disk holding" in first and "is full" in first and "df -h" in first, first
    assert "ninja: error" not in first and "Traceback" not in first
    assert proc.returncode == 0 and "sem_take" in proc.stdout, second
