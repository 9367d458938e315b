# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The data rtbench passes between its layers: what a stream delivered and what a run stores."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

# A result's status: the firmware's verdict (ok, fail, unsupported) or the host's (error).
STATUSES = ("ok", "fail", "unsupported", "error")
# Units of throughput (counts per period): for these, more is better.
THROUGHPUT_UNITS = ("operations",)


@dataclass
class Scale:
    """Converts raw timestamp deltas into the reported unit: value = round(raw * num / den)."""

    unit: str
    num: int = 1
    den: int = 1

    def convert(self, raw: int) -> int:
        return round(Fraction(raw * self.num, self.den))

    def convert_all(self, raws: list[int], minus: int = 0) -> list[int]:
        """[convert(raw) - minus for raw in raws], exactly, without a Fraction per sample
        (runs of 10^7 samples are stored): round half to even, as round() on a Fraction."""
        num, den = self.num, self.den
        if num == den:
            return [raw - minus for raw in raws]
        if den == 1:
            return [raw * num - minus for raw in raws]
        converted = []
        for raw in raws:
            whole, rest = divmod(raw * num, den)
            twice = 2 * rest
            converted.append(whole + (twice > den or (twice == den and whole & 1)) - minus)
        return converted


@dataclass
class ModelCycles:
    """A result's samples in a timing model's cycles (rtbench's Cortex-M model over the same
    instruction stream): a unit of its own, named with the model and its parameters, never
    compared with instructions or with cycles measured on silicon."""

    unit: str  # e.g. "cycles (model: cortex-m3, 0 wait states)"
    samples: list[int] = field(default_factory=list)  # read overhead subtracted, in the samples' order
    reason: str = ""  # why the result has no samples in model cycles (empty when it has them)


@dataclass
class Result:
    """One benchmark with one parameter set: its verdict and every raw sample."""

    bench: str
    params: dict[str, Any]
    unit: str
    status: str
    reason: str = ""
    notes: list[str] = field(default_factory=list)
    raw_samples: list[int] = field(default_factory=list)
    overhead_raw: int = 0
    scale: Scale = field(default_factory=lambda: Scale("raw"))
    iterations: int = 0
    warmup: int = 0
    # The first sample the benchmark took, before warm-up (caches and kernel state cold): kept
    # apart, never in the samples or their statistics. None when the run had no warm-up.
    cold_raw: int | None = None
    # The SHA-256 of the image that measured it (a run may use several: plain, instrumented,
    # services); "" when not known (a run stored before rtbench kept it, a result no image made).
    image: str = ""
    # The samples in model cycles, when the run had a timing model (rtbench run --cycles-model).
    model: ModelCycles | None = None

    def samples(self) -> list[int]:
        """Samples in `unit`, with the timestamp-read overhead subtracted."""
        return self.scale.convert_all(self.raw_samples, self.scale.convert(self.overhead_raw))

    def cold(self) -> int | None:
        """The cold sample in `unit`, converted as the samples are; None when there is none."""
        if self.cold_raw is None or self.status != "ok":
            return None
        return self.scale.convert(self.cold_raw) - self.scale.convert(self.overhead_raw)

    @property
    def higher_is_better(self) -> bool:
        return self.unit in THROUGHPUT_UNITS

    @property
    def key(self) -> tuple[str, tuple[tuple[str, Any], ...]]:
        return self.bench, tuple(sorted(self.params.items()))

    def label(self) -> str:
        return result_label(self.bench, self.params)


@dataclass
class Run:
    """A stored run: its manifest (everything that can change the numbers) and its results."""

    manifest: dict[str, Any]
    results: list[Result]
    run_id: int | None = None


def result_label(bench: str, params: dict[str, Any]) -> str:
    """A result's name with its parameters: `tick_cost[tasks=5]`."""
    text = ",".join(f"{k}={v}" for k, v in sorted(params.items()))
    return f"{bench}[{text}]" if text else bench


def first_repeat(keys: Iterable[tuple[str, dict[str, Any]]]) -> tuple[int, int] | None:
    """(index, index of the first copy) of the first (benchmark, parameters) that repeats an
    earlier one, or None. A run holds one result per benchmark and parameter set: the gate and
    compare pair results by it, and a second copy would hide the first."""
    seen: dict[tuple[str, tuple[tuple[str, Any], ...]], int] = {}
    for index, (bench, params) in enumerate(keys):
        key = (bench, tuple(sorted(params.items())))  # parameter values are scalars
        if key in seen:
            return index, seen[key]
        seen[key] = index
    return None
