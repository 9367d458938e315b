# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench run --cycles-model`: rtbench's Cortex-M timing model (docs/guides/cycle-model.md).

The image runs as it always does, QEMU's -icount clock unchanged, under rtbench's QEMU plugin
rtb_cycle_model, which counts model cycles beside the instructions (each core's table:
rtbench/data/cycle_models.toml). Which cores a target can model, and where its flash is, its
target.toml says (`[cycle_model]`). This module picks the model, writes the plugin's parameter
file (the table, and what the plugin needs of the image: the timestamp counter, the sample
buffer, rtb_run_begin, the vector table, the words that hold an EXC_RETURN value) and reads the
plugin's log; model_samples.py gives each sample its model cycles."""
from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..errors import RtbenchError
from ..paths import PACKAGE_DIR
from . import elf, platforms, qemu_plugin
from .build import Build
from .platforms import Target

TABLE = PACKAGE_DIR / "data" / "cycle_models.toml"
SAMPLE_BUFFER = "sample_buffer"  # firmware/core/src/run.c
RUN_BEGIN = "rtb_run_begin"  # firmware/core/src/run.c: one call per BEGIN record
# The benchmark interrupts' handlers (firmware/targets/cortex-m/startup.c's vector table): an entry
# of theirs that waited logs the cycles before it, so that a sample timed from the interrupt
# finds its start.
LATE_HANDLERS = ("BenchTimer_Handler", "BenchUart_Handler")
SPAN_BUFFERS = "spans"  # firmware/core/src/tick.c, sched.c: span captures, sampled after they are taken
# The EXC_RETURN values of ARMv7-M and ARMv6-M (without and with a floating-point frame).
EXC_RETURNS = frozenset({0xFFFFFFE1, 0xFFFFFFE9, 0xFFFFFFED, 0xFFFFFFF1, 0xFFFFFFF9, 0xFFFFFFFD})
_VECTORS = 16 + 240  # words of a vector table that can name a handler
_HINT = "--cycles-model takes a core and optional wait states, e.g. cortex-m3 or cortex-m3,ws=2"


@cache
def table() -> dict[str, Any]:
    return tomllib.loads(TABLE.read_text())


def table_digest() -> str:
    return hashlib.sha256(TABLE.read_bytes()).hexdigest()


@dataclass(frozen=True)
class CycleModel:
    """A core's timing model with its parameters: what a run's model cycles are counted with."""

    core: str
    wait_states: int = 0

    @property
    def spec(self) -> dict[str, Any]:
        return dict(table()["cores"][self.core])

    @property
    def unit(self) -> str:
        states = "wait state" if self.wait_states == 1 else "wait states"
        return f"cycles (model: {self.core}, {self.wait_states} {states})"

    def manifest(self) -> dict[str, Any]:
        """What the run records of the model: enough to tell two models' cycles apart."""
        return {"core": self.core, "title": self.spec["title"], "version": table()["version"],
                "wait_states": self.wait_states, "unit": self.unit, "source": self.spec["source"],
                "table_sha256": table_digest(), "plugin_sha256": qemu_plugin.digest(qemu_plugin.CYCLE_MODEL)}


def target_cores(target: Target) -> list[str]:
    return [str(c) for c in target.spec.get("cycle_model", {}).get("cores", [])]


def _wait_states(text: str, spec: str) -> int:
    key, _, value = text.partition("=")
    if key.strip() not in ("ws", "wait_states") or not value.strip().isdigit():
        raise RtbenchError(f"--cycles-model {spec}: '{text}' is not a parameter of the model", _HINT)
    states = int(value)
    if states > 15:
        raise RtbenchError(f"--cycles-model {spec}: {states} wait states is more than the model takes (15)", _HINT)
    return states


def parse(spec: str | None, target: Target) -> CycleModel:
    """The model `--cycles-model SPEC` asks for on `target` (SPEC empty or None: its first core)."""
    cores = target_cores(target)
    if not cores:
        modelled = [t.name for t in platforms.targets() if target_cores(t)]
        raise RtbenchError(f"{target.name} has no Cortex-M timing model: the model times the cores whose timing "
                           "Arm documents per instruction (Cortex-M0, M0+, M3, M4) on QEMU",
                           "use --cycles-model on " + ", ".join(modelled))
    words = [w.strip() for w in (spec or "").split(",") if w.strip()]
    core = cores[0]
    if words and "=" not in words[0]:
        core = words.pop(0)
    if core not in table()["cores"]:
        raise RtbenchError(f"--cycles-model {spec}: no model of the core '{core}'",
                           "modelled cores: " + ", ".join(table()["cores"]))
    if core not in cores:
        raise RtbenchError(f"--cycles-model {spec}: {target.name} does not run {core}'s instruction set",
                           f"on {target.name}: " + ", ".join(cores))
    states = 0
    for word in words:
        states = _wait_states(word, spec or "")
    return CycleModel(core, states)


def _vector_handlers(image: Path) -> list[int]:
    """The handlers the image's vector table at address 0 names (Thumb addresses, bit 0 cleared):
    its words after the stack pointer up to the first that is neither a Thumb address nor 0 (the
    code after the table), at most _VECTORS."""
    for segment in elf.segments(image):
        if segment.address == 0:
            handlers = set()
            for offset in range(4, min(len(segment.data), 4 * _VECTORS) - 3, 4):
                word = int.from_bytes(segment.data[offset:offset + 4], "little")
                if word and not word & 1:
                    break
                if word:
                    handlers.add(word & ~1)
            return sorted(handlers)
    return []


def _exc_return_words(image: Path) -> list[int]:
    """Addresses of the image's words that hold an EXC_RETURN value (literal pools that load one)."""
    found = []
    for segment in elf.segments(image):
        data = segment.data
        for offset in range((-segment.address) % 4, len(data) - 3, 4):
            if int.from_bytes(data[offset:offset + 4], "little") in EXC_RETURNS:
                found.append(segment.address + offset)
    return found


def _timestamp(target: Target) -> tuple[str, int]:
    """How the model sees a timestamp read: ('ts', a load's address) or ('ts_store', a capture store's)."""
    section = target.spec.get("cycle_model", {})
    if "timestamp_store" in section:
        return "ts_store", int(section["timestamp_store"])
    register = target.spec.get("qemu", {}).get("timestamp_register")
    if register is None:
        raise RtbenchError(f"{target.name}: the timing model needs the timestamp counter's register "
                           "(target.toml [qemu] timestamp_register)")
    return "ts", int(register)


def parameter_lines(model: CycleModel, target: Target, image: Path) -> list[str]:
    """The plugin's parameter file for an rtbench image: the core's table, the flash and the
    image's addresses (its sample buffer, rtb_run_begin, its span captures and interrupts)."""
    lines = model_lines(model, target)
    buffer = elf.data_symbol(image, SAMPLE_BUFFER)
    if buffer is None or not buffer.size:
        raise RtbenchError(f"{image} has no symbol {SAMPLE_BUFFER}: not an rtbench image")
    lines.append(f"buffer {buffer.address:#x} {buffer.address + buffer.size:#x}")
    begin = elf.symbols(image, {RUN_BEGIN}).get(RUN_BEGIN)
    if begin is None:
        raise RtbenchError(f"{image} has no function {RUN_BEGIN}: not an rtbench image")
    lines.append(f"begin {begin & ~1:#x}")
    lines += [f"span {s.address:#x} {s.address + s.size:#x}" for s in elf.data_symbols(image, SPAN_BUFFERS) if s.size]
    lines += [f"late {pc & ~1:#x}" for pc in elf.symbols(image, set(LATE_HANDLERS)).values()]
    return lines + exception_lines(image)


def exception_lines(image: Path) -> list[str]:
    """What the model needs of any image to tell exceptions: its vector table's handlers and the
    words that hold an EXC_RETURN value."""
    return ([f"handler {pc:#x}" for pc in _vector_handlers(image)]
            + [f"magic {address:#x}" for address in _exc_return_words(image)[:64]])


def model_lines(model: CycleModel, target: Target) -> list[str]:
    """The parameters of the model itself on a target: the core's table, the wait states and the
    flash, how a timestamp read looks."""
    spec = model.spec
    lines = [f"core {model.core}", f"version {table()['version']}"]
    lines += [f"cost.{kind} {cycles}" for kind, cycles in spec["cost"].items()]
    lines += [f"taken.{kind} {cycles}" for kind, cycles in spec["taken"].items()]
    for key in ("entry", "exit", "tailchain", "store_regoff", "pipeline_loads", "agu_stall", "store_then_load",
                "unaligned_wide"):
        lines.append(f"{key} {spec[key]}")
    flash = target.spec.get("cycle_model", {}).get("flash", [0, 0])
    lines += [f"ws {model.wait_states}", f"flash {int(flash[0]):#x} {int(flash[1]):#x}"]
    kind, address = _timestamp(target)
    lines.append(f"{kind} {address:#x}")
    return lines


def qemu_arguments(model: CycleModel, target: Target, build: Build, directory: Path,
                   name: str) -> tuple[list[str], Path]:
    """QEMU's -plugin option that runs the model over `build`'s image, and the log it will write."""
    return plugin_arguments(parameter_lines(model, target, build.elf), directory, name)


def plugin_arguments(lines: list[str], directory: Path, name: str) -> tuple[list[str], Path]:
    """QEMU's -plugin option for these parameters (written to a file in `directory`), and its log."""
    library = qemu_plugin.install(qemu_plugin.CYCLE_MODEL)
    directory.mkdir(parents=True, exist_ok=True)
    params = directory / f"{name}.cycle-model.params"
    log = directory / f"{name}.cycle-model.log"
    params.write_text("\n".join(lines) + "\n")
    log.unlink(missing_ok=True)
    return ["-plugin", f"{library},params={params},out={log}"], log
