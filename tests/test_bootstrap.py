# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Bootstrap intervals of the ratio of two runs' medians and means: known properties."""
from __future__ import annotations

import random

import pytest

from rtbench.results import bootstrap
from rtbench.results.bootstrap import compare_samples
from rtbench.results.stats import median


def _noisy(seed: int, centre: int, n: int = 400) -> list[int]:
    rng = random.Random(seed)
    return [centre + rng.randint(-5, 5) + (40 if rng.random() < 0.02 else 0) for _ in range(n)]


def test_median_is_nearest_rank() -> None:
    assert median([4, 1, 3, 2]) == 2
    assert median([5, 1, 3]) == 3
    assert median([7]) == 7


def test_identical_samples_give_exactly_one() -> None:
    samples = _noisy(1, 100)
    for stat, est in compare_samples(samples, list(samples)).items():
        assert est.ratio == 1.0
        assert (est.ratio_ci.low, est.ratio_ci.high) == (1.0, 1.0), stat
        assert (est.diff_ci.low, est.diff_ci.high) == (0.0, 0.0)
        assert not est.significant


def test_clear_shift_excludes_one() -> None:
    base, slower = _noisy(2, 100), _noisy(3, 120)
    result = compare_samples(base, slower)
    for est in result.values():
        assert est.significant
        assert 1.1 < est.ratio_ci.low <= est.ratio <= est.ratio_ci.high < 1.3
    faster = compare_samples(slower, base)["median"]
    assert faster.significant and faster.ratio_ci.high < 1.0


def test_same_distribution_different_sizes_includes_one() -> None:
    # Unequal lengths are resampled independently; the interval must cover "no change".
    est = compare_samples(_noisy(4, 100, 300), _noisy(5, 100, 500))["mean"]
    assert est.ratio_ci.low < 1.0 < est.ratio_ci.high
    assert not est.significant


def test_seeded_and_repeatable() -> None:
    base, other = _noisy(6, 100), _noisy(7, 103)
    first = compare_samples(base, other, seed=11)
    assert compare_samples(base, other, seed=11) == first
    assert compare_samples(base, other, seed=12)["mean"].ratio_ci != first["mean"].ratio_ci


def test_wider_confidence_gives_wider_interval() -> None:
    base, other = _noisy(8, 100), _noisy(9, 101)
    narrow = compare_samples(base, other, confidence=0.5)["mean"].ratio_ci
    wide = compare_samples(base, other, confidence=0.99)["mean"].ratio_ci
    assert wide.low <= narrow.low and narrow.high <= wide.high and wide.high - wide.low > narrow.high - narrow.low


def test_non_positive_base_has_no_ratio_but_a_difference() -> None:
    est = compare_samples([-16] * 50, [-10] * 50)["median"]
    assert est.ratio is None and est.ratio_ci is None
    assert est.diff == 6 and est.significant


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        compare_samples([], [1])
    with pytest.raises(ValueError):
        compare_samples([1], [1], confidence=1.0)


def test_a_huge_run_is_bootstrapped_from_a_bounded_subset() -> None:
    """rtbench stores runs of millions of samples: resampling them all 2000 times would not end."""
    rng = random.Random(3)
    base = [rng.randrange(100, 200) for _ in range(200_000)]
    other = [v + 10 for v in base]
    subset = bootstrap.bounded_subset(len(base), 2000)
    assert subset is not None and subset * 2000 <= bootstrap.WORK_BOUND < len(base) * 2000
    estimate = bootstrap.compare_samples(base, other)["median"]
    assert estimate.subset == subset
    assert estimate.ratio_ci is not None and estimate.ratio_ci.low <= estimate.ratio <= estimate.ratio_ci.high
    assert estimate.ratio_ci.excludes(1.0)  # +10 on every sample is still seen
    assert bootstrap.compare_samples(base[:500], other[:500])["median"].subset is None  # small runs: every sample
