#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Measures the stand-in board's published figures, or checks them exactly: the whole catalogue
of a kernel through the board runner on a stand-in board (QEMU's netduinoplus2 with the
board-stm32f4 drivers, default counts), and `rtbench calibrate` on that run (its twin on
qemu-m4f: the reference cell qemu-m4f-<kernel> measured again).

    python3 scripts/board_reference.py              # measure, then store under docs/reference/boards/
    python3 scripts/board_reference.py --check      # measure, compare with the stored ones, store nothing

Stored: boards/<board>-<kernel>.json.gz (the board run, as the reference cells are stored) and
boards/calibration-<board>-<kernel>.json (the calibration document, its columns naming those two
reference runs). The stand-in is deterministic: --check compares every median, status and sample.
Measure from a clean tree: a published figure names the commit that produced it."""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from rtbench.acquire import stand_in
from rtbench.acquire.session import RunRequest, execute
from rtbench.campaign.calibration import calibrate
from rtbench.errors import RtbenchError
from rtbench.paths import Workspace
from rtbench.reports import published_calibrations
from rtbench.reports import reference_runs as ref
from rtbench.results.store import Store


def _progress(line: str) -> None:
    print(f"board reference: {line}", file=sys.stderr, flush=True)


def measure(board: str, kernel: str, home: Workspace) -> tuple[dict, dict]:
    """The board run's portable document and its calibration, with the columns named by reference run."""
    link = stand_in.start(board)
    try:
        run = execute(RunRequest(target="board", board=board, serial=link.serial, gdb=link.gdb, os=kernel), home,
                      _progress)
    finally:
        link.close()
    with Store(home.store) as store:
        store.save(run)
    _, document = calibrate(run, home, _progress)
    names = (f"boards/{board}-{kernel}", f"{document['columns'][1]['name']}-{kernel}")
    for column, name in zip(document["columns"], names):
        column.update(run_id=None, reference=name)
    return ref.document(run, home.root), ref.without_paths(document, home.root)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="qemu-netduinoplus2", help="a stand-in board file ([stand_in])")
    parser.add_argument("--os", default="freertos")
    parser.add_argument("--check", action="store_true", help="compare with the stored figures, store nothing")
    args = parser.parse_args()
    run_name, calibration_name = f"boards/{args.board}-{args.os}", f"boards/calibration-{args.board}-{args.os}"
    try:
        with tempfile.TemporaryDirectory(prefix="rtbench-board-reference-") as scratch:
            board_doc, calibration = measure(args.board, args.os, Workspace(Path(scratch) / "workspace"))
        if args.check:
            changes = ref.compare(run_name, ref.load(run_name), board_doc)
            stored = published_calibrations.load(calibration_name)
            changes += [f"{calibration_name}: {a['label']}: stored {a['medians']} {a['ratio']}, "
                        f"measured {b['medians']} {b['ratio']}"
                        for a, b in zip(stored["rows"], calibration["rows"]) if a != b]
            if changes:
                print("\n".join(str(change) for change in changes))
                return 1
            print(f"{run_name} and {calibration_name} measured again: every figure is the stored one")
            return 0
        ref.write(run_name, board_doc)
        path = published_calibrations.path_of(calibration_name)
        path.write_text(json.dumps(calibration, indent=1) + "\n", encoding="utf-8")
        print(f"stored {ref.path_of(run_name)} and {path}")
    except RtbenchError as err:
        print(f"board reference: error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
