# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Side-by-side medians of several kernels' runs, as a Markdown table (the view `kernel_table`;
scripts/kernel_table.py prints it):

    kernel_table freertos.json ucos2.json threadx.json [freertos-vex.json ...]

One column per run (kernel, version, profile), one row per benchmark and parameter set. A run
measured on several hardware variants (vexriscv-sim's `cpu_variant`) gives one column per
variant; when the runs span targets or variants, each column also names its target and variant,
and the columns are grouped by them (every kernel on one platform side by side). A cell is the
median (a split median's two values and the upper group's share), or the status when the
result is not ok; the unit column lists each row's units in column order. The runs' fairness
settings (tick rate, asserts, trace, time slicing, optimisation) are printed under the table, so
a difference in them shows."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import RtbenchError
from ...results.split import row_split
from ...results.tables import as_markdown
from .arguments import parser

FAIRNESS = ("tick_hz", "asserts", "trace_facility", "time_slicing")
VARIANT = "cpu_variant"  # the run option that selects a hardware variant (recorded as a parameter)


def _label(row: dict[str, Any]) -> str:
    params = ",".join(f"{k}={v}" for k, v in sorted(row["params"].items()) if k != VARIANT)
    return f"{row['bench']}[{params}]" if params else row["bench"]


def _cell(row: dict[str, Any] | None) -> str:
    if row is None:
        return "—"
    if row["status"] != "ok":
        return row["status"]
    split = row_split(row)  # a split median shows both values, never one a few samples flip
    if split:
        return as_markdown.escape(split.text(lambda v: f"{v:g}" if isinstance(v, float) else str(v)))
    median = row["p50"]
    return f"{median:g}" if isinstance(median, float) else str(median)


def _kernel(run: dict[str, Any]) -> str:
    kernel = run["manifest"]["kernel"]
    return f"{kernel['name']} {kernel['version']} ({run['manifest']['profile']})"


def _variants(run: dict[str, Any], row: dict[str, Any]) -> list[str]:
    """The hardware variants a result belongs to: its parameter, else every variant of the run
    (a result of the image itself, such as its footprint), else none ("")."""
    if VARIANT in row["params"]:
        return [str(row["params"][VARIANT])]
    chosen = run["manifest"].get("target_settings", {}).get(VARIANT)
    if isinstance(chosen, list) and chosen:
        return [str(v) for v in chosen]
    return [chosen] if isinstance(chosen, str) else [""]


@dataclass
class Column:
    run: dict[str, Any]
    target: str
    variant: str
    rows: dict[str, dict[str, Any]]  # by label


def _columns(runs: list[dict[str, Any]]) -> list[Column]:
    """One column per (run, variant), grouped by target then variant, in the order they first appear."""
    columns: list[Column] = []
    for run in runs:
        target = run["manifest"].get("target", "")
        per_variant: dict[str, dict[str, dict[str, Any]]] = {}
        for row in run["results"]:
            for variant in _variants(run, row):
                per_variant.setdefault(variant, {})[_label(row)] = row
        columns += [Column(run, target, variant, rows) for variant, rows in per_variant.items()]
    platforms: list[tuple[str, str]] = []
    for column in columns:
        if (column.target, column.variant) not in platforms:
            platforms.append((column.target, column.variant))
    return sorted(columns, key=lambda c: platforms.index((c.target, c.variant)))


def _settings(runs: list[dict[str, Any]], several: bool) -> list[str]:
    """Each run's fairness settings, one line each, so a difference in them shows."""
    lines = []
    for run in runs:
        rows = {_label(row): row for row in run["results"]}
        config = run["manifest"]["kernel"].get("config", {})
        settings = ", ".join(f"{key}={config.get(key, '?')}" for key in FAIRNESS)
        # The benchmarks name the kernel's mutex protocol and allocator in their notes.
        named = [f"{what}: {note}" for bench, what in (("mutex_pi", "mutex"), ("pool_alloc", "pool"))
                 for note in rows.get(bench, {}).get("notes", [])]
        where = f" on {run['manifest'].get('target', '?')}" if several else ""
        lines.append(f"- {_kernel(run)}{where}: {settings}, {run['manifest']['compiler']['opt_flags']}"
                     + "".join(f"; {note}" for note in named))
    return lines


def table(runs: list[dict[str, Any]]) -> str:
    """The Markdown table of medians, benchmarks in the order they first appear."""
    columns = _columns(runs)
    labels: list[str] = []
    for column in columns:
        labels += [label for label in column.rows if label not in labels]
    several = len({(c.target, c.variant) for c in columns}) > 1

    def head(column: Column) -> str:
        where = f", {column.target}" + (f" {column.variant}" if column.variant else "")
        return _kernel(column.run) + (where if several else "")

    def units(label: str) -> str:
        found: list[str] = []
        for column in columns:
            unit = column.rows.get(label, {}).get("unit")
            if unit and unit not in found:
                found.append(unit)
        return ", ".join(found)

    lines = ["| benchmark | unit | " + " | ".join(head(c) for c in columns) + " |",
             "| --- | --- |" + " --- |" * len(columns)]
    for label in labels:
        lines.append(f"| {label} | {units(label)} | " + " | ".join(_cell(c.rows.get(label)) for c in columns) + " |")
    return "\n".join([*lines, "", *_settings(runs, several)]) + "\n"


def load(path: Path) -> dict[str, Any]:
    """A run written by `rtbench run --json`, as a document."""
    try:
        run = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as err:
        raise RtbenchError(f"cannot read {path}: {err}") from None
    if not isinstance(run, dict) or "manifest" not in run or "results" not in run:
        raise RtbenchError(f"{path} is not a run written by `rtbench run --json`")
    return run


def render(argv: list[str]) -> str:
    args_parser = parser("kernel_table", "Side-by-side medians of several kernels' runs, as a Markdown table.")
    args_parser.add_argument("runs", nargs="+", type=Path, help="JSON files written by `rtbench run --json`")
    args = args_parser.parse_args(argv)
    return table([load(path) for path in args.runs]).rstrip("\n")
