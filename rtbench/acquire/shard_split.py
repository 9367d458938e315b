# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""How `rtbench run --shards N` splits a selection of benchmarks: into N runs of consecutive
benchmarks in catalogue order, cut where the largest run's estimated cost is smallest.

The estimate of a benchmark's cost is data (rtbench/data/shard_costs.toml: the soft-core's
simulated cycles, less those its model skips as idle, at `rtbench run`'s defaults), scaled to
the run's sample counts. It is fixed, not measured on this machine: the same request always
gives the same shards, so a sharded run is as repeatable as an unsharded one (which samples can
differ from an unsharded run depends on where a benchmark's shard starts; docs/guides/speed.md).
Consecutive shards keep each benchmark after the same neighbours as in the unsharded run,
except at the cuts."""
from __future__ import annotations

import statistics
import tomllib
from dataclasses import dataclass
from functools import cache

from ..errors import RtbenchError
from ..paths import PACKAGE_DIR
from . import runners
from .catalogue import BenchInfo
from .platforms import Target

COSTS_FILE = PACKAGE_DIR / "data" / "shard_costs.toml"
# The sample counts the recorded costs were measured with (rtbench run's defaults).
RECORDED_ITERATIONS = 1000
RECORDED_WARMUP = 100
# Runners whose images cannot run side by side: a host target measures this machine, whose
# benchmarks must run alone, and a board is one board.
ALONE_RUNNERS = (*runners.HOST_RUNNERS, "board")


@dataclass(frozen=True)
class Shard:
    """One part of a sharded run: its place (1-based) and its benchmarks, in catalogue order."""

    index: int
    count: int
    benches: tuple[str, ...]
    cost: float  # the estimate it was balanced by, in recorded cycles

    @property
    def name(self) -> str:
        return f"shard {self.index}/{self.count}"


@cache
def recorded_costs() -> dict[str, float]:
    """benchmark -> its recorded cost (rtbench/data/shard_costs.toml)."""
    try:
        data = tomllib.loads(COSTS_FILE.read_text(encoding="utf-8"))
        costs = {str(name): float(value) for name, value in data["costs"].items()}
    except (OSError, KeyError, ValueError, TypeError, tomllib.TOMLDecodeError) as err:
        raise RtbenchError(f"the benchmark cost estimates {COSTS_FILE} cannot be read: {err}",
                           "reinstall rtbench (the file is part of the package)") from None
    if not costs or any(value < 0 for value in costs.values()):
        raise RtbenchError(f"the benchmark cost estimates {COSTS_FILE} are empty or negative",
                           "reinstall rtbench (the file is part of the package)")
    return costs


def _whole(options: dict[str, str], key: str | None, fallback: int) -> int:
    text = options.get(key, "") if key else ""
    return int(text) if text.isdigit() else fallback


def estimated_cost(bench: BenchInfo, iterations: int, warmup: int, options: dict[str, str]) -> float:
    """The recorded cost scaled to this run's samples: by the iterations (or the benchmark's own
    count option), and to one value when an option replaces its sweep. A benchmark the record
    does not know yet costs as much as the median one; a host-side one (footprint) nothing."""
    if bench.host:
        return 0.0
    costs = recorded_costs()
    cost = costs.get(bench.name, statistics.median(costs.values()))
    if bench.count is not None:
        recorded = bench.count
        asked = _whole(options, bench.count_key, bench.count) * _whole(options, bench.count_per_key, 1)
        cost *= asked / max(1, recorded)
    else:
        cost *= (iterations + warmup) / (RECORDED_ITERATIONS + RECORDED_WARMUP)
    if bench.param and bench.values and bench.param in options:
        cost /= len(bench.values)
    return cost


def check_shardable(target: Target, shards: int) -> None:
    """--shards N: a whole number from 1, on a target whose images may run side by side."""
    if shards < 1:
        raise RtbenchError(f"--shards {shards}: give 1 (no sharding) or more")
    if shards > 1 and target.runner in ALONE_RUNNERS:
        what = "a board runs one image at a time" if target.runner == "board" else \
            f"{target.name} measures this machine, and its benchmarks must run alone (a neighbour would bias them)"
        raise RtbenchError(f"--shards {shards} runs parts of the catalogue side by side, but {what}",
                           "drop --shards (or give --shards 1)")


def _cuts(costs: list[float], parts: int) -> list[int]:
    """Where to cut `costs` into `parts` non-empty consecutive runs so that the largest sum is the
    smallest possible (the first such cut from the left when several are): each run's start."""
    n = len(costs)
    prefix = [0.0]
    for value in costs:
        prefix.append(prefix[-1] + value)
    inf = float("inf")
    # best[k][i]: the smallest largest sum splitting costs[:i] into k runs; start[k][i]: the last run's start.
    best = [[inf] * (n + 1) for _ in range(parts + 1)]
    start = [[0] * (n + 1) for _ in range(parts + 1)]
    best[0][0] = 0.0
    for k in range(1, parts + 1):
        for i in range(k, n + 1):
            for j in range(k - 1, i):
                value = max(best[k - 1][j], prefix[i] - prefix[j])
                if value < best[k][i]:
                    best[k][i], start[k][i] = value, j
    starts, i = [], n
    for k in range(parts, 0, -1):
        i = start[k][i]
        starts.append(i)
    return starts[::-1]


def split(selected: list[BenchInfo], shards: int, iterations: int, warmup: int,
          options: dict[str, str]) -> list[Shard]:
    """The selection in `shards` consecutive parts (fewer when it has fewer benchmarks), balanced
    by estimated cost."""
    parts = max(1, min(shards, len(selected)))
    costs = [estimated_cost(b, iterations, warmup, options) for b in selected]
    starts = [*_cuts(costs, parts), len(selected)]
    return [Shard(index=k + 1, count=parts, benches=tuple(b.name for b in selected[starts[k]:starts[k + 1]]),
                  cost=sum(costs[starts[k]:starts[k + 1]]))
            for k in range(parts)]
