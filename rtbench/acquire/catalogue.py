# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The benchmark catalogue, read from the firmware's own registrations (firmware/bench/*.c),
so that adding a benchmark never means editing the host."""
from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import RtbenchError
from ..paths import firmware_dir
from ..suggest import unknown_hint

_BENCH = re.compile(r'RTB_BENCHMARK\(\s*(\w+)\s*,\s*(\d+)\s*,\s*"((?:[^"\\]|\\.)*)"\s*,\s*\w+\s*(.*?)\);', re.DOTALL)
_VALUES = re.compile(r"RTB_PARAM_VALUES\(\s*(\w+)\s*,([^)]*)\)")
_PARAM = re.compile(r'RTB_PARAM\(\s*\w+\s*,\s*"(\w+)"\s*\)')
_COUNT = re.compile(r"\.count\s*=\s*(\d+)")
_COUNT_KEY = re.compile(r'\.count_key\s*=\s*"(\w+)"')
_COUNT_PER_KEY = re.compile(r'\.count_per_key\s*=\s*"(\w+)"')
# Options a benchmark's code reads: rtb_option(run, "key", fallback).
_OPTION_READ = re.compile(r'\brtb_option\(\s*\w+\s*,\s*"(\w+)"')
# A benchmark's category, in listing order, by the first word of its name: the kernel service it
# times (sem_take: semaphores) or the suite it comes from (tm_: Thread-Metric), so a new benchmark
# of a known family files itself. A first word not named here puts a benchmark under OTHER.
CATEGORIES = {
    "tasks and scheduling": ("task", "sched"),
    "semaphores": ("sem",),
    "queues": ("queue",),
    "mutexes": ("mutex",),
    "event flags": ("flag",),
    "memory": ("pool", "heap"),
    "interrupts": ("irq", "uart", "reaction", "preempt"),
    "time and timers": ("tick", "delay", "periodic", "timer"),
    "Thread-Metric suite": ("tm",),
    "per-window counts": ("window",),
    "system": ("boot", "cpu", "footprint"),
}
OTHER = "other"
_CATEGORY_OF = {word: category for category, words in CATEGORIES.items() for word in words}


@dataclass(frozen=True)
class BenchInfo:
    name: str
    order: int
    summary: str
    param: str | None = None
    values: tuple[int, ...] = ()
    raw: bool = False  # the interval starts at a hardware event: no read overhead subtracted
    count: int | None = None  # its own sample count instead of --iterations
    count_key: str | None = None  # the option that overrides `count`
    count_per_key: str | None = None  # the option that multiplies the count (e.g. threads)
    host: bool = False  # computed by the host from the image, not run on the target
    traced: bool = False  # needs the kernel's trace hooks: run in an instrumented image of its own
    services: bool = False  # needs optional kernel services (flags, timers): run in an image built with them
    source: str = field(default="", compare=False)
    # Options it reads besides --iterations/--warmup, all whole numbers (the guest's rtb_option).
    own_options: tuple[str, ...] = ()

    @property
    def category(self) -> str:
        return _CATEGORY_OF.get(self.name.split("_", 1)[0], OTHER)

    @property
    def options(self) -> tuple[str, ...]:
        """Every option this benchmark reads: its own, its count keys and its swept parameter
        (an option named like the parameter replaces the sweep with one value)."""
        keys = [*self.own_options, self.count_key, self.count_per_key, self.param]
        return tuple(dict.fromkeys(k for k in keys if k and "," not in k))


# Benchmarks the host computes from the built image rather than running them.
HOST_BENCHES = (
    BenchInfo("footprint", 1000, "text, data and bss of the kernel alone and of the whole image (from the ELF map)",
              param="part,section", host=True, source="rtbench/acquire/footprint.py"),
)


def scan(bench_dir: Path | None = None) -> list[BenchInfo]:
    bench_dir = bench_dir or firmware_dir() / "bench"
    found: list[BenchInfo] = []
    for path in sorted(bench_dir.rglob("*.c")):
        text = path.read_text()
        values = {m.group(1): tuple(int(v) for v in m.group(2).replace(" ", "").split(",") if v)
                  for m in _VALUES.finditer(text)}
        read = tuple(dict.fromkeys(_OPTION_READ.findall(text)))
        for m in _BENCH.finditer(text):
            name, order, summary, extra = m.group(1), int(m.group(2)), m.group(3), m.group(4)
            param = _PARAM.search(extra)
            count = _COUNT.search(extra)
            key = _COUNT_KEY.search(extra)
            per = _COUNT_PER_KEY.search(extra)
            found.append(BenchInfo(
                name=name, order=order, summary=summary,
                param=param.group(1) if param else None,
                values=values.get(name, ()) if param else (),
                raw="RTB_RAW" in extra,
                traced="RTB_TRACED" in extra,
                services="RTB_SERVICES" in extra,
                count=int(count.group(1)) if count else None,
                count_key=key.group(1) if key else None,
                count_per_key=per.group(1) if per else None,
                source=f"firmware/bench/{path.relative_to(bench_dir).as_posix()}",
                own_options=read,
            ))
    if not found:
        raise RtbenchError(f"no benchmarks registered under {bench_dir}",
                           "is RTBENCH_FIRMWARE pointing at rtbench's firmware/ directory?")
    found.extend(HOST_BENCHES)
    return sorted(found, key=lambda b: (b.order, b.name))


def by_category(catalogue: list[BenchInfo]) -> dict[str, list[BenchInfo]]:
    """The benchmarks under their categories, in CATEGORIES' order (OTHER last), each in catalogue order."""
    order = [*CATEGORIES, OTHER]
    found: dict[str, list[BenchInfo]] = {}
    for bench in sorted(catalogue, key=lambda b: order.index(b.category)):
        found.setdefault(bench.category, []).append(bench)
    return found


def select(catalogue: list[BenchInfo], patterns: str | None) -> list[BenchInfo]:
    """Expands a comma-separated list of names or globs, in catalogue order."""
    if not patterns:
        return list(catalogue)
    names = [b.name for b in catalogue]
    wanted: set[str] = set()
    given = [p.strip() for p in patterns.split(",") if p.strip()]
    if not given:
        raise RtbenchError(f"--bench '{patterns}' names no benchmark", "e.g. --bench 'task_switch,sem_*'")
    for pattern in given:
        matched = fnmatch.filter(names, pattern)
        if not matched:
            raise RtbenchError(f"--bench: '{pattern}' matches no benchmark", _unmatched_hint(pattern, names))
        wanted.update(matched)
    return [b for b in catalogue if b.name in wanted]


def _unmatched_hint(pattern: str, names: list[str]) -> str:
    """The names meant: a family's glob for the start of several names ('queue' -> 'queue*'),
    else the closest names."""
    family = [name for name in names if name.startswith(pattern)] if not set("*?[") & set(pattern) else []
    if len(family) > 1:
        return f"did you mean '{pattern}*' ({len(family)} benchmarks)? `rtbench list` shows all {len(names)} benchmarks"
    return unknown_hint(pattern, names, "benchmarks")
