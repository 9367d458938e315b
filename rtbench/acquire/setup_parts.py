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


def how_to_install(package: str) -> str:
    """What provides a tool, as a target or kernel names it: a Debian package, `pip:EXTRA` (an
    extra of rtbench's) or `build:HOW` (what rtbench's own scripts build: RTEMS's toolchain)."""
    if package.startswith("pip:"):
        return f"pip install 'rtbench[{package.removeprefix('pip:')}]'"
    if package.startswith("build:"):
        return package.removeprefix("build:")
    return f"apt-get install {package}"


def fix(package: str, part: str) -> str:
    """The fix for a missing tool: the set-up part, or the build that makes it (no set-up part
    installs what only a build of rtbench's scripts makes)."""
    if package.startswith("build:"):
        return how_to_install(package)
    return f"{command(part)}, or {how_to_install(package)}"
