"""The rtbench command line: run | list | report | compare | check | footprint | runs | sources."""
from __future__ import annotations

import argparse
import os
import json
import re
import sys
from pathlib import Path

from . import __version__, catalogue, check, fairness, footprint_table, platforms, sources, variants
from .errors import RtbenchError
from .model import Run
from .paths import Workspace
from .durations import microseconds
from .load import KINDS as LOAD_KINDS
from .report import histogram_text, results_table, run_to_json
from .runsource import load_run, run_from_json, run_name
from .session import RunRequest, execute
from .store import Store, StoreError


def _progress(message: str) -> None:
    print(f"rtbench: {message}", file=sys.stderr, flush=True)


def _option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key or " " in text:
        raise argparse.ArgumentTypeError(f"'{text}' is not KEY=VALUE (no spaces)")
    return key, value


def _clock(text: str) -> float:
    """'100MHz', '50 MHz', '1.2GHz', '32768Hz' or a plain number of Hz."""
    match = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*([kKmMgG]?)(?:[hH][zZ])?\s*", text)
    if not match or float(match.group(1)) <= 0:
        raise argparse.ArgumentTypeError(f"'{text}' is not a clock frequency such as 100MHz")
    scale = {"": 1.0, "k": 1e3, "m": 1e6, "g": 1e9}[match.group(2).lower()]
    return float(match.group(1)) * scale


def _names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise argparse.ArgumentTypeError("give at least one name")
    return names


def _write_json(run: Run, path: Path, bin_width: int | None = None, hist_limit: int | None = None) -> None:
    path.write_text(json.dumps(run_to_json(run, bin_width=bin_width, hist_limit=hist_limit), indent=1) + "\n")
    _progress(f"wrote {path}")


def _print_run(run: Run, histograms: bool = False, bin_width: int | None = None,
               hist_limit: int | None = None) -> None:
    m = run.manifest
    kernel = m.get("kernel", {})
    print(f"run {run.run_id}: {m.get('target')} / {kernel.get('name', m.get('os'))} {kernel.get('version', '')}"
          f" / profile {m.get('profile')} / {m.get('created', '')}")
    if m.get("unit_note"):
        print(f"unit: {m['unit_note']}")
    for warning in m.get("warnings", []):
        print(f"warning: {warning}")
    settings = m.get("target_settings", {})
    if settings.get("caches"):
        print("variants: " + "; ".join(f"{v} ({c})" for v, c in settings["caches"].items()))
    if m.get("clock_hz"):
        print(f"clock: {m['clock_hz'] / 1e6:g} MHz nominal (times below are cycles at that clock)")
    print(results_table(run.results, m.get("clock_hz")))
    if histograms:
        for result in run.results:
            if result.status == "ok":
                print()
                print(histogram_text(result, bin_width, hist_limit))
    for problem in m.get("stream_errors", []):
        print(f"problem: {problem}")


def _workspace(args: argparse.Namespace) -> Workspace:
    return Workspace(args.home) if args.home else Workspace.default()


def _periodic_options(args: argparse.Namespace) -> dict[str, str]:
    """--period, --duration and --threads as the options periodic_jitter reads."""
    options: dict[str, str] = {}
    if args.period:
        options["period_us"] = str(microseconds(args.period, "--period"))
    if args.duration:
        if not args.period:
            raise RtbenchError("--duration needs --period: the number of periods is duration / period",
                               "e.g. --period 1ms --duration 60s")
        period_us = int(options["period_us"])
        periods = microseconds(args.duration, "--duration") // period_us
        if periods < 1:
            raise RtbenchError(f"--duration {args.duration} is shorter than one period ({args.period})")
        options["periods"] = str(periods)
    if args.threads is not None:
        if args.threads < 1:
            raise RtbenchError("--threads must be at least 1")
        options["threads"] = str(args.threads)
    if args.cpu is not None:
        options["cpu"] = str(args.cpu)
    return options


def cmd_run(args: argparse.Namespace) -> int:
    workspace = _workspace(args)
    options = _periodic_options(args)
    options.update(dict(args.option or []))
    request = RunRequest(target=args.target, os=args.os, profile=args.profile, bench=args.bench,
                         iterations=args.iterations, warmup=args.warmup, options=options,
                         kernel_src=args.kernel_src, opt_flags=args.opt, timeout=args.timeout, silence=args.silence,
                         load=args.load, variants=args.cpu_variant or [], clock_hz=args.clock, count=args.count)
    run = execute(request, workspace, _progress)
    for warning in run.manifest.get("warnings", []):
        _progress(f"warning: {warning}")
    with Store(workspace.store) as store:
        store.save(run)
    _print_run(run, args.histogram, args.bin_width, args.hist_limit)
    if args.json:
        _write_json(run, args.json, args.bin_width, args.hist_limit)
    bad = [r for r in run.results if r.status in ("fail", "error")]
    if bad:
        _progress(f"{len(bad)} result(s) failed or were lost: " + ", ".join(r.label() for r in bad))
    return 1 if bad else 0


def cmd_report(args: argparse.Namespace) -> int:
    workspace = _workspace(args)
    specs = args.runs or [None]
    runs = [load_run(spec, workspace.store) for spec in specs]
    if args.html:
        from .htmlreport import write_report  # plotly is only imported when a report is drawn

        write_report(runs, [run_name(r, s) for r, s in zip(runs, specs)], args.html)
        _progress(f"wrote {args.html}")
    else:
        for run in runs:
            _print_run(run, args.histogram, args.bin_width, args.hist_limit)
    if args.json:
        if len(runs) > 1:
            raise RtbenchError("--json writes one run", "give one run id with --json")
        _write_json(runs[0], args.json, args.bin_width, args.hist_limit)
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    from . import compare  # numpy is only imported when a comparison is computed

    workspace = _workspace(args)
    runs = compare.select([load_run(spec, workspace.store) for spec in args.runs], args.bench)
    comparison = compare.compare_runs(runs, [run_name(r, s) for r, s in zip(runs, args.runs)],
                                      resamples=args.resamples, seed=args.seed)
    if args.json:
        text = json.dumps(compare.to_json(comparison), indent=1) + "\n"
        if args.json == "-":
            sys.stdout.write(text)
        else:
            Path(args.json).write_text(text)
            _progress(f"wrote {args.json}")
    if args.markdown:
        print(compare.to_markdown(comparison))
    elif args.json != "-":
        print(compare.to_text(comparison))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    threshold = check.parse_threshold(args.threshold)
    baseline = run_from_json(args.baseline)
    candidate = load_run(args.candidate, _workspace(args).store)
    lint = fairness.lint_text(fairness.differences([baseline.manifest, candidate.manifest]),
                              ["baseline", "candidate"])
    if lint:
        print(lint)
    verdicts = check.judge(baseline, candidate, threshold, args.metric, args.allow_missing)
    print(check.summary(verdicts, threshold, args.metric))
    if args.junit:
        check.write_junit(verdicts, args.junit, threshold)
        _progress(f"wrote {args.junit}")
    return 1 if any(v.failed for v in verdicts) else 0


def cmd_footprint(args: argparse.Namespace) -> int:
    footprints = footprint_table.measure(args.target, _workspace(args), args.os, args.profile, args.opt, _progress)
    print(footprint_table.to_text(footprints, args.target, args.opt))
    if args.json:
        args.json.write_text(json.dumps(footprint_table.to_json(footprints, args.target, args.opt), indent=1) + "\n")
        _progress(f"wrote {args.json}")
    return 0


def _load_for_analysis(args: argparse.Namespace) -> Run:
    workspace = _workspace(args)
    with Store(workspace.store) as store:
        run_id = args.run
        if run_id is None:
            run_id = variants.latest_with(store.list_runs(), args.target)
            if run_id is None:
                raise RtbenchError(f"no stored run on {args.target}",
                                   f"rtbench run --target {args.target} --cpu-variant minimal,lite,standard")
        return store.load(run_id)


def _baseline(target_name: str) -> str:
    return str(platforms.find_target(target_name).spec.get("variants", {}).get("baseline", "minimal"))


def cmd_cache(args: argparse.Namespace) -> int:
    run = _load_for_analysis(args)
    baseline = _baseline(run.manifest.get("target", args.target))
    names, rows = variants.cache_study(run, baseline)
    print(f"run {run.run_id}: median cycles per CPU variant and speed-up over {baseline} (no caches)")
    print(variants.cache_table(names, rows, baseline))
    return 0


def cmd_deadline(args: argparse.Namespace) -> int:
    run = _load_for_analysis(args)
    deadline_s = variants.parse_duration(args.deadline)
    clock = args.clock or run.manifest.get("clock_hz") or 100e6
    rows = variants.deadline(run, args.chain, deadline_s, clock)
    print(f"run {run.run_id}: {run.manifest.get('target')} / {run.manifest.get('kernel', {}).get('name', '')}")
    print(variants.deadline_table(rows, args.chain, deadline_s, clock))
    return 0


def cmd_runs(args: argparse.Namespace) -> int:
    workspace = _workspace(args)
    with Store(workspace.store) as store:
        for row in store.list_runs():
            print(f"{row['id']:>5}  {row['created']}  {row.get('target')}/{row.get('os')}  {row['results']} results")
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    print("targets:")
    for target in platforms.targets():
        print(f"  {target.name:<18} {target.summary}")
    print("kernels:")
    for kernel in platforms.kernels():
        print(f"  {kernel.name:<18} {kernel.summary} (profiles: {', '.join(kernel.profiles)})")
    print("benchmarks:")
    for bench in catalogue.scan():
        extra = []
        if bench.param and bench.values:
            extra.append(f"{bench.param} in {{{', '.join(map(str, bench.values))}}}")
        if bench.count:
            extra.append(f"{bench.count} samples" + (f" (option {bench.count_key})" if bench.count_key else "")
                         + (f" x option {bench.count_per_key}" if bench.count_per_key else ""))
        if bench.host:
            extra.append("computed by the host from the image")
        print(f"  {bench.name:<18} {bench.summary}" + (f" [{'; '.join(extra)}]" if extra else ""))
    return 0


def cmd_sources(args: argparse.Namespace) -> int:
    for kernel in platforms.kernels():
        print(f"{kernel.name}: {sources.describe(kernel)}")
        if args.locate:
            try:
                found = sources.locate(kernel)
                print(f"  -> {found.path or 'no tree'} ({found.version}, {found.origin})")
            except RtbenchError as err:
                print(f"  -> not available: {err}")
    return 0


def _histogram_arguments(command: argparse.ArgumentParser) -> None:
    group = command.add_argument_group("histograms (also in --json)")
    group.add_argument("--histogram", action="store_true", help="print each result's histogram after the table")
    group.add_argument("--bin-width", type=int, help="histogram bin width in the unit (default: at most 50 bins)")
    group.add_argument("--hist-limit", type=int, help="values at or above this go to the overflow bucket")


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="rtbench", description="Portable RTOS benchmark suite and harness.")
    top.add_argument("--version", action="version", version=f"rtbench {__version__}")
    top.add_argument("--home", type=Path, help="workspace for builds, logs and results (default ./.rtbench, "
                                               "or $RTBENCH_HOME)")
    sub = top.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="build and run the catalogue, store and print the results")
    run.add_argument("--target", default="qemu-m3")
    run.add_argument("--os", help="kernel port (default: the target's, freertos on qemu-m3, posix on linux)")
    run.add_argument("--profile", default="default", help="kernel configuration profile")
    run.add_argument("--bench", help="comma-separated names or globs, e.g. 'task_switch,queue_*'")
    run.add_argument("--iterations", type=int, default=1000, help="measured iterations per benchmark")
    run.add_argument("--warmup", type=int, default=100, help="unrecorded iterations before measuring")
    run.add_argument("--option", type=_option, action="append", metavar="KEY=VALUE",
                     help="a benchmark option passed to the image (e.g. ticks=500, period_us=20000)")
    run.add_argument("--json", type=Path, help="also write the run as JSON")
    run.add_argument("--cpu-variant", type=_names, metavar="NAMES",
                     help="hardware variants to run on, comma-separated (vexriscv-sim: minimal,lite,standard,full); "
                          "with several, every result carries the variant as a parameter")
    run.add_argument("--clock", type=_clock, metavar="FREQ",
                     help="nominal clock (e.g. 100MHz) to convert cycle counts to time in the report")
    run.add_argument("--count", metavar="WHAT", help="what timestamps count when the target offers a choice "
                                                     "(vexriscv-sim: cycles, or instructions on the full variant)")
    run.add_argument("--kernel-src", type=Path, help="build the kernel from this source tree")
    run.add_argument("--opt", default="-O2", help="optimisation flags for the image (default -O2)")
    run.add_argument("--timeout", type=float, default=900.0, help="seconds a run may take (per hardware variant)")
    run.add_argument("--silence", type=float, default=None, help="seconds without output before the guest "
                                                                 "counts as hung (default: the target's, 30 s on QEMU)")
    periodic = run.add_argument_group("periodic latency (periodic_jitter; cyclictest-style on linux)")
    periodic.add_argument("--period", help="release period, e.g. 1ms or 500us (option period_us)")
    periodic.add_argument("--duration", help="how long to run, e.g. 60s: periods = duration / period "
                                             "(option periods, per thread)")
    periodic.add_argument("--threads", type=int, help="periodic threads, each on its own timeline (option threads)")
    host = run.add_argument_group("host targets (linux)")
    host.add_argument("--cpu", type=int, help="the CPU every benchmark thread is pinned to "
                                              "(default: the last CPU this process may use)")
    host.add_argument("--load", choices=LOAD_KINDS, default="none",
                      help="background load while the image runs; stopped afterwards, and bounded by --timeout")
    _histogram_arguments(run)
    run.set_defaults(func=cmd_run)

    report = sub.add_parser("report", help="show stored runs (default: the last one), or write an HTML report")
    report.add_argument("runs", nargs="*", metavar="RUN",
                        help="run ids, 'last', or JSON files written by --json (default: the last run)")
    report.add_argument("--json", type=Path, help="also write the run as JSON")
    report.add_argument("--html", type=Path, help="write a self-contained HTML report with plots to this file")
    _histogram_arguments(report)
    report.set_defaults(func=cmd_report)

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

    size = sub.add_parser("footprint", help="build each kernel x profile and show its code and RAM size")
    size.add_argument("--target", default="qemu-m3")
    size.add_argument("--os", action="append", help="only this kernel (repeatable; default: all for the target)")
    size.add_argument("--profile", action="append", help="only this profile (repeatable; default: all)")
    size.add_argument("--opt", default="-O2", help="optimisation flags for the images (default -O2)")
    size.add_argument("--json", type=Path, help="also write the figures as JSON")
    size.set_defaults(func=cmd_footprint)

    cache = sub.add_parser("cache", help="cache study: each benchmark's speed-up per CPU variant over the "
                                         "cache-less one, next to the reference workload's")
    cache.add_argument("--run", type=int, help="stored run (default: the last one on --target)")
    cache.add_argument("--target", default="vexriscv-sim")
    cache.set_defaults(func=cmd_cache)

    dead = sub.add_parser("deadline", help="worst observed cycles of a chain of steps per CPU variant, the "
                                           "minimum clock meeting a deadline, and the share of the budget used")
    dead.add_argument("--chain", type=_names, required=True, help="benchmark labels whose worst cases add up, "
                                                                  "e.g. irq_task_wake or irq_latency,sem_signal_wake")
    dead.add_argument("--deadline", required=True, help="e.g. 220us")
    dead.add_argument("--clock", type=_clock, help="clock for the budget share (default: the run's --clock, "
                                                   "else 100MHz)")
    dead.add_argument("--run", type=int, help="stored run (default: the last one on --target)")
    dead.add_argument("--target", default="vexriscv-sim")
    dead.set_defaults(func=cmd_deadline)

    sub.add_parser("runs", help="list stored runs").set_defaults(func=cmd_runs)
    sub.add_parser("list", help="targets, kernels and benchmarks").set_defaults(func=cmd_list)
    src = sub.add_parser("sources", help="where each kernel's source comes from")
    src.add_argument("--locate", action="store_true", help="also fetch/locate it now")
    src.set_defaults(func=cmd_sources)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return int(args.func(args))
    except (RtbenchError, StoreError) as err:
        print(f"rtbench: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("rtbench: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`rtbench list | head`): stop quietly, as other tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
