# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Argument types and option groups shared by several commands, and the workspace they name."""
from __future__ import annotations

import argparse
import re
from collections.abc import Callable

from ..acquire import durations
from ..errors import RtbenchError
from ..paths import Workspace


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
    """'100MHz', '50 MHz', '1.2GHz', '32768Hz' or a plain number of Hz."""
    match = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*([kKmMgG]?)(?:[hH][zZ])?\s*", text)
    if not match or float(match.group(1)) <= 0:
        raise argparse.ArgumentTypeError(f"'{text}' is not a clock frequency such as 100MHz")
    scale = {"": 1.0, "k": 1e3, "m": 1e6, "g": 1e9}[match.group(2).lower()]
    return float(match.group(1)) * scale


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


def workspace(args: argparse.Namespace) -> Workspace:
    return Workspace(args.home) if args.home else Workspace.default()
