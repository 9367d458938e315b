# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Runs an image on the Verilator model of the LiteX/VexRiscv SoC. The model is built once per
CPU variant; a run only rewrites the main RAM's init file (program + options), so no rebuild."""
from __future__ import annotations

import json
import re
import struct
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ...errors import RtbenchError
from ..build import Build
from ..platforms import Target
from .console import ConsoleRun, Launch, run_console
from .soc_model import Model, ensure_model, versions

CMDLINE_MAGIC = b"RTBC"
_EXIT_LINE = re.compile(r"^RTB-EXIT status=(\d+)\s*$")
# What a run needs from the model's directory besides the RAM image it gets of its own.
_SHARED = ("obj_dir", "sim_mem.init", "sim_sram.init")


def _words(data: bytes) -> list[str]:
    data += b"\0" * (-len(data) % 4)
    return [f"{w:08x}" for w in struct.unpack(f"<{len(data) // 4}I", data)]


def ram_image(program: bytes, options: dict[str, str], soc: dict) -> str:
    """The main RAM's $readmemh file: the program from word 0 and the options in the block at
    the top of RAM that the firmware reads (rtb_target_cmdline)."""
    ram_size, cmdline_bytes = soc["main_ram_size"], soc["cmdline_bytes"]
    text = " ".join(f"{key}={value}" for key, value in options.items()).encode()
    block = CMDLINE_MAGIC + text + b"\0"
    if len(block) > cmdline_bytes:
        raise RtbenchError(f"the run's options take {len(block)} bytes; the SoC's command-line block has "
                           f"{cmdline_bytes}", "select fewer benchmarks by glob, or fewer options")
    if len(program) > ram_size - cmdline_bytes:
        raise RtbenchError(f"the image ({len(program)} bytes) does not fit the SoC's main RAM")
    lines = _words(program) + [f"@{(ram_size - cmdline_bytes) // 4:x}"] + _words(block)
    return "\n".join(lines) + "\n"


def _soc_layout(directory: Path) -> dict:
    """Main RAM size and command-line block from the generated register header."""
    header = (directory / "rtb_soc_regs.h").read_text()
    values = dict(re.findall(r"#define (RTB_SOC_\w+) (0x[0-9a-f]+|\d+)u", header))
    return {"main_ram_size": int(values["RTB_SOC_MAIN_RAM_SIZE"], 0),
            "cmdline_bytes": int(values["RTB_SOC_CMDLINE_BYTES"], 0)}


def _check_register_map(build: Build, model: Model) -> None:
    built_for = build.directory / "soc" / "csr.json"
    try:
        same = json.loads(built_for.read_text())["csr_registers"] == json.loads(
            (model.directory / "csr.json").read_text())["csr_registers"]
    except (OSError, ValueError, KeyError):
        same = False
    if not same:
        raise RtbenchError(f"the image was compiled for another SoC register map than the {model.variant} model",
                           f"delete {build.directory} to rebuild the image")


def _program(build: Build) -> bytes:
    # A file of this run's own: the shards of a sharded run convert the same image at once.
    with tempfile.TemporaryDirectory(prefix="rtbench-bin-") as scratch:
        out = Path(scratch) / "rtbench.bin"
        proc = subprocess.run(["riscv64-unknown-elf-objcopy", "-O", "binary", str(build.elf), str(out)],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RtbenchError(f"objcopy failed: {proc.stderr.strip()}", "is binutils-riscv64-unknown-elf installed?")
        return out.read_bytes()


def exit_status_from_log(log_path: Path) -> int | None:
    """The firmware's exit status from its last console line (the simulator's own says nothing)."""
    try:
        lines = log_path.read_text(errors="replace").splitlines()
    except OSError:
        return None
    for line in reversed(lines[-5:]):
        match = _EXIT_LINE.match(line.strip())
        if match:
            return int(match.group(1))
    return None


@contextmanager
def run_directory(model: Model, image: str) -> Iterator[Path]:
    """A private directory the model runs in: its shared files and this run's main-RAM image."""
    with tempfile.TemporaryDirectory(prefix="rtbench-sim-") as scratch:
        run_dir = Path(scratch)
        for name in _SHARED:
            (run_dir / name).symlink_to(model.gateware / name)
        (run_dir / "sim_main_ram.init").write_text(image)
        yield run_dir


def run_program(model: Model, program: bytes, timeout: float) -> str:
    """Runs a bare program (no rtbench protocol: a probe of the core's timing) on the model until
    it writes the sim-finish register; returns what it printed."""
    image = ram_image(program, {}, _soc_layout(model.directory))
    with run_directory(model, image) as run_dir:
        try:
            proc = subprocess.run([str(model.binary)], cwd=run_dir, capture_output=True, text=True, timeout=timeout,
                                  stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            raise RtbenchError(f"the program did not finish on the {model.variant} model in {timeout:.0f} s") from None
    return proc.stdout


def run(target: Target, build: Build, options: dict[str, str], launch: Launch) -> ConsoleRun:
    variant = launch.variant or target.spec["variants"]["default"]
    if launch.models_dir is None:
        raise RtbenchError("the litex-sim runner needs a workspace for its models")
    program, layout = _program(build), _soc_layout(build.directory / "soc")
    image = ram_image(program, options, layout)
    # A model built now is profiled on this image running its whole catalogue (whatever this run
    # selected): the profile only makes the model faster, so any image would do.
    training = ram_image(program, {k: v for k, v in options.items() if k not in ("select", "skip")}, layout)
    model = ensure_model(target, variant, launch.models_dir, launch.progress, training=training,
                         blocks=build.soc_blocks)
    _check_register_map(build, model)
    with run_directory(model, image) as run_dir:
        # stdbuf: the model prints the UART with stdio, block-buffered on a pipe otherwise.
        command = ["stdbuf", "-o0", str(model.binary)]
        outcome = run_console(command, launch, cwd=run_dir)
    if outcome.end_reason is None:
        status = exit_status_from_log(outcome.log_path)
        if status is None:
            outcome.end_reason = "the simulation ended without the firmware's exit line"
        outcome.exit_status = status
    outcome.command = [str(model.binary), f"(variant {variant}, run directory with sim_main_ram.init)"]
    outcome.details["soc_blocks"] = list(model.blocks)
    cpu_packages = {k: v for k, v in versions(target, variant).items() if k not in versions(target)}
    if cpu_packages:  # a configurable CPU's generator (Minerva's) or Verilog (Hazard3's hash)
        outcome.details["cpu_packages"] = cpu_packages
    # The SoC names its hardware (the variant without the image's isa) in its identifier; the
    # image reports it.
    reported = outcome.capture.meta.get("target.soc")
    if reported is not None and not reported.endswith(f"cpu variant {model.variant}"):
        outcome.capture.errors.append(f"the model identifies itself as '{reported}', not the {model.variant} variant")
    return outcome


def describe(target: Target) -> dict[str, str]:
    found = versions(target)
    return {"name": "litex-sim (Verilator)", "version": found.get("verilator", ""),
            "packages": ", ".join(f"{k} {v}" for k, v in found.items() if k != "verilator"),
            "timing": "cycle-accurate RTL simulation, 1 thread"}
