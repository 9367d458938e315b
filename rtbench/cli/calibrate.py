# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench calibrate`: a board run against the same benchmarks on its core's emulator."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..errors import RtbenchError
from ..results import calibration, tables
from ..results.runsource import load_run
from ..results.store import Store
from .arguments import workspace
from .output import check_output_file, progress


def cmd_calibrate(args: argparse.Namespace) -> int:
    from ..campaign.calibration import calibrate  # builds and runs only when a calibration is made

    home = workspace(args)
    if args.json and args.json != "-":
        check_output_file(Path(args.json), "--json")
    if args.show is not None or not args.run:
        with Store(home.store, read_only=True) as store:
            calibration_id, document = store.load_calibration(None if args.show in (None, "last") else
                                                              _id(args.show))
    else:
        board_run = load_run(args.run, home.store)
        emulator_run = load_run(args.emulator_run, home.store) if args.emulator_run else None
        calibration_id, document = calibrate(board_run, home, progress, emulator_run)
        progress(f"stored as calibration {calibration_id} in {home.store}")
    text = json.dumps(document, indent=1, allow_nan=False) + "\n"
    if args.json == "-":
        sys.stdout.write(text)
        return 0
    if args.json:
        try:
            Path(args.json).write_text(text)
        except OSError as err:
            raise RtbenchError(f"cannot write {args.json}: {err.strerror or err}") from None
        progress(f"wrote {args.json}")
    print(f"calibration {calibration_id}: " + calibration.summary_text(document))
    print(tables.render(calibration.table(document), args.format or "table").rstrip("\n"))
    return 0


def _id(text: str) -> int:
    if not text.isdigit():
        raise RtbenchError(f"--show {text!r} is not a calibration id", "e.g. --show 3, or --show for the last one")
    return int(text)


def add_calibrate(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cal = sub.add_parser("calibrate", help="a board run against the same benchmarks on its core's emulator: "
                                           "cycles per instruction, per benchmark")
    cal.add_argument("run", nargs="?", metavar="RUN",
                     help="the board run (id, 'last' or a JSON file): its kernel, code and benchmarks run again on "
                          "the emulator of its core")
    cal.add_argument("--emulator-run", metavar="RUN",
                     help="an emulator run of the same kernel and benchmarks to calibrate against, instead of "
                          "running one")
    cal.add_argument("--show", nargs="?", const="last", metavar="ID",
                     help="print a stored calibration (default: the last one) instead of making one")
    cal.add_argument("--format", choices=tables.FORMATS, help="how to print the table (default: aligned text)")
    cal.add_argument("--json", nargs="?", const="-", metavar="FILE",
                     help="the calibration's document (rtbench-calibration/1) to FILE, or printed without FILE")
    cal.set_defaults(func=cmd_calibrate)
