# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Argument types and option groups shared by several commands, and the workspace they name."""
from __future__ import annotations

import argparse
from collections.abc import Callable

from ..acquire import durations, frequencies
from ..errors import RtbenchError
from ..paths import Workspace
from ..reports import plotly_js
from ..results import runsource


def option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key or " " in text:
        raise argparse.ArgumentTypeError(f"'{text}' is not KEY=VALUE (no spaces)")
    return key, value


def seconds(text: str) -> float:
    """A positive duration: 90 (seconds), 90s, 2min, 500ms (rtbench's one duration syntax)."""
    try:
        return durations.seconds(text, "the duration")
    except RtbenchError as err:
        raise argparse.ArgumentTypeError(f"'{text}' is not a duration such as 90s or 2min") from err


def count(minimum: int) -> Callable[[str], int]:
    """A whole number of at least `minimum` that the image can count (32 bits)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
        if not minimum <= value <= 2**32 - 1:
            raise argparse.ArgumentTypeError(f"{value} is outside {minimum}..{2**32 - 1}")
        return value

    return parse


def clock(text: str) -> float:
    """'100MHz', '50 MHz', '1.2GHz', '32768Hz' or a plain number of Hz, from 1 kHz to 10 GHz."""
    try:
        return frequencies.clock(text, "the clock")
    except RtbenchError as err:
        raise argparse.ArgumentTypeError(err.args[0].replace("the clock ", "", 1)) from None


def label(text: str) -> str:
    """A run's name: one line of text, bounded (it is shown in every table of the run)."""
    problem = runsource.label_problem(text)
    if problem:
        shown = text if len(text) <= 40 else text[:40] + "..."
        raise argparse.ArgumentTypeError(f"{shown!r} {problem}")
    return text


def names(text: str) -> list[str]:
    found = [n.strip() for n in text.split(",") if n.strip()]
    if not found:
        raise argparse.ArgumentTypeError("give at least one name")
    return found


def histogram_arguments(command: argparse.ArgumentParser) -> None:
    group = command.add_argument_group("histograms (also in --json)")
    group.add_argument("--histogram", action="store_true", help="print each result's histogram after the table")
    group.add_argument("--bin-width", type=int, help="histogram bin width in the unit (default: at most 50 bins)")
    group.add_argument("--hist-limit", type=int, help="values at or above this go to the overflow bucket")


def build_arguments(command: argparse.ArgumentParser, *, what: str = "the image",
                    bench_help: str | None = None) -> None:
    """What an image is built from and how it runs: the options `run` shares with `ab`, `history` and
    `bisect` (`bench_help`: --bench is one required benchmark, with this help)."""
    command.add_argument("--target", default="qemu-m3", help="where to run: an emulator, the soft-core, this host or "
                                                           "a board (default qemu-m3; `rtbench list` shows them)")
    command.add_argument("--os", help="kernel port (default: the target's, freertos on qemu-m3, posix on linux)")
    command.add_argument("--profile", default="default", help="kernel configuration profile")
    if bench_help is None:
        command.add_argument("--bench", help="comma-separated names or globs, e.g. 'task_switch,queue_*' "
                                             "(default: the whole catalogue)")
    else:
        command.add_argument("--bench", required=True, metavar="NAME", help=bench_help)
    command.add_argument("--iterations", type=count(1), default=1000, help="measured iterations per benchmark")
    command.add_argument("--warmup", type=count(0), default=100, help="unrecorded iterations before measuring")
    command.add_argument("--option", type=option, action="append", metavar="KEY=VALUE",
                         help=f"a benchmark option passed to {what} (e.g. ticks=500, period_us=20000)")
    command.add_argument("--opt", default="-O2", help=f"optimisation flags for {what} (default -O2)")
    command.add_argument("--timeout", type=seconds, default=None,
                         help="how long a run may take, e.g. 900s or 15min (per hardware variant; default: the "
                              "target's, 900 s, 3600 s on vexriscv-sim)")
    command.add_argument("--silence", type=seconds, default=None,
                         help="how long the guest may print nothing before it counts as hung, e.g. 30s "
                              "(default: the target's, 30 s on QEMU)")


def workspace(args: argparse.Namespace) -> Workspace:
    return Workspace(args.home) if args.home else Workspace.default()


def plotly_argument(command: argparse.ArgumentParser) -> None:
    """--plotly, for a command that writes an HTML page (--html)."""
    command.add_argument("--plotly", choices=plotly_js.MODES,
                         help="how the --html page gets plotly.js: inline (the default: embedded, about 4.8 MB, "
                              "opens offline) or cdn (loaded from jsDelivr, pinned and integrity-checked: a page "
                              "of kilobytes that needs the network to draw its figures)")


def plotly_mode(args: argparse.Namespace, html: object) -> str:
    """The page's --plotly mode, checked before any work: only with --html, and plotly installed."""
    if args.plotly and html is None:
        raise RtbenchError(f"--plotly {args.plotly} says how an HTML page gets plotly.js", "add --html FILE")
    if html is not None:
        plotly_js.require()
    return str(args.plotly or plotly_js.DEFAULT)
