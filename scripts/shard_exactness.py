#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Which results of a sharded run differ from the unsharded run, and why: the whole catalogue on
a QEMU target, unsharded and with each shard count, compared result by result
(rtbench/analysis/shard_differences.py names each difference's causes).

QEMU counts instructions, so the figures are exact: another machine measures the same.

    python3 scripts/shard_exactness.py [--target qemu-m3] [--os freertos,ucos2,threadx] [--shards 2,3,4]
                                       [--record FILE]
    python3 scripts/shard_exactness.py --show [FILE]   # the recorded figures as Markdown, for the docs

uC/OS-II and ThreadX need their trees (UCOS2_PATH, THREADX_PATH); a kernel without one is left out."""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent)]
from _host_record import HOST, add_options, commit, show_or_measure, today  # noqa: E402 (after the path above)

from rtbench.acquire import sources  # noqa: E402
from rtbench.acquire.platforms import find_kernel  # noqa: E402
from rtbench.acquire.session import RunRequest, execute  # noqa: E402
from rtbench.analysis import shard_differences  # noqa: E402
from rtbench.campaign import shard_runs  # noqa: E402
from rtbench.errors import RtbenchError  # noqa: E402
from rtbench.model import Run  # noqa: E402
from rtbench.paths import Workspace  # noqa: E402
from rtbench.reports.tables import soc_speed as soc_tables  # noqa: E402
from rtbench.results.split import median_split  # noqa: E402
from rtbench.results.stats import median  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
RECORD = HOST / "shard-exactness.json"


def _quiet(_message: str) -> None:
    pass


def _median_text(samples: list[int]) -> str:
    """A median as the docs show one: a split median with both of its values."""
    split = median_split(samples)
    return split.text() if split else str(median(samples))


def _medians_moved(unsharded: Run, sharded: Run, labels: list[str]) -> list[str]:
    mine = {r.label(): r for r in sharded.results}
    moved = []
    for result in unsharded.results:
        other = mine[result.label()]
        if result.label() in labels and result.status == other.status == "ok":
            before, after = _median_text(result.samples()), _median_text(other.samples())
            if before != after:
                moved.append(f"{result.label()} {before} -> {after}")
    return moved


def _kernel(target: str, kernel: str, counts: list[int], workspace: Workspace) -> dict[str, Any]:
    request = RunRequest(target=target, os=kernel)
    unsharded = execute(request, workspace, _quiet)
    figures: dict[str, Any] = {"results": len(unsharded.results), "shards": {}}
    for count in counts:
        sharded = shard_runs.run_sharded(request, shard_runs.plan(request, count), workspace, _quiet)
        found = shard_differences.compare(unsharded, sharded)
        different = [*found.explained, *found.unexplained]
        figures["shards"][str(count)] = {
            "identical": len(found.same), "explained": found.explained, "unexplained": found.unexplained,
            "medians_moved": _medians_moved(unsharded, sharded, different),
            "first_benches": [s["benches"][0] for s in sharded.manifest["shards"]["shards"]]}
        print(f"{kernel} {count} shards: {len(found.same)} of {len(unsharded.results)} identical, "
              f"{len(found.explained)} differ with a cause, {len(found.unexplained)} without", flush=True)
    return figures


def measure(args: argparse.Namespace) -> dict[str, Any]:
    counts = [int(n) for n in args.shards.split(",")]
    kernels: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="rtb-shard-exactness-") as scratch:
        workspace = Workspace(Path(scratch))
        for kernel in args.os.split(","):
            try:
                sources.locate(find_kernel(kernel))
            except RtbenchError as err:
                print(f"{kernel} left out: {err}", file=sys.stderr)
                continue
            kernels[kernel] = _kernel(args.target, kernel, counts, workspace)
    return {"date": today(), "rtbench": commit(), "target": args.target, "kernels": kernels}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", default="qemu-m3")
    parser.add_argument("--os", default="freertos,ucos2,threadx")
    parser.add_argument("--shards", default="2,3,4")
    add_options(parser, RECORD, "also write the figures as JSON")
    args = parser.parse_args()
    show_or_measure(args, soc_tables.shard_exactness, lambda: measure(args))


if __name__ == "__main__":
    main()
