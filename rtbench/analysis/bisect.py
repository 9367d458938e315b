# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""What a bisection says: the first bad commit with its parent's and its own median, and which
functions gained or lost instructions inside the measured interval between the two."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..acquire.insn_profile import Attribution
from ..campaign.bisect import Bisection
from ..results import schema
from ..results.stats import median


@dataclass(frozen=True)
class FunctionDelta:
    name: str
    before: float  # instructions per sample (the function's sum over the samples / n)
    after: float
    before_total: int
    after_total: int

    @property
    def delta(self) -> float:
        return self.after - self.before


def per_sample(total: int, n: int) -> float:
    return total / n if n else 0.0


def function_deltas(before: Attribution, after: Attribution) -> list[FunctionDelta]:
    """Every function whose instructions per sample differ, the largest change (either way) first."""
    a, b = before.totals, after.totals
    out = [FunctionDelta(name, per_sample(a.get(name, 0), len(before.samples)),
                         per_sample(b.get(name, 0), len(after.samples)), a.get(name, 0), b.get(name, 0))
           for name in sorted(set(a) | set(b))]
    return sorted((d for d in out if d.delta), key=lambda d: (-abs(d.delta), d.name))


@dataclass
class BisectView:
    found: Bisection
    deltas: list[FunctionDelta]

    @property
    def located(self) -> bool:
        return self.found.first_bad is not None

    def medians(self) -> tuple[float | None, float | None]:
        """The parent's and the first bad commit's medians (the stored points')."""
        if self.found.first_bad is None:
            return None, None
        before, after = self.found.at(self.found.first_bad - 1), self.found.at(self.found.first_bad)
        return (before.value if before else None, after.value if after else None)

    def traced_samples_match(self) -> bool | None:
        """Whether the traced runs' samples are the stored points' (bit for bit on an exact target)."""
        if self.found.attribution is None or self.found.first_bad is None:
            return None
        pair = (self.found.at(self.found.first_bad - 1), self.found.at(self.found.first_bad))
        for tested, traced in zip(pair, self.found.attribution):
            if tested is None:
                return None
            stored = [r for r in tested.point.run.results if r.bench == self.found.bench]
            if not stored or stored[0].samples() != traced.samples:
                return False
        return True


def view(found: Bisection) -> BisectView:
    deltas = function_deltas(*found.attribution) if found.attribution else []
    return BisectView(found, deltas)


def _attribution(attribution: Attribution) -> dict[str, Any]:
    n = len(attribution.samples)
    return {"n": n, "median": median(attribution.samples) if n else None, "overhead": attribution.overhead,
            "exact": attribution.exact, "samples": attribution.samples,
            "sample_sums": [sum(functions.values()) for functions in attribution.per_sample],
            "functions": {name: {"total": total, "per_sample": per_sample(total, n)}
                          for name, total in sorted(attribution.totals.items(), key=lambda kv: -kv[1])}}


def document(shown: BisectView) -> dict[str, Any]:
    """The bisection as a JSON document (schema rtbench-bisect/1)."""
    found = shown.found
    chosen = found.selection
    before, after = shown.medians()

    def revision(index: int) -> dict[str, Any]:
        rev = found.path[index]
        return {"name": rev.name, "commit": rev.commit, "subject": rev.subject}

    doc: dict[str, Any] = {
        "benchmark": found.bench, "target": chosen.target, "kernel": chosen.kernel,
        "unit": chosen.unit, "config": chosen.config_hash, "exact": chosen.deterministic,
        "good": revision(0), "bad": revision(len(found.path) - 1), "commits_between": len(found.path) - 2,
        "found": shown.located,
        "first_bad": revision(found.first_bad) if found.first_bad is not None else None,
        "parent": revision(found.first_bad - 1) if found.first_bad is not None else None,
        "median_before": before, "median_after": after,
        "candidates": [{"name": r.name, "commit": r.commit, "subject": r.subject} for r in found.candidates],
        "tested": [{"name": t.point.revision.name, "commit": t.point.revision.commit, "status": t.point.status,
                    "median": t.value, "verdict": t.verdict, "given": t.given, "run": t.point.run.run_id,
                    **({"reason": t.point.error} if t.point.error else {})} for t in found.tested],
        "skipped": [{"name": t.point.revision.name, "commit": t.point.revision.commit, "status": t.point.status,
                     "reason": t.reason} for t in found.skipped],
        "attribution": None, "attribution_error": found.attribution_error,
    }
    if found.attribution is not None:
        doc["attribution"] = {
            "before": _attribution(found.attribution[0]), "after": _attribution(found.attribution[1]),
            "traced_samples_match_stored": shown.traced_samples_match(),
            "functions": [{"function": d.name, "before": d.before, "after": d.after, "delta": d.delta,
                           "before_total": d.before_total, "after_total": d.after_total} for d in shown.deltas],
        }
    return schema.stamped(schema.BISECT, doc)
