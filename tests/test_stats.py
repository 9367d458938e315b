# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Summary statistics and histograms against hand-computed values."""
from __future__ import annotations

import random
import statistics

import pytest

from rtbench.results.stats import histogram, percentile, summarize


def test_percentile_nearest_rank() -> None:
    # The classic nearest-rank example: ranks ceil(q/100 * 5)
    values = [15, 20, 35, 40, 50]
    assert percentile(values, 0) == 15
    assert percentile(values, 5) == 15
    assert percentile(values, 30) == 20
    assert percentile(values, 40) == 20
    assert percentile(values, 50) == 35
    assert percentile(values, 100) == 50
    ten = list(range(1, 11))
    assert [percentile(ten, q) for q in (10, 50, 90, 91, 99)] == [1, 5, 9, 10, 10]


def test_percentile_exact_rank_boundaries() -> None:
    # 99.9% of 1000 is rank 999 exactly; float arithmetic must not push it to 1000
    thousand = list(range(1, 1001))
    assert percentile(thousand, 99.9) == 999
    assert percentile(thousand, 99) == 990
    assert percentile(thousand, 50) == 500


def test_percentile_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        percentile([], 50)
    with pytest.raises(ValueError):
        percentile([1], 101)


def test_summarize_hand_computed() -> None:
    values = [9, 2, 4, 4, 5, 4, 7, 5]  # unsorted on purpose
    s = summarize(values)
    assert s["n"] == 8
    assert (s["min"], s["max"], s["jitter"]) == (2, 9, 7)
    assert s["mean"] == 5.0
    assert s["p50"] == 4  # rank 4 of [2,4,4,4,5,5,7,9]
    assert s["p90"] == 9  # rank ceil(7.2) = 8
    assert s["p99"] == 9 and s["p999"] == 9
    # sample (n-1) standard deviation: sqrt(32/7)
    assert s["stddev"] == pytest.approx(statistics.stdev(values), rel=1e-12)
    assert s["stddev"] == pytest.approx((32 / 7) ** 0.5, rel=1e-12)
    # MAD: distances from 4 are [2,0,0,0,1,1,3,5] -> sorted [0,0,0,1,1,2,3,5], rank 4
    assert s["mad"] == 1
    assert set(s) == {"n", "min", "p50", "mean", "p90", "p99", "p999", "max", "stddev", "jitter", "mad"}


def test_summarize_edges() -> None:
    assert summarize([]) == {"n": 0}
    one = summarize([42])
    assert one["stddev"] == 0.0 and one["p99"] == 42 and one["jitter"] == 0 and one["mean"] == 42.0


def test_summarize_large_integers_are_exact() -> None:
    big = [10**12 + 1, 10**12 + 2, 10**12 + 3]
    s = summarize(big)
    assert s["stddev"] == 1.0
    assert s["mean"] == 10**12 + 2


def test_summarize_matches_statistics_module() -> None:
    rng = random.Random(7)
    values = [rng.randint(-500, 100000) for _ in range(2001)]
    s = summarize(values)
    assert s["mean"] == pytest.approx(statistics.mean(values), rel=1e-12)
    assert s["stddev"] == pytest.approx(statistics.stdev(values), rel=1e-9)
    floats = [v / 3 for v in values]
    assert summarize(floats)["stddev"] == pytest.approx(statistics.stdev(floats), rel=1e-9)
    ordered = sorted(values)
    assert s["p50"] == ordered[1000]  # rank ceil(1000.5) = 1001
    assert s["p99"] in values


def test_histogram_explicit_width() -> None:
    h = histogram([0, 1, 5, 9, 10, 10, 19], bin_width=10)
    assert h == {"lo": 0, "width": 10, "counts": [4, 3], "overflow": 0, "total": 7}


def test_histogram_overflow_counts_toward_total() -> None:
    values = [100, 101, 102, 150, 5000, 9000]
    h = histogram(values, bin_width=10, limit=1000)
    assert h["overflow"] == 2
    assert h["lo"] == 100 and h["counts"] == [3, 0, 0, 0, 0, 1]
    assert sum(h["counts"]) + h["overflow"] == h["total"] == len(values)


def test_histogram_default_width_fits_max_bins() -> None:
    rng = random.Random(3)
    for _ in range(50):
        values = [rng.randint(-1000, 1000) * rng.randint(1, 50) for _ in range(rng.randint(1, 300))]
        max_bins = rng.randint(1, 60)
        h = histogram(values, max_bins=max_bins)
        assert 1 <= len(h["counts"]) <= max_bins
        assert h["width"] >= 1
        assert h["lo"] <= min(values) < h["lo"] + h["width"]
        assert max(values) < h["lo"] + h["width"] * len(h["counts"])
        assert sum(h["counts"]) == h["total"] == len(values)


def test_histogram_small_range_uses_unit_bins() -> None:
    h = histogram([3, 3, 4, 7])
    assert h == {"lo": 3, "width": 1, "counts": [2, 1, 0, 0, 1], "overflow": 0, "total": 4}


def test_histogram_empty_and_all_overflow() -> None:
    assert histogram([])["total"] == 0 and histogram([])["counts"] == []
    h = histogram([5, 6], limit=1)
    assert h["counts"] == [] and h["overflow"] == 2 and h["total"] == 2
    with pytest.raises(ValueError):
        histogram([1], bin_width=0)
