# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A build directory configured with a toolchain file that has since moved, or through a link
(its prefix maps would name the link, the compiler records the real path), is reconfigured
instead of failing or leaking a path; one configured with the current file at its path is left
alone."""
from __future__ import annotations

import subprocess
from pathlib import Path

from rtbench.acquire.build import _forget_stale_configuration


def _configured(directory: Path, toolchain: str) -> None:
    (directory / "CMakeFiles").mkdir(parents=True)
    (directory / "build.ninja").write_text("")
    (directory / "CMakeCache.txt").write_text(f"X:BOOL=ON\nCMAKE_TOOLCHAIN_FILE:FILEPATH={toolchain}\nY:BOOL=ON\n"
                                              f"CMAKE_CACHEFILE_DIR:INTERNAL={directory}\n")


def test_a_moved_toolchain_file_forces_a_new_configuration(tmp_path: Path) -> None:
    _configured(tmp_path, "/fw/targets/qemu-m3/toolchain.cmake")
    said: list[str] = []
    _forget_stale_configuration(tmp_path, Path("/fw/targets/cortex-m/toolchain.cmake"), said.append)
    assert not (tmp_path / "build.ninja").exists() and not (tmp_path / "CMakeCache.txt").exists()
    assert not (tmp_path / "CMakeFiles").exists() and "toolchain file changed" in said[0]


def test_the_same_toolchain_file_keeps_the_configuration(tmp_path: Path) -> None:
    _configured(tmp_path, "/fw/targets/cortex-m/toolchain.cmake")
    _forget_stale_configuration(tmp_path, Path("/fw/targets/cortex-m/toolchain.cmake"), lambda _: None)
    assert (tmp_path / "build.ninja").exists() and (tmp_path / "CMakeCache.txt").exists()


def test_a_directory_configured_through_a_link_is_configured_again(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "CMakeLists.txt").write_text("cmake_minimum_required(VERSION 3.13)\nproject(p NONE)\n")
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real", target_is_directory=True)
    subprocess.run(["cmake", "-S", str(project), "-B", str(tmp_path / "link" / "b"), "-G", "Ninja"], check=True,
                   capture_output=True)
    real = tmp_path / "real" / "b"
    said: list[str] = []
    _forget_stale_configuration(real, Path("/fw/targets/cortex-m/toolchain.cmake"), said.append)
    assert not (real / "CMakeCache.txt").exists() and "configured at another path" in said[0]
    subprocess.run(["cmake", "-S", str(project), "-B", str(real), "-G", "Ninja"], check=True, capture_output=True)
    _forget_stale_configuration(real, Path("/fw/targets/cortex-m/toolchain.cmake"), said.append)
    assert (real / "build.ninja").exists() and len(said) == 1
