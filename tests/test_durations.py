# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Durations on the command line (--period, --duration)."""
from __future__ import annotations

import pytest

from rtbench.acquire import platforms, sources
from rtbench.acquire.durations import microseconds
from rtbench.errors import RtbenchError


@pytest.mark.parametrize("text,us", [("1ms", 1000), ("500us", 500), ("60s", 60_000_000), ("2min", 120_000_000),
                                     ("1.5ms", 1500), ("2000ns", 2)])
def test_durations(text: str, us: int) -> None:
    assert microseconds(text, "--period") == us


@pytest.mark.parametrize("text", ["1", "ms", "1.5us", "500ns", "-1ms", "1 h"])
def test_bad_durations_say_how_to_write_one(text: str) -> None:
    with pytest.raises(RtbenchError) as err:
        microseconds(text, "--period")
    assert "--period" in str(err.value)


def test_posix_port_uses_the_running_kernel(tmp_path) -> None:
    posix = platforms.find_kernel("posix")
    found = sources.locate(posix)
    assert found.path is None and found.version.startswith("Linux ") and "running kernel" in found.origin
    with pytest.raises(RtbenchError, match="--kernel-src does not apply"):
        sources.locate(posix, tmp_path)
    assert platforms.default_kernel(platforms.find_target("linux")).name == "posix"
    assert platforms.default_kernel(platforms.find_target("qemu-m3")).name == "freertos"
