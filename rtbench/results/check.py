# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench check`: the regression gate. A candidate run against a baseline, per benchmark.

A benchmark regresses when its median or its mean (`metric`) exceeds the baseline's by more
than the threshold, relative to the size of the baseline value:
    candidate > baseline + threshold * |baseline|
For throughput results (operations per period, more is better) the rule is mirrored: a drop
below baseline - threshold * |baseline| regresses.
The median catches a slower typical path; the mean also catches a heavier tail (more samples
hit by a tick, a slower rare path). With a 0 % threshold any increase fails, which suits
deterministic emulated runs. A split median (rtbench.results.split: a few samples carry it
between two groups) is judged by its two values, lower against lower and upper against upper
(an unsplit median is both): the median regresses only when both rose, so a median that merely
flipped from one group to the other is no verdict; the mean still sees samples that moved.
A benchmark that was ok in the baseline and failed, was lost or is missing in the candidate
also fails the gate.
"""
from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from .. import files
from ..errors import RtbenchError
from ..model import Result, Run
from .split import Split, median_split
from .stats import percentile
from .units import check_units

METRICS = ("median", "mean", "both")


@dataclass(frozen=True)
class Verdict:
    label: str
    bench: str
    outcome: str  # pass, improved, regressed, failed, missing, new, skipped
    message: str

    @property
    def failed(self) -> bool:
        return self.outcome in ("regressed", "failed", "missing")


def parse_threshold(text: str) -> float:
    """'5%', '5' (both percent) or '0%' -> a fraction."""
    raw = text.strip().removesuffix("%").strip()
    try:
        value = float(raw)
    except ValueError:
        raise RtbenchError(f"threshold '{text}' is not a percentage", "e.g. --threshold 5% or --threshold 0") from None
    if not math.isfinite(value):
        raise RtbenchError(f"threshold '{text}' is not a finite percentage: with it the gate could not fail",
                           "e.g. --threshold 5% or --threshold 0")
    if value < 0:
        raise RtbenchError(f"threshold '{text}' is negative")
    return value / 100.0


def _stat(result: Result, stat: str) -> float:
    samples = result.samples()
    return percentile(sorted(samples), 50) if stat == "median" else sum(samples) / len(samples)


def _median_pairs(base: Result, cand: Result, shown: list[str]) -> list[tuple[float, float]]:
    """The medians to compare: the lower values and the upper values when either side is split
    (saying so in `shown`), else the medians themselves."""
    splits = [median_split(r.samples()) for r in (base, cand)]
    if splits == [None, None]:
        return [(_stat(base, "median"), _stat(cand, "median"))]
    (low_b, high_b), (low_c, high_c) = (_values(r, split) for r, split in zip((base, cand), splits))
    where = ", ".join(f"{side} {split.text()}" for side, split in zip(("baseline", "candidate"), splits) if split)
    shown.append(f"split median ({where}): judged lower {low_b:g} -> {low_c:g}, upper {high_b:g} -> {high_c:g}")
    return [(low_b, low_c), (high_b, high_c)]


def _values(result: Result, split: Split | None) -> tuple[float, float]:
    if split is None:
        median = _stat(result, "median")
        return median, median
    return split.low, split.high


def _change(base: float, now: float) -> str:
    if base == 0:
        return f"{now - base:+g}"
    return f"{(now - base) / abs(base):+.1%}"


def judge_one(base: Result, cand: Result | None, threshold: float, metric: str) -> Verdict:
    label = base.label()
    if base.status != "ok" or not base.raw_samples:
        outcome = "skipped"
        return Verdict(label, base.bench, outcome, f"{label}: not ok in the baseline ({base.status}); not judged")
    if cand is None:
        return Verdict(label, base.bench, "missing", f"{label}: missing from the candidate run")
    if cand.status != "ok" or not cand.raw_samples:
        reason = " ".join(cand.reason.split()) or "no reason given"
        return Verdict(label, base.bench, "failed", f"{label}: {cand.status} in the candidate: {reason}")
    stats = ("median", "mean") if metric == "both" else (metric,)
    worse, better, shown = [], [], []
    for stat in stats:
        before, after = _stat(base, stat), _stat(cand, stat)
        shown.append(f"{stat} {before:g} -> {after:g} {base.unit} ({_change(before, after)})")
        # Each value pair: (baseline, candidate); a median's two values when either side is split.
        pairs = _median_pairs(base, cand, shown) if stat == "median" else [(before, after)]
        rose = all(now > was + threshold * abs(was) for was, now in pairs)
        fell = all(now < was - threshold * abs(was) for was, now in pairs)
        if (fell if base.higher_is_better else rose):
            worse.append(stat)
        elif (rose if base.higher_is_better else fell):
            better.append(stat)
    detail = "; ".join(shown)
    if worse:
        return Verdict(label, base.bench, "regressed",
                       f"{label}: {' and '.join(worse)} regressed beyond {threshold:.1%}: {detail}")
    if better:
        return Verdict(label, base.bench, "improved", f"{label}: improved: {detail}")
    return Verdict(label, base.bench, "pass", f"{label}: {detail}")


def judge(baseline: Run, candidate: Run, threshold: float = 0.05, metric: str = "both",
          allow_missing: bool = False) -> list[Verdict]:
    if metric not in METRICS:
        raise RtbenchError(f"unknown metric '{metric}'", "one of: " + ", ".join(METRICS))
    check_units([baseline, candidate], ["the baseline", "the candidate"])
    found = {r.key: r for r in candidate.results}
    verdicts = []
    for base in baseline.results:
        verdict = judge_one(base, found.get(base.key), threshold, metric)
        if verdict.outcome == "missing" and allow_missing:
            verdict = Verdict(verdict.label, verdict.bench, "skipped", verdict.message + " (allowed)")
        verdicts.append(verdict)
    known = {r.key for r in baseline.results}
    for cand in candidate.results:
        if cand.key not in known:
            verdicts.append(Verdict(cand.label(), cand.bench, "new", f"{cand.label()}: not in the baseline"))
    return verdicts


_JUDGED = ("pass", "improved", "regressed", "failed", "missing")


def judged(verdicts: list[Verdict]) -> int:
    """How many benchmarks the gate actually compared (or found failed or missing)."""
    return sum(1 for v in verdicts if v.outcome in _JUDGED)


def passed(verdicts: list[Verdict]) -> bool:
    """The gate passes only when it judged something and nothing regressed or failed."""
    return judged(verdicts) > 0 and not any(v.failed for v in verdicts)


def summary(verdicts: list[Verdict], threshold: float, metric: str) -> str:
    failed = [v for v in verdicts if v.failed]
    lines = [f"REGRESSION {v.message}" if v.outcome == "regressed" else f"FAIL {v.message}"
             for v in failed]
    lines += [f"note: {v.message}" for v in verdicts if v.outcome in ("improved", "new", "skipped")]
    count = judged(verdicts)
    rule = "median or mean" if metric == "both" else metric
    if failed:
        lines.append(f"check failed: {len(failed)} of {count} benchmark(s) regressed or failed "
                     f"(rule: {rule} above baseline by more than {threshold:.1%})")
    elif count == 0:
        lines.append("check failed: nothing was compared (the baseline has no ok result that the candidate "
                     "has): a gate that judges nothing cannot pass")
    else:
        lines.append(f"check passed: {count} benchmark(s) within {threshold:.1%} of the baseline ({rule})")
    return "\n".join(lines)


def write_junit(verdicts: list[Verdict], path: Path, threshold: float) -> None:
    """JUnit XML: one test case per benchmark, a <failure> for each regression or failure."""
    cases = [v for v in verdicts if v.outcome != "new"]
    if judged(verdicts) == 0:  # CI must see a failure, not an empty green suite
        cases.append(Verdict("nothing compared", "check", "failed",
                             "the baseline has no ok result that the candidate has: nothing was judged"))
    suite = ET.Element("testsuite", name="rtbench check", tests=str(len(cases)),
                       failures=str(sum(v.failed for v in cases)),
                       skipped=str(sum(v.outcome == "skipped" for v in cases)), errors="0")
    ET.SubElement(ET.SubElement(suite, "properties"), "property", name="threshold", value=f"{threshold:.4%}")
    for verdict in cases:
        case = ET.SubElement(suite, "testcase", classname=f"rtbench.{verdict.bench}", name=verdict.label)
        if verdict.failed:
            ET.SubElement(case, "failure", message=verdict.message, type=verdict.outcome).text = verdict.message
        elif verdict.outcome == "skipped":
            ET.SubElement(case, "skipped", message=verdict.message)
        else:
            ET.SubElement(case, "system-out").text = verdict.message
    root = ET.Element("testsuites")
    root.append(suite)
    tree = ET.ElementTree(root)
    ET.indent(tree)
    files.write_whole(Path(path), ET.tostring(root, encoding="utf-8", xml_declaration=True))
