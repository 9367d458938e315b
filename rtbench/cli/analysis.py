# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Hardware studies: footprint (code and RAM per kernel x profile), cache (speed-up per CPU
variant) and deadline (the clock a chain of worst cases needs)."""
from __future__ import annotations

import argparse
import json
import shutil
import textwrap
from pathlib import Path

from .. import files
from ..acquire import footprint_images, frequencies, kernel_facts, platforms
from ..analysis import clock_sweep, footprint_table, kernel_profiles, variants
from ..errors import RtbenchError
from ..model import Run
from ..results import tables
from ..results.runsource import load_run, run_name
from ..results.store import Store
from .arguments import clock, names, plotly_argument, plotly_mode, workspace
from .output import progress


def cmd_footprint(args: argparse.Namespace) -> int:
    home = workspace(args)
    home.check_writable()
    per_bench = footprint_images.bench_builds(args.per_bench) if args.per_bench is not None else None
    footprints = footprint_images.measure(args.target, home, args.os, args.profile, args.opt, progress, per_bench)
    print(footprint_table.to_text(footprints, args.target, args.opt))
    if args.json:
        files.write_whole(args.json, json.dumps(footprint_table.to_json(footprints, args.target, args.opt), indent=1)
                          + "\n")
        progress(f"wrote {args.json}")
    return 0


def cmd_kernels(args: argparse.Namespace) -> int:
    home = workspace(args)
    home.check_writable()
    found = kernel_facts.profiles(args.target, home, args.os, progress)
    if args.api:
        for profile in found:
            for category, api in profile.api.items():
                print(f"{profile.kernel} {category} ({len(api)}): {' '.join(api)}")
        return 0
    table = kernel_profiles.to_table(found, args.target)
    if args.format == "table":
        # One column per kernel: long properties wrap to the terminal's width.
        width = shutil.get_terminal_size((120, 24)).columns
        print(tables.as_text.render(table, width=width))
        for profile in found:
            for note in profile.notes:
                print(textwrap.fill(f"{profile.kernel}: {note}", width, subsequent_indent="  "))
    else:
        print(tables.render(table, args.format).rstrip("\n"))
    return 0


def _load_for_analysis(args: argparse.Namespace, command: str) -> Run:
    """The run --run names (checked to be on a target with CPU variants), else the last on --target."""
    if args.run is not None:  # a stored run's id or a run file, as `report` takes them
        run = load_run(args.run, workspace(args).store)
        _check_variant_target(run, args.run, command)
        return run
    with Store(workspace(args).store, read_only=True) as store:
        run_id = variants.latest_with(store.list_runs(), args.target)
        if run_id is None:
            raise RtbenchError(f"no stored run on {args.target}",
                               f"rtbench run --target {args.target} --cpu-variant minimal,lite,standard")
        return store.load(run_id)


def _check_variant_target(run: Run, spec: str, command: str) -> None:
    """cache and deadline compare a soft-core's CPU variants: a run on a target without any (an
    emulator's) is said to be on the wrong target, not to lack a variant."""
    target = run.manifest.get("target")
    with_variants = [t.name for t in platforms.targets() if "variants" in t.spec]
    if target not in with_variants:
        raise RtbenchError(f"{run_name(run, spec)} is a run on {target or 'an unknown target'}, which has no CPU "
                           f"variants: {command} compares the CPU variants of {', '.join(with_variants)}",
                           f"give --run a run on {with_variants[0]}, e.g. from rtbench run --target "
                           f"{with_variants[0]} --cpu-variant minimal,lite,standard")


def _budget_clock(args: argparse.Namespace, run: Run) -> float:
    """--clock, else the clock the run records, else 100 MHz; a recorded one out of range (a
    crafted run file) is refused as --clock would be."""
    if args.clock:
        return float(args.clock)
    recorded = run.manifest.get("clock_hz")
    if recorded is None:
        return 100e6
    if isinstance(recorded, bool) or not isinstance(recorded, int | float):
        raise RtbenchError(f"{run_name(run, args.run)} records clock_hz {recorded!r}, not a number",
                           "give the clock with --clock, e.g. --clock 100MHz")
    try:
        frequencies.check(float(recorded), f"the clock {run_name(run, args.run)} records")
    except RtbenchError as err:
        raise RtbenchError(err.args[0], "give the clock with --clock, e.g. --clock 100MHz") from None
    return float(recorded)


def baseline_variant(target_name: str, run: Run | None = None) -> str:
    """The cache-less variant: the target's, or for a configurable CPU's run (Minerva's), that
    CPU without settings (`minerva`) when the run has it."""
    target = platforms.find_target(target_name)
    ran = run.manifest.get("target_settings", {}).get(platforms.variant_option(target)) if run else None
    names = ran if isinstance(ran, list) else [ran]
    plain = [cpu for cpu in platforms.configurable_cpus(target) if cpu in names]
    return plain[0] if plain else str(target.spec.get("variants", {}).get("baseline", "minimal"))


def cmd_cache(args: argparse.Namespace) -> int:
    if args.study is not None:  # the study's tables moved to `rtbench study`, for every study
        from ..analysis import studies
        runs = "" if args.study == "latest" else f" {args.study}"
        cached = [s.id for s in studies.all_studies().values() if any(c.get("shape") == "cache_gain"
                                                                       for c in s.comparisons)]
        raise RtbenchError("cache --study is now rtbench study: a study's tables beside runs of one's own",
                           f"rtbench study {cached[0] if cached else 'ID'} --run{runs}")
    run = _load_for_analysis(args, "cache")
    baseline = baseline_variant(run.manifest.get("target", args.target), run)
    variant_names, rows = variants.cache_study(run, baseline)
    print(f"{run_name(run, args.run)}: median cycles per CPU variant and speed-up over {baseline} (no caches)")
    print(variants.cache_table(variant_names, rows, baseline))
    return 0


def cmd_deadline(args: argparse.Namespace) -> int:
    if args.html and not args.sweep:
        raise RtbenchError("--html draws the clock sweep", "add --sweep 25MHz:80MHz")
    plotly = plotly_mode(args, args.html)
    if not args.sweep and not args.chain:
        raise RtbenchError("deadline needs --chain, or --sweep for a reaction_chain run",
                           "e.g. --chain irq_task_wake, or --sweep 25MHz:80MHz")
    if args.sweep:
        return _sweep(args, plotly)
    run = _load_for_analysis(args, "deadline")
    deadline_s = variants.parse_duration(args.deadline)
    clock_hz = _budget_clock(args, run)
    rows = variants.deadline(run, args.chain, deadline_s, clock_hz)
    print(f"{run_name(run, args.run)}: {run.manifest.get('target')} / {run.manifest.get('kernel', {}).get('name', '')}")
    print(variants.deadline_table(rows, args.chain, deadline_s, clock_hz))
    return 0


def _sweep(args: argparse.Namespace, plotly: str) -> int:
    clocks = clock_sweep.parse_sweep(args.sweep)
    deadline_s = variants.parse_duration(args.deadline)
    if args.chain is not None and len(args.chain) != 1:
        raise RtbenchError("--sweep takes one chain benchmark (a reaction_chain label)",
                           "e.g. --chain 'reaction_chain[tasks=2]'")
    run = _load_for_analysis(args, "deadline --sweep")
    chain = clock_sweep.chain_label(run, args.chain[0] if args.chain else None)
    rows = clock_sweep.sweep(run, chain, deadline_s, clocks)
    print(f"{run_name(run, args.run)}: {run.manifest.get('target')} / {run.manifest.get('kernel', {}).get('name', '')}")
    print(clock_sweep.sweep_table(rows, chain, deadline_s))
    if args.html:
        from ..reports import sweep_html  # plotly only when a page is asked for
        sweep_html.write(run, rows, chain, deadline_s, args.html, plotly)
        progress(f"wrote {args.html}")
    return 0


def add_footprint(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    size = sub.add_parser("footprint", help="build each kernel x profile and show its code and RAM size")
    size.add_argument("--target", default="qemu-m3", help="where the images are built (default qemu-m3)")
    size.add_argument("--os", action="append", help="only this kernel (repeatable; default: all for the target)")
    size.add_argument("--profile", action="append", help="only this profile (repeatable; default: all)")
    size.add_argument("--opt", default="-O2", help="optimisation flags for the images (default -O2)")
    size.add_argument("--per-bench", metavar="BENCHES",
                      help="one image per benchmark file holding these benchmarks (names or globs, as run's "
                           "--bench), with that file alone: what its service costs, as a benchmark program of "
                           "its own (e.g. the Anh & Tan survey's seven: task_preempt,sem_take,sem_signal_wake,"
                           "queue_send_ptr,queue_wake,pool_alloc,irq_task_resume)")
    size.add_argument("--json", type=Path, help="also write the figures as JSON")
    size.set_defaults(func=cmd_footprint)


def add_kernels(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    profile = sub.add_parser("kernels", help="each kernel's profile: scheduler, priorities, licence, API counts "
                                             "per category, footprint with one task and with the catalogue")
    profile.add_argument("--target", default="qemu-m3", help="where the footprints are built (default qemu-m3)")
    profile.add_argument("--os", action="append", help="only this kernel (repeatable; default: every port)")
    profile.add_argument("--format", choices=tables.FORMATS, default="table",
                         help="an aligned table (default), Markdown, CSV or JSON")
    profile.add_argument("--api", action="store_true", help="list the API names counted, per category")
    profile.set_defaults(func=cmd_kernels)


def add_cache(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cache = sub.add_parser("cache", help="cache study: each benchmark's speed-up per CPU variant over the "
                                         "cache-less one, next to the reference workload's (a published "
                                         "study's tables beside runs: rtbench study ID --run)")
    cache.add_argument("--run", help="stored run id or run file (default: the last run on --target)")
    cache.add_argument("--target", default="vexriscv-sim",
                       help="whose last run to read when --run is not given (default vexriscv-sim)")
    cache.add_argument("--study", nargs="?", const="latest", help=argparse.SUPPRESS)  # moved: rtbench study
    cache.set_defaults(func=cmd_cache)


def add_deadline(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    dead = sub.add_parser("deadline", help="worst observed cycles of a chain of steps per CPU variant, the "
                                           "minimum clock meeting a deadline, and the share of the budget used")
    dead.add_argument("--chain", type=names, help="benchmark labels whose worst cases add up, e.g. irq_task_wake or "
                                                  "irq_latency,sem_signal_wake (with --sweep: one reaction_chain "
                                                  "label; default the one with the most background tasks)")
    dead.add_argument("--deadline", default="220us", help="default 220us, the emulation study's")
    dead.add_argument("--sweep", metavar="LOW:HIGH[:STEP]", help="used/available time of a reaction_chain run "
                                                                 "against the clock per CPU configuration, e.g. "
                                                                 "25MHz:80MHz (steps of 5 MHz)")
    dead.add_argument("--html", type=Path, help="with --sweep: also draw it on an HTML page")
    plotly_argument(dead)
    dead.add_argument("--clock", type=clock, help="clock for the budget share (default: the run's --clock, "
                                                  "else 100MHz)")
    dead.add_argument("--run", help="stored run id or run file (default: the last run on --target)")
    dead.add_argument("--target", default="vexriscv-sim",
                      help="whose last run to read when --run is not given (default vexriscv-sim)")
    dead.set_defaults(func=cmd_deadline)
