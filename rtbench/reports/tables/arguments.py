# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A table view's argument parser: bad arguments are an RtbenchError (exit status 2 with the
message, in a script or in the docs' build), never a SystemExit from inside the package."""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, NoReturn

from ...errors import RtbenchError
from ...paths import Workspace
from ...results import schema


class Arguments(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise RtbenchError(message, self.format_usage().strip())


def parser(name: str, description: str) -> Arguments:
    """The parser of the view NAME, named as its script (`python3 scripts/NAME.py`) in its usage."""
    return Arguments(prog=f"{name}.py", description=description)


def runs_and_store(name: str, description: str, argv: list[str]) -> tuple[list[str], Path]:
    """A view over several runs: its run files or stored run ids, and the store the ids are in
    (--home's, else the default workspace's)."""
    cmd = parser(name, description)
    cmd.add_argument("runs", nargs="+", help="run JSON files or stored run ids")
    cmd.add_argument("--home", type=Path, default=None, help="the workspace whose store holds the run ids")
    args = cmd.parse_args(argv)
    return args.runs, (Workspace(args.home) if args.home else Workspace.default()).store



def load_run(path: Path) -> dict[str, Any]:
    """A run written by `rtbench run --json`, parsed and validated as rtbench reads one."""
    return dict(schema.load(path, schema.RUN))


def two_runs(name: str, description: str, argv: list[str], first: tuple[str, str], second: tuple[str, str],
             variant: tuple[str | None, str] | None = None) -> tuple[dict[str, Any], dict[str, Any], str | None]:
    """A view of two runs (`rtbench run --json` files), each argument given as (name, help): the
    two runs read, and with `variant` (default, help) the --cpu-variant chosen (else None)."""
    cmd = parser(name, description)
    for argument, text in (first, second):
        cmd.add_argument(argument, type=Path, help=text)
    if variant is not None:
        cmd.add_argument("--cpu-variant", metavar="V", default=variant[0], help=variant[1])
    args = cmd.parse_args(argv)
    return load_run(getattr(args, first[0])), load_run(getattr(args, second[0])), getattr(args, "cpu_variant", None)
