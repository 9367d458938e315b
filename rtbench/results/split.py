# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Split medians: results whose samples gather in two groups near half and half, so that a few
samples crossing from one group to the other (a tick landing in one more sample, another
selection of benchmarks shifting the tick's phase) move the median from one group to the other.
Such a median is published with the two values it moves between and the upper group's share.

The definition, exact on integer samples (no floating point decides it). Sort the n samples
x_1 <= ... <= x_n; the median is x_k, k = ceil(n/2) (nearest rank). A small change may move
m = floor(n * 5 / 100) samples across the median, which then lies anywhere from low = x_(k-m)
to high = x_(k+m). The median is split when, within those ranks, it jumps rather than slides:

1. some stretch of at most s = max(1, floor(2m / 5)) consecutive ranks (a fifth of the
   window's 2m steps: room for a few strays between the groups) rises by a jump J of at least
   half of high - low;
2. the jump matters: J is at least 1 % of the median's magnitude and more than one count (a
   one-count wobble is the counter's resolution, not two groups).

The groups part at the widest gap inside that stretch (the boundary): the lower group holds the
samples at or below it, the upper group the rest. When several stretches qualify, the widest
jump is taken, then the shortest, then the nearest the median, then the lowest. Fewer than 20
samples (m = 0) are never split: there one sample is already more than 5 % of them.
"""
from __future__ import annotations

import bisect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .stats import Number

# The share of samples a small change may move across the median.
SHIFT_SHARE = Fraction(5, 100)
# The share of the window's 2m steps that a jump may take (the strays between the groups).
JUMP_STEPS = Fraction(1, 5)
# A jump smaller than this share of the median's magnitude is not a split.
SMALLEST_JUMP = Fraction(1, 100)
# What a table with a split median says under it (docs/concepts/statistics.md explains it).
LEGEND = ("a median shown as a | b (s %) is split: it moves between a and b when 5 % of the samples "
          "move, across two groups of samples; s is the upper group's share")


@dataclass(frozen=True)
class Split:
    """A median that a few samples flip: the values it lies between when 5 % of the samples
    move, how many samples each group holds, and how many must cross to flip the median."""

    low: Number  # the median when 5 % of the samples move down (x_(k-m))
    high: Number  # the median when 5 % of the samples move up (x_(k+m))
    low_count: int  # samples at or below the boundary
    high_count: int  # samples above it
    flip: int  # samples that must cross the boundary to move the median to the other group

    @property
    def n(self) -> int:
        return self.low_count + self.high_count

    @property
    def high_share(self) -> Fraction:
        return Fraction(self.high_count, self.n)

    def record(self) -> dict[str, Any]:
        """The split as a results document stores it (a result's `median_split`)."""
        return {"modes": [self.low, self.high], "counts": [self.low_count, self.high_count],
                "shares": [self.low_count / self.n, self.high_count / self.n], "flip": self.flip}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Split:
        """The split a document's `median_split` describes."""
        (low, high), (low_count, high_count) = record["modes"], record["counts"]
        return cls(low, high, int(low_count), int(high_count), int(record["flip"]))

    def text(self, number: Callable[[Number], str] = str) -> str:
        """`384 | 413 (51 %)`: the lower and the upper value and the upper group's share;
        `number` formats each value as the table formats its numbers."""
        return f"{number(self.low)} | {number(self.high)} ({share_text(self.high_share)})"


def share_text(share: Fraction) -> str:
    """A share as a whole percent, with a decimal where rounding would make it read as exactly half."""
    percent = share * 100
    whole = round(percent)
    if whole == 50 and percent != 50:
        return f"{float(percent):.1f} %"
    return f"{whole} %"


def _jump(ordered: Sequence[Number], first: int, last: int, k: int, steps: int) -> tuple[int, int]:
    """The stretch (p, q), first <= p < q <= last, q - p <= steps, with the widest rise; then the
    shortest, the nearest the median, the lowest. Sorted values rise with q, so the widest rise
    from p ends at p + steps and the shortest such stretch is found by bisection."""
    ends = [min(p + steps, last) for p in range(first, last)]
    widest = max(ordered[end] - ordered[p] for p, end in zip(range(first, last), ends))
    best = min((q - p, abs(p + q - 2 * k), p, q) for p, end in zip(range(first, last), ends)
               if ordered[end] - ordered[p] == widest
               for q in [bisect.bisect_left(ordered, ordered[p] + widest, p + 1, end + 1)])
    return best[2], best[3]


def _boundary(ordered: Sequence[Number], p: int, q: int, k: int) -> int:
    """The widest gap inside the stretch (between ordered[i] and ordered[i + 1]); the nearest
    the median, then the lowest, among equal ones."""
    return min(range(p, q), key=lambda i: (-(ordered[i + 1] - ordered[i]), abs(2 * i + 1 - 2 * k), i))


def _window(n: int) -> tuple[int, int, int] | None:
    """The median's 0-based rank k and the ranks it reaches when m = floor(5 % of n) samples move
    (k - m, k + m); None below 20 samples, where one sample is already more than 5 %."""
    m = int(n * SHIFT_SHARE)
    if m < 1:
        return None
    k = (n + 1) // 2 - 1
    return k, max(k - m, 0), min(k + m, n - 1)


def median_range(values: Sequence[Number]) -> tuple[Number, Number] | None:
    """The lowest and the highest the median becomes when 5 % of the samples move (x_(k-m),
    x_(k+m)); None below 20 samples."""
    window = _window(len(values))
    if window is None:
        return None
    ordered = sorted(values)
    return ordered[window[1]], ordered[window[2]]


def median_split(values: Sequence[Number]) -> Split | None:
    """The values' split median, or None when a shift of 5 % of the samples cannot move the
    median across a jump between two groups (see the module's docstring)."""
    window = _window(len(values))
    if window is None:
        return None
    k, first, last = window
    ordered = sorted(values)
    p, q = _jump(ordered, first, last, k, max(1, int((last - first) * JUMP_STEPS)))
    jump, reach = ordered[q] - ordered[p], ordered[last] - ordered[first]
    if 2 * jump < reach or jump <= 1 or jump < SMALLEST_JUMP * abs(ordered[k]):
        return None
    i = _boundary(ordered, p, q, k)
    low_count = i + 1
    # The median (rank k + 1) sits below the boundary when low_count > k: then it flips when
    # low_count - k samples cross upwards; above it, when k + 1 - low_count cross downwards.
    flip = low_count - k if low_count > k else k + 1 - low_count
    return Split(ordered[first], ordered[last], low_count, len(ordered) - low_count, flip)


def row_split(row: Mapping[str, Any]) -> Split | None:
    """The split median of a result as a run document holds it (`rtbench run --json`, a reference
    run): from its samples when it carries them, else from its own `median_split`; None when
    the result is not ok or its median is not split."""
    if row.get("status") != "ok":
        return None
    samples = row.get("samples")
    if samples:
        return median_split(samples)
    record = row.get("median_split")
    return Split.from_record(record) if record else None


def ratio_text(base: Split | Number, other: Split | Number, number: Callable[[float], str]) -> str | None:
    """other / base where either median is split: the range of the ratios of their values (`0.93–1.08`),
    None when neither is split or a base value is not positive."""
    if not isinstance(base, Split) and not isinstance(other, Split):
        return None
    bases = (base.low, base.high) if isinstance(base, Split) else (base,)
    others = (other.low, other.high) if isinstance(other, Split) else (other,)
    if min(bases) <= 0:
        return None
    ratios = [o / b for b in bases for o in others]
    return f"{number(min(ratios))}–{number(max(ratios))}"
