# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Per-function attribution of a benchmark's samples: the instructions each function executed
inside each measured interval, from one run of the image under rtbench's QEMU plugin.

The firmware marks nothing for this: an interval is what the benchmark measures, from one read of
the timestamp counter to another. The plugin starts a segment at every load from the counter's
register (target.toml `[qemu] timestamp_register`) and logs every store into the firmware's
sample buffer (`sample_buffer`, one store per kept sample). For each kept sample, the interval
is found among the reads before its store: two reads whose instruction counts lie exactly the
sample's count apart (the sample plus the read overhead the host subtracts). Its segments'
per-address counts, mapped to the ELF's function symbols, are the sample's attribution, and they
add up to that count exactly; a sample for which no such pair exists is an error, never an
estimate. The end read taken is the last before the store that has a partner: a benchmark that
read the counter again between its interval's end and storing the sample could, by coincidence of
counts, have a later pair taken."""
from __future__ import annotations

import bisect
import re
import subprocess
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import RtbenchError
from ..model import Result
from . import elf, intervals, qemu_plugin
from .build import Build
from .platforms import Target
from .protocol import StreamParser
from .runners import qemu

SAMPLE_BUFFER = "sample_buffer"  # firmware/core/src/run.c
_TIMEOUT = 900.0


@dataclass
class Segment:
    start: int  # instructions executed before the read that starts it
    counts: dict[int, int] = field(default_factory=dict)  # instruction address -> executions


@dataclass
class Trace:
    """What the plugin logged: the segments between timestamp reads, and the sample stores."""

    boot: dict[int, int]  # before the first read
    segments: list[Segment]
    stores: list[int]  # instructions executed before each store of a kept sample
    executed: int
    # Each segment's start, indexed once per trace: every sample searches it (gathered again
    # per sample, 10^5 samples took over 12 minutes).
    starts: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.starts = [segment.start for segment in self.segments]


@dataclass
class Attribution:
    """One benchmark's kept samples, each split over the functions that executed in it."""

    bench: str
    unit: str
    samples: list[int]  # as the run reports them (read overhead subtracted)
    overhead: int  # the read overhead, in the unit: each interval holds sample + overhead instructions
    per_sample: list[dict[str, int]]  # function -> instructions, one per sample

    @property
    def totals(self) -> dict[str, int]:
        """Each function's instructions summed over the samples."""
        total: Counter[str] = Counter()
        for sample in self.per_sample:
            total.update(sample)
        return dict(total)

    @property
    def exact(self) -> bool:
        return all(sum(f.values()) == s + self.overhead for f, s in zip(self.per_sample, self.samples))


def timestamp_register(target: Target) -> int:
    found = target.spec.get("qemu", {}).get("timestamp_register")
    if found is None:
        raise RtbenchError(f"{target.name}: per-function attribution needs the address of its timestamp counter "
                           "(target.toml [qemu] timestamp_register); this target does not name one",
                           "attribute on qemu-m3, qemu-m4f, qemu-m7 or qemu-m33")
    return int(found)


def _one_insn_per_block(binary: str) -> list[str]:
    """QEMU's option for one instruction per translated block (renamed in QEMU 8.1)."""
    text = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout
    found = re.search(r"version (\d+)\.(\d+)", text)
    if found and (int(found.group(1)), int(found.group(2))) >= (8, 1):
        return ["-accel", "tcg,one-insn-per-tb=on"]
    return ["-singlestep"]


def read_trace(log: Path) -> Trace:
    boot: dict[int, int] = {}
    segments: list[Segment] = []
    stores: list[int] = []
    executed = -1
    current = boot
    # A benchmark repeats itself: its segments' counts are kept once each, shared by the
    # segments that executed exactly the same (10^5 samples' trace: 861 MB without sharing).
    seen: dict[tuple[tuple[int, int], ...], dict[int, int]] = {}
    with log.open() as lines:  # line by line: a long run's log is hundreds of megabytes
        for line in lines:
            kind, *words = line.split()
            if kind == "P":
                pc = int(words[0], 16)
                current[pc] = current.get(pc, 0) + int(words[1])
            elif kind == "R":
                if segments:
                    segments[-1].counts = seen.setdefault(tuple(current.items()), current)
                segments.append(Segment(int(words[0])))
                current = segments[-1].counts
            elif kind == "S":
                stores.append(int(words[0]))
            elif kind == "E":
                executed = int(words[0])
    if executed < 0:
        raise RtbenchError(f"the plugin's log {log} has no end: QEMU did not exit normally")
    return Trace(boot, segments, stores, executed)


def interval(trace: Trace, store: int, count: int) -> tuple[int, int] | None:
    """The reads (start, end) of the interval of a sample stored at `store` that holds `count`
    instructions (intervals.interval over the reads' instruction counts)."""
    return intervals.interval(trace.starts, store, count)


class Functions:
    """Instruction address -> the function symbol that holds it."""

    def __init__(self, image: Path) -> None:
        self._symbols = elf.functions(image)
        self._starts = [s.address for s in self._symbols]
        self._named: dict[int, str] = {}  # the same few hundred addresses, once per sample

    def name(self, pc: int) -> str:
        found = self._named.get(pc)
        if found is None:
            found = self._named[pc] = self._lookup(pc)
        return found

    def _lookup(self, pc: int) -> str:
        k = bisect.bisect_right(self._starts, pc) - 1
        if k >= 0 and pc < self._symbols[k].address + self._symbols[k].size:
            return self._symbols[k].name
        return f"0x{pc:08x}"


def attribute(trace: Trace, result: Result, image: Path) -> Attribution:
    """Each kept sample of `result` split over functions, exactly."""
    if len(trace.stores) != len(result.raw_samples):
        raise RtbenchError(f"{result.bench}: the plugin saw {len(trace.stores)} kept samples stored, "
                           f"the run reported {len(result.raw_samples)}")
    overhead = result.scale.convert(result.overhead_raw)
    names = Functions(image)
    per_sample = []
    for k, (raw, store) in enumerate(zip(result.raw_samples, trace.stores)):
        count = result.scale.convert(raw)
        found = interval(trace, store, count)
        if found is None:
            raise RtbenchError(f"{result.bench}: sample {k + 1} ({count} instructions between its reads) matches no "
                               "pair of timestamp reads before it: its instructions cannot be attributed exactly",
                               "per-function attribution needs an interval that counts instructions only "
                               "(no idle time of a halted CPU)")
        functions: Counter[str] = Counter()
        for segment in trace.segments[found[0]:found[1]]:
            for pc, n in segment.counts.items():
                functions[names.name(pc)] += n
        if sum(functions.values()) != count:
            raise RtbenchError(f"{result.bench}: sample {k + 1}'s functions add up to {sum(functions.values())} "
                               f"instructions, its interval holds {count}: the plugin's counts are inconsistent")
        per_sample.append(dict(functions))
    samples = result.samples()
    return Attribution(result.bench, result.unit, samples, overhead, per_sample)


def profile(target: Target, build: Build, options: dict[str, str], bench: str, directory: Path,
            timeout: float = _TIMEOUT) -> Attribution:
    """Runs the image once under the plugin (the benchmark `bench` selected) and attributes its samples."""
    trace, result = traced_run(target, build, options, bench, directory, timeout)
    return attribute(trace, result, build.elf)


def traced_run(target: Target, build: Build, options: dict[str, str], bench: str, directory: Path,
               timeout: float = _TIMEOUT) -> tuple[Trace, Result]:
    """The plugin's trace of one run of the image (`bench` selected) and the result that run reported."""
    if target.runner != "qemu":
        raise RtbenchError(f"{target.name}: per-function attribution runs under QEMU; this target's runner is "
                           f"{target.runner}", "bisect on a qemu-* target for the per-function table")
    register = timestamp_register(target)
    buffer = elf.data_symbol(build.elf, SAMPLE_BUFFER)
    if buffer is None or not buffer.size:
        raise RtbenchError(f"{build.elf} has no symbol {SAMPLE_BUFFER}: not an rtbench image")
    library = qemu_plugin.install()
    directory.mkdir(parents=True, exist_ok=True)
    log = directory / f"{bench}.insn-profile.log"
    command = qemu.command(target, build, options)
    command[-2:-2] = [*_one_insn_per_block(command[0]), "-plugin",
                      f"{library},out={log},ts={register:#x},buf={buffer.address:#x},buflen={buffer.size}"]
    try:
        proc = subprocess.run(command, capture_output=True, text=True, errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired:
        raise RtbenchError(f"the traced run of {bench} took longer than {timeout:.0f} s") from None
    if proc.returncode != 0 or not log.is_file():
        raise RtbenchError(f"the traced run of {bench} failed (exit {proc.returncode}): "
                           f"{(proc.stderr or proc.stdout).strip()[-600:]}")
    parser = StreamParser()
    for line in proc.stdout.splitlines():
        parser.feed(line)
    results = [r for r in parser.finish().results if r.bench == bench]
    if len(results) > 1:
        raise RtbenchError(f"{bench} gave {len(results)} results (one per value of its parameter): "
                           "attribution covers a benchmark with one result")
    if len(results) != 1 or results[0].status != "ok":
        why = results[0].reason if results else "it reported no result"
        raise RtbenchError(f"the traced run of {bench} did not measure it: {why}")
    return read_trace(log), results[0]
