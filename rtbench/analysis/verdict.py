# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""What a report says first. For one run: how many results were ok, failed, unsupported or lost,
with the failures named. For a comparison, per later run against the first: how many benchmarks
differ significantly, which got faster or slower and by how much, which single values (one
sample: boot_time, footprint) changed, and which benchmarks failed or are missing."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..model import STATUSES, THROUGHPUT_UNITS, Result, Run
from ..results.bootstrap import Estimate
from ..results.compare import Comparison, letters_for, single_value
from ..results.tables import params_text


def label(bench: str, params: dict) -> str:
    return f"{bench}[{params_text(params)}]" if params else bench


def _words(unit: str) -> tuple[str, str]:
    """(better, worse) in this unit's terms."""
    return ("smaller", "larger") if unit == "bytes" else ("faster", "slower")


def _higher_is_worse(unit: str) -> bool:
    return unit not in THROUGHPUT_UNITS


@dataclass(frozen=True)
class Change:
    """A benchmark whose interval excludes no change, in the statistic that decided it."""

    label: str
    unit: str
    stat: str  # "median", or "mean" when only the mean's interval excludes no change
    estimate: Estimate
    worse: bool

    @property
    def word(self) -> str:
        better, worse = _words(self.unit)
        return worse if self.worse else better

    @property
    def size(self) -> float:
        """How far from no change, for ordering: the ratio's distance from 1 on a log scale, or the difference."""
        ratio = self.estimate.ratio
        if ratio is not None and ratio > 0:
            return max(ratio, 1 / ratio)
        return abs(self.estimate.diff)


@dataclass(frozen=True)
class SingleValue:
    """One sample on each side: the values themselves, compared exactly."""

    label: str
    unit: str
    base: float
    other: float

    @property
    def changed(self) -> bool:
        return self.base != self.other

    @property
    def ratio(self) -> float | None:
        return self.other / self.base if self.base > 0 else None

    @property
    def word(self) -> str:
        if not self.changed:
            return "unchanged"
        better, worse = _words(self.unit)
        return worse if (self.other > self.base) == _higher_is_worse(self.unit) else better


@dataclass(frozen=True)
class NotCompared:
    label: str
    why: str  # "fail in B: owner was not boosted", "absent from B"


@dataclass
class PairVerdict:
    """Run `other` against run `base` (the first)."""

    base: str
    other: str
    letter: str
    sampled: int = 0  # benchmarks compared with an interval
    changes: list[Change] = field(default_factory=list)
    singles: list[SingleValue] = field(default_factory=list)
    not_compared: list[NotCompared] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)  # unsupported in both runs: nothing lost
    cost_ratios: list[float] = field(default_factory=list)  # per sampled benchmark: other's median cost / base's

    @property
    def geometric_mean(self) -> float | None:
        """The geometric mean of the median cost ratios (> 1: the other run is slower overall)."""
        if not self.cost_ratios:
            return None
        return math.exp(sum(math.log(r) for r in self.cost_ratios) / len(self.cost_ratios))

    def verdict_line(self) -> str:
        """One line, as pyperf ends a comparison: slower, faster or the same, by the geometric mean."""
        mean = self.geometric_mean
        if mean is None:
            return f"verdict: {self.letter} against A: nothing to compare with an interval"
        counts = f"{len(self.changes)} of {self.sampled} benchmarks differ significantly"
        if not self.changes:
            return f"verdict: {self.letter} is the same as A ({counts}; geometric mean {mean:.3f}x)"
        word = "slower" if mean > 1 else "faster" if mean < 1 else "as fast"
        size = mean if mean >= 1 else 1 / mean
        return f"verdict: {self.letter} is {size:.3f}x {word} than A (geometric mean of the median costs; {counts})"

    @property
    def worse(self) -> list[Change]:
        return sorted((c for c in self.changes if c.worse), key=lambda c: -c.size)

    @property
    def better(self) -> list[Change]:
        return sorted((c for c in self.changes if not c.worse), key=lambda c: -c.size)

    @property
    def changed_singles(self) -> list[SingleValue]:
        return [s for s in self.singles if s.changed]

    def headline(self) -> str:
        who = f"{self.letter} against A"
        if not self.sampled:
            return f"{who}: no benchmark could be compared with an interval"
        if not self.changes:
            return f"{who}: no significant difference in any of the {self.sampled} sampled benchmarks"
        counts: dict[str, int] = {}
        for change in self.worse + self.better:
            counts[change.word] = counts.get(change.word, 0) + 1
        parts = ", ".join(f"{n} {word}" for word, n in counts.items())
        return f"{who}: {len(self.changes)} of {self.sampled} sampled benchmarks differ significantly ({parts})"


def _pair(comparison: Comparison, index: int) -> PairVerdict:
    letters = letters_for(len(comparison.runs))
    letter = letters[index + 1]
    verdict = PairVerdict(comparison.names[0], comparison.names[index + 1], letter)
    for row in comparison.rows:
        name = label(row.bench, row.params)
        base, other = row.results[0], row.results[index + 1]
        estimates = row.estimates[index]
        if base is not None and other is not None and base.status == other.status == "unsupported":
            verdict.unsupported.append(name)
        elif estimates is None or base is None or other is None:
            verdict.not_compared.append(NotCompared(name, _why_not(base, other, letter)))
        elif single_value(base, other):
            verdict.singles.append(SingleValue(name, row.unit, base.samples()[0], other.samples()[0]))
        else:
            verdict.sampled += 1
            median = estimates.get("median")
            if median is not None and median.ratio is not None and median.ratio > 0:
                verdict.cost_ratios.append(median.ratio if _higher_is_worse(row.unit) else 1 / median.ratio)
            deciding = next((estimates[s] for s in ("median", "mean") if s in estimates and estimates[s].significant),
                            None)
            if deciding is not None:
                higher = deciding.ratio > 1 if deciding.ratio is not None else deciding.diff > 0
                verdict.changes.append(Change(name, row.unit, deciding.stat, deciding,
                                              higher == _higher_is_worse(row.unit)))
    return verdict


def _why_not(base: Result | None, other: Result | None, letter: str) -> str:
    reasons = []
    for result, who in ((base, "A"), (other, letter)):
        if result is None:
            reasons.append(f"absent from {who}")
        elif result.status != "ok" or not result.raw_samples:
            reason = " ".join(result.reason.split())
            reasons.append(f"{result.status} in {who}" + (f": {reason}" if reason else ""))
    return "; ".join(reasons) or "not compared"


def pairs(comparison: Comparison) -> list[PairVerdict]:
    """One verdict per later run, against the first."""
    return [_pair(comparison, i) for i in range(len(comparison.runs) - 1)]


@dataclass
class RunVerdict:
    name: str
    counts: dict[str, int]  # per status, in STATUSES order
    problems: list[tuple[str, str, str]]  # (label, status, reason) of every result that is not ok
    stream_errors: list[str]

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def headline(self) -> str:
        if not self.total:
            return "no results"
        if self.counts.get("ok", 0) == self.total:
            return f"all {self.total} results ok"
        if self.passed:  # unsupported only: what the kernel or target lacks, with its reason
            return (f"{self.total} results: {self.counts.get('ok', 0)} ok, {self.counts.get('unsupported', 0)} "
                    "unsupported (not measured), none failed")
        counts = ", ".join(f"{n} {status}" for status, n in self.counts.items() if n)
        return f"{self.total} results: {counts}"

    @property
    def clean(self) -> bool:
        return self.counts.get("ok", 0) == self.total and not self.stream_errors

    @property
    def passed(self) -> bool:
        """Nothing failed or was lost: every result ok or unsupported (with why), the stream intact."""
        return self.counts.get("ok", 0) + self.counts.get("unsupported", 0) == self.total \
            and not self.stream_errors

    @property
    def failures(self) -> list[tuple[str, str, str]]:
        return [problem for problem in self.problems if problem[1] != "unsupported"]

    @property
    def unmeasured(self) -> list[tuple[str, str, str]]:
        return [problem for problem in self.problems if problem[1] == "unsupported"]


def of_run(run: Run, name: str) -> RunVerdict:
    counts = dict.fromkeys(STATUSES, 0)
    problems = []
    for result in run.results:
        counts[result.status] = counts.get(result.status, 0) + 1
        if result.status != "ok":
            problems.append((result.label(), result.status, " ".join(result.reason.split())))
    errors = [str(e) for e in run.manifest.get("stream_errors", [])]
    return RunVerdict(name, counts, problems, errors)


@dataclass(frozen=True)
class RatioPoint:
    """One statistic's ratio of a later run to the first, with its interval, for the ratio chart."""

    label: str
    unit: str
    stat: str
    ratio: float
    low: float
    high: float
    significant: bool
    worse: bool


def ratio_points(comparison: Comparison, index: int) -> list[RatioPoint]:
    """Every sampled benchmark's median and mean ratio of run index+1 to the first run (rows where
    the first run's value is not positive have a difference, not a ratio, and are left out)."""
    points = []
    for row in comparison.rows:
        estimates = row.estimates[index]
        if estimates is None or single_value(row.results[0], row.results[index + 1]):
            continue
        for stat, estimate in estimates.items():
            if estimate.ratio is None or estimate.ratio_ci is None:
                continue
            points.append(RatioPoint(label(row.bench, row.params), row.unit, stat, estimate.ratio,
                                     estimate.ratio_ci.low, estimate.ratio_ci.high, estimate.significant,
                                     (estimate.ratio > 1) == _higher_is_worse(row.unit)))
    return points


def differences(comparison: Comparison, index: int) -> list[tuple[str, str, Estimate]]:
    """Sampled benchmarks whose first-run median is not positive (signed lateness): (label, unit,
    the median's estimate), compared as a difference since a ratio means nothing there."""
    out = []
    for row in comparison.rows:
        estimates = row.estimates[index]
        if estimates is None or single_value(row.results[0], row.results[index + 1]):
            continue
        if "median" in estimates and estimates["median"].ratio is None:
            out.append((label(row.bench, row.params), row.unit, estimates["median"]))
    return out
