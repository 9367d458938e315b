# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Durations as people type them on the command line: 1ms, 500us, 60s, 2min."""
from __future__ import annotations

import re
from fractions import Fraction

from ..errors import RtbenchError

_UNITS_US = {"ns": Fraction(1, 1000), "us": Fraction(1), "ms": Fraction(1000), "s": Fraction(1_000_000),
             "min": Fraction(60_000_000)}
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(ns|us|ms|s|min)\s*$")


def microseconds(text: str, what: str) -> int:
    """`text` (a number with a unit: ns, us, ms, s, min) in whole microseconds."""
    match = _DURATION.match(text)
    if not match:
        raise RtbenchError(f"{what} '{text}' is not a duration", "write a number and a unit: 500us, 1ms, 60s, 2min")
    value = Fraction(match.group(1)) * _UNITS_US[match.group(2)]
    if value.denominator != 1 or value < 1:
        raise RtbenchError(f"{what} '{text}' is not a whole number of microseconds (at least 1 us)",
                           "periodic releases are programmed in microseconds")
    return int(value)
