# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The Rhealstone composite: the six components' medians and their unweighted mean."""
from __future__ import annotations

import pytest

from rtbench.analysis.rhealstone import COMPONENTS, composite
from rtbench.errors import RtbenchError
from rtbench.model import Result, Run, Scale


def result(bench: str, samples: list[int], unit: str = "instructions", status: str = "ok") -> Result:
    return Result(bench=bench, params={}, unit=unit, status=status, raw_samples=samples, scale=Scale(unit))


def run(values: dict[str, list[int]], unit: str = "instructions") -> Run:
    return Run(manifest={}, results=[result(bench, samples, unit) for bench, samples in values.items()])


def test_the_composite_is_the_mean_of_the_six_medians() -> None:
    values = {bench: [10 * (i + 1), 10 * (i + 1) + 2, 10 * (i + 1) + 100] for i, (_, bench) in enumerate(COMPONENTS)}
    got = composite(run(values))
    assert got.medians == {bench: 10 * (i + 1) + 2 for i, (_, bench) in enumerate(COMPONENTS)}
    assert got.mean == pytest.approx(sum(10 * (i + 1) + 2 for i in range(6)) / 6)
    assert got.per_million == pytest.approx(1e6 / got.mean)
    assert got.unit == "instructions"


def test_a_missing_or_failed_component_is_refused() -> None:
    values = {bench: [5] for _, bench in COMPONENTS}
    del values["mutex_pi"]
    with pytest.raises(RtbenchError, match="mutex_pi"):
        composite(run(values))
    failed = run({bench: [5] for _, bench in COMPONENTS})
    failed.results[2].status = "fail"
    with pytest.raises(RtbenchError, match="irq_latency"):
        composite(failed)


def test_mixed_units_are_refused() -> None:
    mixed = run({bench: [5] for _, bench in COMPONENTS})
    mixed.results[0].unit = "ns"
    with pytest.raises(RtbenchError, match="different units"):
        composite(mixed)
