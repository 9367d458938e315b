#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Measures the reference runs (campaigns/reference.toml) and stores them as
docs/reference/<cell>.json.gz, or checks the stored ones exactly.

    python3 scripts/reference_runs.py                       # every cell: measure, then store
    python3 scripts/reference_runs.py --cells 'qemu-m3-*'   # only these cells
    python3 scripts/reference_runs.py --check               # every cell: measure, compare, store nothing
    python3 scripts/reference_runs.py --list                # the cells and the stored runs' sizes
    python3 scripts/reference_runs.py --study ugurel2012 --check   # one study's runs (its study.toml)

uC/OS-II and ThreadX need their trees (UCOS2_PATH, THREADX_PATH). Each invocation measures in a
fresh temporary workspace (or --home), on a local Dask cluster (--workers; see
rtbench/campaign/reference_cells.py). The stored copy has no machine paths (see
rtbench/reports/reference_runs.py). --check prints every changed figure (cell, result, stored
median or status, measured) and exits 1 when any changed: the check for every cell, the slow
ones included, that tests/integration/test_reference_exact.py runs for the qemu-m3 cells."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import _checkout  # noqa: F401  (rtbench from this checkout)

from rtbench.analysis import studies
from rtbench.campaign import reference_cells
from rtbench.errors import RtbenchError
from rtbench.reports import reference_runs as ref


def _progress(line: str) -> None:
    print(f"reference: {line}", file=sys.stderr, flush=True)


def _study_cells(ids: list[str]) -> list[str]:
    """The reference cells a study's page is rendered from."""
    return list(dict.fromkeys(cell for study in ids for cell in studies.get(study).cells()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cells", action="append", metavar="GLOB",
                        help="cells to measure, by name or glob (repeatable; default: every cell)")
    parser.add_argument("--study", action="append", metavar="ID",
                        help="the cells behind a study's page (rtbench/studies/ID/study.toml; repeatable)")
    parser.add_argument("--check", action="store_true", help="compare with the stored runs, store nothing")
    parser.add_argument("--list", action="store_true", help="list the cells and the stored runs; measure nothing")
    parser.add_argument("--workers", type=int, help="Dask workers (default: one per CPU)")
    parser.add_argument("--home", type=Path, help="the workspace to build and run in (default: a temporary one)")
    parser.add_argument("--out", type=Path, help="where to store the runs (default: docs/reference/)")
    args = parser.parse_args(argv)
    try:
        patterns = (args.cells or []) + _study_cells(args.study or [])
        patterns = patterns or ["*"]
        if args.list:
            for name in reference_cells.cell_names(patterns):
                path = ref.path_of(name, args.out)
                size = f"{path.stat().st_size:>9} bytes" if path.is_file() else "  not stored"
                print(f"{name:<40} {size}")
            return 0
        started = time.monotonic()
        measured = reference_cells.measure(patterns, ref.document, workspace=args.home, workers=args.workers,
                                           progress=_progress, seconds=ref.stored_seconds)
        seconds = time.monotonic() - started
        if args.check:
            changes = []
            for name, doc in measured.items():
                changes += ref.compare(name, ref.load(name, args.out), doc)
            if changes:
                print(ref.report(changes))
                return 1
            print(f"{len(measured)} reference run(s) measured again in {seconds:.0f} s: every median, status "
                  "and sample is the stored one")
            return 0
        for name, doc in sorted(measured.items()):
            path = ref.write(name, doc, args.out)
            print(f"{path}: {path.stat().st_size} bytes ({len(doc['results'])} results)")
        print(f"{len(measured)} reference run(s) measured in {seconds:.0f} s")
        return 0
    except RtbenchError as err:
        print(f"reference_runs: error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
