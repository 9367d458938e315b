# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench campaign MATRIX.toml`: expand a matrix into cells, run those not stored yet on Dask,
store each with the campaign's record, print the cells."""
from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from .. import files
from ..acquire import interrupts
from ..acquire.build_once import exclusive
from ..errors import RtbenchError
from ..model import Run
from ..paths import Workspace
from ..results import tables
from ..results.store import Store, StoreError
from ..results.tables import Column, Table, as_text, cell
from .arguments import plotly_mode, workspace
from .output import check_output_file, progress, rescue_json
from .run import _check_workspace, _signal_exit

if TYPE_CHECKING:  # the campaign layer (Dask) loads only when a campaign runs
    from ..campaign.cells import Cell
    from ..campaign.execution import Summary
    from ..campaign.matrix import Matrix


def _saver(store: Store, home: Workspace) -> Callable[[Run], int | None]:
    def save(run: Run) -> int | None:
        """Stores the run; a store that cannot take it (a full disk) leaves a JSON file instead."""
        try:
            return store.save(run)
        except (StoreError, sqlite3.Error, OSError) as err:
            rescue = rescue_json(run, home)
            progress(f"error: a cell could not be stored: {err}"
                     + (f"; its run was kept in {rescue}" if rescue else ""))
            return None

    return save


Row = tuple[dict[str, str], int, str, int | None, str, str]


def _cells_table(axes: list[str], rows: list[Row], repeats: int, last: str = "where") -> Table:
    """The cells and what became of them; for --list (last="key") without the time column."""
    timed = last != "key"
    columns = [Column(axis, axis) for axis in axes]
    if repeats > 1:
        columns.append(Column("repeat", "repeat", "number"))
    columns += [Column("status", "status"), Column("run", "run", "number")]
    columns += [Column("time", "time", "number")] if timed else []
    columns.append(Column(last, last))
    table = Table(columns, empty="no cells")
    for labels, repeat, status, run_id, seconds, where in rows:
        cells = [cell(labels.get(axis)) for axis in axes] + ([cell(repeat)] if repeats > 1 else [])
        cells += [cell(status), cell(run_id)] + ([cell(seconds)] if timed else []) + [cell(where)]
        table.add(cells, classes=("bad",) if status not in ("ok", "stored", "to run") else ())
    return table


def campaign_lock(home: Workspace, name: str) -> Path:
    return home.root / "locks" / f"campaign-{name}.lock"


def _already_running(name: str, home: Workspace) -> None:
    raise RtbenchError(f"the campaign '{name}' is already running in the workspace {home.root}",
                       "wait for it to finish (it stores each cell as it comes), then run the same command to "
                       "resume what is left; or give another --home")


def cmd_campaign(args: argparse.Namespace) -> int:
    from ..campaign import cells as campaign_cells
    from ..campaign import execution, matrix, stored

    if args.scheduler and args.workers is not None:
        raise RtbenchError("--workers sizes the local cluster: it does not apply with --scheduler",
                           "the cluster's own workers run the cells")
    execution.check_workers(args.workers)
    execution.check_scheduler(args.scheduler)
    plan = matrix.read(args.matrix)
    cells = campaign_cells.expand(plan)
    home = workspace(args)
    axes = [axis.name for axis in plan.axes]
    if args.list:
        done: dict[str, int] = {}
        if home.store.exists():
            with Store(home.store, read_only=True) as store:
                done = stored.done_keys(stored.stored_cells(store, plan.name))
        rows = [(c.axes, c.repeat, "stored" if c.key in done else "to run", done.get(c.key), "", c.key)
                for c in cells]
        print(f"campaign {plan.name}: {len(cells)} cell(s), {sum(c.key in done for c in cells)} stored")
        print(as_text.render(_cells_table(axes, rows, plan.repeats, last="key")))
        return 0
    done, summary = execute(plan, cells, home, scheduler=args.scheduler, workers=args.workers)
    return print_outcome(plan, cells, done, summary)


def execute(plan: Matrix, cells: list[Cell], home: Workspace, *, scheduler: str | None,
            workers: int | None) -> tuple[dict[str, int], Summary]:
    """Runs the cells not stored yet and stores each as it comes; the cells stored before
    (key: run id) and what became of the others."""
    from ..campaign import execution, stored

    _check_workspace(home)
    # One invocation per campaign and workspace: a second would run every cell the first has not
    # stored yet again, beside it.
    with exclusive(campaign_lock(home, plan.name), lambda: _already_running(plan.name, home)), \
            Store(home.store) as store:
        done = stored.done_keys(stored.stored_cells(store, plan.name))
        todo = [c for c in cells if c.key not in done]
        progress(f"campaign {plan.name}: {len(cells)} cell(s), {len(cells) - len(todo)} already stored, "
                 f"{len(todo)} to run")
        summary = execution.run_cells(plan, todo, save=_saver(store, home), workspace=home,
                                      scheduler=scheduler, workers=workers, progress=progress)
    return done, summary


def print_outcome(plan: Matrix, cells: list[Cell], done: dict[str, int], summary: Summary) -> int:
    """The cells and what became of them; the exit status (1 when a cell failed)."""
    from ..campaign import execution

    axes = [axis.name for axis in plan.axes]
    ran = {d.cell.key: d for d in summary.done}
    rows = []
    for c in cells:
        if c.key in ran:
            d = ran[c.key]
            rows.append((c.axes, c.repeat, d.status, d.run_id, f"{d.seconds:.0f} s", d.host))
        elif c.key in done:
            rows.append((c.axes, c.repeat, "stored", done[c.key], "", "earlier"))
        else:
            rows.append((c.axes, c.repeat, "not run", None, "", ""))
    print(f"campaign {plan.name}: {len(cells)} cell(s)")
    print(as_text.render(_cells_table(axes, rows, plan.repeats)))
    for d in summary.done:
        if d.error:
            print(f"error: {d.cell.title(plan.repeats)}: {d.error}")
    failed = [d for d in summary.done if d.status != "ok"]
    progress(f"campaign {plan.name}: {len(summary.done) - len(failed)} cell(s) ok, {len(failed)} failed, "
             f"{sum(c.key in done for c in cells)} stored before, in {execution.duration(summary.seconds)}"
             + ("" if summary.interrupted else f"; rtbench report --campaign {plan.name}"))
    if summary.interrupted is not None:
        progress(f"interrupted: {len(summary.not_run)} cell(s) not run; run the same command again to resume")
        return _signal_exit(interrupts.signal_name(summary.interrupted))
    return 1 if failed else 0


def add_campaign(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    camp = sub.add_parser("campaign", help="run a matrix of cells (kernels x targets x settings) on Dask")
    camp.add_argument("matrix", type=Path, metavar="MATRIX.toml",
                      help="the matrix file (see campaigns/ and docs/guides/campaigns.md)")
    camp.add_argument("--scheduler", metavar="ADDRESS",
                      help="an existing Dask scheduler, e.g. tcp://HOST:8786, whose workers have rtbench set up "
                           "(default: a local cluster sized to this machine)")
    camp.add_argument("--workers", type=int, help="workers of the local cluster (default and most: one per CPU)")
    camp.add_argument("--list", action="store_true", help="list the cells and whether each is stored; run nothing")
    camp.set_defaults(func=cmd_campaign)


def report_campaign(args: argparse.Namespace) -> int:
    """`rtbench report --campaign ID`: the cells and the matrix per benchmark (tables, or an
    HTML page with heatmaps); --format csv|json prints one tidy row per cell and benchmark."""
    from ..campaign import readout
    from ..reports import campaign_tables

    if not args.campaign:
        raise RtbenchError("--rows and --columns arrange a campaign's tables", "add --campaign ID")
    if args.runs:
        raise RtbenchError("--campaign reports a whole campaign: give no RUN with it",
                           "rtbench report RUN shows one of its runs")
    if args.json or args.histogram:
        raise RtbenchError("--json and --histogram are for single runs",
                           "--format json prints the campaign's results; rtbench report RUN --json writes one cell")
    if args.html:
        check_output_file(args.html, "--html")
    plotly = plotly_mode(args, args.html)
    loaded = readout.load(workspace(args).store, args.campaign)
    readout.choose_axes(loaded, args.rows, args.columns)  # a wrong axis is refused before anything is written
    if args.html:
        from ..reports import campaign_html as html  # plotly only when a page is drawn

        html.write(loaded, args.html, args.rows, args.columns, plotly)
        progress(f"wrote {args.html}")
    if not args.html or args.format:
        fmt = args.format or "table"
        if fmt in ("table", "markdown"):
            print(campaign_tables.render(loaded, args.rows, args.columns, fmt))
        else:
            sys.stdout.write(tables.render(campaign_tables.tidy(loaded), fmt).rstrip("\n") + "\n")
    return 0


def compare_campaign(args: argparse.Namespace, fmt: str) -> int:
    """`rtbench compare --campaign ID --axis AXIS=A,B [--where AXIS=VALUE]`."""
    from ..campaign import axis, readout
    from ..reports import campaign_tables
    from ..results import compare

    if not args.campaign or not args.axis:
        raise RtbenchError("compare within a campaign needs --campaign ID and --axis AXIS=A,B",
                           "e.g. rtbench compare --campaign freertos-12 --axis profile=default,debug")
    if args.runs:
        raise RtbenchError("--campaign compares cells of the campaign: give no RUN with it")
    if args.json and args.json != "-":
        check_output_file(Path(args.json), "--json")
    name, a, b = axis.parse_axis(args.axis)
    where = axis.parse_where(args.where)
    loaded = readout.load(workspace(args).store, args.campaign)
    found, missing = axis.pairs(loaded, name, a, b, where)
    if args.bench:
        for pair in found:
            pair.a, pair.b = compare.select([pair.a, pair.b], args.bench)
    options = {"resamples": args.resamples, "seed": args.seed}
    for line in missing:
        progress(f"not compared: {line}")
    if len(found) == 1:
        comparison = axis.single(found[0], name, a, b, **options)
        document = json.dumps(compare.to_json(comparison), indent=1, allow_nan=False) + "\n"
        if args.json and args.json != "-":
            files.write_whole(Path(args.json), document)
            progress(f"wrote {args.json}")
        text = {"document": document.rstrip("\n"), "markdown": compare.to_markdown(comparison),
                "json": tables.render(compare.comparison_table(comparison), "json").rstrip("\n"),
                "csv": compare.to_csv(comparison).rstrip("\n")}.get(fmt) or compare.to_text(comparison)
        print(text)
        return 0
    if args.json and args.json != "-":
        raise RtbenchError(f"--json FILE writes one comparison, and this is {len(found)} pairs",
                           "narrow it to one pair with --where, or use --format json for the table")
    if fmt == "document":
        raise RtbenchError(f"--json prints one comparison's document, and this is {len(found)} pairs",
                           "narrow it to one pair with --where, or use --format json for the table")
    table, notes = campaign_tables.axis_table(axis.compare_pairs(found, **options))
    if fmt in ("table", "markdown"):
        others = ", ".join(k for k, _ in found[0].context)
        print(f"{name}: B = {b} against A = {a}, a column per combination of {others}; "
              "B/A median ratio with its bootstrap 95% interval (* the interval excludes 1)")
    for note in notes:
        progress(note)
    print(tables.render(table, fmt).rstrip("\n"))
    return 0
