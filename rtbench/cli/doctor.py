# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""rtbench doctor: what this machine can build and run, and what to install for the rest."""
from __future__ import annotations

import argparse

from ..acquire import doctor, setup_parts
from ..errors import RtbenchError


def _mark(part: doctor.Part) -> str:
    if part.ready:
        return "ready"
    if part.optional:
        return "not set up (optional)"
    return "NOT READY" if part.setup == setup_parts.MAIN else f"not set up (scripts/setup.sh --part {part.setup})"


def _print(part: doctor.Part, width: int, verbose: int) -> None:
    print(f"{part.kind + ' ' + part.name:<{width}}  {_mark(part)}")
    for check in part.checks:
        if check.ok and verbose > 0:  # -v (a global option): the passed checks too
            print(f"    ok       {check.item}: {check.detail}")
        elif not check.ok:
            print(f"    {'MISSING' if part.setup == setup_parts.MAIN else 'absent '}  {check.item}: {check.detail}")
            if check.fix:
                print(f"             -> {check.fix}")


def _chosen(args: argparse.Namespace) -> set[str] | None:
    if not args.part:
        return None
    names = {n.strip() for text in args.part for n in text.split(",") if n.strip()}
    unknown = sorted(names - set(setup_parts.parts()))
    if unknown:
        raise RtbenchError(f"no set-up part {', '.join(unknown)}",
                           f"the parts are: {', '.join(setup_parts.parts())} (scripts/setup.sh --list)")
    return names


def cmd_doctor(args: argparse.Namespace) -> int:
    only = _chosen(args)
    parts = doctor.diagnose(only=only)
    width = max((len(f"{p.kind} {p.name}") for p in parts), default=0)
    for part in parts:
        _print(part, width, args.verbose)
    # What decides the exit status: the named parts, every part (--all), or the main job's.
    required = [p for p in parts if not p.optional and (only is not None or args.all or p.setup == setup_parts.MAIN)]
    broken = [p for p in required if not p.ready]
    absent = sorted({p.setup for p in parts if not p.ready and not p.optional and p not in broken})
    users = [p.name for p in parts if not p.ready and p.optional]
    if broken:
        names = ", ".join(f"{p.kind} {p.name}" for p in broken)
        commands = sorted({setup_parts.command(p.setup) if p.setup else "see above" for p in broken})
        print(f"\n{len(broken)} part(s) not ready: {names}. To set them up: {'; '.join(commands)}.")
        return 1
    said = "the named parts are ready" if only is not None else (
        "every part is ready" if args.all else "the main job is ready (rtbench run)")
    if absent:
        said += f"; not set up: {', '.join(absent)} (scripts/setup.sh --part NAME, or --all)"
    if users:
        said += f"; optional, from your trees: {', '.join(users)}"
    print("\n" + said)
    return 0


def add_doctor(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cmd = sub.add_parser("doctor", help="what this machine can build and run, and what to install for the rest",
                         description="Checks every target and kernel: its tools, a compile and link with each "
                                     "toolchain, the emulator's machine, the SoC's Python packages, the kernel's "
                                     "source. Each missing piece is named with the set-up part that installs it "
                                     "(scripts/setup.sh --part NAME). Exit 0 when the main job's part is ready "
                                     "(with --all: every part; with --part: the named ones), 1 when not.")
    cmd.add_argument("--part", action="append", default=[], metavar="NAME[,NAME]",
                     help="check only what these set-up parts install (scripts/setup.sh --list names them)")
    cmd.add_argument("--all", action="store_true", help="exit 1 unless every set-up part is ready")
    cmd.set_defaults(func=cmd_doctor)
