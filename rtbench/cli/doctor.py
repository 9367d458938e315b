# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""rtbench doctor: what this machine can build and run, and what to install for the rest."""
from __future__ import annotations

import argparse

from ..acquire import doctor


def _mark(part: doctor.Part) -> str:
    if part.ready:
        return "ready"
    return "not set up (optional)" if part.optional else "NOT READY"


def cmd_doctor(args: argparse.Namespace) -> int:
    parts = doctor.diagnose()
    width = max(len(f"{p.kind} {p.name}") for p in parts)
    for part in parts:
        print(f"{part.kind + ' ' + part.name:<{width}}  {_mark(part)}")
        for check in part.checks:
            if check.ok and args.verbose > 0:  # -v (a global option): the passed checks too
                print(f"    ok       {check.item}: {check.detail}")
            elif not check.ok:
                print(f"    {'absent ' if part.optional else 'MISSING'}  {check.item}: {check.detail}")
                if check.fix:
                    print(f"             -> {check.fix}")
    broken = [p for p in parts if not p.ready and not p.optional]
    optional = [p for p in parts if not p.ready and p.optional]
    if broken:
        names = ", ".join(f"{p.kind} {p.name}" for p in broken)
        print(f"\n{len(broken)} part(s) of the default set are not ready: {names}. "
              "Run scripts/setup.sh, or install what is named above.")
        return 1
    print("\nevery part of the default set is ready"
          + (f"; optional and not set up: {', '.join(p.name for p in optional)}" if optional else ""))
    return 0


def add_doctor(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cmd = sub.add_parser("doctor", help="what this machine can build and run, and what to install for the rest",
                         description="Checks every target and kernel: its tools, a compile and link with each "
                                     "toolchain, the emulator's machine, the SoC's Python packages, the kernel's "
                                     "source. Exit 0 when the default set (everything scripts/setup.sh installs) "
                                     "is ready, 1 when part of it is missing.")
    cmd.set_defaults(func=cmd_doctor)
