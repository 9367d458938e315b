# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Durations as people type them on the command line: 1ms, 500us, 220µs, 60s, 2min; one syntax
for every option that takes a time (--timeout, --silence, --period, --duration, --deadline)."""
from __future__ import annotations

import re
from fractions import Fraction

from ..errors import RtbenchError

_UNITS_US = {"ns": Fraction(1, 1000), "us": Fraction(1), "µs": Fraction(1), "ms": Fraction(1000),
             "s": Fraction(1_000_000), "min": Fraction(60_000_000)}
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(ns|us|µs|ms|s|min)\s*$")
_HINT = "write a number and a unit: 500us, 1ms, 60s, 2min"


def _parse(text: str, what: str, bare_unit: str | None) -> Fraction:
    """`text` in microseconds; a bare number is in `bare_unit` when one is allowed."""
    match = _DURATION.match(text)
    if match:
        return Fraction(match.group(1)) * _UNITS_US[match.group(2)]
    if bare_unit is not None and re.fullmatch(r"\s*\d+(?:\.\d+)?\s*", text):
        return Fraction(text.strip()) * _UNITS_US[bare_unit]
    raise RtbenchError(f"{what} '{text}' is not a duration", _HINT)


def seconds(text: str, what: str) -> float:
    """A positive duration in seconds; a bare number counts as seconds (`--timeout 90`)."""
    value = _parse(text, what, "s")
    if value <= 0:
        raise RtbenchError(f"{what} '{text}' must be longer than zero", _HINT)
    return float(value / _UNITS_US["s"])


def microseconds(text: str, what: str) -> int:
    """`text` (a number with a unit: ns, us, ms, s, min) in whole microseconds."""
    value = _parse(text, what, None)
    if value.denominator != 1 or value < 1:
        raise RtbenchError(f"{what} '{text}' is not a whole number of microseconds (at least 1 us)",
                           "periodic releases are programmed in microseconds")
    return int(value)
