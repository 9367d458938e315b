# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A build directory configured with a toolchain file that has since moved is reconfigured
instead of failing; one configured with the current file is left alone."""
from __future__ import annotations

from pathlib import Path

from rtbench.acquire.build import _forget_stale_configuration


def _configured(directory: Path, toolchain: str) -> None:
    (directory / "CMakeFiles").mkdir(parents=True)
    (directory / "build.ninja").write_text("")
    (directory / "CMakeCache.txt").write_text(f"X:BOOL=ON\nCMAKE_TOOLCHAIN_FILE:FILEPATH={toolchain}\nY:BOOL=ON\n")


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
