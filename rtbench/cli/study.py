# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench study ID`: a published study (rtbench/studies/ID/study.toml) beside rtbench's stored
reference runs: its tables as its page shows them and its figures (--html draws them), --run
(beside runs of one's own instead), --check (the stored runs' figures are the ones their samples
give, and every table renders; nothing is measured) or --measure (its reference cells measured
again through the reference campaign and stored; with --campaign, a campaign of the study's
measured into the workspace and the study set beside its runs)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..analysis import studies
from ..errors import RtbenchError
from . import study_runs
from .arguments import plotly_argument, plotly_mode


def add_study(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cmd = sub.add_parser("study", help="a published study's tables from its stored reference runs",
                         description=__doc__.split("\n\n")[0].split(": ", 1)[1].replace("\n", " "))
    cmd.add_argument("study_id", metavar="STUDY", help="the study's id (rtbench/studies/STUDY/)")
    mode = cmd.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true",
                      help="check the stored reference runs' figures and re-render the tables; measure nothing")
    mode.add_argument("--measure", action="store_true",
                      help="measure the study's reference cells again and store them (slow); with --campaign, "
                           "one of the study's campaigns into the workspace")
    mode.add_argument("--run", nargs="?", const="latest", metavar="RUN[,RUN...]",
                      help="the study beside these runs (stored ids or run files) instead of its reference runs; "
                           "alone: the latest stored run of each kernel on the study's target(s)")
    cmd.add_argument("--target", help="with --run alone: whose latest runs (default: the targets of the study's "
                                      "reference runs)")
    cmd.add_argument("--campaign", metavar="NAME",
                     help="with --measure: run this campaign of the study's (its study.toml's campaigns), store "
                          "the runs in the workspace and set the study beside them")
    cmd.add_argument("--dry-run", action="store_true", help="with --measure: list the cells, measure nothing")
    cmd.add_argument("--view", metavar="SHAPE",
                     help="only this view or figure of the study (a shape its study.toml names, e.g. cache_gain "
                          "or clock_sweep)")
    cmd.add_argument("--html", type=Path, metavar="PAGE",
                     help="also draw the study's figures (its [[figure]] tables) on an HTML page")
    plotly_argument(cmd)
    cmd.add_argument("--runs", type=Path, metavar="DIR",
                     help="the stored reference runs (default: the checkout's docs/reference/)")
    cmd.add_argument("--workers", type=int, help="with --measure: Dask workers (default: one per CPU)")
    cmd.set_defaults(func=cmd_study)


def _refuse_misplaced(study: studies.Study, args: argparse.Namespace) -> None:
    """Options that belong with another mode, refused before anything is read or measured."""
    if args.dry_run and not args.measure:
        raise RtbenchError("--dry-run lists what --measure would measure", f"rtbench study {study.id} --measure "
                           "--dry-run")
    if args.campaign and not args.measure:
        raise RtbenchError("--campaign names what --measure runs",
                           f"rtbench study {study.id} --measure --campaign {args.campaign}")
    if args.target and args.run != "latest":
        raise RtbenchError("--target says whose latest runs --run takes when it names none",
                           f"rtbench study {study.id} --run --target {args.target}")
    if args.html is not None and not study.figures:
        raise RtbenchError(f"study '{study.id}' has no figure to draw: --html draws a study's [[figure]] tables",
                           "leave out --html (its tables print as text)")
    shapes = study_runs.chosen_shapes(study, args.view)
    if args.html is not None and shapes is not None and not any(f.get("shape") in shapes for f in study.figures):
        raise RtbenchError(f"--view {args.view} is no figure: --html draws a study's [[figure]] tables",
                           "leave out --view, or name a figure's shape")


def cmd_study(args: argparse.Namespace) -> int:
    from ..reports import published_studies

    study = studies.get(args.study_id)
    _refuse_misplaced(study, args)
    plotly = plotly_mode(args, args.html)
    if args.measure and args.campaign:
        return study_runs.measure_campaign(study, args, plotly)
    if args.measure:
        return _measure(study, args)
    if args.check:
        return _check(study, args.runs)
    shapes = study_runs.chosen_shapes(study, args.view)
    if args.run is not None:
        runs, names = study_runs.given_runs(study, args)
        tables = published_studies.beside_text(study.id, runs, names, shapes)
        if tables:
            print(tables.rstrip("\n"))
        study_runs.show_figures(study, args, plotly, shapes, runs, names, first=not tables)
        return 0
    with_tables = shapes is None or any(ref.get("shape") in shapes for ref in study.references)
    if with_tables:
        print(published_studies.block(study.id, runs=args.runs, shapes=shapes), end="")
    study_runs.show_figures(study, args, plotly, shapes, first=not with_tables)
    if shapes is None:  # the whole study: its own figures too
        print("\nThe study's figures as published:\n")
        print(published_studies.published_block(study.id), end="")
    return 0


def _check(study: studies.Study, runs: Path | None) -> int:
    from ..analysis import study_figures
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
    for figure in study_figures.figures(study):  # and every figure
        study_figures.draw(figure, run_from_document(ref.load(figure.run, runs)), figure.run)
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
