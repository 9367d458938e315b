# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench system show|tune|reset`: the host settings behind trustworthy `--target linux` numbers."""
from __future__ import annotations

import argparse
import shutil

from ..acquire import host_system
from ..results.tables import Column, Table, as_text, cell
from .arguments import workspace


def add_system(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cmd = sub.add_parser("system", help="the host settings behind trustworthy --target linux numbers",
                         description="show: the CPU governor, isolated CPUs, SMT, real-time throttling, interrupt "
                                     "affinity, preemption model and load, with advice. tune: the performance "
                                     "governor and real-time throttling off (root), saving the old values in the "
                                     "workspace. reset: restores them.")
    cmd.add_argument("action", choices=("show", "tune", "reset"), nargs="?", default="show",
                     help="show (default), tune or reset")
    cmd.set_defaults(func=cmd_system)


def show_table(settings: list[host_system.Setting]) -> Table:
    table = Table([Column("setting", "setting"), Column("value", "value"), Column("advice", "advice")])
    for setting in settings:
        table.add([cell(setting.name), cell(setting.value), cell(setting.advice or "ok")])
    return table


def cmd_system(args: argparse.Namespace) -> int:
    saved = workspace(args).root / "system-tune.json"
    if args.action == "tune":
        changes = host_system.tune(saved)
        print("\n".join(changes) or "nothing to change: the governor and real-time throttling are already set")
        return 0
    if args.action == "reset":
        changes = host_system.reset(saved)
        print("\n".join(changes) or "nothing to restore: rtbench system tune changed nothing here")
        return 0
    settings = host_system.inspect()
    print(as_text.render(show_table(settings), width=shutil.get_terminal_size((120, 24)).columns))
    return 0
