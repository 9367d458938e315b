# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""How `--shards N` splits a selection (consecutive, balanced, the same every time), which
targets refuse it, how a shard without a run is merged, and the campaign's `shards` setting.
Running shards for real: tests/integration/test_shards.py."""
from __future__ import annotations

import itertools
import random
import subprocess
import sys
import time
from collections import deque
from pathlib import Path

import pytest

from rtbench.acquire import catalogue, shard_split
from rtbench.acquire.platforms import find_target
from rtbench.acquire.shard_merge import ShardOutcome, merge
from rtbench.acquire.shard_split import Shard
from rtbench.campaign import cells as campaign_cells
from rtbench.campaign import matrix as campaign_matrix
from rtbench.campaign import settings as campaign_settings
from rtbench.campaign import shard_runs
from rtbench.errors import RtbenchError
from rtbench.model import Result, Run, Scale

EVERYTHING = catalogue.scan()


def _largest(costs: list[float], starts: list[int]) -> float:
    bounds = [*starts, len(costs)]
    return max(sum(costs[bounds[k]:bounds[k + 1]]) for k in range(len(starts)))


@pytest.mark.parametrize("seed", range(20))
def test_cuts_give_the_smallest_largest_shard(seed: int) -> None:
    """Against every way of cutting a short list (random costs, some zero like footprint's)."""
    rng = random.Random(seed)
    costs = [float(rng.choice([0, rng.randint(1, 100)])) for _ in range(rng.randint(1, 9))]
    parts = rng.randint(1, len(costs))
    starts = shard_split._cuts(costs, parts)
    assert starts[0] == 0 and starts == sorted(set(starts)) and len(starts) == parts
    best = min(_largest(costs, [0, *cut]) for cut in itertools.combinations(range(1, len(costs)), parts - 1))
    assert _largest(costs, starts) == best


def test_whole_catalogue_in_four_keeps_catalogue_order_and_balances() -> None:
    shards = shard_split.split(EVERYTHING, 4, 1000, 100, {})
    assert [s.index for s in shards] == [1, 2, 3, 4] and {s.count for s in shards} == {4}
    assert [name for s in shards for name in s.benches] == [b.name for b in EVERYTHING]
    total = sum(s.cost for s in shards)
    # No cut of consecutive benchmarks does better than the largest single benchmarks allow:
    # mutex_contention alone is 13 % of the catalogue's cycles.
    assert max(s.cost for s in shards) < 0.3 * total
    assert shard_split.split(EVERYTHING, 4, 1000, 100, {}) == shards  # the same request, the same shards


def test_more_shards_than_benchmarks_gives_one_each() -> None:
    chosen = catalogue.select(EVERYTHING, "task_switch,sem_take")
    shards = shard_split.split(chosen, 8, 1000, 100, {})
    assert [s.benches for s in shards] == [("task_switch",), ("sem_take",)] and shards[0].count == 2


def test_cost_follows_the_samples_asked_for() -> None:
    switch, tick = (next(b for b in EVERYTHING if b.name == name) for name in ("task_switch", "tick_cost"))
    full = shard_split.estimated_cost(switch, 1000, 100, {})
    assert shard_split.estimated_cost(switch, 450, 100, {}) == pytest.approx(full / 2)
    assert tick.count is not None and tick.count_key == "ticks"
    own = shard_split.estimated_cost(tick, 1000, 100, {})
    assert shard_split.estimated_cost(tick, 10, 0, {}) == own  # its own count, not --iterations
    assert shard_split.estimated_cost(tick, 1000, 100, {"ticks": str(tick.count * 2)}) == pytest.approx(2 * own)
    # An option named like the swept parameter runs one value of the sweep.
    assert shard_split.estimated_cost(tick, 1000, 100, {"tasks": "5"}) == pytest.approx(own / len(tick.values))
    footprint = next(b for b in EVERYTHING if b.host)
    assert shard_split.estimated_cost(footprint, 1000, 100, {}) == 0.0


def test_every_catalogue_benchmark_has_a_recorded_cost() -> None:
    """A new benchmark would be balanced as a median one until scripts/soc_cycles.py records it."""
    missing = [b.name for b in EVERYTHING if not b.host and b.name not in shard_split.recorded_costs()]
    assert missing == []


@pytest.mark.parametrize(("target", "why"), [("linux", "measures this machine"), ("qemu-m3", None)])
def test_host_targets_refuse_shards(target: str, why: str | None) -> None:
    if why is None:
        shard_split.check_shardable(find_target(target), 4)
        return
    with pytest.raises(RtbenchError, match=why):
        shard_split.check_shardable(find_target(target), 2)
    shard_split.check_shardable(find_target(target), 1)  # one shard is an ordinary run


def test_zero_shards_is_refused() -> None:
    with pytest.raises(RtbenchError, match="give 1"):
        shard_split.check_shardable(find_target("qemu-m3"), 0)


def _run(names: list[str], **manifest: object) -> Run:
    results = [Result(bench=n, params={}, unit="instructions", status="ok", raw_samples=[5, 6], iterations=2,
                      scale=Scale("instructions")) for n in names]
    base = {"unit": "instructions", "image": {"sha256": "aa", "defines": []}, "run": {"benches": names},
            "stream_errors": [], "warnings": []}
    return Run(manifest={**base, **manifest}, results=results)


def test_a_shard_without_a_run_becomes_errors_with_its_cause() -> None:
    chosen = catalogue.select(EVERYTHING, "task_switch,sem_take,queue_send")
    first, second = Shard(1, 2, ("task_switch",), 1.0), Shard(2, 2, ("sem_take", "queue_send"), 1.0)
    run = merge([ShardOutcome(first, _run(["task_switch"])),
                 ShardOutcome(second, None, "its process ended with status -9 without a result:\nlast line")],
                chosen, "raw", [], "cpu_variant")
    assert [(r.bench, r.status) for r in run.results] == [("task_switch", "ok"), ("sem_take", "error"),
                                                         ("queue_send", "error")]
    assert run.results[1].reason == "not run: shard 2/2 failed: its process ended with status -9 without a result"
    assert run.results[1].unit == "instructions"
    records = run.manifest["shards"]["shards"]
    assert [r["status"] for r in records] == ["ok", "error"] and "status -9" in records[1]["error"]
    assert run.manifest["run"]["benches"] == ["task_switch", "sem_take", "queue_send"]
    assert run.manifest["stream_errors"][0].startswith("shard 2/2: its process ended")


def test_shards_that_ran_different_images_are_said_to() -> None:
    chosen = catalogue.select(EVERYTHING, "task_switch,sem_take")
    other = _run(["sem_take"], image={"sha256": "bb", "defines": []})
    run = merge([ShardOutcome(Shard(1, 2, ("task_switch",), 1.0), _run(["task_switch"])),
                 ShardOutcome(Shard(2, 2, ("sem_take",), 1.0), other)], chosen, "raw", [], "cpu_variant")
    assert any("different plain images" in w for w in run.manifest["warnings"])


def test_no_shard_with_a_run_is_an_error() -> None:
    chosen = catalogue.select(EVERYTHING, "task_switch")
    with pytest.raises(RtbenchError, match="no shard produced a run: shard 1/1: could not build"):
        merge([ShardOutcome(Shard(1, 1, ("task_switch",), 1.0), None, "could not build")], chosen, "raw", [], "v")


def _cells(tmp_path: Path, settings: str) -> list[campaign_cells.Cell]:
    path = tmp_path / "m.toml"
    path.write_text(f'[campaign]\nname = "m"\n\n[settings]\n{settings}\n')
    return campaign_cells.expand(campaign_matrix.read(path))


def test_a_sharded_cell_has_its_shards_and_another_identity(tmp_path: Path) -> None:
    sharded = _cells(tmp_path, 'target = "qemu-m3"\nbench = "task_switch,sem_*"\nshards = 2')
    plain = _cells(tmp_path, 'target = "qemu-m3"\nbench = "task_switch,sem_*"')
    assert len(sharded[0].shards) == 2 and plain[0].shards == ()
    assert sharded[0].identity["shards"] == 2 and "shards" not in plain[0].identity
    assert sharded[0].key != plain[0].key


def test_a_sharded_linux_cell_is_refused_with_its_line(tmp_path: Path) -> None:
    with pytest.raises(RtbenchError, match="cell the single cell: --shards 2 runs parts"):
        _cells(tmp_path, 'target = "linux"\nshards = 2')


@pytest.mark.parametrize("value", [0, -1, "2", 1.5, True])
def test_shards_setting_is_a_whole_number_from_one(value: object) -> None:
    with pytest.raises(RtbenchError, match="shards"):
        campaign_settings.normalise("shards", value)


def test_each_shard_is_timed_to_its_own_end(tmp_path: Path) -> None:
    """A shard's wall seconds end when its process does, not when the slowest shard's does."""
    children = []
    for index, seconds in ((1, 0.1), (2, 1.5)):
        proc = subprocess.Popen([sys.executable, "-c", f"import time; time.sleep({seconds})"])
        now = time.monotonic()
        children.append(shard_runs._Child(Shard(index, 2, (f"b{index}",), 1.0), proc, tmp_path / f"{index}.json",
                                          now, now + 60, deque()))
    shard_runs._wait(children)
    quick, slow = (shard_runs._outcome(child) for child in children)
    assert quick.seconds < 1.0 <= slow.seconds
