# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""What a kernel's history says: each point's statistics per benchmark (as seL4's
sel4bench-results keeps them), the changes between consecutive points, and the verdict of an
A/B comparison of two revisions.

On a deterministic target (QEMU under -icount, the simulated SoC) two runs of one image give
the same samples bit for bit, so every median that differs between two revisions is a real
change: no statistics, no threshold. On a measured target (the Linux host, a board) an A/B
comparison uses the bootstrap intervals of `rtbench compare`, and the changes along a measured
history are the change points of analysis.changepoints (ruptures, the `changepoints` extra)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeGuard

from ..campaign.history import BUILD_FAILED, History, Point
from ..model import THROUGHPUT_UNITS, Result, Run
from ..results.compare import compare_runs
from ..results.stats import median, percentile, summarize
from . import changepoints
from .verdict import PairVerdict, label, pairs


def point_stats(result: Result) -> dict[str, Any]:
    """min, q1, median, mean, q3, max, stddev and n of a result's samples (nearest-rank quartiles)."""
    samples = result.samples()
    ordered = sorted(samples)
    summary = summarize(ordered)
    return {"min": ordered[0], "q1": percentile(ordered, 25), "median": median(ordered), "mean": summary["mean"],
            "q3": percentile(ordered, 75), "max": ordered[-1], "stddev": summary["stddev"], "n": len(ordered)}


def measured(result: Result | None) -> TypeGuard[Result]:
    return result is not None and result.status == "ok" and bool(result.raw_samples)


def worse_when_higher(unit: str) -> bool:
    return unit not in THROUGHPUT_UNITS


def _results(run: Run) -> dict[str, Result]:
    return {label(r.bench, r.params): r for r in run.results}


def _labels(runs: list[Run]) -> list[str]:
    out: list[str] = []
    for run in runs:
        out += [name for name in _results(run) if name not in out]
    return out


@dataclass(frozen=True)
class Step:
    """One benchmark between two runs: both medians, and which way it moved."""

    label: str
    unit: str
    before: float | None  # None: no value (failed, lost, absent)
    after: float | None
    why: str = ""  # for a missing value: the status and reason

    @property
    def delta(self) -> float | None:
        return None if self.before is None or self.after is None else self.after - self.before

    @property
    def ratio(self) -> float | None:
        if self.before is None or self.after is None or self.before <= 0:
            return None
        return self.after / self.before

    @property
    def changed(self) -> bool:
        return self.before is not None and self.after is not None and self.before != self.after

    @property
    def worse(self) -> bool:
        """Slower (or larger), or a value lost: a benchmark that was measured and is no longer."""
        if self.before is not None and self.after is None:
            return True
        return self.changed and (self.after > self.before) == worse_when_higher(self.unit)  # type: ignore[operator]

    @property
    def word(self) -> str:
        if self.before is not None and self.after is None:
            return "lost"
        if self.before is None and self.after is not None:
            return "new"
        if self.before is None:
            return "no value"
        if not self.changed:
            return "same"
        if self.unit == "bytes":
            return "larger" if self.worse else "smaller"
        return "slower" if self.worse else "faster"


def steps(base: Run, other: Run) -> list[Step]:
    """Every benchmark's median in both runs, exactly (the deterministic comparison)."""
    a, b = _results(base), _results(other)
    out = []
    for name in _labels([base, other]):
        ra, rb = a.get(name), b.get(name)
        unit = (ra or rb).unit  # type: ignore[union-attr]
        why = "; ".join(f"{r.status} in {who}" + (f": {' '.join(r.reason.split())}" if r.reason else "")
                        if r is not None else f"absent from {who}"
                        for r, who in ((ra, "A"), (rb, "B")) if not measured(r))
        out.append(Step(name, unit, median(ra.samples()) if measured(ra) else None,
                        median(rb.samples()) if measured(rb) else None, why))
    return out


@dataclass
class AB:
    """Revision B against revision A."""

    a: Point
    b: Point
    target: str
    deterministic: bool
    steps: list[Step] = field(default_factory=list)  # deterministic targets: exact medians
    pair: PairVerdict | None = None  # measured targets: the bootstrap verdict

    @property
    def regressed(self) -> list[Step]:
        if self.pair is not None:
            lost = [s for s in self.steps if s.before is not None and s.after is None]
            return [Step(c.label, c.unit, None, None, c.word) for c in self.pair.worse] + lost
        return [s for s in self.steps if s.worse]

    @property
    def improved(self) -> list[Step]:
        if self.pair is not None:
            return [Step(c.label, c.unit, None, None, c.word) for c in self.pair.better]
        return [s for s in self.steps if s.changed and not s.worse]

    @property
    def is_regression(self) -> bool:
        return bool(self.regressed) or self.b.status == BUILD_FAILED != self.a.status

    def verdict_line(self) -> str:
        a, b = self.a.revision.name, self.b.revision.name
        if self.b.status == BUILD_FAILED or self.a.status == BUILD_FAILED:
            which = " and ".join(p.revision.name for p in (self.a, self.b) if p.status == BUILD_FAILED)
            return f"verdict: {which} did not build: nothing to compare" + \
                (" (a regression: A built)" if self.is_regression else "")
        if self.pair is not None:
            lost = [s for s in self.steps if s.word == "lost"]
            return self.pair.verdict_line() + (f"; {len(lost)} benchmark(s) lost in B" if lost else "")
        compared = [s for s in self.steps if s.before is not None and s.after is not None]
        changed = [s for s in compared if s.changed]
        how = f"exact counts on {self.target}: every changed median is a change, no statistics"
        lost = [s for s in self.steps if s.word == "lost"]
        if not changed and not lost:
            return f"verdict: B ({b}) is the same as A ({a}): none of the {len(compared)} benchmarks changed ({how})"
        worse = [s for s in changed if s.worse]
        better = [s for s in changed if not s.worse]
        word = "slower" if worse and not better else "faster" if better and not worse else \
            "mixed" if changed else "worse"
        parts = [f"{len(changed)} of {len(compared)} benchmarks changed"]
        if worse:
            parts.append(f"{len(worse)} worse")
        if better:
            parts.append(f"{len(better)} better")
        if lost:
            parts.append(f"{len(lost)} lost")
        head = f"B ({b}) is {word} than A ({a})" if word != "mixed" else f"B ({b}) against A ({a}) is mixed"
        return f"verdict: {head}: {', '.join(parts)} ({how})"


def compare_points(a: Point, b: Point, target: str, deterministic: bool) -> AB:
    ab = AB(a, b, target, deterministic, steps=steps(a.run, b.run))
    if not deterministic and a.status != BUILD_FAILED and b.status != BUILD_FAILED:
        comparison = compare_runs([a.run, b.run], [a.revision.name, b.revision.name])
        ab.pair = pairs(comparison)[0]
    return ab


EXACT = "exact"


@dataclass(frozen=True)
class Change:
    """A benchmark whose median differs from the previous point's that had one."""

    label: str
    unit: str
    before: Point
    after: Point
    step: Step
    skipped: int = 0  # points between the two without a value


@dataclass
class HistoryView:
    history: History
    labels: list[str]
    changes: list[Change]
    method: str = EXACT  # how the changes were found; "" when none could be (ruptures missing)

    @property
    def deterministic(self) -> bool:
        return self.history.selection.deterministic


def _measured_changes(history: History, labels: list[str]) -> list[Change]:
    """Change points of each benchmark's samples along a measured target's history (ruptures)."""
    changes = []
    for name in labels:
        found = [(i, p, r) for i, p in enumerate(history.points) if measured(r := _results(p.run).get(name))]
        for index in changepoints.change_points([r.samples() for _, _, r in found]):
            (i, before, rb), (j, after, ra) = found[index - 1], found[index]
            step = Step(name, ra.unit, median(rb.samples()), median(ra.samples()))
            changes.append(Change(name, ra.unit, before, after, step, j - i - 1))
    return changes


def view(history: History) -> HistoryView:
    """The benchmarks along the history and its changes: on a deterministic target every exact
    change; on a measured one the change points ruptures finds (none without it)."""
    runs = [p.run for p in history.points if p.status != BUILD_FAILED]
    labels = _labels(runs) or list(history.selection.benches)
    changes: list[Change] = []
    if history.selection.deterministic:
        for name in labels:
            last: tuple[Point, Result] | None = None
            skipped = 0
            for point in history.points:
                result = _results(point.run).get(name)
                if not measured(result):
                    skipped += 1
                    continue
                if last is not None:
                    before = median(last[1].samples())
                    step = Step(name, result.unit, before, median(result.samples()))
                    if step.changed:
                        changes.append(Change(name, result.unit, last[0], point, step, skipped))
                last, skipped = (point, result), 0
    method = EXACT
    if not history.selection.deterministic:
        method = changepoints.METHOD if changepoints.available() else ""
        changes = _measured_changes(history, labels) if method else []
    order = {id(p): i for i, p in enumerate(history.points)}
    changes.sort(key=lambda c: (order[id(c.after)], labels.index(c.label)))
    return HistoryView(history, labels, changes, method)


def median_of(point: Point, name: str) -> float | None:
    result = _results(point.run).get(name)
    return median(result.samples()) if measured(result) else None


def status_of(point: Point, name: str) -> str:
    """ok, or what stands instead of a value: the build failed, the check failed, lost."""
    if point.status == BUILD_FAILED:
        return BUILD_FAILED
    result = _results(point.run).get(name)
    if result is None:
        return "absent"
    return result.status


def records(history_view: HistoryView) -> list[dict[str, Any]]:
    """One record per point and benchmark, in the style of sel4bench-results: the kernel and
    benchmark commits, and min/q1/median/mean/q3/max/stddev/n (null where there is no value,
    with the status saying why)."""
    chosen = history_view.history.selection
    out = []
    for point in history_view.history.points:
        results = _results(point.run)
        record = point.run.manifest.get("history", {})
        for name in history_view.labels:
            result = results.get(name)
            stats = point_stats(result) if measured(result) else dict.fromkeys(
                ("min", "q1", "median", "mean", "q3", "max", "stddev", "n"))
            out.append({"kernel": chosen.kernel, "kernel_commit": point.revision.commit,
                        "kernel_revision": point.revision.name, "rtbench_commit": point.rtbench_commit,
                        "config": chosen.config_hash, "target": chosen.target, "benchmark": name,
                        "unit": result.unit if result is not None else chosen.unit,
                        "status": status_of(point, name), "run": point.run.run_id,
                        **({"error": record.get("error")} if point.status == BUILD_FAILED else
                           {"reason": " ".join(result.reason.split())} if result is not None and result.reason
                           and not measured(result) else {}),
                        **stats})
    return out
