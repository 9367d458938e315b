# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Whole programs under the timing model: CoreMark and Dhrystone 2.1, as CoreMark/MHz and
DMIPS/MHz beside the figures Arm publishes per core (docs/guides/cycle-model.md).

Neither program is part of rtbench: the user gives their sources (a CoreMark tree, e.g. a clone of
github.com/eembc/coremark; a Dhrystone 2.1 tree with dhry_1.c, dhry_2.c and dhry.h, e.g.
github.com/sifive/benchmark-dhrystone), or a git repository of them. rtbench adds its own start-up
and system calls (rtbench/data/cycle_model_programs/startup.c), a CoreMark port (coremark/) and a
Dhrystone time() (dhrystone/), builds each for a core with the target's compiler and newlib nano,
runs it once under QEMU and the model, and takes the model cycles between the two marks around
the program's timed region (CoreMark's start_time and stop_time, Dhrystone's two time() calls).
The program's own output validates the run (CoreMark's CRCs, Dhrystone's final values)."""
from __future__ import annotations

import hashlib
import re
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import RtbenchError
from ..paths import PACKAGE_DIR, user_cache_dir
from . import cycle_model, model_samples, platforms, processes
from .model_cases import target_of
from .runners import qemu

PORT = PACKAGE_DIR / "data" / "cycle_model_programs"
COREMARK_FILES = ("core_list_join.c", "core_main.c", "core_matrix.c", "core_state.c", "core_util.c", "coremark.h")
DHRYSTONE_FILES = ("dhry_1.c", "dhry_2.c", "dhry.h")
COREMARK_ITERATIONS = 200
DHRYSTONE_RUNS = 100000
DHRYSTONE_VAX_MIPS = 1757  # Dhrystones per second of the VAX 11/780: 1 DMIPS
_TIMEOUT = 600.0
_COMMON = ("-mthumb", "--specs=nano.specs", "-nostartfiles", "-ffunction-sections", "-Wl,--gc-sections")
# Dhrystone 2.1 is K&R C: implicit int and declarations are its own, not errors.
_DHRYSTONE_FLAGS = ("-DTIME", f"-DDHRY_ITERS={DHRYSTONE_RUNS}", "-std=gnu89", "-Wno-implicit-int",
                    "-Wno-implicit-function-declaration", "-Wno-return-type", "-fno-builtin-printf")


@dataclass
class Measured:
    """One program on one core under the model."""

    program: str
    core: str
    iterations: int  # CoreMark iterations or Dhrystone runs in the timed region
    cycles: int  # model cycles of the timed region
    instructions: int
    flags: list[str] = field(default_factory=list)
    output: str = ""

    @property
    def per_mhz(self) -> float:
        """CoreMark/MHz, or DMIPS/MHz: iterations (runs) per second at 1 MHz."""
        per_mhz = self.iterations * 1e6 / self.cycles
        return per_mhz / DHRYSTONE_VAX_MIPS if self.program == "dhrystone" else per_mhz


def sources(path: Path, files: tuple[str, ...], what: str) -> Path:
    """A folder with the program's files: `path` itself, or its git repository's HEAD exported
    into the cache (one folder per commit)."""
    if all((path / name).is_file() for name in files):
        return path
    head = subprocess.run(["git", "--git-dir", str(path), "rev-parse", "HEAD"], capture_output=True, text=True)
    if head.returncode != 0:
        head = subprocess.run(["git", "-C", str(path), "rev-parse", "HEAD"], capture_output=True, text=True)
    if head.returncode != 0:
        raise RtbenchError(f"{path} holds neither {what}'s sources ({', '.join(files)}) nor a git repository of them",
                           f"give a folder or a clone of {what}")
    commit = head.stdout.strip()
    folder = user_cache_dir() / "cycle-model-programs" / f"{what}-{commit[:12]}"
    if not folder.is_dir():
        folder.mkdir(parents=True)
        for name in files:
            shown = subprocess.run(["git", "--git-dir", str(path), "show", f"HEAD:{name}"], capture_output=True)
            if shown.returncode != 0:
                shown = subprocess.run(["git", "-C", str(path), "show", f"HEAD:{name}"], capture_output=True)
            if shown.returncode != 0:
                raise RtbenchError(f"{path} at {commit[:12]} has no {name}: not {what}")
            (folder / name).write_bytes(shown.stdout)
    return folder


def identity(folder: Path, files: tuple[str, ...]) -> str:
    """The sources' SHA-256 over their files, in order: what the manifest records of them."""
    return hashlib.sha256(b"".join((folder / name).read_bytes() for name in files)).hexdigest()


def _core_flags(core: str) -> list[str]:
    target = target_of(core)
    flags = {"cortex-m0": ["-mcpu=cortex-m0"], "cortex-m0plus": ["-mcpu=cortex-m0plus"],
             "cortex-m3": ["-mcpu=cortex-m3"],
             "cortex-m4": ["-mcpu=cortex-m4", "-mfpu=fpv4-sp-d16", "-mfloat-abi=hard"]}[core]
    section = target.spec.get("cycle_model", {})
    mark = (f"-DMARK_STORE={int(section['timestamp_store']):#x}" if "timestamp_store" in section
            else f"-DMARK_LOAD={int(target.spec['qemu']['timestamp_register']):#x}")
    return [*flags, mark]


def _build(program: str, folder: Path, core: str, opt: str) -> tuple[Path, list[str]]:
    target = target_of(core)
    compiler = str(target.spec["compiler"])
    if program == "coremark":
        files = [folder / n for n in COREMARK_FILES if n.endswith(".c")] + [PORT / "coremark" / "core_portme.c"]
        extra = [f"-DITERATIONS={COREMARK_ITERATIONS}", f"-DCOMPILER_FLAGS=\"{opt}\"", f"-I{PORT / 'coremark'}",
                 f"-I{folder}"]
    else:
        files = [folder / "dhry_1.c", folder / "dhry_2.c", PORT / "dhrystone" / "dhry_time.c"]
        extra = [*_DHRYSTONE_FLAGS, f"-I{folder}"]
    words = [*opt.split(), *_COMMON, *_core_flags(core), *extra, "-T", str(PORT / "link.ld")]
    sources_ = [*files, PORT / "startup.c"]
    key = hashlib.sha256(b"".join(p.read_bytes() for p in [*sources_, PORT / "link.ld"]) +
                         " ".join([compiler, *words]).encode()).hexdigest()[:12]
    image = user_cache_dir() / "cycle-model-programs" / "images" / f"{program}-{core}-{key}.elf"
    if not image.is_file():
        image.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=image.parent) as scratch:
            built = Path(scratch) / image.name
            proc = subprocess.run([compiler, *words, "-o", str(built), *map(str, sources_)], capture_output=True,
                                  text=True)
            if proc.returncode != 0:
                raise RtbenchError(f"{program} did not build for {core}: {proc.stderr.strip()[-800:]}")
            built.replace(image)
    return image, [compiler, *words]


def _validated(program: str, output: str) -> bool:
    """The program's own verdict: CoreMark's seed CRC recognised and no CRC error; Dhrystone's
    final values as it says they should be."""
    if program == "coremark":
        return "performance run parameters for coremark" in output and "Correct operation validated" in output
    lines = output.splitlines()
    pairs = [(lines[k - 1], line) for k, line in enumerate(lines) if "should be:" in line and k]
    return bool(pairs) and all(
        "implementation-dependent" in want or got.split(":", 1)[-1].strip() == want.split(":", 1)[-1].strip()
        for got, want in pairs if ":" in got and not re.search(r"Number_Of_Runs", want))


def measure(program: str, folder: Path, core: str, directory: Path, opt: str = "-O2") -> Measured:
    """The program built for `core` and run once under the model."""
    image, command_line = _build(program, folder, core, opt)
    target = target_of(core)
    lines = cycle_model.model_lines(cycle_model.CycleModel(core), target) + cycle_model.exception_lines(image)
    plugin, log = cycle_model.plugin_arguments(lines, directory, f"{program}-{core}")
    command = qemu.bare(target.spec["qemu"], image, plugin)
    try:
        proc = processes.run(command, timeout=_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise RtbenchError(f"{program} on {core} ran longer than {_TIMEOUT:.0f} s") from None
    output = proc.stdout + proc.stderr  # semihosting writes to QEMU's standard error
    if proc.returncode != 0 or not _validated(program, output):
        raise RtbenchError(f"{program} on {core} did not validate (exit {proc.returncode}): "
                           f"{(proc.stdout + proc.stderr).strip()[-800:]}")
    found = model_samples.read_log(log)
    marks = [k for k, entry in enumerate(found.entry) if not entry]
    if len(marks) != 2:
        raise RtbenchError(f"{program} on {core}: the model saw {len(marks)} marks, not the 2 around its timed region")
    iterations = COREMARK_ITERATIONS if program == "coremark" else DHRYSTONE_RUNS
    return Measured(program, core, iterations, found.cycles[marks[1]] - found.cycles[marks[0]],
                    found.instants[marks[1]] - found.instants[marks[0]], command_line[1:], output)


def known_cores() -> list[str]:
    return [core for target in platforms.targets() for core in cycle_model.target_cores(target)]
