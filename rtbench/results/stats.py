# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Summary statistics and histograms of benchmark samples, without third-party libraries.

Percentiles use the nearest-rank method on the sorted values: the q-th percentile is the
value at 1-based rank ceil(q/100 * n) (rank 1 for q=0). It is always an observed sample,
never an interpolation, so a reported p99 is a latency that really happened.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

Number = int | float


def percentile(sorted_values: Sequence[Number], q: float) -> Number:
    """Nearest-rank q-th percentile (q in [0, 100]) of already sorted values."""
    if not sorted_values:
        raise ValueError("percentile of no values")
    if not 0 <= q <= 100:
        raise ValueError(f"percentile {q} outside [0, 100]")
    # q as the decimal it was written as (99.9, not 99.900000000000006): binary float
    # error would otherwise push q*n/100 just above an integer and skip a rank.
    rank = math.ceil(Fraction(str(q)) * len(sorted_values) / 100)
    return sorted_values[max(rank, 1) - 1]


def median(values: Sequence[Number]) -> Number:
    """The nearest-rank median (rank ceil(n/2)): with an even count the lower of the two middle
    values, never their average, so it is a sample that was observed, as every rtbench median is."""
    return percentile(sorted(values), 50)


def median_absolute_deviation(values: Sequence[Number]) -> Number:
    """The nearest-rank median of each value's distance from the nearest-rank median: a spread
    that a few outliers (a tick landing in one sample) do not move, unlike the standard deviation.
    Unscaled (not multiplied by 1.4826), so it stays an observed distance in the unit."""
    centre = median(values)
    return median([abs(v - centre) for v in values])


def _stddev(values: Sequence[Number], mean: float) -> float:
    """Sample standard deviation (n-1 denominator)."""
    n = len(values)
    if n < 2:
        return 0.0
    if all(isinstance(v, int) for v in values):
        # Exact for integers: n*sum(x^2) - sum(x)^2 has no cancellation error.
        integers = [int(v) for v in values]
        total = sum(integers)
        squares = sum(v * v for v in integers)
        return math.sqrt(Fraction(n * squares - total * total, n * (n - 1)))
    return math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))


def summarize(values: Sequence[Number]) -> dict[str, Any]:
    """n, min, p50, mean, p90, p99, p999, max, stddev, jitter, mad; {"n": 0} when empty."""
    n = len(values)
    if n == 0:
        return {"n": 0}
    ordered = sorted(values)
    exact = all(isinstance(v, int) for v in ordered)
    # int / int is correctly rounded; fsum would first round each huge int to a float.
    mean = sum(ordered) / n if exact else math.fsum(ordered) / n
    return {
        "n": n,
        "min": ordered[0],
        "p50": percentile(ordered, 50),
        "mean": mean,
        "p90": percentile(ordered, 90),
        "p99": percentile(ordered, 99),
        "p999": percentile(ordered, 99.9),
        "max": ordered[-1],
        "stddev": _stddev(ordered, mean),
        "jitter": ordered[-1] - ordered[0],
        "mad": median_absolute_deviation(ordered),
    }


def histogram(
    values: Sequence[Number],
    bin_width: int | None = None,
    max_bins: int = 50,
    limit: int | None = None,
) -> dict[str, Any]:
    """Exact integer histogram: bin i counts lo + i*width <= v < lo + (i+1)*width.

    Values >= `limit` are counted in "overflow" only, so a few outliers do not stretch the
    bins; counts plus overflow always add up to "total" == len(values). Without
    `bin_width`, the width is the smallest that covers the binned range in at most
    `max_bins` bins; lo is aligned to a multiple of the width for readable bin edges.
    """
    if bin_width is not None and bin_width < 1:
        raise ValueError("bin_width must be >= 1")
    if max_bins < 1:
        raise ValueError("max_bins must be >= 1")
    binned = [math.floor(v) for v in values if limit is None or v < limit]
    overflow = len(values) - len(binned)
    if not binned:
        return {"lo": 0, "width": bin_width or 1, "counts": [], "overflow": overflow,
                "total": len(values)}
    low, high = min(binned), max(binned)
    if bin_width is None:
        width = max(1, -(-(high - low + 1) // max_bins))
        # Aligning lo down can need one more bin than max_bins; widen until it fits.
        while (high - (low // width) * width) // width + 1 > max_bins:
            width += 1
    else:
        width = bin_width
    lo = (low // width) * width
    counts = [0] * ((high - lo) // width + 1)
    for v in binned:
        counts[(v - lo) // width] += 1
    return {"lo": lo, "width": width, "counts": counts, "overflow": overflow,
            "total": len(values)}
