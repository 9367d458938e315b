# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Change points along a measured target's history (the Linux host, a board), where two runs of
one image differ and a differing median is not yet a change.

The method is a maintained library's, not a threshold of rtbench's: ruptures' PELT with its
rank-based cost (nonparametric, so the heavy tails of a host's latencies do not make changes), on
every point's samples in revision order, with breakpoints allowed only between points, and the
BIC penalty (log n per change point). ruptures is the `changepoints` extra; without it no change
points are detected and the report says so."""
from __future__ import annotations

import math
from collections.abc import Sequence
from functools import reduce

import numpy as np

METHOD = "ruptures PELT, rank cost, BIC penalty (log n per change), breakpoints between points only"


def available() -> bool:
    try:
        import ruptures  # noqa: F401
    except ImportError:
        return False
    return True


def change_points(series: Sequence[Sequence[float]]) -> list[int]:
    """The indices of the points at which a new level starts (never 0), for each point's samples
    in revision order. Points must have at least two samples each."""
    if len(series) < 2 or any(len(samples) < 2 for samples in series):
        return []
    import ruptures as rpt

    # Breakpoints fall on multiples of `jump`: the sample counts' common divisor makes every
    # point boundary one, and no point is split.
    jump = reduce(math.gcd, (len(samples) for samples in series))
    signal = np.concatenate([np.asarray(samples, dtype=float) for samples in series]).reshape(-1, 1)
    if np.all(signal == signal[0]):
        return []
    bounds = np.cumsum([len(samples) for samples in series])
    found = rpt.Pelt(model="rank", min_size=jump, jump=jump).fit(signal).predict(pen=math.log(len(signal)))
    starts = {int(np.searchsorted(bounds, b, side="right")) for b in found[:-1] if b in set(bounds.tolist())}
    return sorted(index for index in starts if 0 < index < len(series))
