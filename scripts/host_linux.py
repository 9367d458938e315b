#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The Linux row (`--target linux`) as the docs show it: one run on this host, stored with where
and when it was taken, and printed as Markdown with that caption.

    python3 scripts/host_linux.py --measure [--bench GLOBS] [--iterations N]   # run, then store
    python3 scripts/host_linux.py [--rows LABEL ...] [--run FILE]              # print the stored run

The Linux host is not deterministic: its figures are real time on a machine shared with other
work, and a second run differs. So this run is not a reference cell (campaigns/reference.toml):
`scripts/reference_runs.py --check` never compares it, and the caption says on which CPU, which
kernel and when it was measured, and that it is not checked exactly. It is stored as
docs/reference/host/linux.json.gz, without this machine's paths, like the reference runs."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import _checkout  # noqa: F401  (rtbench from this checkout)

from rtbench.errors import RtbenchError
from rtbench.model import result_label
from rtbench.reports import reference_runs
from rtbench.results.split import row_split
from rtbench.results.tables import as_markdown

ROOT = Path(__file__).resolve().parent.parent
HOST_DIR = ROOT / "docs" / "reference" / "host"
NAME = "linux"
STATISTICS = (("n", "n"), ("min", "min"), ("median", "p50"), ("p99", "p99"), ("max", "max"))


def measure(bench: str | None, iterations: int | None) -> Path:
    """Runs the catalogue on this host in a scratch workspace and stores the run."""
    with tempfile.TemporaryDirectory(prefix="rtbench-host-") as scratch:
        workspace = Path(scratch) / "home"
        out = Path(scratch) / "run.json"
        command = [sys.executable, "-m", "rtbench", "--home", str(workspace), "run", "--target", "linux",
                   "--json", str(out)]
        command += ["--bench", bench] if bench else []
        command += ["--iterations", str(iterations)] if iterations else []
        load_before = os.getloadavg()[0]
        done = subprocess.run(command, cwd=ROOT, check=False)
        load_after = os.getloadavg()[0]
        if not out.is_file():
            raise RtbenchError(f"the Linux run wrote no results (exit status {done.returncode})")
        doc = json.loads(out.read_text(encoding="utf-8"))
        # What else the machine ran meanwhile: the one-minute load average before and after.
        doc["manifest"].setdefault("host", {})["load_average"] = [round(load_before, 2), round(load_after, 2)]
        return reference_runs.write(NAME, reference_runs.portable(doc, workspace), HOST_DIR)


def where_and_when(manifest: dict[str, Any]) -> str:
    """One sentence: the machine, the kernel and the date of the run, and what that means."""
    settings = manifest.get("target_settings", {})
    kernel = manifest.get("kernel", {})
    config = kernel.get("config", {})
    machine = (f"{settings.get('cpu_model', 'an unrecorded CPU')} ({settings.get('cpus_online', '?')} CPUs online, "
               f"the benchmark pinned to CPU {settings.get('cpu_pinned', '?')}, isolated CPUs: "
               f"{settings.get('isolated_cpus', '?')}, clocksource {settings.get('clocksource', '?')})")
    system = (f"Linux {kernel.get('version', '?')}, {config.get('preemption', 'preemption model not recorded')}, "
              f"{config.get('libc', 'C library not recorded')}, SCHED_FIFO {config.get('sched_fifo', '?')}, "
              f"mlockall {settings.get('mlockall', '?')}, background load {manifest.get('run', {}).get('load', '?')}")
    load = manifest.get("host", {}).get("load_average")
    if load:
        machine += f", load average {load[0]:.1f} before the run and {load[1]:.1f} after"
    date = str(manifest.get("created", "an unrecorded date"))[:10]
    commit = manifest.get("rtbench", {}).get("commit", "?")
    warnings = manifest.get("warnings") or []
    warned = f" The run warned: {'; '.join(str(w) for w in warnings)}." if warnings else ""
    return (f"Measured on {machine}, {system}, on {date} with rtbench {commit}. Host time on a shared "
            f"machine: not checked exactly, and another run, or another machine, gives other figures "
            f"(measure yours with `python3 scripts/host_linux.py --measure`).{warned}")


def markdown(doc: dict[str, Any], rows: list[str]) -> str:
    found = {result_label(str(r["bench"]), r.get("params", {})): r for r in doc["results"]}
    labels = rows or list(found)
    lines = ["| result | unit | " + " | ".join(name for name, _ in STATISTICS) + " | status |",
             "| --- | --- | " + " | ".join("---:" for _ in STATISTICS) + " | --- |"]
    for label in labels:
        row = found.get(label)
        if row is None:
            lines.append(f"| `{label}` | — | " + " | ".join("—" for _ in STATISTICS) + " | absent |")
            continue
        ok = row.get("status") == "ok"
        split = row_split(row)  # a split median shows both values, never one a few samples flip
        cells = [(as_markdown.escape(split.text()) if split and key == "p50" else str(row[key])) if ok else ""
                 for _, key in STATISTICS]
        lines.append(f"| `{label}` | {row['unit']} | " + " | ".join(cells) + f" | {row['status']} |")
    return "\n".join(lines) + "\n\n" + where_and_when(doc["manifest"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--measure", action="store_true", help="run the catalogue on this host and store it")
    parser.add_argument("--bench", help="benchmarks to measure (names or globs, comma-separated)")
    parser.add_argument("--iterations", type=int, help="samples per benchmark when measuring")
    parser.add_argument("--rows", nargs="+", default=[], metavar="LABEL", help="result labels to print, in order")
    parser.add_argument("--run", type=Path, help="print this run file instead of the stored one")
    args = parser.parse_args(argv)
    try:
        if args.measure:
            print(f"host_linux: stored {measure(args.bench, args.iterations)}", file=sys.stderr)
            return 0
        doc = json.loads(args.run.read_text(encoding="utf-8")) if args.run else reference_runs.load(NAME, HOST_DIR)
        print(markdown(doc, args.rows))
    except RtbenchError as err:
        print(f"host_linux: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
