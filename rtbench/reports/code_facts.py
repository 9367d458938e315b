# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Sentences that count or list what the code has, filled in when the site is built.

In a page, <!-- rtbench:count SET --> becomes how many members SET has and <!-- rtbench:names SET -->
their names ("`asp3`, `freertos` and `ucos2`"), read from the firmware's description files and
the catalogue as `rtbench list` reads them: a sentence that says how many kernels rtbench runs
follows the code instead of going stale. The sets are SETS' keys, and `profile:NAME` (the kernel
ports that have the profile NAME); an unknown one is an error."""
from __future__ import annotations

import re
from collections.abc import Callable

from ..acquire import catalogue, doctor, platforms
from ..errors import RtbenchError

BOARD_TARGET = "board"  # `--target board`: a real board, described by a board file, not by a folder


def kernel_ports() -> list[str]:
    """Every folder under firmware/os/ with an os.toml (`rtbench list`'s kernels)."""
    return [kernel.name for kernel in platforms.kernels()]


def kernels() -> list[str]:
    """The kernels themselves: the ports that reuse no other port's sources (not the FreeRTOS
    co-designs, not linux-rt, which is the posix port in a guest)."""
    return [kernel.name for kernel in platforms.kernels() if not kernel.spec.get("reuses")]


def user_tree_kernels() -> list[str]:
    """The ports whose source only a user's tree gives (no package registry carries it)."""
    return [kernel.name for kernel in platforms.kernels() if doctor.user_tree_only(kernel)]


def targets() -> list[str]:
    """The --target names `rtbench list` shows: every firmware/targets/*/target.toml, and board."""
    return [target.name for target in platforms.targets()] + [BOARD_TARGET]


def cpu_variants() -> list[str]:
    """The named CPU variants of the targets that have them (vexriscv-sim's --cpu-variant choices)."""
    return [str(v) for target in platforms.targets() for v in target.spec.get("variants", {}).get("choices", [])]


def configurable_cpus() -> list[str]:
    """The CPUs whose variants carry settings (vexriscv-sim's Minerva and CV32E40P)."""
    return [cpu for target in platforms.targets() for cpu in platforms.configurable_cpus(target)]


def benchmarks() -> list[str]:
    """The catalogue, in the order it runs."""
    return [bench.name for bench in catalogue.scan()]


SETS: dict[str, Callable[[], list[str]]] = {
    "kernel-ports": kernel_ports, "kernels": kernels, "user-tree-kernels": user_tree_kernels,
    "targets": targets, "cpu-variants": cpu_variants, "configurable-cpus": configurable_cpus,
    "benchmarks": benchmarks,
}
MARKER = re.compile(r"<!--\s*rtbench:(count|names)\s+([a-z0-9:-]+)\s*-->")


def members(name: str) -> list[str]:
    kind, _, profile = name.partition(":")
    if kind == "profile" and profile:
        having = [kernel.name for kernel in platforms.kernels() if profile in kernel.profiles]
        if not having:
            raise RtbenchError(f"rtbench:{name}: no kernel port has the profile {profile!r}")
        return having
    if name not in SETS:
        raise RtbenchError(f"no set {name!r} for rtbench:count or rtbench:names",
                           "sets: " + ", ".join(SETS) + ", profile:NAME")
    return SETS[name]()


def as_names(names: list[str]) -> str:
    """Code names as a sentence lists them: "`a`", "`a` and `b`", "`a`, `b` and `c`"."""
    quoted = [f"`{name}`" for name in names]
    return "".join(quoted) if len(quoted) <= 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


def _filled(match: re.Match[str]) -> str:
    kind, name = match.groups()
    found = members(name)
    return str(len(found)) if kind == "count" else as_names(found)


def replace_markers(markdown: str) -> str:
    """The page with every count and names marker filled in, except inside code (fenced blocks
    and code spans, where a page shows a marker to explain it)."""
    out, fence = [], ""
    for line in markdown.split("\n"):
        opened = re.match(r"[ \t]*(```|~~~)", line)
        if opened and (not fence or opened.group(1) == fence):
            fence = "" if fence else opened.group(1)
        elif not fence:
            line = "".join(part if part.startswith("`") else MARKER.sub(_filled, part)
                           for part in re.split(r"(`[^`]*`)", line))
        out.append(line)
    return "\n".join(out)
