# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""What `rtbench run` may ask of an image, checked on the host before anything is built: the
image reads its options as 32-bit whole numbers, and a key no selected benchmark reads would
be silently ignored."""
from __future__ import annotations

import math
import re
import shlex

from ..errors import RtbenchError
from . import platforms
from .catalogue import BenchInfo
from .platforms import Target

U32_MAX = 2**32 - 1
# Options rtbench sets itself from its own flags; a --option must not override them.
RESERVED = {"iterations": "--iterations", "warmup": "--warmup", "select": "--bench", "skip": "--bench"}
# The guest's fault and hang injection, for testing rtbench's own error paths.
INJECT = "inject"
_INJECT_VALUE = re.compile(r"(fault|hang):(\w+)")
_WORD = re.compile(r"[0-9]+")


def check_counts(iterations: int, warmup: int) -> None:
    """The guest counts warm-up plus measured iterations in 32 bits."""
    if iterations < 1:
        raise RtbenchError(f"--iterations {iterations}: give at least 1")
    if warmup < 0:
        raise RtbenchError(f"--warmup {warmup}: give 0 or more")
    if iterations + warmup > U32_MAX:
        raise RtbenchError(f"--iterations {iterations} with --warmup {warmup} exceeds what the image counts "
                           f"({U32_MAX} in all)", "use fewer iterations")


def check_seconds(value: float, flag: str) -> None:
    if not math.isfinite(value) or value <= 0:
        raise RtbenchError(f"{flag} {value:g}: give a positive number of seconds")


def compiler_words(opt_flags: str) -> list[str]:
    """--opt as the compiler's words ("-O2 -fno-inline" is two flags), each a flag."""
    try:
        words = shlex.split(opt_flags)
    except ValueError as err:
        raise RtbenchError(f"--opt '{opt_flags}': {err}") from None
    if not words:
        raise RtbenchError("--opt is empty", "e.g. --opt=-O2 or --opt '-Os -fno-inline'")
    bad = [w for w in words if not w.startswith("-") or ";" in w]
    if bad:
        raise RtbenchError(f"--opt: {', '.join(bad)} is not a compiler flag", "flags start with '-', e.g. --opt -O1")
    return words


def _readers(key: str, benches: list[BenchInfo]) -> list[str]:
    return [b.name for b in benches if key in b.options]


def check_options(options: dict[str, str], target: Target, selected: list[BenchInfo],
                  everything: list[BenchInfo]) -> None:
    """Every --option must be read by a selected benchmark (or the target) and be a whole number
    the image can hold."""
    target_keys = [str(k) for k in target.spec.get("options", [])]
    for key, value in options.items():
        if key in RESERVED:
            raise RtbenchError(f"option {key} is set by rtbench itself", f"use {RESERVED[key]}")
        if key == INJECT:
            _check_inject(value, everything)
            continue
        if key in target_keys:
            continue
        if not _readers(key, selected):
            _refuse_unread(key, target, selected, everything)
        if not _WORD.fullmatch(value) or int(value) > U32_MAX:
            raise RtbenchError(f"option {key}={value}: the image reads a whole number from 0 to {U32_MAX}")


def _refuse_unread(key: str, target: Target, selected: list[BenchInfo], everything: list[BenchInfo]) -> None:
    elsewhere = _readers(key, everything)
    if elsewhere:
        raise RtbenchError(f"option {key} is read by {', '.join(elsewhere)}, which this run does not select",
                           f"add it with --bench, e.g. --bench {elsewhere[0]}")
    other_targets = [t.name for t in platforms.targets() if key in t.spec.get("options", [])]
    if other_targets:
        raise RtbenchError(f"option {key} applies to the {', '.join(other_targets)} target, not to {target.name}",
                           f"use --target {other_targets[0]}")
    known = sorted({o for b in selected for o in b.options})
    raise RtbenchError(f"no selected benchmark reads option {key}",
                       "options the selected benchmarks read: " + (", ".join(known) or "none"))


def _check_inject(value: str, everything: list[BenchInfo]) -> None:
    match = _INJECT_VALUE.fullmatch(value)
    if not match or match.group(2) not in {b.name for b in everything}:
        raise RtbenchError(f"option inject={value}: expected fault:<benchmark> or hang:<benchmark>",
                           "inject makes the image fault or hang on purpose, to test rtbench's error handling")
