# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""rtbench's QEMU TCG plugins, built with the host's C compiler into the user's cache, one
library per content of their sources, so installing one again is a no-op:

- rtb_insn_profile (rtbench/data/qemu_plugin/rtb_insn_profile.c): the instructions the guest
  executes per address, in segments between the firmware's timestamp reads. `rtbench bisect`
  uses it to attribute a change to functions.
- rtb_cycle_model (rtb_cycle_model.c and its rtb_cm_*.c, rtb_thumb_decode.c): the Cortex-M timing
  model, model cycles beside the instruction count (`rtbench run --cycles-model`).
- rtb_mmio_trace (rtb_mmio_trace.c): the instruction count at every timer access, for the
  interrupt benchmarks' cross-check (irq_crosscheck.py, scripts/irq_crosscheck.py); not installed
  ahead, built when the check first runs.

The explicit install step is `python3 -m rtbench.acquire.qemu_plugin install` (scripts/setup.sh
--part bisect runs it; `rtbench doctor` checks for it); the commands that need a plugin install
it too when it is missing. rtb_qemu_plugin_api.h declares the few plugin API functions they call
(API version 1, QEMU 7.2), so no QEMU header is needed."""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import RtbenchError
from ..paths import PACKAGE_DIR, user_cache_dir

SOURCE_DIR = PACKAGE_DIR / "data" / "qemu_plugin"
API_HEADER = SOURCE_DIR / "rtb_qemu_plugin_api.h"
INSTALL = "python3 -m rtbench.acquire.qemu_plugin install"
_FLAGS = ("-O2", "-std=c11", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC")


@dataclass(frozen=True)
class Plugin:
    name: str
    sources: tuple[str, ...]  # .c files in SOURCE_DIR
    headers: tuple[str, ...] = ("rtb_qemu_plugin_api.h",)

    def files(self) -> list[Path]:
        return [SOURCE_DIR / name for name in (*self.sources, *self.headers)]


PROFILE = Plugin("rtb_insn_profile", ("rtb_insn_profile.c",))
CYCLE_MODEL = Plugin("rtb_cycle_model",
                     ("rtb_cycle_model.c", "rtb_cm_params.c", "rtb_cm_costs.c", "rtb_cm_flow.c", "rtb_cm_tags.c",
                      "rtb_thumb_decode.c"),
                     ("rtb_qemu_plugin_api.h", "rtb_cm_model.h", "rtb_thumb_decode.h"))
# The interrupt cross-check's timer-access log (irq_crosscheck.py); built when the check runs.
MMIO_TRACE = Plugin("rtb_mmio_trace", ("rtb_mmio_trace.c",))
PLUGINS = (PROFILE, CYCLE_MODEL)
SOURCE = SOURCE_DIR / PROFILE.sources[0]


def _compiler() -> str:
    compiler = os.environ.get("CC") or shutil.which("gcc") or shutil.which("cc")
    if not compiler:
        raise RtbenchError("no host C compiler: rtbench's QEMU plugins cannot be built",
                           "run scripts/setup.sh --part bisect, or apt-get install gcc")
    return compiler


def digest(plugin: Plugin = PROFILE) -> str:
    """What identifies a build of the plugin: its sources, headers and flags."""
    content = b"".join(path.read_bytes() for path in plugin.files()) + " ".join(_FLAGS).encode()
    return hashlib.sha256(content).hexdigest()


def library_path(plugin: Plugin = PROFILE) -> Path:
    """Where the plugin built from these sources lives (whether it is built or not)."""
    return user_cache_dir() / "qemu-plugin" / f"{plugin.name}-{digest(plugin)[:12]}.so"


def installed(plugin: Plugin = PROFILE) -> Path | None:
    library = library_path(plugin)
    return library if library.is_file() else None


def install(plugin: Plugin = PROFILE) -> Path:
    """The plugin's library, built first if these sources have not been built yet."""
    library = library_path(plugin)
    if library.is_file():
        return library
    library.parent.mkdir(parents=True, exist_ok=True)
    # Built beside its final name and renamed: a concurrent install never sees half a library.
    with tempfile.TemporaryDirectory(dir=library.parent) as scratch:
        built = Path(scratch) / library.name
        sources = [str(SOURCE_DIR / name) for name in plugin.sources]
        proc = subprocess.run([_compiler(), *_FLAGS, "-o", str(built), *sources], capture_output=True, text=True)
        if proc.returncode != 0:
            raise RtbenchError(f"rtbench's QEMU plugin {plugin.name} did not build: {proc.stderr.strip()[-800:]}",
                               "check the host C compiler (gcc)")
        built.replace(library)
    return library


def main(argv: list[str]) -> int:
    if argv != ["install"]:
        print(f"usage: {INSTALL}", file=sys.stderr)
        return 2
    try:
        for plugin in PLUGINS:
            print(install(plugin))
    except RtbenchError as err:
        print(f"rtbench: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
