# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The verdict a report opens with, from small runs built here."""
from __future__ import annotations

import pytest

from rtbench.analysis import verdict
from rtbench.model import Run
from rtbench.results import compare
from tests.runfiles import result


def runs() -> tuple[Run, Run]:
    base = Run({}, [
        result("task_switch", [100] * 50 + [101] * 50),
        result("sem_take", [50] * 100),
        result("mutex_pi", [780] * 100),
        result("queue_send", [89] * 100),
        result("tm_sync", [1000, 1001] * 5, unit="operations", period_ms=100),
        result("periodic_jitter", [-12] * 20),
        result("boot_time", [24725]),
        result("footprint", [6380], unit="bytes", part="kernel", section="text"),
    ], run_id=1)
    other = Run({}, [
        result("task_switch", [120] * 50 + [121] * 50),
        result("sem_take", [50] * 100),
        result("mutex_pi", [], status="fail", reason="owner was\nnot boosted"),
        result("tm_sync", [1200, 1201] * 5, unit="operations", period_ms=100),
        result("periodic_jitter", [-12] * 20),
        result("boot_time", [24725]),
        result("footprint", [8506], unit="bytes", part="kernel", section="text"),
    ], run_id=2)
    return base, other


def pair() -> verdict.PairVerdict:
    comparison = compare.compare_runs(list(runs()), ["run 1", "run 2"], resamples=200)
    (only,) = verdict.pairs(comparison)
    return only


def test_a_comparison_names_what_changed_failed_and_is_missing() -> None:
    v = pair()
    assert v.headline() == "B against A: 2 of 4 sampled benchmarks differ significantly (1 slower, 1 faster)"
    (slower,) = v.worse
    assert (slower.label, slower.word, slower.stat, slower.estimate.ratio) == ("task_switch", "slower", "median", 1.2)
    (faster,) = v.better  # more operations per period is faster
    assert (faster.label, faster.word) == ("tm_sync[period_ms=100]", "faster")
    assert [(s.label, s.changed, s.word) for s in v.singles] == [
        ("boot_time", False, "unchanged"), ("footprint[part=kernel,section=text]", True, "larger")]
    assert v.singles[1].ratio == pytest.approx(8506 / 6380)
    assert [(n.label, n.why) for n in v.not_compared] == [
        ("mutex_pi", "fail in B: owner was not boosted"), ("queue_send", "absent from B")]


def test_identical_runs_say_so() -> None:
    base, _ = runs()
    comparison = compare.compare_runs([base, base], ["a", "b"], resamples=100)
    (v,) = verdict.pairs(comparison)
    assert v.headline() == "B against A: no significant difference in any of the 6 sampled benchmarks"
    assert v.changes == [] and v.not_compared == [] and not v.changed_singles and len(v.singles) == 2


def test_ratio_points_leave_out_single_values_and_signed_results() -> None:
    comparison = compare.compare_runs(list(runs()), ["run 1", "run 2"], resamples=200)
    points = verdict.ratio_points(comparison, 0)
    assert {p.label for p in points} == {"task_switch", "sem_take", "tm_sync[period_ms=100]"}
    switch = next(p for p in points if p.label == "task_switch" and p.stat == "median")
    assert switch.significant and switch.worse and switch.low <= 1.2 <= switch.high
    (signed,) = verdict.differences(comparison, 0)
    assert signed[0] == "periodic_jitter" and signed[2].ratio is None and signed[2].diff == 0


def test_one_run_counts_statuses_and_names_failures() -> None:
    _, other = runs()
    other.results.append(result("sched_decision", [], status="unsupported", reason="no hook", tasks=5))
    other.manifest["stream_errors"] = ["record 12: bad checksum"]
    v = verdict.of_run(other, "run 2")
    assert v.headline() == "8 results: 6 ok, 1 fail, 1 unsupported"
    assert v.problems == [("mutex_pi", "fail", "owner was not boosted"),
                          ("sched_decision[tasks=5]", "unsupported", "no hook")]
    assert not v.clean
    base, _ = runs()
    assert verdict.of_run(base, "run 1").headline() == "all 8 results ok"


def test_a_benchmark_unsupported_in_both_runs_is_not_failed_or_missing() -> None:
    # An FPU benchmark on a soft-float core: the same "unsupported" on both sides loses nothing.
    def run(run_id: int, fpu: str) -> Run:
        return Run({}, [result("task_switch", [100] * 20),
                        result("task_switch_fpu", [], status="unsupported", reason="soft-float ABI", fpu=0),
                        result("preempt_irq_fpu", [] if fpu == "unsupported" else [300] * 20,
                               status="unsupported" if fpu == "unsupported" else "ok",
                               reason="soft-float ABI" if fpu == "unsupported" else "", fpu=0)], run_id=run_id)
    comparison = compare.compare_runs([run(1, "unsupported"), run(2, "ok")], ["run 1", "run 2"], resamples=200)
    (only,) = verdict.pairs(comparison)
    assert only.unsupported == ["task_switch_fpu[fpu=0]"]
    # Unsupported on one side only is a result lost: still named.
    assert [n.label for n in only.not_compared] == ["preempt_irq_fpu[fpu=0]"]
