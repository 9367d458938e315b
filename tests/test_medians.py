# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""One median everywhere: the nearest-rank median (rank ceil(n/2)), an observed sample, never the
average of the two middle values. An even sample count is where the two definitions part."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from rtbench.analysis import variants
from rtbench.model import Result, Run, Scale
from rtbench.results import bootstrap, compare, stats

# task_switch on minimal, cycles: half the samples at 761, half at 779 (an even count).
SWITCH = [761] * 500 + [779] * 500


def _result(bench: str, variant: str, samples: list[int]) -> Result:
    return Result(bench, {"cpu_variant": variant}, "cycles", "ok", raw_samples=samples, scale=Scale("cycles"))


def test_median_is_the_lower_middle_value_of_an_even_count() -> None:
    assert stats.median(SWITCH) == 761  # statistics.median would say 770
    assert stats.median([4, 1, 3, 2]) == 2 and stats.median([5, 1, 3]) == 3 and stats.median([7]) == 7
    assert stats.median(SWITCH) == stats.summarize(SWITCH)["p50"]


def test_cache_study_uses_the_nearest_rank_median() -> None:
    run = Run(manifest={"target_settings": {"cpu_variant": ["minimal", "standard"]}}, results=[
        _result("task_switch", "minimal", SWITCH), _result("task_switch", "standard", [360, 362] * 500)])
    names, rows = variants.cache_study(run, "minimal")
    assert names == ["minimal", "standard"]
    (row,) = rows
    assert row.medians == {"minimal": 761, "standard": 360}
    assert row.gains["standard"] == 761 / 360
    line = variants.cache_table(names, rows, "minimal").splitlines()[2]
    assert line.split() == ["task_switch", "761", "360", "2.11x"]


def test_bootstrap_resamples_the_same_median() -> None:
    # Every resampled median is the nearest-rank median of that resample, as the point estimate is.
    matrix = np.random.default_rng(1).integers(0, 50, size=(200, 10))
    resampled = bootstrap._statistic(matrix, "median")
    assert list(resampled) == [stats.median(list(row)) for row in matrix]
    estimate = bootstrap.compare_samples(SWITCH, [s + 10 for s in SWITCH])["median"]
    assert (estimate.base, estimate.other) == (761, 771)


def test_comparison_shows_the_nearest_rank_median() -> None:
    runs = [Run({}, [_result("task_switch", "minimal", SWITCH)]), Run({}, [_result("task_switch", "minimal", SWITCH)])]
    table = compare.comparison_table(compare.compare_runs(runs, ["a", "b"], resamples=50))
    (row,) = table.rows
    # Half the samples at each value: the median is split, so its text shows both values.
    assert table.record(row)["A_median"] == 761 and row.cells[3].text == "761 | 779 (50 %)"


@pytest.mark.parametrize(("num", "den"), [(1, 1), (3, 1), (1, 3), (7, 2), (1000, 1024), (5, 10), (13, 6)])
def test_samples_are_converted_as_one_fraction_each_would_be(num: int, den: int) -> None:
    # The fast conversion must round exactly as round(Fraction) does: half to even, negatives too.
    raws = list(range(-40, 400)) + [2**32 - 1, 2**40 + 7]
    scale = Scale("ns", num, den)
    result = Result("b", {}, "ns", "ok", raw_samples=raws, overhead_raw=5, scale=scale)
    overhead = round(Fraction(5 * num, den))
    assert result.samples() == [round(Fraction(raw * num, den)) - overhead for raw in raws]
