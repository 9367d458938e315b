# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Cycles beside retired instructions on vexriscv-sim's `full` variant, as a Markdown table (the
view `instructions_table`; scripts/instructions_table.py prints it): per benchmark of the
instructions run, the median cycles of the cycles run, the median retired instructions and
cycles per instruction (their ratio). The two are separate runs (rtbench run --json):
`--count instructions` builds another image, so the samples are not the same ones.

    instructions_table cycles.json instructions.json [--cpu-variant full]

A cycles run of several CPU variants is read on one (--cpu-variant, default full)."""
from __future__ import annotations

from typing import Any

from ...model import result_label
from ...results.split import ratio_text, row_split
from ...results.tables import as_markdown
from .arguments import two_runs


def by_label(run: dict[str, Any], variant: str) -> dict[str, dict[str, Any]]:
    """The run's results on `variant` (or without a variant), by their label without it."""
    found = {}
    for row in run["results"]:
        params = dict(row.get("params", {}))
        if str(params.pop("cpu_variant", variant)) == variant:
            found[result_label(str(row["bench"]), params)] = row
    return found


def _median(row: dict[str, Any] | None) -> str:
    """The median (both values and the upper group's share when it is split), or the status."""
    if row is None:
        return "—"
    if row["status"] != "ok":
        return str(row["status"])
    split = row_split(row)
    return as_markdown.escape(split.text(lambda v: f"{v:.0f}")) if split else f"{row['p50']:.0f}"


def _ratio(cycles: dict[str, Any], instructions: dict[str, Any]) -> str:
    """Cycles per instruction; its range where either median is split."""
    split = ratio_text(row_split(instructions) or instructions["p50"], row_split(cycles) or cycles["p50"],
                       lambda v: f"{v:.2f}")
    return split or f"{cycles['p50'] / instructions['p50']:.2f}"


def table(cycles: dict[str, Any], instructions: dict[str, Any], variant: str = "full") -> str:
    timed, counted = by_label(cycles, variant), by_label(instructions, variant)
    lines = [f"Medians on `{variant}`; cycles per instruction = median cycles / median instructions.", "",
             "| benchmark | cycles | instructions | cycles per instruction |", "| --- | --- | --- | --- |"]
    for label, row in counted.items():
        other = timed.get(label)
        both = other is not None and row["status"] == "ok" and other["status"] == "ok" and row["p50"]
        ratio = _ratio(other, row) if both and other is not None else "—"
        lines.append(f"| `{label}` | {_median(other)} | {_median(row)} | {ratio} |")
    return "\n".join(lines)


def render(argv: list[str]) -> str:
    cycles, instructions, variant = two_runs(
        "instructions_table", "Cycles beside retired instructions, as a Markdown table.", argv,
        ("cycles", "the run that counted cycles (JSON)"), ("instructions", "the run that counted instructions (JSON)"),
        ("full", "the variant to read (default: full)"))
    return table(cycles, instructions, str(variant))
