# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Commands over stored runs: report, compare, check (the regression gate) and runs (the list)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .. import files
from ..acquire.provenance import summary
from ..errors import RtbenchError
from ..model import Run
from ..reports.report import runs_table
from ..reports.run_text import run_markdown
from ..results import check, fairness, tables
from ..results.model_cycles import has_model_cycles, model_run
from ..results.runsource import load_run, run_from_json, run_name, shown_label
from ..results.store import Store
from .arguments import histogram_arguments, plotly_argument, plotly_mode, workspace
from .output import check_output_file, print_run, progress, write_json


def _print_runs(runs: list[Run], names: list[str], fmt: str, args: argparse.Namespace) -> None:
    if args.histogram and fmt != "table":
        raise RtbenchError("--histogram prints text histograms, only with --format table",
                           "the JSON written by --json FILE holds every histogram")
    if fmt == "table":
        for run in runs:
            print_run(run, args.histogram, args.bin_width, args.hist_limit)
    elif fmt == "markdown":
        print("\n\n".join(run_markdown(run) for run in runs))
    else:
        sys.stdout.write(tables.render(runs_table(list(zip(names, runs))), fmt).rstrip("\n") + "\n")


def _check_outputs(*named: tuple[str, object]) -> None:
    """Files a command will write are checked before it reads or computes anything."""
    for flag, path in named:
        if path is not None and path != "-":
            check_output_file(Path(str(path)), flag)


def cmd_report(args: argparse.Namespace) -> int:
    if args.campaign or args.rows or args.columns:
        from .campaign import report_campaign

        return report_campaign(args)
    _check_outputs(("--json", args.json), ("--html", args.html), ("--bmf", args.bmf))
    plotly = plotly_mode(args, args.html)
    if args.bmf and len(args.runs or []) > 1:
        raise RtbenchError("--bmf writes one run (one Bencher report)", "give one run id with --bmf")
    home = workspace(args)
    specs = args.runs or [None]
    runs = [load_run(spec, home.store) for spec in specs]
    names = [run_name(r, s) for r, s in zip(runs, specs)]
    if args.html:
        from ..reports.htmlreport import write_report  # plotly is only imported when a report is drawn

        write_report(runs, names, args.html, plotly)
        progress(f"wrote {args.html}")
    if not args.html or args.format:
        _print_runs(runs, names, args.format or "table", args)
    if args.json:
        if len(runs) > 1:
            raise RtbenchError("--json writes one run", "give one run id with --json")
        write_json(runs[0], args.json, args.bin_width, args.hist_limit)
    if args.bmf:
        from ..reports import bmf

        bmf.write(args.bmf, bmf.document(runs[0]))
        progress(f"wrote {args.bmf} (Bencher Metric Format)")
    return 0


def _compare_format(args: argparse.Namespace) -> str:
    """--format, with --markdown short for --format markdown; --json without FILE prints the
    comparison's document ("document"), where --format json prints its table."""
    asked = {name for name, given in (("markdown", args.markdown), ("document", args.json == "-")) if given}
    if args.format:
        asked.add(args.format)
    if len(asked) > 1:
        raise RtbenchError(f"choose one output format, not {' and '.join(sorted(asked))}",
                           "--format table|markdown|csv|json (--markdown and --json are short for two of them)")
    return asked.pop() if asked else "table"


def cmd_compare(args: argparse.Namespace) -> int:
    from ..results import compare  # numpy is only imported when a comparison is computed

    fmt = _compare_format(args)
    if args.campaign or args.axis or args.where:
        from .campaign import compare_campaign

        return compare_campaign(args, fmt)
    _check_outputs(("--json", args.json))
    home = workspace(args)
    runs = compare.select([_in_model_cycles(load_run(spec, home.store), spec, args.model_cycles)
                           for spec in args.runs], args.bench)
    comparison = compare.compare_runs(runs, [run_name(r, s) for r, s in zip(runs, args.runs)],
                                      resamples=args.resamples, seed=args.seed)
    document = json.dumps(compare.to_json(comparison), indent=1, allow_nan=False) + "\n"
    if args.json and args.json != "-":
        files.write_whole(Path(args.json), document)
        progress(f"wrote {args.json}")
    if fmt == "document":
        sys.stdout.write(document)
    elif fmt == "json":
        print(tables.render(compare.comparison_table(comparison), "json").rstrip("\n"))
    elif fmt == "markdown":
        print(compare.to_markdown(comparison))
    elif fmt == "csv":
        sys.stdout.write(compare.to_csv(comparison))
    else:
        print(compare.to_text(comparison, all_differences=args.all_differences))
    if fmt in ("table", "markdown"):
        from ..analysis import verdict

        print()
        for pair in verdict.pairs(comparison):
            print(pair.verdict_line())
    return 0


def _in_model_cycles(run: Run, spec: str, wanted: bool) -> Run:
    """The run as it is, or with --model-cycles its results in the timing model's cycles."""
    if not wanted:
        return run
    if not has_model_cycles(run):
        raise RtbenchError(f"{spec}: the run has no model cycles", "measure it with rtbench run --cycles-model")
    return model_run(run)


def cmd_check(args: argparse.Namespace) -> int:
    threshold = check.parse_threshold(args.threshold)
    _check_outputs(("--junit", args.junit))
    baseline = _in_model_cycles(run_from_json(args.baseline), str(args.baseline), args.model_cycles)
    candidate = _in_model_cycles(load_run(args.candidate, workspace(args).store), args.candidate or "last",
                                 args.model_cycles)
    lint = fairness.lint_text(fairness.differences([baseline.manifest, candidate.manifest]),
                              ["baseline", "candidate"])
    if lint:
        print(lint)
    verdicts = check.judge(baseline, candidate, threshold, args.metric, args.allow_missing)
    print(check.summary(verdicts, threshold, args.metric))
    if args.junit:
        check.write_junit(verdicts, args.junit, threshold)
        progress(f"wrote {args.junit}")
    return 0 if check.passed(verdicts) else 1


def cmd_runs(args: argparse.Namespace) -> int:
    with Store(workspace(args).store, read_only=True) as store:
        for row in store.list_runs():
            label = shown_label(Run(row["manifest"], [])) if isinstance(row.get("manifest"), dict) else None
            print(f"{row['id']:>5}  {row['created']}  {row.get('target')}/{row.get('os')}  {row['results']} results"
                  + (f"  '{label}'" if label else "")
                  + (f"  DAMAGED: {row['damaged']}" if row.get("damaged") else f"  {summary(row['manifest'])}"))
    return 0


def add_report(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    report = sub.add_parser("report", help="show stored runs (default: the last one), or write an HTML report")
    report.add_argument("runs", nargs="*", metavar="RUN",
                        help="run ids, 'last', or JSON files written by --json (default: the last run)")
    report.add_argument("--format", choices=tables.FORMATS,
                        help="how to print the results: an aligned table (default), Markdown, CSV or JSON")
    report.add_argument("--json", type=Path, help="also write the whole run (manifest, every sample) as JSON")
    report.add_argument("--bmf", type=Path, metavar="FILE",
                        help="also write the run's medians in the Bencher Metric Format (bencher run --file FILE "
                             "--adapter json)")
    report.add_argument("--html", type=Path, help="write an HTML report with plots to this file, self-contained "
                                                  "unless --plotly cdn (then nothing is printed unless --format "
                                                  "is given)")
    plotly_argument(report)
    histogram_arguments(report)
    matrix = report.add_argument_group("campaigns (rtbench campaign)")
    matrix.add_argument("--campaign", metavar="ID", help="a stored campaign: its cells, and per benchmark its medians "
                                                         "over the axes (with --html: heatmaps)")
    matrix.add_argument("--rows", metavar="AXIS", help="the axis down a campaign's tables and heatmaps "
                                                      "(default: the second that varies most)")
    matrix.add_argument("--columns", metavar="AXIS", help="the axis across (default: the one that varies most)")
    report.set_defaults(func=cmd_report)


def add_compare(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    comp = sub.add_parser("compare", help="runs side by side with ratios and bootstrap confidence intervals")
    comp.add_argument("runs", nargs="*", metavar="RUN", help="two or more run ids, 'last', or JSON files; "
                                                             "ratios are to the first")
    comp.add_argument("--bench", help="only these benchmarks: comma-separated names or globs")
    comp.add_argument("--format", choices=tables.FORMATS,
                      help="how to print the comparison's table: aligned (default), Markdown, CSV or JSON "
                           "(rtbench-table/1, as report --format json)")
    comp.add_argument("--markdown", action="store_true", help="the same as --format markdown")
    comp.add_argument("--json", nargs="?", const="-", metavar="FILE",
                      help="the comparison's whole document (rtbench-compare/1: every estimate and interval) "
                           "to FILE, or printed without FILE; as run --json and report --json FILE write a run's")
    comp.add_argument("--model-cycles", action="store_true",
                      help="compare the runs' model cycles (rtbench run --cycles-model) instead of their own unit")
    comp.add_argument("--resamples", type=int, default=2000, help="bootstrap resamples (default 2000)")
    comp.add_argument("--seed", type=int, default=0, help="bootstrap random seed (default 0)")
    comp.add_argument("--all-differences", action="store_true",
                      help=f"list every setting in which the runs differ (default: the first "
                           f"{fairness.SHOWN_DIFFERENCES} and a summary)")
    matrix = comp.add_argument_group("campaigns (rtbench campaign)")
    matrix.add_argument("--campaign", metavar="ID", help="compare two values of one axis within this campaign")
    matrix.add_argument("--axis", metavar="AXIS=A,B", help="the axis and its two values, e.g. profile=default,debug "
                                                          "(B against A, for every combination of the other axes)")
    matrix.add_argument("--where", action="append", default=[], metavar="AXIS=VALUE",
                        help="only the cells with this value of another axis (repeatable)")
    comp.set_defaults(func=cmd_compare)


def add_check(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    gate = sub.add_parser("check", help="regression gate: exit 1 when a run is worse than a baseline")
    gate.add_argument("candidate", nargs="?", metavar="RUN",
                      help="run id, 'last' or a JSON file (default: the last run)")
    gate.add_argument("--baseline", type=Path, required=True, help="baseline JSON (rtbench report --json)")
    gate.add_argument("--threshold", default="5%", help="allowed increase, e.g. 5%% (default) or 0")
    gate.add_argument("--metric", choices=check.METRICS, default="both",
                      help="statistic(s) judged (default both: median or mean)")
    gate.add_argument("--model-cycles", action="store_true",
                      help="judge the runs' model cycles (rtbench run --cycles-model) instead of their own unit")
    gate.add_argument("--allow-missing", action="store_true",
                      help="do not fail on baseline benchmarks absent from the candidate")
    gate.add_argument("--junit", type=Path, help="also write JUnit XML for CI")
    gate.set_defaults(func=cmd_check)


def add_runs(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sub.add_parser("runs", help="list stored runs").set_defaults(func=cmd_runs)
