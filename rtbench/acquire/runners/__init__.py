# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Runners start a built image on its platform and feed its console to the stream parser."""
from __future__ import annotations

from typing import Protocol

from ...errors import RtbenchError
from ..build import Build
from ..platforms import Target
from . import board, guest_linux, litex_sim, posix, qemu
from .console import ConsoleRun, Launch


class Runner(Protocol):
    def __call__(self, target: Target, build: Build, options: dict[str, str], launch: Launch) -> ConsoleRun: ...


RUNNERS: dict[str, Runner] = {"qemu": qemu.run, "posix": posix.run, "litex-sim": litex_sim.run,
                               "guest-linux": guest_linux.run, "board": board.run}
# Runners that start the image as a process of this machine: background load applies to them.
HOST_RUNNERS = ("posix",)
# Runners that can put background load beside the image (on this machine, or inside a Linux guest).
LOAD_RUNNERS = (*HOST_RUNNERS, "guest-linux")


def runner_for(target: Target) -> Runner:
    try:
        return RUNNERS[target.runner]
    except KeyError:
        raise RtbenchError(f"target {target.name} wants runner '{target.runner}', which rtbench does not have",
                           "runners: " + ", ".join(RUNNERS)) from None


def describe(target: Target) -> dict[str, str]:
    """The runner's own settings and version, for the manifest."""
    if target.runner == "qemu":
        return qemu.describe(target)
    if target.runner == "posix":
        return posix.describe(target)
    if target.runner == "litex-sim":
        return litex_sim.describe(target)
    if target.runner == "guest-linux":
        return guest_linux.describe(target)
    if target.runner == "board":
        return board.describe(target)
    return {}
