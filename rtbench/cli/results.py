"""Commands over stored runs: report, compare, check (the regression gate) and runs (the list)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .. import check, fairness
from ..errors import RtbenchError
from ..runsource import load_run, run_from_json, run_name
from ..store import Store
from .arguments import histogram_arguments, workspace
from .output import print_run, progress, write_json


def cmd_report(args: argparse.Namespace) -> int:
    home = workspace(args)
    specs = args.runs or [None]
    runs = [load_run(spec, home.store) for spec in specs]
    if args.html:
        from ..htmlreport import write_report  # plotly is only imported when a report is drawn

        write_report(runs, [run_name(r, s) for r, s in zip(runs, specs)], args.html)
        progress(f"wrote {args.html}")
    else:
        for run in runs:
            print_run(run, args.histogram, args.bin_width, args.hist_limit)
    if args.json:
        if len(runs) > 1:
            raise RtbenchError("--json writes one run", "give one run id with --json")
        write_json(runs[0], args.json, args.bin_width, args.hist_limit)
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    from .. import compare  # numpy is only imported when a comparison is computed

    home = workspace(args)
    runs = compare.select([load_run(spec, home.store) for spec in args.runs], args.bench)
    comparison = compare.compare_runs(runs, [run_name(r, s) for r, s in zip(runs, args.runs)],
                                      resamples=args.resamples, seed=args.seed)
    if args.json:
        text = json.dumps(compare.to_json(comparison), indent=1) + "\n"
        if args.json == "-":
            sys.stdout.write(text)
        else:
            Path(args.json).write_text(text)
            progress(f"wrote {args.json}")
    if args.markdown:
        print(compare.to_markdown(comparison))
    elif args.json != "-":
        print(compare.to_text(comparison))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    threshold = check.parse_threshold(args.threshold)
    baseline = run_from_json(args.baseline)
    candidate = load_run(args.candidate, workspace(args).store)
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
            print(f"{row['id']:>5}  {row['created']}  {row.get('target')}/{row.get('os')}  {row['results']} results"
                  + (f"  DAMAGED: {row['damaged']}" if row.get("damaged") else ""))
    return 0


def add_report(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    report = sub.add_parser("report", help="show stored runs (default: the last one), or write an HTML report")
    report.add_argument("runs", nargs="*", metavar="RUN",
                        help="run ids, 'last', or JSON files written by --json (default: the last run)")
    report.add_argument("--json", type=Path, help="also write the run as JSON")
    report.add_argument("--html", type=Path, help="write a self-contained HTML report with plots to this file")
    histogram_arguments(report)
    report.set_defaults(func=cmd_report)


def add_compare(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    comp = sub.add_parser("compare", help="runs side by side with ratios and bootstrap confidence intervals")
    comp.add_argument("runs", nargs="+", metavar="RUN", help="two or more run ids, 'last', or JSON files; "
                                                             "ratios are to the first")
    comp.add_argument("--bench", help="only these benchmarks: comma-separated names or globs")
    comp.add_argument("--markdown", action="store_true", help="print a Markdown table")
    comp.add_argument("--json", nargs="?", const="-", metavar="FILE",
                      help="write the comparison as JSON (to stdout without FILE)")
    comp.add_argument("--resamples", type=int, default=2000, help="bootstrap resamples (default 2000)")
    comp.add_argument("--seed", type=int, default=0, help="bootstrap random seed (default 0)")
    comp.set_defaults(func=cmd_compare)


def add_check(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    gate = sub.add_parser("check", help="regression gate: exit 1 when a run is worse than a baseline")
    gate.add_argument("candidate", nargs="?", metavar="RUN",
                      help="run id, 'last' or a JSON file (default: the last run)")
    gate.add_argument("--baseline", type=Path, required=True, help="baseline JSON (rtbench report --json)")
    gate.add_argument("--threshold", default="5%", help="allowed increase, e.g. 5%% (default) or 0")
    gate.add_argument("--metric", choices=check.METRICS, default="both",
                      help="statistic(s) judged (default both: median or mean)")
    gate.add_argument("--allow-missing", action="store_true",
                      help="do not fail on baseline benchmarks absent from the candidate")
    gate.add_argument("--junit", type=Path, help="also write JUnit XML for CI")
    gate.set_defaults(func=cmd_check)


def add_runs(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sub.add_parser("runs", help="list stored runs").set_defaults(func=cmd_runs)
