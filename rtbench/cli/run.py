# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench run`: build and run the catalogue, store and print the results."""
from __future__ import annotations

import argparse
import os
import signal
import sqlite3
import sys
import tempfile
from pathlib import Path

from ..acquire import host_system, interrupts
from ..acquire.durations import microseconds
from ..acquire.load import KINDS as LOAD_KINDS
from ..acquire.provenance import summary
from ..acquire.session import RunRequest, execute, prepare
from ..campaign import shard_runs
from ..errors import RtbenchError
from ..model import Run
from ..paths import Workspace
from ..results.store import Store, StoreError
from .arguments import build_arguments, clock, histogram_arguments, label, names, workspace
from .output import check_output_file, print_run, progress, rescue_json, write_json


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
    home = workspace(args)
    options = _periodic_options(args)
    options.update(dict(args.option or []))
    request = RunRequest(target=args.target, os=args.os, profile=args.profile, bench=args.bench,
                         iterations=args.iterations, warmup=args.warmup, options=options,
                         kernel_src=args.kernel_src, opt_flags=args.opt, timeout=args.timeout, silence=args.silence,
                         load=args.load, variants=args.cpu_variant or [], clock_hz=args.clock, count=args.count,
                         board=args.board, serial=args.serial, gdb=args.gdb, cold=args.cold,
                         cycles_model=args.cycles_model)
    # Everything that could refuse the results is checked before anything is built or run.
    prepare(request, probe=args.shards == 1)  # a sharded board run is refused before its probe is asked
    shards = shard_runs.plan(request, args.shards) if args.shards != 1 else []
    _check_workspace(home)
    if args.json:
        check_output_file(args.json, "--json")
    with Store(home.store) as store:
        run = shard_runs.run_sharded(request, shards, home, progress) if len(shards) > 1 else \
            execute(request, home, progress)
        if args.label:
            run.manifest["label"] = args.label
        if run.manifest.get("target") == "linux":  # this host's own settings bias its numbers
            run.manifest.setdefault("warnings", []).extend(
                f"host: {s.name} is {s.value}: {s.advice}" for s in host_system.inspect() if not s.ok)
        for warning in run.manifest.get("warnings", []):
            progress(f"warning: {warning}")
        _verbose_details(run)
        interrupted = run.manifest.get("interrupted")
        if interrupted and all(r.status == "error" for r in run.results):
            progress(f"interrupted ({interrupted}) before any benchmark finished: nothing to store")
            return _signal_exit(str(interrupted))
        # Shown and written first, stored last: nothing that fails takes the results with it.
        with interrupts.deferred():
            try:
                print_run(run, args.histogram, args.bin_width, args.hist_limit)
            except BrokenPipeError:  # the reader went away (`rtbench run | head`): still keep the run
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            written = True
            if args.json:
                try:
                    write_json(run, args.json, args.bin_width, args.hist_limit)
                except RtbenchError as err:
                    progress(f"error: {err}")
                    written = False
            saved = _save(store, run, home)
    bad = [r for r in run.results if r.status in ("fail", "error")]
    if bad:
        progress(f"{len(bad)} result(s) failed or were lost: " + ", ".join(r.label() for r in bad))
    if interrupted:
        progress(f"interrupted ({interrupted}): the benchmarks that finished were kept")
        return _signal_exit(str(interrupted))
    if not (saved and written):
        return 2
    return 1 if bad else 0


def _verbose_details(run: Run) -> None:
    """With -v: what produced the run, and where its files are."""
    progress(f"provenance: {summary(run.manifest)}", level=1)
    image = run.manifest.get("image", {})
    if isinstance(image, dict) and image.get("elf"):
        progress(f"image: {image['elf']}", level=1)


def _signal_exit(name: str) -> int:
    return 128 + int(getattr(signal, name, signal.SIGINT))


def _save(store: Store, run: Run, home: Workspace) -> bool:
    """Stores the run; when the store cannot take it (a full disk, say), the run is written to
    a JSON file instead and the message says where. True when stored."""
    try:
        store.save(run)
        progress(f"stored as run {run.run_id} in {store.path}")
        return True
    except (StoreError, sqlite3.Error, OSError) as err:
        problem = str(err)
    rescue = rescue_json(run, home)
    progress(f"error: the run could not be stored: {problem}")
    if rescue is not None:
        progress(f"the results were kept in {rescue}: `rtbench report {rescue}` reads them")
    else:
        progress("and no rescue file could be written either: the table above is all that is left")
    return False


def _check_workspace(home: Workspace) -> None:
    """A workspace the run can write: checked by permissions, then by creating it and a file in
    it (a directory may refuse new entries whatever its permissions say, like /proc)."""
    home.check_writable()
    try:
        home.root.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=home.root, prefix=".rtbench-write-probe-"):
            pass
    except OSError as err:
        raise RtbenchError(f"the workspace {home.root} is not writable: {err.strerror or err}",
                           "give a writable --home (or $RTBENCH_HOME)") from None


SHARDS_HELP = ("split the run into N runs of consecutive benchmarks (balanced by estimated cost, the same split "
               "on every machine), run side by side in processes of their own and stored as one run whose "
               "manifest lists the shards; not with --target linux or board. Samples can differ from an "
               "unsharded run only where an interrupt falls into them (or they are timed against the tick), "
               "for benchmarks whose start differs in their shard: their records' sequence numbers (the digits "
               "on Cortex-M, the value on RV32I), the benchmark list among the options they read, or the "
               "benchmark run before them in their image; with uC/OS-II and ThreadX, whose idle loops mask "
               "interrupts, any such sample (docs/guides/speed.md, Shards)")


def add_run(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    run = sub.add_parser("run", help="build and run the catalogue, store and print the results")
    build_arguments(run)
    run.add_argument("--cold", action="store_true",
                     help="also keep each benchmark's first sample, taken cold before the warm-up, apart from its "
                          "statistics (an image of its own: the extra work moves the tick under later samples)")
    run.add_argument("--shards", type=int, default=1, metavar="N", help=SHARDS_HELP)
    run.add_argument("--label", type=label, help="a name for this run (e.g. 'O1 build'), shown by runs, report and "
                                                 "compare: one line of at most 200 characters")
    run.add_argument("--json", type=Path, help="also write the run as JSON")
    run.add_argument("--cpu-variant", type=names, metavar="NAMES",
                     help="hardware variants to run on, comma-separated (vexriscv-sim: minimal,lite,standard,full, or "
                          "Minerva with cache settings after colons, e.g. minerva,minerva:icache=2K:dcache=1K, or "
                          "cv32e40p or hazard3 with an isa and a memory path, e.g. cv32e40p:isa=rv32imc, "
                          "hazard3:bus=wishbone); "
                          "with several, every result carries the variant as a parameter")
    run.add_argument("--clock", type=clock, metavar="FREQ",
                     help="nominal clock (e.g. 100MHz) to convert cycle counts to time in the report")
    run.add_argument("--count", metavar="WHAT", help="what timestamps count when the target offers a choice "
                                                     "(vexriscv-sim: cycles, or instructions on the full variant)")
    run.add_argument("--kernel-src", type=Path, help="build the kernel from this source tree")
    run.add_argument("--cycles-model", nargs="?", const="", metavar="CORE[,ws=N]",
                     help="also count cycles with rtbench's Cortex-M timing model (qemu-m0, qemu-m3, qemu-m4f): every "
                          "result gets its samples in model cycles too, a unit of its own; CORE defaults to the "
                          "target's (cortex-m0, cortex-m0plus, cortex-m3, cortex-m4), ws=N adds N flash wait states")
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
    board = run.add_argument_group("real boards (--target board)")
    board.add_argument("--board", help="a board file, or the name of a shipped one (firmware/boards/)")
    board.add_argument("--serial", help="the serial port the board's UART is on, e.g. /dev/ttyACM0")
    board.add_argument("--gdb", help="the probe's GDB server, host:port (e.g. localhost:3333 for OpenOCD)")
    histogram_arguments(run)
    run.set_defaults(func=cmd_run)
