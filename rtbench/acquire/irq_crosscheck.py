# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The interrupt benchmarks' samples on a Cortex-M QEMU target checked against an independent
instruction count, taken by a QEMU plugin rather than from the timers.

`crosscheck` runs irq_latency, irq_task_wake and irq_task_resume of a built image once under the
plugin (rtbench/data/qemu_plugin/rtb_mmio_trace.c, built by qemu_plugin) with -singlestep. The
plugin logs the instruction count at every timer access. Each arming's fire instant is the
instruction that starts timer1 plus the trigger delay (80 us, a whole number of instructions under
-icount); the reference for irq_latency is the handler's first timer read, for the other two the
task's timestamp read after its wake-up, both counted from the fire instant. Each Check holds a
benchmark's samples and references; scripts/irq_crosscheck.py prints how they differ.

Every Cortex-M QEMU board: the CMSDK timers (qemu-m3, qemu-m4f, qemu-m7, qemu-m33) and the
nRF51's (qemu-m0), whose timestamps are capture tasks (the capture's store is the read)."""
from __future__ import annotations

import re
import subprocess
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import RtbenchError
from ..paths import firmware_dir
from . import qemu_plugin
from .build import Build
from .platforms import Target
from .protocol import StreamParser
from .runners import qemu

BENCHES = ("irq_latency", "irq_task_wake", "irq_task_resume")
Event = tuple[int, str]  # a register's offset from its timer's base, and r or w


@dataclass(frozen=True)
class Timers:
    """Where a board's two timers sit, and which of their accesses mark an arming."""

    timer0: int  # timestamps
    timer1: int  # the benchmark interrupt
    start: Event  # on timer1: the access that starts it counting towards the fire...
    start_after: Event | None  # ...when it directly follows this one
    handler1: Event  # on timer1: the handler's read of it
    handler0: Event  # on timer0: the handler's entry timestamp, two instructions before or after
    task: Event  # on timer0: a timestamp read (the task's, at its own instruction)


def _cmsdk(timer0: int) -> Timers:
    """CTRL written just after VALUE starts timer1; the handler and the task read VALUE."""
    return Timers(timer0, timer0 + 0x1000, start=(0x0, "w"), start_after=(0x4, "w"), handler1=(0x4, "r"),
                  handler0=(0x4, "r"), task=(0x4, "r"))


# nRF51: TASKS_START starts TIMER1; timestamps are capture tasks 1 (TIMER1), 2 and 0 (TIMER0).
_NRF51 = Timers(0x40008000, 0x40009000, start=(0x0, "w"), start_after=None, handler1=(0x44, "w"),
                handler0=(0x48, "w"), task=(0x40, "w"))
TIMERS = {"mps2-an385": _cmsdk(0x40000000), "mps2-an386": _cmsdk(0x40000000), "mps2-an500": _cmsdk(0x40000000),
          "mps2-an505": _cmsdk(0x50000000), "microbit": _NRF51}


@dataclass
class Arming:
    start: int  # the instruction that started timer1
    handler: int  # the handler's first timer read
    task: int | None  # the task's first timestamp read after the handler (None: it read none)


@dataclass
class Check:
    bench: str
    samples: list[int]
    references: list[int]

    def differences(self) -> Counter[int]:
        return Counter(s - r for s, r in zip(self.samples, self.references))


def delay_instructions(target: Target) -> int:
    """The irq benchmarks' trigger delay in instructions: it must be whole for an exact fire instant."""
    # The default lead (rtb/irq.h); the Cortex-M targets do not set one of their own.
    text = (firmware_dir() / "core" / "include" / "rtb" / "irq.h").read_text()
    found = re.search(r"#define RTB_IRQ_LEAD_US (\d+)u", text)
    if not found:
        raise RtbenchError("cannot find the default RTB_IRQ_LEAD_US in firmware/core/include/rtb/irq.h")
    shift = int(re.search(r"shift=(\d+)", target.spec["qemu"]["icount"]).group(1))  # type: ignore[union-attr]
    ns = int(found.group(1)) * 1000
    if ns % (1 << shift):
        raise RtbenchError(f"the trigger delay ({ns} ns) is not a whole number of instructions")
    return ns >> shift


def witness_rounds() -> int:
    """How many armings each benchmark adds after its samples to check that its task had blocked."""
    text = (firmware_dir() / "core" / "include" / "rtb" / "irq.h").read_text()
    found = re.search(r"#define RTB_IRQ_WITNESS_ROUNDS (\d+)u", text)
    if not found:
        raise RtbenchError("cannot find RTB_IRQ_WITNESS_ROUNDS in firmware/core/include/rtb/irq.h")
    return int(found.group(1))


Access = tuple[int, int, str, int]  # instruction count, address, r or w, the instruction's address


def trace(target: Target, build: Build, iterations: int, directory: Path) -> tuple[str, list[Access]]:
    """Runs the benchmarks under the plugin (its log in `directory`): the console text and the timer accesses."""
    timers = TIMERS.get(target.spec["qemu"]["machine"])
    if timers is None:
        raise RtbenchError(f"{target.name}: no timers known for its QEMU machine")
    lo, hi = min(timers.timer0, timers.timer1), max(timers.timer0, timers.timer1) + 0x1000
    log = directory / "timers.log"
    command = qemu.command(target, build, {"select": ",".join(BENCHES), "iterations": str(iterations)})
    command[-2:-2] = ["-singlestep", "-plugin",
                      f"{qemu_plugin.install(qemu_plugin.MMIO_TRACE)},out={log},lo={lo},hi={hi}"]
    console = subprocess.run(command, capture_output=True, text=True, errors="replace", timeout=600).stdout
    accesses = []
    for line in log.read_text().splitlines():
        if not line.startswith("end"):
            count, address, kind, pc = line.split()
            accesses.append((int(count), int(address, 16), kind, int(pc, 16)))
    return console, accesses


def armings(accesses: list[Access], timers: Timers, task_pc: int | None = None,
            handler_pc: int | None = None) -> list[Arming]:
    """Each arming's instructions; one whose handler or task read the trace lacks is left out."""
    def at(k: int, base: int, event: Event | None) -> bool:
        return event is not None and accesses[k][1:3] == (base + event[0], event[1])

    def after(k: int, found: Callable[[int], bool]) -> int:
        while k < len(accesses) and not found(k):
            k += 1
        return k

    def starts(k: int) -> bool:
        return at(k, timers.timer1, timers.start) and (
            timers.start_after is None or at(k - 1, timers.timer1, timers.start_after))

    arms, k = [], 1
    while k < len(accesses):
        if not starts(k):
            k += 1
            continue
        start = accesses[k][0]
        k = after(k, lambda i: at(i, timers.timer1, timers.handler1))
        if k == len(accesses):
            break
        # The handler takes its entry timestamp two instructions before timer1's count (or, before
        # the fix, two after), at its own instruction: a tick may preempt it between the two.
        before = k - 1
        while before > 0 and accesses[before][0] > start and not (
                at(before, timers.timer0, timers.handler0) and handler_pc in (None, accesses[before][3])):
            before -= 1
        if accesses[before][0] > start and (handler_pc is not None or accesses[before][0] == accesses[k][0] - 2):
            handler = accesses[before][0]
        else:
            handler = accesses[k][0]
            k = after(k, lambda i: at(i, timers.timer0, timers.handler0))
        # The task's timestamp, unless the next arming comes first: the rounds that check the lead
        # after the samples (rtb/irq.h) read none.
        k = after(k + 1, lambda i: starts(i) or (at(i, timers.timer0, timers.task)
                                                 and task_pc in (None, accesses[i][3])))
        if k >= len(accesses):
            break
        if starts(k):
            arms.append(Arming(start, handler, None))
            continue
        arms.append(Arming(start, handler, accesses[k][0]))
    return arms


def crosscheck(target: Target, build: Build, iterations: int, directory: Path) -> list[Check]:
    """Each benchmark's samples beside the plugin's references, from one traced run of the image
    (`directory` takes the plugin's log)."""
    console, accesses = trace(target, build, iterations, directory)
    parser = StreamParser()
    for line in console.splitlines():
        parser.feed(line)
    results = parser.finish().results  # in the order they ran
    if sorted(r.bench for r in results) != sorted(BENCHES) or any(r.status != "ok" for r in results):
        raise RtbenchError("the traced run did not measure every benchmark:\n" + console[-2000:])
    timers, delay, checks = TIMERS[target.spec["qemu"]["machine"]], delay_instructions(target), []
    where = {a[0]: k for k, a in enumerate(accesses)}
    # The handler's entry timestamp: the timer0 read two instructions before most timer1 counts.
    counts = {a[0] for a in accesses if a[1:3] == (timers.timer1 + timers.handler1[0], timers.handler1[1])}
    common = Counter(a[3] for a in accesses if a[0] + 2 in counts and a[1] == timers.timer0 + timers.handler0[0]
                     and a[2] == timers.handler0[1]).most_common(1)
    handler_pc = common[0][0] if common else None  # None: the handler reads timer0 after timer1 (old)
    first = armings(accesses, timers, handler_pc=handler_pc)
    checked = witness_rounds()
    for result in results:
        taken = result.warmup + len(result.raw_samples)
        # After its samples each benchmark arms a few more times to check its lead (rtb/irq.h).
        own, first = first[:taken], first[taken + checked:]
        # Its task reads the timestamp at one instruction after most wake-ups (a tick hook may read
        # too): look for that instruction only, from its first arming to the next benchmark's.
        task_pc = Counter(a[3] for a in accesses if a[0] in {arm.task for arm in own}).most_common(1)[0][0]
        segment = accesses[where[own[0].start] - 1:where[first[0].start] if first else len(accesses)]
        traced = own if result.bench == "irq_latency" else armings(segment, timers, task_pc, handler_pc)
        mine = traced[result.warmup:taken]
        if len(mine) != len(result.raw_samples):
            raise RtbenchError(f"{result.bench}: {len(mine)} armings traced for {len(result.raw_samples)} samples")
        references = []
        for arm in mine:
            end = arm.handler if result.bench == "irq_latency" else arm.task
            if end is None:
                raise RtbenchError(f"{result.bench}: the arming at instruction {arm.start} has no task timestamp read")
            references.append(end - arm.start - delay)
        checks.append(Check(result.bench, result.samples(), references))
    return checks
