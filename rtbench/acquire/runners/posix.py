# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Runs a linux-target image directly as a host process: the option words are its argv.
Optional background load runs beside it and is always stopped afterwards (rtbench.acquire.load)."""
from __future__ import annotations

import os
import platform

from ...errors import RtbenchError
from ..build import Build
from ..load import BackgroundLoad
from ..platforms import Target
from .console import ConsoleRun, Launch, run_console


def command(build: Build, options: dict[str, str]) -> list[str]:
    return [str(build.elf)] + [f"{key}={value}" for key, value in options.items()]


def check_cpu(options: dict[str, str]) -> None:
    """A --cpu this process may not use is a usage error, before anything starts."""
    if "cpu" not in options:
        return
    allowed = sorted(os.sched_getaffinity(0))
    if not options["cpu"].isdigit() or int(options["cpu"]) not in allowed:
        raise RtbenchError(f"--cpu {options['cpu']}: not a CPU this process may run on",
                           "allowed CPUs: " + ", ".join(map(str, allowed)))


def run(target: Target, build: Build, options: dict[str, str], launch: Launch) -> ConsoleRun:
    check_cpu(options)
    if not build.elf.exists():
        raise RtbenchError(f"{build.elf} is missing", "rebuild: rtbench run builds it")
    with BackgroundLoad(launch.load, max_seconds=launch.timeout):
        return run_console(command(build, options), launch)


def describe(target: Target) -> dict[str, str]:
    return {"name": "native process", "kernel": f"{platform.system()} {platform.release()}",
            "machine": platform.machine()}
