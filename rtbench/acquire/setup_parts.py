# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The set-up's parts (rtbench/data/setup_parts.toml): which part of `scripts/setup.sh` installs
what a target, kernel, CPU or harness tool needs, so that every "not found" names the one
command that fixes it."""
from __future__ import annotations

import functools
import tomllib
from typing import Any

from ..paths import PACKAGE_DIR

MAIN = "main"  # the main job's part: `scripts/setup.sh` with no option
FILE = PACKAGE_DIR / "data" / "setup_parts.toml"


@functools.cache
def parts() -> dict[str, dict[str, Any]]:
    return tomllib.loads(FILE.read_text())


def part_of(kind: str, name: str) -> str:
    """The part that installs what a doctor's part needs ("" for none: a user's tree)."""
    key = f"{kind} {name}"
    return next((part for part, spec in parts().items() if key in spec.get("covers", [])), "")


def command(part: str) -> str:
    return "run scripts/setup.sh" + ("" if part in ("", MAIN) else f" --part {part}")


def install_hint(part: str, packages: str = "") -> str:
    """What to run when something a part installs is missing: the part's set-up command and, as
    the other way, the packages that provide it (space-separated): Debian packages, and
    `pip:EXTRA` for an extra of rtbench's (NuttX's olddefconfig: no Debian package has it). A
    `build:HOW` names what only rtbench's own scripts build (RTEMS's toolchain): that build, alone."""
    if packages.startswith("build:"):  # a command line of its own, spaces and all
        return packages.removeprefix("build:")
    names = packages.split()
    debian = [name for name in names if not name.startswith("pip:")]
    extras = [name.removeprefix("pip:") for name in names if name.startswith("pip:")]
    other = ([f"apt-get install {' '.join(debian)}"] if debian else []) + \
        ([f"pip install 'rtbench[{','.join(extras)}]'"] if extras else [])
    return command(part) + (f", or {' and '.join(other)}" if other else "")
