# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The regression rule of `rtbench check`, on small runs with known numbers."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rtbench.errors import RtbenchError
from rtbench.model import Result, Run, Scale
from rtbench.results.check import judge, parse_threshold, passed, summary, write_junit


def _run(**benches: list[int]) -> Run:
    return Run(manifest={}, results=[Result(bench=name, params={}, unit="instructions", status="ok",
                                            raw_samples=samples, scale=Scale("instructions"))
                                     for name, samples in benches.items()])


def test_threshold_forms() -> None:
    assert parse_threshold("5%") == pytest.approx(0.05)
    assert parse_threshold("5") == pytest.approx(0.05)
    assert parse_threshold("0") == 0.0
    for bad in ("five", "-1%"):
        with pytest.raises(RtbenchError):
            parse_threshold(bad)


def test_median_or_mean_beyond_threshold() -> None:
    base = _run(a=[100] * 9, b=[100] * 9, c=[100] * 9)
    # a: median +10 %; b: median equal but a heavy tail lifts the mean by 11 %; c: +4 %.
    cand = _run(a=[110] * 9, b=[100] * 8 + [200], c=[104] * 9)
    outcome = {v.label: v.outcome for v in judge(base, cand, 0.05)}
    assert outcome == {"a": "regressed", "b": "regressed", "c": "pass"}
    assert {v.label: v.outcome for v in judge(base, cand, 0.05, metric="median")}["b"] == "pass"
    assert {v.label: v.outcome for v in judge(base, cand, 0.0)}["c"] == "regressed"


def test_negative_values_use_their_magnitude() -> None:
    # Signed lateness: -16 -> -15 is 1 later, 6.25 % of |-16|.
    base, cand = _run(j=[-16] * 5), _run(j=[-15] * 5)
    assert judge(base, cand, 0.05)[0].outcome == "regressed"
    assert judge(base, cand, 0.10)[0].outcome == "pass"


def test_improvement_missing_and_new() -> None:
    verdicts = judge(_run(a=[100], gone=[5]), _run(a=[80], extra=[1]), 0.05)
    assert [(v.label, v.outcome) for v in verdicts] == [("a", "improved"), ("gone", "missing"), ("extra", "new")]
    assert "check failed: 1 of 2" in summary(verdicts, 0.05, "both")
    allowed = judge(_run(a=[100], gone=[5]), _run(a=[100]), 0.05, allow_missing=True)
    assert not any(v.failed for v in allowed)


def test_throughput_regresses_when_it_drops() -> None:
    def ops(samples: list[int]) -> Run:
        return Run(manifest={}, results=[Result(bench="tm_sync", params={"period_ms": 100}, unit="operations",
                                                status="ok", raw_samples=samples, scale=Scale("operations"))])

    base = ops([6500] * 5)
    assert judge(base, ops([6000] * 5), 0.05)[0].outcome == "regressed"  # fewer operations: worse
    assert judge(base, ops([7000] * 5), 0.05)[0].outcome == "improved"
    assert judge(base, ops([6400] * 5), 0.05)[0].outcome == "pass"


def test_non_finite_thresholds_are_refused() -> None:
    # With nan or inf every comparison is false or unbounded: the gate could never fail.
    for bad in ("nan", "NaN%", "inf", "-inf", "infinity%"):
        with pytest.raises(RtbenchError, match="finite"):
            parse_threshold(bad)


def test_a_gate_that_judged_nothing_fails() -> None:
    empty_baseline = judge(Run(manifest={}, results=[]), _run(a=[100]), 0.05)
    assert not passed(empty_baseline)
    assert "check failed: nothing was compared" in summary(empty_baseline, 0.05, "both")
    # Every baseline benchmark missing, but allowed: still nothing was judged.
    allowed = judge(_run(a=[100], b=[5]), Run(manifest={}, results=[]), 0.05, allow_missing=True)
    assert not any(v.failed for v in allowed) and not passed(allowed)
    assert passed(judge(_run(a=[100]), _run(a=[100]), 0.0))


def test_junit_reports_a_failure_when_nothing_was_judged(tmp_path: Path) -> None:
    path = tmp_path / "junit.xml"
    write_junit(judge(Run(manifest={}, results=[]), _run(a=[1]), 0.05), path, 0.05)
    suite = ET.parse(path).getroot().find("testsuite")
    assert suite is not None and suite.get("failures") == "1"
