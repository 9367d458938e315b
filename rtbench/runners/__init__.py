"""Runners start a built image on its platform and feed its console to the stream parser."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Protocol

from ..build import Build
from ..errors import RtbenchError
from ..platforms import Target
from .console import ConsoleRun, OnRecord
from . import litex_sim, posix, qemu


class Runner(Protocol):
    """Host runners (HOST_RUNNERS) also take `load`, the background load beside the image."""

    def __call__(self, target: Target, build: Build, options: dict[str, str], log_path: str,
                 timeout: float, silence: float, on_record: OnRecord, **extra: Any) -> ConsoleRun: ...


RUNNERS: dict[str, Runner] = {"qemu": qemu.run, "posix": posix.run, "litex-sim": litex_sim.run}
# Runners that start the image as a process of this machine: background load applies to them.
HOST_RUNNERS = ("posix",)


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
    return {}
