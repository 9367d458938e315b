#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The soft-core's simulation speed, this tree side by side with an earlier revision of rtbench.

For each CPU variant, the whole FreeRTOS catalogue on vexriscv-sim twice at the same time, once
with this tree and once with REV (checked out into a temporary worktree), so that both see the
same load on the machine. The models and images are built first and not timed. Prints each run's
CPU time (user+sys of rtbench and everything it started), wall time, the simulator's own CPU time
and cycles (RTBENCH_SIM_STATS; this tree's model also counts the idle cycles it skipped), and
checks that every result's samples are the same in both runs: a faster simulator must not change
one. Target: the catalogue in at most 120 s of CPU on `standard`.

    python3 scripts/soc_speed.py --baseline REV [--variants standard] [--record FILE]
    python3 scripts/soc_speed.py --show [FILE]   # the recorded figures as Markdown, for the docs
    python3 scripts/soc_speed.py --cores standard,hazard3 [--record FILE] [--home DIR]
        # the CPUs side by side instead: each one's catalogue with this tree, all started
        # together; target: Hazard3's at most 1.5 times VexRiscv standard's CPU time
    python3 scripts/soc_speed.py --show-cores [FILE]

Host time: the figures depend on the machine and its load; they are recorded with both, not
checked exactly."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent)]
from _host_record import HOST, add_options, show, stamp, write  # noqa: E402 (after the path above)

from rtbench.reports.tables import soc_speed as soc_tables  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
RECORD = HOST / "soc-speed.json"
CORES_RECORD = HOST / "soc-speed-cores.json"


def sim_stats(path: Path) -> tuple[int, float, int]:
    """Simulated cycles (skipped ones included), simulator CPU seconds and cycles skipped as idle,
    summed over a run's simulator processes. Models built before idle skipping write no fourth
    column."""
    cycles, cpu, skipped = 0, 0.0, 0
    for line in path.read_text().split("\n") if path.exists() else []:
        if line.strip():
            count, user, system, *rest = line.split()
            cycles, cpu = cycles + int(count), cpu + float(user) + float(system)
            skipped += int(rest[0]) if rest else 0
    return cycles, cpu, skipped


def _samples_by_result(document: dict[str, Any], variant: str) -> dict[str, tuple[str, list[int]]]:
    """bench[params] -> (status, samples) of one CPU variant in a run's JSON."""
    found = {}
    for row in document["results"]:
        params = dict(row["params"])
        if params.pop("cpu_variant", variant) != variant:
            continue
        found[row["bench"] + json.dumps(params, sort_keys=True)] = (row["status"], row.get("samples", []))
    return found


def differences(before: dict[str, Any], after: dict[str, Any], variant: str) -> tuple[list[str], int, int]:
    """What differs between the results that ran in both runs, how many were compared and how
    many samples they hold. A result one run could not run (status error) compares with nothing."""
    old, new = _samples_by_result(before, variant), _samples_by_result(after, variant)
    ran = [key for key in sorted(set(old) & set(new)) if "error" not in (old[key][0], new[key][0])]
    diff = [f"{key}: {old[key][0]} -> {new[key][0]}" + ("" if old[key][1] == new[key][1] else ", samples differ")
            for key in ran if old[key] != new[key]]
    return diff, len(ran), sum(len(old[key][1]) for key in ran)


def _rtbench(home: Path, variant: str) -> list[str]:
    return [sys.executable, "-m", "rtbench", "--home", str(home), "run", "--target", "vexriscv-sim",
            "--cpu-variant", variant, "--timeout", "7200", "--silence", "900"]  # a loaded machine is slow


def _env(tree: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(tree), **extra}


def _prepare(tree: Path, home: Path, variant: str) -> None:
    """Build the model and the image (not timed)."""
    proc = subprocess.run([*_rtbench(home, variant), "--bench", "boot_time"], cwd=tree, env=_env(tree),
                          capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"preparing {variant} in {tree} failed:\n{proc.stderr[-2000:]}")


def _side_by_side(trees: dict[str, Path], homes: dict[str, Path], variant: str, keep: Path) -> dict[str, Any]:
    """Both catalogue runs started together; each one's CPU time from its own rusage."""
    started, procs = time.perf_counter(), {}
    for name, tree in trees.items():
        stats = keep / f"{name}-{variant}.stats"
        stats.unlink(missing_ok=True)
        command = [*_rtbench(homes[name], variant), "--json", str(keep / f"{name}-{variant}.json")]
        procs[name] = subprocess.Popen(command, cwd=tree, env=_env(tree, RTBENCH_SIM_STATS=str(stats)),
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    figures: dict[str, Any] = {}
    waiting = {proc.pid: name for name, proc in procs.items()}
    while waiting:
        pid, status, usage = os.wait4(-1, 0)
        if pid not in waiting:
            continue
        name = waiting.pop(pid)
        procs[name].returncode = os.waitstatus_to_exitcode(status)
        if procs[name].returncode not in (0, 1):  # 1: a benchmark's check failed, a result like others
            sys.exit(f"the {name} run of {variant} failed ({procs[name].returncode})")
        cycles, sim_cpu, skipped = sim_stats(keep / f"{name}-{variant}.stats")
        figures[name] = {"cpu_s": round(usage.ru_utime + usage.ru_stime, 1),
                         "wall_s": round(time.perf_counter() - started, 1),
                         "simulator_cpu_s": round(sim_cpu, 1), "simulated_cycles": cycles,
                         "skipped_cycles": skipped}
    before, after = (json.loads((keep / f"{name}-{variant}.json").read_text()) for name in ("baseline", "current"))
    diff, compared, samples = differences(before, after, variant)
    figures["compared"] = {"results": compared, "samples": samples, "different": diff}
    return figures


def measure(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="rtb-soc-speed-") as scratch_text:
        scratch = Path(scratch_text)
        baseline = scratch / "baseline-tree"
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", str(baseline), args.baseline],
                       check=True, capture_output=True)
        try:
            trees = {"baseline": baseline, "current": REPO}
            homes = {name: scratch / f"{name}-home" for name in trees}
            load_before = os.getloadavg()[0]
            record: dict[str, Any] = {
                "baseline": subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", args.baseline],
                                           capture_output=True, text=True, check=True).stdout.strip(),
                "variants": {}}
            for variant in args.variants.split(","):
                for name, tree in trees.items():
                    _prepare(tree, homes[name], variant)
                figures = _side_by_side(trees, homes, variant, scratch)
                record["variants"][variant] = figures
                _print(variant, figures)
            record = {**stamp(load_before), **record}
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(baseline)],
                           capture_output=True)
    if args.record:
        write(args.record, record)
    if any(figures["compared"]["different"] or not figures["compared"]["results"]
           for figures in record["variants"].values()):
        sys.exit("the samples changed")


def _print(variant: str, figures: dict[str, Any]) -> None:
    for name in ("baseline", "current"):
        f = figures[name]
        print(f"{variant:<9}{name:<9} CPU {f['cpu_s']:7.1f} s   wall {f['wall_s']:7.1f} s   simulator CPU "
              f"{f['simulator_cpu_s']:7.1f} s   {f['simulated_cycles'] / 1e6:7.1f} M cycles, "
              f"{f['skipped_cycles'] / 1e6:.1f} M of them skipped as idle")
    compared = figures["compared"]
    verdict = "identical" if not compared["different"] else f"{len(compared['different'])} DIFFERENT"
    print(f"{'':<9}{compared['results']} results ({compared['samples']} samples) compared: {verdict}")


def _together(variants: list[str], home: Path, keep: Path) -> dict[str, Any]:
    """Each variant's catalogue with this tree, all started together; each one's CPU time."""
    started, procs = time.perf_counter(), {}
    for variant in variants:
        stats = keep / f"{variant}.stats"
        stats.unlink(missing_ok=True)
        command = [*_rtbench(home, variant), "--json", str(keep / f"{variant}.json")]
        procs[variant] = subprocess.Popen(command, cwd=REPO, env=_env(REPO, RTBENCH_SIM_STATS=str(stats)),
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    figures: dict[str, Any] = {}
    waiting = {proc.pid: variant for variant, proc in procs.items()}
    while waiting:
        pid, status, usage = os.wait4(-1, 0)
        if pid not in waiting:
            continue
        variant = waiting.pop(pid)
        if os.waitstatus_to_exitcode(status) not in (0, 1):
            sys.exit(f"the {variant} run failed ({os.waitstatus_to_exitcode(status)})")
        cycles, sim_cpu, skipped = sim_stats(keep / f"{variant}.stats")
        results = json.loads((keep / f"{variant}.json").read_text())["results"]
        figures[variant] = {"cpu_s": round(usage.ru_utime + usage.ru_stime, 1),
                            "wall_s": round(time.perf_counter() - started, 1), "simulator_cpu_s": round(sim_cpu, 1),
                            "simulated_cycles": cycles, "skipped_cycles": skipped,
                            "results": len(results), "failed": sum(r["status"] not in ("ok", "unsupported")
                                                                   for r in results)}
    return figures


def measure_cores(args: argparse.Namespace) -> None:
    variants = args.cores.split(",")
    with tempfile.TemporaryDirectory(prefix="rtb-soc-cores-") as scratch_text:
        scratch = Path(scratch_text)
        home = args.home or scratch / "home"
        for variant in variants:
            _prepare(REPO, home, variant)
        load_before = os.getloadavg()[0]
        figures = _together(variants, home, scratch)
        record = {**stamp(load_before), "variants": figures}
    for variant, f in figures.items():
        print(f"{variant:<24} CPU {f['cpu_s']:7.1f} s   simulator CPU {f['simulator_cpu_s']:7.1f} s   "
              f"{f['simulated_cycles'] / 1e6:7.1f} M cycles ({f['skipped_cycles'] / 1e6:.1f} M skipped), "
              f"{f['results']} results, {f['failed']} failed")
    if args.record:
        write(args.record, record)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", metavar="REV", help="the earlier revision of rtbench to run beside this tree")
    parser.add_argument("--variants", default="standard")
    add_options(parser, RECORD)
    parser.add_argument("--cores", metavar="VARIANTS", help="CPU variants to run side by side with this tree")
    parser.add_argument("--home", type=Path, help="--cores: the workspace (its models reused; default: a new one)")
    parser.add_argument("--show-cores", type=Path, nargs="?", const=CORES_RECORD, metavar="FILE",
                        help=f"print the recorded CPUs side by side (default {CORES_RECORD.relative_to(REPO)})")
    args = parser.parse_args()
    if args.show:
        show(args.show, soc_tables.soc_speed)
    elif args.show_cores:
        show(args.show_cores, soc_tables.soc_speed_cores)
    elif args.cores:
        measure_cores(args)
    elif args.baseline:
        measure(args)
    else:
        parser.error("give --baseline REV (measure) or --show (print the recorded figures)")


if __name__ == "__main__":
    main()
