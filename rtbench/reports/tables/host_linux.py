# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The Linux row (`--target linux`) as the docs show it: the stored host run
(docs/reference/host/linux.json.gz, measured by `python3 scripts/host_linux.py --measure`) as
Markdown, captioned with where and when it was taken (the view `host_linux`).

The Linux host is not deterministic: its figures are real time on a machine shared with other
work, and a second run differs. So this run is not a reference cell (campaigns/reference.toml),
and the caption says on which CPU, which kernel and when it was measured, and that it is not
checked exactly."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ...model import result_label
from ...results.split import row_split
from ...results.tables import as_markdown
from .. import reference_runs
from .arguments import parser

NAME = "linux"
STATISTICS = (("n", "n"), ("min", "min"), ("median", "p50"), ("p99", "p99"), ("max", "max"))


def host_dir() -> Path:
    """Where the host run is stored: beside the reference runs, not one of them."""
    return reference_runs.reference_dir() / "host"


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


def render(argv: list[str]) -> str:
    args_parser = parser("host_linux", "The stored Linux host run as Markdown, with where and when.")
    args_parser.add_argument("--rows", nargs="+", default=[], metavar="LABEL", help="result labels to print, in order")
    args_parser.add_argument("--run", type=Path, help="print this run file instead of the stored one")
    args = args_parser.parse_args(argv)
    doc = json.loads(args.run.read_text(encoding="utf-8")) if args.run else reference_runs.load(NAME, host_dir())
    return markdown(doc, args.rows)
