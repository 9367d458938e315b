# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench study ID`: a published study (rtbench/studies/ID/study.toml) beside rtbench's stored
reference runs: its tables as its page shows them, --check (the stored runs' figures are the ones
their samples give, and every table renders; nothing is measured) or --measure (its reference
cells measured again through the reference campaign and stored)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..analysis import studies
from ..errors import RtbenchError


def add_study(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cmd = sub.add_parser("study", help="a published study's tables from its stored reference runs",
                         description=__doc__.split("\n\n")[0].split(": ", 1)[1].replace("\n", " "))
    cmd.add_argument("study_id", metavar="STUDY", help="the study's id (rtbench/studies/STUDY/)")
    mode = cmd.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true",
                      help="check the stored reference runs' figures and re-render the tables; measure nothing")
    mode.add_argument("--measure", action="store_true",
                      help="measure the study's reference cells again and store them (slow)")
    cmd.add_argument("--dry-run", action="store_true", help="with --measure: list the cells, measure nothing")
    cmd.add_argument("--runs", type=Path, metavar="DIR",
                     help="the stored reference runs (default: the checkout's docs/reference/)")
    cmd.add_argument("--workers", type=int, help="with --measure: Dask workers (default: one per CPU)")
    cmd.set_defaults(func=cmd_study)


def cmd_study(args: argparse.Namespace) -> int:
    from ..reports import published_studies

    study = studies.get(args.study_id)
    if args.dry_run and not args.measure:
        raise RtbenchError("--dry-run lists what --measure would measure", f"rtbench study {study.id} --measure "
                           "--dry-run")
    if args.measure:
        return _measure(study, args)
    if args.check:
        return _check(study, args.runs)
    print(published_studies.block(study.id, runs=args.runs), end="")
    print("\nThe study's figures as published:\n")
    print(published_studies.published_block(study.id), end="")
    return 0


def _check(study: studies.Study, runs: Path | None) -> int:
    from ..campaign import reference_cells
    from ..reports import published_studies
    from ..reports import reference_runs as ref
    from ..reports.report import run_to_json
    from ..results.runsource import run_from_document

    known = set(reference_cells.cell_names())
    changes: list[ref.Change] = []
    for cell in study.cells():
        if cell not in known:
            matrix_name = reference_cells.matrix_path().name
            raise RtbenchError(f"study '{study.id}' names '{cell}', which is no cell of {matrix_name}",
                               f"add it to the reference campaign or fix {study.folder / 'study.toml'}")
        stored = ref.load(cell, runs)
        changes += ref.compare(cell, stored, ref.portable(run_to_json(run_from_document(stored))))
    published_studies.block(study.id, runs=runs)  # every table still renders from them
    if changes:
        print(ref.report(changes))
        return 1
    print(f"{study.id}: {len(study.cells())} stored reference run(s): every median, status and sample is the one "
          "its samples give, and every table renders")
    return 0


def _measure(study: studies.Study, args: argparse.Namespace) -> int:
    from ..campaign import reference_cells
    from ..campaign.reference_cells import cell_name
    from ..reports import reference_runs as ref

    cells = study.cells()
    if not cells:
        raise RtbenchError(f"study '{study.id}' names no reference runs",
                           f"add [[reference]] tables to {study.folder / 'study.toml'}")
    known = set(reference_cells.cell_names(cells))
    missing = [cell for cell in cells if cell not in known]
    if missing:
        matrix_name = reference_cells.matrix_path().name
        raise RtbenchError(f"study '{study.id}' names {', '.join(missing)}, no cell of {matrix_name}",
                           f"add it to the reference campaign or fix {study.folder / 'study.toml'}")
    if args.dry_run:
        # Checked as measuring checks them: a missing kernel tree is an error.
        _, planned = reference_cells.planned(cells)
        for cell in planned:
            request = cell.request
            print(f"{cell_name(cell.axes):<44} {request.target} {request.os or ''} {request.profile}")
        return 0
    measured = reference_cells.measure(cells, ref.document, workers=args.workers, seconds=ref.stored_seconds,
                                       progress=lambda line: print(f"study: {line}", file=sys.stderr, flush=True))
    for name, doc in sorted(measured.items()):
        path = ref.write(name, doc, args.runs)
        print(f"{path}: {len(doc['results'])} results")
    return 0
