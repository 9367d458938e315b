# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench ab`, `rtbench history` and `rtbench bisect`: a selection built and run at revisions of a
kernel's git repository; the comparison of two revisions with one verdict line, the history of a
range with its exact changes, or the first commit that moved one benchmark, with the functions
that gained or lost instructions."""
from __future__ import annotations

import argparse
import os
from pathlib import Path

from ..acquire import revisions
from ..acquire.session import RunRequest
from ..campaign import history
from ..errors import RtbenchError
from ..results.store import Store
from .arguments import build_arguments, count, plotly_argument, plotly_mode, workspace
from .output import check_output_file, progress
from .run import _check_workspace


def _request(args: argparse.Namespace) -> RunRequest:
    return RunRequest(target=args.target, os=args.os, profile=args.profile, bench=args.bench,
                      iterations=args.iterations, warmup=args.warmup, options=dict(args.option or []),
                      opt_flags=args.opt, timeout=args.timeout, silence=args.silence)


def _repo(args: argparse.Namespace, chosen: history.Selection) -> Path:
    given = args.kernel_repo
    if given is None and chosen.repo_env and os.environ.get(chosen.repo_env):
        given = Path(os.environ[chosen.repo_env])
        progress(f"kernel repository from ${chosen.repo_env}: {given}")
    return revisions.open_repo(given, chosen.repo_env)


def _check_folder(path: Path) -> None:
    """--bmf DIR: a directory (made if missing) whose parent exists, checked before the work starts."""
    if path.exists() and not path.is_dir():
        raise RtbenchError(f"--bmf {path} is a file", "give a directory: one BMF document is written per point")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise RtbenchError(f"--bmf {path}: the directory {parent} does not exist", f"create it: mkdir -p {parent}")
    if not os.access(path if path.exists() else parent, os.W_OK):
        raise RtbenchError(f"--bmf {path} cannot be written", "give a writable location")


def _parallel(args: argparse.Namespace) -> history.Parallel | None:
    """--workers N / --scheduler ADDRESS: the points as campaign cells on Dask (the campaign extra)."""
    if args.workers is None and args.scheduler is None:
        return None
    from ..campaign import execution

    if args.scheduler and args.workers is not None:
        raise RtbenchError("--workers sizes the local cluster: it does not apply with --scheduler",
                           "the cluster's own workers run the points")
    execution.check_workers(args.workers)
    execution.check_scheduler(args.scheduler)
    execution.require_dask("--workers and --scheduler run a history's points")
    return history.Parallel(workers=args.workers, scheduler=args.scheduler)


def cmd_ab(args: argparse.Namespace) -> int:
    from ..analysis.history import compare_points  # numpy only when a comparison is computed
    from ..reports import bmf
    from ..reports.history import ab_text

    chosen = history.selection(_request(args))
    repo = _repo(args, chosen)
    if args.bmf is not None:
        check_output_file(args.bmf, "--bmf")
    wanted = [revisions.resolve(repo, args.rev_a, "REV_A"), revisions.resolve(repo, args.rev_b, "REV_B")]
    for revision, given in zip(wanted, ("REV_A", "REV_B")):  # both trees, before either is checked out
        revisions.check_tree(repo, revision, chosen.marker, chosen.kernel, given)
    home = workspace(args)
    _check_workspace(home)
    # Exact targets repeat bit for bit: a point stored for the same configuration is the same run.
    reuse = chosen.deterministic and not args.rerun
    with Store(home.store) as store:
        found = history.run_history(chosen, repo, wanted, store, home, progress, reuse=reuse)
    a, b = found.points[0], found.points[-1]
    ab = compare_points(a, b, chosen.target, chosen.deterministic)
    print(ab_text(ab))
    if args.bmf is not None:
        bmf.write(args.bmf, bmf.document(b.run))
        progress(f"wrote {args.bmf} (B's medians, Bencher Metric Format)")
    unmeasured = [p for p in (a, b) if p.status not in ("ok", "fail")]
    if a in unmeasured or (b in unmeasured and b.status != history.BUILD_FAILED):
        which = ", ".join(f"{p.revision.name} ({p.status}: {p.error})" for p in unmeasured)
        progress(f"error: not every revision could be measured: {which}")
        return 2
    return 1 if ab.is_regression else 0


def cmd_history(args: argparse.Namespace) -> int:
    from ..analysis.history import view
    from ..reports import history as report

    for flag, path in (("--jsonl", args.jsonl), ("--html", args.html)):
        if path is not None:
            check_output_file(path, flag)
    plotly = plotly_mode(args, args.html)
    if args.bmf is not None:
        _check_folder(args.bmf)
    parallel = _parallel(args)
    chosen = history.selection(_request(args))
    repo = _repo(args, chosen)
    wanted = revisions.expand(repo, args.revs, args.every, args.first_parent)
    # The newest revision says whether this is the kernel's repository at all (an older one may
    # predate a file, and is then a point that did not build).
    revisions.check_tree(repo, wanted[-1], chosen.marker, chosen.kernel, "--revs")
    progress(f"history: {len(wanted)} revision(s) of {repo.name}, configuration {chosen.config_hash}")
    home = workspace(args)
    _check_workspace(home)
    with Store(home.store) as store:
        found = history.run_history(chosen, repo, wanted, store, home, progress, reuse=not args.rerun,
                                     parallel=parallel)
    shown = view(found)
    print(report.history_text(shown))
    errors = [p.revision.name for p in found.points if p.status == "error"]
    if errors:
        progress(f"{len(errors)} point(s) could not be measured ({', '.join(errors)}): "
                 "the next `rtbench history` measures them again")
    if args.jsonl is not None:
        report.write(args.jsonl, report.jsonl(shown))
        progress(f"wrote {args.jsonl}")
    if args.html is not None:
        report.write(args.html, report.history_html(shown, plotly))
        progress(f"wrote {args.html}")
    if args.bmf is not None:
        written = report.write_bmf_points(args.bmf, shown)
        progress(f"wrote {written} Bencher Metric Format document(s) into {args.bmf}, one per point with a value")
    return 0


def cmd_bisect(args: argparse.Namespace) -> int:
    from ..analysis.bisect import view
    from ..campaign import bisect
    from ..reports.bisect import bisect_html, bisect_json, bisect_text
    from ..reports.history import write

    for flag, path in (("--json", args.json), ("--html", args.html)):
        if path is not None:
            check_output_file(path, flag)
    plotly = plotly_mode(args, args.html)
    if "," in args.bench or any(c in args.bench for c in "*?["):
        raise RtbenchError(f"--bench {args.bench}: bisect follows one benchmark", "name one, e.g. --bench task_switch")
    chosen = history.selection(_request(args))
    if len(chosen.benches) != 1:
        raise RtbenchError(f"--bench {args.bench} names {len(chosen.benches)} benchmarks", "name one")
    repo = _repo(args, chosen)
    good, bad = revisions.resolve(repo, args.good, "--good"), revisions.resolve(repo, args.bad, "--bad")
    for revision, given in ((good, "--good"), (bad, "--bad")):
        revisions.check_tree(repo, revision, chosen.marker, chosen.kernel, given)
    home = workspace(args)
    _check_workspace(home)
    with Store(home.store) as store:
        found = bisect.bisect(chosen, repo, good, bad, store, home, progress, reuse=not args.rerun)
    if not args.no_attribution:
        bisect.attribute(found, repo, home, progress)
    shown = view(found)
    print(bisect_text(shown), end="")
    if args.json is not None:
        write(args.json, bisect_json(shown))
        progress(f"wrote {args.json}")
    if args.html is not None:
        write(args.html, bisect_html(shown, plotly))
        progress(f"wrote {args.html}")
    return 0 if shown.located else 1


def _selection_arguments(command: argparse.ArgumentParser, repo_aliases: tuple[str, ...] = (),
                         bench_option: bool = True) -> None:
    bisect_bench_help = "the one benchmark to follow (required)"
    command.add_argument("--kernel-repo", *repo_aliases, dest="kernel_repo", type=Path, metavar="PATH",
                         help="the kernel's git repository (default: the kernel's variable, e.g. "
                              "$FREERTOS_KERNEL_PATH, when it names a git clone)")
    build_arguments(command, what="every image", bench_help=None if bench_option else bisect_bench_help)
    command.add_argument("--rerun", action="store_true",
                         help="measure every revision again, even where a point is stored")


def add_ab(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    ab = sub.add_parser("ab", help="build and run two revisions of a kernel, compare them, exit 1 on a regression",
                        description="Builds and runs the selection at two revisions of the kernel's git repository "
                                    "and prints their comparison and one verdict line. Exit status: 0 no "
                                    "regression, 1 a regression (a benchmark slower, lost, or B does not build), "
                                    "2 an error. On exact targets (qemu-*, vexriscv-sim) every changed median is a "
                                    "change; a point already stored for the same configuration is reused.")
    ab.add_argument("rev_a", metavar="REV_A", help="the baseline revision (tag, branch, commit)")
    ab.add_argument("rev_b", metavar="REV_B", help="the candidate revision")
    ab.add_argument("--bmf", type=Path, metavar="FILE",
                    help="write B's medians as a Bencher Metric Format document (bencher run --file FILE)")
    _selection_arguments(ab)
    ab.set_defaults(func=cmd_ab)


def add_history(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    command = sub.add_parser("history", help="build and run a kernel at each revision of a range; its exact changes",
                             description="Builds and runs the selection at each revision, stores every point "
                                         "(an interrupted history resumes; a revision that does not build is a "
                                         "point too) and prints each point's medians and the changes between "
                                         "consecutive points.")
    command.add_argument("--revs", required=True, metavar="SPEC",
                         help="A..B (A and every commit after it up to B), tags:GLOB (tags in version order), "
                              "or a comma list A,B,C")
    command.add_argument("--every", type=count(1), default=1, metavar="N",
                         help="keep every Nth revision (the first and the last always)")
    command.add_argument("--first-parent", action="store_true", help="follow only the first parent of merges (A..B)")
    command.add_argument("--jsonl", type=Path, metavar="FILE",
                         help="write one JSON line per point and benchmark (as sel4bench-results)")
    command.add_argument("--html", type=Path, metavar="FILE", help="write a static HTML history, a chart per benchmark")
    plotly_argument(command)
    command.add_argument("--bmf", type=Path, metavar="DIR",
                         help="write one Bencher Metric Format document per point into DIR (NNN-COMMIT.json), "
                              "for `bencher run --file F --adapter json --hash COMMIT`")
    command.add_argument("--workers", type=int, metavar="N",
                         help="run the points as campaign cells on a local Dask cluster of N workers "
                              "(at most one per CPU; needs the campaign extra)")
    command.add_argument("--scheduler", metavar="ADDRESS",
                         help="run the points on the Dask cluster at ADDRESS (tcp://HOST:8786), whose workers see "
                              "this workspace's kernel trees at the same path")
    _selection_arguments(command)
    command.set_defaults(func=cmd_history)



def add_bisect(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    command = sub.add_parser("bisect", help="find the first kernel commit that moved a benchmark, and the functions "
                                            "that gained or lost instructions",
                             description="Bisects the first-parent commits from --good to --bad: each tested "
                                         "revision is built, run and stored as a history point (a re-run resumes), "
                                         "a revision that does not build is skipped. Then runs the first bad commit "
                                         "and its parent once more under rtbench's QEMU plugin and reports the "
                                         "instructions each function executed inside the measured interval. "
                                         "Exit status: 0 the first bad commit was found, 1 not found (no change, "
                                         "or only skipped commits left), 2 an error.")
    command.add_argument("--good", required=True, metavar="REV", help="a revision with the old figure")
    command.add_argument("--bad", required=True, metavar="REV", help="a later revision with the new figure")
    command.add_argument("--json", type=Path, metavar="FILE",
                         help="also write the bisection as JSON (rtbench-bisect/1)")
    command.add_argument("--html", type=Path, metavar="FILE",
                         help="also write a static HTML page: the tested medians along the path, the functions' deltas")
    plotly_argument(command)
    command.add_argument("--no-attribution", action="store_true",
                         help="skip the per-function attribution (the traced runs)")
    _selection_arguments(command, ("--kernel-src",), bench_option=False)
    command.set_defaults(func=cmd_bisect)
