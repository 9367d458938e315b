# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""What `--os rtems` needs and says when it is missing: RTEMS's tree (RTEMS_PATH) and its
toolchain, which scripts/rtems_toolchain.sh builds into a folder of its own (RTEMS_TOOLS).
Neither comes from a registry or the set-up, so the doctor names RTEMS an optional part, the
tests that need it skip with its reason, and `rtbench run` stops with what to do (exit 2)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.acquire import doctor
from rtbench.acquire.platforms import find_kernel, find_target, for_kernel

REPO = Path(__file__).resolve().parent.parent


def _rtbench(*args: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rtbench", *args], capture_output=True, text=True, timeout=120,
                          cwd=cwd, env={**os.environ, "PYTHONPATH": str(REPO), **env})


def _without_rtems(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("RTEMS_PATH", raising=False)
    monkeypatch.setenv("RTEMS_TOOLS", str(tmp_path / "no-toolchain"))


def test_rtems_is_an_optional_part_that_names_what_to_set_up(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _without_rtems(monkeypatch, tmp_path)
    part = doctor.part("kernel", "rtems")
    assert part.optional and not part.ready and part.setup == "rtems"
    assert "RTEMS_PATH" in part.reason and "RTEMS/rtems" in part.reason
    # The toolchain is checked as qemu-a9 builds RTEMS: its compiler, and a compile and link.
    assert "arm-rtems6-gcc" in part.reason and "scripts/rtems_toolchain.sh" in part.reason


def test_the_toolchain_is_found_in_its_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    rtems = find_kernel("rtems")
    monkeypatch.setenv("RTEMS_TOOLS", str(tmp_path))
    bare = for_kernel(find_target("qemu-a9"), rtems)
    assert bare.spec["compiler"] == "arm-rtems6-gcc"  # not built: the name, which the checks say is missing
    assert bare.spec["qemu"]["machine"] == "realview-pbx-a9" and bare.spec["qemu"]["icount"].startswith("shift=5")
    (tmp_path / "bin").mkdir()
    compiler = tmp_path / "bin" / "arm-rtems6-gcc"
    compiler.write_text("#!/bin/sh\n")
    compiler.chmod(0o755)
    built = for_kernel(find_target("qemu-a9"), rtems)
    assert built.spec["compiler"] == str(compiler) and built.spec["tools_dir"] == str(tmp_path / "bin")
    assert str(compiler) in built.spec["tools"]
    # The other kernels of the target keep the toolchain on PATH.
    assert "tools_dir" not in for_kernel(find_target("qemu-a9"), find_kernel("freertos")).spec


def test_run_without_the_tree_says_what_to_set(tmp_path: Path) -> None:
    proc = _rtbench("--home", str(tmp_path / "home"), "run", "--target", "qemu-a9", "--os", "rtems",
                    env={"RTEMS_PATH": "", "RTEMS_TOOLS": str(tmp_path / "tools")}, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert "RTEMS_PATH" in proc.stderr and "RTEMS/rtems" in proc.stderr and "Traceback" not in proc.stderr


def test_run_without_the_toolchain_says_how_to_build_it(tmp_path: Path) -> None:
    tree = tmp_path / "rtems"
    marker = tree / "cpukit" / "rtems" / "src" / "taskconstruct.c"
    marker.parent.mkdir(parents=True)
    marker.write_text("")
    proc = _rtbench("--home", str(tmp_path / "home"), "run", "--target", "qemu-a9", "--os", "rtems",
                    env={"RTEMS_PATH": str(tree), "RTEMS_TOOLS": str(tmp_path / "tools")}, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert "arm-rtems6-gcc not found" in proc.stderr and "scripts/rtems_toolchain.sh" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_rtems_runs_on_qemu_a9_only(tmp_path: Path) -> None:
    """The port maps the Cortex-A9 (the realview_pbx_a9_qemu BSP): another target is refused with
    the targets it runs on."""
    proc = _rtbench("--home", str(tmp_path / "home"), "run", "--os", "rtems", env={}, cwd=tmp_path)
    assert proc.returncode == 2
    assert "rtems" in proc.stderr and "qemu-a9" in proc.stderr and "Traceback" not in proc.stderr
