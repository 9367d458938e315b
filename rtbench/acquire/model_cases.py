# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The timing model's cases: the Technical Reference Manuals' stated timings (straight-line
sequences per instruction class, exception entry, tail-chaining, return) run under the model.

rtbench/data/cycle_model_cases.toml lists each case with the cycles its core's TRM gives; the
programs rtbench/data/cycle_model_cases/cases_v6m.S and cases_v7m.S run them in that order. One is
assembled per core with the target's compiler into rtbench's cache (one image per content of the
sources and flags) and runs once under QEMU and the plugin, on the target that runs the core
(target.toml [cycle_model]). From the plugin's log: a straight case is the model cycles between
its two timestamp reads less those of the empty pair that comes first; the entry and the
tail-chain are the cycles from the exception's instant to its handler's first instruction (a
timestamp read); the return is the cycles from the handler's last read to the interrupted code's
read, less that read's and the BX's own."""
from __future__ import annotations

import hashlib
import subprocess
import tempfile
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..errors import RtbenchError
from ..paths import PACKAGE_DIR, user_cache_dir
from . import cycle_model, model_samples, platforms, processes
from .runners import qemu

CASES = PACKAGE_DIR / "data" / "cycle_model_cases.toml"
SOURCES = PACKAGE_DIR / "data" / "cycle_model_cases"
_TIMEOUT = 60.0
# What each core's program is assembled as, and which timestamp read its MARK is (load or store).
_CORES = {
    "cortex-m0": ("v6m", ("-mcpu=cortex-m0",), "store"),
    "cortex-m0plus": ("v6m", ("-mcpu=cortex-m0plus",), "store"),
    "cortex-m3": ("v7m", ("-mcpu=cortex-m3",), "load"),
    "cortex-m4": ("v7m", ("-mcpu=cortex-m4", "-mfpu=fpv4-sp-d16", "-mfloat-abi=hard", "-DWITH_FP"), "load"),
}
_FLAGS = ("-mthumb", "-nostdlib", "-nostartfiles", "-x", "assembler-with-cpp")


@dataclass(frozen=True)
class Case:
    name: str
    what: str
    kind: str  # straight, entry, tailchain or exit
    expected: dict[str, int]  # core -> the TRM's cycles
    source: str
    isa: tuple[str, ...]
    fp: bool
    published: tuple[str, ...] | None  # cores whose figure Arm publishes (None: every core's)

    def runs_on(self, core: str) -> bool:
        isa, flags, _ = _CORES[core]
        return isa in self.isa and core in self.expected and (not self.fp or "-DWITH_FP" in flags)


@cache
def cases() -> tuple[Case, ...]:
    rows: list[dict[str, Any]] = tomllib.loads(CASES.read_text())["case"]
    return tuple(Case(r["name"], r["what"], r["kind"], dict(r["expected"]), r["source"], tuple(r["isa"]),
                      bool(r.get("fp", False)), tuple(r["published"]) if "published" in r else None) for r in rows)


def cores() -> list[str]:
    return list(_CORES)


def target_of(core: str) -> platforms.Target:
    """The QEMU target that runs the core's instruction set (its [cycle_model] names the core)."""
    for target in platforms.targets():
        if core in cycle_model.target_cores(target):
            return target
    raise RtbenchError(f"no target runs the timing model's core '{core}'")


def _program(core: str) -> Path:
    """The core's case program, assembled into the cache once per content."""
    isa, flags, _ = _CORES[core]
    source = SOURCES / f"cases_{isa}.S"
    script = SOURCES / "link.ld"
    target = target_of(core)
    compiler = str(target.spec["compiler"])
    words = [*flags, *_FLAGS]
    digest = hashlib.sha256(source.read_bytes() + script.read_bytes() + " ".join([compiler, *words]).encode())
    image = user_cache_dir() / "cycle-model-cases" / f"{core}-{digest.hexdigest()[:12]}.elf"
    if image.is_file():
        return image
    image.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=image.parent) as scratch:
        built = Path(scratch) / image.name
        proc = subprocess.run([compiler, *words, "-T", str(script), "-o", str(built), str(source)],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RtbenchError(f"the timing model's cases for {core} did not assemble: {proc.stderr.strip()[-600:]}",
                               "check the Arm toolchain (scripts/setup.sh)")
        built.replace(image)
    return image


def run(core: str, directory: Path) -> model_samples.ModelLog:
    """The core's case program run once under the model: the plugin's log."""
    image = _program(core)
    target = target_of(core)
    model = cycle_model.CycleModel(core)
    lines = cycle_model.model_lines(model, target) + cycle_model.exception_lines(image)
    plugin, log = cycle_model.plugin_arguments(lines, directory, f"cases-{core}")
    command = qemu.bare(target.spec["qemu"], image, plugin)
    try:
        proc = processes.run(command, timeout=_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise RtbenchError(f"the timing model's cases for {core} ran longer than {_TIMEOUT:.0f} s") from None
    if proc.returncode != 0:
        raise RtbenchError(f"the timing model's cases for {core} did not run (exit {proc.returncode}): "
                           f"{proc.stderr.strip()[-600:]}")
    return model_samples.read_log(log)


def measure(core: str, directory: Path) -> dict[str, int]:
    """Each of the core's cases in model cycles."""
    found = run(core, directory)
    reads = [c for c, entry in zip(found.cycles, found.entry) if not entry]
    entries = [c for c, entry in zip(found.cycles, found.entry) if entry]
    straight = [c for c in cases() if c.runs_on(core) and c.kind == "straight"]
    if len(reads) != 2 * (len(straight) + 1) + 6 or len(entries) != 2:
        raise RtbenchError(f"the timing model's cases for {core}: {len(reads)} timestamp reads and "
                           f"{len(entries)} exceptions, not the program's {2 * (len(straight) + 1) + 6} and 2")
    baseline = reads[1] - reads[0]
    measured = {c.name: reads[2 * k + 3] - reads[2 * k + 2] - baseline for k, c in enumerate(straight)}
    a_read, b_read, c_read, e_read, f_read, d_read = reads[-6:]
    spec = cycle_model.CycleModel(core).spec["cost"]
    mark = spec["store" if _CORES[core][2] == "store" else "load"]
    measured["entry"] = b_read - entries[0]
    measured["tailchain"] = e_read - entries[1]
    measured["exit"] = d_read - f_read - mark - spec["bx"]
    del a_read, c_read
    return measured
