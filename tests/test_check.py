"""The regression rule of `rtbench check`, on small runs with known numbers."""
from __future__ import annotations

import pytest

from rtbench.check import judge, parse_threshold, summary
from rtbench.errors import RtbenchError
from rtbench.model import Result, Run, Scale


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
