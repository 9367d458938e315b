# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""How many of the stored reference runs' results have a split median (rtbench/results/split.py),
per target, as a Markdown table (the view `split_medians`; docs/concepts/statistics.md renders it
from docs/reference/):

    split_medians            # the table
    split_medians --list     # and every split result: run, result, median

Per target: the ok results, those with 20 samples or more (fewer are never split: one sample
is already more than 5 % of them), the split ones, and those whose median a 5 % shift moves by
at least 1 % and more than one count without a jump (a broad distribution: not split)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ...results.split import SMALLEST_JUMP, median_range, median_split
from ...results.stats import median
from ...results.tables import as_markdown
from .. import reference_runs
from .arguments import parser


@dataclass
class Count:
    """One target's results: ok, with 20 samples or more, split (each as a line), sliding."""

    ok: int = 0
    sampled: int = 0
    split: list[str] = field(default_factory=list)
    sliding: int = 0


def _slides(samples: list[int]) -> bool:
    """The median moves materially under a 5 % shift (as a split's jump must), without a jump."""
    reach = median_range(samples)
    if reach is None:
        return False
    moved = reach[1] - reach[0]
    return moved > 1 and moved >= SMALLEST_JUMP * abs(median(samples))


def count(directory: Path | None = None) -> dict[str, Count]:
    """Per target, in name order: the stored reference runs' results, counted."""
    counts: dict[str, Count] = {}
    for name in reference_runs.names(directory):
        doc = reference_runs.load(name, directory)
        found = counts.setdefault(str(doc["manifest"].get("target")), Count())
        for row in doc["results"]:
            if row["status"] != "ok" or not row.get("samples"):
                continue
            found.ok += 1
            found.sampled += len(row["samples"]) >= 20
            split = median_split(row["samples"])
            if split is not None:
                found.split.append(f"`{name}` `{reference_runs.label(row)}`: {as_markdown.escape(split.text())}")
            elif _slides(row["samples"]):
                found.sliding += 1
    return dict(sorted(counts.items()))


def table(counts: dict[str, Count]) -> list[str]:
    lines = ["| target | ok results | with 20 samples or more | split medians | moved by a 5 % shift, not split |",
             "| --- | ---: | ---: | ---: | ---: |"]
    for target, found in counts.items():
        lines.append(f"| `{target}` | {found.ok} | {found.sampled} | {len(found.split)} | {found.sliding} |")
    total = Count(sum(c.ok for c in counts.values()), sum(c.sampled for c in counts.values()),
                  [s for c in counts.values() for s in c.split], sum(c.sliding for c in counts.values()))
    lines.append(f"| **all** | {total.ok} | {total.sampled} | {len(total.split)} | {total.sliding} |")
    return lines


def render(argv: list[str]) -> str:
    args_parser = parser("split_medians", "How many stored reference results have a split median, per target.")
    args_parser.add_argument("--list", action="store_true", help="also list every split result")
    args = args_parser.parse_args(argv)
    counts = count()
    lines = table(counts)
    lines += ["", f"Counted over the {len(reference_runs.names())} stored reference runs in docs/reference/."]
    if args.list:
        lines += [""] + [f"- {line}" for found in counts.values() for line in found.split]
    return "\n".join(lines)
