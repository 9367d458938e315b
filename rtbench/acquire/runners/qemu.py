# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Runs an image in QEMU system emulation, with deterministic instruction counting (-icount)."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

from ..build import Build
from ..platforms import Target
from .console import ConsoleRun, Launch, run_console

# Record/replay's record mode, recording to nowhere: it makes QEMU's main loop and the CPU thread
# take turns. Without it, with sleep=off, the main loop may advance a halted CPU's clock to the
# next timer from an instruction count that still misses the CPU's last instructions before its
# WFI: on a loaded host, an occasional run of FreeRTOS's tickless idle had a few samples moved by
# an instruction or two (docs/concepts/units.md). What a run measures is otherwise the same.
RECORD = ("rr=record", f"rrfile={os.devnull}")


def icount(spec: dict) -> list[str]:
    """QEMU's -icount option for a target's qemu spec, serialised as RECORD says."""
    return ["-icount", ",".join([str(spec["icount"]), *RECORD])]


def command(target: Target, build: Build, options: dict[str, str]) -> list[str]:
    spec = target.spec["qemu"]
    # Semihosting hands these words to the guest as its command line; QEMU's option
    # syntax escapes a comma by doubling it.
    words = ["rtbench"] + [f"{key}={value}" for key, value in options.items()]
    semihosting = ",".join(["enable=on", "target=native"] + [f"arg={w.replace(',', ',,')}" for w in words])
    return [spec["binary"], "-machine", spec["machine"], "-cpu", spec["cpu"],
            "-display", "none", "-monitor", "none", "-serial", "stdio",
            *icount(spec), "-semihosting-config", semihosting,
            *spec.get("extra", []), "-kernel", str(build.elf)]


def bare(spec: dict, image: Path, plugin: list[str]) -> list[str]:
    """A bare program (a timing model's cases, a classic benchmark; no rtbench console) under a
    plugin: its semihosting output on QEMU's own standard streams, no serial port."""
    return [spec["binary"], "-machine", spec["machine"], "-cpu", spec["cpu"], "-display", "none",
            "-monitor", "none", "-serial", "null", *icount(spec),
            "-semihosting-config", "enable=on,target=native", *spec.get("extra", []), *plugin,
            "-kernel", str(image)]


def run(target: Target, build: Build, options: dict[str, str], launch: Launch) -> ConsoleRun:
    words = command(target, build, options)
    words[-2:-2] = launch.emulator_args
    return run_console(words, launch)


def describe(target: Target) -> dict[str, str]:
    spec = target.spec["qemu"]
    try:
        version = subprocess.run([spec["binary"], "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        version = "unknown"
    return {"name": "qemu", "version": version, "machine": spec["machine"], "cpu": spec["cpu"],
            "timing": f"-icount {spec['icount']}", "serialised": RECORD[0]}
