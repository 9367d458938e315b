#!/usr/bin/env python3
"""Side-by-side medians of several kernels' runs, as a Markdown table (for the README).

    rtbench run --os freertos --json freertos.json
    UCOS2_PATH=... rtbench run --os ucos2 --json ucos2.json
    THREADX_PATH=... rtbench run --os threadx --json threadx.json
    python3 scripts/kernel_table.py freertos.json ucos2.json threadx.json

One column per run (kernel, version, profile), one row per benchmark and parameter set. A
cell is the median, or the status when the result is not ok. The runs' fairness settings
(tick rate, asserts, trace, time slicing, optimisation) are printed under the table, so a
difference in them shows."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

FAIRNESS = ("tick_hz", "asserts", "trace_facility", "time_slicing")


def _label(row: dict[str, Any]) -> str:
    params = ",".join(f"{k}={v}" for k, v in sorted(row["params"].items()))
    return f"{row['bench']}[{params}]" if params else row["bench"]


def _cell(row: dict[str, Any] | None) -> str:
    if row is None:
        return "—"
    if row["status"] != "ok":
        return row["status"]
    median = row["p50"]
    return f"{median:g}" if isinstance(median, float) else str(median)


def _column(run: dict[str, Any]) -> str:
    kernel = run["manifest"]["kernel"]
    return f"{kernel['name']} {kernel['version']} ({run['manifest']['profile']})"


def table(runs: list[dict[str, Any]]) -> str:
    """The Markdown table of medians, benchmarks in the first run's order."""
    by_run = [{_label(row): row for row in run["results"]} for run in runs]
    labels: list[str] = []
    for rows in by_run:
        labels += [label for label in rows if label not in labels]
    units = {label: rows[label]["unit"] for rows in reversed(by_run) for label in rows}
    lines = ["| benchmark | unit | " + " | ".join(_column(run) for run in runs) + " |",
             "| --- | --- |" + " --- |" * len(runs)]
    for label in labels:
        lines.append(f"| {label} | {units[label]} | " + " | ".join(_cell(rows.get(label)) for rows in by_run) + " |")
    lines.append("")
    for run, rows in zip(runs, by_run):
        config = run["manifest"]["kernel"].get("config", {})
        settings = ", ".join(f"{key}={config.get(key, '?')}" for key in FAIRNESS)
        # The benchmarks name the kernel's mutex protocol and allocator in their notes.
        named = [f"{what}: {note}" for bench, what in (("mutex_pi", "mutex"), ("pool_alloc", "pool"))
                 for note in rows.get(bench, {}).get("notes", [])]
        lines.append(f"- {_column(run)}: {settings}, {run['manifest']['compiler']['opt_flags']}"
                     + "".join(f"; {note}" for note in named))
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", type=Path, help="JSON files written by `rtbench run --json`")
    args = parser.parse_args(argv)
    runs = []
    for path in args.runs:
        try:
            runs.append(json.loads(path.read_text()))
        except (OSError, json.JSONDecodeError) as err:
            print(f"kernel_table: cannot read {path}: {err}", file=sys.stderr)
            return 2
        if not isinstance(runs[-1], dict) or "manifest" not in runs[-1] or "results" not in runs[-1]:
            print(f"kernel_table: {path} is not a run written by `rtbench run --json`", file=sys.stderr)
            return 2
    sys.stdout.write(table(runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
