# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Builds one firmware image per (target, kernel, profile) with CMake and Ninja."""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path

from .. import __version__
from ..errors import RtbenchError
from ..paths import Workspace, firmware_dir
from . import processes, setup_parts
from .board_image import image_defines
from .build_once import exclusive
from .kernel_patches import KernelPatch, patch_key, patched_tree
from .platforms import Kernel, Target, check_profile, check_runs_on
from .provenance import file_sha256
from .run_options import compiler_words
from .sources import KernelSource

CATALOGUE = "rtbench"  # the image of the whole catalogue (firmware/CMakeLists.txt's rtbench.elf)
MINIMAL = "rtbench-minimal"  # the kernel with one task and no catalogue (firmware/minimal)
ONLY_PREFIX = "rtbench-only-"  # + a benchmark file's stem: that file alone (footprint --per-bench)


@dataclass
class Build:
    elf: Path
    map_file: Path
    directory: Path
    compiler: str
    flags: dict[str, list[str]] = field(default_factory=dict)  # per layer: the compile command's flags
    opt_flags: str = "-O2"
    seconds: float = 0.0
    defines: tuple[str, ...] = ()  # image-wide preprocessor definitions (e.g. a target's counter choice)
    kernel_patches: dict[str, str] = field(default_factory=dict)  # semantic patch -> SHA-256, in order
    soc_blocks: tuple[str, ...] = ()  # optional SoC blocks the kernel needs (its image and model have them)
    kernel_tree: Path | None = None  # the tree compiled: the source, or its patched copy
    # The image's SHA-256: two clean builds of the same inputs give the same (reproducible builds).
    elf_sha256: str = ""
    # The warning lines of the compile and link that ran (none when the image was up to date):
    # rtbench's own code builds with -Werror, so these come from the kernel's files.
    warnings: tuple[str, ...] = ()


def warning_lines(output: str) -> tuple[str, ...]:
    """The compiler's and linker's warnings in a build's output."""
    return tuple(line.strip() for line in output.splitlines() if "warning:" in line)


def check_tools(target: Target) -> None:
    missing = [(tool, package) for tool, package in target.spec.get("tools", {}).items() if not shutil.which(tool)]
    built = [package for _, package in missing if package.startswith("build:")]
    if built:  # a toolchain of its own folder (RTEMS's): the build that makes it
        names = ", ".join(tool for tool, package in missing if package in built)
        raise RtbenchError(f"{names} not found: the {target.name} target needs it for this kernel",
                           setup_parts.install_hint("", built[0]))
    if missing:
        names = ", ".join(tool for tool, _ in missing)
        packages = " ".join(package for _, package in missing)
        raise RtbenchError(f"{names} not found: the {target.name} target needs it",
                           setup_parts.install_hint(setup_parts.part_of("target", target.name), packages))


class BuildError(RtbenchError):
    """A configure or compile step failed (the tree does not build with this port): a kernel
    history records it as the revision's outcome instead of stopping."""

    def __init__(self, message: str, hint: str = "", output: str = "") -> None:
        super().__init__(message, hint)
        self.output = output


# Less free space than this where a build writes, after it failed: the disk was full (a configure
# cut short may even exit 0 and leave no build.ninja behind).
_NEARLY_FULL = 16 * 1024 * 1024


def _disk_full(directory: Path, output: str) -> str | None:
    """Why a build step failed when it was the disk: the build folder's file system is full."""
    try:
        free = shutil.disk_usage(directory).free
    except OSError:
        free = None
    if "No space left on device" not in output and (free is None or free >= _NEARLY_FULL):
        return None
    return (f"the disk holding {directory} is full" + (f" ({free // 1024} KiB free)" if free is not None else "")
            + ": the build could not write its files")


def _summary(output: str) -> str | None:
    """The one thing a failed build's output says, where it is one: CMake's error message, a
    compiler's missing file, the symbols no object defines."""
    lines = output.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("CMake Error")), None)
    if start is not None:
        message: list[str] = []
        for line in lines[start + 1:]:
            if line.startswith("Call Stack") or (message and not line.strip()):
                break
            if line.strip():  # CMake may open with a blank line before a long word
                message.append(line.strip())
        return " ".join(message) or lines[start]
    fatal = next((line.strip() for line in lines if "fatal error:" in line), None)
    if fatal:
        return fatal
    undefined = sorted({m.group(1) for m in re.finditer(r"undefined reference to `([^']+)'", output)})
    if undefined:
        return (f"the link found no definition of {', '.join(undefined[:8])}"
                + (f" and {len(undefined) - 8} more" if len(undefined) > 8 else ""))
    return None


def _run(command: list[str], cwd: Path, what: str, directory: Path) -> str:
    """Runs a build step writing into `directory`; returns its output."""
    proc = processes.run(command, cwd=cwd)
    output = proc.stdout + proc.stderr
    if proc.returncode != 0:
        tail = "\n".join(output.strip().splitlines()[-25:])
        full = _disk_full(directory, output)
        if full:
            _forget_configuration(directory)  # what a cut-short configure wrote must not pass for done
            raise BuildError(f"{what} failed: {full}", f"free space there (df -h {directory} shows it), "
                             "then run again", tail)
        summary = _summary(output)
        raise BuildError(f"{what} failed: {summary}" if summary else f"{what} failed:\n{tail}",
                         f"full command: {' '.join(command)}", tail)
    return output


def _effective(words: list[str]) -> list[str]:
    """GCC obeys the last of -fX and -fno-X: keep only that one (the kernel layer's
    -fno-data-sections after the image-wide -fdata-sections), so the manifest says what applied."""
    def toggle(word: str) -> str:
        return word[5:] if word.startswith("-fno-") else word[2:]

    last = {toggle(w): i for i, w in enumerate(words) if w.startswith("-f")}
    return [w for i, w in enumerate(words) if not w.startswith("-f") or last[toggle(w)] == i]


def _flags(directory: Path) -> dict[str, list[str]]:
    """The compile flags actually used, per layer, from CMake's compile database."""
    try:
        entries = json.loads((directory / "compile_commands.json").read_text())
    except (OSError, ValueError):
        return {}
    flags: dict[str, list[str]] = {}
    firmware = str(firmware_dir()) + "/"
    for entry in entries:
        source = entry["file"]
        layer = "kernel" if "/firmware/" not in source else source.split("/firmware/", 1)[1].split("/", 1)[0]
        if layer in flags:
            continue
        words = entry.get("command", "").split()
        flags[layer] = _effective([w.replace(firmware, "firmware/") for w in words[1:]
                                   if w.startswith(("-m", "-O", "-f", "-g", "-std", "-W", "-D"))
                                   and not w.startswith(("-DRTB_PROFILE_HEADER", *_PATH_ONLY_FLAGS))])
    link = _link_flags(directory)
    if link:
        flags["link"] = link
    return flags


# Flags that only rename paths in debug information: they change no instruction, and their
# values are machine paths.
_PATH_ONLY_FLAGS = ("-ffile-prefix-map=", "-fdebug-prefix-map=", "-fmacro-prefix-map=")


def _link_flags(directory: Path) -> list[str]:
    """The image's link flags (build.ninja), without machine paths: a linker script is named
    relative to the firmware tree, library folders and the map file are left out."""
    try:
        text = (directory / "build.ninja").read_text(errors="replace")
    except OSError:
        return []
    block = text.partition("\nbuild rtbench.elf:")[2]
    line = next((ln.strip() for ln in block.splitlines() if ln.strip().startswith("LINK_FLAGS =")), "")
    firmware = str(firmware_dir()) + "/"
    out: list[str] = []
    for word in line.removeprefix("LINK_FLAGS =").split():
        if word.startswith(("-L", "-Wl,-Map=")):
            continue
        out.append(word.replace(firmware, "firmware/"))
    return out


def _forget_stale_configuration(directory: Path, toolchain: Path, log: Callable[[str], None]) -> None:
    """A build directory configured at another path, or with another toolchain file (one that
    moved, as the Cortex-M targets' did into targets/cortex-m/), is configured again from scratch:
    building it would keep the old path."""
    cache = directory / "CMakeCache.txt"
    try:
        text = cache.read_text(errors="replace")
    except OSError:
        return
    if f"CMAKE_CACHEFILE_DIR:INTERNAL={directory}\n" not in text:
        # Configured under another spelling of its path (through a link): its prefix maps name
        # that spelling, not the real path the compiler records.
        log(f"reconfiguring {directory.name}: it was configured at another path")
        _forget_configuration(directory)
        return
    if f"CMAKE_TOOLCHAIN_FILE:FILEPATH={toolchain}\n" in text or "CMAKE_TOOLCHAIN_FILE:" not in text:
        return
    log(f"reconfiguring {directory.name}: its toolchain file changed")
    _forget_configuration(directory)


def _forget_configuration(directory: Path) -> None:
    """The next build configures the directory from scratch."""
    for stale in (directory / "CMakeCache.txt", directory / "build.ninja"):
        stale.unlink(missing_ok=True)
    shutil.rmtree(directory / "CMakeFiles", ignore_errors=True)


def _configure_and_build(target: Target, kernel: Kernel, profile: str, source: Path | None, directory: Path,
                         opt_words: list[str], defines: tuple[str, ...], log: Callable[[str], None],
                         image: str) -> str:
    """Configures the build directory if needed and builds the image; returns the build's output."""
    fw = firmware_dir()
    # Normalised as CMake records it ("targets/qemu-m3/../cortex-m/..." becomes "targets/cortex-m/...").
    toolchain = Path(os.path.normpath(target.folder / target.spec["toolchain"]))
    _forget_stale_configuration(directory, toolchain, log)
    if not (directory / "build.ninja").exists():
        log(f"configuring {directory.name}")
        _run(["cmake", "-S", str(fw), "-B", str(directory), "-G", "Ninja",
              f"-DCMAKE_TOOLCHAIN_FILE={toolchain}",
              f"-DRTB_TARGET={target.folder.name}", f"-DRTB_OS={kernel.name}", f"-DRTB_PROFILE={profile}",
              f"-DRTB_KERNEL_SRC={source or ''}", f"-DRTB_OPT_FLAGS={';'.join(opt_words)}",
              f"-DRTB_VERSION={__version__}",
              f"-DRTB_DEFINES={';'.join(defines)}",
              f"-DRTB_SOC_BLOCKS={','.join(soc_blocks(kernel))}",
              f"-DRTB_TOOLS_DIR={target.spec.get('tools_dir', '')}",
              "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON", "-DCMAKE_BUILD_TYPE="], fw, "CMake configuration", directory)
    return _run(["cmake", "--build", str(directory), "--target", f"{image}.elf"], fw,
                f"building the {target.name}/{kernel.name}/{profile} image", directory)


def directory_lock(directory: Path, waiting: Callable[[], None] = lambda: None) -> AbstractContextManager[None]:
    """The lock of a build directory, held while one process builds in it or reads what its
    build tools keep there (ninja's deps log, which ninja truncates when it finds it half written):
    processes sharing a workspace never run two of them in one directory at once."""
    return exclusive(directory.with_name(directory.name + ".lock"), waiting)


def build_image(target: Target, kernel: Kernel, profile: str, source: KernelSource, workspace: Workspace,
                opt_flags: str = "-O2", log: Callable[[str], None] = lambda _: None,
                defines: tuple[str, ...] = (), image: str = CATALOGUE) -> Build:
    """Builds `image` (the catalogue, or MINIMAL: the kernel with one task, which compiles the whole
    port, kernel and target but no benchmark) in the workspace's build directory for this
    configuration, configuring it first if needed."""
    check_tools(target)
    check_profile(kernel, profile)
    check_runs_on(kernel, target)
    if not kernel.profile_runs_on(profile, target):
        limited = kernel.spec["profile_architectures"][profile]
        raise RtbenchError(f"the {kernel.name} profile '{profile}' cannot be built for {target.name} ({target.arch})",
                           f"it needs one of: {', '.join(limited)}")
    words = compiler_words(opt_flags)
    opt_flags = " ".join(words)
    defines = (*defines, *(d for d in image_defines(target) if d not in defines))  # a board's own values
    key_text = f"{source.path}|{opt_flags}" + ("|" + ";".join(defines) if defines else "")
    if patch_key(kernel):  # a kernel variant built from a patched copy of the tree
        key_text += "|" + patch_key(kernel)
    if soc_blocks(kernel):  # another register map
        key_text += "|soc+" + "+".join(soc_blocks(kernel))
    if target.spec.get("tools_dir"):  # a toolchain of its own folder (RTEMS's): another build per folder
        key_text += "|tools=" + str(target.spec["tools_dir"])
    key = hashlib.sha256(key_text.encode()).hexdigest()[:10]
    directory = workspace.builds / f"{target.name}-{kernel.name}-{profile}-{key}"
    directory.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    tree, patches = source.path, list[KernelPatch]()
    if source.path is not None and patch_key(kernel):
        # One patched copy per (tree, patches), shared by the variant's images (plain, traced...).
        copy_key = hashlib.sha256(f"{source.path}|{patch_key(kernel)}".encode()).hexdigest()[:10]
        copy_dir = workspace.builds / f"{kernel.name}-kernel-{copy_key}"
        with exclusive(copy_dir.with_name(copy_dir.name + ".lock"),
                       lambda: log(f"waiting for another rtbench process patching {copy_dir.name}")):
            tree, patches = patched_tree(kernel, source.path, source.version, copy_dir, log)
    # Two runs of the same configuration (two shells, or parallel CI jobs) share this directory:
    # one configures and builds while the other waits, then finds it up to date.
    # The compiler records the directory it runs in by its real path (getcwd), which the prefix
    # maps must name: a build folder reached through a link is configured at its real path.
    real = directory.resolve()
    with directory_lock(directory, lambda: log(f"waiting for another rtbench process building {directory.name}")):
        try:
            output = _configure_and_build(target, kernel, profile, tree, real, words, defines, log, image)
        except BuildError as err:
            raise _too_big(err, target) or err from None
        elf_sha256 = file_sha256(directory / f"{image}.elf")
    compiler = target.spec.get("compiler", "cc")
    version = subprocess.run([compiler, "--version"], capture_output=True, text=True).stdout.splitlines()
    return Build(elf=directory / f"{image}.elf", map_file=directory / f"{image}.map", directory=directory,
                 compiler=version[0] if version else compiler, flags=_flags(directory), opt_flags=opt_flags,
                 seconds=time.monotonic() - started, defines=tuple(defines),
                 kernel_patches={p.name: p.sha256 for p in patches}, soc_blocks=soc_blocks(kernel),
                 kernel_tree=tree, elf_sha256=elf_sha256, warnings=warning_lines(output))


OVERFLOW = re.compile(r"region `(\w+)' overflowed by (\d+) bytes")


def _too_big(err: BuildError, target: Target) -> RtbenchError | None:
    """An image that does not fit its target's memory, said as such (the board file's memory map
    and capacity are what to change), instead of the link's last lines."""
    found = OVERFLOW.search(err.output)
    if found is None:
        return None
    region, excess = found.groups()
    board = target.spec.get("board")
    where = f"{board['name']}'s memory map" if board else f"{target.name}'s memory"
    hint = (f"check [memory] in {board['file']}; give fewer task slots, stack words or samples in its [capacity]"
            if board else "select fewer benchmarks, or build with -Os")
    return RtbenchError(f"the image does not fit {where}: its {region} region overflows by {excess} bytes", hint)


def soc_blocks(kernel: Kernel) -> tuple[str, ...]:
    """The optional SoC blocks a kernel port needs (os.toml soc_blocks), e.g. freertos-codesign's
    task slots: targets that generate their SoC add them to the image's register map and model."""
    return tuple(kernel.spec.get("soc_blocks", ()))
