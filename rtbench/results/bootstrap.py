# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Bootstrap confidence intervals for the ratio (and difference) of two runs' medians and means.

The median is the nearest-rank median (rank ceil(n/2)), as in rtbench.results.stats, so it is always
an observed sample. When both sample lists have the same length they are resampled *paired*
(the same iteration indices for both): rtbench records sample i of every run at the same
iteration, and on a deterministic target two identical runs then give a ratio of exactly 1 in
every resample. When the lengths differ, each side is resampled on its own. The interval is the
percentile interval of the resampled statistic; the RNG is seeded, so output is repeatable.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .stats import median

STATS = ("median", "mean")
# Resampled values held in memory at once (resamples x samples), to bound memory for long runs.
_CHUNK_ELEMENTS = 2_000_000
# The most samples one comparison resamples in all (resamples x samples): a few seconds of
# work. Beyond it the bootstrap draws from a random subset of each run (m out of n: its interval
# is wider, never narrower, than the whole run's) and the estimate says so.
WORK_BOUND = 100_000_000


@dataclass(frozen=True)
class Interval:
    low: float
    high: float

    def excludes(self, value: float) -> bool:
        return value < self.low or value > self.high


@dataclass(frozen=True)
class Estimate:
    """One statistic of both runs, their ratio and difference, each with its interval."""

    stat: str
    base: float
    other: float
    ratio: float | None  # other / base; None when the base is not positive
    ratio_ci: Interval | None
    diff: float
    diff_ci: Interval
    subset: int | None = None  # the bootstrap drew from this many samples of each run (a bound on its work)

    @property
    def significant(self) -> bool:
        """The interval excludes 'no change' (ratio 1, or difference 0 when no ratio exists)."""
        if self.ratio_ci is not None:
            return self.ratio_ci.excludes(1.0)
        return self.diff_ci.excludes(0.0)


def _statistic(matrix: np.ndarray, stat: str) -> np.ndarray:
    if stat == "mean":
        return matrix.mean(axis=1)
    rank = (matrix.shape[1] + 1) // 2 - 1  # stats.median's nearest rank ceil(n/2), 0-based
    return np.partition(matrix, rank, axis=1)[:, rank].astype(float)


def _resampled(base: np.ndarray, other: np.ndarray, stats: Sequence[str], resamples: int,
               rng: np.random.Generator, paired: bool = True) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    paired = paired and len(base) == len(other)
    out: dict[str, tuple[list[np.ndarray], list[np.ndarray]]] = {s: ([], []) for s in stats}
    chunk = max(1, _CHUNK_ELEMENTS // max(len(base), len(other)))
    done = 0
    while done < resamples:
        count = min(chunk, resamples - done)
        index_base = rng.integers(0, len(base), size=(count, len(base)))
        index_other = index_base if paired else rng.integers(0, len(other), size=(count, len(other)))
        for stat in stats:
            out[stat][0].append(_statistic(base[index_base], stat))
            out[stat][1].append(_statistic(other[index_other], stat))
        done += count
    return {s: (np.concatenate(b), np.concatenate(o)) for s, (b, o) in out.items()}


def _interval(values: np.ndarray, confidence: float) -> Interval:
    tail = (1.0 - confidence) / 2.0
    low, high = np.quantile(values, [tail, 1.0 - tail], method="inverted_cdf")
    return Interval(float(low), float(high))


def bounded_subset(samples: int, resamples: int) -> int | None:
    """How many samples of each run the bootstrap draws from: None (all of them) unless
    resamples x samples exceeds WORK_BOUND."""
    if samples * resamples <= WORK_BOUND:
        return None
    return WORK_BOUND // resamples


def _subset(values: np.ndarray, size: int, rng: np.random.Generator) -> np.ndarray:
    """A random subset (without replacement) when the run has more samples than `size`."""
    return values if len(values) <= size else rng.choice(values, size=size, replace=False)


def compare_samples(base: Sequence[int | float], other: Sequence[int | float], *, resamples: int = 2000,
                    confidence: float = 0.95, seed: int = 0,
                    stats: Sequence[str] = STATS, paired: bool = True) -> dict[str, Estimate]:
    """Median and mean of `other` against `base`: ratio and difference with bootstrap intervals.
    paired=False resamples each side on its own even at equal lengths (two platforms, whose
    iteration i have nothing in common)."""
    if not base or not other:
        raise ValueError("both sample lists need at least one sample")
    if resamples < 1 or not 0.0 < confidence < 1.0:
        raise ValueError("resamples must be >= 1 and confidence in (0, 1)")
    a = np.asarray(base, dtype=np.int64 if all(isinstance(v, int) for v in base) else float)
    b = np.asarray(other, dtype=np.int64 if all(isinstance(v, int) for v in other) else float)
    rng = np.random.default_rng(seed)
    subset = bounded_subset(max(len(a), len(b)), resamples)
    drawn_a, drawn_b = (a, b) if subset is None else (_subset(a, subset, rng), _subset(b, subset, rng))
    boot = _resampled(drawn_a, drawn_b, stats, resamples, rng, paired)
    estimates: dict[str, Estimate] = {}
    for stat in stats:
        point_a = float(median(base)) if stat == "median" else float(np.mean(a))
        point_b = float(median(other)) if stat == "median" else float(np.mean(b))
        boot_a, boot_b = boot[stat]
        ratio = ratio_ci = None
        if point_a > 0 and bool(np.all(boot_a > 0)):
            ratio = point_b / point_a
            ratio_ci = _interval(boot_b / boot_a, confidence)
        estimates[stat] = Estimate(stat=stat, base=point_a, other=point_b, ratio=ratio, ratio_ci=ratio_ci,
                                   diff=point_b - point_a, diff_ci=_interval(boot_b - boot_a, confidence),
                                   subset=subset)
    return estimates
