# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Every sample in model cycles too, from the timing model's log (rtb_cycle_model.c).

The plugin logs its instants on the timestamp counter's scale, the instructions it has seen
(a read's value counts the read itself; an interrupt fires after the instructions before its
entry), with the model cycles before each: the timestamp reads (R) and the exception entries
(X); and, as anchors, the stores of kept samples (S), the stores of captured spans (C) and
each benchmark run's start (B, one per BEGIN record). A run's results pair with the B records in
order, and each result's kept samples with the S records of its run. A sample that holds `count`
instructions between its reads (its value plus the read overhead) is the pair of instants found
as intervals.interval finds it: reads at both ends; for a benchmark timed from a hardware event
(RTB_RAW: no read overhead), an exception entry or a read at its start. Its model cycles are the
cycles between the two instants, less the read overhead in model cycles (the median of the
calibration's 31 back-to-back pairs, the reads before the first benchmark, as the firmware takes
it in its unit). Instruction counts agree exactly or the sample has no model cycles: a sample
whose interval the model cannot time (it starts at a computed instant, a deadline, or spans a
halted CPU) leaves its result without model cycles, with the reason."""
from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import RtbenchError
from ..model import ModelCycles, Result
from . import intervals

CALIBRATION_PAIRS = 31  # firmware/core/src/catalogue.c CALIBRATION_READS


@dataclass
class ModelLog:
    """What the plugin logged, in instruction order."""

    instants: list[int] = field(default_factory=list)  # instructions before each read or entry
    cycles: list[int] = field(default_factory=list)  # model cycles before each
    entry: list[bool] = field(default_factory=list)  # an exception entry (else a timestamp read)
    stores: list[int] = field(default_factory=list)
    captures: list[int] = field(default_factory=list)  # stores into span captures' buffers
    waits: dict[int, int] = field(default_factory=dict)  # instant -> cycles, before a benchmark interrupt that waited
    begins: list[int] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)


def read_log(path: Path) -> ModelLog:
    log = ModelLog()
    try:
        text = path.read_text()
    except OSError as err:
        raise RtbenchError(f"the timing model wrote no log ({path}): {err.strerror or err}",
                           "the QEMU plugin failed to start: see the run's console log") from None
    for line in text.splitlines():
        kind, *words = line.split()
        if kind in ("R", "X"):
            log.instants.append(int(words[0]))
            log.cycles.append(int(words[1]))
            log.entry.append(kind == "X")
        elif kind == "S":
            log.stores.append(int(words[0]))
        elif kind == "C":
            log.captures.append(int(words[0]))
        elif kind == "W":
            first, cycles = int(words[0]), int(words[1])
            log.waits[first] = cycles
            for k, step in enumerate(words[2:], 1):
                cycles += int(step)
                log.waits[first + k] = cycles
        elif kind == "B":
            log.begins.append(int(words[0]))
        elif kind == "E":
            log.totals = dict(zip(("instructions", "cycles", "entries", "returns", "tailchains"), map(int, words)))
    if not log.totals:
        raise RtbenchError(f"the timing model's log {path} has no end: QEMU did not exit normally")
    return log


def overhead_cycles(log: ModelLog) -> int | None:
    """The read overhead in model cycles: the median of the calibration's pairs (the reads before
    the first benchmark's start, taken back to back in pairs); None without a calibration."""
    first = log.begins[0] if log.begins else (log.totals.get("instructions", 0) + 1)
    reads = [i for i, at in enumerate(log.instants) if at < first and not log.entry[i]]
    pairs = reads[-2 * CALIBRATION_PAIRS:]
    if len(pairs) < 2 * CALIBRATION_PAIRS:
        return None
    deltas = sorted(log.cycles[pairs[k + 1]] - log.cycles[pairs[k]] for k in range(0, len(pairs), 2))
    return deltas[CALIBRATION_PAIRS // 2]


def _between(values: list[int], lo: int, hi: int) -> list[int]:
    return values[bisect.bisect_left(values, lo):bisect.bisect_left(values, hi)]


def anchors(result: Result, log: ModelLog, lo: int, hi: int) -> list[int] | str:
    """Where each kept sample of the result (its run between instructions lo and hi) was stored:
    into the sample buffer, or for spans that a capture took before the benchmark sampled them
    (span_capture.h), where the capture stored it (the benchmark samples the spans in order, the
    first `warmup` of them dropped)."""
    captures = _between(log.captures, lo, hi)
    if captures:
        kept = captures[result.warmup:result.warmup + len(result.raw_samples)]
        if len(kept) == len(result.raw_samples):
            return kept
        return (f"the timing model saw {len(captures)} spans captured for this result, the run sampled "
                f"{len(result.raw_samples)} after a warm-up of {result.warmup}")
    stores = _between(log.stores, lo, hi)
    if len(stores) != len(result.raw_samples):
        return (f"the timing model saw {len(stores)} kept samples stored for this result, the run reported "
                f"{len(result.raw_samples)}")
    return stores


def _from_event(log: ModelLog, index: dict[int, int], store: int, count: int) -> int | None:
    """The model cycles of a sample timed from a hardware event (RTB_RAW): from the latest read
    before its store that can end it, back to its start: an entry or a read `count` before it; or
    an interrupt that did not enter at its fire instant, one that waited (masked, or behind another
    handler), whose fire instant lies among the instants the plugin logged before the entry, or
    one whose delay is not a whole number of instructions (reaction_chain's 1 ms is 7812.5 on
    qemu-m3), which fired during the instruction before its entry and is timed from the boundary
    where the core took it."""
    last = bisect.bisect_right(log.instants, store) - 1
    for end in range(last, max(last - intervals.LOOK_BACK, -1), -1):
        if log.entry[end]:
            continue
        fired = log.instants[end] - count
        begin = index.get(fired)
        if begin is not None and begin < end:
            return log.cycles[end] - log.cycles[begin]
        if fired in log.waits and _entered_between(log, fired, end):
            return log.cycles[end] - log.waits[fired]
        entry = index.get(fired + 1)
        if entry is not None and entry < end and log.entry[entry]:
            return log.cycles[end] - log.cycles[entry]
    return None


def _entered_between(log: ModelLog, fired: int, end: int) -> bool:
    """Whether an exception entry lies between an instant and the end read `end`: a read that an
    interrupt fired `count` before but that no entry since leads to is not its handler's (the
    cycles of every instant before a waiting entry are logged, this read's own or not)."""
    first = bisect.bisect_left(log.instants, fired)
    return any(log.entry[k] for k in range(first, end))


def _samples(result: Result, log: ModelLog, stores: list[int], overhead: int) -> list[int] | str:
    """The result's samples in model cycles, or why they cannot be had."""
    raw = result.overhead_raw == 0  # timed from a hardware event: no read overhead (RTB_RAW)
    index = {instant: k for k, instant in enumerate(log.instants)} if raw else {}
    cycles = []
    for k, (sample, store) in enumerate(zip(result.raw_samples, stores)):
        count = result.scale.convert(sample)
        if raw:
            found = _from_event(log, index, store, count)
        else:
            pair = intervals.interval(log.instants, store, count, lambda i: not log.entry[i],
                                      lambda i: not log.entry[i])
            found = None if pair is None else log.cycles[pair[1]] - log.cycles[pair[0]] - overhead
        if found is None:
            return (f"sample {k + 1}: no two instants the model saw lie {count} instructions apart (a value that "
                    "adds spans up, starts at a computed instant such as a deadline, or spans a halted CPU has no "
                    "model cycles)")
        cycles.append(found)
    return cycles


def attach(results: list[Result], log: ModelLog, unit: str, timed_unit: str) -> None:
    """Gives each of a run's results (in stream order, one per B record) its model cycles: samples
    for an ok result in `timed_unit`, else the reason it has none. Counting results (operations)
    and host results keep none."""
    if len(log.begins) != len(results):
        why = (f"the timing model saw {len(log.begins)} benchmark runs start, the stream {len(results)}: "
               "samples cannot be paired")
        for result in results:
            result.model = ModelCycles(unit, reason=why)
        return
    overhead = overhead_cycles(log)
    bounds = [*log.begins, log.totals["instructions"] + 1]
    for k, result in enumerate(results):
        if result.unit != timed_unit:
            continue
        if result.status != "ok":
            result.model = ModelCycles(unit, reason=f"the result is {result.status}")
            continue
        stores = anchors(result, log, bounds[k], bounds[k + 1])
        if isinstance(stores, str):
            found: list[int] | str = stores
        elif overhead is None and result.overhead_raw:
            found = "the timing model saw no calibration of the read overhead"
        else:
            found = _samples(result, log, stores, overhead or 0)
        result.model = (ModelCycles(unit, reason=found) if isinstance(found, str)
                        else ModelCycles(unit, samples=found))
