# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The rtbench command line: the parser of every command, and how errors end the process.

The commands live by responsibility: run.py (run), campaign.py (campaign), results.py (report, compare, check,
runs), analysis.py (footprint, cache, deadline), study.py and study_runs.py (study), info.py (list, sources),
doctor.py (doctor), system.py (system), completion.py (completion), history.py (history, ab), calibrate.py
(calibrate)."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import cast

from .. import __version__
from ..acquire import interrupts
from ..errors import RtbenchError
from ..results.store import StoreError
from ..suggest import unknown_hint
from . import output
from .analysis import add_cache, add_deadline, add_footprint, add_kernels
from .calibrate import add_calibrate
from .campaign import add_campaign
from .completion import add_completion
from .doctor import add_doctor
from .history import add_ab, add_bisect, add_history
from .info import add_list, add_sources
from .results import add_check, add_compare, add_report, add_runs
from .run import add_run
from .study import add_study
from .system import add_system

# In the order `rtbench --help` lists them.
COMMANDS = (add_run, add_campaign, add_history, add_ab, add_bisect, add_report, add_compare, add_check, add_calibrate,
            add_footprint,
            add_kernels, add_cache, add_deadline, add_study, add_runs, add_list, add_sources, add_doctor, add_system,
            add_completion)


_HOME_HELP = "workspace for builds, logs and results (default ./.rtbench, or $RTBENCH_HOME)"


def _global_options(command: argparse.ArgumentParser, top: bool) -> None:
    """--home, -q and -v, before the command or after it (`rtbench run --home X`). On a command
    they default to nothing at all, so that one given before the command is kept."""
    unset = {} if top else {"default": argparse.SUPPRESS}
    group = command.add_argument_group("global options") if not top else command
    group.add_argument("--home", type=Path, help=_HOME_HELP, **({"default": None} if top else unset))
    group.add_argument("-q", "--quiet", action="count", help="print less: no progress lines, only warnings "
                       "and errors on stderr", **({"default": 0} if top else unset))
    group.add_argument("-v", "--verbose", action="count", help="print more: each run's provenance and files "
                       "on stderr", **({"default": 0} if top else unset))


class _Parser(argparse.ArgumentParser):
    """argparse's parser, answering a value outside an option's choices (a command, a format)
    with the closest ones instead of every one; its subcommands' parsers are of this class too."""

    def _check_value(self, action: argparse.Action, value: object) -> None:
        if action.choices is None or value in action.choices:
            return
        known = [str(choice) for choice in action.choices]
        listing = "rtbench --help" if isinstance(action, argparse._SubParsersAction) else None
        what = "commands" if listing else "choices"
        raise argparse.ArgumentError(action, f"invalid choice: {str(value)!r} "
                                             f"({unknown_hint(str(value), known, what, listing)})")


def parser() -> argparse.ArgumentParser:
    top = _Parser(prog="rtbench", description="Portable RTOS benchmark suite and harness.")
    top.add_argument("--version", action="version", version=f"rtbench {__version__}")
    _global_options(top, top=True)
    # The commands' parsers are _Parsers too; the commands are written against argparse's own type.
    sub = cast("argparse._SubParsersAction[argparse.ArgumentParser]",
               top.add_subparsers(dest="command", required=True, metavar="COMMAND"))
    for add in COMMANDS:
        add(sub)
    for command in sub.choices.values():
        _global_options(command, top=False)
    return top


# Options whose value often starts with '-' (argparse would take `--opt -O1` for two options).
_DASHED_VALUES = ("--opt",)


def _join_dashed_values(argv: list[str]) -> list[str]:
    """`--opt -O1` as `--opt=-O1`."""
    out: list[str] = []
    words = iter(argv)
    for word in words:
        if word == "--":
            out.append(word)
            out.extend(words)
            break
        if word in _DASHED_VALUES:
            value = next(words, None)
            out.append(word if value is None else f"{word}={value}")
        else:
            out.append(word)
    return out


def main(argv: list[str] | None = None) -> int:
    interrupts.install()
    try:
        args = parser().parse_args(_join_dashed_values(sys.argv[1:] if argv is None else argv))
        output.set_verbosity(args.verbose - args.quiet)
        return int(args.func(args))
    except (RtbenchError, StoreError) as err:
        print(f"rtbench: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as err:
        print(f"rtbench: interrupted ({interrupts.signal_name(err)})", file=sys.stderr)
        return interrupts.exit_status(err)
    except BrokenPipeError:
        # The reader went away (`rtbench list | head`): stop quietly, as other tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
