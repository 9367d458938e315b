# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Clock frequencies as people type them: 100MHz, 50 MHz, 1.2GHz, 32768Hz, 250k or a bare number
of Hz; one syntax for every option that takes a clock (run's and deadline's --clock, --sweep),
within the range a CPU clock has. A clock far outside it (0.000001Hz) is a typo whose figures
(a budget share of 10^14 %) would only mislead."""
from __future__ import annotations

import re

from ..errors import RtbenchError

MIN_HZ = 1e3
MAX_HZ = 10e9
_CLOCK = re.compile(r"\s*([0-9]*\.?[0-9]+)\s*([kKmMgG]?)(?:[hH][zZ])?\s*")
_SCALE = {"": 1.0, "k": 1e3, "m": 1e6, "g": 1e9}
_HINT = "write it like 100MHz, 50 MHz or 1.2GHz"


def parse(text: str, what: str) -> float:
    """`text` in Hz: a positive number with an optional k, M or G (and Hz)."""
    match = _CLOCK.fullmatch(text)
    if not match or float(match.group(1)) <= 0:
        raise RtbenchError(f"{what} '{text}' is not a clock frequency", _HINT)
    return float(match.group(1)) * _SCALE[match.group(2).lower()]


def clock(text: str, what: str) -> float:
    """A CPU clock in Hz, from 1 kHz to 10 GHz."""
    value = parse(text, what)
    check(value, f"{what} '{text}'")
    return value


def check(hz: float, what: str) -> None:
    if not MIN_HZ <= hz <= MAX_HZ:
        raise RtbenchError(f"{what} ({hz:g} Hz) is outside {MIN_HZ / 1e3:g} kHz..{MAX_HZ / 1e9:g} GHz, the range "
                           "of a CPU clock", _HINT)
