# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""A kernel history's reading, on made-up points (the integration test builds real ones): exact
changes against the previous point with a value, the direction by unit, change points (ruptures)
on a measured target, ab's verdict and the sel4bench-style records."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from rtbench.acquire.revisions import Revision
from rtbench.acquire.session import RunRequest
from rtbench.analysis.changepoints import METHOD, change_points
from rtbench.analysis.history import compare_points, records, view
from rtbench.campaign.history import BUILD_FAILED, History, Point, Selection
from rtbench.model import Result, Run
from rtbench.results.stats import median
from tests.runfiles import result


def _selection(runner: str = "qemu") -> Selection:
    return Selection(request=RunRequest(), target="qemu-m3" if runner == "qemu" else "linux", kernel="freertos",
                     runner=runner, unit="instructions", benches=("switch", "ops"), config={}, config_hash="c0ffee",
                     firmware="f", repo_env=None)


def _point(name: str, results: list[Result], status: str = "ok") -> Point:
    manifest = {"history": {"rtbench_commit": "abc123", "error": "boom" if status == BUILD_FAILED else None}}
    return Point(Revision(name * 40, name), Run(manifest, results, run_id=ord(name)), status,
                 "boom" if status == BUILD_FAILED else None)


def _history(runner: str = "qemu") -> History:
    def at(switch: list[int], ops: list[int]) -> list[Result]:
        return [result("switch", switch), result("ops", ops, unit="operations")]

    return History(_selection(runner), Path("kernel"), [
        _point("a", at([10, 10, 11], [50, 50])),
        _point("b", at([10, 10, 12], [50, 50])),  # the median stays: no change
        _point("c", [], BUILD_FAILED),
        _point("d", at([12, 12, 12], [40, 40])),
        _point("e", [result("switch", [], status="fail", reason="wrong order"),
                     result("ops", [45], unit="operations")]),
    ])


def test_every_changed_median_is_a_change_against_the_last_point_with_a_value() -> None:
    shown = view(_history())
    moved = [(c.label, c.before.revision.name, c.after.revision.name, c.step.word, c.skipped) for c in shown.changes]
    assert moved == [("switch", "b", "d", "slower", 1), ("ops", "b", "d", "slower", 1), ("ops", "d", "e", "faster", 0)]
    # Fewer operations per window is worse; a failed check is no value, never a speed-up.
    assert [c.step.worse for c in shown.changes] == [True, True, False]


def _noisy(levels: list[float], seed: int, n: int = 200) -> list[list[float]]:
    """Host-like latencies: a level per point, a heavy tail, and rare large outliers."""
    rng = np.random.default_rng(seed)
    out = []
    for level in levels:
        samples = level + rng.lognormal(3, 1, n)
        samples[rng.integers(0, n, 3)] *= 20
        out.append([float(s) for s in samples])
    return out


def test_change_points_find_a_level_shift_and_not_the_noise() -> None:
    assert change_points(_noisy([1000] * 8, seed=3)) == []
    assert change_points(_noisy([1000] * 4 + [1030] * 4, seed=3)) == [4]
    assert change_points(_noisy([1000, 1000, 1100, 1100, 1000, 1000], seed=4)) == [2, 4]
    assert change_points([[5.0, 5.0], [5.0, 5.0]]) == []


def test_a_measured_target_has_change_points_not_every_differing_median() -> None:
    series = _noisy([1000, 1000, 1000, 1040, 1040], seed=5)
    points = [_point(name, [result("switch", [round(s) for s in samples])]) for name, samples in zip("abcde", series)]
    shown = view(History(_selection("posix"), Path("kernel"), points))
    assert shown.method == METHOD
    medians = [median(p.run.results[0].samples()) for p in points]
    assert medians[1] != medians[2]  # a differing median within one level: an exact reading would flag it
    assert [(c.before.revision.name, c.after.revision.name, c.step.word) for c in shown.changes] == [
        ("c", "d", "slower")]


def test_ab_is_exact_on_a_deterministic_target_and_a_lost_benchmark_is_a_regression() -> None:
    history = _history()
    points = {p.revision.name: p for p in history.points}
    slower = compare_points(points["b"], points["d"], "qemu-m3", True)
    assert slower.is_regression and slower.pair is None
    assert "B (d) is slower than A (b): 2 of 2 benchmarks changed, 2 worse" in slower.verdict_line()
    same = compare_points(points["a"], points["b"], "qemu-m3", True)
    assert not same.is_regression and "is the same as A (a)" in same.verdict_line()
    lost = compare_points(points["d"], points["e"], "qemu-m3", True)
    assert lost.is_regression and [s.word for s in lost.steps] == ["lost", "faster"]
    broken = compare_points(points["b"], points["c"], "qemu-m3", True)
    assert broken.is_regression and "c did not build" in broken.verdict_line()


def test_the_records_carry_both_commits_and_the_statistics() -> None:
    rows = records(view(_history()))
    assert len(rows) == 10
    first = rows[0]
    assert (first["kernel_commit"], first["rtbench_commit"], first["benchmark"]) == ("a" * 40, "abc123", "switch")
    stats = tuple(first[key] for key in ("min", "q1", "median", "q3", "max", "n"))
    assert stats == (10, 10, 10, 11, 11, 3)
    failed = [r for r in rows if r["kernel_revision"] == "c"]
    assert all(r["status"] == BUILD_FAILED and r["median"] is None and r["error"] == "boom" for r in failed)
    check = next(r for r in rows if r["kernel_revision"] == "e" and r["benchmark"] == "switch")
    assert check["status"] == "fail" and check["reason"] == "wrong order" and check["median"] is None
