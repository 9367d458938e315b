# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Campaign cells with `shards = N`: each shard of a cell is a job of its own on the Dask cluster
(the cell's request with the shard's benchmarks as its selection), and the cell is stored once,
as the shards' runs merged (acquire/shard_merge.py), when the last of them comes back."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..acquire import platforms, session
from ..acquire.shard_merge import ShardOutcome, merge
from ..acquire.shard_split import Shard
from ..errors import RtbenchError
from .cells import Cell
from .job import Job, Outcome
from .shard_runs import shard_request


@dataclass(frozen=True)
class Unit:
    """What one Dask task runs: a whole cell, or one shard of a sharded cell."""

    cell: Cell
    shard: Shard | None
    key: str


def units(cells: list[Cell]) -> list[Unit]:
    return [Unit(cell, shard, f"{cell.key}-shard{shard.index}") for cell in cells for shard in cell.shards] + \
        [Unit(cell, None, cell.key) for cell in cells if not cell.shards]


def unit_job(unit: Unit, make_job: Callable[[Cell, str | None], Job], workspace: str | None) -> Job:
    job = make_job(unit.cell, workspace)
    if unit.shard is None:
        return job
    return Job(campaign=job.campaign, key=unit.key, title=f"{job.title} ({unit.shard.name})",
               request=shard_request(unit.cell.request, unit.shard), fingerprint=job.fingerprint,
               workspace=job.workspace)


def merged_outcome(cell: Cell, outcomes: list[ShardOutcome]) -> Outcome:
    """The cell's outcome: its shards' runs as one run (or why there is none)."""
    hosts = "; ".join(dict.fromkeys(o.host for o in outcomes))
    seconds = max(o.seconds for o in outcomes)
    try:
        plan = session.prepare(cell.request)
        run = merge(outcomes, plan.selected, str(plan.target.spec.get("unit", "raw")), plan.variants,
                    platforms.variant_option(plan.target))
    except RtbenchError as err:
        return Outcome(cell.key, None, str(err), hosts, seconds)
    return Outcome(cell.key, run, None, hosts, seconds)


@dataclass
class Gathering:
    """The shards of sharded cells as they come back; a cell's outcome once all have."""

    arrived: dict[str, dict[int, ShardOutcome]] = field(default_factory=dict)

    def add(self, unit: Unit, outcome: Outcome) -> Outcome | None:
        """The cell's outcome when `unit` was its last shard (or a whole cell), else None."""
        if unit.shard is None:
            return outcome
        mine = self.arrived.setdefault(unit.cell.key, {})
        mine[unit.shard.index] = ShardOutcome(unit.shard, outcome.run, outcome.error, outcome.host, outcome.seconds)
        if len(mine) < len(unit.cell.shards):
            return None
        del self.arrived[unit.cell.key]
        return merged_outcome(unit.cell, [mine[s.index] for s in unit.cell.shards])
