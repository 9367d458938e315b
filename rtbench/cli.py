"""The rtbench command line: run | list | report | runs | sources."""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from . import __version__, catalogue, platforms, sources, variants
from .errors import RtbenchError
from .model import Run
from .paths import Workspace
from .report import results_table, run_to_json
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


def _write_json(run: Run, path: Path) -> None:
    path.write_text(json.dumps(run_to_json(run), indent=1) + "\n")
    _progress(f"wrote {path}")


def _print_run(run: Run) -> None:
    m = run.manifest
    kernel = m.get("kernel", {})
    print(f"run {run.run_id}: {m.get('target')} / {kernel.get('name', m.get('os'))} {kernel.get('version', '')}"
          f" / profile {m.get('profile')} / {m.get('created', '')}")
    if m.get("unit_note"):
        print(f"unit: {m['unit_note']}")
    settings = m.get("target_settings", {})
    if settings.get("caches"):
        print("variants: " + "; ".join(f"{v} ({c})" for v, c in settings["caches"].items()))
    if m.get("clock_hz"):
        print(f"clock: {m['clock_hz'] / 1e6:g} MHz nominal (times below are cycles at that clock)")
    print(results_table(run.results, m.get("clock_hz")))
    for problem in m.get("stream_errors", []):
        print(f"problem: {problem}")


def cmd_run(args: argparse.Namespace) -> int:
    workspace = Workspace(args.home) if args.home else Workspace.default()
    request = RunRequest(target=args.target, os=args.os, profile=args.profile, bench=args.bench,
                         iterations=args.iterations, warmup=args.warmup, options=dict(args.option or []),
                         kernel_src=args.kernel_src, opt_flags=args.opt, timeout=args.timeout, silence=args.silence,
                         variants=args.cpu_variant or [], clock_hz=args.clock, count=args.count)
    run = execute(request, workspace, _progress)
    with Store(workspace.store) as store:
        store.save(run)
    _print_run(run)
    if args.json:
        _write_json(run, args.json)
    bad = [r for r in run.results if r.status in ("fail", "error")]
    if bad:
        _progress(f"{len(bad)} result(s) failed or were lost: " + ", ".join(r.label() for r in bad))
    return 1 if bad else 0


def cmd_report(args: argparse.Namespace) -> int:
    workspace = Workspace(args.home) if args.home else Workspace.default()
    with Store(workspace.store) as store:
        run = store.load(args.run_id)
    _print_run(run)
    if args.json:
        _write_json(run, args.json)
    return 0


def _load_for_analysis(args: argparse.Namespace) -> Run:
    workspace = Workspace(args.home) if args.home else Workspace.default()
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
    workspace = Workspace(args.home) if args.home else Workspace.default()
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
            extra.append(f"{bench.count} samples" + (f" (option {bench.count_key})" if bench.count_key else ""))
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
                print(f"  -> {found.path} ({found.version}, {found.origin})")
            except RtbenchError as err:
                print(f"  -> not available: {err}")
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="rtbench", description="Portable RTOS benchmark suite and harness.")
    top.add_argument("--version", action="version", version=f"rtbench {__version__}")
    top.add_argument("--home", type=Path, help="workspace for builds, logs and results (default ./.rtbench, "
                                               "or $RTBENCH_HOME)")
    sub = top.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="build and run the catalogue, store and print the results")
    run.add_argument("--target", default="qemu-m3")
    run.add_argument("--os", default="freertos", help="kernel port")
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
    run.set_defaults(func=cmd_run)

    report = sub.add_parser("report", help="show a stored run (default: the last one)")
    report.add_argument("run_id", nargs="?", type=int)
    report.add_argument("--json", type=Path, help="also write the run as JSON")
    report.set_defaults(func=cmd_report)

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


if __name__ == "__main__":
    sys.exit(main())
