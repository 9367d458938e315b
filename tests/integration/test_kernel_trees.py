# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A damaged kernel tree is named at configure time (the file missing or empty), not left to a
linker's wall of undefined symbols."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rtbench.acquire import platforms, sources
from tests.parts import need

pytestmark = pytest.mark.integration


def _tree_copy(kernel: str, tmp_path: Path) -> Path:
    tree = sources.locate(platforms.find_kernel(kernel)).path
    assert tree is not None
    copy = tmp_path / f"{kernel}-tree"
    shutil.copytree(tree, copy, ignore=shutil.ignore_patterns(".git"))
    return copy


def _run(tree: Path, kernel: str, home: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rtbench", "run", "--home", str(home), "--os", kernel,
                           "--kernel-src", str(tree), "--bench", "sem_take", "--iterations", "10"],
                          capture_output=True, text=True, timeout=600, env=os.environ)


def test_an_empty_kernel_file_is_named(tmp_path: Path) -> None:
    need("target", "qemu-m3")
    tree = _tree_copy("freertos", tmp_path)
    (tree / "tasks.c").write_text("")
    done = _run(tree, "freertos", tmp_path / "ws")
    assert done.returncode == 2, done.stderr
    assert "has an empty" in done.stderr and "tasks.c" in done.stderr
    assert "undefined reference" not in done.stderr


def test_a_missing_port_assembly_is_named(tmp_path: Path) -> None:
    need("kernel", "ucos2")
    tree = _tree_copy("ucos2", tmp_path)
    for assembly in tree.glob("Ports/ARM-Cortex-M/ARMv7-M/GNU/os_cpu_a.*"):
        assembly.unlink()
    done = _run(tree, "ucos2", tmp_path / "ws")
    assert done.returncode == 2, done.stderr
    assert "its port's assembly" in done.stderr and "undefined reference" not in done.stderr


@pytest.mark.parametrize("kernel, missing, listed_by", [
    ("threadx", "common/src/tx_semaphore_put.c", "common/CMakeLists.txt"),
    ("threadx", "ports/cortex_m3/gnu/src/tx_thread_schedule.S", "ports/cortex_m3/gnu/CMakeLists.txt"),
    ("mtkernel", "kernel/tkernel/semaphore.c", "build_make/mtkernel_3/kernel/tkernel/subdir.mk"),
])
def test_a_missing_source_of_a_globbed_folder_is_named(tmp_path: Path, kernel: str, missing: str,
                                                       listed_by: str) -> None:
    # The port builds every file of these folders: the tree's own build list says which must be there.
    need("kernel", kernel)
    tree = _tree_copy(kernel, tmp_path)
    (tree / missing).unlink()
    done = _run(tree, kernel, tmp_path / "ws")
    assert done.returncode == 2, done.stderr
    assert f"lacks {missing}, which the tree's own {listed_by} lists" in done.stderr
    assert "undefined reference" not in done.stderr and "CMake Error" not in done.stderr
