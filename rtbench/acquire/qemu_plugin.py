# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""rtbench's QEMU TCG plugin (rtbench/data/qemu_plugin/rtb_insn_profile.c): the instructions the
guest executes per address, in segments between the firmware's timestamp reads. `rtbench bisect`
uses it to attribute a change to functions.

The plugin is built with the host's C compiler into the user's cache, one library per content of
its source, so installing it again is a no-op. The explicit install step is
`python3 -m rtbench.acquire.qemu_plugin install` (scripts/setup.sh --part bisect runs it; `rtbench doctor`
checks for it); `rtbench bisect` installs it too when it is missing. rtb_qemu_plugin_api.h
declares the few plugin API functions it calls (API version 1, QEMU 7.2), so no QEMU header is
needed."""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ..errors import RtbenchError
from ..paths import PACKAGE_DIR, user_cache_dir

SOURCE = PACKAGE_DIR / "data" / "qemu_plugin" / "rtb_insn_profile.c"
API_HEADER = SOURCE.with_name("rtb_qemu_plugin_api.h")
INSTALL = "python3 -m rtbench.acquire.qemu_plugin install"
_FLAGS = ("-O2", "-std=c11", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC")


def _compiler() -> str:
    compiler = os.environ.get("CC") or shutil.which("gcc") or shutil.which("cc")
    if not compiler:
        raise RtbenchError("no host C compiler: rtbench's QEMU plugin cannot be built",
                           "run scripts/setup.sh --part bisect, or apt-get install gcc")
    return compiler


def library_path() -> Path:
    """Where the plugin built from this source lives (whether it is built or not)."""
    digest = hashlib.sha256(SOURCE.read_bytes() + API_HEADER.read_bytes() + " ".join(_FLAGS).encode()).hexdigest()[:12]
    return user_cache_dir() / "qemu-plugin" / f"rtb_insn_profile-{digest}.so"


def installed() -> Path | None:
    library = library_path()
    return library if library.is_file() else None


def install() -> Path:
    """The plugin's library, built first if this source has not been built yet."""
    library = library_path()
    if library.is_file():
        return library
    library.parent.mkdir(parents=True, exist_ok=True)
    # Built beside its final name and renamed: a concurrent install never sees half a library.
    with tempfile.TemporaryDirectory(dir=library.parent) as scratch:
        built = Path(scratch) / library.name
        proc = subprocess.run([_compiler(), *_FLAGS, "-o", str(built), str(SOURCE)],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RtbenchError(f"rtbench's QEMU plugin did not build: {proc.stderr.strip()[-800:]}",
                               "check the host C compiler (gcc)")
        built.replace(library)
    return library


def main(argv: list[str]) -> int:
    if argv != ["install"]:
        print(f"usage: {INSTALL}", file=sys.stderr)
        return 2
    try:
        print(install())
    except RtbenchError as err:
        print(f"rtbench: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
